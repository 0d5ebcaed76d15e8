"""Exercise 11, position, stack-to-pot ratio and multiway pots (R2, R13, R15, R18): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`): the
button's seat at a six-handed table (q1-q2) and both stacks of a heads-up hand
(q3-q5) come from the class seed (:data:`SEED`, practice copies and the key)
or the learner's. Who acts first and last moves with the button; the SPR and
the street where pot-sized bets put both players all in move with the stacks.
The pot on the flop (q3) is the same for every stack the deal gives (a pot
raise of the blinds is always 12 chips in the middle), and q6-q8 ask about
fixed hands and the chart, the same for everyone. Every answer is what the
engine says (:func:`answers`: a :class:`omaha_learn.HandState` played out;
outs by :func:`omaha_learn.best_high` over every turn card; ranks and ranges
from the shipped starting-hand chart); none is stored.

>>> DEAL.current_seed = SEED
>>> check("q3", 12)
q3: correct (1/1 points)
>>> check("q5", "flop")
q5: not yet (0/1 points). R18: A pot-sized bet and a call triple the pot: count the pots left behind on the flop, turn and river. (rules: docs/rules.md#r18)
"""

from __future__ import annotations

import functools
import hashlib
import math
from dataclasses import dataclass
from fractions import Fraction

from omaha_learn.checks.deals import Deal
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.betting.state import HandState
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "PositionDeal", "deal", "answers", "STACKS", "DRAW", "DRAW_POT", "DRAW_BET",
           "MOVERS", "RANGES", "EXERCISE", "check"]

SEED = 1111
"""The class seed: the deal of the key and of practice copies."""
STACKS = (15, 120)
"""Questions q3-q5: both heads-up stacks are one number from this range (blinds 1/2): all in on the flop,
the turn or the river."""
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


@dataclass(frozen=True)
class PositionDeal:
    """A learner's deal: its seed (the cards), the six-handed button's seat (0 = A) and the heads-up stacks."""

    seed: int
    button: int
    stack: int

    def table(self) -> HandState:
        """q1-q2: the six-handed hand, blinds 1/2, before anyone acts."""
        return HandState([200] * 6, game="plo", blinds=(1, 2), button=self.button, seed=self.seed,
                         names=list(PLAYERS[:6]))

    def heads_up(self) -> HandState:
        """q3-q5: heads-up, blinds 1/2, both stacks :attr:`stack`; the button (A) raises the pot, B calls."""
        hand = HandState([self.stack] * 2, game="plo", blinds=(1, 2), button=0, seed=self.seed, names=list("AB"))
        most = hand.legal_actions().max_to
        assert most is not None
        hand.raise_to(most)
        hand.call()
        return hand

    def __str__(self) -> str:
        t = self.table()
        return (f"six-handed: button {t.names[t.button]}, small blind {t.names[t.sb_seat]}, "
                f"big blind {t.names[t.bb_seat]}\nheads-up: both stacks {self.stack}")


def deal(seed: int = SEED) -> PositionDeal:
    """The deal for ``seed``: a button seat and a stack from :data:`STACKS`."""
    digest = hashlib.sha256(f"omaha-learn position\x00{seed}".encode()).digest()
    low, high = STACKS
    return PositionDeal(seed, digest[0] % 6, low + int.from_bytes(digest[1:3], "big") % (high - low + 1))


def _acting_order(d: PositionDeal) -> dict[str, list[str]]:
    """Who acts, in order, before the flop (everyone calls) and on the flop (everyone checks)."""
    hand = d.table()
    order: dict[str, list[str]] = {"preflop": [], "flop": []}
    while hand.street in order:
        order[hand.street].append(PLAYERS[hand.to_act])  # type: ignore[index]
        hand.check_or_call()
    return order


def _all_in_street(d: PositionDeal) -> str:
    """The street on which pot-sized bets and calls put both players all in."""
    hand = d.heads_up()
    street = hand.street
    while not hand.is_over and 0 not in hand.stacks:
        street = hand.street
        most = hand.legal_actions().max_to
        assert most is not None
        hand.bet(most)
        hand.call()
    return street


@functools.cache
def _fixed_answers() -> dict[str, object]:
    """q6-q8: the fixed hands and the chart (the same for everyone), computed once."""
    from omaha_learn.engine.cards import FULL_DECK, parse_cards
    from omaha_learn.engine.evaluation.hands import best_high
    from omaha_learn.strategy.chart import starting_hands
    from omaha_learn.strategy.ranges import parse_range

    a, b, flop = DRAW
    board = parse_cards(flop)
    seen = set(parse_cards(a)) | set(parse_cards(b)) | set(board)
    unseen = [c for c in FULL_DECK if c not in seen]
    outs = sum(1 for c in unseen if best_high(a, [*board, c]) > best_high(b, [*board, c]))
    need = Fraction(DRAW_BET) / Fraction(outs, len(unseen)) - (DRAW_POT + 2 * DRAW_BET)   # R2: implied odds
    chart = starting_hands("plo")
    gains = [Fraction(r.rank, r.rank6) for r in (chart.lookup(h) for h in MOVERS)]
    early, late = (len(parse_range(text, game="plo")) for text in RANGES)
    return {"q6": math.ceil(need), "q7": PLAYERS[gains.index(max(gains))], "q8": late - early}


def answers(d: PositionDeal) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    order = _acting_order(d)
    hand = d.heads_up()
    spr = Fraction(min(hand.stacks), hand.pot)
    return {"q1": order["preflop"][0], "q2": order["flop"][-1],                      # R15, R13
            "q3": hand.pot, "q4": [spr.numerator, spr.denominator],                  # R18
            "q5": _all_in_street(d), **_fixed_answers()}


DEAL: Deal[PositionDeal] = Deal("position", SEED, deal, answers, depends=("q1", "q2", "q4", "q5"))
"""The exercise's deal: a button seat and the heads-up stacks from the seed."""

EXERCISE = Exercise("position", [
    Question("q1", "player", 1, ("R15", "R13"),
             N_("Before the flop the player clockwise after the big blind acts first; the small blind sits left of the "
             "button, the big blind left of the small blind."),
             digest="",
             text="In your six-handed hand (its button printed above), who acts **first** before the flop?"),
    Question("q2", "player", 1, ("R15", "R13"),
             N_("After the flop the first player still in clockwise from the button acts first, so the button acts last."),
             digest="",
             text="Everybody calls before the flop. Who acts **last** on the flop?"),
    Question("q3", "int", 1, ("R18",),
             N_("The button raises the pot: call 1 more, then raise by the pot (1 + 2 + 1); the big blind calls."),
             digest="",
             text="Another hand, heads-up, blinds 1/2, both stacks as printed above (your deal). A (the button) raises the pot before the "
                  "flop and B (the big blind) calls. How many chips are in the pot on the flop?"),
    Question("q4", "ints", 2, ("R18",),
             N_("SPR = the smaller stack behind / the pot on the flop, as [numerator, denominator] in lowest terms."),
             digest="",
             text="What is the SPR on the flop? Give it as `[numerator, denominator]` in lowest terms."),
    Question("q5", "text", 1, ("R18",),
             N_("A pot-sized bet and a call triple the pot: count the pots left behind on the flop, turn and river."),
             digest="",
             text="From the flop on, the player to act bets the pot every street and the other calls. On which "
                  "street (`\"flop\"`, `\"turn\"` or `\"river\"`) are both players all in?"),
    Question("q6", "int", 2, ("R2",),
             N_("Count A's outs over the 41 unseen turn cards (a card that gives B a full house is no out); break even "
             "when chance x (pot after the call + later chips) = the call."),
             digest="",
             text="**Implied odds.** Pot-Limit Omaha, heads-up. On the flop `Th 7h 2c` the pot is 40; B holds `Ts "
                  "Td 4c 3s` (top set) and bets the pot, 40. A holds `Ah Qh 6d 5c` and thinks only of the turn "
                  "card. A turn card is an **out** when it puts A ahead of B."),
    Question("q7", "player", 1, ("R2",),
             N_("Compare row.rank / row.rank6 for both hands in starting_hands('plo'): the larger ratio moves up more."),
             digest="",
             text="In the Pot-Limit Omaha chart, which hand moves up more, relative to its heads-up rank, in the "
                  "six-handed order (the larger ratio `rank / rank6`): A `Ts 9h 8s 7h` or B `As Ah Qd 6c`?"),
    Question("q8", "int", 2, ("R2",),
             N_("Both ranges are top shares of the same six-handed order, so the smaller lies inside the larger: "
             "subtract their sizes (len(parse_range(..., game='plo')))."),
             digest="",
             text="A player opens `12%6h` of hands under the gun and `22%6h` from the cutoff (both from the "
                  "chart's six-handed order). How many concrete hands does the cutoff range hold that the "
                  "under-the-gun range does not?"),
], deal=DEAL)
"""The questions of exercise 11."""

check = EXERCISE.check
