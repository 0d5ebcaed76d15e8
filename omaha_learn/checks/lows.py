"""Exercise 3, lows as numbers (R8-R10, R12): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
three hands A, B, C and a board from the class seed (:data:`SEED`) or the
learner's. Questions q1, q3 and q4 are about that deal and their answers are
computed from it by the engine (:func:`answers`); q2, q5, q6 and q7 ask about
fixed hands, the same for everyone. No answer is stored.

>>> DEAL.current_seed = SEED
>>> check("q2", [65432, 76432, 76542, 86432, 87321])
q2: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands, hole_pairs, pair_high, pair_low, unique_best
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.hands import LowHand, best_low
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "deal", "answers", "problem", "EXERCISE", "check", "LOWS_TO_ORDER"]

SEED = 116
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=116)``, players A, B, C."""

LOWS_TO_ORDER = (86432, 76542, 87321, 65432, 76432)
"""The lows question q2 asks to put in order, best first."""

STRAIGHT_FLUSH_LOW = ("Ah 2h Kc Kd", "3h 4h 5h Qs Js")
NINE_LOW = ("Ah 2c Kd Qs", "3s 4d 9c Jh Th")
NO_QUALIFIER = ("Kh Qd Jc 9s", "Tc 8d 7h 3s 2c")


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) of the deal for ``seed`` (re-drawn if unfit, see :func:`problem`)."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _low_pair(d: DealtHands) -> tuple[Card, Card] | None:
    lows = {p: pair_low(p, d.board) for p in hole_pairs(d.holes[0])}
    made = [p for p, v in lows.items() if v is not None]
    if not made:
        return None
    return unique_best(made, lambda p: tuple(-x for x in lows[p] or ()))


def problem(d: DealtHands) -> str | None:
    """Why the deal ``d`` does not fit the questions, or None."""
    pair = _low_pair(d)
    if pair is None:
        return "A has no low, or two pairs of A's cards make the same best low (q1, q4)"
    high = unique_best(hole_pairs(d.holes[0]), lambda p: pair_high(p, d.board))
    if high is not None and set(high) == set(pair):
        return "A's best low and best high use the same two hole cards (q4 says they differ)"
    return None


def _number(low: LowHand | None) -> int:
    return 0 if low is None else low.number


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    found = [best_low(h, d.board) for h in d.holes]
    made = [lo for lo in found if lo is not None]
    straight_flush = best_low(*STRAIGHT_FLUSH_LOW)
    nine = best_low(*NINE_LOW, qualifier=9)
    razz = best_low(*NO_QUALIFIER, qualifier=None)
    return {
        "q1": _number(found[0]),                                                         # R8, R9
        "q2": sorted(LOWS_TO_ORDER, key=lambda n: tuple(int(c) for c in str(n))),         # R9
        "q3": [PLAYERS[i] for i, lo in enumerate(found) if lo is not None and lo == max(made)],
        "q4": _low_pair(d),                                                              # R10
        "q5": _number(straight_flush),                                                   # R8
        "q6": _number(nine),                                                             # R12
        "q7": None if razz is None else razz.cards,                                      # R12, R2
    }


DEAL: Deal[DealtHands] = Deal("lows", SEED, deal_hands, answers, problem=problem, depends=("q1", "q3", "q4"))
"""The exercise's deal: three hands and a board from the seed."""

EXERCISE = Exercise("lows", [
    Question("q1", "low", 2, ("R8", "R9"),
             N_("Five different ranks, none above eight, ace low, using two of A's cards and three from the board; "
             "write the ranks from the highest down as one number."),
             digest="",
             text="What is A's best low, as a number?"),
    Question("q2", "lows", 2, ("R9",),
             N_("Compare the highest card first, then the next: the smaller number is the better low."),
             digest="",
             text="Put these lows in order, best first: `86432`, `76542`, `87321`, `65432`, `76432`."),
    Question("q3", "players", 2, ("R9",),
             N_("Find each player's best low as a number; the smallest number wins the low half."),
             digest="",
             text="Who wins the low half in your deal? (A letter; list every player if they tie.)"),
    Question("q4", "cards", 2, ("R10",),
             N_("The low picks its own two hole cards, independently of the high hand."),
             digest="",
             text="Which two of A's hole cards make A's best low? (A's best high uses different ones.)"),
    Question("q5", "low", 1, ("R8",),
             N_("Straights and flushes do not spoil a low: A-2-3-4-5 of one suit is still the best low."),
             digest="",
             text="Hole `Ah 2h Kc Kd`, board `3h 4h 5h Qs Js`. What is the best low, as a number?"),
    Question("q6", "low", 1, ("R12",),
             N_("With a 9-or-better qualifier a nine may be part of the low."),
             digest="",
             text="House rule 9 or better: hole `Ah 2c Kd Qs`, board `3s 4d 9c Jh Th`. What is the best low, as a number?"),
    Question("q7", "cards", 2, ("R12", "R2"),
             N_("With no qualifier the lowest five cards win whatever they are, still two from the hand and three "
             "from the board."),
             digest="",
             text="House rule no qualifier (Razz-style): hole `Kh Qd Jc 9s`, board `Tc 8d 7h 3s 2c`. Which five cards make the lowest hand?"),
], deal=DEAL)
"""The questions of exercise 3."""

check = EXERCISE.check
