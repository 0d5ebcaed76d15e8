"""Exercise 11, position, stack-to-pot ratio and multiway pots (R2, R13, R15, R18): the checker.

The answers are what the engine says (who acts when, from a seeded
:class:`omaha_learn.HandState`; pots and stacks at pot-limit sizes; outs by
:func:`omaha_learn.best_high` over every turn card; ranks and ranges from the
shipped starting-hand chart, :func:`omaha_learn.starting_hands` and
:func:`omaha_learn.parse_range`), stored here only as digests;
``tests/exercise_references.py`` recomputes them.

>>> check("q3", 12)
q3: correct (1/1 points)
>>> check("q5", "turn")
q5: not yet (0/1 points). R18: A pot-sized bet and a call triple the pot: count the pots left behind on the flop, turn and river. (rules: docs/rules.md#r18)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.i18n import N_

__all__ = ["SEED", "BUTTON", "SPR_STACK", "DRAW", "DRAW_POT", "DRAW_BET", "MOVERS", "RANGES", "EXERCISE", "check"]

SEED = 1111
"""The seed of the exercise's hands."""
BUTTON = 2
"""Questions q1-q2: six players A-F clockwise, C on the button (D small blind, E big blind)."""
SPR_STACK = 100
"""Questions q3-q5: both stacks, heads-up, blinds 1/2."""
DRAW = ("Ah Qh 6d 5c", "Ts Td 4c 3s", "Th 7h 2c")
"""Question q6: (A's hole, B's hole, flop): A draws, B holds top set."""
DRAW_POT = 40
"""Question q6: the pot on the flop before B's bet."""
DRAW_BET = 40
"""Question q6: B's pot-sized bet, which A calls."""
MOVERS = ("Ts 9h 8s 7h", "As Ah Qd 6c")
"""Question q7: hands A and B, each ranked heads-up and six-handed in the Pot-Limit Omaha chart."""
RANGES = ("12%6h", "22%6h")
"""Question q8: an under-the-gun range and a cutoff range, from the chart's six-handed order."""

EXERCISE = Exercise("position", [
    Question("q1", "player", 1, ("R15", "R13"),
             N_("Before the flop the player clockwise after the big blind acts first; the small blind sits left of the "
             "button, the big blind left of the small blind."),
             digest="d3b949bff4f260de58ba6166342163c610457da7aec3ad0844db31af6d3c5d63",
             text="In the six-handed hand (C on the button), who acts **first** before the flop?"),
    Question("q2", "player", 1, ("R15", "R13"),
             N_("After the flop the first player still in clockwise from the button acts first, so the button acts last."),
             digest="d6907badbb9a6e81fe4e93d8e3d118f40819bc3b05f099ce538048c7a73c63a8",
             text="Everybody calls before the flop. Who acts **last** on the flop?"),
    Question("q3", "int", 1, ("R18",),
             N_("The button raises the pot: call 1 more, then raise by the pot (1 + 2 + 1); the big blind calls."),
             digest="172141a7bb135011cb253a27eac427a35f2d82a6f50423acc577d60f392d8bc5",
             text="Another hand, heads-up, blinds 1/2, both stacks 100. A (the button) raises the pot before the "
                  "flop and B (the big blind) calls. How many chips are in the pot on the flop?"),
    Question("q4", "ints", 2, ("R18",),
             N_("SPR = the smaller stack behind / the pot on the flop, as [numerator, denominator] in lowest terms."),
             digest="14114f9c820f9e36e210a1d8ec725d44b68eef9bb8990e76b726ede3723babeb",
             text="What is the SPR on the flop? Give it as `[numerator, denominator]` in lowest terms."),
    Question("q5", "text", 1, ("R18",),
             N_("A pot-sized bet and a call triple the pot: count the pots left behind on the flop, turn and river."),
             digest="54260e1fb12fa256a4a4cf1b5c8509b5743c0f9c7d138765b00f6e9cb1881b18",
             text="From the flop on, the player to act bets the pot every street and the other calls. On which "
                  "street (`\"flop\"`, `\"turn\"` or `\"river\"`) are both players all in?"),
    Question("q6", "int", 2, ("R2",),
             N_("Count A's outs over the 41 unseen turn cards (a card that gives B a full house is no out); break even "
             "when chance x (pot after the call + later chips) = the call."),
             digest="fed70484eaf6dad2b08f4aa0db3d635d5dbf70a9cc897f5d7453a374de371076",
             text="**Implied odds.** Pot-Limit Omaha, heads-up. On the flop `Th 7h 2c` the pot is 40; B holds `Ts "
                  "Td 4c 3s` (top set) and bets the pot, 40. A holds `Ah Qh 6d 5c` and thinks only of the turn "
                  "card. A turn card is an **out** when it puts A ahead of B."),
    Question("q7", "player", 1, ("R2",),
             N_("Compare row.rank / row.rank6 for both hands in starting_hands('plo'): the larger ratio moves up more."),
             digest="068ec033d099910c710fadefbc8b031ef177d3f2dcb3daa7333d034fe69f4447",
             text="In the Pot-Limit Omaha chart, which hand moves up more, relative to its heads-up rank, in the "
                  "six-handed order (the larger ratio `rank / rank6`): A `Ts 9h 8s 7h` or B `As Ah Qd 6c`?"),
    Question("q8", "int", 2, ("R2",),
             N_("Both ranges are top shares of the same six-handed order, so the smaller lies inside the larger: "
             "subtract their sizes (len(parse_range(..., game='plo')))."),
             digest="6b5ff78ede1921bee0bcf6378b9e14c8d76a1d7d4b0b4f853bb9aa64dc0109d8",
             text="A player opens `12%6h` of hands under the gun and `22%6h` from the cutoff (both from the "
                  "chart's six-handed order). How many concrete hands does the cutoff range hold that the "
                  "under-the-gun range does not?"),
])
"""The questions of exercise 11."""

check = EXERCISE.check
