"""Numpy kernels behind :func:`omaha_learn.equity`: random deals, outcome codes and
the per-chunk work that exact enumeration and Monte Carlo share.

Hands are evaluated by :mod:`omaha_learn.engine.evaluation.fast` (five-card
boards: one lookup per hole pair) and, for every board of a deck at once, by
:func:`omaha_learn.engine.evaluation.bulk.board_blocks`. An outcome code per
board (:func:`outcome_codes`) records who shares each half; counting codes is
all equity needs (R11).

>>> import numpy as np
>>> from omaha_learn.engine.cards import parse_cards
>>> spec = DealSpec(holes=(tuple(parse_cards("As Ah 2s 3h")), None), board=(), deck=np.arange(52)[4:],
...                 size=4, low=True, threshold=6120)
>>> counts = monte_carlo_chunk(spec, np.random.SeedSequence(1), 1000)
>>> int(counts.sum())
1000
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.equity.workers import default_workers, parallel_sum
from omaha_learn.engine.evaluation.batch import board_info, hand_strengths
from omaha_learn.engine.evaluation.sweep import board_blocks, triple_values

__all__ = [
    "DealSpec",
    "board_blocks",
    "deal_cards",
    "deal_positions",
    "default_threads",
    "monte_carlo_chunk",
    "outcome_codes",
    "parallel_sum",
    "stacked_outcome_codes",
    "strengths_on_boards",
    "triple_strengths",
]

U16 = npt.NDArray[np.uint16]
I64 = npt.NDArray[np.int64]
Ints = npt.NDArray[np.intp]


def default_threads() -> int:
    """Cores used when none is asked for: the cores this process may run on."""
    return default_workers()


def triple_strengths(hole: npt.ArrayLike, deck: npt.ArrayLike, *, low: bool = True) -> tuple[U16, U16 | None]:
    """Best high and low of one ``hole`` with every three-card subset of ``deck`` (sorted), in colex order."""
    h = np.asarray(hole, dtype=np.intp)
    d = tuple(int(c) for c in np.asarray(deck).ravel())
    return triple_values(h, d, low=False), (triple_values(h, d, low=True) if low else None)


_HIGH_BITS = [(np.uint16(1) << np.arange(p, 2 * p, dtype=np.uint16))[:, None] for p in range(9)]
_LOW_BITS = [(np.uint16(1) << np.arange(p, dtype=np.uint16))[:, None] for p in range(9)]


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
    code: npt.NDArray[np.uint16] = ((high == high.max(axis=0)) * _HIGH_BITS[players]).sum(axis=0, dtype=np.uint16)
    if low is not None:
        best_low = low.max(axis=0)
        code += (((low == best_low) & (best_low > 0)) * _LOW_BITS[players]).sum(axis=0, dtype=np.uint16)
    return code


class _Scratch(threading.local):
    """Work arrays reused from chunk to chunk, one set per thread.

    A fresh array of a megabyte or more is new memory from the system, and
    touching its pages for the first time took about half of a six-handed
    chunk's time (issue 13); reused arrays are already resident.
    """

    def __init__(self) -> None:
        self.arrays: dict[str, npt.NDArray[Any]] = {}

    def get(self, name: str, shape: tuple[int, ...], dtype: type[np.generic]) -> npt.NDArray[Any]:
        a = self.arrays.get(name)
        if a is None or a.shape != shape or a.dtype != dtype:
            a = self.arrays[name] = np.empty(shape, dtype=dtype)
        return a


_SCRATCH = _Scratch()
_CARDS_I8 = np.arange(52, dtype=np.int8)


def stacked_outcome_codes(values: U16, threshold: int) -> list[int]:
    """:func:`outcome_codes` of strengths stacked as ``values[0]`` highs and (optionally)
    ``values[1]`` unqualified lows, shape ``(halves, players, boards)``: a low counts
    when it is at least ``threshold``. A handful of numpy calls for the small spots,
    where their number, not the work, sets the time.

    >>> v = np.array([[[5, 7], [5, 3]], [[0, 9], [4, 9]]], np.uint16)
    >>> stacked_outcome_codes(v, 1), stacked_outcome_codes(v, 5), stacked_outcome_codes(v[:1], 1)
    ([14, 7], [12, 7], [12, 4])
    """
    halves, players = values.shape[:2]
    best = np.maximum.reduce(values, axis=1)                     # (halves, boards)
    if halves > 1:
        best[1][best[1] < threshold] = 0xFFFF  # no qualifying low: nobody matches
    codes: list[int] = (_STACKED_BITS[players][:halves * players]
                        @ (values == best[:, None]).reshape(halves * players, -1)).tolist()
    return codes


_STACKED_BITS = [np.array([1 << (p + i) for i in range(p)] + [1 << i for i in range(p)], dtype=np.int64)
                 for p in range(9)]


def deal_positions(rng: np.random.Generator, n: int, m: int, k: int) -> Ints:
    """``m`` independent draws of ``k`` distinct positions out of ``range(n)`` (``n <= 52``),
    shape ``(k, m)``: row ``i`` is the ``i``-th card dealt. A partial Fisher-Yates shuffle
    of each deck, with ``k * m`` uniform draws from ``rng`` in row order.

    >>> d = deal_positions(np.random.default_rng(0), 10, 1000, 4)
    >>> d.shape, bool((np.sort(d, axis=0)[1:] != np.sort(d, axis=0)[:-1]).all()), int(d.max())
    ((4, 1000), True, 9)
    """
    if not 0 <= k <= n <= 52:
        raise ValueError(f"cannot deal {k} cards from {n}")
    return deal_cards(rng, _CARDS_I8[:n], m, k).astype(np.intp)


def deal_cards(rng: np.random.Generator, cards: npt.ArrayLike, m: int, k: int) -> npt.NDArray[np.int8]:
    """:func:`deal_positions` dealing the ``cards`` themselves: ``cards[deal_positions(rng, len(cards), m, k)]``,
    as ``int8`` (a quarter of a megabyte for a six-handed chunk instead of two).

    >>> a = deal_cards(np.random.default_rng(5), np.arange(52)[::-1], 100, 9)
    >>> bool((a == 51 - deal_positions(np.random.default_rng(5), 52, 100, 9)).all())
    True
    """
    c = np.asarray(cards, dtype=np.int8)
    n = len(c)
    if not 0 <= k <= n <= 52:
        raise ValueError(f"cannot deal {k} cards from {n}")
    # One row per deck, so each step touches every deck's own few bytes in order.
    deck = _SCRATCH.get("deck", (m, n), np.int8)
    deck[:] = c[None, :]
    flat = deck.reshape(-1)
    # Row by row, so the work arrays stay small (in cache); the draws come in the same order.
    r = _SCRATCH.get("uniform", (m,), np.float64)
    idx = _SCRATCH.get("index", (m,), np.intp)
    base = _SCRATCH.get("base", (m,), np.intp)
    np.multiply(np.arange(m, dtype=np.intp), n, out=base)
    out = np.empty((k, m), dtype=np.int8)
    for i in range(k):
        rng.random(out=r)
        np.multiply(r, n - i, out=r)               # [0, n - i)
        np.copyto(idx, r, casting="unsafe")        # truncated, as int(r * (n - i))
        idx += base
        idx += i                                   # a position from i .. n-1 of each deck
        np.take(flat, idx, out=out[i])
        flat[idx] = deck[:, i]                     # position i is never drawn again
    return out


@dataclass(frozen=True)
class DealSpec:
    """What a Monte Carlo chunk deals: fixed holes (or ``None`` for a random hand of
    ``size`` cards), the known board, the ``deck`` of cards left, and the low rule."""

    holes: tuple[tuple[int, ...] | None, ...]
    board: tuple[int, ...]
    deck: Ints
    size: int
    low: bool
    threshold: int

    @property
    def players(self) -> int:
        return len(self.holes)


def strengths_on_boards(holes: Sequence[Ints], boards: Ints, low: bool, threshold: int
                        ) -> tuple[U16, U16 | None]:
    """High and qualified low (0 = none) of each hole on each board, ``(players, m)``.

    Each hole is ``(h,)`` (the same on every board) or ``(m, h)``; ``boards`` is ``(m, 5)``.
    """
    info = board_info(boards)
    his, los = [], []
    for h in holes:
        hi, lo = hand_strengths(h, info, low=low)
        his.append(hi)
        if lo is not None:
            lo[lo < threshold] = 0
            los.append(lo)
    return np.stack(his), (np.stack(los) if low else None)


def monte_carlo_chunk(spec: DealSpec, seed: np.random.SeedSequence, deals: int) -> I64:
    """Outcome-code counts of ``deals`` random deals (length ``4 ** players``), from ``seed``."""
    rng = np.random.default_rng(seed)
    missing = 5 - len(spec.board)
    randoms = [i for i, h in enumerate(spec.holes) if h is None]
    k = missing + spec.size * len(randoms)
    dealt = deal_cards(rng, spec.deck, deals, k)   # (k, deals) cards
    boards = _SCRATCH.get("boards", (deals, 5), np.intp)
    boards[:, :len(spec.board)] = spec.board
    boards[:, len(spec.board):] = dealt[:missing].T
    holes: list[Ints] = []
    for i, h in enumerate(spec.holes):
        if h is None:
            j = missing + spec.size * randoms.index(i)
            hole = _SCRATCH.get(f"hole{i}", (deals, spec.size), np.intp)
            hole[:] = dealt[j:j + spec.size].T
            holes.append(hole)
        else:
            holes.append(np.asarray(h, dtype=np.intp))
    high, low = strengths_on_boards(holes, boards, spec.low, spec.threshold)
    codes = outcome_codes(high, low)
    return np.bincount(codes, minlength=1 << (2 * spec.players)).astype(np.int64)
