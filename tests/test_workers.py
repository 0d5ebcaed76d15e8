"""The one process pool (``omaha_learn.jobs``'s worker processes) as Monte Carlo uses it: the same
numbers on any number of cores, and nothing a worker does (dying, printing, raising, being
interrupted) changes a result."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from omaha_learn import equity
from omaha_learn import jobs as workers
from omaha_learn.engine.equity.random_hands import against_random

ROOT = Path(__file__).resolve().parent.parent


def _value(i: int) -> np.ndarray:
    return np.array([i, i * i], dtype=np.int64)


def _dies_in_worker(bad: int, i: int) -> np.ndarray:
    if os.environ.get("OMAHA_LEARN_WORKER") and i == bad:
        os._exit(3)
    return _value(i)


def _raises(i: int) -> np.ndarray:
    if i == 5:
        raise ZeroDivisionError(f"item {i}")
    return _value(i)


def _chatty(i: int) -> np.ndarray:
    print("a print in the work must not reach the reply pipe", i)
    sys.stdout.flush()
    return _value(i)


def _nested(i: int) -> str:
    inner = workers.parallel_sum(_value, range(4), 2)
    assert inner is not None and int(inner[0]) == 6
    return workers.status() if i == 0 else ""


EXPECTED = np.array([sum(range(40)), sum(i * i for i in range(40))])


def test_processes_give_the_serial_sum():
    assert (workers.parallel_sum(_value, range(40), 1) == EXPECTED).all()
    assert (workers.parallel_sum(_value, range(40), 2) == EXPECTED).all()
    assert workers.status() == "processes: 2"
    assert workers.parallel_sum(_value, [], 2) is None


@pytest.mark.parametrize("holes", [["As 2s 3d Kd", None], [None] * 6, ["As 2s 3d Kd 9h", None, None]])
@pytest.mark.parametrize("game", ["hilo", "high"])
def test_a_seeded_equity_is_identical_for_any_number_of_cores(holes, game):
    workers.start(3)
    runs = [equity(holes, game=game, trials=70_000, seed=13, threads=t) for t in (1, 2, 3)]
    assert runs[0].counts == runs[1].counts == runs[2].counts
    assert workers.status() == "processes: 3"


def test_against_random_is_identical_for_any_number_of_cores():
    hands = ["As Ah Ks Kh", "7c 2d 9h 4s", "2s 3s 4d 5d"]
    one = against_random(hands, trials=5_000, seed=2, threads=1)
    two = against_random(hands, trials=5_000, seed=2, threads=2)
    assert (one.equity == two.equity).all() and (one.deals == two.deals).all()


def test_a_worker_that_dies_mid_call_leaves_the_sum_unchanged():
    work = functools.partial(_dies_in_worker, 17)
    assert (workers.parallel_sum(work, range(40), 2) == EXPECTED).all()
    assert "died" in workers.status()
    # the next request starts a fresh worker
    assert (workers.parallel_sum(_value, range(40), 2) == EXPECTED).all()
    assert workers.status() == "processes: 2"


def test_a_worker_killed_between_calls_is_replaced():
    workers.start(2)
    victim = workers._workers[0].proc
    victim.kill()
    victim.wait()
    assert (workers.parallel_sum(_value, range(40), 2) == EXPECTED).all()
    assert workers.status() == "processes: 2"


def test_an_error_in_the_work_is_raised_here():
    with pytest.raises(ZeroDivisionError, match="item 5"):
        workers.parallel_sum(_raises, range(40), 2)
    assert (workers.parallel_sum(_value, range(40), 2) == EXPECTED).all()


def test_prints_in_a_worker_do_not_corrupt_replies():
    assert (workers.parallel_sum(_chatty, range(40), 2) == EXPECTED).all()


def test_work_that_cannot_be_pickled_runs_here():
    assert (workers.parallel_sum(lambda i: _value(i), range(40), 2) == EXPECTED).all()
    assert workers.status().startswith("this process: the work cannot be sent")


def test_a_worker_does_not_start_workers_of_its_own():
    assert workers.parallel_sum(_nested, range(2), 2) == "this process: already in a worker process"


def test_an_interrupt_stops_the_request_and_the_workers_stay_usable():
    def interrupt(i: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        workers.parallel_sum(_value, range(200), 2, finished=interrupt)
    assert (workers.parallel_sum(_value, range(40), 2) == EXPECTED).all()
    assert all(w.alive() for w in workers._workers)


def test_small_requests_start_no_workers_but_use_running_ones():
    workers.shutdown()
    assert (workers.parallel_sum(_value, range(40)[:15], 2) == _value(0) + sum(map(_value, range(1, 15)))).all()
    assert workers.status() == "this process: 15 items are too few to start worker processes for"
    assert workers.start(2) == "processes: 2"
    assert (workers.parallel_sum(_value, range(40)[:15], 2) == _value(0) + sum(map(_value, range(1, 15)))).all()
    assert workers.status() == "processes: 2"


def test_shutdown_stops_the_workers_and_a_later_request_restarts_them():
    workers.start(2)
    procs = [w.proc for w in workers._workers]
    workers.shutdown()
    assert all(p.poll() is not None for p in procs)
    assert (workers.parallel_sum(_value, range(40), 2) == EXPECTED).all()


def test_a_script_without_a_main_guard_runs_once(tmp_path):
    """Workers never import the caller's script (multiprocessing's spawn and forkserver would)."""
    script = tmp_path / "study.py"
    script.write_text(textwrap.dedent("""
        from omaha_learn import equity
        from omaha_learn import jobs as workers
        r = equity(["As 2s 3d Kd", None], trials=200_000, seed=1, threads=2)
        print("RAN", workers.status(), round(r[0].equity, 4))
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("RAN") == 1 and "processes: 2" in out.stdout


def test_equity_and_run_jobs_share_the_one_pool() -> None:
    """There is one process pool: equity's Monte Carlo and ``run_jobs(kind="process")`` use the same
    worker processes (their process ids), and no other pool module exists."""
    workers.start(2)
    before = [w.proc.pid for w in workers._workers]
    equity(["As 2s 3d Kd", None], trials=200_000, seed=1, threads=2)
    assert workers.status() == "processes: 2"
    pids = workers.run_jobs(os.getpid, [()] * 8, jobs=2, kind="process", star=True)
    assert set(pids) <= set(before) and len(set(pids)) >= 1 and os.getpid() not in pids
    assert [w.proc.pid for w in workers._workers] == before
    assert not (ROOT / "omaha_learn" / "engine" / "equity" / "workers.py").exists()
    sources = [p for p in (ROOT / "omaha_learn").rglob("*.py") if p.name != "jobs.py"]
    pools = [p.name for p in sources if any(word in p.read_text("utf-8") for word in
                                             ("ProcessPoolExecutor", "multiprocessing", "subprocess.Popen(["
                                              "sys.executable, \"-c\""))]
    assert pools == [], pools


def test_work_that_a_worker_cannot_load_runs_here(tmp_path: Path) -> None:
    """A function of the caller's ``__main__`` pickles by reference, but the workers (which never import the
    caller's script) cannot load it: it runs in the caller, with the same results."""
    script = tmp_path / "own_work.py"
    script.write_text(textwrap.dedent("""
        from omaha_learn import jobs

        def square(i):
            return i * i

        print("RAN", jobs.run_jobs(square, range(6), jobs=2, kind="process"), jobs.status())
        print("THEN", jobs.run_jobs(abs, [-1, -2, -3], jobs=2, kind="process"), jobs.status())
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("RAN") == 1
    assert "RAN [0, 1, 4, 9, 16, 25] this process: the work cannot be loaded in a worker process" in out.stdout
    assert "THEN [1, 2, 3] processes: 2" in out.stdout
