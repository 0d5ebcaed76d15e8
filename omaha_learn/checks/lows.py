"""Exercise 3, lows as numbers (R8-R10, R12): the checker.

>>> check("q2", [65432, 76432, 76542, 86432, 87321])
q2: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card

__all__ = ["SEED", "deal", "EXERCISE", "check", "LOWS_TO_ORDER"]

SEED = 116
"""The seed of the exercise's deal: ``Deck(seed=116)``, three players A, B, C."""

LOWS_TO_ORDER = (86432, 76542, 87321, 65432, 76432)
"""The lows question q2 asks to put in order, best first."""

STRAIGHT_FLUSH_LOW = ("Ah 2h Kc Kd", "3h 4h 5h Qs Js")
NINE_LOW = ("Ah 2c Kd Qs", "3s 4d 9c Jh Th")
NO_QUALIFIER = ("Kh Qd Jc 9s", "Tc 8d 7h 3s 2c")


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


EXERCISE = Exercise("lows", [
    Question("q1", "int", 2, ("R8", "R9"),
             "Five different ranks, none above eight, ace low, using two of A's cards and three from the board; "
             "write the ranks from the highest down as one number.",
             digest="9c0260ca0be9d1e5defae46049fb1976844c6c9f22d1b03d5aadca1262c90011"),
    Question("q2", "ints", 2, ("R9",),
             "Compare the highest card first, then the next: the smaller number is the better low.",
             digest="934429f14e259d007240c5c9a4d01c37a2d9dedff45a4395a601fbd6e2ace900"),
    Question("q3", "players", 2, ("R9",),
             "Find each player's best low as a number; the smallest number wins the low half.",
             digest="04f9c8b05b17060da2c8f605f9e5381ddcc04de9d1fab1e5daf004ff9ea1ee54"),
    Question("q4", "cards", 2, ("R10",),
             "The low picks its own two hole cards, independently of the high hand.",
             digest="1db2578675332eb724f1cbf1a7482d500e8380b2b0bf00ae0ecbed26a266dbb4"),
    Question("q5", "int", 1, ("R8",),
             "Straights and flushes do not spoil a low: A-2-3-4-5 of one suit is still the best low.",
             digest="650cd16625ba05d1c345dddde1af924f17e12497e94a65eaa957ce0a48635166"),
    Question("q6", "int", 1, ("R12",),
             "With a 9-or-better qualifier a nine may be part of the low.",
             digest="99f63f0456230a224d24834ba77c001a6d4ee4dc065f9fbbcd13081db3284dbf"),
    Question("q7", "cards", 2, ("R12", "R2"),
             "With no qualifier the lowest five cards win whatever they are, still two from the hand and three "
             "from the board.",
             digest="b54512c0b2acd95f8beb8c303464678bd15b416133d318b4cc514635328d058f"),
])
"""The questions of exercise 3."""

check = EXERCISE.check
