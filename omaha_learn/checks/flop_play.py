"""Exercise 10, flop play: outs, nut outs, wraps, flush draws, counterfeits, frozen out of the low (R2, R3, R8, R10, R11): the checker.

Every answer is what the engine says (the draws and the nut status after each
card by :func:`omaha_learn.outs`, lows by :func:`omaha_learn.best_low`), stored
here only as digests; ``tests/exercise_references.py`` recomputes them.

>>> check("q1", 13)
q1: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question, seeded_deal
from omaha_learn.engine.cards import Card
from omaha_learn.i18n import N_

__all__ = ["SEED", "deal", "EXERCISE", "check", "FLUSH", "LOW_DRAW", "FROZEN"]

SEED = 1503
"""The seed of the exercise's deal: ``Deck(seed=1503)``, three players A, B, C; the first three board cards are the flop."""

FLUSH = ("Qh Jh 3c 4d", "Ah 7h 2s")
"""Question q4: (hole; flop): a flush draw that is not to the nut flush (Pot-Limit Omaha)."""
LOW_DRAW = ("Ad 2s 5c Kh", "3h 7c Jd")
"""Questions q5 and q6: (hole; flop): a nut low draw, Omaha Hi-Lo."""
FROZEN = ("Ah 3c Kd Qs", "Ad 2s Jc Jh", "5c 7d Ks")
"""Question q7: (A's hole; B's hole; flop), Omaha Hi-Lo: A's low draw is frozen out by B's nut low draw."""


def deal() -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) for ``Deck(seed=SEED)``, dealt one card at a time (R1)."""
    return seeded_deal(SEED)


EXERCISE = Exercise("flop_play", [
    Question("q1", "int", 2, ("R2",),
             N_("Try every rank as the turn card: a straight needs exactly two of A's hole cards and three board cards. "
             "Count cards, not ranks: a rank A holds has three left."),
             digest="39dc74765f3d3b32946b555cd75004a2ca4d75d4ea09b26130d495dc39f4dd14",
             text="Pot-Limit Omaha, the seeded deal. How many of the 45 cards A has not seen give A a **straight** "
                  "on the turn?"),
    Question("q2", "text", 1, ("R2",),
             N_("Name a straight draw by its count of cards: 4 is a gutshot, 8 an open-ended straight draw, "
             "more than 8 (with three or four hole cards) an 'N-card wrap'."),
             digest="0506d7f25b5e844d1819fb867b409b2bcb9ae18f4e23068feb3a3cc06b001720",
             text="What is A's straight draw called? (`\"gutshot\"`, `\"open-ended straight draw\"`, or `\"N-card "
                  "wrap\"` with the number of cards.)"),
    Question("q3", "int", 2, ("R2", "R3"),
             N_("A nut out leaves no better hand possible for anyone: check each straight card and each heart "
             "(outs(...).nut_high lists them)."),
             digest="9583fc4e01930ed5aeb671378b7d4a7e6789a742e4b89f55c3105de20582c62d",
             text="After how many of the 45 possible turn cards does A hold the **nut high**: no holding of the "
                  "other unseen cards beats A (ties allowed)?"),
    Question("q4", "cards", 1, ("R3",),
             N_("A flush takes two hole cards of the suit: which heart higher than yours is neither yours nor on the board?"),
             digest="4883bd3d5c885dee80b9237a4274534a877a368bb1d3b4d60a752f8bb5834cf4",
             text="Pot-Limit Omaha: you hold `Qh Jh 3c 4d`, the flop is `Ah 7h 2s`. Your flush draw is not to the "
                  "nut flush. Which card, held with any other heart, makes a higher flush than yours?"),
    Question("q5", "int", 2, ("R8", "R10"),
             N_("A low needs three different board ranks of eight or lower: which turn cards add a new low rank, and "
             "after which is A-2 still the best two cards? (Aces and deuces pair your own low cards.)"),
             digest="cec6339db52356fdaecff6da942f37e2847bd826627c53a0a79efcee440758ca",
             text="Omaha Hi-Lo: you hold `Ad 2s 5c Kh`, the flop is `3h 7c Jd`. After how many of the 45 possible "
                  "turn cards do you hold the **nut low**?"),
    Question("q6", "int", 1, ("R10", "R8"),
             N_("A counterfeit pairs one of your low hole cards: how many aces and deuces are still unseen?"),
             digest="91050c539fa78db290c4e4bbe943aba6bc860a0490ce50518623d9b0ea47a920",
             text="Same hand and flop. How many turn cards **counterfeit** your low draw: they pair one of your "
                  "low cards and leave you without the nut low?"),
    Question("q7", "int", 2, ("R11", "R10"),
             N_("Deal every turn and river from the unseen cards; A gets part of the low half when A's low qualifies "
             "and is at least as good as B's (or B has none)."),
             digest="c52ad831fdafea1b3147f454708f0a072666a531812184b4379babfba5b6feeb",
             text="Omaha Hi-Lo: A holds `Ah 3c Kd Qs`, B holds `Ad 2s Jc Jh`, the flop is `5c 7d Ks`. Both draw to "
                  "a low, but B draws to the nut low: A is **frozen out**. Of the 820 ways the turn and river can "
                  "come, on how many does A win or share the low half?"),
])
"""The questions of exercise 10."""

check = EXERCISE.check
