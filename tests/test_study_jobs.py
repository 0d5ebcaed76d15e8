"""Frequency studies in seeded chunks (R11 rates): the same numbers whatever runs the chunks.

References: the chunks' counts summed by hand against one plain ``equity`` call;
the unsplit ``frequencies`` with the same seed, number for number; and the CLI's output
without ``--jobs``, with ``--jobs 1``, ``--jobs 2`` and ``--scheduler`` on a real LocalCluster.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from omaha_learn.cli import main
from omaha_learn.engine.equity.api import EquityError, equity
from omaha_learn.engine.equity.frequencies import frequencies, low_possible_boards
from omaha_learn.engine.equity.study_jobs import frequencies_study, run_chunk, study_chunks
from omaha_learn.engine.sampling import CHUNK
from omaha_learn.errors import CardError
from omaha_learn.jobs import JobsError


def test_chunks_are_runs_of_whole_sampler_chunks_with_the_study_seed() -> None:
    chunks = study_chunks((2, 4), "As Ah 2s 3h", trials=20_000, seed=9, chunk_trials=1_000)
    assert [(c.players, c.trials, c.index, c.first_chunk) for c in chunks] == [
        (2, CHUNK, 0, 0), (2, CHUNK, 1, 1), (2, 20_000 - 2 * CHUNK, 2, 2),
        (4, CHUNK, 0, 0), (4, CHUNK, 1, 1), (4, 20_000 - 2 * CHUNK, 2, 2)]
    assert {c.seed for c in chunks} == {9} and {c.total_trials for c in chunks} == {20_000}
    assert chunks[0].hand == "As Ah 2s 3h"
    two = study_chunks(2, None, trials=20_000, seed=9, chunk_trials=CHUNK + 1)   # rounded up to 2 sampler chunks
    assert [(c.trials, c.first_chunk) for c in two] == [(2 * CHUNK, 0), (20_000 - 2 * CHUNK, 2)]


def test_merged_counts_equal_one_plain_equity_call() -> None:
    f = frequencies_study(3, "Ks Kh Qs Jh", trials=20_000, seed=2, chunk_trials=CHUNK, jobs=1, game="high")
    total: dict[int, int] = {}
    for c in study_chunks(3, "Ks Kh Qs Jh", trials=20_000, seed=2, chunk_trials=CHUNK, game="high"):
        for code, n in run_chunk(c).items():
            total[code] = total.get(code, 0) + n
    whole = equity(["Ks Kh Qs Jh", None, None], game="high", trials=20_000, seed=2)
    assert total == whole.counts
    wins_alone = sum(n for code, n in total.items() if code >> 3 == 1)   # hero alone holds the high
    assert f.rows[0]["scoop"] == pytest.approx(wins_alone / 20_000)


@pytest.mark.parametrize("runner", [{"jobs": 1}, {"jobs": 2}, {"jobs": 2, "kind": "process"}])
def test_identical_whatever_the_local_runner(runner: dict[str, object]) -> None:
    ref = frequencies_study((2, 3), trials=20_000, seed=7, chunk_trials=CHUNK, jobs=1)
    got = frequencies_study((2, 3), trials=20_000, seed=7, chunk_trials=CHUNK, **runner)  # type: ignore[arg-type]
    assert got.rows == ref.rows and got.columns == ref.columns


def test_equals_the_unsplit_study_with_the_same_seed() -> None:
    split = frequencies_study(2, "As Ah 2s 3h", trials=20_000, seed=1, chunk_trials=5_000, jobs=2)
    whole = frequencies(2, "As Ah 2s 3h", trials=20_000, seed=1)
    assert split.rows == whole.rows and str(split) == str(whole)
    # R8, R10: nobody has a low at least on every board that cannot make one (exactly 39.9% of boards)
    exact = 1 - low_possible_boards(5)[0] / low_possible_boards(5)[1]
    assert split.rows[0]["no_low"] > exact - 5 * np.sqrt(exact * (1 - exact) / 20_000)


@pytest.mark.parametrize("jobs", [["--jobs", "1"], ["--jobs", "2"]])
def test_cli_frequencies_prints_the_same_numbers_with_and_without_jobs(
        jobs: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    args = ["frequencies", "--players", "2", "3", "--trials", "20000", "--seed", "1"]
    assert main(args) == 0
    plain = capsys.readouterr().out
    assert main(args + jobs) == 0
    assert capsys.readouterr().out == plain
    assert "20,000 deals per table size (seed 1)" in plain and len(plain.splitlines()) == 4


def test_duplicate_table_sizes_give_separate_rows() -> None:
    f = frequencies_study((2, 2), trials=500, seed=3, chunk_trials=200, jobs=1)
    assert [r["players"] for r in f.rows] == [2, 2] and f.rows[0] == f.rows[1]


@pytest.mark.parametrize("kwargs,error,match", [
    ({"players": 1}, EquityError, "players"), ({"players": 7}, EquityError, "players"),
    ({"players": []}, EquityError, "players"), ({"trials": 0}, EquityError, "trials"),
    ({"chunk_trials": 0}, EquityError, "chunk_trials"), ({"seed": -1}, EquityError, "seed"),
    ({"game": "razz"}, EquityError, "game"), ({"qualifier": 4}, EquityError, "qualifier"),
    ({"hand": "As Ah Zz 2c"}, CardError, "Zz"), ({"jobs": 0}, JobsError, "jobs"),
])
def test_bad_arguments_raise_the_library_error(kwargs: dict[str, object], error: type, match: str) -> None:
    args = {"players": 2, "trials": 100, **kwargs}
    with pytest.raises(error, match=match):
        frequencies_study(**args)  # type: ignore[arg-type]


# ------------------------------------------------------------------ CLI and a real cluster

@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c:
        yield c


def test_cli_same_table_for_jobs_and_scheduler(cluster: object, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for extra in (["--jobs", "1"], ["--jobs", "2"], ["--scheduler", cluster.scheduler_address]):  # type: ignore[attr-defined]
        assert main(["frequencies", "--players", "2", "3", "--trials", "60000", "--seed", "4", *extra]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] == outs[2]
    assert "60,000 deals per table size (seed 4)" in outs[0] and len(outs[0].splitlines()) == 4


def test_library_on_the_cluster(cluster: object) -> None:
    ref = frequencies_study((2, 4), "As Ah 2s 3h", trials=3_000, seed=6, chunk_trials=1_000, jobs=1)
    got = frequencies_study((2, 4), "As Ah 2s 3h", trials=3_000, seed=6, chunk_trials=1_000,
                            scheduler=cluster.scheduler_address)  # type: ignore[attr-defined]
    assert got.rows == ref.rows


def test_cli_bad_scheduler_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frequencies", "--trials", "10", "--scheduler", " "]) == 2
    assert "scheduler: empty address" in capsys.readouterr().err
