"""Range pools: a sample of each range's hands with their strengths on shared run-outs, and its narrowing.

The coach's EV model (:mod:`~omaha_learn.strategy.ev_model`) works on **pools**:
for every player it draws up to ``size`` hands from the player's range (card
removal: none holds the seat's own cards or a board card; weighted ranges are
drawn by weight), and it deals ``K`` shared run-outs of the board from the
cards the seat cannot see. Every pool hand is evaluated once on every run-out
it does not collide with (high, and low in Hi-Lo). A pool carries a weight per
hand: narrowing a range (:func:`narrow`) multiplies weights by 0 or 1, it never
draws new hands.

Nothing here widens a range silently: a range that card removal empties is
replaced by "any hand" and :attr:`Pool.relaxed` says so, in words, and the
coach shows it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.evaluation.batch import evaluate_high_low_many, evaluate_high_many
from omaha_learn.engine.games import Game
from omaha_learn.strategy.canonical import all_hands, hand_classes, hand_index
from omaha_learn.strategy.range_set import Range

__all__ = ["Pool", "Runouts", "make_runouts", "make_pool", "pair_matrix", "narrow", "bits_of", "shares_of",
           "strengths"]

Ints = npt.NDArray[np.int64]
U16 = npt.NDArray[np.uint16]
F64 = npt.NDArray[np.float64]
Bits = npt.NDArray[np.uint64]


def bits_of(cards: npt.NDArray[np.integer]) -> Bits:
    """One 52-bit mask per row of card numbers (0-51)."""
    c = np.asarray(cards, dtype=np.uint64)
    out: Bits = np.bitwise_or.reduce(np.left_shift(np.uint64(1), c), axis=-1).astype(np.uint64)
    return out


@dataclass(frozen=True)
class Runouts:
    """``K`` complete five-card boards that extend the known board, from the cards the seat cannot see."""

    boards: Ints
    bits: Bits
    game: Game
    qualifier: int | None

    @property
    def k(self) -> int:
        return int(self.boards.shape[0])


def make_runouts(board: tuple[int, ...], known: tuple[int, ...], k: int, rng: np.random.Generator,
                 game: Game, qualifier: int | None) -> Runouts:
    """``k`` run-outs of ``board`` (every river when the turn is known and ``k`` allows; one on the river)."""
    missing = 5 - len(board)
    unseen = np.array([c for c in range(52) if c not in set(known)], dtype=np.int64)
    if missing == 0:
        rows = np.array([board], dtype=np.int64)
    elif missing == 1 and k >= len(unseen):
        rows = np.array([(*board, int(c)) for c in unseen], dtype=np.int64)
    else:
        picks = np.argsort(rng.random((k, len(unseen))), axis=1)[:, :missing]
        extra = unseen[picks]
        rows = np.concatenate([np.tile(np.array(board, dtype=np.int64), (k, 1)), extra], axis=1)
    return Runouts(rows, bits_of(rows), game, qualifier)


@dataclass
class Pool:
    """Sampled hands of one range with their strengths on the run-outs and a weight per hand.

    ``hi``/``lo`` are ``(M, K)`` strengths (``lo`` is 0 without a qualifying low,
    ``None`` in PLO); ``valid[m, k]`` is False where hand ``m`` holds a card of
    run-out ``k``. ``weights`` start at 1 (or the range's weights) and narrowing
    sets some to 0. ``relaxed`` says how the range was changed to fit the cards
    (empty when it was not); ``size`` is the range's hand count after card removal.
    """

    name: str
    hands: Ints
    bits: Bits
    hi: U16
    lo: U16 | None
    valid: npt.NDArray[np.bool_]
    weights: F64
    size: int
    relaxed: str = ""
    history: list[str] = field(default_factory=list)

    @property
    def m(self) -> int:
        return int(self.hands.shape[0])

    @property
    def kept(self) -> float:
        """The share of the pool's starting weight still kept after narrowing."""
        return float(self.weights.sum() / self.start) if self.start else 0.0

    @property
    def start(self) -> float:
        return float(self._start)

    _start: float = 0.0

    def preflop_shares(self, game: Game) -> F64:
        """Each pool hand's share in the coach's preflop order (:func:`~omaha_learn.strategy.preflop.preflop_share`)."""
        from omaha_learn.strategy.preflop import class_shares

        idx = hand_index(self.hands)
        return np.asarray(class_shares(game)[hand_classes().class_of[idx]], dtype=np.float64)


def strengths(hands: Ints, runouts: Runouts, hand_bits: Bits) -> tuple[U16, U16 | None, npt.NDArray[np.bool_]]:
    m, k = hands.shape[0], runouts.k
    valid = (hand_bits[:, None] & runouts.bits[None, :]) == 0
    hi = np.zeros((m, k), dtype=np.uint16)
    lo = np.zeros((m, k), dtype=np.uint16) if runouts.game.has_low else None
    rows, cols = np.nonzero(valid)
    if len(rows):
        h, b = hands[rows], runouts.boards[cols]
        if lo is not None:
            hi[rows, cols], lo[rows, cols] = evaluate_high_low_many(h, b, runouts.qualifier)
        else:
            hi[rows, cols] = evaluate_high_many(h, b)
    return hi, lo, valid


@functools.cache
def _all_hands64() -> Ints:
    """:func:`all_hands` as int64 (read-only; cached: a pool of any hand takes its rows from here)."""
    out = all_hands().astype(np.int64)
    out.flags.writeable = False
    return out


@functools.cache
def _all_bits() -> Bits:
    """The card mask of every hand of :func:`all_hands`, by row (read-only; cached)."""
    out = bits_of(_all_hands64())
    out.flags.writeable = False
    return out


def make_pool(name: str, r: Range | None, dead: tuple[int, ...], size: int, runouts: Runouts,
              rng: np.random.Generator) -> Pool:
    """A pool of up to ``size`` hands of ``r`` (``None``: any hand) holding none of the ``dead`` cards."""
    relaxed = ""
    dead_bits = bits_of(np.array(dead, dtype=np.int64)) if dead else np.uint64(0)
    all_bits = _all_bits()
    weights: F64 | None = None
    rows: Ints = np.zeros(0, dtype=np.int64)
    if r is not None:
        rows = np.asarray(r.rows, dtype=np.int64)
        weights = None if r.weights is None else np.asarray(r.weights, dtype=np.float64)
        keep = (all_bits[rows] & dead_bits) == 0
        if weights is not None:
            keep &= weights > 0
        rows = rows[keep]
        weights = None if weights is None else weights[keep]
        if len(rows) == 0:
            relaxed = (f"no hand of its range ({r.text}) fits beside the cards you can see, so any hand "
                       "is assumed instead")
    if r is None or relaxed:
        rows = np.flatnonzero((all_bits & dead_bits) == 0)
        weights = None
    total = len(rows)
    if total <= size:
        w = np.ones(total) if weights is None else weights.copy()
    else:
        p = None if weights is None else weights / weights.sum()
        rows = rows[rng.choice(total, size=size, replace=False, p=p)]
        w = np.ones(size)
    chosen = _all_hands64()[rows]
    hand_bits = all_bits[rows]
    hi, lo, valid = strengths(chosen, runouts, hand_bits)
    pool = Pool(name, chosen, hand_bits, hi, lo, valid, w.astype(np.float64), total, relaxed)
    pool._start = float(pool.weights.sum())
    return pool


def _beats(x: U16, a: U16) -> npt.NDArray[np.uint8]:
    """2 where ``x`` is stronger, 1 where tied, 0 where weaker: ``(k, m_x, m_a)`` from ``(k, m_x)`` and ``(k, m_a)``."""
    xs, as_ = x[:, :, None], a[:, None, :]
    return (xs > as_).view(np.uint8) + (xs >= as_).view(np.uint8)


def _pair_quarters(hi_x: U16, lo_x: U16 | None, hi_a: U16, lo_a: U16 | None) -> npt.NDArray[np.uint8]:
    """Quarters of a heads-up pot that ``x`` wins against ``a`` on each run-out (R11), ``(k, m_x, m_a)``, from
    run-out-major strengths ``(k, m_x)`` and ``(k, m_a)``: 4 a scoop, 2 a half, 1 or 3 a quarter's difference."""
    hi = _beats(hi_x, hi_a)
    if lo_x is None or lo_a is None:
        return hi + hi
    any_low = (lo_x > 0)[:, :, None] | (lo_a > 0)[:, None, :]
    return np.where(any_low, hi + _beats(lo_x, lo_a), hi + hi)


def pair_matrix(x: Pool, a: Pool, k_max: int | None = None) -> F64:
    """``P[i, j]``: the average share of the pot hand ``x[i]`` wins heads-up against ``a[j]`` over the
    run-outs neither collides with (``nan`` when the two hands share a card).

    Every pair on every run-out compared at once, in whole quarters of the pot, so the sums are exact."""
    k = x.hi.shape[1] if k_max is None else min(k_max, x.hi.shape[1])

    def by_runout(v: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return np.ascontiguousarray(v[:, :k].T)

    quarters = _pair_quarters(by_runout(x.hi), None if x.lo is None else by_runout(x.lo),
                              by_runout(a.hi), None if a.lo is None else by_runout(a.lo))
    ok = by_runout(x.valid)[:, :, None] & by_runout(a.valid)[:, None, :]
    quarters *= ok
    total = np.zeros((x.m, a.m), dtype=np.int32)     # summed run-out by run-out: numpy's own sum over the
    count = np.zeros((x.m, a.m), dtype=np.int32)     # first axis with a wider dtype is several times slower
    for j in range(k):
        total += quarters[j]
        count += ok[j]
    clash = (x.bits[:, None] & a.bits[None, :]) != 0
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(clash | (count == 0), np.nan, (total / 4) / np.maximum(count, 1))
    return np.asarray(out, dtype=np.float64)


def shares_of(matrix: F64, weights: F64) -> F64:
    """Each row hand's equity against the column pool weighted by ``weights`` (clashing pairs left out)."""
    ok = ~np.isnan(matrix)
    w = np.where(ok, weights[None, :], 0.0)
    num = np.nansum(np.where(ok, matrix, 0.0) * w, axis=1)
    den = w.sum(axis=1)
    return np.asarray(np.where(den > 0, num / np.maximum(den, 1e-300), 0.5), dtype=np.float64)


def narrow(weights: F64, score: F64, keep: list[tuple[float, float]]) -> F64:
    """``weights`` kept only for the hands whose rank by ``score`` (best first, by weight) falls in one of
    the ``keep`` share slices ``(lo, hi)``: ``(0, 0.25)`` is the best quarter of the range."""
    live = weights > 0
    if not live.any():
        return weights
    order = np.argsort(-score, kind="stable")
    w = weights[order]
    total = w.sum()
    before = (np.cumsum(w) - w) / total
    mid = before + w / (2 * total)
    chosen = np.zeros(len(w), dtype=bool)
    for lo, hi in keep:
        chosen |= (mid >= lo) & (mid < hi)
    if not (chosen & (w > 0)).any():          # keep at least the hand nearest the first slice
        first = np.flatnonzero(w > 0)
        chosen[first[np.argmin(np.abs(mid[first] - keep[0][0]))]] = True
    out = np.zeros_like(weights)
    out[order] = np.where(chosen, w, 0.0)
    return out
