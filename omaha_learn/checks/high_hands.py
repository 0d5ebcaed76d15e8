"""Exercise 2, high hands and ties (R6, R7, with R3 and R20): the checker.

>>> check("q4", "B")
q4: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card

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


EXERCISE = Exercise("high_hands", [
    Question("q1", "texts", 2, ("R6",),
             "From the top: royal flush, straight flush, four of a kind, full house, flush, straight, ...",
             digest="9cb97e67b5148a8780be5c01aca290d86f677d6a24f1cdc9a3bd718656167019"),
    Question("q2", "players", 2, ("R6", "R3"),
             "Read each hand with exactly two hole cards; a flush needs two hole cards of the suit.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176"),
    Question("q3", "text", 1, ("R3", "R6"),
             "C holds only one spade, so the three spades on the board make no flush for C.",
             digest="35be6954e4110628ef3f9dba46f2891e6ea996954b8dca2f903eb4c312910600"),
    Question("q4", "players", 2, ("R7",),
             "The wheel 5-4-3-2-A is the lowest straight: the ace plays low and the top card is the five.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176"),
    Question("q5", "players", 2, ("R7",),
             "Same pair of aces: compare the other three cards from the highest down.",
             digest="1b8293e2d32136f06c70332c37009ff9dfcffca5fea991a71336b8d7e4caccac"),
    Question("q6", "players", 1, ("R7",),
             "Full houses compare the three of a kind first, then the pair.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176"),
    Question("q7", "players", 2, ("R7", "R20"),
             "Equal five-card hands tie and split the pot: list every winner.",
             digest="5f920496bb0c9a80320e1d2c5acbeed9f05136d07beb6d32101f2d904519857a"),
])
"""The questions of exercise 2."""

check = EXERCISE.check
