"""Exercise 8, starting hands and ranges (R1-R3, R8, R11): the checker.

Counts come from :func:`omaha_learn.parse_range` (the range language, with
card removal), ranks from the starting-hand chart
(:func:`omaha_learn.starting_hands`), equities against a range from
:func:`omaha_learn.equity` with the exercise's seed. Nothing is stored but
the questions: answers follow the shipped chart.

>>> check("q1", 6961)
q1: correct (2/2 points)
>>> check("q3", 4)
q3: not yet (0/1 points). R3, R1: Double-suited: two suits, each holding one king and one queen; choose the two suits. (rules: docs/rules.md#r3 docs/rules.md#r1)
"""

from __future__ import annotations

from omaha_learn.checks.core import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import parse_cards
from omaha_learn.engine.chart import starting_hands
from omaha_learn.engine.equity.api import equity
from omaha_learn.engine.ranges import parse_range

__all__ = ["SEED", "EXERCISE", "check", "HELD", "CHART_PAIR", "OUTSIDE", "AGAINST_ACES", "BOTH", "TRIALS"]

SEED = 808
"""The seed of the Monte Carlo equities of question q6."""
TRIALS = 20_000
"""Deals per equity in question q6."""

HELD = "Ac Kd Kh 7s"
"""Question q2: the hand whose cards are removed from the opponent's ``AA**``."""
CHART_PAIR = ("Js Th 9s 8h", "As Ah 7d 2c")
"""Question q4: hands A and B, compared on the Pot-Limit Omaha chart."""
OUTSIDE = ("As 2h 3c 4d", "15%")
"""Question q5: is this hand in this share of the Omaha Hi-Lo chart?"""
AGAINST_ACES = ("Qs Qh Js Th", "Ts 9h 8s 7h", "AA**")
"""Question q6: hands A and B, each against this range in Pot-Limit Omaha."""
BOTH = "A2**:10%"
"""Question q7: A-2 hands that are also in the top 10% of the Omaha Hi-Lo chart."""


def _q4() -> object:
    chart = starting_hands("plo")
    ranks = [chart.lookup(h).rank for h in CHART_PAIR]
    return PLAYERS[ranks.index(min(ranks))]


def _q5() -> object:
    hand, share = OUTSIDE
    return tuple(parse_cards(hand)) in parse_range(share, game="hilo")


def _q6() -> object:
    *hands, rng = AGAINST_ACES
    shares = [equity([h, rng], game="plo", trials=TRIALS, seed=SEED)[0].equity for h in hands]
    return PLAYERS[shares.index(max(shares))]


EXERCISE = Exercise("starting_hands", [
    Question("q1", "int", 2, ("R1",),
             "Count exactly two aces (choose 2 of the 4 aces and 2 of the 48 other cards), then three aces, "
             "then four.",
             expected=lambda: len(parse_range("AA**"))),
    Question("q2", "int", 2, ("R1",),
             "One deck: the ace you hold cannot be in the opponent's hand, so count with three aces and the cards "
             "you cannot see.",
             expected=lambda: len(parse_range("AA**").without(HELD))),
    Question("q3", "int", 1, ("R3", "R1"),
             "Double-suited: two suits, each holding one king and one queen; choose the two suits.",
             expected=lambda: len(parse_range("KKQQds"))),
    Question("q4", "player", 1, ("R3", "R2"),
             "Look both hands up in starting_hands('plo'): a smaller rank is a better hand.",
             expected=_q4),
    Question("q5", "yesno", 1, ("R8", "R11"),
             "Look the hand up in starting_hands('hilo') (its percentile), or test `hand in parse_range('15%', "
             "game='hilo')`.",
             expected=_q5),
    Question("q6", "player", 2, ("R2",),
             f"Run equity([hand, 'AA**'], game='plo', trials={TRIALS}, seed={SEED}) for each hand and compare.",
             expected=_q6),
    Question("q7", "int", 2, ("R11", "R8"),
             "Both at once is ':' in the range language; a share of the chart needs game='hilo'.",
             expected=lambda: len(parse_range(BOTH, game="hilo"))),
])
"""The questions of exercise 8."""

check = EXERCISE.check
