"""Five-card strength tables: colex indexing, the disk cache, thresholds (R6-R9, R12)."""

from __future__ import annotations

from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation import tables
from omaha_learn.engine.evaluation.five_card import high_value, low_value


@pytest.mark.parametrize(("n", "k"), [(6, 3), (10, 5), (13, 2), (7, 0), (5, 5)])
def test_colex_combinations_are_all_subsets_in_colex_order(n: int, k: int) -> None:
    rows = tables.colex_combinations(n, k).tolist()
    expected = sorted((list(c) for c in combinations(range(n), k)), key=lambda c: c[::-1])
    assert rows == expected
    if k:
        assert tables.colex_index(np.array(rows)).tolist() == list(range(comb(n, k)))


def test_colex_combinations_bad_arguments() -> None:
    with pytest.raises(ValueError, match="0 <= k <= n"):
        tables.colex_combinations(3, 5)


def test_tables_shape_dtype_and_read_only() -> None:
    for t in (tables.high_table(), tables.low_table()):
        assert t.shape == (2_598_960,) and t.dtype == np.uint16
        assert not t.flags.writeable
    assert int(tables.high_table().max()) == tables.N_HIGH_CLASSES - 1
    assert int(tables.low_table().max()) == tables.N_LOW_CLASSES


def test_cached_tables_equal_a_fresh_build() -> None:
    high, low = tables._build_tables()
    assert np.array_equal(high, tables.high_table())
    assert np.array_equal(low, tables.low_table())


def test_r6_r9_table_entries_follow_the_readable_definitions() -> None:
    rng = np.random.default_rng(3)
    combos = tables.colex_combinations(52, 5)
    classes_h, classes_l = tables.high_classes(), tables.low_classes()
    for i in rng.integers(0, len(combos), 300):
        cards = [Card(int(c)) for c in combos[i]]
        assert classes_h[tables.high_table()[i]] == high_value(cards)
        assert classes_l[tables.low_table()[i] - 1] == low_value(cards)


def test_r12_low_thresholds() -> None:
    assert tables.low_threshold(8) == tables.N_LOW_CLASSES - comb(8, 5) + 1
    assert tables.low_threshold(9) < tables.low_threshold(8)
    assert tables.low_threshold(None) == 1
    for bad in (4, 14, "8", 8.0):
        with pytest.raises(ValueError, match="qualifier"):
            tables.low_threshold(bad)  # type: ignore[arg-type]


def test_cached_array_builds_once_then_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))
    calls = []

    def build() -> np.ndarray:
        calls.append(1)
        return np.arange(10, dtype=np.uint16)

    a = tables.cached_array("demo", (10,), build)
    b = tables.cached_array("demo", (10,), build)
    assert calls == [1] and np.array_equal(a, b) and not b.flags.writeable
    assert (tables.cache_dir() / "demo.npy").exists()


def test_cached_array_rebuilds_a_corrupt_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))
    path = tables.cache_dir() / "demo.npy"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a numpy file")
    a = tables.cached_array("demo", (4,), lambda: np.ones(4, dtype=np.uint16))
    assert a.tolist() == [1, 1, 1, 1]
    np.save(path, np.zeros(5, dtype=np.uint16))  # wrong shape: rebuilt too
    assert tables.cached_array("demo", (4,), lambda: np.ones(4, dtype=np.uint16)).tolist() == [1, 1, 1, 1]


def test_cached_array_survives_a_read_only_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(blocker))  # cache_dir() is under a file: cannot save
    assert tables.cached_array("demo", (2,), lambda: np.ones(2, dtype=np.uint16)).tolist() == [1, 1]


def test_cached_rank_lookups_equal_a_fresh_build() -> None:
    fresh = tables._class_lookups()[:3]
    for cached, built in zip(tables.rank_lookups(), fresh, strict=True):
        assert np.array_equal(cached, built)
