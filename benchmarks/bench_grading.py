"""What isolation costs when grading a class, and what --jobs and Dask give back.

Part 1: N1 submissions of exercise 1 (a third right, a third half
wrong, a third blank) graded

* by the old in-process grader: every notebook rebuilt from the key and run in
  one ``pytest --nbval`` process (the grader of the first round, kept below as
  :func:`old_grade`; one kernel per notebook, nothing isolated),
* by ``omaha-learn grade`` with isolation (its own sandbox and kernel per
  submission) on one core (``--jobs 1``) and on two (``--jobs 2``).

Goal: isolation at most 30% slower per notebook on one core, and faster
overall with two cores.

Part 2: N2 submissions graded with ``--jobs 1``, ``--jobs 2`` and
on a two-worker Dask ``LocalCluster``, side by side.

The machine may be shared: the peers run in the same process one after the
other, and the ratios are what to read. Run::

    .venv/bin/python benchmarks/bench_grading.py [--n1 30] [--n2 60] [--repeat 1]
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from omaha_learn.grading import grader as grading  # noqa: E402
from omaha_learn.grading.sandbox import sandbox_kind  # noqa: E402
from omaha_learn.jobs import available_cores  # noqa: E402

KEYS = ROOT / "exercises" / "solutions"
COPY = ROOT / "exercises" / "01_reading_hands.ipynb"
RIGHT = {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
         "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'}
HALF = {**RIGHT, "q2": 'answer_q2 = "Ah 9s"', "q3": 'answer_q3 = "flush"', "q5": 'answer_q5 = "full house"'}


def make_class(folder: Path, n: int) -> list[Path]:
    subs = []
    for i in range(n):
        nb = nbformat.read(COPY, as_version=4)
        answers = (RIGHT, HALF, {})[i % 3]
        for cell in nb.cells:
            q = cell.metadata.get("omaha_learn", {}).get("question")
            if "answer" in cell.metadata.get("tags", []) and q in answers:
                cell.source = answers[q]
        path = folder / f"learner{i:03d}" / "01_reading_hands.ipynb"
        path.parent.mkdir(parents=True)
        nbformat.write(nb, path)
        subs.append(path)
    return subs


# ------------------------------------------------- the grader of the first round

def _tags(cell: nbformat.NotebookNode) -> list[str]:
    return list(cell.metadata.get("tags", []))


def _restore(sub: nbformat.NotebookNode, key: nbformat.NotebookNode) -> nbformat.NotebookNode:
    answers = {c.get("id"): c.source for c in sub.cells if c.cell_type == "code"}
    out = copy.deepcopy(key)
    for kc in out.cells:
        if "answer" in _tags(kc):
            kc.source = answers.get(kc.get("id"), "")
            kc.outputs, kc.execution_count = [], None
    return out


def old_grade(subs: list[Path]) -> dict[str, int]:
    """The old way: rebuild each from the key, run them all in one pytest --nbval process, read junit.xml."""
    key = nbformat.read(KEYS / "01_reading_hands.ipynb", as_version=4)
    with tempfile.TemporaryDirectory(prefix="omaha-old-grade-") as tmp:
        work = Path(tmp)
        paths = []
        for i, sub in enumerate(subs):
            target = work / f"s{i:03d}" / sub.name
            target.parent.mkdir()
            nbformat.write(_restore(nbformat.read(sub, as_version=4), key), target)
            paths.append(target)
        (work / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        env = {**os.environ, "OMAHA_LEARN_STRICT": "1", "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
        subprocess.run([sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "-p", "no:cacheprovider",
                        "-p", "no:randomly", "-n", "0", "-o", "addopts=", "-c", str(work / "pytest.ini"),
                        "--rootdir", str(work), "--junitxml", str(work / "junit.xml"), "-q",
                        *map(str, paths)], cwd=work, env=env, capture_output=True, check=False)
        failed: dict[str, int] = {}
        for case in ET.parse(work / "junit.xml").getroot().iter("testcase"):
            cls = case.get("classname", "")
            failed[cls] = failed.get(cls, 0) + sum(1 for c in case if c.tag in ("failure", "error"))
        return failed


# ---------------------------------------------------------------------- timing

def timed(label: str, n: int, run: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        run()
        samples.append(time.perf_counter() - t0)
    total = statistics.median(samples)
    print(f"  {label:<34} {total:7.1f} s   {total / n:6.2f} s per notebook")
    return total


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--n1", type=int, default=30)
    p.add_argument("--n2", type=int, default=60)
    p.add_argument("--repeat", type=int, default=1, help="runs of each configuration (the median is shown)")
    p.add_argument("--skip-part2", action="store_true")
    args = p.parse_args(argv)
    kind = sandbox_kind("auto")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {platform.platform()}; "
          f"{available_cores()} cores; Python {platform.python_version()}; sandbox: {kind}; "
          f"load average {os.getloadavg()[0]:.1f}")
    tmp = Path(tempfile.mkdtemp(prefix="omaha-bench-grading-"))
    try:
        subs = make_class(tmp / "part1", args.n1)
        grading.grade(subs[:1], KEYS, jobs=1)  # warm: tables built, imports cached
        print(f"Part 1: {args.n1} submissions of exercise 1")
        old = timed("old in-process grader (1 core)", args.n1, lambda: old_grade(subs), args.repeat)
        one = timed("isolated, --jobs 1", args.n1, lambda: grading.grade(subs, KEYS, jobs=1), args.repeat)
        two = timed("isolated, --jobs 2", args.n1, lambda: grading.grade(subs, KEYS, jobs=2), args.repeat)
        print(f"  per notebook on one core: isolated / old = {one / old:.2f} (goal <= 1.30)")
        print(f"  overall with two workers: isolated --jobs 2 / old = {two / old:.2f} (goal < 1)")
        if args.skip_part2:
            return 0
        import distributed

        subs2 = make_class(tmp / "part2", args.n2)
        print(f"Part 2: {args.n2} submissions of exercise 1")
        j1 = timed("--jobs 1", args.n2, lambda: grading.grade(subs2, KEYS, jobs=1), args.repeat)
        j2 = timed("--jobs 2", args.n2, lambda: grading.grade(subs2, KEYS, jobs=2), args.repeat)
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster:
            grading.grade(subs2[:2], KEYS, scheduler=cluster.scheduler_address)  # warm the workers
            dk = timed("Dask LocalCluster, 2 workers", args.n2,
                       lambda: grading.grade(subs2, KEYS, scheduler=cluster.scheduler_address), args.repeat)
        print(f"  speed-up over --jobs 1: --jobs 2 {j1 / j2:.2f}x, LocalCluster {j1 / dk:.2f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
