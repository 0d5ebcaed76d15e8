"""Exercise 8, starting hands and ranges (R1-R3, R8, R11): the checker.

The answers are what the engine says (counts from :func:`omaha_learn.parse_range`,
with card removal; ranks from the shipped starting-hand chart,
:func:`omaha_learn.starting_hands`; equities against a range from
:func:`omaha_learn.equity` with the exercise's seed), stored here only as
digests; ``tests/exercise_references.py`` recomputes them.

This exercise has no deal of its own per learner: its questions are the same
for everyone. They ask about the chart and the range language (counts, ranks,
a seeded Monte Carlo equity), not about dealt cards, so there is nothing to
vary but the question itself.

>>> check("q1", 6961)
q1: correct (2/2 points)
>>> check("q3", 4)
q3: not yet (0/1 points). R3, R1: Double-suited: two suits, each holding one king and one queen; choose the two suits. (rules: docs/rules.md#r3 docs/rules.md#r1)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.i18n import N_

__all__ = ["SEED", "EXERCISE", "check", "HELD", "CHART_PAIR", "OUTSIDE", "AGAINST_ACES", "BOTH", "TRIALS"]

SEED = 808
"""The seed of the Monte Carlo equities of question q6."""
TRIALS = 20_000
"""Deals per equity in question q6."""

HELD = "Ac Kd Kh 7s"
"""Question q2: the hand whose cards are removed from the opponent's ``AA**``."""
CHART_PAIR = ("Js Th 9s 8h", "As Ah 7d 2c")
"""Question q4: hands A and B, compared in the six-handed order of the Pot-Limit Omaha chart
(heads-up the order is the other way round)."""
OUTSIDE = ("As 2h 3c 4d", "15%")
"""Question q5: is this hand in this share of the Omaha Hi-Lo chart?"""
AGAINST_ACES = ("Qs Qh Js Th", "Ts 9h 8s 7h", "AA**")
"""Question q6: hands A and B, each against this range in Pot-Limit Omaha."""
BOTH = "A2**:10%"
"""Question q7: A-2 hands that are also in the top 10% of the Omaha Hi-Lo chart."""





EXERCISE = Exercise("starting_hands", [
    Question("q1", "int", 2, ("R1",),
             N_("Count exactly two aces (choose 2 of the 4 aces and 2 of the 48 other cards), then three aces, "
             "then four."),
             digest="ca5d20e5e9b38d9883c194716bc7a81665a3570c2c5d0b5f207c75c77edb859e",
             text="How many concrete hands does the range `AA**` (at least two aces) hold? Count by hand first, then check with `parse_range`."),
    Question("q2", "int", 2, ("R1",),
             N_("One deck: the ace you hold cannot be in the opponent's hand, so count with three aces and the cards "
             "you cannot see."),
             digest="64eb42587eb05cfd6d07eba4d1acf7d4c7968686d9ea222ee860ca3b050b1365",
             text="You hold `Ac Kd Kh 7s`. How many hands of `AA**` can your opponent still hold?"),
    Question("q3", "int", 1, ("R3", "R1"),
             N_("Double-suited: two suits, each holding one king and one queen; choose the two suits."),
             digest="91050c539fa78db290c4e4bbe943aba6bc860a0490ce50518623d9b0ea47a920",
             text="How many concrete hands are double-suited K-K-Q-Q (`KKQQds`)?"),
    Question("q4", "player", 1, ("R3", "R2"),
             N_("Look both hands up in starting_hands('plo') and compare row.rank6, the six-handed rank (smaller is "
             "better), not row.rank: against five hands, straights and flushes to the nuts win the pots."),
             digest="068ec033d099910c710fadefbc8b031ef177d3f2dcb3daa7333d034fe69f4447",
             text="Which hand ranks higher in the **six-handed** order of the Pot-Limit Omaha chart: A `Js Th 9s 8h` "
                  "or B `As Ah 7d 2c`?"),
    Question("q5", "yesno", 1, ("R8", "R11"),
             N_("Look the hand up in starting_hands('hilo') (its percentile), or test `hand in parse_range('15%', "
             "game='hilo')`."),
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="Is `As 2h 3c 4d` among the top 15% of Omaha Hi-Lo starting hands? (`True` or `False`)"),
    Question("q6", "player", 2, ("R2",),
             f"Run equity([hand, 'AA**'], game='plo', trials={TRIALS}, seed={SEED}) for each hand and compare.",
             digest="d3a6a5727ab8139c184c9d32f528f627c080b1c2f324d3cfccb560f11116a6a6",
             text="Pot-Limit Omaha: against the range `AA**`, which hand has more equity, A `Qs Qh Js Th` or B `Ts 9h 8s 7h`? Use `equity([hand, \"AA**\"], game=\"plo\", **settings)`."),
    Question("q7", "int", 2, ("R11", "R8"),
             N_("Both at once is ':' in the range language; a share of the chart needs game='hilo'."),
             digest="9dd60b1f3afe57b87cb47b02457052bb781a921bc7ca4ece254800be738aeb53",
             text="How many concrete hands are both A-2 hands (`A2**`) and in the top 10% of the Omaha Hi-Lo chart?"),
])
"""The questions of exercise 8."""

check = EXERCISE.check
