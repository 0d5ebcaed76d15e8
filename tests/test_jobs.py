"""The shared runner ``omaha_learn.jobs.run_jobs``: one after another, threads, processes, a Dask cluster.

Every runner must give the same results in item order; the reference is a
plain list comprehension in this process. The Dask runs use a real
``LocalCluster`` (two worker processes, one thread each), reached both by
its address and through a ``Client``. Dask must never be imported unless a
scheduler is asked for (checked in a fresh interpreter).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_learn.engine.cards import CardError
from omaha_learn.engine.equity.api import equity
from omaha_learn.errors import OmahaLearnError
from omaha_learn.jobs import JobsError, available_cores, run_jobs

ROOT = Path(__file__).resolve().parent.parent

# A real, seeded, numpy-heavy job from the engine (picklable: a partial of a library function).
STUDY = functools.partial(equity, game="hilo", trials=3_000, seed=11)
DEALS = [["As Ah 2s 3h", None], ["Kd Kc Qd Jc", None, None], ["2c 3d 4h 5s", None], ["Ts Js Qh Kh", None]]
POWERS = [(2, 10), (3, 4), (7, 0), (5, 3), (10, 2)]


def reference() -> list[object]:
    return [STUDY(d) for d in DEALS]


def _fails_on_three(x: int) -> int:
    if x == 3:
        raise CardError("card 3 is not a card")
    return x * x


# ---------------------------------------------------------------- local runners

@pytest.mark.parametrize("jobs,kind", [(1, "thread"), (2, "thread"), (3, "thread"), (2, "process")])
def test_local_runners_give_the_reference_in_order(jobs: int, kind: str) -> None:
    assert run_jobs(STUDY, DEALS, jobs=jobs, kind=kind) == reference()  # type: ignore[arg-type]
    assert run_jobs(pow, POWERS, jobs=jobs, kind=kind, star=True) == [a**b for a, b in POWERS]  # type: ignore[arg-type]


def test_default_jobs_is_the_available_cores_and_generators_are_fine() -> None:
    assert available_cores() >= 1
    assert run_jobs(abs, (x for x in [-1, -2, 3])) == [1, 2, 3]
    assert run_jobs(abs, [], jobs=4) == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_counts_every_result(jobs: int) -> None:
    seen: list[tuple[int, int]] = []
    run_jobs(abs, range(-5, 0), jobs=jobs, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 5) for i in range(1, 6)]


@pytest.mark.parametrize("jobs,kind", [(1, "thread"), (2, "thread"), (2, "process")])
def test_a_failing_job_raises_its_own_error(jobs: int, kind: str) -> None:
    with pytest.raises(CardError, match="card 3 is not a card"):
        run_jobs(_fails_on_three, [1, 2, 3, 4], jobs=jobs, kind=kind)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs,match", [
    ({"jobs": 0}, "jobs: 0"), ({"jobs": -2}, "jobs: -2"), ({"jobs": 1.5}, "jobs: 1.5"),
    ({"jobs": True}, "jobs: True"), ({"jobs": "2"}, "jobs: '2'"),
    ({"kind": "fiber"}, "kind: 'fiber'"),
    ({"scheduler": ""}, "scheduler: empty"), ({"scheduler": 8786}, "scheduler: 8786"),
    ({"scheduler": object()}, "scheduler: <object"),
    ({"progress": 3}, "progress: 3"),
])
def test_bad_settings_raise_jobs_error_before_running(kwargs: dict[str, object], match: str) -> None:
    ran: list[int] = []
    with pytest.raises(JobsError, match=match):
        run_jobs(ran.append, [1, 2], **kwargs)  # type: ignore[arg-type]
    assert ran == [] and issubclass(JobsError, OmahaLearnError)


def test_bad_func_and_items_raise_jobs_error() -> None:
    with pytest.raises(JobsError, match="func: 3"):
        run_jobs(3, [1])  # type: ignore[arg-type]
    with pytest.raises(JobsError, match="items: int"):
        run_jobs(abs, 5)  # type: ignore[arg-type]


def test_unreachable_scheduler_is_a_jobs_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr("omaha_learn.jobs.CONNECT_TIMEOUT", "1s")
    with pytest.raises(JobsError, match="scheduler: cannot reach"):
        run_jobs(abs, [1], scheduler="tcp://127.0.0.1:9")   # port 9 (discard): nothing listens


# ---------------------------------------------------------------- Dask stays out unless asked

def _fresh(code: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                         check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def test_dask_is_not_imported_unless_a_scheduler_is_given() -> None:
    got = _fresh(
        "import json, sys\n"
        "import omaha_learn, omaha_learn.jobs as j, omaha_learn.cli as cli\n"
        "from omaha_learn.grading import report, nbgrader_export\n"
        "j.run_jobs(abs, [-1, -2], jobs=2); j.run_jobs(abs, [-1, -2], jobs=2, kind='process')\n"
        "cli.main(['frequencies', '--players', '2', '--trials', '500', '--jobs', '2'])\n"
        "print(json.dumps({m: m in sys.modules for m in ('dask', 'distributed')}))\n")
    assert got == {"dask": False, "distributed": False}


def test_missing_dask_is_a_clear_jobs_error() -> None:
    got = _fresh(
        "import json, sys\n"
        "sys.modules['distributed'] = None   # as if not installed\n"
        "from omaha_learn.jobs import run_jobs, JobsError\n"
        "try:\n"
        "    run_jobs(abs, [1], scheduler='tcp://127.0.0.1:8786')\n"
        "except JobsError as exc:\n"
        "    print(json.dumps({'error': str(exc)}))\n")
    assert "Dask distributed is not installed" in str(got["error"]) and "[scale]" in str(got["error"])


# ---------------------------------------------------------------- a real Dask cluster

@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    import cloudpickle

    # the helpers below live in this test module, which the workers cannot import: send them by value
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as c:
        yield c


def test_local_cluster_by_address_gives_the_reference(cluster: object) -> None:
    address = cluster.scheduler_address  # type: ignore[attr-defined]
    seen: list[tuple[int, int]] = []
    got = run_jobs(STUDY, DEALS, scheduler=address, progress=lambda d, t: seen.append((d, t)))
    assert got == reference()
    assert seen == [(i, len(DEALS)) for i in range(1, len(DEALS) + 1)]
    assert run_jobs(pow, POWERS, scheduler=address, star=True) == [a**b for a, b in POWERS]
    assert run_jobs(abs, [], scheduler=address) == []


def test_local_cluster_through_a_client_uses_both_workers(cluster: object) -> None:
    import distributed

    with distributed.Client(cluster) as client:
        pids = run_jobs(_worker_pid, range(8), scheduler=client)
        assert run_jobs(STUDY, DEALS, scheduler=client, jobs=1) == reference()   # jobs ignored with a scheduler
        assert client.status == "running"                                           # a Client given is not closed
    assert os.getpid() not in pids and len(set(pids)) == 2


def test_local_cluster_error_propagates_as_itself(cluster: object) -> None:
    with pytest.raises(CardError, match="card 3 is not a card"):
        run_jobs(_fails_on_three, [1, 2, 3, 4], scheduler=cluster.scheduler_address)  # type: ignore[attr-defined]


def _worker_pid(_: int) -> int:
    import time

    time.sleep(0.05)
    return os.getpid()
