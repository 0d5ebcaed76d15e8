"""How long the grading desk takes to open a class and answer a click (Python side, no browser).

A class of 30 learners on three exercises (01, 02, 03: every question of their keys), records made
up with varied points; the desk is built with the keys (so every mark is checked against them) and
a requests file of 10 lines. Reported: building the desk, opening a cell (a click on the grid),
saving a mark (the overrides file read, checked, written, read back, then the grid redrawn) with
30 marks already in the file, in milliseconds, median and worst of several. The goal is under
500 ms for a click or a save. Run: ``.venv/bin/python benchmarks/bench_desk.py``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
GOAL_MS = 500.0


def _time(action: Callable[[int], object], repeats: int) -> tuple[float, float]:
    action(0)
    samples = []
    for i in range(1, repeats + 1):
        t0 = time.perf_counter()
        action(i)
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), max(samples)


def main(repeats: int = 10) -> int:
    from omaha_learn.grading.desk import save_mark, write_records
    from omaha_learn.grading.desk_widget import GradingDesk
    from omaha_learn.grading.grader import key_questions
    from omaha_learn.grading.records import QuestionRecord

    keys = [k for k in key_questions(KEYS) if k[0][:2] in ("01", "02", "03")]
    learners = [f"learner{i:02d}" for i in range(30)]
    records = [QuestionRecord(who, name, q, (i + j) % (pts + 1), pts, "graded", written=f"answer {i} {j}",
                              answer=f"answer {i} {j}", right="right", submission=f"in/{who}/{name}.ipynb")
               for i, who in enumerate(learners) for name, _checker, questions in keys
               for j, (q, pts) in enumerate(questions.items())]
    cells = len(learners) * sum(len(k[2]) for k in keys)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_records(records, folder / "class.json")
        marks = folder / "marks.csv"
        for r in records[::len(records) // 30][:30]:
            save_mark(marks, r, 0, "seen")
        (folder / "requests.csv").write_text("learner,exercise,question,reason\n" + "".join(
            f"{r.student},{r.exercise},{r.question},please look\n" for r in records[::len(records) // 10][:10]))
        t0 = time.perf_counter()
        desk = GradingDesk(folder / "class.json", marks, requests=folder / "requests.csv", keys=KEYS)
        build = (time.perf_counter() - t0) * 1000
        order = [c for c in desk.cells if desk.record(c) is not None]

        def click(i: int) -> None:
            desk.cells[order[i * 7 % len(order)]].click()

        def save(i: int) -> None:
            desk.open_cell(*order[i * 11 % len(order)])
            desk.points.value = 0
            desk.comment.value = f"checked {i}"
            desk.save_button.click()

        click_ms = _time(click, repeats)
        save_ms = _time(save, repeats)
    print(f"class: {len(learners)} learners, {len(keys)} exercises, {cells} grid cells, {len(records)} records")
    print(f"build the desk: {build:.0f} ms")
    print(f"open a cell:    median {click_ms[0]:.1f} ms, worst {click_ms[1]:.1f} ms")
    print(f"save a mark:    median {save_ms[0]:.1f} ms, worst {save_ms[1]:.1f} ms")
    ok = click_ms[1] < GOAL_MS and save_ms[1] < GOAL_MS
    print("goal (< 500 ms a click or a save):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
