"""``run_jobs`` at class scale: one after another, two local workers, a two-worker Dask LocalCluster.

Run:  .venv/bin/python benchmarks/bench_grading_scale.py [--quick] [--jobs-count 60]

Two stand-in jobs, 60 of each by default (a class handing in 60 notebooks):

* ``subprocess``: the shape of grading one submission: start a Python
  process that burns a fixed amount of CPU (as a kernel running a notebook
  does) and wait for it; run on threads (``kind="thread"``);
* ``in-process``: the shape of a study chunk: pure-Python CPU work in the
  worker itself (holds the GIL); run on processes (``kind="process"``) for
  two local workers.

Times are wall-clock seconds (parallel runners are about wall time), the
median of three repeats; the LocalCluster is started once, before timing, and
its start-up time is printed apart. Ratios are against ``jobs=1`` measured in
the same run, so a busy shared machine disturbs them less than the seconds.
Results of every runner are checked equal before anything is printed. The
grader's own benchmark times real grading.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

BURN = 250_000  # loop steps per job: about 0.05-0.1 s of CPU


def burn(n: int) -> int:
    """Pure-Python CPU work with a checkable result."""
    acc = 0
    for i in range(n):
        acc = (acc * 31 + i) % 1_000_003
    return acc


def in_process_job(seed: int) -> int:
    return burn(BURN + seed)


def subprocess_job(seed: int) -> int:
    code = (f"acc = 0\nfor i in range({BURN + seed}):\n    acc = (acc * 31 + i) % 1_000_003\nprint(acc)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout)


def timed(fn: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="20 jobs, one repeat")
    p.add_argument("--jobs-count", type=int, default=60, help="jobs per stand-in (default 60)")
    args = p.parse_args(argv)
    from omaha_learn.jobs import run_jobs

    n = 20 if args.quick else args.jobs_count
    repeats = 1 if args.quick else 3
    items = list(range(n))
    try:
        import distributed
    except ImportError:
        distributed = None
    cluster, start, overhead_ms = None, 0.0, float("nan")
    if distributed is not None:
        t = time.perf_counter()
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
        client = distributed.Client(cluster)
        client.run(burn, 10)          # workers warmed up
        start = time.perf_counter() - t
    table: dict[str, dict[str, float]] = {}
    try:
        for name, func, kind in (("subprocess", subprocess_job, "thread"), ("in-process", in_process_job, "process")):
            expected = [func(i) for i in items[:3]]
            runners: dict[str, Callable[[], Any]] = {
                "jobs=1": lambda f=func: run_jobs(f, items, jobs=1),
                "jobs=2": lambda f=func, k=kind: run_jobs(f, items, jobs=2, kind=k),
            }
            if cluster is not None:
                runners["LocalCluster(2)"] = lambda f=func: run_jobs(f, items, scheduler=client)
            row = {}
            results = []
            for label, run in runners.items():
                secs, res = timed(run, repeats)
                row[label] = secs
                results.append(res)
            assert all(r == results[0] for r in results) and results[0][:3] == expected, "runners disagree"
            table[name] = row
        if cluster is not None:   # what a cluster costs per job: trivial jobs, cluster against one process
            tiny = list(range(200))
            local, _ = timed(lambda: run_jobs(abs, tiny, jobs=1), repeats)
            remote, _ = timed(lambda: run_jobs(abs, tiny, scheduler=client), repeats)
            overhead_ms = 1000 * (remote - local) / len(tiny)
    finally:
        if cluster is not None:
            client.close()
            cluster.close()
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"run_jobs on {n} stand-in jobs; wall seconds, median of {repeats}; x = speed-up over jobs=1 "
          f"({os.cpu_count()} cores, load average {load:.1f} at the end)")
    labels = list(next(iter(table.values())))
    print(f"{'job':<12}" + "".join(f"{label:>24}" for label in labels))
    for name, row in table.items():
        base = row["jobs=1"]
        print(f"{name:<12}" + "".join(f"{row[label]:>14.2f} s ({base / row[label]:4.2f}x)" for label in labels))
    if cluster is not None:
        print(f"LocalCluster start-up (2 worker processes, not in the times above): {start:.2f} s; "
              f"cost per job (200 trivial jobs): {overhead_ms:.1f} ms")
    else:
        print("Dask distributed is not installed: pip install -e '.[scale]' for the LocalCluster column")
    return table


if __name__ == "__main__":
    main(sys.argv[1:])
