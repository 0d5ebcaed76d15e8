"""The numpy kernels behind equity: additive rank keys agree with the five-card
tables on every hand (R6-R9), and the shared-triple board enumeration agrees
with a direct best-of-ten-triples."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from omaha_learn.engine.equity.kernel import (
    FLUSH_OFFSET,
    RANK_WEIGHTS,
    best_strengths,
    board_blocks,
    boards_from_triples,
    key_tables,
    outcome_codes,
    random_boards,
    strengths_by_triples,
    triple_strengths,
)
from omaha_learn.engine.evaluation.hands import best_high, best_low
from omaha_learn.engine.evaluation.tables import colex_combinations, high_table, low_table, low_threshold


def test_r6_r9_key_tables_agree_with_five_card_tables_on_all_2598960_hands() -> None:
    hands = colex_combinations(52, 5).astype(np.int64)
    weights = np.array(RANK_WEIGHTS, dtype=np.int64)[hands >> 2].sum(axis=1)
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    hi, lo = key_tables()
    assert np.array_equal(hi[weights + FLUSH_OFFSET * flush], high_table())
    assert np.array_equal(lo[weights], low_table())


def test_rank_weights_give_distinct_sums() -> None:
    from itertools import combinations_with_replacement

    sums = {sum(RANK_WEIGHTS[r] for r in ms) for ms in combinations_with_replacement(range(13), 5)
            if max(ms.count(r) for r in ms) <= 4}
    assert len(sums) == 6175  # every rank multiset of a five-card hand


def test_r2_r10_best_strengths_agree_with_best_high_and_best_low() -> None:
    rng = np.random.default_rng(5)
    for _ in range(40):
        cards = rng.permutation(52)[:9]
        hole, board = cards[:4], cards[4:]
        hi, lo = best_strengths(hole, board[None, :])
        assert int(hi[0]) == best_high(hole.tolist(), board.tolist()).strength
        low = best_low(hole.tolist(), board.tolist(), qualifier=None)
        assert low is not None and int(lo[0]) == low.strength  # type: ignore[union-attr]


@pytest.mark.parametrize("n", [5, 6, 9, 13])
def test_board_blocks_match_direct_best_of_ten_triples(n: int) -> None:
    rng = np.random.default_rng(n)
    values = rng.integers(0, 5000, size=(3, comb(n, 3)), dtype=np.uint16)
    boards = colex_combinations(n, 5).astype(np.intp)
    direct = strengths_by_triples(values, boards)
    assert np.array_equal(boards_from_triples(values, n), direct)
    starts = [start for start, _ in board_blocks(values, n)]
    assert starts == [comb(e, 5) for e in range(4, n)]


def test_triple_strengths_match_direct_evaluation() -> None:
    hole = np.array([48, 49, 0, 5])              # As Ac... any four cards
    deck = np.array([c for c in range(52) if c not in hole][:12])
    hi, lo = triple_strengths(hole, deck)
    triples = deck[colex_combinations(12, 3).astype(np.intp)]
    for t, h, low in zip(triples[:50], hi[:50], lo[:50], strict=True):  # type: ignore[index]
        assert int(h) == best_high(hole.tolist(), t.tolist()).strength
        bl = best_low(hole.tolist(), t.tolist(), qualifier=None)
        assert bl is not None and int(low) == bl.strength


def test_random_boards_are_sorted_and_cover_every_board() -> None:
    b = random_boards(np.random.default_rng(0), 7, 5_000)
    assert (np.diff(b, axis=1) > 0).all() and b.min() >= 0 and b.max() < 7
    idx = sum(np.array([comb(int(x), k + 1) for x in b[:, k]]) for k in range(5))
    counts = np.bincount(idx, minlength=21)
    assert len(counts) == 21 and counts.min() > 150   # 21 boards, about 238 each


def test_r11_outcome_codes_mark_ties_and_missing_lows() -> None:
    high = np.array([[9, 9, 1], [9, 3, 2]], dtype=np.uint16)
    low = np.array([[0, 7, 0], [0, 7, 6]], dtype=np.uint16)
    assert outcome_codes(high, low).tolist() == [0b1100, 0b0111, 0b1010]
    assert outcome_codes(high, None).tolist() == [0b1100, 0b0100, 0b1000]
    assert low_threshold(8) > 0
