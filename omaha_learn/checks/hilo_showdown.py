"""Exercise 4, Hi-Lo showdowns: scoop, split, quartering, odd chips, kills (R11, R20, R24, R25).

The deal's payouts are what :func:`omaha_learn.showdown` pays; like every
answer they are stored only as digests.

>>> check("q2", [30, 30, 60])
q2: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card

__all__ = ["SEED", "deal", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON", "KILL"]

SEED = 129
"""The seed of the exercise's deal: ``Deck(seed=129)``, three players A, B, C."""
CONTRIBUTIONS = (40, 40, 40)
"""Chips A, B and C each put in the pot."""
BUTTON = 2
"""C has the button."""
KILL = 100
"""House kill rule for question q6: scooping a pot of more than 100 chips means posting a kill."""

FOLDED = ((60, 40, 40), "7s 7d 2c 3h", "Ks 8d 4c Jh Qd")   # R20: B and C fold to A's river bet


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


EXERCISE = Exercise("hilo_showdown", [
    Question("q1", "int", 1, ("R20",),
             "When everyone else folds the last player takes every chip in the middle, own chips included, "
             "and shows nothing.",
             digest="4db0457f5c662e3011537d6f61425e275d64c5df48770548449ff6cbe60b2f17",
             text="Another hand: A bets on the river and B and C fold. A has put in 60 chips, B and C 40 each. How many chips does A take from the middle?"),
    Question("q2", "ints", 2, ("R11", "R24"),
             "Split the pot in half: best high, best qualifying low; a tied half is split again.",
             digest="6135862f350bb3df36c1632bb9f868357ad10afe9407d686bb1964a815eee9f4",
             text="Seeded deal: how many chips does each player get? (`[A, B, C]`)"),
    Question("q3", "players", 2, ("R11",),
             "A player who gets a quarter of the pot was 'quartered': tied for one half, nothing from the other.",
             digest="5f920496bb0c9a80320e1d2c5acbeed9f05136d07beb6d32101f2d904519857a",
             text="Who was *quartered* (won exactly a quarter of the pot)?"),
    Question("q4", "ints", 2, ("R24",),
             "17 = 6 + 6 + 5: the extra chips go one each to the tied players first clockwise from the button.",
             digest="5c9ad54726c937fe7248267d2bc0eff8c451f3c4a95fecc92cc680454e25d019",
             text="Another pot: 17 chips, split by A, B and C, who tie. B has the button. How many chips does each get? (`[A, B, C]`)"),
    Question("q5", "ints", 2, ("R24", "R11"),
             "An odd chip between the two halves of a Hi-Lo pot goes to the high half.",
             digest="38561a860527f73901d1a8f27d170a9123baa0e8c860c45e1ed715125c01d5e6",
             text="Another Hi-Lo pot of 25 chips: A wins the high, B the low. How many chips does each get? (`[A, B]`)"),
    Question("q6", "yesno", 1, ("R25", "R11"),
             "A kill is posted only by a player who scoops (wins the whole pot alone) a pot above the kill size.",
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="The house plays a kill: a player who scoops a pot of more than 100 chips posts a kill next hand. After the seeded deal (pot 120), does anyone have to post a kill? (`True` or `False`)"),
])
"""The questions of exercise 4."""

check = EXERCISE.check
