"""The coach's model of the opponents' hands: a range from the chart, by position and preflop action.

This is the one place the model lives (``docs/coach.md`` explains it in words).

* Positions are counted back from the button: ``BTN``, ``CO``, ``HJ``, then
  ``UTG`` (and ``UTG+1``... at tables of more than six); ``SB`` and ``BB`` are the
  blinds; heads-up the button is ``BTN`` (it posts the small blind, R14).
* Ranges are shares of the coach's preflop order
  (:func:`~omaha_learn.strategy.preflop.preflop_order`, hand classes scored by
  structure; ``pf`` in the range language): "top 15%" is the best classes
  holding 15% of all 270,725 hands. The shares by position are the table of
  :mod:`~omaha_learn.strategy.preflop`.
* Each opponent still in gets a range from its **last preflop action** and the
  number of raises before it (:data:`OPEN`, :data:`CALL`, :data:`RERAISE`,
  :data:`FOUR_BET`, :data:`CALL_RERAISE`, :data:`LIMP`); an opponent who has
  not acted yet gets the range it would continue with.
* Betting after the flop narrows a range in the EV model
  (:func:`~omaha_learn.strategy.ev_model.narrow_rule`), not here.

:class:`~omaha_learn.strategy.players.ChartPlayer` plays exactly these ranges, so
against it the estimate is right; against other players it is a guess, and says so.

>>> from omaha_learn.engine.betting.state import HandState
>>> from omaha_learn.strategy.seat_view import seat_view
>>> hand = HandState([100] * 6, game="plo", button=5, seed=2)
>>> hand.play("r7 f f f")            # UTG opens, HJ, CO and the button fold
>>> est = estimate_ranges(seat_view(hand))      # the small blind to act
>>> print(est[2])
seat 2 (UTG) raised first in from UTG: top 15% of the preflop order (15%pf)
>>> print(est[1])
seat 1 (BB) has not acted yet, facing a raise: assumed to continue with its calling range: top 30% of the preflop order (30%pf)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from omaha_learn.engine.cards import CardsLike
from omaha_learn.engine.games import Game
from omaha_learn.i18n import N_, format_number, gettext
from omaha_learn.strategy.canonical import hand_classes
from omaha_learn.strategy.preflop import CALL, CALL_RERAISE, FOUR_BET, LIMP, OPEN, RERAISE, class_shares, preflop_share
from omaha_learn.strategy.ranges import Range
from omaha_learn.strategy.seat_view import SeatView

__all__ = ["OPEN", "CALL", "RERAISE", "FOUR_BET", "CALL_RERAISE", "LIMP", "RangeEstimate", "estimate_ranges",
           "positions", "chart_range", "top_share", "raises_before", "range_text", "share_text", "estimate_range"]



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


def top_share(hole: CardsLike, game: str | Game) -> float:
    """The share of all hands ranked above ``hole``'s class in the preflop order (0 for the best class);
    :func:`~omaha_learn.strategy.preflop.preflop_share`.

    >>> top_share("As Ad Ks Kd", "plo") < 0.001 < top_share("9c 6d 4h 2s", "plo")
    True
    """
    return preflop_share(hole, game)


def share_text(lo: float, hi: float) -> str:
    """The share in words: ``'top 15%'``, ``'5%-20%'`` (a slice), ``'any hand'``."""
    if lo <= 0 and hi >= 1:
        return "any hand"
    if lo <= 0:
        return f"top {100 * hi:g}%"
    return f"the {100 * lo:g}%-{100 * hi:g}% slice"


def range_text(lo: float, hi: float) -> str:
    """The range-language text of a share of the preflop order: ``'15%pf'``, ``'5%-20%pf'``."""
    if lo <= 0:
        return f"{100 * hi:g}%pf"
    return f"{100 * lo:g}%-{100 * hi:g}%pf"


@functools.cache
def chart_range(game: Game, lo: float, hi: float) -> Range:
    """The hands of the preflop order from share ``lo`` to ``hi`` (classes that start in it)."""
    before = class_shares(game)
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
    acted: bool = True
    """Whether the seat has acted preflop (else the range is what it would play, not what it showed)."""

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
        why = gettext(reason).format(position=position)
        if lo <= 0 and hi >= 1:
            text = gettext("{reason}: any hand")
        elif lo <= 0:
            text = gettext("{reason}: top {top}% of the preflop order")
        else:
            text = gettext("{reason}: the {low}%-{top}% slice of the preflop order")
        return RangeEstimate(seat, position, text.format(reason=why, low=_share(lo), top=_share(hi)), lo, hi,
                             view.game, bool(own))

    if not own:
        total_raises = raises_before(view, len(view.history)) if view.street_index == 0 else 0
        if total_raises:
            return make(N_("has not acted yet, facing a raise: assumed to continue with its calling range"),
                        0.0, CALL[base])
        if seat == view.bb_seat:
            return make(N_("has not acted yet in the big blind"), 0.0, 1.0)
        return make(N_("has not acted yet: assumed to play only the hands it would open"), 0.0, OPEN[base])
    k, action = own[-1]
    before = raises_before(view, k)
    if action.kind in ("bet", "raise"):
        if before == 0:
            return make(N_("raised first in from {position}"), 0.0, OPEN[base])
        if before == 1:
            return make(N_("re-raised from {position}"), 0.0, RERAISE)
        return make(N_("raised again (a 4-bet or more) from {position}"), 0.0, FOUR_BET)
    if action.kind == "call":
        if before == 0:
            return make(N_("limped (called the blind) from {position}"), 0.0, LIMP)
        if before == 1:
            return make(N_("called a raise from {position}"), RERAISE, CALL[base])
        return make(N_("called a re-raise from {position}"), FOUR_BET, CALL_RERAISE)
    return make(N_("checked its option in the big blind"), 0.0, 1.0)


def _share(x: float) -> str:
    """A share as a percentage number the way the language writes it (12.5, 12,5), without its sign."""
    text = f"{100 * x:g}"
    return format_number(float(text), len(text.split(".")[1]) if "." in text else 0)


def estimate_range(view: SeatView, seat: int) -> RangeEstimate:
    """The preflop range ``seat`` (any seat, the viewer's own too) shows by its public actions."""
    return _estimate(view, seat, positions(view.n, view.button)[seat])


def estimate_ranges(view: SeatView) -> dict[int, RangeEstimate]:
    """The assumed range of every opponent still in, by seat, from what ``view`` shows (see the module notes)."""
    names = positions(view.n, view.button)
    return {s: _estimate(view, s, names[s]) for s in view.opponents}
