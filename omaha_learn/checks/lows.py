"""Exercise 3, lows as numbers (R8-R10, R12): the checker.

>>> check("q2", [65432, 76432, 76542, 86432, 87321])
q2: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.core import PLAYERS, Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.hands import LowHand, best_high, best_low

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


def _number(low: LowHand | None) -> int:
    return 0 if low is None else low.number


def _q1() -> object:
    holes, board = deal()
    return _number(best_low(holes[0], board))


def _q2() -> object:
    # R9: compare from the highest card down, i.e. the digits from the left
    return sorted(LOWS_TO_ORDER, key=lambda n: tuple(int(d) for d in str(n)))


def _q3() -> object:
    holes, board = deal()
    lows = [best_low(h, board) for h in holes]
    made = [lo for lo in lows if lo is not None]
    return [PLAYERS[i] for i, lo in enumerate(lows) if lo is not None and lo == max(made)]


def _q4() -> object:
    holes, board = deal()
    low = best_low(holes[0], board)
    assert low is not None and set(low.hole_cards) != set(best_high(holes[0], board).hole_cards)
    return low.hole_cards


EXERCISE = Exercise("lows", [
    Question("q1", "int", 2, ("R8", "R9"),
             "Five different ranks, none above eight, ace low, using two of A's cards and three from the board; "
             "write the ranks from the highest down as one number.",
             expected=_q1),
    Question("q2", "ints", 2, ("R9",),
             "Compare the highest card first, then the next: the smaller number is the better low.",
             expected=_q2),
    Question("q3", "players", 2, ("R9",),
             "Find each player's best low as a number; the smallest number wins the low half.",
             expected=_q3),
    Question("q4", "cards", 2, ("R10",),
             "The low picks its own two hole cards, independently of the high hand.",
             expected=_q4),
    Question("q5", "int", 1, ("R8",),
             "Straights and flushes do not spoil a low: A-2-3-4-5 of one suit is still the best low.",
             expected=lambda: _number(best_low(*STRAIGHT_FLUSH_LOW))),
    Question("q6", "int", 1, ("R12",),
             "With a 9-or-better qualifier a nine may be part of the low.",
             expected=lambda: _number(best_low(*NINE_LOW, qualifier=9))),
    Question("q7", "cards", 2, ("R12", "R2"),
             "With no qualifier the lowest five cards win whatever they are, still two from the hand and three "
             "from the board.",
             expected=lambda: best_low(*NO_QUALIFIER, qualifier=None).cards),  # type: ignore[union-attr]
])
"""The questions of exercise 3."""

check = EXERCISE.check
