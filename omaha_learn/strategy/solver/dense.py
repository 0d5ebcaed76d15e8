"""Range against range with dense matrices, for ranges small enough to hold every pair of hands.

:class:`DensePairSums` gives the sums of :class:`~omaha_learn.strategy.solver.showdown.PairSums` (the same
methods, the same results up to rounding) from an ``(n, m)`` matrix of the pairs of hands that share no card and,
at a showdown, a ``(B, n, m)`` matrix of what each pair is worth to my hand (1 a win, 1/2 a tie, 0 a loss or a
shared card), so each sum is one matrix product. The coach's spots have ranges of tens to a few hundred hands,
where one product costs microseconds and the prefix sums' sixteen subsets and their gathers cost a hundred or
more; a matrix costs time in proportion to the pairs, the prefix sums to the hands, so :func:`pair_sums` takes the
dense form only up to :data:`DENSE_MAX` entries (and a range of tens of thousands of hands would need gigabytes).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from omaha_learn.strategy.range_pools import bits_of
from omaha_learn.strategy.solver.showdown import PairSums

__all__ = ["DensePairSums", "DenseShowdown", "dense_form", "pair_sums", "DENSE_MAX"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

DENSE_MAX = 200_000
"""Most entries (boards x my hands x their hands) a dense matrix may have (1.6 MB of float64; 447 x 447 hands on
a river): beyond it :func:`pair_sums` builds the prefix-sum form. Measured with
``benchmarks/bench_solver_small.py --crossover`` (2026-12-03): on a river the dense form took 36-75% of the prefix
sums' time up to 400 x 400 hands, about the same at 500 x 500 in PLO, and 3.5 times as long at 1,200 x 1,200."""


class DensePairSums:
    """:class:`~omaha_learn.strategy.solver.showdown.PairSums`'s sums as matrix products.

    ``mine`` and ``theirs`` are ``(n, 4)`` and ``(m, 4)`` card rows; ``my_strength`` and ``their_strength``
    ``(B, n)`` and ``(B, m)`` (or ``None``: totals only). The opponent's reach is ``(B, m)``.

    >>> mine = np.array([[0, 1, 2, 3]]); theirs = np.array([[0, 4, 5, 6], [7, 8, 9, 10], [11, 12, 13, 14]])
    >>> sums = DensePairSums(mine, theirs, np.array([[5]]), np.array([[9, 5, 1]]))
    >>> sums.showdown(np.array([[1.0, 1.0, 1.0]]))   # the first shares card 0: a tie and a win are left
    (array([[1.5]]), array([[2.]]))
    """

    def __init__(self, mine: Ints, theirs: Ints, my_strength: npt.NDArray[np.int64] | None,
                 their_strength: npt.NDArray[np.int64] | None, boards: int = 1) -> None:
        self.n, self.m, self.boards = int(mine.shape[0]), int(theirs.shape[0]), boards
        apart = (bits_of(mine)[:, None] & bits_of(theirs)[None, :]) == 0
        self._apart_t: Floats = np.ascontiguousarray(apart.T, dtype=np.float64)          # (m, n)
        self._wins_t: Floats | None = None
        if my_strength is not None and their_strength is not None:
            self._wins_t = np.ascontiguousarray(_worth(my_strength, their_strength) * self._apart_t[None])

    @property
    def nbytes(self) -> int:
        """Memory held by the matrices."""
        return int(self._apart_t.nbytes + (self._wins_t.nbytes if self._wins_t is not None else 0))

    @staticmethod
    def estimate(n: int, m: int, boards: int, showdown: bool) -> int:
        """Bytes the matrices take (and about as much again while they are built)."""
        return 8 * n * m * (1 + (3 * boards if showdown else 0))

    def totals(self, reach: Floats) -> Floats:
        """Reach of the opponent's hands sharing no card with each of mine."""
        out: Floats = reach @ self._apart_t
        return out

    def wins(self, reach: Floats) -> Floats:
        """The reach of compatible opponent hands weaker than mine plus half of those tied with mine."""
        if self._wins_t is None:
            raise ValueError("DensePairSums built without strengths")
        out: Floats = np.matmul(reach[:, None, :], self._wins_t)[:, 0, :]
        return out

    def showdown(self, reach: Floats) -> tuple[Floats, Floats]:
        """``(wins, totals)``, as :meth:`PairSums.showdown`."""
        return self.wins(reach), self.totals(reach)


class DenseShowdown:
    """A showdown's value to each of my hands as one matrix product: ``pot x share - invested x compatible``
    summed over the opponent's reach, where ``share`` is what the pair is worth to my hand (R11 in Hi-Lo: the
    high half and the low half when either hand has a low, the whole pot on the high otherwise; ties split).

    The same value :meth:`Engine._showdown <omaha_learn.strategy.solver.cfr.Engine._showdown>` assembles from
    three sums (the high against hands with and without a low, and the low), with one product instead of five.

    ``totals`` is the :class:`DensePairSums` of the same two ranges (its matrix of compatible pairs is used).

    >>> mine = np.array([[0, 1, 2, 3]]); theirs = np.array([[4, 5, 6, 7], [8, 9, 10, 11]])
    >>> hi_m, hi_t = np.array([[9]]), np.array([[5, 9]]); lo_m, lo_t = np.array([[0]]), np.array([[3, 0]])
    >>> totals = DensePairSums(mine, theirs, None, None)
    >>> DenseShowdown(totals, hi_m, hi_t, lo_m, lo_t).value(np.array([[1.0, 1.0]]), 10.0, 4.0)
    array([[2.]])
    """

    def __init__(self, totals: DensePairSums, hi_mine: npt.NDArray[np.int64], hi_theirs: npt.NDArray[np.int64],
                 lo_mine: npt.NDArray[np.int64] | None, lo_theirs: npt.NDArray[np.int64] | None) -> None:
        self.n, self.boards = totals.n, totals.boards
        apart = totals._apart_t                                                                # (m, n)
        share = _worth(hi_mine, hi_theirs)                                                    # (B, m, n)
        if lo_mine is not None and lo_theirs is not None:
            low = (np.asarray(lo_mine)[:, None, :] > 0) | (np.asarray(lo_theirs)[:, :, None] > 0)
            share = np.where(low, 0.5 * share + 0.5 * _worth(lo_mine, lo_theirs), share)
        share *= apart[None]
        if self.boards == 1:     # one product gives both halves: [share | compatible]
            self._both: Floats | None = np.ascontiguousarray(np.concatenate([share[0], apart], axis=1))
            self._share: Floats | None = None
            self._apart: Floats | None = None
        else:
            self._both = None
            self._share, self._apart = np.ascontiguousarray(share), apart

    @property
    def nbytes(self) -> int:
        return int(sum(a.nbytes for a in (self._both, self._share, self._apart) if a is not None))

    @staticmethod
    def estimate(n: int, m: int, boards: int) -> int:
        """Bytes the matrices take, with the temporaries of building them (about four more of the same size)."""
        return 8 * n * m * (1 + 5 * boards)

    def value(self, reach: Floats, pot: float, invested: float) -> Floats:
        """``(B, n)``: what each of my hands wins at this showdown net of the chips it put in, summed over the
        opponent's ``reach`` ``(B, m)``."""
        if self._both is not None:
            both = reach @ self._both
            out: Floats = pot * both[:, :self.n] - invested * both[:, self.n:]
            return out
        assert self._share is not None and self._apart is not None
        wins = np.matmul(reach[:, None, :], self._share)[:, 0, :]
        out = pot * wins - invested * (reach @ self._apart)
        return out


def _worth(mine: npt.NDArray[np.int64], theirs: npt.NDArray[np.int64]) -> Floats:
    """``(B, m, n)``: 1 where my hand is stronger, 1/2 where tied, 0 where weaker."""
    m_s, t_s = np.asarray(mine)[:, None, :], np.asarray(theirs)[:, :, None]
    out: Floats = (m_s > t_s) + 0.5 * (m_s == t_s)
    return out


def dense_form(boards: int, n: int, m: int) -> bool:
    """Whether ``boards x n x m`` is small enough for the dense form (at most :data:`DENSE_MAX`)."""
    return boards * n * m <= DENSE_MAX


def pair_sums(mine: Ints, theirs: Ints, my_strength: npt.NDArray[np.int64] | None,
              their_strength: npt.NDArray[np.int64] | None, boards: int = 1) -> PairSums | DensePairSums:
    """The dense form when ``boards x n x m`` is at most :data:`DENSE_MAX`, else the prefix-sum form."""
    if dense_form(boards, int(mine.shape[0]), int(theirs.shape[0])):
        return DensePairSums(mine, theirs, my_strength, their_strength, boards)
    return PairSums(mine, theirs, my_strength, their_strength, boards)
