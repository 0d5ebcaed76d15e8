"""Exercise 1, reading hands and the two-card rule (R1-R5): the checker.

The notebook deals ``Deck(seed=SEED)`` one card at a time to players A, B, C
(R1), then a five-card board; the answers about that deal are what the engine
says (stored as digests; ``tests/exercise_references.py`` recomputes them), so
the whole class is graded on the same cards.

>>> check("q3", "full house")
q3: correct (1/1 points)
>>> check("q3", "boat")
q3: correct (1/1 points)
>>> check("q4", "ace high")
q4: correct (2/2 points)
>>> check("q4", "flush")
q4: not yet (0/2 points). R3: A flush needs two hole cards of the suit; four spades on the board do not help a single spade. (rules: docs/rules.md#r3)
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
             digest="72bf23294c2ade72063d340814198285dc0eb09e5e224325c667ec52eb585f62",
             text="The dealer shuffled and dealt the 12 hole cards one at a time, A first, then B, then C, four times round. Which four cards did B get? (The deck's order is `cards` above, before it was split into hands.)"),
    Question("q2", "cards", 2, ("R2",),
             "A hand uses exactly two hole cards and exactly three board cards; try each pair of A's cards.",
             digest="c0dfd2f68e0cd1d643223b1bded947f5200e480e1174b1b227e13c609c065350",
             text="Which two of A's hole cards make A's best high hand with this board?"),
    Question("q3", "category", 1, ("R2", "R6"),
             "Use exactly two of C's hole cards and three board cards, then name the category.",
             digest="a34879bde0e86197792d5eba20bd2fc567a2ef715604ab9ce58a7a15053b9403",
             text="What category is C's best high hand (for example `\"two pair\"`)?",
             wrong_hints={
                 "two pair": "Look again at C's two kings and seven with the board's kings and seven: two hole cards "
                             "and three board cards can make more than two pair.",
             }),
    Question("q4", "category", 2, ("R3",),
             "Use exactly two of the hole cards and three board cards, then name the category of the best five.",
             digest="f92f54becce153a775e99b2bd57d117983b10845cbb43c8ac65b7a125dfc7788",
             text="A different hand: hole `As Kh 7d 2c`, board `Qs 9s 5s 3s Jd`. What category is the best high hand?",
             wrong_hints={
                 "flush": "A flush needs two hole cards of the suit; four spades on the board do not help a single "
                          "spade.",
                 "straight": "A straight needs two hole cards too: with A-K from the hand the board would need a "
                             "ten; without one, look lower down the categories.",
                 "one pair": "No two of the five cards can share a rank: two from the hand, three from the board.",
             }),
    Question("q5", "category", 2, ("R4",),
             "Use exactly two hole cards and three board cards; count how many queens can be in the five.",
             digest="a793e891a02f83269cc6322d515e9c96c82e30a2609bb8b18e17c09bf785794c",
             text="Another hand: hole `Qh Jh 8c 7c`, board `Ad Ac Qc Qd 4s`. What category is the best high hand?",
             wrong_hints={
                 "full house": "Only one queen comes from the hand, so the pair on the board must be two of the "
                               "three board cards: the aces and the queens cannot both be used.",
                 "two pair": "Qh from the hand with Qc Qd from the board is three queens.",
             }),
    Question("q6", "players", 1, ("R5",),
             "The cards speak: read both hands yourself (two hole cards + three board cards), ignore the claim.",
             digest="9049fff3cc00a6f7372d8705227c82c1991e38ee961954e83c3dd5e0cf75c176",
             text="Back to the seeded deal. C folds. At showdown A announces \"full house, kings full of nines!\" and B says nothing. Who wins the pot between A and B? (A player letter; list both if they tie.)"),
])
"""The questions of exercise 1."""

check = EXERCISE.check
