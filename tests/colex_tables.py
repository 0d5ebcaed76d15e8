"""Test helper: the strength of every one of the 2,598,960 five-card hands, by colex index.

Every five-card hand, its cards sorted ``c0 < c1 < c2 < c3 < c4``, has a *colex index*
``C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) + C(c4,5)`` in ``0 .. 2,598,959``: its row in
``colex_combinations(52, 5)``. :func:`high_table` and :func:`low_table` give each hand's
high and (unqualified) low strength, the numbers of
:class:`~omaha_learn.engine.evaluation.hands.HighHand` and
:class:`~omaha_learn.engine.evaluation.hands.LowHand`. The engine never reads a hand by
its colex index, so these tables live here, built in memory from the engine's rank-key
tables, for the tests that compare whole evaluators against every hand (R6-R9).
"""

from __future__ import annotations

import functools
import hashlib
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.evaluation.keys import card_weights
from omaha_learn.engine.evaluation.tables import colex_combinations, rank_lookups

N_HANDS = comb(52, 5)

DIGESTS = {
    "high": "c266188bf74c1a996a0415392a9a3293dbed9444185fca638f995c28b80fca59",
    "low": "9d5ddd359e0ad7f569fc51df96abde98dfe1adae7465c30ef0ef476b3cd116cb",
}
"""sha256 of each table as little-endian uint16 (the digests the engine once pinned for them)."""


@functools.cache
def binomials() -> npt.NDArray[np.int64]:
    """``binomials()[n, k] == C(n, k)`` for ``n <= 52``, ``k <= 5``."""
    out = np.zeros((53, 6), dtype=np.int64)
    for n in range(53):
        for k in range(6):
            out[n, k] = comb(n, k)
    return out


def colex_index(sorted_cards: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Colex index of rows of ascending card indices (last axis of length k).

    >>> int(colex_index([0, 1, 2, 3, 4])), int(colex_index([47, 48, 49, 50, 51]))
    (0, 2598959)
    """
    a = np.asarray(sorted_cards, dtype=np.int64)
    k = a.shape[-1]
    b = binomials()
    idx = np.zeros(a.shape[:-1], dtype=np.int64)
    for j in range(k):
        idx += b[a[..., j], j + 1]
    return idx


@functools.cache
def _tables() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    nonflush, flush, low = rank_lookups()
    combos = colex_combinations(52, 5)
    suits = combos % 4
    key = card_weights()[combos].sum(axis=1)
    is_flush = (suits == suits[:, :1]).all(axis=1)
    high = np.where(is_flush, flush[key], nonflush[key]).astype(np.uint16)
    lowt = low[key].astype(np.uint16)
    for t in (high, lowt):
        t.flags.writeable = False
    return high, lowt


def high_table() -> npt.NDArray[np.uint16]:
    """High strength of every five-card hand, by colex index (built once per process). Read-only."""
    return _tables()[0]


def low_table() -> npt.NDArray[np.uint16]:
    """Ace-to-five low strength of every five-card hand, by colex index. Read-only."""
    return _tables()[1]


def digest(table: npt.NDArray[np.uint16]) -> str:
    """sha256 of a table's data as little-endian uint16."""
    return hashlib.sha256(np.ascontiguousarray(table, dtype="<u2").tobytes()).hexdigest()
