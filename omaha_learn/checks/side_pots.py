"""Exercise 5, side pots and showing down (R21, R22, R23, with R11 and R24): the checker.

>>> check("q1", [480, 540, 400])
q1: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card

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


EXERCISE = Exercise("side_pots", [
    Question("q1", "ints", 2, ("R21",),
             "Layer the chips: everyone matches the smallest all-in first (main pot), then the next level, ...",
             digest="6ed952c4c1d9cbe00c409507b27b2146816e31a82003e2ded99c744052b530a9",
             text="Four players put in A 500, B 500, C 120 (all-in), D 300 (all-in). What are the pots, main pot first?"),
    Question("q2", "players", 1, ("R21",),
             "Only players who put in at least the top of a layer can win that pot.",
             digest="5f920496bb0c9a80320e1d2c5acbeed9f05136d07beb6d32101f2d904519857a",
             text="In that hand, who can win the last side pot?"),
    Question("q3", "ints", 2, ("R21",),
             "A folded player's chips stay in the pots, but the folded player can win none of them.",
             digest="770982b856c1c3bc49eee3c807f44f50ec2618f6428a59e3003f964b8e1b9c47",
             text="Another hand: A put in 200 and then folded, B 500, C 150 (all-in), D 500. What are the pots, main pot first?"),
    Question("q4", "ints", 2, ("R21", "R11", "R24"),
             "Award the main pot among A, B, C and the side pot among B and C only, each split high/low on its own.",
             digest="d1db17b74bb566546b20c3c267acdf3faaed4dcce420763ec695ccc37606a45d",
             text="Seeded deal: how many chips does each player get? (`[A, B, C]`)"),
    Question("q5", "player", 1, ("R22",),
             "The last player who bet or raised on the river shows first.",
             digest="d6907badbb9a6e81fe4e93d8e3d118f40819bc3b05f099ce538048c7a73c63a8",
             text="Seeded deal: on the river B bets, C raises, A is already all-in and B calls. Who shows first?"),
    Question("q6", "player", 1, ("R22",),
             "Checked through: the first player clockwise from the button shows first.",
             digest="068ec033d099910c710fadefbc8b031ef177d3f2dcb3daa7333d034fe69f4447",
             text="If instead the river had been checked through, who shows first?"),
    Question("q7", "yesno", 1, ("R23",),
             "A hand must show all four hole cards to win any part of a pot.",
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="Seeded deal: A shows only `2c 5c` (the low cards) and mucks the other two. Does A still win chips? (`True` or `False`)"),
])
"""The questions of exercise 5."""

check = EXERCISE.check
