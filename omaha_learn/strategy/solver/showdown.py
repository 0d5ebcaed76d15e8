"""Range against range at a showdown or a fold, with four-card blockers handled exactly, no N x M matrix.

For each of my hands ``h`` the solver needs, over the opponent's hands ``g`` that share
no card with ``h``, the sum of their reach (a fold) and the sum split by strength
(a showdown: ``g`` weaker, or tied). Sharing no card is counted by inclusion-exclusion
over the subsets ``S`` of ``h``'s four cards (1 + 4 + 6 + 4 + 1 = 16 of them)::

    sum over g disjoint from h  =  sum over S of (-1)^|S| * (sum over g holding all of S)

and "g holding all of S and weaker than h" is a prefix sum: every opponent hand is an
*event* for each of its 16 subsets, keyed ``(board, subset, strength)``; the events are
sorted once, and each iteration only gathers the reach into that order, takes one
cumulative sum and reads it at my hands' query positions (found once by binary search).
The cost per evaluation is O(16 (N + M)) per board; memory is four positions per query.

A batch of boards (the river cards after a turn) is one sorted array: the board is the
key's leading part. Strengths are the engine's (:mod:`omaha_learn.engine.evaluation.batch`):
larger is better; lows are 0 when none qualifies.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.evaluation.batch import evaluate_high_low_many, evaluate_high_many

__all__ = ["PairSums", "strengths", "SUBSETS", "subset_codes"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

SUBSETS: tuple[tuple[int, ...], ...] = tuple(s for k in range(5) for s in combinations(range(4), k))
"""The 16 subsets of a four-card hand's positions, by size."""
_SIGNS = np.array([(-1.0) ** len(s) for s in SUBSETS])
_CODE_SPAN = 53 ** 4          # subset codes are base-53 numbers with digits 1..52 (0: no card)
_STRENGTH_SPAN = 8192         # strengths are below 2 ** 13


def subset_codes(rows: Ints) -> npt.NDArray[np.int64]:
    """The code of each of the 16 card subsets of each hand (``(n, 16)``): equal codes, equal sets.

    >>> subset_codes(np.array([[0, 1, 2, 3]]))[0, :6].tolist()
    [0, 1, 2, 3, 4, 107]
    """
    r = np.sort(np.asarray(rows, dtype=np.int64), axis=1) + 1
    out = np.zeros((r.shape[0], len(SUBSETS)), dtype=np.int64)
    for j, s in enumerate(SUBSETS):
        code = np.zeros(r.shape[0], dtype=np.int64)
        for pos, i in enumerate(s):
            code += r[:, i] * 53 ** pos
        out[:, j] = code
    return out


def strengths(rows: Ints, boards: Ints, low: bool) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64] | None]:
    """High (and 8-or-better low, 0 for none) strength of every hand on every board, ``(B, n)``.

    A hand holding a card of the board gets strength 0 there (the solver gives it no reach).
    """
    b = np.asarray(boards, dtype=np.intp)
    n, nb = rows.shape[0], b.shape[0]
    hi = np.zeros((nb, n), dtype=np.int64)
    lo = np.zeros((nb, n), dtype=np.int64) if low else None
    for k in range(nb):
        ok = ~np.isin(rows, b[k]).any(axis=1)
        if not ok.any():
            continue
        hands = rows[ok]
        board = np.broadcast_to(b[k], (hands.shape[0], b.shape[1]))
        if lo is not None:
            hi[k, ok], lo[k, ok] = evaluate_high_low_many(hands, board)
        else:
            hi[k, ok] = evaluate_high_many(hands, board)
    return hi, lo


class PairSums:
    """Sums of the opponent's reach over compatible hands, for each of my hands on each board.

    ``mine`` and ``theirs`` are ``(n, 4)`` and ``(m, 4)`` card rows; ``my_strength`` and
    ``their_strength`` are ``(B, n)`` and ``(B, m)`` (or ``None`` when only totals are
    needed, as at a fold). :meth:`totals` and :meth:`showdown` take the opponent's reach
    as ``(B, m)`` and give ``(B, n)``.
    """

    def __init__(self, mine: Ints, theirs: Ints, my_strength: npt.NDArray[np.int64] | None,
                 their_strength: npt.NDArray[np.int64] | None, boards: int = 1) -> None:
        n, m = mine.shape[0], theirs.shape[0]
        self.n, self.m, self.boards = n, m, boards
        board_key = np.arange(boards, dtype=np.int64)[:, None, None] * _CODE_SPAN
        my_codes = (subset_codes(mine)[None, :, :] + board_key).ravel()                # (B * n * 16)
        their_codes = (subset_codes(theirs)[None, :, :] + board_key).ravel()           # (B * m * 16)
        owner = np.broadcast_to((np.arange(boards)[:, None] * m + np.arange(m)[None, :])[:, :, None],
                                (boards, m, 16)).ravel()
        keep = np.isin(their_codes, my_codes)          # a subset none of my hands holds is never asked for
        ts = np.zeros((boards, m), np.int64) if their_strength is None else their_strength
        keys = their_codes[keep] * _STRENGTH_SPAN + np.repeat(ts.ravel(), 16)[keep]
        order = np.argsort(keys, kind="stable")
        sorted_keys = keys[order]
        self._owner: Ints = owner[keep][order].astype(np.intp)
        self._cum = np.zeros(keys.size + 1)
        # each query (one subset of one of my hands on one board) reads the prefix sums at four places
        rows = np.repeat(np.arange(boards * n, dtype=np.int64), 16)
        sign = np.tile(_SIGNS, boards * n)
        group = my_codes * _STRENGTH_SPAN
        start = np.searchsorted(sorted_keys, group, "left")
        end = np.searchsorted(sorted_keys, group + _STRENGTH_SPAN, "left")
        # totals: one sum per group of events (an opponent subset on a board), read by my hands' subsets
        held = end > start
        groups, gid = np.unique(start[held], return_inverse=True)
        self._gstart = groups.astype(np.intp)
        self._gend = end[held][_first_index(start[held], groups)].astype(np.intp)
        self._totals = _Sparse(rows[held], [gid.ravel().astype(np.int64)], [sign[held]], boards * n, groups.size)
        self._wins: _Sparse | None = None
        if my_strength is not None:
            me = group + np.repeat(my_strength.ravel(), 16)
            below = np.searchsorted(sorted_keys, me, "left")
            upto = np.searchsorted(sorted_keys, me, "right")
            self._wins = _Sparse(rows, [below, upto, start], [0.5 * sign, 0.5 * sign, -sign], boards * n,
                                 keys.size + 1)

    @property
    def nbytes(self) -> int:
        """Memory held by the positions and the work array."""
        held = self._owner.nbytes + self._cum.nbytes + self._totals.nbytes + self._gstart.nbytes + self._gend.nbytes
        return int(held + (self._wins.nbytes if self._wins is not None else 0))

    @staticmethod
    def estimate(n: int, m: int, boards: int, showdown: bool) -> int:
        """Bytes :class:`PairSums` may take while it is built (every subset asked for, no tie)."""
        return 16 * boards * (m * 8 * 4 + n * 8 * (12 if showdown else 8) * 3)

    def _prefix(self, reach: Floats) -> Floats:
        np.cumsum(reach.ravel()[self._owner], out=self._cum[1:])
        return self._cum

    def _totals_from(self, c: Floats) -> Floats:
        return self._totals.apply(c[self._gend] - c[self._gstart]).reshape(self.boards, self.n)

    def totals(self, reach: Floats) -> Floats:
        """Reach of the opponent's hands sharing no card with each of mine."""
        return self._totals_from(self._prefix(reach))

    def showdown(self, reach: Floats) -> tuple[Floats, Floats]:
        """``(wins, totals)``: the reach of compatible opponent hands weaker than mine plus half
        of those tied with mine, and of all compatible ones."""
        if self._wins is None:
            raise ValueError("PairSums built without strengths")
        c = self._prefix(reach)
        return self._wins.apply(c).reshape(self.boards, self.n), self._totals_from(c)

    def wins(self, reach: Floats) -> Floats:
        """The first half of :meth:`showdown` alone (a Hi-Lo showdown's low half needs no totals)."""
        if self._wins is None:
            raise ValueError("PairSums built without strengths")
        return self._wins.apply(self._prefix(reach)).reshape(self.boards, self.n)


def _first_index(values: npt.NDArray[np.int64], targets: npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
    """Index in ``values`` of the first occurrence of each of ``targets`` (all present)."""
    order = np.argsort(values, kind="stable")
    return order[np.searchsorted(values, targets, sorter=order)]


class _Sparse:
    """A fixed sparse linear map from the prefix sums to my hands: ``out[row] = sum coef * c[pos]``,
    entries of one row at one position merged and zeros dropped (subsets no opponent hand holds
    cancel out), applied with one gather and one ``bincount``."""

    def __init__(self, rows: npt.NDArray[np.int64], positions: list[npt.NDArray[np.int64]],
                 coefs: list[Floats], n_rows: int, n_cols: int) -> None:
        key = np.concatenate([rows * n_cols + p for p in positions])
        coef = np.concatenate(coefs)
        uniq, inverse = np.unique(key, return_inverse=True)
        merged = np.bincount(inverse.ravel(), weights=coef, minlength=uniq.size)
        nz = merged != 0
        self.rows = (uniq[nz] // n_cols).astype(np.intp)
        self.pos = (uniq[nz] % n_cols).astype(np.intp)
        self.coef = merged[nz]
        self.n_rows = n_rows

    @property
    def nbytes(self) -> int:
        return int(self.rows.nbytes + self.pos.nbytes + self.coef.nbytes)

    def apply(self, c: Floats) -> Floats:
        out = np.bincount(self.rows, weights=self.coef * c[self.pos], minlength=self.n_rows)
        return out.astype(np.float64, copy=False)
