"""Exercise 7, the nut low and counterfeiting (R8-R11): the checker.

Every answer is what the engine says (the nut low by :func:`omaha_learn.nut_low`,
lows by :func:`omaha_learn.best_low`, payouts by :func:`omaha_learn.showdown`),
stored here only as digests; ``tests/exercise_references.py`` recomputes them.

>>> check("q1", 75321)
q1: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card
from omaha_learn.i18n import N_

__all__ = ["SEED", "deal", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON", "QUARTERED", "DRAW"]

SEED = 858
"""The seed of the exercise's deal: ``Deck(seed=858)``, three players A, B, C."""
CONTRIBUTIONS = (60, 60, 60)
"""Chips A, B and C each put in the pot of the seeded deal."""
BUTTON = 2
"""C has the button."""

QUARTERED = (("Ad 2d Kc Qh", "Ac 2c 9s 9h", "Ks Kh Jd Td"), "3h 5s Jc 7d Kd", (60, 60, 60))
"""Question q6: (holes of A, B, C; board; contributions): A and B share the low, C takes the high."""
DRAW = ("Ad 2d 4c Qh", "3s 6c Kd")
"""Question q7: (hole; flop): a nut low draw with a backup low card."""


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)











EXERCISE = Exercise("nut_low", [
    Question("q1", "low", 2, ("R8", "R9"),
             N_("Try the lowest two ranks that are not on the board as the two hole cards; suits do not matter. "
             "Write the low from its highest card down as one number."),
             digest="947ea53b52392c43fc15db7eeae406ea4ea04cee5c775fb2a71f83fd8799a229",
             text="What is the nut low on the seeded board: the best low any two hole cards could make? Write it as a number (8-5-4-2-A is `85421`)."),
    Question("q2", "players", 1, ("R9", "R10"),
             N_("Work out each player's best low (two hole cards, three board cards) and compare it with the nut low."),
             digest="04f9c8b05b17060da2c8f605f9e5381ddcc04de9d1fab1e5daf004ff9ea1ee54",
             text="Which player holds the nut low? (A letter; list every player if several tie for it.)"),
    Question("q3", "low", 2, ("R10", "R8"),
             N_("A's deuce is counterfeited: a deuce on the board adds no new rank, so the low needs another hole card."),
             digest="65a480791ac77fd08ae9012baba0d4dd74d78d084f03ac5484069dbe2d40c46f",
             text="A holds an ace and a deuce, but a deuce is on the board. What is A's best low, as a number? (Write `0` if A has no low.)"),
    Question("q4", "cards", 1, ("R10",),
             N_("The low picks its own two hole cards: the two lowest of C's cards whose ranks are not on the board."),
             digest="249400a6de7601bc30187203d3dfccbcb3b48796cebb1a3a7d395dadb6bc82f6",
             text="Which two of C's hole cards make C's low?"),
    Question("q5", "int", 1, ("R11",),
             N_("Half the pot to the best high, half to the best low: who has which?"),
             digest="d064cc0ad4f4b7dac90534e2e0b273551ac075b88e8c4d90ca042588acb14c09",
             text="A, B and C each put 60 chips in the pot and C has the button. How many chips does A get back at the showdown?"),
    Question("q6", "int", 2, ("R11",),
             N_("A and B tie for the low half, so each gets a quarter of the pot; C's high takes the other half."),
             digest="1b59740e895ff20917da69f534ef40878874bbeb82f9e11d57ec4f1032b25701",
             text="Another deal: A holds `Ad 2d Kc Qh`, B `Ac 2c 9s 9h`, C `Ks Kh Jd Td`; the board is `3h 5s Jc 7d Kd`. Each put in 60. How many chips does A get back?"),
    Question("q7", "int", 2, ("R8", "R10"),
             N_("Deal every turn and river from the unseen cards and compare the hand's low with the nut low "
             "of each final board; a tie for the nut low counts."),
             digest="7cd088a1c318bc06e1c23826ad501306d1c668c4907900eaea163fd2954ff1c7",
             text="A holds `Ad 2d 4c Qh` and the flop is `3s 6c Kd`. Over every possible turn and river, on how many boards does A end with the nut low (a tie for it counts)? Use the engine: `best_low(hole, board)` gives a hand's low; the nut low of a board is the best low over every pair of low ranks as two hole ..."),
])
"""The questions of exercise 7."""

check = EXERCISE.check
