"""``omaha-learn grade``: score handed-in exercise notebooks with nbval.

Usage::

    omaha-learn grade [--keys DIR] [--csv FILE] SUBMISSION.ipynb...

For each submission the teacher's key with the same file name is looked up in
``--keys`` (default: ``exercises/solutions`` of the current folder, else of
the omaha_learn checkout); a renamed file is matched by the exercise named in
its notebook metadata. The graded copy is rebuilt from the key, cell by
cell (cells are matched by id, like nbgrader's locked cells):

* every cell that is not an answer cell - setup, text and above all the
  checker cells - is taken from the key, source **and stored outputs**, so a
  learner who ran a wrong answer and saved it cannot make the wrong-answer
  message the "expected" output;
* answer cells keep the learner's source, with outputs and execution count
  cleared (nbval then only requires them to run without error);
* cells the learner added are kept (cleared) after the key cell they follow;
  a missing answer cell becomes ``answer_qN = None``.

All graded copies run in one ``pytest --nbval`` subprocess with
``OMAHA_LEARN_STRICT=1`` (checkers then raise on a wrong or missing answer).
nbval keeps running the cells after a failing one in the same kernel, so one
broken answer costs only the questions that depend on it. A question scores
its points when its checker cell and its answer cell both pass, else zero.

The exit status is 0 when every submission was graded, 1 when one could not
be (no key, unreadable notebook, nbval did not run), 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import copy
import csv
import importlib.util
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["main", "QuestionScore", "NotebookScore", "restore", "grade"]

STRICT_ENV = "OMAHA_LEARN_STRICT"
PACKAGE_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class QuestionScore:
    question: str
    points: int
    max_points: int
    note: str = ""


@dataclass
class NotebookScore:
    notebook: str
    key: str | None
    questions: list[QuestionScore] = field(default_factory=list)
    error: str = ""

    @property
    def points(self) -> int:
        return sum(q.points for q in self.questions)

    @property
    def max_points(self) -> int:
        return sum(q.max_points for q in self.questions)


# --------------------------------------------------------------- restoring

def _tags(cell: object) -> list[str]:
    return list(cell.metadata.get("tags", []))  # type: ignore[attr-defined]


def _question(cell: object) -> str | None:
    q = cell.metadata.get("omaha_learn", {}).get("question")  # type: ignore[attr-defined]
    return None if q is None else str(q)


def restore(submission: object, key: object) -> object:
    """The notebook to grade: the key's cells with the learner's answers (see the module docs)."""
    import nbformat

    key_cells = list(key.cells)  # type: ignore[attr-defined]
    key_ids = {c.get("id") for c in key_cells}
    answers_by_q = {_question(c): c for c in key_cells if "answer" in _tags(c)}
    learner_answers: dict[str, str] = {}
    extras: dict[str | None, list[object]] = {}
    anchor: str | None = None
    for cell in submission.cells:  # type: ignore[attr-defined]
        cid = cell.get("id")
        if cid in key_ids:
            anchor = cid
            kc = next(c for c in key_cells if c.get("id") == cid)
            if "answer" in _tags(kc) and cell.cell_type == "code":
                learner_answers[str(_question(kc))] = cell.source
            continue
        qid = _question(cell)
        if (cell.cell_type == "code" and "answer" in _tags(cell) and qid is not None and qid in answers_by_q
                and qid not in learner_answers):
            learner_answers[qid] = cell.source  # matched by question when the id changed
            continue
        if cell.cell_type == "code":
            extra = nbformat.v4.new_code_cell(cell.source)
            extras.setdefault(anchor, []).append(extra)
    out = copy.deepcopy(key)
    cells: list[object] = list(extras.get(None, []))
    for kc in out.cells:  # type: ignore[attr-defined]
        if "answer" in _tags(kc) and kc.cell_type == "code":
            qid = str(_question(kc))
            kc.source = learner_answers.get(qid, f"answer_{qid} = None  # answer cell missing")
            kc.outputs = []
            kc.execution_count = None
        cells.append(kc)
        cells.extend(extras.get(kc.get("id"), []))
    out.cells = cells  # type: ignore[attr-defined]
    return out


# ----------------------------------------------------------------- running

def _run_nbval(paths: Sequence[Path], workdir: Path, timeout: int) -> tuple[dict[tuple[str, int], str | None], str]:
    """Run nbval on ``paths``.

    Returns ``{(junit class name, code cell index): None if the cell passed, else why}`` and pytest's output.
    """
    junit = workdir / "junit.xml"
    ini = workdir / "pytest.ini"
    ini.write_text("[pytest]\n", encoding="utf-8")
    no_xdist = ["-n", "0"] if importlib.util.find_spec("xdist") else []  # one kernel per notebook, in order
    cmd = [sys.executable, "-m", "pytest", "--nbval", "--nbval-current-env", "-p", "no:cacheprovider",
           "-p", "no:randomly", *no_xdist, "-o", "addopts=", "-c", str(ini), "--rootdir", str(workdir),
           f"--nbval-cell-timeout={timeout}", f"--junitxml={junit}", "-q", "-rN",
           *[str(p) for p in paths]]
    env = dict(os.environ)
    env[STRICT_ENV] = "1"
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PACKAGE_ROOT), env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True)
    results: dict[tuple[str, int], str | None] = {}
    if not junit.exists():
        return results, proc.stdout + proc.stderr
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = case.get("name", "")
        if not name.startswith("Cell "):
            continue
        classname = case.get("classname", "")
        problems = [child for child in case if child.tag in ("failure", "error", "skipped")]
        results[(classname, int(name.split()[1]))] = _why(problems[0]) if problems else None
    return results, proc.stdout + proc.stderr


def _why(problem: ET.Element) -> str:
    """A short reason for a failed cell, from its junit failure text."""
    text = (problem.text or "") + " " + problem.get("message", "")
    if problem.tag == "skipped":
        return "not run"
    if "no answer yet" in text:
        return "no answer"
    if "AssertionError" in text and "not yet" in text:
        return "wrong answer"
    if "cannot read this answer" in text:
        return "unreadable answer"
    if "Cell outputs differ" in text:
        return "output differs from the key"
    for err in ("NameError", "SyntaxError", "TypeError", "ValueError", "KeyError", "AttributeError",
                "ZeroDivisionError", "Timeout"):
        if err in text:
            return f"error ({err})"
    return "error"


def _classname(path: Path, workdir: Path) -> str:
    """How pytest's junit report names a notebook: its path from rootdir with dots for slashes."""
    return ".".join(path.relative_to(workdir).parts)


def _keys_dir(option: Path | None) -> Path:
    if option is not None:
        return option
    local = Path("exercises") / "solutions"
    return local if local.is_dir() else PACKAGE_ROOT / "exercises" / "solutions"


def _find_key(sub: Path, keys: Path) -> Path:
    """The key with the submission's file name; else the one its metadata names (a renamed file)."""
    by_name = keys / sub.name
    if by_name.exists():
        return by_name
    try:
        import json

        meta = json.loads(sub.read_text(encoding="utf-8")).get("metadata", {}).get("omaha_learn", {})
        from omaha_learn.checks import EXERCISES

        named = EXERCISES.get(str(meta.get("exercise")))
    except (OSError, ValueError, AttributeError):
        named = None
    return keys / named if named and (keys / named).exists() else by_name


def grade(submissions: Sequence[Path], keys: Path, *, timeout: int = 120) -> list[NotebookScore]:
    """Grade ``submissions`` against the keys in ``keys``; one :class:`NotebookScore` each."""
    import nbformat

    scores: list[NotebookScore] = []
    with tempfile.TemporaryDirectory(prefix="omaha-grade-") as tmp:
        workdir = Path(tmp)
        jobs: list[tuple[NotebookScore, Path, object]] = []
        for i, sub in enumerate(submissions):
            key_path = _find_key(sub, keys)
            score = NotebookScore(str(sub), str(key_path) if key_path.exists() else None)
            scores.append(score)
            if not key_path.exists():
                score.error = f"no key {sub.name} in {keys}"
                continue
            key = nbformat.read(key_path, as_version=4)
            for cell in key.cells:
                if "checker" in _tags(cell):
                    pts = int(cell.metadata.get("omaha_learn", {}).get("points", 1))
                    score.questions.append(QuestionScore(str(_question(cell)), 0, pts))
            try:
                submission = nbformat.read(sub, as_version=4)
            except Exception as exc:  # unreadable JSON, not a notebook...
                score.error = f"cannot read {sub}: {exc}"
                for q in score.questions:
                    q.note = "not graded"
                continue
            graded = restore(submission, key)
            target = workdir / f"s{i:03d}" / sub.name
            target.parent.mkdir()
            nbformat.write(graded, target)
            jobs.append((score, target, graded))
        if not jobs:
            return scores
        results, output = _run_nbval([t for _, t, _ in jobs], workdir, timeout)
        for score, target, graded in jobs:
            cls = _classname(target, workdir)
            code_cells = [c for c in graded.cells if c.cell_type == "code"]  # type: ignore[attr-defined]
            if not any(k[0] == cls for k in results):
                score.error = "nbval did not run this notebook:\n" + output[-2000:]
                continue
            answer_why: dict[str, str | None] = {}
            checker_why: dict[str, str | None] = {}
            for index, cell in enumerate(code_cells):
                qid = _question(cell)
                why = results.get((cls, index), "not run")
                if qid is None:
                    continue
                if "answer" in _tags(cell):
                    answer_why[qid] = why
                elif "checker" in _tags(cell):
                    checker_why[qid] = why
            for q in score.questions:
                a_why = answer_why.get(q.question, "answer cell missing")
                c_why = checker_why.get(q.question, "checker cell missing")
                if a_why is not None:
                    q.note = f"answer cell: {a_why}"
                elif c_why is not None:
                    q.note = c_why
                else:
                    q.points = q.max_points
    return scores


# --------------------------------------------------------------------- CLI

def _table(score: NotebookScore) -> str:
    lines = [f"{score.notebook}" + (f"  (key {score.key})" if score.key else "")]
    if score.error:
        lines.append(f"  not graded: {score.error}")
    width = max([8] + [len(q.question) for q in score.questions])
    lines.append(f"  {'question':<{width}}  points")
    for q in score.questions:
        note = f"  {q.note}" if q.note and not q.points else ""
        lines.append(f"  {q.question:<{width}}  {q.points:>3}/{q.max_points:<3}{note}")
    lines.append(f"  {'total':<{width}}  {score.points:>3}/{score.max_points:<3}")
    return "\n".join(line.rstrip() for line in lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``omaha-learn grade``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="omaha-learn grade",
                                     description="Score exercise notebooks against their keys with nbval.")
    parser.add_argument("submissions", nargs="+", type=Path, metavar="SUBMISSION.ipynb")
    parser.add_argument("--keys", type=Path, default=None,
                        help="folder of teacher keys (default: exercises/solutions)")
    parser.add_argument("--csv", type=Path, default=None, metavar="FILE",
                        help="write notebook,question,points,max_points rows to FILE")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed per cell (default: 120)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    keys = _keys_dir(args.keys)
    if not keys.is_dir():
        print(f"omaha-learn grade: keys folder {keys} does not exist", file=sys.stderr)
        return 2
    missing = [p for p in args.submissions if not p.is_file()]
    if missing:
        print(f"omaha-learn grade: no such notebook: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    scores = grade(args.submissions, keys, timeout=args.timeout)
    print("\n\n".join(_table(s) for s in scores))
    if args.csv is not None:
        with args.csv.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(["notebook", "question", "points", "max_points"])
            for s in scores:
                for q in s.questions:
                    writer.writerow([s.notebook, q.question, q.points, q.max_points])
    return 1 if any(s.error for s in scores) else 0


if __name__ == "__main__":
    sys.exit(main())
