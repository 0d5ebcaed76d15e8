"""Exercise 9, pot-limit decisions (R11, R14, R18): the checker.

The price of a call (the call over the pot after calling) comes from
:class:`omaha_learn.HandState`'s legal actions at pot-limit sizes, equities
from :func:`omaha_learn.equity` (exact), payouts from the hand's showdown.

>>> check("q2", [1, 3])
q2: correct (2/2 points)
>>> price(seeded_hand())
Fraction(1, 3)
"""

from __future__ import annotations

from fractions import Fraction

from omaha_learn.checks.core import PLAYERS, Exercise, Question
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.equity.api import equity

__all__ = ["SEED", "seeded_hand", "price", "all_in_spot", "quartered_river", "EXERCISE", "check",
           "ALL_IN", "QUARTERED", "FREEROLL"]

SEED = 909
"""The seed of the exercise's Pot-Limit Omaha hand."""

ALL_IN = ("Ah 6h 5d 4c", "Ts Tc 4d 2s", "Th 9h 5c")
"""Question q5: (A's hole, B's hole, flop): heads-up, B's pot-sized bet on the flop puts A all-in."""
QUARTERED = ("Ac 2d Js Jh", "As 2s Kc Kh", "4h 6d 7c Kd Qs")
"""Question q6: (A's hole, B's hole, board) of a heads-up pot-limit Hi-Lo hand."""
FREEROLL = ("As 2s 9d 8d", "Ad 2c Qh Qc", "3s 5d 8h Qs")
"""Question q7: (A's hole, B's hole, board on the turn): both hold the nut low."""


def _largest(hand: HandState) -> int:
    """The largest bet or raise-to the player to act may make (R18)."""
    largest = hand.legal_actions().max_to
    assert largest is not None, "no bet or raise is open"
    return largest


def seeded_hand() -> HandState:
    """The notebook's hand: three players A-C, blinds 2/4, C on the button; C raises to 14, A and B call;
    on the flop A bets the pot."""
    hand = HandState([400] * 3, game="plo", blinds=(2, 4), button=2, seed=SEED, names=list("ABC"))
    hand.raise_to(14)
    hand.call()
    hand.call()
    hand.bet(_largest(hand))
    return hand


def price(hand: HandState) -> Fraction:
    """The share of the final pot the player to act must win to call: call / (pot after the call)."""
    call = hand.legal_actions().to_call
    return Fraction(call, hand.pot + call)


def all_in_spot() -> HandState:
    """Question q5's spot: A (button, 18 chips) raises the pot, B calls; on the flop B bets the pot (A's stack)."""
    hero, villain, flop = ALL_IN
    spot = HandState([18, 200], game="plo", blinds=(1, 2), button=0, holes=[hero, villain], board=flop,
                     names=list("AB"))
    spot.play("r6 c")
    spot.bet(_largest(spot))
    return spot


def quartered_river() -> tuple[int, int]:
    """Question q6: (A's call, A's payout) when A calls B's pot-sized river bet, pot-limit Hi-Lo."""
    hole_a, hole_b, board = QUARTERED
    hand = HandState([300, 300], game="hilo", structure="pot", blinds=(1, 2), button=0,
                     holes=[hole_a, hole_b], board=board, names=list("AB"))
    hand.play("r6 c x b12 c x x")
    hand.bet(_largest(hand))
    call = hand.legal_actions().to_call
    hand.call()
    return call, hand.result.payouts[0]


def _q4() -> object:
    hand = seeded_hand()
    hand.raise_to(_largest(hand))
    p = price(hand)
    return [p.numerator, p.denominator]


def _q5() -> object:
    hero, villain, flop = ALL_IN
    share = equity([hero, villain], board=flop, game="plo")[0].equity_fraction
    return share > price(all_in_spot())


def _q7() -> object:
    hole_a, hole_b, board = FREEROLL
    result = equity([hole_a, hole_b], board=board, game="hilo")
    return PLAYERS[max(range(2), key=lambda i: result[i].equity)]


def _p2() -> object:
    p = price(seeded_hand())
    return [p.numerator, p.denominator]


EXERCISE = Exercise("pot_limit", [
    Question("q1", "int", 1, ("R18",),
             "To call, B matches A's bet: B has put nothing in on the flop yet.",
             expected=lambda: seeded_hand().legal_actions().to_call),
    Question("q2", "ints", 2, ("R18",),
             "The price is the call divided by the pot after the call (the pot before A's bet, A's bet, B's call); "
             "give it in lowest terms.",
             expected=_p2),
    Question("q3", "int", 2, ("R18",),
             "The largest raise is to the current bet + the pot (A's bet included) + the call.",
             expected=lambda: seeded_hand().legal_actions().max_to),
    Question("q4", "ints", 2, ("R18",),
             "C must call the whole raise; the pot after C's call holds the flop pot, A's bet, B's raise and C's call.",
             expected=_q4),
    Question("q5", "yesno", 2, ("R18", "R14"),
             "Compare A's equity to the river (computed exactly with equity(...)) with the price of the call.",
             expected=_q5),
    Question("q6", "int", 2, ("R11",),
             "Both hold the same low, so each gets a quarter of the final pot; B's kings take the high half.",
             expected=lambda: quartered_river()[1]),
    Question("q7", "player", 1, ("R11",),
             "Both will share the low half whatever comes; the freerolling player is the one ahead for the high half.",
             expected=_q7),
])
"""The questions of exercise 9."""

check = EXERCISE.check
