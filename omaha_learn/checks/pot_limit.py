"""Exercise 9, pot-limit decisions (R11, R14, R18): the checker.

The answers are what the engine says (the price of a call, the call over the
pot after calling, from :class:`omaha_learn.HandState`'s legal actions at
pot-limit sizes; equities from :func:`omaha_learn.equity`, exact; payouts
from the hand's showdown), stored here only as digests;
``tests/exercise_references.py`` recomputes them.

>>> check("q2", [1, 3])
q2: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.i18n import N_

__all__ = ["SEED", "EXERCISE", "check", "ALL_IN", "QUARTERED", "FREEROLL"]

SEED = 909
"""The seed of the exercise's Pot-Limit Omaha hand."""

ALL_IN = ("Ah 6h 5d 4c", "Ts Tc 4d 2s", "Th 9h 5c")
"""Question q5: (A's hole, B's hole, flop): heads-up, B's pot-sized bet on the flop puts A all-in."""
QUARTERED = ("Ac 2d Js Jh", "As 2s Kc Kh", "4h 6d 7c Kd Qs")
"""Question q6: (A's hole, B's hole, board) of a heads-up pot-limit Hi-Lo hand."""
FREEROLL = ("As 2s 9d 8d", "Ad 2c Qh Qc", "3s 5d 8h Qs")
"""Question q7: (A's hole, B's hole, board on the turn): both hold the nut low."""











EXERCISE = Exercise("pot_limit", [
    Question("q1", "int", 1, ("R18",),
             N_("To call, B matches A's bet: B has put nothing in on the flop yet."),
             digest="8e5cc2a18337e30e25a6669b92076e5ce93431eefa209a68ddd13f2dd29fb36b",
             text="In the seeded hand, B is to act after A's pot-sized bet. How many chips does B need to call?"),
    Question("q2", "fraction", 2, ("R18",),
             N_("The price is the call divided by the pot after the call (the pot before A's bet, A's bet, B's call); "
             "give it in lowest terms."),
             digest="b542c843ed53801984c43ab036ee8d7cbe681bb6f30f6de94952c24ef917900f",
             text="What share of the final pot must B's call win to break even (the price of the call)? Give it as a fraction in lowest terms, `[numerator, denominator]`."),
    Question("q3", "int", 2, ("R18",),
             N_("The largest raise is to the current bet + the pot (A's bet included) + the call."),
             digest="33740ea78cbdf46fcfa79ae2de46f51abde8f76ce37cc4a3b61b466e72923975",
             text="Instead of calling, B raises the maximum. To how much?"),
    Question("q4", "fraction", 2, ("R18",),
             N_("C must call the whole raise; the pot after C's call holds the flop pot, A's bet, B's raise and C's call."),
             digest="6e44adc6b8ccbd95497ed44e2d46766bac85014ee570d32817e87d0007cc3894",
             text="After B's maximum raise, what is C's price to call, as `[numerator, denominator]` in lowest terms?"),
    Question("q5", "yesno", 2, ("R18", "R14"),
             N_("Compare A's equity to the river (computed exactly with equity(...)) with the price of the call."),
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="Another hand, heads-up, blinds 1/2. A (the button, 18 chips) holds `Ah 6h 5d 4c` and raises the pot before the flop; B holds `Ts Tc 4d 2s` and calls. On the flop `Th 9h 5c` B bets the pot, which is all A has left. Should A call? Answer `True` or `False`. (Use `equity(...)` for A's share; compare it ..."),
    Question("q6", "int", 2, ("R11",),
             N_("Both hold the same low, so each gets a quarter of the final pot; B's kings take the high half."),
             digest="1374ca52555f5c8123a4e717cd8d826914d15ffc812fd88da698a8ef95b6240c",
             text="Pot-limit Omaha Hi-Lo, heads-up, blinds 1/2: A (the button) holds `Ac 2d Js Jh`, B holds `As 2s Kc Kh`; the board will be `4h 6d 7c Kd Qs`. Before the flop A raises to 6 and B calls; on the flop B checks, A bets 12 and B calls; on the turn both check; on the river B bets the pot and A calls. How ..."),
    Question("q7", "player", 1, ("R11",),
             N_("Both will share the low half whatever comes; the freerolling player is the one ahead for the high half."),
             digest="d3a6a5727ab8139c184c9d32f528f627c080b1c2f324d3cfccb560f11116a6a6",
             text="Omaha Hi-Lo, on the turn: A holds `As 2s 9d 8d`, B holds `Ad 2c Qh Qc`, the board is `3s 5d 8h Qs`. Both hold the nut low. Which player is freerolling: sure of a share of the low half and ahead for the high half?"),
])
"""The questions of exercise 9."""

check = EXERCISE.check
