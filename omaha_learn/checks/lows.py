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
    Question("q1", "low", 2, ("R8", "R9"),
             "Five different ranks, none above eight, ace low, using two of A's cards and three from the board; "
             "write the ranks from the highest down as one number.",
             digest="e640d23b11effcb14d4621b6f13fb3530a586d34fa566e4ed3b1381d27fe9cfd",
             text="What is A's best low, as a number?"),
    Question("q2", "lows", 2, ("R9",),
             "Compare the highest card first, then the next: the smaller number is the better low.",
             digest="dc4d2490bfd1aebc4ffcf692aa478b0afd88832bbd4332d10d541a8adef7e51b",
             text="Put these lows in order, best first: `86432`, `76542`, `87321`, `65432`, `76432`."),
    Question("q3", "players", 2, ("R9",),
             "Find each player's best low as a number; the smallest number wins the low half.",
             digest="04f9c8b05b17060da2c8f605f9e5381ddcc04de9d1fab1e5daf004ff9ea1ee54",
             text="Who wins the low half in the seeded deal? (A letter; list every player if they tie.)"),
    Question("q4", "cards", 2, ("R10",),
             "The low picks its own two hole cards, independently of the high hand.",
             digest="1db2578675332eb724f1cbf1a7482d500e8380b2b0bf00ae0ecbed26a266dbb4",
             text="Which two of A's hole cards make A's best low? (A's best high uses different ones.)"),
    Question("q5", "low", 1, ("R8",),
             "Straights and flushes do not spoil a low: A-2-3-4-5 of one suit is still the best low.",
             digest="3aac14479cce07e12abf85a370f0d5ef4031eb01a1dcf9e36c796ed52156f3ce",
             text="Hole `Ah 2h Kc Kd`, board `3h 4h 5h Qs Js`. What is the best low, as a number?"),
    Question("q6", "low", 1, ("R12",),
             "With a 9-or-better qualifier a nine may be part of the low.",
             digest="757e33484d5b86bc20f5b60124b5adcb1cf9d9ba9e34a5fa31432dee4e294de7",
             text="House rule 9 or better: hole `Ah 2c Kd Qs`, board `3s 4d 9c Jh Th`. What is the best low, as a number?"),
    Question("q7", "cards", 2, ("R12", "R2"),
             "With no qualifier the lowest five cards win whatever they are, still two from the hand and three "
             "from the board.",
             digest="b54512c0b2acd95f8beb8c303464678bd15b416133d318b4cc514635328d058f",
             text="House rule no qualifier (Razz-style): hole `Kh Qd Jc 9s`, board `Tc 8d 7h 3s 2c`. Which five cards make the lowest hand?"),
])
"""The questions of exercise 3."""

check = EXERCISE.check
