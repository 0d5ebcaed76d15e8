"""Exercise 7, the nut low and counterfeiting (R8-R11): the checker.

Every answer is computed from the engine: the nut low of a board by trying
every pair of low ranks as two hole cards with :func:`best_low` (suits never
matter for a low), the payouts by :func:`omaha_learn.showdown`.

>>> nut_low("3c 5d 8h Kc Qs").number
85321
>>> nut_low("9c Tc Jd") is None
True
>>> check("q1", 75321)
q1: correct (2/2 points)
"""

from __future__ import annotations

from itertools import combinations

from omaha_learn.checks.core import PLAYERS, Exercise, Question, seeded_deal
from omaha_learn.engine.cards import FULL_DECK, Card, CardsLike, parse_cards
from omaha_learn.engine.evaluation.hands import LowHand, best_low
from omaha_learn.engine.showdown import showdown

__all__ = ["SEED", "deal", "nut_low", "nut_low_boards", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON",
           "QUARTERED", "DRAW"]

SEED = 858
"""The seed of the exercise's deal: ``Deck(seed=858)``, three players A, B, C."""
CONTRIBUTIONS = (60, 60, 60)
"""Chips A, B and C each put in the pot of the seeded deal."""
BUTTON = 2
"""C has the button."""

QUARTERED = (("Ad 2d Kc Qh", "Ac 2c 9s 9h", "Ks Kh Jd Td"), "3h 5s Jc 7d Kd", (60, 60, 60))
"""Question q6: (holes of A, B, C; board; contributions): A and B share the low, C takes the high."""
DRAW = ("Ad 2d 4c Qh", "3s 6c Kd")
"""Question q7: (hole; flop): a nut low draw with a backup low card."""


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


def nut_low(board: CardsLike) -> LowHand | None:
    """The best 8-or-better low any two hole cards could make on ``board`` (R8-R10); ``None`` if no low is possible.

    One unseen card of each low rank stands for every card of that rank (suits do not matter for a low);
    two unseen queens or kings fill the hole to four cards.
    """
    cards = parse_cards(board)
    unseen = [c for c in FULL_DECK if c not in cards]
    one_per_rank = {c.low_rank: c for c in unseen if c.low_rank <= 8}
    fillers = [c for c in unseen if c.rank in (12, 13)][:2]
    lows = [best_low([a, b, *fillers], cards) for a, b in combinations(one_per_rank.values(), 2)]
    made = [low for low in lows if low is not None]
    return max(made) if made else None


def nut_low_boards(hole: CardsLike, flop: CardsLike) -> int:
    """On how many of every turn-and-river pair ``hole`` ends holding the nut low (ties included)."""
    h, f = parse_cards(hole), parse_cards(flop)
    rest = [c for c in FULL_DECK if c not in h and c not in f]
    count = 0
    for turn, river in combinations(rest, 2):
        board = (*f, turn, river)
        low = best_low(h, board)
        count += low is not None and low == nut_low(board)
    return count


def _number(low: LowHand | None) -> int:
    return 0 if low is None else low.number


def _q1() -> object:
    return _number(nut_low(deal()[1]))


def _q2() -> object:
    holes, board = deal()
    nuts = nut_low(board)
    return [PLAYERS[i] for i, h in enumerate(holes) if nuts is not None and best_low(h, board) == nuts]


def _q3() -> object:
    holes, board = deal()
    return _number(best_low(holes[0], board))


def _q4() -> object:
    holes, board = deal()
    low = best_low(holes[2], board)
    assert low is not None
    return low.hole_cards


def _q5() -> object:
    holes, board = deal()
    return showdown(holes, board, CONTRIBUTIONS, button=BUTTON, game="hilo").payouts[0]


def _q6() -> object:
    holes, board, contributions = QUARTERED
    return showdown(holes, board, contributions, button=BUTTON, game="hilo").payouts[0]


EXERCISE = Exercise("nut_low", [
    Question("q1", "int", 2, ("R8", "R9"),
             "Try the lowest two ranks that are not on the board as the two hole cards; suits do not matter. "
             "Write the low from its highest card down as one number.",
             expected=_q1),
    Question("q2", "players", 1, ("R9", "R10"),
             "Work out each player's best low (two hole cards, three board cards) and compare it with the nut low.",
             expected=_q2),
    Question("q3", "int", 2, ("R10", "R8"),
             "A's deuce is counterfeited: a deuce on the board adds no new rank, so the low needs another hole card.",
             expected=_q3),
    Question("q4", "cards", 1, ("R10",),
             "The low picks its own two hole cards: the two lowest of C's cards whose ranks are not on the board.",
             expected=_q4),
    Question("q5", "int", 1, ("R11",),
             "Half the pot to the best high, half to the best low: who has which?",
             expected=_q5),
    Question("q6", "int", 2, ("R11",),
             "A and B tie for the low half, so each gets a quarter of the pot; C's high takes the other half.",
             expected=_q6),
    Question("q7", "int", 2, ("R8", "R10"),
             "Deal every turn and river from the unseen cards and compare the hand's low with the nut low "
             "of each final board; a tie for the nut low counts.",
             expected=lambda: nut_low_boards(*DRAW)),
])
"""The questions of exercise 7."""

check = EXERCISE.check
