"""The verified, cached strength tables the engine reads at run time.

:func:`rank_lookups` / :func:`key_tables` give a five-card hand's strength by
its additive rank key (:mod:`omaha_learn.engine.evaluation.keys`, the one key
scheme of the library); :func:`board_pair_tables` and :func:`flush_pair_table`
the best of a hole pair on a board, for :mod:`omaha_learn.engine.evaluation.batch`,
:mod:`omaha_learn.engine.evaluation.sweep` and the starting-hand chart
(:mod:`omaha_learn.engine.equity.random_hands`). Strengths are larger for better hands:

* high strength ``0 .. 7461``: the 7,462 distinct high-hand classes in the
  order of :func:`omaha_learn.engine.evaluation.five_card.high_value` (R6, R7);
* low strength ``1 .. 6175``: the 6,175 ace-to-five classes in the order of
  :func:`omaha_learn.engine.evaluation.five_card.low_value` (R8, R9, R12); a hand qualifies for
  an ``n``-or-better low when its strength is at least
  :func:`low_threshold` ``(n)``.

:func:`colex_combinations` lists the ``k``-subsets of ``range(n)`` in colex order,
the order in which a sweep visits boards.

The tables are built with numpy in about a second, saved under
``$OMAHA_LEARN_CACHE`` (default ``~/.cache/omaha_learn``) and loaded from
there afterwards. Nothing here runs at ``import omaha_learn``.

Tables you can trust: a cached file is used only if its bytes hash
to the sha256 written in its header *and* to the digest pinned in this module
(the tables are fixed by the rules), so a corrupt, truncated, zeroed,
bit-flipped or deliberately rewritten cache is rebuilt, never used. Files are
written to a temporary file in the same folder and moved into place with
``os.replace``: concurrent builders each write a complete file, and a failed
write (a full disk) leaves nothing behind. :func:`build_cache` makes a fresh,
verified, read-only copy of every table in a given folder (for a grader: one per
submission, with ``OMAHA_LEARN_CACHE`` pointing at it); :func:`verify_cache` checks one.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import os
import tempfile
from collections.abc import Callable
from math import comb, prod
from pathlib import Path

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.five_card import high_value, low_value
from omaha_learn.engine.evaluation.keys import (
    FLUSH_OFFSET,
    N_BOARD_CODES,
    N_PAIR_CODES,
    RANK_WEIGHTS,
    multisets,
    suited_sets,
)
from omaha_learn.errors import QualifierError
from omaha_learn.i18n import gettext as _

__all__ = [
    "N_HIGH_CLASSES",
    "N_LOW_CLASSES",
    "colex_combinations",
    "high_classes",
    "low_classes",
    "low_threshold",
    "cache_dir",
    "cached_array",
    "rank_lookups",
    "key_tables",
    "board_pair_tables",
    "flush_pair_table",
    "build_cache",
    "verify_cache",
]

N_HIGH_CLASSES = 7462
N_LOW_CLASSES = 6175
_TABLE_VERSION = 2


def cache_dir() -> Path:
    """Where tables are cached: ``$OMAHA_LEARN_CACHE`` or ``~/.cache/omaha_learn``."""
    env = os.environ.get("OMAHA_LEARN_CACHE")
    base = Path(env) if env else Path.home() / ".cache" / "omaha_learn"
    return base / f"v{_TABLE_VERSION}"


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


@functools.lru_cache(maxsize=1)
def _class_lookups() -> tuple[
    npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16],
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
]:
    """(non-flush high, flush high, low) strength by additive rank key, built from the
    readable definitions of :mod:`~omaha_learn.engine.evaluation.five_card`."""
    highs: dict[tuple[int, int], tuple[int, ...]] = {}  # (key, flush) -> value
    lows: dict[int, tuple[int, ...]] = {}
    for ms in multisets(5):
        key = sum(RANK_WEIGHTS[r] for r in ms)
        highs[(key, 0)] = high_value(_cards_for(ms, flush=False))
        lows[key] = low_value(_cards_for(ms, flush=False))
        if len(set(ms)) == 5:
            highs[(key, 1)] = high_value(_cards_for(ms, flush=True))
    high_sorted = tuple(sorted(set(highs.values())))
    low_sorted = tuple(sorted(set(lows.values()), reverse=True))  # worst first
    if len(high_sorted) != N_HIGH_CLASSES or len(low_sorted) != N_LOW_CLASSES:  # pragma: no cover
        raise AssertionError("five_card definitions no longer give 7,462 high and 6,175 low classes")
    hi_pos = {v: i for i, v in enumerate(high_sorted)}
    lo_pos = {v: i + 1 for i, v in enumerate(low_sorted)}
    nonflush = np.zeros(FLUSH_OFFSET, dtype=np.uint16)
    flush = np.zeros(FLUSH_OFFSET, dtype=np.uint16)
    low = np.zeros(FLUSH_OFFSET, dtype=np.uint16)
    for (key, f), v in highs.items():
        (flush if f else nonflush)[key] = hi_pos[v]
    for key, v in lows.items():
        low[key] = lo_pos[v]
    return nonflush, flush, low, high_sorted, low_sorted


@functools.lru_cache(maxsize=1)
def rank_lookups() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """(non-flush high, flush high, low) strength by the additive rank key of five cards
    (:mod:`omaha_learn.engine.evaluation.keys`); 0 where no five-card hand has that key.

    Read from the verified disk cache, so a new process does not rebuild them.

    >>> from omaha_learn.engine.evaluation.keys import rank_key
    >>> nonflush, flush, low = rank_lookups()
    >>> int(flush[rank_key([48, 44, 40, 36, 32])]), int(low[rank_key([12, 0, 4, 8, 48])])  # royal; wheel
    (7461, 6175)
    """
    nonflush = cached_array("rank_nonflush", (FLUSH_OFFSET,), lambda: _class_lookups()[0])
    flush = cached_array("rank_flush", (FLUSH_OFFSET,), lambda: _class_lookups()[1])
    low = cached_array("rank_low", (FLUSH_OFFSET,), lambda: _class_lookups()[2])
    return nonflush, flush, low


@functools.lru_cache(maxsize=1)
def key_tables() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """``(high, low)`` strength by additive rank key; ``high[FLUSH_OFFSET + key]`` is the flush.

    >>> hi, lo = key_tables()
    >>> hi.shape, lo.shape
    ((721838,), (360919,))
    """
    nonflush, flush, low = rank_lookups()
    high = np.concatenate([nonflush, flush])
    high.flags.writeable = False
    return high, low


_TRIPLES_OF_5 = tuple(itertools.combinations(range(5), 3))


def _build_board_pair(kind: str) -> npt.NDArray[np.uint16]:
    nonflush, _, low = rank_lookups()
    table = low if kind == "low" else nonflush
    w = np.array(RANK_WEIGHTS, dtype=np.int64)
    boards = np.array(multisets(5), dtype=np.intp)
    tk = w[boards[:, np.array(_TRIPLES_OF_5)]].sum(axis=2)        # (6175, 10) triple keys
    pk = w[np.array(multisets(2), dtype=np.intp)].sum(axis=1)     # (91,) pair keys
    out = np.empty((N_BOARD_CODES, N_PAIR_CODES), dtype=np.uint16)
    for start in range(0, N_BOARD_CODES, 512):  # blocks keep the temporaries small
        key = tk[start:start + 512, None, :] + pk[None, :, None]
        key[key >= FLUSH_OFFSET] = 0  # five of one rank: a cell no deal reaches
        out[start:start + 512] = table[key].max(axis=2)
    return out


@functools.lru_cache(maxsize=1)
def board_pair_tables() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """``(high, low)``, shape ``(6175, 91)``: the best non-flush high and the best
    (unqualified) low of a hole pair on a five-card board, over the board's ten
    triples, by board code and pair code (:func:`~omaha_learn.engine.evaluation.keys.key_codes`).

    A hole's best on a board is the best of its pairs' entries (R2), so one
    lookup per pair replaces ten; flushes come from :func:`flush_pair_table`.
    """
    shape = (N_BOARD_CODES, N_PAIR_CODES)
    return (cached_array("board_pair_high", shape, lambda: _build_board_pair("high")),
            cached_array("board_pair_low", shape, lambda: _build_board_pair("low")))


@functools.lru_cache(maxsize=1)
def flush_pair_table() -> npt.NDArray[np.uint16]:
    """Shape ``(2288, 78)``: the best flush of two suited hole cards of different ranks
    (:func:`~omaha_learn.engine.evaluation.keys.rank_pair_codes`) with the 3 to 5 board
    cards of their suit (:func:`~omaha_learn.engine.evaluation.keys.suited_sets`), 0 when a
    hole rank is among the board's (no deal has that). Built in memory from the verified
    flush table in a few milliseconds: the sets of each size at once, in ``suited_sets()`` order.
    """
    _, flush, _ = rank_lookups()
    w = np.array(RANK_WEIGHTS, dtype=np.int64)
    pairs = np.array(list(itertools.combinations(range(13), 2)), dtype=np.intp)
    pk = w[pairs].sum(axis=1)
    pair_bits = (1 << pairs[:, 0]) | (1 << pairs[:, 1])
    parts = []
    for k in (3, 4, 5):          # every set of k ranks, and the keys of its 1, 4 or 10 triples
        sets = np.array(list(itertools.combinations(range(13), k)), dtype=np.intp)
        tk = w[sets[:, np.array(list(itertools.combinations(range(k), 3)))]].sum(axis=2)
        best = flush[pk[None, :, None] + tk[:, None, :]].max(axis=2)
        clash = ((1 << sets).sum(axis=1)[:, None] & pair_bits[None, :]) != 0
        parts.append(np.where(clash, 0, best))
    out = np.concatenate(parts).astype(np.uint16)
    assert out.shape == (len(suited_sets()), len(pairs))
    out.flags.writeable = False
    return out


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
    if isinstance(qualifier, bool) or not isinstance(qualifier, (int, np.integer)) or int(qualifier) not in (8, 9):
        raise QualifierError(_("qualifier: a low qualifier is 8 (8-or-better), 9 (the 9-or-better house rule) or None (no qualifier, R12), got {qualifier!r}").format(qualifier=qualifier))
    return N_LOW_CLASSES - comb(int(qualifier), 5) + 1


# ------------------------------------------------------------------ the disk cache
#
# A table file is MAGIC, one JSON header line (name, shape, sha256 of the data) and
# the data as little-endian uint16. A file is used only if its bytes hash to the
# header's digest and, for the library's own tables, to the digest pinned below:
# the tables are fixed by the rules, so a zeroed, truncated, bit-flipped or
# rewritten file (even one with a matching header) is rebuilt, never used.

_MAGIC = b"OMAHA-LEARN-TABLE\n"
_DIGESTS: dict[str, str] = {}
"""sha256 of each library table's data, filled in from ``_PINNED`` below."""


def _digest(array: npt.NDArray[np.uint16]) -> str:
    return hashlib.sha256(np.ascontiguousarray(array, dtype="<u2").tobytes()).hexdigest()


def _encode(name: str, array: npt.NDArray[np.uint16]) -> bytes:
    data = np.ascontiguousarray(array, dtype="<u2").tobytes()
    header = json.dumps({"name": name, "shape": list(array.shape),
                         "sha256": hashlib.sha256(data).hexdigest()}, sort_keys=True)
    return _MAGIC + header.encode() + b"\n" + data


def _write(path: Path, name: str, array: npt.NDArray[np.uint16]) -> bool:
    """Write atomically: a temporary file in the same folder, then ``os.replace``.

    Concurrent writers each write their own temporary file; the last replace
    wins and every version is complete. On any failure (a full disk, a
    read-only folder) the temporary file is removed and ``False`` returned.
    """
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(_encode(name, array))
        os.replace(tmp, path)
        tmp = None
        return True
    except OSError:
        return False  # a read-only or full cache is fine: the tables are rebuilt next time
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _read(path: Path, name: str, shape: tuple[int, ...]) -> npt.NDArray[np.uint16] | None:
    """The table stored at ``path`` if it is complete and verified, else ``None``."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    if not raw.startswith(_MAGIC):
        return None
    end = raw.find(b"\n", len(_MAGIC))
    try:
        header = json.loads(raw[len(_MAGIC):end])
        ok = header["name"] == name and tuple(header["shape"]) == shape
        digest = header["sha256"]
    except (ValueError, KeyError, TypeError):
        return None
    data = raw[end + 1:]
    if not ok or end < 0 or len(data) != 2 * prod(shape):
        return None
    actual = hashlib.sha256(data).hexdigest()
    if actual != digest or actual != _DIGESTS.get(name, actual):
        return None
    arr = np.frombuffer(data, dtype="<u2").reshape(shape).astype(np.uint16, copy=False)
    out: npt.NDArray[np.uint16] = arr
    return out


def cached_array(name: str, shape: tuple[int, ...], build: Callable[[], npt.NDArray[np.uint16]]
                 ) -> npt.NDArray[np.uint16]:
    """A read-only ``uint16`` array from the table cache, built and saved on first use.

    A file that fails verification (see above) is rebuilt and replaced. A
    freshly built library table must hash to its pinned digest.
    """
    path = cache_dir() / f"{name}.tbl"
    arr = _read(path, name, shape)
    if arr is None:
        arr = np.ascontiguousarray(build(), dtype=np.uint16)
        if arr.shape != shape:
            raise AssertionError(f"table {name} built with shape {arr.shape}, expected {shape}")
        if name in _DIGESTS and _digest(arr) != _DIGESTS[name]:  # pragma: no cover - a bug, not bad input
            raise AssertionError(f"table {name} built differently from its pinned digest")
        _write(path, name, arr)
    arr.flags.writeable = False
    return arr


def _builders() -> dict[str, tuple[tuple[int, ...], Callable[[], npt.NDArray[np.uint16]]]]:
    return {
        "rank_nonflush": ((FLUSH_OFFSET,), lambda: _class_lookups()[0]),
        "rank_flush": ((FLUSH_OFFSET,), lambda: _class_lookups()[1]),
        "rank_low": ((FLUSH_OFFSET,), lambda: _class_lookups()[2]),
        "board_pair_high": ((N_BOARD_CODES, N_PAIR_CODES), lambda: _build_board_pair("high")),
        "board_pair_low": ((N_BOARD_CODES, N_PAIR_CODES), lambda: _build_board_pair("low")),
    }


def build_cache(folder: str | os.PathLike[str], *, read_only: bool = True) -> Path:
    """Build every table afresh into the cache layout under ``folder`` and verify it.

    For a grader: build a fresh copy per submission, point ``OMAHA_LEARN_CACHE``
    at ``folder``, and nothing a learner wrote into another cache is read.
    With ``read_only`` the files (and their folder) lose their write bits.
    Returns the folder holding the table files.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     where = build_cache(d, read_only=False)
    ...     sorted(verify_cache(d).values())[0]
    'ok'
    """
    where = Path(folder) / f"v{_TABLE_VERSION}"
    where.mkdir(parents=True, exist_ok=True)
    for name, (shape, build) in _builders().items():
        arr = np.ascontiguousarray(build(), dtype=np.uint16)
        if arr.shape != shape or _digest(arr) != _DIGESTS[name]:  # pragma: no cover
            raise AssertionError(f"table {name} built differently from its pinned digest")
        if not _write(where / f"{name}.tbl", name, arr):
            raise OSError(f"cannot write table {name} into {where}")
    bad = {k: v for k, v in verify_cache(folder).items() if v != "ok"}
    if bad:  # pragma: no cover
        raise OSError(f"tables written to {where} do not verify: {bad}")
    if read_only:
        for f in where.iterdir():
            f.chmod(0o444)
        where.chmod(0o555)
    return where


def verify_cache(folder: str | os.PathLike[str] | None = None) -> dict[str, str]:
    """``{table name: "ok" | "missing" | "corrupt"}`` for the cache under ``folder``
    (default: the one in use, see :func:`cache_dir`)."""
    where = cache_dir() if folder is None else Path(folder) / f"v{_TABLE_VERSION}"
    out = {}
    for name, (shape, _build) in _builders().items():
        path = where / f"{name}.tbl"
        if not path.exists():
            out[name] = "missing"
        else:
            out[name] = "ok" if _read(path, name, shape) is not None else "corrupt"
    return out


_PINNED = {
    "rank_nonflush": "0b1d110e59706ee86ba82ea51370f1b39ebf46eef24cd1ddf1fe42677cfbfc80",
    "rank_flush": "3faaf6e41024b176f376ec024c2d6898c6ae39651fd7fe173b8b799434b03cd9",
    "rank_low": "e8cbdd195711ee214e82b0b429bbfc65d85abc64f82f51664beb10c6f713574c",
    "board_pair_high": "dbe7d9393abc44dc258869ed2b1bd399ee1b897bc4053b1a1fb253c1ecc74173",
    "board_pair_low": "e9bb9c9164f3184ef5f3e55660eaf76b75d7789e5d459687c8a9007ac397b3f8",
}
"""The sha256 of each table as the rules define it (a test rebuilds and compares)."""
_DIGESTS.update(_PINNED)
