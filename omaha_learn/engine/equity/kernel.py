"""Numpy kernels behind :func:`omaha_learn.equity`: Omaha strengths for many
boards at once, the shared-triple enumeration of every remaining board, and
the outcome counts that equity, scoop and split rates are read from.

Cards are ints ``0..51`` (``rank * 4 + suit``). A five-card hand made of a hole
pair and a board triple (R2, R10) is looked up by an *additive rank key*: each
rank has a weight (:data:`RANK_WEIGHTS`) chosen so that the sums over every
five-card rank multiset differ, so ``key(pair) + key(triple)`` indexes a small
table without sorting. The flush table sits after the non-flush one.

>>> import numpy as np
>>> from omaha_learn.engine.cards import parse_cards
>>> hi, lo = best_strengths(np.array(parse_cards("As Ah 2s 3h")), np.array([parse_cards("4c 7d 8s Kh Qc")]))
>>> int(hi[0]) > 0, int(lo[0]) >= low_threshold(8)
(True, True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.evaluation.tables import (
    _class_lookups,
    _rank_multisets,
    cached_array,
    colex_combinations,
    low_threshold,
)

__all__ = [
    "RANK_WEIGHTS",
    "key_tables",
    "best_strengths",
    "board_keys",
    "triple_strengths",
    "boards_from_triples",
    "board_blocks",
    "outcome_codes",
    "low_threshold",
]

RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Smallest increasing weights whose five-card sums (no rank over four times) are all distinct."""
MAX_KEY = 4 * RANK_WEIGHTS[12] + RANK_WEIGHTS[11]
FLUSH_OFFSET = MAX_KEY + 1

U16 = npt.NDArray[np.uint16]
I64 = npt.NDArray[np.int64]
IntArr = npt.NDArray[np.integer]

_CARD_WEIGHT = np.array([RANK_WEIGHTS[c >> 2] for c in range(52)], dtype=np.int32)
_CARD_SUIT = np.array([c & 3 for c in range(52)], dtype=np.int8)


@functools.cache
def key_tables() -> tuple[U16, U16]:
    """``(high, low)``: strength by additive rank key; ``high[key + FLUSH_OFFSET]`` is the flush.

    Strengths are those of :mod:`omaha_learn.engine.evaluation.tables` (high 0..7461, low 1..6175).
    Built once (about half a second) and cached on disk beside the five-card tables.

    >>> hi, lo = key_tables()
    >>> int(hi[FLUSH_OFFSET + sum(RANK_WEIGHTS[8:13])])   # royal flush: T J Q K A suited
    7461
    """
    return (cached_array("equity_key_high", (2 * FLUSH_OFFSET,), lambda: _build_key_tables()[0]),
            cached_array("equity_key_low", (FLUSH_OFFSET,), lambda: _build_key_tables()[1]))


@functools.cache
def _build_key_tables() -> tuple[U16, U16]:
    nonflush, flush, low = _class_lookups()[:3]
    hi = np.zeros(2 * FLUSH_OFFSET, dtype=np.uint16)
    lo = np.zeros(FLUSH_OFFSET, dtype=np.uint16)
    for ms in _rank_multisets():
        k13 = sum(r * 13**i for i, r in enumerate(ms))
        key = sum(RANK_WEIGHTS[r] for r in ms)
        hi[key] = nonflush[k13]
        lo[key] = low[k13]
        if len(set(ms)) == 5:
            hi[FLUSH_OFFSET + key] = flush[k13]
    return hi, lo


@functools.cache
def _subsets(n: int, k: int) -> npt.NDArray[np.intp]:
    return colex_combinations(n, k).astype(np.intp)


def _keys_and_suits(cards: IntArr, idx: npt.NDArray[np.intp], none: int
                    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Rank key and common suit (``none`` if mixed) of the subsets ``cards[..., idx]``."""
    weight = _CARD_WEIGHT[cards]
    suit = _CARD_SUIT[cards]
    key = weight[..., idx[:, 0]]
    s0 = suit[..., idx[:, 0]]
    same = np.ones(s0.shape, dtype=bool)
    for j in range(1, idx.shape[1]):
        key = key + weight[..., idx[:, j]]
        same &= suit[..., idx[:, j]] == s0
    return key, np.where(same, s0, np.int8(none)).astype(np.int8)


def board_keys(boards: IntArr) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Rank keys and common suits (-2 when mixed) of the ten triples of each five-card board."""
    boards = np.asarray(boards)
    return _keys_and_suits(boards, _subsets(boards.shape[-1], 3), -2)


def _combine(pk: npt.NDArray[np.int32], ps: npt.NDArray[np.int8], tk: npt.NDArray[np.int32],
             ts: npt.NDArray[np.int8], low: bool) -> tuple[U16, U16 | None]:
    """Best over pairs (axis -2) and triples (axis -1) of the two-plus-three hands."""
    hi_t, lo_t = key_tables()
    key = pk[..., :, None] + tk[..., None, :]
    flush = ps[..., :, None] == ts[..., None, :]
    flat = key.shape[:-2] + (-1,)
    lo = lo_t[key].reshape(flat).max(axis=-1) if low else None
    np.add(key, np.int32(FLUSH_OFFSET), out=key, where=flush)
    hi = hi_t[key].reshape(flat).max(axis=-1)
    return hi, lo


def best_strengths(holes: IntArr, boards: IntArr, *, low: bool = True,
                   triples: tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]] | None = None
                   ) -> tuple[U16, U16 | None]:
    """Best high and unqualified low strength of ``holes`` (``(..., h)``) on five-card ``boards``.

    Shapes broadcast: one hand against many boards ``(h,)`` with ``(N, 5)``, or
    a hand per board ``(N, h)``. Returns ``(high, low)`` arrays of shape ``(N,)``.
    ``triples`` is :func:`board_keys` ``(boards)`` when already computed.
    """
    holes = np.asarray(holes)
    pk, ps = _keys_and_suits(holes, _subsets(holes.shape[-1], 2), -1)
    tk, ts = board_keys(boards) if triples is None else triples
    return _combine(pk, ps, tk, ts, low)


def triple_strengths(hole: IntArr, deck: IntArr, *, low: bool = True) -> tuple[U16, U16 | None]:
    """Best high and low of one ``hole`` with every three-card subset of ``deck``, in colex order."""
    hole = np.asarray(hole)
    deck = np.asarray(deck)
    pk, ps = _keys_and_suits(hole, _subsets(hole.shape[-1], 2), -1)
    tk, ts = _keys_and_suits(deck, _subsets(len(deck), 3), -2)
    hi_t, lo_t = key_tables()
    key = pk[:, None] + tk[None, :]
    flush = ps[:, None] == ts[None, :]
    hi = hi_t[key + flush * np.int32(FLUSH_OFFSET)].max(axis=0)
    return hi, (lo_t[key].max(axis=0) if low else None)


@functools.cache
def _triple_pairs(n: int) -> tuple[npt.NDArray[np.intp], ...]:
    """For each triple ``a<b<c`` of ``range(n)`` (colex), the colex indices of ab, ac, bc;
    and for each pair ``x<y`` its two elements."""
    t = _subsets(n, 3)
    a, b, c = t[:, 0], t[:, 1], t[:, 2]

    def pidx(x: npt.NDArray[np.intp], y: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        return x + y * (y - 1) // 2

    p = _subsets(n, 2)
    return pidx(a, b), pidx(a, c), pidx(b, c), np.ascontiguousarray(p[:, 0]), np.ascontiguousarray(p[:, 1])


def boards_from_triples(values: U16, n: int) -> U16:
    """Best over each five-card board's ten triples, for every board of ``range(n)``.

    ``values`` has shape ``(rows, C(n, 3))`` (a per-triple strength, colex
    order); the result ``(rows, C(n, 5))`` is in board colex order. See
    :func:`board_blocks` for how, and for a version that needs little memory.

    >>> v = np.arange(comb(6, 3), dtype=np.uint16)[None, :]
    >>> brute = [max(int(v[0, j]) for j, t in enumerate(colex_combinations(6, 3)) if set(t) <= set(b))
    ...          for b in colex_combinations(6, 5)]
    >>> boards_from_triples(v, 6)[0].tolist() == brute
    True
    """
    out = np.empty((values.shape[0], comb(n, 5)), dtype=np.uint16)
    for start, block in board_blocks(values, n):
        out[:, start:start + block.shape[1]] = block
    return out


def board_blocks(values: U16, n: int) -> Iterator[tuple[int, U16]]:
    """Yield ``(start, block)``: the best-of-ten-triples values of boards ``start ..``, in colex order.

    Each block holds the boards whose highest card is ``e`` (``C(e, 4)`` of
    them), for ``e = 4 .. n-1``; the block's buffer is reused, so use it before
    asking for the next. For a board ``a<b<c<d<e`` the ten triples are ``abc``,
    the pairs of ``abc`` with ``d`` and with ``e``, and ``x, d, e``. With ``d, e``
    fixed those are contiguous slices of ``values``, so a board costs one read
    and three gathers from a small per-pair table instead of ten gathers.
    """
    rows = values.shape[0]
    if values.shape[1] != comb(n, 3):
        raise ValueError(f"values has {values.shape[1]} columns, expected C({n}, 3) = {comb(n, 3)}")
    p0, p1, p2, px, py = _triple_pairs(n)
    buf = np.empty((rows, comb(n - 1, 4)), dtype=np.uint16)
    tmp = np.empty((rows, comb(n - 2, 3)), dtype=np.uint16)
    for e in range(4, n):
        e3 = comb(e, 3)
        for d in range(3, e):
            m = comb(d, 3)
            npairs = comb(d, 2)
            start = comb(d, 4)
            w = np.maximum(values[:, m:m + npairs], values[:, e3:e3 + npairs])
            v = values[:, e3 + npairs:e3 + npairs + d]
            np.maximum(w, v[:, px[:npairs]], out=w)
            np.maximum(w, v[:, py[:npairs]], out=w)
            o = buf[:, start:start + m]
            t = tmp[:, :m]
            w.take(p0[:m], axis=1, out=t)
            np.maximum(values[:, :m], t, out=o)
            w.take(p1[:m], axis=1, out=t)
            np.maximum(o, t, out=o)
            w.take(p2[:m], axis=1, out=t)
            np.maximum(o, t, out=o)
        yield comb(e, 5), buf[:, :comb(e, 4)]


def outcome_codes(high: U16, low: U16 | None) -> npt.NDArray[np.uint16]:
    """One code per board from ``(players, boards)`` strengths: ``high_mask << P | low_mask``.

    ``high_mask`` has bit ``i`` set when player ``i`` ties for the best high;
    ``low_mask`` likewise for the best low, 0 when nobody has a low (``low``
    must hold 0 for hands that do not qualify). ``np.bincount`` of the codes
    is all :func:`omaha_learn.equity` needs (R11: halves, ties, scoops).

    >>> outcome_codes(np.array([[5, 7], [5, 3]], np.uint16), np.array([[0, 9], [0, 9]], np.uint16)).tolist()
    [12, 7]
    """
    players = high.shape[0]
    best = high.max(axis=0)
    code = np.zeros(high.shape[1], dtype=np.uint16)
    bit = np.empty(high.shape[1], dtype=np.uint16)
    for i in range(players):
        np.equal(high[i], best, out=bit, casting="unsafe")
        code |= bit << np.uint16(i + players)
    if low is not None:
        best_low = low.max(axis=0)
        has = best_low > 0
        for i in range(players):
            np.equal(low[i], best_low, out=bit, casting="unsafe")
            bit &= has
            code |= bit << np.uint16(i)
    return code


def random_boards(rng: np.random.Generator, n: int, count: int) -> npt.NDArray[np.intp]:
    """``count`` uniformly random five-card boards of ``range(n)`` as sorted positions ``(count, 5)``.

    Draws a board's colex index uniformly and unranks it, so no rejection and no sort.

    >>> b = random_boards(np.random.default_rng(1), 10, 4)
    >>> b.shape, bool((np.diff(b, axis=1) > 0).all()), bool((b < 10).all())
    ((4, 5), True, True)
    """
    rank = rng.integers(0, comb(n, 5), size=count, dtype=np.int64)
    out = np.empty((count, 5), dtype=np.intp)
    for k in range(5, 0, -1):
        col = np.array([comb(c, k) for c in range(n)], dtype=np.int64)
        pos = np.searchsorted(col, rank, side="right") - 1
        out[:, k - 1] = pos
        rank -= col[pos]
    return out


_TRIPLES_OF_5 = np.array(colex_combinations(5, 3), dtype=np.intp)


def strengths_by_triples(values: U16, positions: npt.NDArray[np.intp]) -> U16:
    """Best over each board's ten triples, for boards given as sorted positions ``(N, 5)``.

    ``values`` is ``(rows, C(n, 3))`` as for :func:`boards_from_triples`; returns ``(rows, N)``.
    """
    t = positions[:, _TRIPLES_OF_5]                    # (N, 10, 3)
    idx = t[..., 0] + t[..., 1] * (t[..., 1] - 1) // 2 + t[..., 2] * (t[..., 2] - 1) * (t[..., 2] - 2) // 6
    out: U16 = values[:, idx].max(axis=2)
    return out
