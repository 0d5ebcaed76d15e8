"""Exercise 5, side pots and showing down (R21, R22, R23, with R11 and R24): the checker.

>>> check("q1", [480, 540, 400])
q1: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.core import PLAYERS, Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card
from omaha_learn.engine.pots import side_pots
from omaha_learn.engine.showdown import ShowdownResult, showdown

__all__ = ["SEED", "deal", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON"]

SEED = 102
"""The seed of the exercise's deal: ``Deck(seed=102)``, three players A, B, C."""
CONTRIBUTIONS = (40, 100, 100)
"""A is all-in for 40; B and C put in 100 each."""
BUTTON = 2
"""C has the button."""

FOUR_STACKS = (500, 500, 120, 300)          # q1, q2: A, B, C (all-in), D (all-in)
WITH_FOLD = ((200, 500, 150, 500), {0})     # q3: A folds after putting in 200


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


def result(**options: object) -> ShowdownResult:
    """The Hi-Lo showdown of the seeded deal (options go to :func:`omaha_learn.showdown`)."""
    holes, board = deal()
    return showdown(holes, board, CONTRIBUTIONS, button=BUTTON, game="hilo", **options)  # type: ignore[arg-type]


def _q5() -> object:
    return PLAYERS[result(last_aggressor=2).show_order[0]]


def _q6() -> object:
    return PLAYERS[result().show_order[0]]


def _q7() -> object:
    return result(shown={0: 2}).payouts[0] > 0


EXERCISE = Exercise("side_pots", [
    Question("q1", "ints", 2, ("R21",),
             "Layer the chips: everyone matches the smallest all-in first (main pot), then the next level, ...",
             expected=lambda: [p.amount for p in side_pots(FOUR_STACKS)]),
    Question("q2", "players", 1, ("R21",),
             "Only players who put in at least the top of a layer can win that pot.",
             expected=lambda: [PLAYERS[s] for s in side_pots(FOUR_STACKS)[-1].eligible]),
    Question("q3", "ints", 2, ("R21",),
             "A folded player's chips stay in the pots, but the folded player can win none of them.",
             expected=lambda: [p.amount for p in side_pots(*WITH_FOLD)]),
    Question("q4", "ints", 2, ("R21", "R11", "R24"),
             "Award the main pot among A, B, C and the side pot among B and C only, each split high/low on its own.",
             expected=lambda: list(result().payouts)),
    Question("q5", "player", 1, ("R22",),
             "The last player who bet or raised on the river shows first.",
             expected=_q5),
    Question("q6", "player", 1, ("R22",),
             "Checked through: the first player clockwise from the button shows first.",
             expected=_q6),
    Question("q7", "yesno", 1, ("R23",),
             "A hand must show all four hole cards to win any part of a pot.",
             expected=_q7),
])
"""The questions of exercise 5."""

check = EXERCISE.check
