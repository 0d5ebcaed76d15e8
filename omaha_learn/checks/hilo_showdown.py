"""Exercise 4, Hi-Lo showdowns: scoop, split, quartering, odd chips, kills (R11, R20, R24, R25).

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
three Hi-Lo hands A, B, C and a board from the class seed (:data:`SEED`) or
the learner's, each putting 40 chips in, C on the button. Questions q2, q3
and q6 are about that deal: their answers are what :func:`omaha_learn.showdown`
pays (:func:`answers`); a deal where nobody is quartered is re-drawn, so q3
always has an answer. q1, q4 and q5 ask about fixed pots. No answer is stored.

>>> DEAL.current_seed = SEED
>>> check("q2", [30, 30, 60])
q2: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import Card
from omaha_learn.engine.pots import odd_chip_order, split_evenly
from omaha_learn.engine.showdown import ShowdownResult, showdown
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "deal", "answers", "problem", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON", "KILL"]

SEED = 129
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=129)``, players A, B, C."""
CONTRIBUTIONS = (40, 40, 40)
"""Chips A, B and C each put in the pot."""
BUTTON = 2
"""C has the button."""
KILL = 100
"""House kill rule for question q6: scooping a pot of more than 100 chips means posting a kill."""

FOLDED = ((60, 40, 40), "7s 7d 2c 3h", "Ks 8d 4c Jh Qd")   # R20: B and C fold to A's river bet
TIED_POT = (17, 1)      # q4: 17 chips split by A, B, C who tie; B has the button
HILO_ODD_POT = 25       # q5: A wins the high, B the low


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) of the deal for ``seed`` (re-drawn if unfit, see :func:`problem`)."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _result(d: DealtHands, kill: int | None = None) -> ShowdownResult:
    return showdown(d.holes, d.board, CONTRIBUTIONS, button=BUTTON, game="hilo", kill=kill)


def _quartered(d: DealtHands) -> list[str]:
    pot = _result(d).pots[0]
    return [PLAYERS[s] for s, amount in pot.payouts.items() if amount * 4 == pot.amount]


def problem(d: DealtHands) -> str | None:
    """Why the deal ``d`` does not fit the questions, or None."""
    return None if _quartered(d) else "nobody is quartered (q3 would have no answer)"


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    contributions, hole, board = FOLDED
    pot, button = TIED_POT
    shares = split_evenly(pot, odd_chip_order(range(3), button, 3))
    return {
        "q1": showdown([hole, None, None], board, contributions, button=BUTTON).payouts[0],   # R20
        "q2": list(_result(d).payouts),                                                       # R11, R24
        "q3": _quartered(d),                                                                  # R11
        "q4": [shares[s] for s in range(3)],                                                 # R24
        "q5": list(split_evenly(HILO_ODD_POT, [0, 1]).values()),    # the high half (A) first: R24, R11
        "q6": _result(d, kill=KILL).kill_seat is not None,                                    # R25
    }


DEAL: Deal[DealtHands] = Deal("hilo_showdown", SEED, deal_hands, answers, problem=problem,
                              depends=("q2", "q3"))
"""The exercise's deal: three Hi-Lo hands and a board from the seed. q6 is computed from the deal
too, but on a fit deal somebody is quartered, so nobody scoops and its answer is always no."""
EXERCISE = Exercise("hilo_showdown", [
    Question("q1", "int", 1, ("R20",),
             N_("When everyone else folds the last player takes every chip in the middle, own chips included, "
             "and shows nothing."),
             digest="",
             text="Another hand: A bets on the river and B and C fold. A has put in 60 chips, B and C 40 each. How many chips does A take from the middle?"),
    Question("q2", "ints", 2, ("R11", "R24"),
             N_("Split the pot in half: best high, best qualifying low; a tied half is split again."),
             digest="",
             text="Your deal: how many chips does each player get? (`[A, B, C]`)"),
    Question("q3", "players", 2, ("R11",),
             N_("A player who gets a quarter of the pot was 'quartered': tied for one half, nothing from the other."),
             digest="",
             text="Who was *quartered* (won exactly a quarter of the pot)?"),
    Question("q4", "ints", 2, ("R24",),
             N_("17 = 6 + 6 + 5: the extra chips go one each to the tied players first clockwise from the button."),
             digest="",
             text="Another pot: 17 chips, split by A, B and C, who tie. B has the button. How many chips does each get? (`[A, B, C]`)"),
    Question("q5", "ints", 2, ("R24", "R11"),
             N_("An odd chip between the two halves of a Hi-Lo pot goes to the high half."),
             digest="",
             text="Another Hi-Lo pot of 25 chips: A wins the high, B the low. How many chips does each get? (`[A, B]`)"),
    Question("q6", "yesno", 1, ("R25", "R11"),
             N_("A kill is posted only by a player who scoops (wins the whole pot alone) a pot above the kill size."),
             digest="",
             text="The house plays a kill: a player who scoops a pot of more than 100 chips posts a kill next hand. After your deal (pot 120), does anyone have to post a kill? (`True` or `False`)"),
], deal=DEAL)
"""The questions of exercise 4."""

check = EXERCISE.check
