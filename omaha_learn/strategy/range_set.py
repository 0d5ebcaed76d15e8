"""The :class:`Range` object: a set of concrete four-card hands, optionally weighted.

Parsing lives in :mod:`omaha_learn.strategy.range_syntax` and
:func:`omaha_learn.strategy.ranges.parse_range`; the chart makes ranges too
(:meth:`omaha_learn.strategy.chart.StartingHands.range`), so this module imports neither.

Weights follow ProPokerTools' weighted ranges (``AA**@100,KK**@50``): a hand's
weight is how many times it sits in the bag a hand is drawn from, so only
ratios matter. They are stored divided by 100 (``@50`` is 0.5) and
:attr:`Range.weights` is None when every hand has weight 1. Set operations
on weighted ranges: ``a | b`` keeps the larger weight of a hand in both (as
ProPokerTools does for a hand weighted twice), ``a & b`` the smaller,
``a - b`` and :meth:`Range.without` keep ``a``'s weights; an unweighted range
counts as weight 1 everywhere.

>>> import numpy as np
>>> from omaha_learn.strategy.canonical import hand_index
>>> aces = hand_index([[48, 49, 50, 51]])
>>> r = Range("AsAhAdAc@50", aces, weights=np.array([0.5]))
>>> r.weights, r.combos, r
(array([0.5]), 1, Range('AsAhAdAc@50', 1 hands, weighted))
>>> (r | Range("AsAhAdAc", aces)).weights is None      # the larger weight, 1.0 (@100), wins
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.errors import RangeError
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.canonical import HANDS, all_hands, four_cards, hand_classes, hand_index

__all__ = ["Range"]

IdxArr = npt.NDArray[np.int64]
WeightArr = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Range(Sequence[tuple[Card, ...]]):
    """A set of concrete four-card hands, in the order of :func:`~omaha_learn.strategy.canonical.all_hands`.

    ``len(r)`` (also ``r.combos``) counts concrete hands; iterating yields each
    hand as a tuple of cards, high to low; ``hand in r`` tests membership;
    ``r.without(cards)`` removes the hands holding any of ``cards`` (card removal).
    ``r.weights`` is None, or the weight of each hand of ``r.hands`` (1.0 is
    ``@100``; see the module notes for how ``|``, ``&`` and ``-`` combine them).

    >>> from omaha_learn.strategy.ranges import parse_range
    >>> r = parse_range("AsAh2s3h,AA:KK")
    >>> len(r), r.classes, "As Ah 3h 2s" in r, format_cards(r[0]), r.weights
    (37, 4, True, 'Ad Ac Kd Kc', None)
    >>> len(r.without("Kc")), r.share < 0.001
    (19, True)
    """

    text: str
    rows: IdxArr = field(repr=False)
    game: str | None = None
    weights: WeightArr | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.weights is None:
            return
        w = np.asarray(self.weights, dtype=np.float64)
        if w.shape != (len(self.rows),):
            raise RangeError(_("weights: one weight per hand ({count}), got shape {shape}").format(count=len(self.rows), shape=w.shape))
        if len(w) and not (np.isfinite(w).all() and (w > 0).all()):
            raise RangeError(_("weights: every weight is a positive number (1.0 is @100)"))
        if (w == 1.0).all():
            object.__setattr__(self, "weights", None)
        else:
            w.flags.writeable = False
            object.__setattr__(self, "weights", w)

    @property
    def combos(self) -> int:
        """Number of concrete hands."""
        return int(len(self.rows))

    @property
    def share(self) -> float:
        """Fraction of all 270,725 hands in the range."""
        return len(self.rows) / HANDS

    @property
    def classes(self) -> int:
        """Number of suit-isomorphic classes the range touches."""
        return int(len(np.unique(hand_classes().class_of[self.rows])))

    @property
    def hands(self) -> npt.NDArray[np.int8]:
        """The hands as an ``(n, 4)`` array of card ints (ascending in each row)."""
        return all_hands()[self.rows]

    def weight_array(self) -> WeightArr:
        """The weight of every hand (ones when the range is not weighted)."""
        return np.ones(len(self.rows)) if self.weights is None else np.asarray(self.weights)

    def __len__(self) -> int:
        return int(len(self.rows))

    @overload
    def __getitem__(self, i: int) -> tuple[Card, ...]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[Card, ...]]: ...

    def __getitem__(self, i: int | slice) -> tuple[Card, ...] | Sequence[tuple[Card, ...]]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        row = all_hands()[self.rows[i]]
        return tuple(Card(int(c)) for c in row[::-1])

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        for row in all_hands()[self.rows]:
            yield tuple(Card(int(c)) for c in row[::-1])

    def __contains__(self, hand: object) -> bool:
        try:
            cards = four_cards(hand)  # type: ignore[arg-type]
        except CardError:
            return False
        i = int(hand_index([[int(c) for c in cards]])[0])
        j = int(np.searchsorted(self.rows, i))
        return j < len(self.rows) and int(self.rows[j]) == i

    def without(self, cards: CardsLike) -> Range:
        """The hands of the range that hold none of ``cards`` (card removal); weights are kept."""
        try:
            dead = parse_cards(cards, allow_duplicates=True)
        except CardError as exc:
            raise CardError(_("cards to remove: {exc}").format(exc=exc), exc.token, exc.position) from None
        if not dead:
            return self
        hit = np.isin(all_hands()[self.rows], np.array([int(c) for c in dead])).any(axis=1)
        weights = None if self.weights is None else self.weights[~hit]
        return Range(f"{self.text} without {format_cards(dead)}", self.rows[~hit], self.game, weights)

    def _combine(self, other: Range, text: str, rows: IdxArr, pick: str) -> Range:
        game = self.game or other.game
        if self.weights is None and other.weights is None:
            return Range(text, rows, game)
        a = _spread(self, rows)
        b = _spread(other, rows)
        if pick == "max":
            w = np.fmax(a, b)
        elif pick == "min":
            w = np.fmin(a, b)
        else:
            w = a
        return Range(text, rows, game, w)

    def __or__(self, other: Range) -> Range:
        return self._combine(other, f"{self.text},{other.text}", np.union1d(self.rows, other.rows), "max")

    def __and__(self, other: Range) -> Range:
        return self._combine(other, f"({self.text}):({other.text})", np.intersect1d(self.rows, other.rows), "min")

    def __sub__(self, other: Range) -> Range:
        return self._combine(other, f"({self.text})!({other.text})", np.setdiff1d(self.rows, other.rows), "left")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range) or not np.array_equal(self.rows, other.rows):
            return False
        if self.weights is None or other.weights is None:
            return self.weights is None and other.weights is None
        return bool(np.array_equal(self.weights, other.weights))

    def __hash__(self) -> int:
        return hash(self.rows.tobytes())

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        weighted = "" if self.weights is None else ", weighted"
        return f"Range({self.text!r}, {self.combos:,} hands{weighted})"


def _spread(r: Range, rows: IdxArr) -> WeightArr:
    """``r``'s weight for each of ``rows`` (NaN where the hand is not in ``r``)."""
    out = np.full(len(rows), np.nan)
    pos = np.searchsorted(r.rows, rows)
    pos = np.minimum(pos, max(len(r.rows) - 1, 0))
    hit = (r.rows[pos] == rows) if len(r.rows) else np.zeros(len(rows), dtype=bool)
    out[hit] = r.weight_array()[pos[hit]]
    return out
