"""``omaha-learn grade --nbgrader COURSE``: nbgrader collects, our sandbox marks, nbgrader's gradebook records.

nbgrader is good at releasing, collecting, its gradebook and the formgrader; its
autograder runs the learners' code in the same kernel as its tests, which a
learner's cell can rewrite. So the course exported by ``omaha-learn
export-nbgrader`` has no test of an answer at all (answer cells are *manually
graded* cells, :mod:`omaha_learn.grading.nbgrader_export`), and this module:

1. finds the collected notebooks, ``COURSE/submitted/<student>/<assignment>/*.ipynb``
   (nbgrader's layout; ``timestamp.txt`` beside them gives the submission's time);
2. grades them with :func:`omaha_learn.grading.grader.grade`, each in the
   grader's sandbox, against the teacher's keys (``--keys``, else the course's
   own ``COURSE/source/<assignment>/*.ipynb``); nothing beside a notebook
   (a fake module, say) goes into its sandbox;
3. writes each question's points into nbgrader's gradebook through nbgrader's
   own API (:class:`nbgrader.api.Gradebook`) as the *manual score* of that
   question's answer cell (``grade_id`` ``qN-answer``), with the grader's hint
   as the cell's comment, and copies the notebook to
   ``COURSE/autograded/<student>/<assignment>/`` (with its ``timestamp.txt``)
   so that the formgrader, ``nbgrader generate_feedback`` and nbgrader's LMS
   export work as after ``nbgrader autograde``.

nbgrader is imported only here, when asked for: without it the command stops
with an error naming the ``nbgrader`` extra (``pip install 'omaha_learn[nbgrader]'``).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from omaha_learn.checks.messages import render
from omaha_learn.errors import NbgraderExportError
from omaha_learn.grading.class_summary import record_note
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.i18n import gettext

__all__ = ["Collected", "collected", "course_keys", "write_nbgrader_gradebook", "grade_course", "need_nbgrader"]

NBGRADER_HELP = "grade --nbgrader needs nbgrader: pip install 'omaha_learn[nbgrader]'"


@dataclass(frozen=True)
class Collected:
    """One notebook nbgrader collected: its learner (nbgrader's student id), assignment and file."""

    student: str
    assignment: str
    path: Path
    timestamp: str | None


def need_nbgrader() -> Any:
    """nbgrader's API module; :class:`NbgraderExportError` naming the extra when it is not installed."""
    try:
        import nbgrader.api as api  # type: ignore[import-untyped]
    except ImportError:
        raise NbgraderExportError(NBGRADER_HELP) from None
    return api


def collected(course: Path) -> list[Collected]:
    """The notebooks in ``course/submitted/<student>/<assignment>/``, by student, assignment and name.

    Links are listed too (the grader refuses them, with a row of their own);
    :class:`NbgraderExportError` when the course has no ``submitted`` folder.
    """
    root = course / "submitted"
    if not root.is_dir() or root.is_symlink():
        raise NbgraderExportError(f"--nbgrader {course}: no submitted/ folder (collect first: nbgrader collect ...)")
    out = []
    for student in sorted(p for p in root.iterdir() if p.is_dir()):
        for assignment in sorted(p for p in student.iterdir() if p.is_dir()):
            stamp = assignment / "timestamp.txt"
            ts = None
            if stamp.is_file() and not stamp.is_symlink():
                ts = stamp.read_text(encoding="utf-8", errors="replace").strip()[:64] or None
            out += [Collected(student.name, assignment.name, nb, ts) for nb in sorted(assignment.glob("*.ipynb"))]
    return out


def course_keys(course: Path, into: Path) -> Path:
    """A keys folder made of the course's source notebooks (``source/<assignment>/<name>.ipynb``)."""
    for nb in sorted((course / "source").glob("*/*.ipynb")):
        shutil.copyfile(nb, into / nb.name)
    if not any(into.glob("*.ipynb")):
        raise NbgraderExportError(f"--nbgrader {course}: no source/<assignment>/*.ipynb to grade against; "
                                  "give --keys or export the course first (omaha-learn export-nbgrader)")
    return into


def _utc(text: str | None) -> Any:
    if not text:
        return None
    from nbgrader.utils import parse_utc  # type: ignore[import-untyped]

    try:
        return parse_utc(text)
    except Exception:  # noqa: BLE001 - a damaged timestamp.txt: no time
        return None


def write_nbgrader_gradebook(course: Path, subs: Sequence[Collected], records: Sequence[QuestionRecord]
                             ) -> list[str]:
    """Write the records' points into ``course/gradebook.db``; return notes on what could not be written."""
    api = need_nbgrader()
    notes: list[str] = []
    by_sub: dict[str, list[QuestionRecord]] = {}
    for r in records:
        by_sub.setdefault(r.submission, []).append(r)
    with api.Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for c in subs:
            try:
                assignment = gb.find_assignment(c.assignment)
            except api.MissingEntry:
                notes.append(f"{c.assignment}: not in nbgrader's gradebook (run nbgrader generate_assignment "
                             f"{c.assignment} first); {c.student}'s marks not written")
                continue
            if c.path.stem not in {nb.name for nb in assignment.notebooks}:
                notes.append(f"{c.student}: {c.path.name} is not a notebook of {c.assignment}; not written")
                continue
            gb.update_or_create_student(c.student)
            when = _utc(c.timestamp)
            gb.update_or_create_submission(c.assignment, c.student, **({"timestamp": when} if when else {}))
            for r in by_sub.get(str(c.path), []):
                if r.question == "-":
                    continue
                try:
                    grade = gb.find_grade(f"{r.question}-answer", c.path.stem, c.assignment, c.student)
                except api.MissingEntry:
                    notes.append(f"{c.student}: {c.assignment} has no grade cell {r.question}-answer; not written")
                    continue
                grade.manual_score = float(r.points)
                grade.needs_manual_grade = False
                try:
                    comment = gb.find_comment(f"{r.question}-answer", c.path.stem, c.assignment, c.student)
                    comment.manual_comment = (render(record_note(r)) if r.feedback else  # the language in use
                                              gettext("correct") if r.correct else "")
                except api.MissingEntry:
                    pass
            gb.db.commit()
            target = course / "autograded" / c.student / c.assignment
            target.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(c.path, target / c.path.name, follow_symlinks=False)
            if c.timestamp:
                (target / "timestamp.txt").write_text(c.timestamp + "\n", encoding="utf-8")
    return notes


def grade_course(course: Path, keys: Path | None, grade: Callable[..., list[QuestionRecord]],
                 log: Callable[[str], None] = print, **options: Any) -> list[QuestionRecord]:
    """Grade what nbgrader collected in ``course`` and write the marks into its gradebook; the records.

    ``grade`` is :func:`omaha_learn.grading.grader.grade`; ``options`` go to it.
    The student of each record is nbgrader's student id (the ``submitted/`` folder).
    """
    need_nbgrader()
    subs = collected(course)
    if not subs:
        raise NbgraderExportError(f"--nbgrader {course}: nothing in submitted/<student>/<assignment>/")
    with tempfile.TemporaryDirectory(prefix="omaha-learn-keys-") as tmp:
        key_dir = keys if keys is not None else course_keys(course, Path(tmp))
        records = grade([c.path for c in subs], key_dir, students=[c.student for c in subs], log=log, **options)
    for note in write_nbgrader_gradebook(course, subs, records):
        log(f"warning: {note}")
    log(f"wrote the marks of {len(subs)} notebook(s) into {course / 'gradebook.db'}")
    times = {str(c.path): _utc(c.timestamp) for c in subs}   # the submission's time: nbgrader's timestamp.txt
    return [replace(r, mtime=times[r.submission].timestamp()) if times.get(r.submission) is not None else r
            for r in records]
