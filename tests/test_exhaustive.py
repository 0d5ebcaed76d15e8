"""All 2,598,960 five-card hands: the high order agrees with phevaluator's (R6, R7),
and every rank pattern's low agrees with a simple independent reading (R8, R9, R12)."""

from __future__ import annotations

import numpy as np
import pytest
from colex_tables import high_table, low_table  # tests/ is on sys.path (pytest rootdir-relative)
from phevaluator import _pheval

from omaha_learn.engine.evaluation.tables import (
    N_HIGH_CLASSES,
    N_LOW_CLASSES,
    colex_combinations,
    low_threshold,
)


@pytest.fixture(scope="module")
def combos() -> np.ndarray:
    c = colex_combinations(52, 5)
    assert c.shape == (2_598_960, 5)
    return c


def test_r6_r7_high_order_of_all_2598960_hands_matches_phevaluator(combos: np.ndarray) -> None:
    ev = _pheval.evaluate_5cards  # phevaluator's C evaluator: 1 is the best hand
    theirs = np.fromiter((ev(*row) for row in combos.tolist()), dtype=np.int32, count=combos.shape[0])
    ours = high_table().astype(np.int32)
    # Same equivalence classes ...
    pairs = np.unique(ours * 10_000 + theirs)
    assert len(pairs) == len(np.unique(ours)) == len(np.unique(theirs)) == N_HIGH_CLASSES
    # ... in the same order (ours larger = better, theirs smaller = better).
    ours_u, theirs_u = pairs // 10_000, pairs % 10_000
    assert np.all(np.diff(ours_u) > 0)
    assert np.all(np.diff(theirs_u) < 0)


def _independent_low(combos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(max low rank, all five ranks different, the low as a number read from the top) per hand."""
    r = combos // 4 + 2                      # 2..14
    r = np.where(r == 14, 1, r).astype(np.int64)  # ace is low (R8)
    r = -np.sort(-r, axis=1)                 # highest first
    distinct = np.all(r[:, 1:] != r[:, :-1], axis=1)
    number = r @ (100 ** np.arange(4, -1, -1, dtype=np.int64))  # digit pairs: works up to kings
    return r[:, 0], distinct, number


@pytest.mark.parametrize("qualifier", [8, 9])
def test_r8_r9_r12_low_of_every_hand_matches_a_simple_reading(combos: np.ndarray, qualifier: int) -> None:
    top, distinct, number = _independent_low(combos)
    qualifies = distinct & (top <= qualifier)
    strength = low_table()
    assert np.array_equal(strength >= low_threshold(qualifier), qualifies)
    # Among qualifying lows: same classes, and a smaller number is a better low (R9).
    pairs = np.unique(number[qualifies] * 10_000 + strength[qualifies])
    nums, strs = pairs // 10_000, pairs % 10_000
    assert len(np.unique(nums)) == len(np.unique(strs)) == len(pairs)
    assert np.all(np.diff(strs) < 0)
    from math import comb

    assert len(pairs) == comb(qualifier, 5)


def test_r12_no_qualifier_unpaired_lows_beat_paired_and_compare_from_the_top(combos: np.ndarray) -> None:
    _, distinct, number = _independent_low(combos)
    strength = low_table()
    assert strength[distinct].min() > strength[~distinct].max()
    pairs = np.unique(number[distinct] * 10_000 + strength[distinct])
    assert np.all(np.diff(pairs % 10_000) < 0)
    assert len(np.unique(strength)) == N_LOW_CLASSES
