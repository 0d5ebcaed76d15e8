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

from omaha_learn.engine.evaluation.batch import evaluate_high_many, evaluate_low_many

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
        hi[k, ok] = evaluate_high_many(hands, board)
        if lo is not None:
            lo[k, ok] = evaluate_low_many(hands, board)
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
        their_codes = subset_codes(theirs)[None, :, :] + board_key                    # (B, m, 16)
        my_codes = subset_codes(mine)[None, :, :] + board_key                          # (B, n, 16)
        ts = np.zeros((boards, m), np.int64) if their_strength is None else their_strength
        ms = np.zeros((boards, n), np.int64) if my_strength is None else my_strength
        keys = (their_codes * _STRENGTH_SPAN + ts[:, :, None]).ravel()
        order = np.argsort(keys, kind="stable")
        sorted_keys = keys[order]
        owner = np.broadcast_to((np.arange(boards)[:, None] * m + np.arange(m)[None, :])[:, :, None],
                                (boards, m, 16)).ravel()
        itype = np.int32 if keys.size < 2 ** 31 - 1 else np.int64
        self._owner = owner[order].astype(itype)
        group = (my_codes * _STRENGTH_SPAN).ravel()
        me = (my_codes * _STRENGTH_SPAN + ms[:, :, None]).ravel()
        self._start = np.searchsorted(sorted_keys, group, "left").astype(itype)
        self._end = np.searchsorted(sorted_keys, group + _STRENGTH_SPAN, "left").astype(itype)
        self._below = np.searchsorted(sorted_keys, me, "left").astype(itype) if my_strength is not None else None
        self._upto = np.searchsorted(sorted_keys, me, "right").astype(itype) if my_strength is not None else None
        self._cum = np.zeros(keys.size + 1)

    @property
    def nbytes(self) -> int:
        """Memory held by the positions and the work array."""
        arrays: list[npt.NDArray[np.generic]] = [self._owner, self._start, self._end, self._cum]
        arrays += [a for a in (self._below, self._upto) if a is not None]
        return sum(int(a.nbytes) for a in arrays)

    @staticmethod
    def estimate(n: int, m: int, boards: int, showdown: bool) -> int:
        """Bytes :class:`PairSums` will hold (and about twice that while it is built)."""
        per = 4 if 16 * max(n, m) * boards < 2 ** 31 else 8
        return 16 * boards * (m * (per + 8 + 24) + n * per * (4 if showdown else 2))

    def _prefix(self, reach: Floats) -> Floats:
        np.cumsum(reach.ravel()[self._owner], out=self._cum[1:])
        return self._cum

    def _combine(self, per_query: Floats) -> Floats:
        out: Floats = (per_query.reshape(-1, 16) @ _SIGNS).reshape(self.boards, self.n)
        return out

    def totals(self, reach: Floats) -> Floats:
        """Reach of the opponent's hands sharing no card with each of mine."""
        c = self._prefix(reach)
        return self._combine(c[self._end] - c[self._start])

    def showdown(self, reach: Floats) -> tuple[Floats, Floats]:
        """``(wins, totals)``: the reach of compatible opponent hands weaker than mine plus half
        of those tied with mine, and of all compatible ones."""
        if self._below is None or self._upto is None:
            raise ValueError("PairSums built without strengths")
        c = self._prefix(reach)
        start = c[self._start]
        wins = self._combine(0.5 * (c[self._below] + c[self._upto]) - start)
        return wins, self._combine(c[self._end] - start)
