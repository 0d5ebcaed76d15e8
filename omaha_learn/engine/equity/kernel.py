"""Numpy kernels behind :func:`omaha_learn.equity`: random deals, outcome codes and
the per-chunk work that exact enumeration and Monte Carlo share.

Hands are evaluated by :mod:`omaha_learn.engine.evaluation.batch` (five-card
boards: one lookup per hole pair) and, for every board of a deck at once, by
:func:`omaha_learn.engine.evaluation.sweep.board_blocks`. An outcome code per
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

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.evaluation.batch import board_info, hand_strengths
from omaha_learn.engine.evaluation.sweep import board_blocks, triple_values
from omaha_learn.engine.sampling import (
    SCRATCH,
    chunk_seed,
    chunk_sizes,
    deal_around,
    deal_cards,
    deal_positions,
    draw_members,
    fresh_seed,
)
from omaha_learn.errors import RangesDoNotFit
from omaha_learn.i18n import gettext as _
from omaha_learn.jobs import parallel_sum

__all__ = [
    "DealSpec",
    "board_blocks",
    "deal_cards",
    "deal_positions",
    "monte_carlo_chunk",
    "monte_carlo_counts",
    "outcome_codes",
    "parallel_sum",
    "stacked_outcome_codes",
    "strengths_on_boards",
    "triple_strengths",
]

U16 = npt.NDArray[np.uint16]
I64 = npt.NDArray[np.int64]
Ints = npt.NDArray[np.intp]
F64 = npt.NDArray[np.float64]


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


@dataclass(frozen=True)
class DealSpec:
    """What a Monte Carlo chunk deals: fixed holes (or ``None`` for a hand dealt at random), the
    known board, the ``deck`` of cards left, hole ``size``, and the low rule.

    ``ranges[i]`` (when given) holds player ``i``'s range members as an ``(N, size)`` array of
    cards from ``deck`` (``int8``: an eighth of the bytes to send to the workers) (``holes[i]`` is then ``None``): each deal draws one member, in
    proportion to the weights whose running sums ``cumulative[i]`` holds (``None``: uniformly),
    redrawing members that share a card with another range's, before the board and the
    random hands are dealt from the cards left.
    """

    holes: tuple[tuple[int, ...] | None, ...]
    board: tuple[int, ...]
    deck: Ints
    size: int
    low: bool
    threshold: int
    ranges: tuple[npt.NDArray[np.integer] | None, ...] = ()
    cumulative: tuple[F64 | None, ...] = ()

    @property
    def players(self) -> int:
        return len(self.holes)

    def range_of(self, i: int) -> npt.NDArray[np.integer] | None:
        return self.ranges[i] if self.ranges else None


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


_MAX_REDRAWS = 1000


def draw_ranges(rng: np.random.Generator, spec: DealSpec, deals: int) -> dict[int, Ints]:
    """One member of each range per deal, ``{player: (deals, size)}``: members drawn by
    :func:`~omaha_learn.engine.sampling.draw_members`, deals whose members share a card redrawn."""
    ranged = [i for i in range(spec.players) if spec.range_of(i) is not None]
    tables = {i: spec.ranges[i] for i in ranged}
    cum = {i: spec.cumulative[i] if spec.cumulative else None for i in ranged}
    hands = {i: t[draw_members(rng, len(t), cum[i], deals)].astype(np.intp)
             for i, t in tables.items() if t is not None}
    if len(ranged) < 2:
        return hands
    for _round in range(_MAX_REDRAWS):
        s = np.sort(np.concatenate([hands[i] for i in ranged], axis=1), axis=1)
        idx = np.flatnonzero((s[:, 1:] == s[:, :-1]).any(axis=1))
        if not idx.size:
            return hands
        for i, t in tables.items():
            assert t is not None
            hands[i][idx] = t[draw_members(rng, len(t), cum[i], len(idx))]
    raise RangesDoNotFit(_("ranges: the players' ranges almost never fit together without sharing a card"))


def monte_carlo_chunk(spec: DealSpec, seed: np.random.SeedSequence, deals: int) -> I64:
    """Outcome-code counts of ``deals`` random deals (length ``4 ** players``), from ``seed``."""
    rng = np.random.default_rng(seed)
    missing = 5 - len(spec.board)
    members = draw_ranges(rng, spec, deals) if spec.ranges else {}
    randoms = [i for i, h in enumerate(spec.holes) if h is None and i not in members]
    k = missing + spec.size * len(randoms)
    taken = np.concatenate(list(members.values()), axis=1) if members else None
    dealt = deal_around(rng, spec.deck, taken, deals, k)   # (k, deals) cards
    boards = SCRATCH.get("boards", (deals, 5), np.intp)
    boards[:, :len(spec.board)] = spec.board
    boards[:, len(spec.board):] = dealt[:missing].T
    holes: list[Ints] = []
    for i, h in enumerate(spec.holes):
        if i in members:
            holes.append(members[i])
        elif h is None:
            j = missing + spec.size * randoms.index(i)
            hole = SCRATCH.get(f"hole{i}", (deals, spec.size), np.intp)
            hole[:] = dealt[j:j + spec.size].T
            holes.append(hole)
        else:
            holes.append(np.asarray(h, dtype=np.intp))
    high, low = strengths_on_boards(holes, boards, spec.low, spec.threshold)
    codes = outcome_codes(high, low)
    return np.bincount(codes, minlength=1 << (2 * spec.players)).astype(np.int64)


def _chunk_counts(spec: DealSpec, seed: int, sizes: tuple[int, ...], i: int) -> I64:
    """Outcome counts of chunk ``i`` of a request (its own seed and size)."""
    return monte_carlo_chunk(spec, chunk_seed(seed, i), sizes[i])


def monte_carlo_counts(spec: DealSpec, trials: int, seed: int | None, threads: int,
                       progress: Callable[[int, int], object] | None = None, chunks: range | None = None
                       ) -> dict[int, int]:
    """Outcome counts (code -> deals) of ``trials`` seeded deals, chunk by chunk on ``threads``
    worker processes (:func:`~omaha_learn.jobs.parallel_sum`): the same for
    any ``threads``. ``chunks`` selects some of the request's chunks (a piece of a study);
    ``progress(done, total)`` is called as chunks finish.

    >>> import numpy as np
    >>> spec = DealSpec(holes=((0, 1, 2, 3), None), board=(), deck=np.arange(4, 52), size=4, low=False,
    ...                 threshold=0)
    >>> a = monte_carlo_counts(spec, 20_000, 1, 1)
    >>> a == monte_carlo_counts(spec, 20_000, 1, 2), sum(a.values())
    (True, 20000)
    >>> b = monte_carlo_counts(spec, 20_000, 1, 1, chunks=range(0, 2))
    >>> c = monte_carlo_counts(spec, 20_000, 1, 1, chunks=range(2, 3))
    >>> all(a[k] == b.get(k, 0) + c.get(k, 0) for k in a)
    True
    """
    sizes = tuple(chunk_sizes(trials))
    todo = range(len(sizes)) if chunks is None else chunks
    total = sum(sizes[i] for i in todo)
    work = functools.partial(_chunk_counts, spec, fresh_seed() if seed is None else seed, sizes)
    done = [0]

    def finished(i: int) -> None:
        done[0] += sizes[i]
        if progress is not None:
            progress(done[0], total)

    sums = parallel_sum(work, todo, threads, finished)
    if sums is None:
        return {}
    return {v: int(sums[v]) for v in np.flatnonzero(sums).tolist()}
