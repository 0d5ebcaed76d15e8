"""Exercise 1, reading hands and the two-card rule (R1-R5): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
``Deck(seed)`` dealt one card at a time to players A, B, C (R1), then a
five-card board, where the seed is the class seed (:data:`SEED`, practice
copies and the key) or the learner's (``omaha-learn handout``). Each question's
right answer is computed from the deal by the engine (:func:`answers`); none
is stored. Questions q4 and q5 ask about fixed hands, the same for everyone.

>>> DEAL.current_seed = SEED
>>> check("q3", "boat")
q3: correct (1/1 points)
>>> check("q4", "ace high")
q4: correct (2/2 points)
>>> check("q4", "flush")
q4: not yet (0/2 points). R3: A flush needs two hole cards of the suit; four spades on the board do not help a single spade. (rules: docs/rules.md#r3)
"""

from __future__ import annotations

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands, hole_pairs, pair_high, unique_best
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.five_card import Category
from omaha_learn.engine.evaluation.hands import best_high
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "deal", "answers", "problem", "EXERCISE", "check"]

SEED = 107
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=107)``."""

FLUSH_TRAP = ("As Kh 7d 2c", "Qs 9s 5s 3s Jd")
FULL_HOUSE_TRAP = ("Qh Jh 8c 7c", "Ad Ac Qc Qd 4s")
CLAIM = Category.FULL_HOUSE
"""What A announces in q6 (a claim the deal never lets A have: R5, the cards speak)."""


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) of the deal for ``seed`` (re-drawn if unfit, see :func:`problem`)."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _best_pair(d: DealtHands) -> tuple[Card, Card] | None:
    return unique_best(hole_pairs(d.holes[0]), lambda pair: pair_high(pair, d.board))


def problem(d: DealtHands) -> str | None:
    """Why the deal ``d`` does not fit the questions, or None."""
    if _best_pair(d) is None:
        return "two pairs of A's hole cards make equally good best hands (q2 would have two answers)"
    if best_high(d.holes[0], d.board).category >= CLAIM:
        return "A really has a full house or better (q6's claim would be true)"
    return None


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    a, b = best_high(d.holes[0], d.board), best_high(d.holes[1], d.board)
    return {
        "q1": d.holes[1],                                              # R1
        "q2": _best_pair(d),                                           # R2
        "q3": best_high(d.holes[2], d.board).category,                 # R2, R6
        "q4": best_high(*FLUSH_TRAP).category,                         # R3
        "q5": best_high(*FULL_HOUSE_TRAP).category,                    # R4
        "q6": [PLAYERS[i] for i, h in enumerate((a, b)) if h == max(a, b)],   # R5
    }


DEAL: Deal[DealtHands] = Deal("reading_hands", SEED, deal_hands, answers, problem=problem,
                              depends=("q1", "q2", "q3", "q6"))
"""The exercise's deal: three hands and a board from the seed."""

EXERCISE = Exercise("reading_hands", [
    Question("q1", "cards", 1, ("R1",),
             N_("Cards go out one at a time: A gets the 1st, B the 2nd, C the 3rd, A the 4th, and so on."),
             digest="",
             text="The dealer shuffled and dealt the 12 hole cards one at a time, A first, then B, then C, four times round. Which four cards did B get? (The deck's order is `cards` above, before it was split into hands.)"),
    Question("q2", "cards", 2, ("R2",),
             N_("A hand uses exactly two hole cards and exactly three board cards; try each pair of A's cards."),
             digest="",
             text="Which two of A's hole cards make A's best high hand with this board?"),
    Question("q3", "category", 1, ("R2", "R6"),
             N_("Use exactly two of C's hole cards and three board cards, then name the category."),
             digest="",
             text="What category is C's best high hand (for example `\"two pair\"`)?"),
    Question("q4", "category", 2, ("R3",),
             N_("Use exactly two of the hole cards and three board cards, then name the category of the best five."),
             digest="",
             text="A different hand: hole `As Kh 7d 2c`, board `Qs 9s 5s 3s Jd`. What category is the best high hand?",
             wrong_hints={
                 "flush": N_("A flush needs two hole cards of the suit; four spades on the board do not help a single "
                          "spade."),
                 "straight": N_("A straight needs two hole cards too: with A-K from the hand the board would need a "
                             "ten; without one, look lower down the categories."),
                 "one pair": N_("No two of the five cards can share a rank: two from the hand, three from the board."),
             }),
    Question("q5", "category", 2, ("R4",),
             N_("Use exactly two hole cards and three board cards; count how many queens can be in the five."),
             digest="",
             text="Another hand: hole `Qh Jh 8c 7c`, board `Ad Ac Qc Qd 4s`. What category is the best high hand?",
             wrong_hints={
                 "full house": N_("Only one queen comes from the hand, so the pair on the board must be two of the "
                               "three board cards: the aces and the queens cannot both be used."),
                 "two pair": N_("Qh from the hand with Qc Qd from the board is three queens."),
             }),
    Question("q6", "players", 1, ("R5",),
             N_("The cards speak: read both hands yourself (two hole cards + three board cards), ignore the claim."),
             digest="",
             text="Back to your deal. C folds. At showdown A announces \"full house!\" and B says nothing. Who wins the pot between A and B? (A player letter; list both if they tie.)"),
], deal=DEAL)
"""The questions of exercise 1."""

check = EXERCISE.check
