"""Exercise 2, high hands and ties (R6, R7, with R3 and R20): the checker.

>>> check("q4", "B")
q4: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.core import PLAYERS, Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.five_card import Category
from omaha_learn.engine.evaluation.hands import HighHand, best_high

__all__ = ["SEED", "deal", "EXERCISE", "check", "CATEGORIES_TO_ORDER"]

SEED = 108
"""The seed of the exercise's deal: ``Deck(seed=108)``, three players A, B, C."""

CATEGORIES_TO_ORDER = ("straight", "full house", "three of a kind", "flush", "two pair")
"""The categories question q1 asks to put in order, best first."""

WHEEL = ("Ah 2c Kd Kc", "6h 2d Jc Jd", "3s 4d 5h 9c Qs")     # A, B, board
KICKER = ("Ah Qc 7d 2s", "As Jd 8c 3h", "Ac Kd 9h 5s 4c")
FULL_HOUSES = ("Th 5s 3d 4c", "Kc Ks 7h 8h", "Ts Td 5c 5h Kd")
TIE = ("Kh Qh 4c 3d", "Ks Qd 4s 2c", "Jc Tc 9d 7s 2h")


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


def _winners(hands: list[HighHand]) -> list[str]:
    best = max(hands)
    return [PLAYERS[i] for i, h in enumerate(hands) if h == best]


def _pair(a: str, b: str, board: str) -> list[str]:
    return _winners([best_high(a, board), best_high(b, board)])


def _q1() -> object:
    by_label = {c.label.lower(): c for c in Category}
    return sorted(CATEGORIES_TO_ORDER, key=lambda name: -by_label[name])


def _q2() -> object:
    holes, board = deal()
    return _winners([best_high(h, board) for h in holes])


def _q3() -> object:
    holes, board = deal()
    return best_high(holes[2], board).category


EXERCISE = Exercise("high_hands", [
    Question("q1", "texts", 2, ("R6",),
             "From the top: royal flush, straight flush, four of a kind, full house, flush, straight, ...",
             expected=_q1),
    Question("q2", "players", 2, ("R6", "R3"),
             "Read each hand with exactly two hole cards; a flush needs two hole cards of the suit.",
             expected=_q2),
    Question("q3", "text", 1, ("R3", "R6"),
             "C holds only one spade, so the three spades on the board make no flush for C.",
             expected=_q3),
    Question("q4", "players", 2, ("R7",),
             "The wheel 5-4-3-2-A is the lowest straight: the ace plays low and the top card is the five.",
             expected=lambda: _pair(*WHEEL)),
    Question("q5", "players", 2, ("R7",),
             "Same pair of aces: compare the other three cards from the highest down.",
             expected=lambda: _pair(*KICKER)),
    Question("q6", "players", 1, ("R7",),
             "Full houses compare the three of a kind first, then the pair.",
             expected=lambda: _pair(*FULL_HOUSES)),
    Question("q7", "players", 2, ("R7", "R20"),
             "Equal five-card hands tie and split the pot: list every winner.",
             expected=lambda: _pair(*TIE)),
])
"""The questions of exercise 2."""

check = EXERCISE.check
