"""What a deal of its own for every learner costs the grader (issue 30).

N learners x 3 exercises (01, 03, 05, or those of ``--exercises``, e.g. 06,09,11),
every answer right, graded through the sandbox twice:

* **per-learner deals**: copies from ``omaha-learn handout --roster`` (each
  learner's seed in its metadata), answered for the learner's own deal, graded
  with ``--roster`` (the grader recomputes every learner's right answers from
  the engine, adds the seed cell to each run and looks for copied answers);
* **one class deal**: the practice copies, answered for the class deal, graded
  without a roster.

The two are run alternately (``--repeat`` rounds) and the medians compared.
Goal: per-learner / class at most 1.2. The grader-side work alone (seeds, the
engine's answers, the copy check; no kernels) is timed too. Run::

    .venv/bin/python benchmarks/bench_deals.py [--learners 30] [--repeat 1] [--jobs 2] [--exercises 01,03,05]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from omaha_learn.checks import EXERCISES, exercise  # noqa: E402
from omaha_learn.checks.deals import learner_seed  # noqa: E402
from omaha_learn.grading import deals as grading_deals  # noqa: E402
from omaha_learn.grading import grader  # noqa: E402
from omaha_learn.grading.deals import read_roster  # noqa: E402
from omaha_learn.grading.handout import handout  # noqa: E402
from omaha_learn.grading.sandbox import sandbox_kind  # noqa: E402

KEYS = ROOT / "exercises" / "solutions"
COPIES = ROOT / "exercises"
NAMES = ("reading_hands", "lows", "side_pots")
"""The default exercises (01, 03, 05)."""


def names_of(numbers: list[str]) -> tuple[str, ...]:
    """Checker names of exercise numbers (``06``), each with a deal."""
    found = []
    for number in numbers:
        name = next((n for n, f in EXERCISES.items() if f.split("_", 1)[0] == number), None)
        if name is None or exercise(name).deal is None:
            raise SystemExit(f"--exercises: {number!r} is no exercise with a deal")
        found.append(name)
    return tuple(found)


def _answer(path: Path, answers: dict[str, str]) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        q = cell.get("metadata", {}).get("omaha_learn", {}).get("question")
        if "answer" in cell.get("metadata", {}).get("tags", []) and q in answers:
            cell["source"] = f"answer_{q} = {answers[q]!r}"
    path.write_text(json.dumps(nb), encoding="utf-8")


def make_classes(tmp: Path, n: int, names: tuple[str, ...] = NAMES) -> tuple[list[Path], list[Path], Path]:
    """(per-learner submissions, class-deal submissions, roster)."""
    ids = [f"learner{i:03d}" for i in range(n)]
    roster = tmp / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"{i},{i}\n" for i in ids), encoding="utf-8")
    own = handout(roster, tmp / "own", [EXERCISES[x].split("_", 1)[0] for x in names], COPIES)
    for path in own:
        name = json.loads(path.read_text(encoding="utf-8"))["metadata"]["omaha_learn"]["exercise"]
        deal = exercise(name).deal
        assert deal is not None
        _answer(path, deal.right_answers(learner_seed(deal.class_seed, path.parent.name)))
    same = []
    for i in ids:
        for name in names:
            deal = exercise(name).deal
            assert deal is not None
            path = tmp / "class" / i / EXERCISES[name]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text((COPIES / EXERCISES[name]).read_text(encoding="utf-8"), encoding="utf-8")
            _answer(path, deal.right_answers(deal.class_seed))
            same.append(path)
    return own, same, roster


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--exercises", default="01,03,05", help="exercise numbers, comma-separated")
    args = parser.parse_args()
    names = names_of([x.strip() for x in args.exercises.split(",") if x.strip()])
    kind = sandbox_kind("auto")
    print(f"{platform.system()} {platform.release()} {platform.machine()}, Python {platform.python_version()}, "
          f"sandbox {kind}, {args.learners} learners x {len(names)} exercises ({args.exercises}), --jobs {args.jobs}")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        own, same, roster_path = make_classes(tmp, args.learners, names)
        roster = read_roster(roster_path)
        times: dict[str, list[float]] = {"own": [], "class": []}
        for _ in range(args.repeat):
            for label, subs, learners in (("own", own, roster), ("class", same, None)):
                start = time.perf_counter()
                records = grader.grade(subs, KEYS, jobs=args.jobs, sandbox="auto", cell_timeout=60, roster=learners)
                times[label].append(time.perf_counter() - start)
                full = sum(r.points for r in records) == sum(r.max_points for r in records)
                print(f"{label:5}: {times[label][-1]:6.1f} s  all full marks: {full}")
                if not full:
                    return 1
        # the grader-side work alone, without kernels
        start = time.perf_counter()
        for path in own:
            name = json.loads(path.read_text(encoding="utf-8"))["metadata"]["omaha_learn"]["exercise"]
            deal = exercise(name).deal
            assert deal is not None
            deal._cached.cache_clear()
            grading_deals.seed_for(name, {}, path.parent.name, grading_deals.roster_ids(roster))
            deal.right_answers(learner_seed(deal.class_seed, path.parent.name))
        grading_deals.flag_copies(records)
        side = time.perf_counter() - start
    own_t, class_t = statistics.median(times["own"]), statistics.median(times["class"])
    n = len(own)
    print(f"per-learner deals: {own_t:.1f} s ({own_t / n:.2f} s per notebook); one class deal: {class_t:.1f} s "
          f"({class_t / n:.2f} s per notebook); ratio {own_t / class_t:.2f} (goal <= 1.2)")
    print(f"grader-side deal work alone (seeds, engine answers, copy check) for {n} notebooks: {side * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
