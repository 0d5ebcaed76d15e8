"""The numpy kernels behind equity: the one additive rank-key scheme agrees with the
five-card tables on every hand (R6-R9), the board-by-pair kernel agrees with the
60-choice definition (R2, R10), the shared-triple board enumeration agrees with a
direct best-of-ten-triples, and random deals are uniform."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest
from colex_tables import colex_index, high_table, low_table  # tests/ is on sys.path (pytest rootdir-relative)
from depth import examples

from omaha_learn.engine.cards import Card
from omaha_learn.engine.equity.kernel import (
    board_blocks,
    deal_positions,
    outcome_codes,
    triple_strengths,
)
from omaha_learn.engine.evaluation.batch import deal_strengths
from omaha_learn.engine.evaluation.five_card import high_value
from omaha_learn.engine.evaluation.hands import best_high, best_low
from omaha_learn.engine.evaluation.keys import FLUSH_OFFSET, RANK_WEIGHTS, key_codes, multisets, suited_sets
from omaha_learn.engine.evaluation.sweep import boards_from_triples
from omaha_learn.engine.evaluation.tables import (
    colex_combinations,
    flush_pair_table,
    high_classes,
    key_tables,
    low_threshold,
)


def test_r6_r9_key_tables_agree_with_five_card_tables_on_all_2598960_hands() -> None:
    hands = colex_combinations(52, 5).astype(np.int64)
    weights = np.array(RANK_WEIGHTS, dtype=np.int64)[hands >> 2].sum(axis=1)
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    hi, lo = key_tables()
    assert np.array_equal(hi[weights + FLUSH_OFFSET * flush], high_table())
    assert np.array_equal(lo[weights], low_table())


def test_rank_weights_give_distinct_sums_and_dense_codes() -> None:
    for size, count in ((2, 91), (3, 455), (4, 1820), (5, 6175)):
        sums = {sum(RANK_WEIGHTS[r] for r in ms) for ms in combinations_with_replacement(range(13), size)
                if max(ms.count(r) for r in ms) <= 4}
        assert len(sums) == count == len(multisets(size))
        codes = key_codes(size)
        assert sorted(int(codes[k]) for k in sums) == list(range(count))


def _reference(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Best of the 60 (or 100) two-plus-three choices, read from the colex five-card tables."""
    hi = np.zeros(len(holes), dtype=np.int64)
    lo = np.zeros(len(holes), dtype=np.int64)
    for p in combinations(range(holes.shape[1]), 2):
        for t in combinations(range(5), 3):
            five = np.sort(np.concatenate([holes[:, p], boards[:, t]], axis=1), axis=1)
            idx = colex_index(five)
            hi = np.maximum(hi, high_table()[idx])
            lo = np.maximum(lo, low_table()[idx])
    return hi, lo


@pytest.mark.parametrize("hole_size", [4, 5])
def test_r2_r10_board_pair_kernel_agrees_with_all_60_choices(hole_size: int) -> None:
    rng = np.random.default_rng(hole_size)          # the fast run checks a quarter of the deals (tests/depth.py)
    deals = np.argsort(rng.random((examples(30_000), 52)), axis=1)[:, :hole_size + 5]
    holes, boards = deals[:, :hole_size], deals[:, hole_size:]
    # flush-heavy deals too: every card from two suits
    two_suits = np.array([c for c in range(52) if c & 3 < 2])
    d2 = two_suits[np.argsort(rng.random((examples(10_000), 26)), axis=1)[:, :hole_size + 5]]
    holes, boards = np.concatenate([holes, d2[:, :hole_size]]), np.concatenate([boards, d2[:, hole_size:]])
    hi, lo = deal_strengths(holes[None], boards)
    ref_hi, ref_lo = _reference(holes, boards)
    assert np.array_equal(hi[0], ref_hi) and np.array_equal(lo[0], ref_lo)  # type: ignore[index]
    # one fixed hole against many boards (the row path) and against few (the direct path)
    hole = holes[0]
    ok = ~np.isin(boards, hole).any(axis=1)
    for b in (boards[ok], boards[ok][:50]):
        fh, fl = deal_strengths(hole[None], b)
        rh, rl = _reference(np.broadcast_to(hole, (len(b), hole_size)), b)
        assert np.array_equal(fh[0], rh) and np.array_equal(fl[0], rl)  # type: ignore[index]


def test_the_flush_pair_table_is_the_best_flush_of_the_pair_and_three_of_its_suit() -> None:
    """R2, R6: each entry is the best five-card high (:func:`high_value`, the plain reader) of the two suited hole
    cards with three of the board's cards of their suit; 0 where a hole rank is on the board (no deal has that)."""
    table = flush_pair_table()
    sets, pairs = suited_sets(), list(combinations(range(13), 2))
    assert table.shape == (len(sets), len(pairs)) == (2288, 78)
    rng = np.random.default_rng(2288)
    for i in rng.choice(len(sets), 150, replace=False).tolist():
        for j in rng.choice(len(pairs), 12, replace=False).tolist():
            pair, ranks = pairs[j], sets[i]
            if set(pair) & set(ranks):
                assert table[i, j] == 0
                continue
            best = max(high_value([Card(r * 4) for r in (*pair, *t)]) for t in combinations(ranks, 3))
            assert high_classes()[int(table[i, j])] == best, (pair, ranks)


@pytest.mark.parametrize("n", [5, 6, 9, 13])
def test_board_blocks_match_direct_best_of_ten_triples(n: int) -> None:
    rng = np.random.default_rng(n)
    values = rng.integers(0, 5000, size=(3, comb(n, 3)), dtype=np.uint16)
    boards = colex_combinations(n, 5).tolist()
    index = {tuple(t): i for i, t in enumerate(colex_combinations(n, 3).tolist())}
    direct = np.array([[max(int(v[index[t]]) for t in combinations(b, 3)) for b in boards] for v in values])
    assert np.array_equal(boards_from_triples(values, n), direct)
    starts = [start for start, _ in board_blocks(values, n)]
    assert starts == [comb(e, 5) for e in range(4, n)]


def test_triple_strengths_match_direct_evaluation() -> None:
    hole = np.array([48, 49, 0, 5])
    deck = np.array([c for c in range(52) if c not in hole][:12])
    hi, lo = triple_strengths(hole, deck)
    triples = deck[colex_combinations(12, 3).astype(np.intp)]
    for t, h, low in zip(triples[:50], hi[:50], lo[:50], strict=True):  # type: ignore[index]
        assert int(h) == best_high(hole.tolist(), t.tolist()).strength
        bl = best_low(hole.tolist(), t.tolist(), qualifier=None)
        assert bl is not None and int(low) == bl.strength


def test_deal_positions_are_distinct_and_uniform() -> None:
    d = deal_positions(np.random.default_rng(0), 7, 70_000, 3)
    assert d.shape == (3, 70_000)
    assert (d[0] != d[1]).all() and (d[0] != d[2]).all() and (d[1] != d[2]).all()
    # every ordered triple of 7 positions (210) about equally often: chi-square, 209 degrees of freedom
    counts = np.bincount(d[0] * 49 + d[1] * 7 + d[2], minlength=343)
    used = counts[counts > 0]
    assert len(used) == 210
    expected = 70_000 / 210
    chi2 = float(((used - expected) ** 2 / expected).sum())
    assert chi2 < 300  # p ~ 1e-4 at 209 dof


def test_r11_outcome_codes_mark_ties_and_missing_lows() -> None:
    high = np.array([[9, 9, 1], [9, 3, 2]], dtype=np.uint16)
    low = np.array([[0, 7, 0], [0, 7, 6]], dtype=np.uint16)
    assert outcome_codes(high, low).tolist() == [0b1100, 0b0111, 0b1010]
    assert outcome_codes(high, None).tolist() == [0b1100, 0b0100, 0b1000]
    assert low_threshold(8) > 0


def _fisher_yates_reference(rng: np.random.Generator, n: int, m: int, k: int) -> np.ndarray:
    """The partial shuffle as first written, one deck row and one uniform row at a time."""
    deck = np.tile(np.arange(n), (m, 1))
    r = rng.random((k, m))
    out = np.empty((k, m), dtype=np.intp)
    for i in range(k):
        j = (r[i] * (n - i)).astype(np.intp) + i
        rows = np.arange(m)
        picked = deck[rows, j]
        deck[rows, j] = deck[rows, i]
        deck[rows, i] = picked
        out[i] = picked
    return out


@pytest.mark.parametrize("n,m,k", [(52, 3000, 29), (44, 8192, 9), (10, 1000, 10), (48, 5, 0), (1, 4, 1)])
def test_deal_positions_and_deal_cards_are_the_seeded_fisher_yates_shuffle(n, m, k) -> None:
    """Reused work arrays and int8 decks deal exactly the cards the plain shuffle deals."""
    from omaha_learn.engine.equity.kernel import deal_cards

    want = _fisher_yates_reference(np.random.default_rng(n * k + 1), n, m, k)
    assert (deal_positions(np.random.default_rng(n * k + 1), n, m, k) == want).all()
    cards = np.arange(52)[::-1][:n]
    assert (deal_cards(np.random.default_rng(n * k + 1), cards, m, k) == cards[want]).all()


def test_board_info_says_what_a_plain_reading_of_each_board_says() -> None:
    """BoardInfo's packed sums against counting suits and ranks board by board."""
    from omaha_learn.engine.evaluation.batch import board_info
    from omaha_learn.engine.evaluation.keys import N_PAIR_CODES, key_codes, rank_key, suited_set_codes

    rng = np.random.default_rng(11)
    boards = np.argsort(rng.random((3000, 52)), axis=1)[:, :5]
    boards[:4] = [[0, 4, 8, 12, 16], [1, 5, 9, 2, 3], [48, 44, 40, 36, 0], [51, 47, 43, 39, 35]]
    info = board_info(boards)
    flush = {}
    for i, b in enumerate(boards.tolist()):
        assert info.base[i] == int(key_codes(5)[rank_key(b)]) * N_PAIR_CODES
        suits = [c & 3 for c in b]
        s = next((s for s in range(4) if suits.count(s) >= 3), None)
        if s is not None:
            flush[i] = (s, sum(1 << (c >> 2) for c in b if c & 3 == s))
    assert info.flush_rows.tolist() == sorted(flush)
    assert info.flush_suit.tolist() == [flush[i][0] for i in sorted(flush)]
    assert info.flush_base.tolist() == [int(suited_set_codes()[flush[i][1]]) * 78 for i in sorted(flush)]
