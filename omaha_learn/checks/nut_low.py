"""Exercise 7, the nut low and counterfeiting (R8-R11): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
``Deck(seed)`` dealt one card at a time to players A, B, C (R1), then a
five-card board, where the seed is the class seed (:data:`SEED`, practice
copies and the key) or the learner's. Questions q1-q5 are about that deal; a
deal where the questions would not make sense (no low possible on the board,
nobody holding the nut low, none of A's low cards counterfeited, C without a
low or with two equally good pairs for it) is re-drawn. q6 and q7 ask about
fixed hands, the same for everyone. Every answer is what the engine says
(:func:`answers`: the nut low by :func:`omaha_learn.nut_low`, lows by
:func:`omaha_learn.best_low`, payouts by :func:`omaha_learn.showdown`); none
is stored.

>>> DEAL.current_seed = SEED
>>> check("q1", 75321)
q1: correct (2/2 points)
"""

from __future__ import annotations

import functools
from itertools import combinations

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands, hole_pairs, pair_low
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import FULL_DECK, Card, parse_cards
from omaha_learn.engine.evaluation.hands import LowHand, best_low
from omaha_learn.engine.evaluation.nuts import nut_low
from omaha_learn.engine.showdown import showdown
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "deal", "answers", "problem", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON",
           "QUARTERED", "DRAW"]

SEED = 858
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=858)``, players A, B, C."""
CONTRIBUTIONS = (60, 60, 60)
"""Chips A, B and C each put in the pot of the dealt hand."""
BUTTON = 2
"""C has the button."""

QUARTERED = (("Ad 2d Kc Qh", "Ac 2c 9s 9h", "Ks Kh Jd Td"), "3h 5s Jc 7d Kd", (60, 60, 60))
"""Question q6: (holes of A, B, C; board; contributions): A and B share the low, C takes the high."""
DRAW = ("Ad 2d 4c Qh", "3s 6c Kd")
"""Question q7: (hole; flop): a nut low draw with a backup low card."""


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) of the deal for ``seed`` (re-drawn if unfit, see :func:`problem`)."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _low_rank(c: Card) -> int | None:
    """The card's rank in a low (the ace is 1), or None above eight (R8)."""
    r = 1 if c.rank == 14 else c.rank
    return r if r <= 8 else None


def _number(low: LowHand | None) -> int:
    return 0 if low is None else low.number


def problem(d: DealtHands) -> str | None:
    """Why the deal ``d`` does not fit the questions, or None (the cheap checks first)."""
    board_ranks = {_low_rank(c) for c in d.board} - {None}
    a_low = {_low_rank(c) for c in d.holes[0]} - {None}
    if len(a_low) < 2 or not a_low & board_ranks:
        return "A does not hold two low ranks with one of them on the board (q3 asks about a counterfeit)"
    nuts = nut_low(d.board)
    if nuts is None:
        return "no low is possible on the board (q1 would have no nut low)"
    if not any(best_low(h, d.board) == nuts for h in d.holes):
        return "nobody holds the nut low (q2 would have no answer)"
    made = [low for low in (pair_low(p, d.board) for p in hole_pairs(d.holes[2])) if low is not None]
    if not made or made.count(min(made)) != 1:
        return "C has no low, or two pairs make it (q4 would have no single answer)"
    return None


@functools.cache
def _nut_low_boards(hole: str, flop: str) -> int:
    """q7: on how many turn-and-river pairs ``hole`` ends holding the nut low (ties included)."""
    h, f = parse_cards(hole), parse_cards(flop)
    rest = [c for c in FULL_DECK if c not in h and c not in f]
    count = 0
    for turn, river in combinations(rest, 2):
        board = (*f, turn, river)
        low = best_low(h, board)
        count += low is not None and low == nut_low(board)
    return count


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    holes, board = d.holes, d.board
    nuts = nut_low(board)
    low_c = best_low(holes[2], board)
    holes_q6, board_q6, chips_q6 = QUARTERED
    return {
        "q1": _number(nuts),                                                                       # R8, R9
        "q2": [PLAYERS[i] for i, h in enumerate(holes) if best_low(h, board) == nuts],            # R9, R10
        "q3": _number(best_low(holes[0], board)),                                                  # R10
        "q4": None if low_c is None else low_c.hole_cards,                                         # R10
        "q5": showdown(holes, board, CONTRIBUTIONS, button=BUTTON, game="hilo").payouts[0],        # R11
        "q6": showdown(holes_q6, board_q6, chips_q6, button=BUTTON, game="hilo").payouts[0],       # R11
        "q7": _nut_low_boards(*DRAW),                                                              # R8, R10
    }


DEAL: Deal[DealtHands] = Deal("nut_low", SEED, deal_hands, answers, problem=problem,
                              depends=("q1", "q2", "q3", "q4", "q5"))
"""The exercise's deal: three Hi-Lo hands and a board from the seed."""

EXERCISE = Exercise("nut_low", [
    Question("q1", "low", 2, ("R8", "R9"),
             N_("Try the lowest two ranks that are not on the board as the two hole cards; suits do not matter. "
             "Write the low from its highest card down as one number."),
             digest="",
             text="What is the nut low on your board: the best low any two hole cards could make? Write it as a number (8-5-4-2-A is `85421`)."),
    Question("q2", "players", 1, ("R9", "R10"),
             N_("Work out each player's best low (two hole cards, three board cards) and compare it with the nut low."),
             digest="",
             text="Which player holds the nut low? (A letter; list every player if several tie for it.)"),
    Question("q3", "low", 2, ("R10", "R8"),
             N_("A counterfeited card adds no new rank to the low (the board already shows it), so the low needs "
             "another hole card."),
             digest="",
             text="One of A's low hole cards is counterfeited: the board shows its rank. What is A's best low, as a number? (Write `0` if A has no low.)"),
    Question("q4", "cards", 1, ("R10",),
             N_("The low picks its own two hole cards: the two lowest of C's cards whose ranks are not on the board."),
             digest="",
             text="Which two of C's hole cards make C's low?"),
    Question("q5", "int", 1, ("R11",),
             N_("Half the pot to the best high, half to the best low: who has which?"),
             digest="",
             text="Your deal: A, B and C each put 60 chips in the pot and C has the button. How many chips does A get back at the showdown?"),
    Question("q6", "int", 2, ("R11",),
             N_("A and B tie for the low half, so each gets a quarter of the pot; C's high takes the other half."),
             digest="",
             text="Another deal: A holds `Ad 2d Kc Qh`, B `Ac 2c 9s 9h`, C `Ks Kh Jd Td`; the board is `3h 5s Jc 7d Kd`. Each put in 60. How many chips does A get back?"),
    Question("q7", "int", 2, ("R8", "R10"),
             N_("Deal every turn and river from the unseen cards and compare the hand's low with the nut low "
             "of each final board; a tie for the nut low counts."),
             digest="",
             text="A holds `Ad 2d 4c Qh` and the flop is `3s 6c Kd`. Over every possible turn and river, on how many boards does A end with the nut low (a tie for it counts)? Use the engine: `best_low(hole, board)` gives a hand's low; the nut low of a board is the best low over every pair of low ranks as two hole ..."),
], deal=DEAL)
"""The questions of exercise 7."""

check = EXERCISE.check
