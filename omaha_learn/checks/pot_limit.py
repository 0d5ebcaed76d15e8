"""Exercise 9, pot-limit decisions (R11, R14, R18): the checker.

Questions q1-q4 are about a Pot-Limit Omaha hand of every learner's own
(:mod:`omaha_learn.checks.deals`): three players A-C, C on the button; C
raises before the flop, A and B call, and A bets the pot on the flop. The
blinds (1/2, 2/4 or 5/10), the size of C's raise and the cards come from the class seed (:data:`SEED`,
practice copies and the key) or the learner's. The chips (q1, q3) change with
the deal; the prices (q2, q4) do not: a call of a pot-sized bet always costs a
third of the final pot, and a call of the largest raise over it two fifths,
whatever the pot (R18) - that is the lesson, so they are the same for everyone.
q5-q7 ask about fixed hands. Every answer is what the engine says
(:func:`answers`: :class:`omaha_learn.HandState`'s legal actions at pot-limit
sizes, exact equities from :func:`omaha_learn.equity`, the hand's showdown);
none is stored.

>>> DEAL.current_seed = SEED
>>> check("q2", [1, 3])
q2: correct (2/2 points)
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from fractions import Fraction

from omaha_learn.checks.deals import Deal
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.betting.state import HandState
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "PotLimitHand", "deal", "answers", "EXERCISE", "check", "ALL_IN", "QUARTERED",
           "FREEROLL", "STACK", "BLINDS", "BUTTON"]

SEED = 909
"""The class seed: the hand of the key and of practice copies."""
STACK = 1000
"""Every player's stack in the dealt hand: deep enough that no raise here is an all-in."""
BLINDS = ((1, 2), (2, 4), (5, 10))
"""The dealt hand's blinds: one of these."""
BUTTON = 2
"""C has the button: A posts the small blind, B the big blind, C acts first before the flop."""

ALL_IN = ("Ah 6h 5d 4c", "Ts Tc 4d 2s", "Th 9h 5c")
"""Question q5: (A's hole, B's hole, flop): heads-up, B's pot-sized bet on the flop puts A all-in."""
QUARTERED = ("Ac 2d Js Jh", "As 2s Kc Kh", "4h 6d 7c Kd Qs")
"""Question q6: (A's hole, B's hole, board) of a heads-up pot-limit Hi-Lo hand."""
FREEROLL = ("As 2s 9d 8d", "Ad 2c Qh Qc", "3s 5d 8h Qs")
"""Question q7: (A's hole, B's hole, board on the turn): both hold the nut low."""


def _largest(hand: HandState) -> int:
    most = hand.legal_actions().max_to
    if most is None:   # pragma: no cover - every spot here has a bet or raise open
        raise ValueError("no bet or raise is open")
    return most


def _price(hand: HandState) -> Fraction:
    """The share of the final pot the player to act must win to call: call / (pot after the call)."""
    call = hand.legal_actions().to_call
    return Fraction(call, hand.pot + call)


@dataclass(frozen=True)
class PotLimitHand:
    """A learner's hand: its seed (the cards), the blinds and C's raise before the flop."""

    seed: int
    blinds: tuple[int, int]
    raise_to: int

    def hand(self) -> HandState:
        """The hand as :class:`~omaha_learn.HandState`, at B's turn after A's pot-sized bet on the flop."""
        h = HandState([STACK] * 3, game="plo", blinds=self.blinds, button=BUTTON, seed=self.seed, names=list("ABC"))
        h.raise_to(self.raise_to)          # before the flop: C raises ...
        h.call()
        h.call()                           # ... A and B call
        h.bet(_largest(h))                 # on the flop A bets the pot
        return h

    def __str__(self) -> str:
        return "\n".join(self.hand().log)


def deal(seed: int = SEED) -> PotLimitHand:
    """The hand for ``seed``: blinds from :data:`BLINDS`; C raises at least the big blind more and at most
    the pot (R18): to 2 big blinds up to the small blind + 3 big blinds."""
    digest = hashlib.sha256(f"omaha-learn pot limit\x00{seed}".encode()).digest()
    small, big = BLINDS[digest[0] % len(BLINDS)]
    return PotLimitHand(seed, (small, big), 2 * big + digest[1] % (small + big + 1))


def _as_pair(p: Fraction) -> list[int]:
    return [p.numerator, p.denominator]


@functools.cache
def _fixed_answers() -> dict[str, object]:
    """q5-q7: the fixed hands (the same for everyone), computed once."""
    from omaha_learn.strategy.range_equity import equity

    hero, villain, flop = ALL_IN       # A (button, 18 chips) raises the pot, B calls; B bets the pot on the flop
    spot = HandState([18, 200], game="plo", blinds=(1, 2), button=0, holes=[hero, villain], board=flop,
                     names=list("AB"))
    spot.play("r6 c")
    spot.bet(_largest(spot))
    q5 = equity([hero, villain], board=flop, game="plo")[0].equity_fraction > _price(spot)    # R18, R14
    hole_a, hole_b, board = QUARTERED
    river = HandState([300, 300], game="hilo", structure="pot", blinds=(1, 2), button=0,
                      holes=[hole_a, hole_b], board=board, names=list("AB"))
    river.play("r6 c x b12 c x x")
    river.bet(_largest(river))
    river.call()
    assert river.result is not None
    hole_a, hole_b, turn = FREEROLL
    shares = equity([hole_a, hole_b], board=turn, game="hilo")
    return {"q5": q5, "q6": river.result.payouts[0],                                          # R11
            "q7": PLAYERS[max(range(2), key=lambda i: shares[i].equity)]}                     # R11


def answers(d: PotLimitHand) -> dict[str, object]:
    """The engine's answer to every question for the hand ``d``."""
    hand = d.hand()
    legal = hand.legal_actions()
    raised = d.hand()
    raised.raise_to(_largest(raised))
    return {"q1": legal.to_call, "q2": _as_pair(_price(hand)), "q3": legal.max_to,            # R18
            "q4": _as_pair(_price(raised)), **_fixed_answers()}


DEAL: Deal[PotLimitHand] = Deal("pot_limit", SEED, deal, answers, depends=("q1", "q3"))
"""The exercise's deal: a Pot-Limit Omaha hand and C's raise from the seed."""

EXERCISE = Exercise("pot_limit", [
    Question("q1", "int", 1, ("R18",),
             N_("To call, B matches A's bet: B has put nothing in on the flop yet."),
             digest="",
             text="In your hand (printed above), B is to act after A's pot-sized bet. How many chips does B need to call?"),
    Question("q2", "fraction", 2, ("R18",),
             N_("The price is the call divided by the pot after the call (the pot before A's bet, A's bet, B's call); "
             "give it in lowest terms."),
             digest="",
             text="What share of the final pot must B's call win to break even (the price of the call)? Give it as a fraction in lowest terms, `[numerator, denominator]`."),
    Question("q3", "int", 2, ("R18",),
             N_("The largest raise is to the current bet + the pot (A's bet included) + the call."),
             digest="",
             text="Instead of calling, B raises the maximum. To how much?"),
    Question("q4", "fraction", 2, ("R18",),
             N_("C must call the whole raise; the pot after C's call holds the flop pot, A's bet, B's raise and C's call."),
             digest="",
             text="After B's maximum raise, what is C's price to call, as `[numerator, denominator]` in lowest terms?"),
    Question("q5", "yesno", 2, ("R18", "R14"),
             N_("Compare A's equity to the river (computed exactly with equity(...)) with the price of the call."),
             digest="",
             text="Another hand, heads-up, blinds 1/2. A (the button, 18 chips) holds `Ah 6h 5d 4c` and raises the pot before the flop; B holds `Ts Tc 4d 2s` and calls. On the flop `Th 9h 5c` B bets the pot, which is all A has left. Should A call? Answer `True` or `False`. (Use `equity(...)` for A's share; compare it ..."),
    Question("q6", "int", 2, ("R11",),
             N_("Both hold the same low, so each gets a quarter of the final pot; B's kings take the high half."),
             digest="",
             text="Pot-limit Omaha Hi-Lo, heads-up, blinds 1/2: A (the button) holds `Ac 2d Js Jh`, B holds `As 2s Kc Kh`; the board will be `4h 6d 7c Kd Qs`. Before the flop A raises to 6 and B calls; on the flop B checks, A bets 12 and B calls; on the turn both check; on the river B bets the pot and A calls. How ..."),
    Question("q7", "player", 1, ("R11",),
             N_("Both will share the low half whatever comes; the freerolling player is the one ahead for the high half."),
             digest="",
             text="Omaha Hi-Lo, on the turn: A holds `As 2s 9d 8d`, B holds `Ad 2c Qh Qc`, the board is `3s 5d 8h Qs`. Both hold the nut low. Which player is freerolling: sure of a share of the low half and ahead for the high half?"),
], deal=DEAL)
"""The questions of exercise 9."""

check = EXERCISE.check
