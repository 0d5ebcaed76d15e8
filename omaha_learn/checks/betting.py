"""Exercise 6, positions and betting (R13-R19): the checker.

Questions q1-q10 are about the betting rules with fixed seats and sizes
("six players, the button on E"): a rule does not change with the cards, so
they are the same for everyone. Questions q11 and q12 are about a Pot-Limit
Omaha hand of every learner's own (:mod:`omaha_learn.checks.deals`): four
players A-D, blinds 1/2, D on the button; C raises before the flop, D, A and B
call, and A bets on the flop. The size of C's raise, A's bet and the cards
come from the class seed (:data:`SEED`, practice copies and the key) or the
learner's. Every answer is what :class:`omaha_learn.HandState` allows
(:func:`answers`); none is stored.

>>> DEAL.current_seed = SEED
>>> check("q7", 35)
q7: correct (2/2 points)
>>> check("q7", 25)
q7: not yet (0/2 points). R18: The raise may add the pot after calling: the call (10) plus the pot after the call (5 + 10 + 10). (rules: docs/rules.md#r18)
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from omaha_learn.checks.deals import Deal
from omaha_learn.checks.questions import Exercise, Question
from omaha_learn.engine.betting.state import HandState
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "BettingHand", "deal", "answers", "EXERCISE", "check", "STACK", "BLINDS", "BUTTON"]

SEED = 606
"""The class seed: the hand of the key and of practice copies."""
STACK = 300
"""Every player's stack in the dealt hand."""
BLINDS = (1, 2)
"""The dealt hand's blinds."""
BUTTON = 3
"""D has the button: A posts the small blind, B the big blind, C acts first."""


@dataclass(frozen=True)
class BettingHand:
    """A learner's hand: its seed (the cards), C's raise before the flop and A's bet on the flop."""

    seed: int
    raise_to: int
    bet: int

    def hand(self) -> HandState:
        """The hand as :class:`~omaha_learn.HandState`, at B's turn on the flop."""
        h = HandState([STACK] * 4, game="plo", blinds=BLINDS, button=BUTTON, seed=self.seed, names=list("ABCD"))
        h.raise_to(self.raise_to)                 # before the flop: C raises ...
        h.call()
        h.call()
        h.call()                                  # ... D, A and B call
        h.bet(self.bet)                           # on the flop A bets
        return h

    def __str__(self) -> str:
        return "\n".join(self.hand().log)


def deal(seed: int = SEED) -> BettingHand:
    """The hand for ``seed``: C raises to 4-7 (a legal pot-limit raise), A bets 2 to the pot on the flop."""
    digest = hashlib.sha256(f"omaha-learn betting\x00{seed}".encode()).digest()
    raise_to = 4 + digest[0] % 4                  # R18: at least the big blind more, at most the pot
    pot = 4 * raise_to
    return BettingHand(seed, raise_to, 2 + int.from_bytes(digest[1:3], "big") % (pot - 1))


@functools.cache
def _rules_answers() -> dict[str, object]:
    """q1-q10: what :class:`HandState` does with the fixed seats and sizes the questions name (R13-R19)."""
    def letters(*seats: int | None) -> str:
        return "".join("ABCDEF"[s] for s in seats if s is not None)

    out: dict[str, object] = {}
    h = HandState([100] * 6, game="plo", blinds=(1, 2), button=4, seed=1)
    out["q1"] = letters(h.sb_seat, h.bb_seat)                                      # R13: button on E
    h = HandState([100, 100], game="plo", blinds=(1, 2), button=0, seed=1)
    first = h.to_act
    h.call()
    h.check()
    out["q2"] = letters(first, h.to_act)                                           # R14, R15: heads-up
    h = HandState([100] * 6, game="plo", blinds=(1, 2), button=2, seed=1)
    first = h.to_act
    for _ in range(5):
        h.call()
    h.check()
    out["q3"] = letters(first, h.to_act)                                           # R15: button on C
    h = HandState([1000] * 3, game="plo", blinds=(5, 10), button=2, seed=1)
    h.call()
    h.call()
    h.check()
    h.bet(10)
    h.raise_to(30)
    h.call()
    out["q4"] = not (h.street == "flop" and h.to_act == 0)                         # R16: A still to act
    h = HandState([100] * 3, game="hilo", blinds=(1, 2), button=2, seed=1)        # fixed limit $2/$4
    h.call()
    h.call()
    h.check()
    h.check()
    h.check()
    h.check()
    bet = h.legal_actions().min_to
    assert bet is not None
    h.bet(bet)
    out["q5"] = [bet, h.legal_actions().min_to]                                    # R17: the turn's big bet
    h = HandState([100] * 4, game="hilo", blinds=(1, 2), button=3, seed=1)
    for _ in range(3):
        h.call()
    h.check()
    for _ in range(4):
        h.act("raise" if any(h.bets) else "bet", h.legal_actions().min_to)
    out["q6"] = max(h.bets)                                                        # R17: capped
    h = HandState([1000] * 4, game="plo", blinds=(5, 10), button=3, seed=1)
    out["q7"] = h.legal_actions().max_to                                           # R18
    h = HandState([1000] * 4, game="plo", blinds=(5, 10), button=3, seed=1)
    h.raise_to(25)
    h.call()
    h.call()
    h.call()  # 100 in the pot
    h.bet(30)
    h.call()
    out["q8"] = h.legal_actions().max_to                                           # R18
    h = HandState([100, 100, 40, 100], game="plo", blinds=(5, 10), button=3, seed=1)
    h.call()
    h.call()
    h.call()
    h.check()
    h.bet(20)
    h.call()
    h.raise_to(30)
    h.call()
    out["q9"] = h.to_act == 0 and h.legal_actions().can_raise                      # R19: a short all-in
    h = HandState([100, 100, 42, 55], game="plo", blinds=(5, 10), button=3, seed=1)
    h.call()
    h.call()
    h.call()
    h.check()
    h.bet(20)
    h.call()
    h.raise_to(32)
    h.raise_to(45)
    out["q10"] = h.to_act == 0 and h.legal_actions().can_raise                     # R19: two together
    return out


def answers(d: BettingHand) -> dict[str, object]:
    """The engine's answer to every question for the hand ``d``."""
    legal = d.hand().legal_actions()
    return {**_rules_answers(), "q11": legal.max_to, "q12": legal.min_to}          # R18


DEAL: Deal[BettingHand] = Deal("betting", SEED, deal, answers, depends=("q11", "q12"))
"""The exercise's deal: a Pot-Limit Omaha hand, its raise and bet sizes, from the seed."""

EXERCISE = Exercise("betting", [
    Question("q1", "player_order", 1, ("R13",),
             N_("The small blind is the first player clockwise (left) of the button, the big blind the next one."),
             digest="",
             text="Six players A-F, the button is on E. Who posts the small blind, and who the big blind? (Two letters in that order, e.g. `\"BC\"`.)"),
    Question("q2", "player_order", 2, ("R14", "R15"),
             N_("Heads-up the button posts the small blind, acts first before the flop and last after it."),
             digest="",
             text="Heads-up: A has the button, B is the other player. Who acts first before the flop, and who acts first on the flop? (Two letters in that order.)"),
    Question("q3", "player_order", 2, ("R15",),
             N_("Before the flop: the player after the big blind. After it: the first player still in, clockwise "
             "from the button."),
             digest="",
             text="Six players A-F, the button is on C, nobody folds before the flop. Who acts first before the flop, and who first on the flop?"),
    Question("q4", "yesno", 1, ("R16",),
             N_("A round ends only when everyone still in has put in the same amount; A has not matched 30 yet."),
             digest="",
             text="On the flop A bets 10, B raises to 30, C calls 30. Is the betting round over? (`True` or `False`)"),
    Question("q5", "ints", 2, ("R17",),
             N_("In $2/$4 the turn and river use the big bet: $4 steps."),
             digest="",
             text="Fixed limit $2/$4, on the turn: A bets and B raises. How much is A's bet, and how much is B's total bet after raising? (A list `[bet, raise_to]`.)"),
    Question("q6", "int", 1, ("R17",),
             N_("On the flop the steps are $2; a bet and three raises make four steps and then the betting is capped."),
             digest="",
             text="Fixed limit $2/$4 with four players, on the flop: a bet and three raises. How much is the total bet each player must now match?"),
    Question("q7", "int", 2, ("R18",),
             N_("The raise may add the pot after calling: the call (10) plus the pot after the call (5 + 10 + 10)."),
             digest="",
             text="Pot limit, blinds 5/10, the first player to act before the flop raises the maximum. To how much?"),
    Question("q8", "int", 2, ("R18",),
             N_("P counts the earlier pot and every bet in front of the players; the new bet is current bet + P + C."),
             digest="",
             text="Pot limit, 100 chips in the pot from earlier streets. On the turn A bets 30, B calls 30. C raises the maximum: to how much?"),
    Question("q9", "yesno", 2, ("R19",),
             N_("C's all-in raised by 10, less than the full raise of 20, so A and B, who already acted on the full "
             "bet, may only call or fold."),
             digest="",
             text="A bets 20, B calls, C goes all-in for 30 in total, D calls. When the action returns to A, may A raise? (`True` or `False`)"),
    Question("q10", "yesno", 2, ("R19",),
             N_("Add up the short all-in raises made in a row: 12 + 13 compared with the full bet of 20."),
             digest="",
             text="A bets 20, B calls, C goes all-in to 32, D goes all-in to 45. May A raise when the action returns? (`True` or `False`)"),
    Question("q11", "int", 2, ("R18",),
             N_("Count the pot P: everything put in before the flop plus A's bet; B needs C = A's bet to call; "
             "the largest raise goes to A's bet + P + C."),
             digest="",
             text="Your hand (printed above): it is B's turn on the flop. What is the most B may raise to?"),
    Question("q12", "int", 1, ("R18",),
             N_("A raise must be at least as large as the largest bet or raise so far in this round (A's bet)."),
             digest="",
             text="And the least B may raise to?"),
], deal=DEAL)
"""The questions of exercise 6."""

check = EXERCISE.check
