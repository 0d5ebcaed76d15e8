"""Exercise 6, positions and betting (R13-R19): the checker.

Questions q1-q10 have answers fixed by the rules; q11 and q12 are about a
seeded Pot-Limit Omaha hand (what :class:`omaha_learn.HandState` allows).
Only sha256 digests of the normalised answers are stored.

>>> check("q7", 35)
q7: correct (2/2 points)
>>> check("q7", 25)
q7: not yet (0/2 points). R18: The raise may add the pot after calling: the call (10) plus the pot after the call (5 + 10 + 10). (rules: docs/rules.md#r18)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.i18n import N_

__all__ = ["SEED", "EXERCISE", "check"]

SEED = 606
"""The seed of the exercise's Pot-Limit Omaha hand."""


EXERCISE = Exercise("betting", [
    Question("q1", "player_order", 1, ("R13",),
             N_("The small blind is the first player clockwise (left) of the button, the big blind the next one."),
             digest="4d251f4f6c8d4e60d1a6d238bcf142283d59c5b711f60017ddfb7fda9f2099b8",
             text="Six players A-F, the button is on E. Who posts the small blind, and who the big blind? (Two letters in that order, e.g. `\"BC\"`.)"),
    Question("q2", "player_order", 2, ("R14", "R15"),
             N_("Heads-up the button posts the small blind, acts first before the flop and last after it."),
             digest="45f0871fa0bc220e14f5bc1e8032a9e24b63a89258c5f6b185b204e5715a6d21",
             text="Heads-up: A has the button, B is the other player. Who acts first before the flop, and who acts first on the flop? (Two letters in that order.)"),
    Question("q3", "player_order", 2, ("R15",),
             N_("Before the flop: the player after the big blind. After it: the first player still in, clockwise "
             "from the button."),
             digest="b336772df0d4d1c923cf38aac08e68e68e9a47fc6f13a00b4573a419f3765be1",
             text="Six players A-F, the button is on C, nobody folds before the flop. Who acts first before the flop, and who first on the flop?"),
    Question("q4", "yesno", 1, ("R16",),
             N_("A round ends only when everyone still in has put in the same amount; A has not matched 30 yet."),
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="On the flop A bets 10, B raises to 30, C calls 30. Is the betting round over? (`True` or `False`)"),
    Question("q5", "ints", 2, ("R17",),
             N_("In $2/$4 the turn and river use the big bet: $4 steps."),
             digest="459ec0cc80bacc3b88264dbcf76a39c9d6e265a30e60d030098256ab223bf047",
             text="Fixed limit $2/$4, on the turn: A bets and B raises. How much is A's bet, and how much is B's total bet after raising? (A list `[bet, raise_to]`.)"),
    Question("q6", "int", 1, ("R17",),
             N_("On the flop the steps are $2; a bet and three raises make four steps and then the betting is capped."),
             digest="c95a5d966481ed05bceca7a6f94696f1a84a133f4193eb7dd5ce95b831e96c98",
             text="Fixed limit $2/$4 with four players, on the flop: a bet and three raises. How much is the total bet each player must now match?"),
    Question("q7", "int", 2, ("R18",),
             N_("The raise may add the pot after calling: the call (10) plus the pot after the call (5 + 10 + 10)."),
             digest="8674100c08ba488bae84ee012f9416745f919a8a1f38ef0e2378b808db49ebce",
             text="Pot limit, blinds 5/10, the first player to act before the flop raises the maximum. To how much?"),
    Question("q8", "int", 2, ("R18",),
             N_("P counts the earlier pot and every bet in front of the players; the new bet is current bet + P + C."),
             digest="e589170a6249ac945d3815d301fc59d73724ab3d894cdb3f4d5ae8e02c0a316d",
             text="Pot limit, 100 chips in the pot from earlier streets. On the turn A bets 30, B calls 30. C raises the maximum: to how much?"),
    Question("q9", "yesno", 2, ("R19",),
             N_("C's all-in raised by 10, less than the full raise of 20, so A and B, who already acted on the full "
             "bet, may only call or fold."),
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="A bets 20, B calls, C goes all-in for 30 in total, D calls. When the action returns to A, may A raise? (`True` or `False`)"),
    Question("q10", "yesno", 2, ("R19",),
             N_("Add up the short all-in raises made in a row: 12 + 13 compared with the full bet of 20."),
             digest="6ea6c8c6da16924f2076211e3b7d9ee2cd738e16781d6c511e06541800f0b677",
             text="A bets 20, B calls, C goes all-in to 32, D goes all-in to 45. May A raise when the action returns? (`True` or `False`)"),
    Question("q11", "int", 2, ("R18",),
             N_("Count the pot P: everything put in before the flop plus A's 20; B needs C = 20 to call; "
             "the largest raise goes to 20 + P + C."),
             digest="11c4f101bae5cf007e49734812188c025374970f7e681154d4f723e5c0e1ca83",
             text="The seeded hand printed above: it is B's turn on the flop. What is the most B may raise to?"),
    Question("q12", "int", 1, ("R18",),
             N_("A raise must be at least as large as the largest bet or raise so far in this round (A's 20)."),
             digest="b1ae2842d2b68e57a55856a60dc2337e009f99d3bea8e9a9ca0cb0f47751a2cd",
             text="And the least B may raise to?"),
])
"""The questions of exercise 6."""

check = EXERCISE.check
