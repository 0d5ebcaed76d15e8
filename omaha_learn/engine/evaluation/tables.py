"""Precomputed five-card strength tables for every one of the 2,598,960 hands.

Every five-card hand, its cards sorted ``c0 < c1 < c2 < c3 < c4``, has a
*colex index* ``C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) + C(c4,5)`` in
``0 .. 2,598,959``. :func:`high_table` and :func:`low_table` map that index to
a ``uint16`` strength, larger is better:

* high strength ``0 .. 7461``: the 7,462 distinct high-hand classes in the
  order of :func:`omaha_learn.engine.evaluation.five_card.high_value` (R6, R7);
* low strength ``1 .. 6175``: the 6,175 ace-to-five classes in the order of
  :func:`omaha_learn.engine.evaluation.five_card.low_value` (R8, R9, R12); a hand qualifies for
  an ``n``-or-better low when its strength is at least
  :func:`low_threshold` ``(n)``.

The tables are built with numpy in well under a second, saved under
``$OMAHA_LEARN_CACHE`` (default ``~/.cache/omaha_learn``) and loaded from
there afterwards. Nothing here runs at ``import omaha_learn``.
"""

from __future__ import annotations

import functools
import itertools
import os
import tempfile
from collections.abc import Callable
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.five_card import high_value, low_value

__all__ = [
    "N_HIGH_CLASSES",
    "N_LOW_CLASSES",
    "binomials",
    "colex_combinations",
    "colex_index",
    "high_table",
    "low_table",
    "high_classes",
    "low_classes",
    "low_threshold",
    "cache_dir",
    "cached_array",
    "rank_lookups",
]

N_HIGH_CLASSES = 7462
N_LOW_CLASSES = 6175
_TABLE_VERSION = 1
_N5 = comb(52, 5)


def cache_dir() -> Path:
    """Where tables are cached: ``$OMAHA_LEARN_CACHE`` or ``~/.cache/omaha_learn``."""
    env = os.environ.get("OMAHA_LEARN_CACHE")
    base = Path(env) if env else Path.home() / ".cache" / "omaha_learn"
    return base / f"v{_TABLE_VERSION}"


@functools.cache
def binomials() -> npt.NDArray[np.int64]:
    """``binomials()[n, k] == C(n, k)`` for ``n <= 52``, ``k <= 5``."""
    out = np.zeros((53, 6), dtype=np.int64)
    for n in range(53):
        for k in range(6):
            out[n, k] = comb(n, k)
    return out


@functools.lru_cache(maxsize=32)
def colex_combinations(n: int, k: int) -> npt.NDArray[np.int8]:
    """All ``k``-subsets of ``range(n)`` as rows sorted ascending, in colex order.

    Row ``i`` is the subset whose colex index is ``i``, so a table indexed by
    colex index lines up with these rows. The array is read-only and cached.

    >>> colex_combinations(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    if not (0 <= k <= n <= 64):
        raise ValueError(f"need 0 <= k <= n <= 64, got n={n}, k={k}")
    prev = np.zeros((1, 0), dtype=np.int8)
    for j in range(1, k + 1):
        # colex: subsets whose largest element is m come after all smaller ones,
        # and the first C(m, j-1) rows of the previous level are those below m.
        blocks = [
            np.column_stack([prev[: comb(m, j - 1)], np.full(comb(m, j - 1), m, dtype=np.int8)])
            for m in range(j - 1, n - (k - j))
        ]
        prev = np.concatenate(blocks) if blocks else np.zeros((0, j), dtype=np.int8)
    out = np.ascontiguousarray(prev[: comb(n, k)])
    out.flags.writeable = False
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


def _rank_multisets() -> list[tuple[int, ...]]:
    """Every multiset of five rank indices (0..12) with no rank more than four times."""
    out: list[tuple[int, ...]] = []
    for ms in itertools.combinations_with_replacement(range(13), 5):
        if max(ms.count(r) for r in set(ms)) <= 4:
            out.append(ms)
    return out


def _cards_for(ranks: tuple[int, ...], flush: bool) -> list[Card]:
    if flush:
        return [Card(r * 4) for r in ranks]
    used: dict[int, int] = {}
    cards = []
    for i, r in enumerate(ranks):
        s = used.get(r, 0)
        used[r] = s + 1
        cards.append(Card(r * 4 + (s if len(set(ranks)) < 5 else (1 if i == 0 else 0))))
    return cards


_KEY_WEIGHTS = np.array([13**i for i in range(5)], dtype=np.int64)


@functools.lru_cache(maxsize=1)
def _class_lookups() -> tuple[
    npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16],
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
]:
    """Rank-multiset key -> strength, for non-flush high, flush high and low."""
    multisets = _rank_multisets()
    highs: dict[tuple[int, int], tuple[int, ...]] = {}  # (key, flush) -> value
    lows: dict[int, tuple[int, ...]] = {}
    for ms in multisets:
        key = int(np.dot(ms, _KEY_WEIGHTS))
        highs[(key, 0)] = high_value(_cards_for(ms, flush=False))
        lows[key] = low_value(_cards_for(ms, flush=False))
        if len(set(ms)) == 5:
            highs[(key, 1)] = high_value(_cards_for(ms, flush=True))
    high_sorted = tuple(sorted(set(highs.values())))
    low_sorted = tuple(sorted(set(lows.values()), reverse=True))  # worst first
    assert len(high_sorted) == N_HIGH_CLASSES and len(low_sorted) == N_LOW_CLASSES
    hi_pos = {v: i for i, v in enumerate(high_sorted)}
    lo_pos = {v: i + 1 for i, v in enumerate(low_sorted)}
    nonflush = np.zeros(13**5, dtype=np.uint16)
    flush = np.zeros(13**5, dtype=np.uint16)
    low = np.zeros(13**5, dtype=np.uint16)
    for (key, f), v in highs.items():
        (flush if f else nonflush)[key] = hi_pos[v]
    for key, v in lows.items():
        low[key] = lo_pos[v]
    return nonflush, flush, low, high_sorted, low_sorted


@functools.lru_cache(maxsize=1)
def rank_lookups() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """(non-flush high, flush high, low) strength by the base-13 key of a sorted rank multiset.

    The same arrays as :func:`_class_lookups` builds, but read from the disk
    cache, so the first hand read in a new process does not rebuild them.
    """
    nonflush = cached_array("rank_nonflush", (13**5,), lambda: _class_lookups()[0])
    flush = cached_array("rank_flush", (13**5,), lambda: _class_lookups()[1])
    low = cached_array("rank_low", (13**5,), lambda: _class_lookups()[2])
    return nonflush, flush, low


def high_classes() -> tuple[tuple[int, ...], ...]:
    """``high_classes()[s]`` is the :func:`high_value` of high strength ``s``."""
    return _class_lookups()[3]


def low_classes() -> tuple[tuple[int, ...], ...]:
    """``low_classes()[s - 1]`` is the :func:`low_value` of low strength ``s``."""
    return _class_lookups()[4]


def low_threshold(qualifier: int | None) -> int:
    """Smallest low strength that qualifies: five different ranks, none above ``qualifier``.

    ``None`` means no qualifier (Razz-style, R12): every hand is a low.

    >>> low_threshold(8), low_threshold(None)
    (6120, 1)
    """
    if qualifier is None:
        return 1
    if not isinstance(qualifier, int) or not 5 <= qualifier <= 13:
        raise ValueError(f"a low qualifier is a rank from 5 to 13 (8 for 8-or-better), got {qualifier!r}")
    return N_LOW_CLASSES - comb(qualifier, 5) + 1


def _build_tables() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    nonflush, flush, low = _class_lookups()[:3]
    combos = colex_combinations(52, 5)
    ranks = combos // 4
    suits = combos % 4
    key = ranks.astype(np.int64) @ _KEY_WEIGHTS
    is_flush = (suits == suits[:, :1]).all(axis=1)
    high = np.where(is_flush, flush[key], nonflush[key]).astype(np.uint16)
    lowt = low[key].astype(np.uint16)
    return high, lowt


def _save(path: Path, array: npt.NDArray[np.uint16]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, array)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home is fine: the tables are rebuilt next time


def _load(path: Path, shape: tuple[int, ...] = (_N5,)) -> npt.NDArray[np.uint16] | None:
    try:
        arr = np.load(path)
    except (OSError, ValueError, EOFError):
        return None
    if not isinstance(arr, np.ndarray) or arr.shape != shape or arr.dtype != np.uint16:
        return None
    out: npt.NDArray[np.uint16] = arr
    return out


def cached_array(name: str, shape: tuple[int, ...], build: Callable[[], npt.NDArray[np.uint16]]
                 ) -> npt.NDArray[np.uint16]:
    """A read-only ``uint16`` array from the table cache, built and saved on first use.

    Used for the five-card tables here and the two-plus-three tables of
    :mod:`omaha_learn.engine.evaluation.bulk`. A corrupt or mismatched file is rebuilt.
    """
    path = cache_dir() / f"{name}.npy"
    arr = _load(path, shape)
    if arr is None:
        arr = np.ascontiguousarray(build(), dtype=np.uint16)
        if arr.shape != shape:
            raise AssertionError(f"table {name} built with shape {arr.shape}, expected {shape}")
        _save(path, arr)
    arr.flags.writeable = False
    return arr


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    d = cache_dir()
    high, low = _load(d / "high5.npy"), _load(d / "low5.npy")
    if high is None or low is None:
        high, low = _build_tables()
        _save(d / "high5.npy", high)
        _save(d / "low5.npy", low)
    high.flags.writeable = False
    low.flags.writeable = False
    return high, low


def high_table() -> npt.NDArray[np.uint16]:
    """High strength of every five-card hand, by colex index (built or loaded once)."""
    return _tables()[0]


def low_table() -> npt.NDArray[np.uint16]:
    """Ace-to-five low strength of every five-card hand, by colex index."""
    return _tables()[1]
