"""The solver's range-against-range sums equal a brute force over every pair of hands, exactly: four-card
blockers sharing 1 to 4 cards, ties, several boards at once (R2, R8-R12). Both forms are checked: the sorted
prefix sums with inclusion-exclusion over the 16 card subsets of a hand (``PairSums``, for large ranges) and the
dense matrices (``DensePairSums``, for the coach's small ones); ``pair_sums`` picks by size."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from omaha_learn.engine.cards import parse_cards
from omaha_learn.engine.evaluation.hands import best_high, best_low
from omaha_learn.strategy.solver import dense
from omaha_learn.strategy.solver.dense import DensePairSums, pair_sums
from omaha_learn.strategy.solver.showdown import PairSums, strengths

FORMS = [PairSums, DensePairSums]


def _hands(pool: list[int], n: int, rng: np.random.Generator) -> np.ndarray:
    every = list(combinations(sorted(pool), 4))
    pick = rng.choice(len(every), size=min(n, len(every)), replace=False)
    return np.array([every[i] for i in sorted(pick)], dtype=np.intp)


def _dense(mine: np.ndarray, theirs: np.ndarray, ms: np.ndarray, ts: np.ndarray, reach: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray]:
    wins = np.zeros(len(mine))
    tot = np.zeros(len(mine))
    for i, h in enumerate(mine):
        for j, g in enumerate(theirs):
            if set(h.tolist()) & set(g.tolist()):
                continue
            tot[i] += reach[j]
            wins[i] += reach[j] * (1.0 if ms[i] > ts[j] else 0.5 if ms[i] == ts[j] else 0.0)
    return wins, tot


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sorted_sums_equal_the_dense_matrix(seed: int, form: type) -> None:
    rng = np.random.default_rng(seed)
    board = parse_cards("Ah 7d 6c 4s 2h")
    live = [c for c in range(52) if c not in {int(x) for x in board}]
    pool = [int(c) for c in rng.choice(live, size=11, replace=False)]     # few cards: many shared ones
    mine, theirs = _hands(pool, 120, rng), _hands(pool, 150, rng)
    b = np.array([[int(c) for c in board]])
    for low in (False, True):
        hi_m, lo_m = strengths(mine, b, True)
        hi_t, lo_t = strengths(theirs, b, True)
        ms, ts = (lo_m, lo_t) if low else (hi_m, hi_t)
        assert ms is not None and ts is not None
        sums = form(mine, theirs, ms, ts, 1)
        reach = rng.random(len(theirs))
        wins, tot = sums.showdown(reach[None, :])
        dw, dt = _dense(mine, theirs, ms[0], ts[0], reach)
        np.testing.assert_allclose(wins[0], dw, atol=1e-9)
        np.testing.assert_allclose(tot[0], dt, atol=1e-9)
        np.testing.assert_allclose(sums.totals(reach[None, :])[0], dt, atol=1e-9)


def test_strengths_are_the_one_hand_evaluators() -> None:
    rng = np.random.default_rng(7)
    board = parse_cards("Ah 7d 6c 4s 2h")
    live = [c for c in range(52) if c not in {int(x) for x in board}]
    rows = np.array([sorted(rng.choice(live, size=4, replace=False).tolist()) for _ in range(60)], dtype=np.intp)
    hi, lo = strengths(rows, np.array([[int(c) for c in board]]), True)
    assert lo is not None
    for k, r in enumerate(rows):
        assert hi[0, k] == best_high(r.tolist(), board).strength
        low = best_low(r.tolist(), board)
        assert lo[0, k] == (0 if low is None else low.strength)


@pytest.mark.parametrize("form", FORMS)
def test_a_batch_of_river_boards_is_each_board_alone(form: type) -> None:
    rng = np.random.default_rng(11)
    turn = [int(c) for c in parse_cards("Ks 9d 5c 3h")]
    live = [c for c in range(52) if c not in turn]
    pool = [int(c) for c in rng.choice(live, size=10, replace=False)]
    mine, theirs = _hands(pool, 80, rng), _hands(pool, 90, rng)
    rivers = [pool[0], pool[3], [c for c in live if c not in pool][0]]
    boards = np.array([turn + [r] for r in rivers], dtype=np.intp)
    hi_m, _ = strengths(mine, boards, False)
    hi_t, _ = strengths(theirs, boards, False)
    batch = form(mine, theirs, hi_m, hi_t, len(rivers))
    reach = rng.random((len(rivers), len(theirs)))
    reach *= ~(theirs[None, :, :] == boards[:, 4][:, None, None]).any(axis=2)   # no reach holding the river
    wins, tot = batch.showdown(reach)
    for k in range(len(rivers)):
        one = PairSums(mine, theirs, hi_m[k:k + 1], hi_t[k:k + 1], 1)
        w1, t1 = one.showdown(reach[k:k + 1])
        np.testing.assert_allclose(wins[k], w1[0], atol=1e-9)
        np.testing.assert_allclose(tot[k], t1[0], atol=1e-9)
        dw, dt = _dense(mine, theirs, hi_m[k], hi_t[k], reach[k])
        np.testing.assert_allclose(wins[k], dw, atol=1e-9)
        np.testing.assert_allclose(tot[k], dt, atol=1e-9)


def test_pair_sums_takes_the_dense_form_up_to_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    mine = np.array([[0, 1, 2, 3], [4, 5, 6, 7]], dtype=np.intp)
    theirs = np.array([[8, 9, 10, 11], [0, 12, 13, 14], [15, 16, 17, 18]], dtype=np.intp)
    s_m, s_t = np.array([[3, 1]]), np.array([[2, 2, 2]])
    assert isinstance(pair_sums(mine, theirs, s_m, s_t, 1), DensePairSums)
    monkeypatch.setattr(dense, "DENSE_MAX", 5)            # 2 x 3 = 6 pairs: over the bound
    big = pair_sums(mine, theirs, s_m, s_t, 1)
    assert isinstance(big, PairSums)
    small = DensePairSums(mine, theirs, s_m, s_t, 1)
    reach = np.array([[1.0, 2.0, 4.0]])
    for a, b in zip(big.showdown(reach), small.showdown(reach), strict=True):
        np.testing.assert_allclose(a, b)
    np.testing.assert_allclose(small.showdown(reach)[0], [[5.0, 0.0]])   # 1 + 4: the hand of reach 2 shares card 0
