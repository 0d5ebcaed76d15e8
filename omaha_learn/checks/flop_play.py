"""Exercise 10, flop play: outs, nut outs, wraps, flush draws, counterfeits, frozen out of the low (R2, R3, R8, R10, R11): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
``Deck(seed)`` dealt one card at a time to players A, B, C (R1), then a
flop, where the seed is the class seed (:data:`SEED`, practice copies and the
key) or the learner's. Questions q1-q3 are about A's straight draw on that
flop; a deal where A has none is re-drawn. q4-q7 ask about fixed hands, the
same for everyone. Every answer is what the engine says (:func:`answers`: the
draws and the nut status after each card by :func:`omaha_learn.outs`, lows by
:func:`omaha_learn.best_low`); none is stored.

>>> DEAL.current_seed = SEED
>>> check("q1", 13)
q1: correct (2/2 points)
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands
from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.engine.cards import FULL_DECK, Card, parse_cards
from omaha_learn.engine.evaluation.hands import best_low
from omaha_learn.i18n import N_

if TYPE_CHECKING:
    from omaha_learn.strategy.draws import Draw

__all__ = ["SEED", "DEAL", "deal", "answers", "problem", "EXERCISE", "check", "FLUSH", "LOW_DRAW", "FROZEN"]

SEED = 1503
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=1503)``, three players A, B, C and a flop."""

FLUSH = ("Qh Jh 3c 4d", "Ah 7h 2s")
"""Question q4: (hole; flop): a flush draw that is not to the nut flush (Pot-Limit Omaha)."""
LOW_DRAW = ("Ad 2s 5c Kh", "3h 7c Jd")
"""Questions q5 and q6: (hole; flop): a nut low draw, Omaha Hi-Lo."""
FROZEN = ("Ah 3c Kd Qs", "Ad 2s Jc Jh", "5c 7d Ks")
"""Question q7: (A's hole; B's hole; flop), Omaha Hi-Lo: A's low draw is frozen out by B's nut low draw."""


def _flop_deal(seed: int) -> DealtHands:
    return deal_hands(seed, board_size=3)


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; flop) of the deal for ``seed`` (re-drawn if unfit, see :func:`problem`)."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _straight(d: DealtHands) -> Draw | None:
    from omaha_learn.strategy.outs import outs

    return next((x for x in outs(d.holes[0], d.board, "plo").draws if x.kind == "straight"), None)


def problem(d: DealtHands) -> str | None:
    """Why the deal ``d`` does not fit the questions, or None."""
    return None if _straight(d) is not None else "A has no straight draw (q1-q3 would have no answer)"


def _show(d: DealtHands) -> str:
    return str(d).replace("board", "flop") + " (Pot-Limit Omaha)"


@functools.cache
def _fixed_answers() -> dict[str, object]:
    """q4-q7: the fixed hands (the same for everyone), computed once."""
    from omaha_learn.strategy.outs import outs

    hole, flop = (parse_cards(x) for x in FLUSH)
    top = max(c.rank for c in hole if c.suit == "h")
    higher = [c for c in FULL_DECK if c.suit == "h" and c.rank > top and c not in hole and c not in flop]   # R3
    low_draw = outs(*LOW_DRAW, "hilo")
    a, b, f = (parse_cards(x) for x in FROZEN)
    rest = [c for c in FULL_DECK if c not in a and c not in b and c not in f]
    frozen = 0
    for turn, river in combinations(rest, 2):
        low_a, low_b = best_low(a, (*f, turn, river)), best_low(b, (*f, turn, river))
        frozen += low_a is not None and (low_b is None or low_a >= low_b)
    return {"q4": higher, "q5": len(low_draw.nut_low), "q6": len(low_draw.counterfeits),               # R8, R10
            "q7": frozen}                                                                             # R10, R11


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    from omaha_learn.strategy.outs import outs

    straight = _straight(d)
    assert straight is not None
    return {"q1": len(straight.cards),                                       # R2
            "q2": straight.name,                                             # R2
            "q3": len(outs(d.holes[0], d.board, "plo").nut_high),         # R2, R3
            **_fixed_answers()}


DEAL: Deal[DealtHands] = Deal("flop_play", SEED, _flop_deal, answers, problem=problem, show=_show,
                              depends=("q1", "q2", "q3"))
"""The exercise's deal: three hands and a flop from the seed."""

EXERCISE = Exercise("flop_play", [
    Question("q1", "int", 2, ("R2",),
             N_("Try every rank as the turn card: a straight needs exactly two of A's hole cards and three board cards. "
             "Count cards, not ranks: a rank A holds has three left."),
             digest="",
             text="Pot-Limit Omaha, your deal. How many of the 45 cards A has not seen give A a **straight** "
                  "on the turn?"),
    Question("q2", "text", 1, ("R2",),
             N_("Name a straight draw by its count of cards: 4 is a gutshot, 8 an open-ended straight draw, "
             "more than 8 (with three or four hole cards) an 'N-card wrap'."),
             digest="",
             text="What is A's straight draw called? (`\"gutshot\"`, `\"open-ended straight draw\"`, or `\"N-card "
                  "wrap\"` with the number of cards.)"),
    Question("q3", "int", 2, ("R2", "R3"),
             N_("A nut out leaves no better hand possible for anyone: check each straight card and each heart "
             "(outs(...).nut_high lists them)."),
             digest="",
             text="After how many of the 45 possible turn cards does A hold the **nut high**: no holding of the "
                  "other unseen cards beats A (ties allowed)?"),
    Question("q4", "cards", 1, ("R3",),
             N_("A flush takes two hole cards of the suit: which heart higher than yours is neither yours nor on the board?"),
             digest="",
             text="Pot-Limit Omaha: you hold `Qh Jh 3c 4d`, the flop is `Ah 7h 2s`. Your flush draw is not to the "
                  "nut flush. Which card, held with any other heart, makes a higher flush than yours?"),
    Question("q5", "int", 2, ("R8", "R10"),
             N_("A low needs three different board ranks of eight or lower: which turn cards add a new low rank, and "
             "after which is A-2 still the best two cards? (Aces and deuces pair your own low cards.)"),
             digest="",
             text="Omaha Hi-Lo: you hold `Ad 2s 5c Kh`, the flop is `3h 7c Jd`. After how many of the 45 possible "
                  "turn cards do you hold the **nut low**?"),
    Question("q6", "int", 1, ("R10", "R8"),
             N_("A counterfeit pairs one of your low hole cards: how many aces and deuces are still unseen?"),
             digest="",
             text="Same hand and flop. How many turn cards **counterfeit** your low draw: they pair one of your "
                  "low cards and leave you without the nut low?"),
    Question("q7", "int", 2, ("R11", "R10"),
             N_("Deal every turn and river from the unseen cards; A gets part of the low half when A's low qualifies "
             "and is at least as good as B's (or B has none)."),
             digest="",
             text="Omaha Hi-Lo: A holds `Ah 3c Kd Qs`, B holds `Ad 2s Jc Jh`, the flop is `5c 7d Ks`. Both draw to "
                  "a low, but B draws to the nut low: A is **frozen out**. Of the 820 ways the turn and river can "
                  "come, on how many does A win or share the low half?"),
], deal=DEAL)
"""The questions of exercise 10."""

check = EXERCISE.check
