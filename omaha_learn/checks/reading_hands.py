"""Exercise 1, reading hands and the two-card rule (R1-R5): the checker.

The notebook deals ``Deck(seed=SEED)`` one card at a time to players A, B, C
(R1), then a five-card board; the answers about that deal are what the engine
says (stored as digests; ``tests/exercise_references.py`` recomputes them), so
the whole class is graded on the same cards.

>>> check("q3", "full house")
q3: correct (1/1 points)
>>> check("q3", "flush")
q3: not yet (0/1 points). R2, R6: Use exactly two of C's hole cards and three board cards, then name the category. (rules: docs/rules.md#r2 docs/rules.md#r6)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card

__all__ = ["SEED", "deal", "EXERCISE", "check"]

SEED = 107
"""The seed of the exercise's deal: ``Deck(seed=107)``."""

FLUSH_TRAP = ("As Kh 7d 2c", "Qs 9s 5s 3s Jd")
FULL_HOUSE_TRAP = ("Qh Jh 8c 7c", "Ad Ac Qc Qd 4s")


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


EXERCISE = Exercise("reading_hands", [
    Question("q1", "cards", 1, ("R1",),
             "Cards go out one at a time: A gets the 1st, B the 2nd, C the 3rd, A the 4th, and so on.",
             digest="72bf23294c2ade72063d340814198285dc0eb09e5e224325c667ec52eb585f62"),
    Question("q2", "cards", 2, ("R2",),
             "A hand uses exactly two hole cards and exactly three board cards; try each pair of A's cards.",
             digest="c0dfd2f68e0cd1d643223b1bded947f5200e480e1174b1b227e13c609c065350"),
    Question("q3", "text", 1, ("R2", "R6"),
             "Use exactly two of C's hole cards and three board cards, then name the category.",
             digest="cc28470790d7cc23082fe6ca77da8ea9aaa6f5e51d3fbd16d57a09deea0b68e2"),
    Question("q4", "text", 2, ("R3",),
             "A flush needs two hole cards of the suit; four spades on the board do not help a single spade.",
             digest="31b06b72b79da0b052419e2f72b9a99aa6c5d46f1c3af60767ca4fd408a74cf4"),
    Question("q5", "text", 2, ("R4",),
             "Only one queen comes from the hand, so the pair on the board must be two of the three board cards.",
             digest="736ed378e0139a47f904a590556ee871a6778cdd2657fc1cc614f776789c8e9f"),
    Question("q6", "players", 1, ("R5",),
             "The cards speak: read both hands yourself (two hole cards + three board cards), ignore the claim.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176"),
])
"""The questions of exercise 1."""

check = EXERCISE.check
