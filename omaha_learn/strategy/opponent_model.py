"""The coach's model of the opponents' hands: a range from the chart, by position and preflop action.

This is the one place the model lives (``docs/coach.md`` explains it in words).

* Positions are counted back from the button: ``BTN``, ``CO``, ``HJ``, then
  ``UTG`` (and ``UTG+1``... at tables of more than six); ``SB`` and ``BB`` are the
  blinds; heads-up the button is ``BTN`` (it posts the small blind, R14).
* Ranges are shares of the starting-hand chart in its six-handed order
  (:meth:`~omaha_learn.StartingHands.order` with ``six_handed=True``): "top 15%"
  is the best classes holding 15% of all 270,725 hands.
* Each opponent still in gets a range from its **last preflop action** and the
  number of raises before it (:data:`OPEN`, :data:`CALL`, :data:`RERAISE`,
  :data:`FOUR_BET`, :data:`CALL_RERAISE`, :data:`LIMP`); an opponent who has
  not acted yet gets the range it would continue with.
* Betting after the flop does **not** narrow a range (the model is preflop only).

:class:`~omaha_learn.strategy.players.ChartPlayer` plays exactly these ranges, so
against it the estimate is right; against other players it is a guess, and says so.

>>> from omaha_learn.engine.betting.state import HandState
>>> from omaha_learn.strategy.seat_view import seat_view
>>> hand = HandState([100] * 6, game="plo", button=5, seed=2)
>>> hand.play("r7 f f f")            # UTG opens, HJ, CO and the button fold
>>> est = estimate_ranges(seat_view(hand))      # the small blind to act
>>> print(est[2])
seat 2 (UTG) raised first in from UTG: top 15% of the six-handed order (15%6h)
>>> print(est[1])
seat 1 (BB) has not acted yet, facing a raise: assumed to continue with its calling range: top 30% of the six-handed order (30%6h)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import CardsLike
from omaha_learn.engine.games import Game
from omaha_learn.strategy.canonical import HANDS, canonical_key, hand_classes
from omaha_learn.strategy.ranges import Range
from omaha_learn.strategy.seat_view import SeatView

__all__ = ["OPEN", "CALL", "RERAISE", "FOUR_BET", "CALL_RERAISE", "LIMP", "RangeEstimate", "estimate_ranges",
           "positions", "chart_range", "top_share", "raises_before", "range_text", "share_text"]

OPEN: dict[str, float] = {"UTG": 0.15, "HJ": 0.20, "CO": 0.27, "BTN": 0.40, "SB": 0.30, "BB": 0.15}
"""Raise first in (nobody has raised yet): the top share of hands by position."""
CALL: dict[str, float] = {"UTG": 0.12, "HJ": 0.14, "CO": 0.18, "BTN": 0.22, "SB": 0.16, "BB": 0.30}
"""Continue against one raise (call, or re-raise with the top :data:`RERAISE`): top share by position."""
RERAISE = 0.05
"""Re-raise (3-bet) a single raise: the top share."""
FOUR_BET = 0.02
"""Raise again after a re-raise (4-bet or more): the top share."""
CALL_RERAISE = 0.08
"""Continue against a re-raise (call, or raise again with the top :data:`FOUR_BET`): the top share."""
LIMP = 0.50
"""Call the big blind when nobody has raised (a limp; the chart player never limps): the top share."""


def positions(n: int, button: int) -> dict[int, str]:
    """Position name of every seat of an ``n``-handed table with the ``button``.

    >>> positions(6, 0)
    {1: 'SB', 2: 'BB', 3: 'UTG', 4: 'HJ', 5: 'CO', 0: 'BTN'}
    >>> positions(2, 1), positions(8, 0)[4]
    ({1: 'BTN', 0: 'BB'}, 'UTG+1')
    """
    if n == 2:
        return {button: "BTN", (button + 1) % 2: "BB"}
    out = {(button + 1) % n: "SB", (button + 2) % n: "BB"}
    middle = [(button + k) % n for k in range(3, n)]          # first to act preflop .. the seat before the button
    late = ["HJ", "CO"][-len(middle):] if middle else []
    early = len(middle) - len(late)
    names = ["UTG" if k == 0 else f"UTG+{k}" for k in range(early)] + late
    out.update(zip(middle, names, strict=True))
    out[button] = "BTN"
    return out


def _base(position: str) -> str:
    return "UTG" if position.startswith("UTG") else position


@functools.cache
def _order(game: Game) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Class numbers in six-handed order, and the share of hands ranked above each class (by class number)."""
    from omaha_learn.strategy.chart import starting_hands

    order = starting_hands(game).order(six_handed=True)
    combos = hand_classes().combos[order]
    before = np.zeros(len(order), dtype=np.float64)
    before[order] = (np.cumsum(combos) - combos) / HANDS
    return order, before


def top_share(hole: CardsLike, game: str | Game) -> float:
    """The share of all hands ranked above ``hole``'s class in the six-handed order (0 for the best class).

    ``hole`` is in the "top x" range exactly when ``top_share(hole) < x``.

    >>> top_share("As Ad Ks Kd", "plo") < 0.001 < top_share("9c 6d 4h 2s", "plo")
    True
    """
    g = Game.parse(game)
    return float(_order(g)[1][hand_classes().index_of_key(canonical_key(hole))])


def share_text(lo: float, hi: float) -> str:
    """The share in words: ``'top 15%'``, ``'5%-20%'`` (a slice), ``'any hand'``."""
    if lo <= 0 and hi >= 1:
        return "any hand"
    if lo <= 0:
        return f"top {100 * hi:g}%"
    return f"the {100 * lo:g}%-{100 * hi:g}% slice"


def range_text(lo: float, hi: float) -> str:
    """The range-language text of a six-handed-order share: ``'15%6h'``, ``'5%-20%6h'``."""
    if lo <= 0:
        return f"{100 * hi:g}%6h"
    return f"{100 * lo:g}%-{100 * hi:g}%6h"


@functools.cache
def chart_range(game: Game, lo: float, hi: float) -> Range:
    """The hands of the chart's six-handed order from share ``lo`` to ``hi`` (classes that start in it)."""
    order, before = _order(game)
    chosen = (before >= lo) & (before < hi)
    rows = np.flatnonzero(chosen[hand_classes().class_of]).astype(np.int64)
    rows.flags.writeable = False
    return Range(range_text(lo, hi), rows, game.value)


@dataclass(frozen=True)
class RangeEstimate:
    """One opponent's assumed range: ``text`` in the range language, ``reason`` in words."""

    seat: int
    position: str
    reason: str
    lo: float
    hi: float
    game: Game

    @property
    def text(self) -> str:
        return range_text(self.lo, self.hi)

    @property
    def range(self) -> Range:
        return chart_range(self.game, self.lo, self.hi)

    def __str__(self) -> str:
        return f"seat {self.seat} ({self.position}) {self.reason} ({self.text})"


def raises_before(view: SeatView, index: int) -> int:
    """Bets and raises made preflop before history entry ``index`` (the blinds are not raises)."""
    return sum(1 for street, _, a in view.history[:index] if street == 0 and a.kind in ("bet", "raise"))


def _estimate(view: SeatView, seat: int, position: str) -> RangeEstimate:
    base = _base(position)
    own = [(k, a) for k, (street, s, a) in enumerate(view.history) if street == 0 and s == seat]

    def make(reason: str, lo: float, hi: float) -> RangeEstimate:
        words = share_text(lo, hi)
        order = "" if words == "any hand" else " of the six-handed order"
        if view.street_index > 0:
            order += "; later betting does not narrow it"
        return RangeEstimate(seat, position, f"{reason}: {words}{order}", lo, hi, view.game)

    if not own:
        total_raises = raises_before(view, len(view.history)) if view.street_index == 0 else 0
        if total_raises:
            return make("has not acted yet, facing a raise: assumed to continue with its calling range",
                        0.0, CALL[base])
        if seat == view.bb_seat:
            return make("has not acted yet in the big blind", 0.0, 1.0)
        return make("has not acted yet: assumed to play only the hands it would open", 0.0, OPEN[base])
    k, action = own[-1]
    before = raises_before(view, k)
    if action.kind in ("bet", "raise"):
        if before == 0:
            return make(f"raised first in from {position}", 0.0, OPEN[base])
        if before == 1:
            return make(f"re-raised from {position}", 0.0, RERAISE)
        return make(f"raised again (a 4-bet or more) from {position}", 0.0, FOUR_BET)
    if action.kind == "call":
        if before == 0:
            return make(f"limped (called the blind) from {position}", 0.0, LIMP)
        if before == 1:
            return make(f"called a raise from {position}", RERAISE, CALL[base])
        return make(f"called a re-raise from {position}", FOUR_BET, CALL_RERAISE)
    return make("checked its option in the big blind", 0.0, 1.0)


def estimate_ranges(view: SeatView) -> dict[int, RangeEstimate]:
    """The assumed range of every opponent still in, by seat, from what ``view`` shows (see the module notes)."""
    names = positions(view.n, view.button)
    return {s: _estimate(view, s, names[s]) for s in view.opponents}
