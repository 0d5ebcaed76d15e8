"""Exercise 1, reading hands and the two-card rule (R1-R5): the checker.

The notebook deals ``Deck(seed=SEED)`` one card at a time to players A, B, C
(R1), then a five-card board; every answer about that deal is computed here
from the engine, so the whole class is graded on the same cards.

>>> check("q3", "full house")
q3: correct (1/1 points)
>>> check("q3", "flush")
q3: not yet (0/1 points). R2, R6: Use exactly two of C's hole cards and three board cards, then name the category. (rules: docs/rules.md#r2 docs/rules.md#r6)
"""

from __future__ import annotations

from omaha_learn.checks.core import PLAYERS, Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.hands import best_high

__all__ = ["SEED", "deal", "EXERCISE", "check"]

SEED = 107
"""The seed of the exercise's deal: ``Deck(seed=107)``."""

FLUSH_TRAP = ("As Kh 7d 2c", "Qs 9s 5s 3s Jd")
FULL_HOUSE_TRAP = ("Qh Jh 8c 7c", "Ad Ac Qc Qd 4s")


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


def _q1() -> object:
    return deal()[0][1]


def _q2() -> object:
    holes, board = deal()
    return best_high(holes[0], board).hole_cards


def _q3() -> object:
    holes, board = deal()
    return best_high(holes[2], board).category


def _q4() -> object:
    return best_high(*FLUSH_TRAP).category


def _q5() -> object:
    return best_high(*FULL_HOUSE_TRAP).category


def _q6() -> object:
    holes, board = deal()
    a, b = best_high(holes[0], board), best_high(holes[1], board)
    return [PLAYERS[i] for i, h in enumerate((a, b)) if h == max(a, b)]


EXERCISE = Exercise("reading_hands", [
    Question("q1", "cards", 1, ("R1",),
             "Cards go out one at a time: A gets the 1st, B the 2nd, C the 3rd, A the 4th, and so on.",
             expected=_q1),
    Question("q2", "cards", 2, ("R2",),
             "A hand uses exactly two hole cards and exactly three board cards; try each pair of A's cards.",
             expected=_q2),
    Question("q3", "text", 1, ("R2", "R6"),
             "Use exactly two of C's hole cards and three board cards, then name the category.",
             expected=_q3),
    Question("q4", "text", 2, ("R3",),
             "A flush needs two hole cards of the suit; four spades on the board do not help a single spade.",
             expected=_q4),
    Question("q5", "text", 2, ("R4",),
             "Only one queen comes from the hand, so the pair on the board must be two of the three board cards.",
             expected=_q5),
    Question("q6", "players", 1, ("R5",),
             "The cards speak: read both hands yourself (two hole cards + three board cards), ignore the claim.",
             expected=_q6),
])
"""The questions of exercise 1."""

check = EXERCISE.check
