"""Exercise 12, why bet: a polarised river against a bluff-catcher (R11, R18): the checker.

The answers are what the closed-form equilibrium of a polarised range against a
bluff-catcher says (bluffs : value = b : (p + b), calls p / (p + b); in Hi-Lo a
catcher that ties the low gets back a quarter of the final pot) and what
:func:`omaha_learn.solve` finds on the same rivers, stored here only as digests;
``tests/exercise_references.py`` recomputes them, the solver's ones with ``solve()``.

This exercise has no deal of its own per learner: its questions are the same
for everyone. The rivers are fixed hands solved by :func:`omaha_learn.solve`
(seconds each); a deal per learner would solve a river per learner in the
grader, and the point is the ratios (bluffs per value hand, how often to
call), which a pot and a bet fix, not the cards.

>>> check("q4", "yes")
q4: correct (1/1 points)
>>> check("q3", "A")
q3: not yet (0/1 points). R18: Without bluffs the kings could fold to every bet: the air bets too, some of the time (section 2 of lesson 18). (rules: docs/rules.md#r18)
"""

from __future__ import annotations

from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.i18n import N_

__all__ = ["POT", "BET", "RIVER", "HILO", "HILO_POT", "HILO_BET", "HILO_SMALL_BET", "EXERCISE", "check"]

POT = 120
"""Questions q1-q2: the pot before the river bet."""
BET = 90
"""Questions q1-q2: the river bet (three quarters of the pot; R18 allows up to the pot)."""
RIVER = ("Ah Kd 7c 4s 2h", ("Ac As 9h 8h", "Ac Ad 9c 8c"), ("9s 8s 6d 5h", "9c 8d 6h 5d", "9d 8c 6s 5s", "9h 8h 6c 5c"),
         ("Ks Qd Jc Tc", "Kc Qs Jd Td", "Kh Qc Js Ts"))
"""Questions q3-q4: (board, OOP's sets, OOP's air, IP's kings): lesson 18's PLO river, pot 100, stacks 100."""
HILO = ("2h 4d 7c Kh Ks", ("Ac 3c Kd 7d", "As 3s Kc 7s"), ("Qc Jc 9c 9h", "Qd Js 9d 9s", "Qh Tc 9c 8h"), "Ad 3d Jd Jh")
"""Questions q5-q6: (board, OOP's value hands, OOP's air, IP's catcher that ties the low): lesson 18's Hi-Lo river."""
HILO_POT = 100
"""Questions q5-q6: the pot (and each stack)."""
HILO_BET = 90
"""Question q5: OOP's bet."""
HILO_SMALL_BET = 50
"""Question q6: OOP's bet, half the pot."""

EXERCISE = Exercise("why_bet", [
    Question("q1", "fraction", 2, ("R18",),
             N_("A called bluff loses b, a call against a bluff wins p + b: IP is indifferent when "
             "bluffs : value = b : (p + b). Give bluffs / value as a fraction in lowest terms."),
             digest="4616845871ddfde998ffa64a97c8c0e5b4e9f957407ae5c0afebae41693406fe",
             wrong_hints={"3/10": N_("That is b / (p + 2b), the bluffs' share of the whole betting range: the question "
                                  "asks bluffs per value hand, b / (p + b)."),
                          "4/7": N_("That is p / (p + b), how often IP calls: bluffs per value hand is b / (p + b).")},
             text="Pot-Limit Omaha river, heads-up. The pot is 120; OOP holds either the nuts or air and bets 90. At "
                  "the equilibrium, how many **bluffs per value hand** does OOP bet? Give a fraction."),
    Question("q2", "fraction", 2, ("R18",),
             N_("A bluff wins p when IP folds and loses b when IP calls: OOP is indifferent when IP calls p / (p + b)."),
             digest="b41b5f2fc64221a636af6533ba8904a0ce78b77c08d731acdeb960b412573cab",
             wrong_hints={"3/7": N_("That is b / (p + b), the bluffs per value hand: IP calls p / (p + b).")},
             text="Same bet. How often must IP's bluff-catcher **call** (a fraction)?"),
    Question("q3", "players", 1, ("R18",),
             N_("Without bluffs the kings could fold to every bet: the air bets too, some of the time (section 2 of "
             "lesson 18)."),
             digest="5f920496bb0c9a80320e1d2c5acbeed9f05136d07beb6d32101f2d904519857a",
             text="On lesson 18's river `Ah Kd 7c 4s 2h` (pot 100, a pot-sized bet, no raises, IP cannot bet) OOP holds "
                  "A `Ac As 9h 8h` (a set of aces) or B `9s 8s 6d 5h` (nine-high air). Which of these hands bet at "
                  "least some of the time at the equilibrium? Check with `solve()`."),
    Question("q4", "yesno", 1, ("R18",),
             N_("IP calls p / (p + b): the bigger the bet b, the smaller the share. Compare the solves with bets=('pot',) "
             "and bets=('50%',)."),
             digest="6ea6c8c6da16924f2076211e3b7d9ee2cd738e16781d6c511e06541800f0b677",
             text="On the same river, does the bluff-catcher call **less often** facing a pot-sized bet than facing a "
                  "half-pot bet? (`True`/`False` or yes/no)"),
    Question("q5", "fraction", 2, ("R11", "R18"),
             N_("Calling a value hand, the catcher gets back a quarter of the final pot, (p + 2b) / 4: it loses only "
             "b - (p + 2b)/4, so bluffs : value = (b - (p + 2b)/4) : (p + b)."),
             digest="33ef4cb6da8dbb6a62c221bbac3b3a401235f5d66715149e517d711cbbed3e64",
             wrong_hints={"9/19": N_("That is the ratio when the catcher is scooped: this one ties the low and is "
                                 "quartered (R11).")},
             text="Omaha Hi-Lo river `2h 4d 7c Kh Ks`, pot 100. OOP holds kings full with the nut low `7-4-3-2-A` or "
                  "air with no low; IP's bluff-catcher `Ad 3d Jd Jh` holds the **same nut low**. OOP bets 90. How "
                  "many bluffs per value hand at the equilibrium (a fraction)?"),
    Question("q6", "yesno", 1, ("R11",),
             N_("At half the pot the quarter the catcher gets back, (100 + 2*50) / 4, equals the call: it never folds, "
             "so a bluff can never win. Check with solve(..., game='hilo', bets=('50%',))."),
             digest="28850b25236e46548362d13d0d9f6f6c4affc618d9c7c6e3a53708048ac4c43d",
             text="Same Hi-Lo river, but OOP bets **half the pot**, 50. Does OOP's air bluff at all at the "
                  "equilibrium? (`True`/`False` or yes/no)"),
])
"""The questions of exercise 12."""

check = EXERCISE.check
