"""Exercise 2, high hands and ties (R6, R7, with R3 and R20): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
three hands A, B, C and a board from the class seed (:data:`SEED`) or the
learner's. Questions q2 and q3 are about that deal, computed from it by the
engine (:func:`answers`); q1 and q4-q7 ask about fixed hands, the same for
everyone. No answer is stored.

>>> DEAL.current_seed = SEED
>>> check("q4", "B")
q4: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.five_card import Category
from omaha_learn.engine.evaluation.hands import HighHand, best_high
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "deal", "answers", "EXERCISE", "check", "CATEGORIES_TO_ORDER"]

SEED = 108
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=108)``, players A, B, C."""

CATEGORIES_TO_ORDER = ("straight", "full house", "three of a kind", "flush", "two pair")
"""The categories question q1 asks to put in order, best first."""

WHEEL = ("Ah 2c Kd Kc", "6h 2d Jc Jd", "3s 4d 5h 9c Qs")     # A, B, board
KICKER = ("Ah Qc 7d 2s", "As Jd 8c 3h", "Ac Kd 9h 5s 4c")
FULL_HOUSES = ("Th 5s 3d 4c", "Kc Ks 7h 8h", "Ts Td 5c 5h Kd")
TIE = ("Kh Qh 4c 3d", "Ks Qd 4s 2c", "Jc Tc 9d 7s 2h")


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) of the deal for ``seed``."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _winners(hands: list[HighHand]) -> list[str]:
    best = max(hands)
    return [PLAYERS[i] for i, h in enumerate(hands) if h == best]


def _pair(a: str, b: str, board: str) -> list[str]:
    return _winners([best_high(a, board), best_high(b, board)])


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    by_label = {c.label.lower(): c for c in Category}
    return {
        "q1": sorted(CATEGORIES_TO_ORDER, key=lambda name: -by_label[name]),               # R6
        "q2": _winners([best_high(h, d.board) for h in d.holes]),                          # R6, R3
        "q3": best_high(d.holes[2], d.board).category,                                     # R3, R6
        "q4": _pair(*WHEEL),                                                               # R7
        "q5": _pair(*KICKER),
        "q6": _pair(*FULL_HOUSES),
        "q7": _pair(*TIE),                                                                 # R20
    }


DEAL: Deal[DealtHands] = Deal("high_hands", SEED, deal_hands, answers, depends=("q2", "q3"))
"""The exercise's deal: three hands and a board from the seed."""

EXERCISE = Exercise("high_hands", [
    Question("q1", "categories", 2, ("R6",),
             N_("From the top: royal flush, straight flush, four of a kind, full house, flush, straight, ..."),
             digest="",
             text="Put these categories in order, best first: `\"straight\"`, `\"full house\"`, `\"three of a kind\"`, `\"flush\"`, `\"two pair\"` (a list of names)."),
    Question("q2", "players", 2, ("R6", "R3"),
             N_("Read each hand with exactly two hole cards; a flush needs two hole cards of the suit."),
             digest="",
             text="In your deal, who has the best high hand? (A letter; list every player if they tie.)"),
    Question("q3", "category", 1, ("R3", "R6"),
             N_("Use exactly two of C's hole cards and three board cards, then name the category."),
             digest="",
             text="What category is C's best high hand?",
             wrong_hints={"flush": N_("A flush needs two of C's hole cards of the suit and three board cards of it."),
                          "high card": N_("Look for a pair: two of C's cards with three from the board.")}),
    Question("q4", "players", 2, ("R7",),
             N_("The wheel 5-4-3-2-A is the lowest straight: the ace plays low and the top card is the five."),
             digest="",
             text="Board `3s 4d 5h 9c Qs`. A holds `Ah 2c Kd Kc`, B holds `6h 2d Jc Jd`. Who wins the high?"),
    Question("q5", "players", 2, ("R7",),
             N_("Same pair of aces: compare the other three cards from the highest down."),
             digest="",
             text="Board `Ac Kd 9h 5s 4c`. A holds `Ah Qc 7d 2s`, B holds `As Jd 8c 3h`. Who wins the high?"),
    Question("q6", "players", 1, ("R7",),
             N_("Full houses compare the three of a kind first, then the pair."),
             digest="",
             text="Board `Ts Td 5c 5h Kd`. A holds `Th 5s 3d 4c`, B holds `Kc Ks 7h 8h`. Who wins the high?"),
    Question("q7", "players", 2, ("R7", "R20"),
             N_("Equal five-card hands tie and split the pot: list every winner."),
             digest="",
             text="Board `Jc Tc 9d 7s 2h`. A holds `Kh Qh 4c 3d`, B holds `Ks Qd 4s 2c`. Who wins the high? (List both if they tie.)"),
], deal=DEAL)
"""The questions of exercise 2."""

check = EXERCISE.check
