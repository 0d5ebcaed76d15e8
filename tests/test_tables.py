"""Strength tables: colex order, the disk cache, thresholds, the five-card tables of the tests (R6-R9, R12)."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations
from math import comb
from pathlib import Path

import colex_tables  # tests/ is on sys.path (pytest rootdir-relative)
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
        assert colex_tables.colex_index(np.array(rows)).tolist() == list(range(comb(n, k)))


def test_colex_combinations_bad_arguments() -> None:
    with pytest.raises(ValueError, match="0 <= k <= n"):
        tables.colex_combinations(3, 5)


def test_tables_shape_dtype_and_read_only() -> None:
    for t in (colex_tables.high_table(), colex_tables.low_table()):
        assert t.shape == (2_598_960,) and t.dtype == np.uint16
        assert not t.flags.writeable
    assert int(colex_tables.high_table().max()) == tables.N_HIGH_CLASSES - 1
    assert int(colex_tables.low_table().max()) == tables.N_LOW_CLASSES


def test_five_card_tables_match_their_pinned_digests() -> None:
    assert colex_tables.digest(colex_tables.high_table()) == colex_tables.DIGESTS["high"]
    assert colex_tables.digest(colex_tables.low_table()) == colex_tables.DIGESTS["low"]


def test_r6_r9_table_entries_follow_the_readable_definitions() -> None:
    rng = np.random.default_rng(3)
    combos = tables.colex_combinations(52, 5)
    classes_h, classes_l = tables.high_classes(), tables.low_classes()
    for i in rng.integers(0, len(combos), 300):
        cards = [Card(int(c)) for c in combos[i]]
        assert classes_h[colex_tables.high_table()[i]] == high_value(cards)
        assert classes_l[colex_tables.low_table()[i] - 1] == low_value(cards)


def test_r12_low_thresholds() -> None:
    assert tables.low_threshold(8) == tables.N_LOW_CLASSES - comb(8, 5) + 1
    assert tables.low_threshold(9) < tables.low_threshold(8)
    assert tables.low_threshold(None) == 1
    for bad in (4, 7, 10, 14, True, "8", 8.0):
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
    assert (tables.cache_dir() / "demo.tbl").exists()


def _corruptions(data: bytes) -> dict[str, bytes]:
    header_end = data.index(b"\n", len(b"OMAHA-LEARN-TABLE\n")) + 1
    flipped = bytearray(data)
    flipped[header_end + 7] ^= 0x10                     # one bit of the table
    header_flip = bytearray(data)
    header_flip[header_end - 5] ^= 0x01                 # one bit of the stored digest
    return {
        "garbage": b"not a table",
        "empty": b"",
        "truncated": data[: len(data) - 100],
        "zeroed": bytes(len(data)),
        "bit_flip": bytes(flipped),
        "digest_flip": bytes(header_flip),
        "extra_bytes": data + b"\0\0",
    }


def test_corrupt_cache_files_are_rebuilt_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))
    good = np.arange(1000, dtype=np.uint16)
    tables.cached_array("demo", (1000,), lambda: good)
    path = tables.cache_dir() / "demo.tbl"
    data = path.read_bytes()
    for kind, bad in _corruptions(data).items():
        path.write_bytes(bad)
        calls: list[int] = []
        arr = tables.cached_array("demo", (1000,), lambda calls=calls: (calls.append(1), good)[1])
        assert calls == [1], kind                       # rebuilt, not read
        assert np.array_equal(arr, good), kind
        assert path.read_bytes() == data, kind          # and the file replaced by a good one


def test_a_rewritten_table_with_a_consistent_header_is_still_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The poisoned-tables attack: zeros written as a well-formed file. The library's own
    tables must also hash to the digest pinned in the code, so the file is rebuilt."""
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))
    tables.build_cache(tmp_path, read_only=False)
    for name in ("rank_nonflush", "board_pair_high"):
        path = tables.cache_dir() / f"{name}.tbl"
        shape = (tables.FLUSH_OFFSET,) if name.startswith("rank") else (tables.N_BOARD_CODES, tables.N_PAIR_CODES)
        tables._write(path, name, np.zeros(shape, dtype=np.uint16))   # a valid header for zeros
        assert tables.verify_cache(tmp_path)[name] == "corrupt"
    # a fresh process reads the poisoned folder: the README example still reads kings full
    code = ("from omaha_learn import best_high; from omaha_learn.engine.evaluation import tables; "
            "assert int(tables.board_pair_tables()[0][-1, -1]) == 7451; "   # four aces and a king, not 0
            "print(best_high('As Ks Kd 2c', 'Kh 7c 2h 9s Ah').describe())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "OMAHA_LEARN_CACHE": str(tmp_path)})
    assert out.stdout.strip() == "Three of a kind, kings, kickers ace, nine"
    assert set(tables.verify_cache(tmp_path).values()) == {"ok"}         # rebuilt in place


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk: the write raises part way. The table is still returned, nothing is left behind."""
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))
    real_fdopen = os.fdopen

    class FullDisk:
        def __init__(self, fd: int, mode: str) -> None:
            self.fh = real_fdopen(fd, mode)

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()

        def write(self, data: bytes) -> int:
            self.fh.write(data[:10])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(tables.os, "fdopen", FullDisk)
    arr = tables.cached_array("demo", (5,), lambda: np.ones(5, dtype=np.uint16))
    assert arr.tolist() == [1] * 5
    assert list(tables.cache_dir().iterdir()) == []


def test_a_failed_replace_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(tmp_path))

    def refuse(src: str, dst: str) -> None:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(tables.os, "replace", refuse)
    assert tables.cached_array("demo", (3,), lambda: np.ones(3, dtype=np.uint16)).tolist() == [1, 1, 1]
    assert list(tables.cache_dir().iterdir()) == []


def test_cached_array_survives_a_read_only_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("OMAHA_LEARN_CACHE", str(blocker))  # cache_dir() is under a file: cannot save
    assert tables.cached_array("demo", (2,), lambda: np.ones(2, dtype=np.uint16)).tolist() == [1, 1]


def test_concurrent_builders_all_get_the_tables(tmp_path: Path) -> None:
    """Four processes build the same empty cache at once: each gets correct tables, the
    cache verifies afterwards and no temporary file is left."""
    code = ("from omaha_learn.engine.evaluation import tables; "
            "h, _, _ = tables.rank_lookups(); b = tables.board_pair_tables(); "
            "print(int(h.sum()), int(b[0][-1, -1]), int(b[0].sum()), int(b[1].sum()))")
    env = {**os.environ, "OMAHA_LEARN_CACHE": str(tmp_path)}
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env)
             for _ in range(4)]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert len(set(outs)) == 1
    assert not [f for f in (tmp_path / "v2").iterdir() if f.name.endswith(".tmp")]
    assert set(tables.verify_cache(tmp_path).values()) == {"ok"}


def test_build_cache_makes_a_fresh_verified_read_only_copy(tmp_path: Path) -> None:
    where = tables.build_cache(tmp_path / "grader")
    report = tables.verify_cache(tmp_path / "grader")
    assert set(report) == {"rank_nonflush", "rank_flush", "rank_low", "board_pair_high", "board_pair_low"}
    assert set(report.values()) == {"ok"}
    files = list(where.iterdir())
    assert files and all(not (f.stat().st_mode & 0o222) for f in files)
    assert tables.verify_cache(tmp_path / "nowhere")["board_pair_low"] == "missing"


def test_pinned_digests_match_a_fresh_build() -> None:
    """The digests in the code are those of the tables the rules define (rebuilt here)."""
    for name, (shape, build) in tables._builders().items():
        arr = build()
        assert arr.shape == shape
        assert tables._digest(arr) == tables._DIGESTS[name], name


def test_cached_rank_lookups_equal_a_fresh_build() -> None:
    fresh = tables._class_lookups()[:3]
    for cached, built in zip(tables.rank_lookups(), fresh, strict=True):
        assert np.array_equal(cached, built)


def test_build_cache_holds_every_table_the_engine_reads(tmp_path: Path) -> None:
    """A process on a cache from build_cache builds no table: every evaluation path (one hand,
    a batch of deals, the sweep of a deck, a flop, a turn and a river, the chart) only reads."""
    tables.build_cache(tmp_path)
    code = ("from omaha_learn.engine.evaluation import tables\n"
            "def refuse(*args):\n"
            "    raise AssertionError('a table was built')\n"
            "tables._class_lookups = refuse\n"
            "tables._build_board_pair = refuse\n"
            "import numpy as np\n"
            "from omaha_learn import best_high, best_low, equity, evaluate_high_many, evaluate_low_many\n"
            "from omaha_learn.engine.equity.random_hands import against_random\n"
            "best_high('As Ks Kd 2c', 'Kh 7c 2h 9s Ah'); best_low('As 2s Kd 3c', 'Kh 7c 4h')\n"
            "evaluate_high_many([[0, 1, 2, 3]], [[4, 5, 6, 7, 8]]); evaluate_low_many([[0, 1, 2, 3]], [[4, 5, 6]])\n"
            "from omaha_learn.engine.cards import FULL_DECK\n"
            "equity(['2c 2d 3c 3d', '4c 4d 5c 5d'], dead=FULL_DECK[20:])\n"     # every board of 12 cards
            "for board in ('2c 7d 9s', '2c 7d 9s Qc', '2c 7d 9s Qc 3s'):\n"
            "    equity(['As Ah Ks Kh', '7c 8d 9h Ts'], board)\n"
            "equity(['As Ah Ks Kh', None], trials=2000, seed=1, threads=1)\n"
            "against_random(['As Ah Ks Kh'], trials=2000, seed=1, threads=1)\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "OMAHA_LEARN_CACHE": str(tmp_path)})
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
