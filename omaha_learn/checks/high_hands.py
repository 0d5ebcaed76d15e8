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
    Question("q1", "categories", 2, ("R6",),
             "From the top: royal flush, straight flush, four of a kind, full house, flush, straight, ...",
             digest="77d762d10079e88d5e13ce04c6f20e952405340c81d2e5531a99db89a492dac8",
             text="Put these categories in order, best first: `\"straight\"`, `\"full house\"`, `\"three of a kind\"`, `\"flush\"`, `\"two pair\"` (a list of names)."),
    Question("q2", "players", 2, ("R6", "R3"),
             "Read each hand with exactly two hole cards; a flush needs two hole cards of the suit.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176",
             text="In the seeded deal, who has the best high hand? (A letter; list every player if they tie.)"),
    Question("q3", "category", 1, ("R3", "R6"),
             "Use exactly two of C's hole cards and three board cards, then name the category.",
             digest="0dc1bb95ced785f4930e301fb8477cadff59504dd93020527f308ab279bbc395",
             text="What category is C's best high hand?",
             wrong_hints={"flush": "C holds only one spade, so the three spades on the board make no flush for C.",
                          "high card": "Look for a pair: two of C's cards with three from the board."}),
    Question("q4", "players", 2, ("R7",),
             "The wheel 5-4-3-2-A is the lowest straight: the ace plays low and the top card is the five.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176",
             text="Board `3s 4d 5h 9c Qs`. A holds `Ah 2c Kd Kc`, B holds `6h 2d Jc Jd`. Who wins the high?"),
    Question("q5", "players", 2, ("R7",),
             "Same pair of aces: compare the other three cards from the highest down.",
             digest="1b8293e2d32136f06c70332c37009ff9dfcffca5fea991a71336b8d7e4caccac",
             text="Board `Ac Kd 9h 5s 4c`. A holds `Ah Qc 7d 2s`, B holds `As Jd 8c 3h`. Who wins the high?"),
    Question("q6", "players", 1, ("R7",),
             "Full houses compare the three of a kind first, then the pair.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176",
             text="Board `Ts Td 5c 5h Kd`. A holds `Th 5s 3d 4c`, B holds `Kc Ks 7h 8h`. Who wins the high?"),
    Question("q7", "players", 2, ("R7", "R20"),
             "Equal five-card hands tie and split the pot: list every winner.",
             digest="5f920496bb0c9a80320e1d2c5acbeed9f05136d07beb6d32101f2d904519857a",
             text="Board `Jc Tc 9d 7s 2h`. A holds `Kh Qh 4c 3d`, B holds `Ks Qd 4s 2c`. Who wins the high? (List both if they tie.)"),
])
"""The questions of exercise 2."""

check = EXERCISE.check
