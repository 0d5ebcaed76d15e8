"""Exact equity: every board that completes the known cards, counted by outcome code (R11).

:func:`exact_counts` deals every remaining board (before the flop, each hand's
strength with every three-card subset of the deck, combined by
:func:`~omaha_learn.engine.evaluation.sweep.board_blocks`); a turn or a river goes
to :func:`small_exact_counts`, a few dozen boards at most.

>>> from omaha_learn.engine.cards import parse_cards
>>> holes = [parse_cards("As Ah 2s 3h"), parse_cards("Kd Kc Qd Jc")]
>>> board = parse_cards("4c 7d 9s")
>>> deck = np.setdiff1d(np.arange(52), [int(c) for h in holes for c in h] + [int(c) for c in board])
>>> sum(exact_counts(holes, board, deck, True, 6120, lambda d, t: None).values()), exact_boards(2, board=3)
(820, 820)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card
from omaha_learn.engine.equity.kernel import board_blocks, outcome_codes, stacked_outcome_codes, triple_strengths
from omaha_learn.engine.evaluation.batch import board_info, fixed_strengths
from omaha_learn.engine.evaluation.sweep import river_strengths, turn_strengths
from omaha_learn.engine.evaluation.tables import colex_combinations

__all__ = ["exact_boards", "exact_counts", "small_exact_counts"]


def _as_dict(sums: npt.NDArray[np.int64]) -> dict[int, int]:
    return {v: int(sums[v]) for v in np.flatnonzero(sums).tolist()}


@functools.lru_cache(maxsize=64)
def _positions(n: int, k: int) -> npt.NDArray[np.intp]:
    return colex_combinations(n, k).astype(np.intp)


def exact_counts(holes: list[tuple[Card, ...]], board: tuple[Card, ...], deck: npt.NDArray[np.intp],
           low: bool, threshold: int, bar: Callable[[int, int], object]) -> dict[int, int]:
    """Outcome counts of every board completing ``board`` from ``deck`` (the cards left), known holes."""
    n = len(deck)
    players = len(holes)
    size = 1 << (2 * players)
    if not board:
        rows = []
        for h in holes:
            hi, lo = triple_strengths(np.array(h), deck, low=low)
            rows.append(hi)
            if lo is not None:
                rows.append(np.where(lo >= threshold, lo, 0).astype(np.uint16))
        values = np.stack(rows)
        step = 2 if low else 1
        total = comb(n, 5)
        sums = np.zeros(size, dtype=np.int64)
        for start, block in board_blocks(values, n):
            sums += np.bincount(outcome_codes(block[0::step], block[1::2] if low else None), minlength=size)
            bar(start + block.shape[1], total)
        return _as_dict(sums)
    missing = 5 - len(board)
    combos = _positions(n, missing)
    boards = np.empty((len(combos), 5), dtype=np.intp)
    boards[:, :len(board)] = board
    boards[:, len(board):] = deck[combos]
    high, lows = fixed_strengths(np.array(holes, dtype=np.intp), board_info(boards), low=low)
    if lows is not None:
        lows[lows < threshold] = 0
    sums = np.bincount(outcome_codes(high, lows), minlength=size)
    bar(len(boards), len(boards))
    return _as_dict(sums)


def small_exact_counts(holes: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...], low: bool,
                 threshold: int) -> dict[int, int]:
    """Outcome counts of a turn or river with known holes (:func:`_exact` for any board): a few
    dozen boards, where the number of numpy calls, not the work, sets the time."""
    if len(board) == 5:
        highs, lows = river_strengths(holes, board, low=low)
        top = max(highs)
        code = sum(1 << i for i, v in enumerate(highs) if v == top) << len(holes)
        if lows is not None and max(lows) >= threshold:
            top = max(lows)
            code |= sum(1 << i for i, v in enumerate(lows) if v == top)
        return {code: 1}
    values, weights = turn_strengths(holes, board, dead, low=low)
    counts: dict[int, int] = {}
    for code, w in zip(stacked_outcome_codes(values, threshold), weights, strict=True):
        if w:
            counts[code] = counts.get(code, 0) + w
    return counts


def exact_boards(players: int, board: int = 0, dead: int = 0, hole_size: int = 4) -> int:
    """How many boards an exact enumeration deals.

    >>> exact_boards(2), exact_boards(3, board=3)
    (1086008, 666)
    """
    return comb(52 - players * hole_size - board - dead, 5 - board)
