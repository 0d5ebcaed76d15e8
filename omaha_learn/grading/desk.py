"""The grading desk's plumbing, without widgets: the graded class on disk, and marks written to the overrides file.

``omaha-learn grade --records class.json`` writes every record as the grader
decided it, before the overrides (the desk applies them itself, as a regrade
would), with what the desk shows: the learner's exact text, how the checker
read it, the right answer for the learner's own deal, the hint they got, the
question's text. :func:`read_records` reads it back.

:func:`save_mark` and :func:`remove_mark` change one question's line of the
overrides file that ``grade --overrides`` reads (columns
:data:`~omaha_learn.grading.teacher_marks.OVERRIDE_COLUMNS`): the file is read
and checked line by line first (a bad line stops with its line number and the
file is left as it was), the new mark is checked against the question's points
(and the keys, when given), the mark is tied to the learner's answer as
written (a changed answer flags it, not applied), and the file is written whole
(to a temporary file, then renamed) and read back through the same checks.

>>> import tempfile, pathlib
>>> from omaha_learn.grading.records import QuestionRecord as R
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> rec = R("Jüri", "01_reading_hands", "q2", 0, 2, "graded", answer="9s Ah", written="Ah 9s", right="9d 9s")
>>> o = save_mark(folder / "marks.csv", rec, 1.5, "right idea; wrong pair")
>>> print((folder / "marks.csv").read_text(encoding="utf-8").strip())
student,exercise,question,points,comment,answer
Jüri,01_reading_hands,q2,1.5,right idea; wrong pair,Ah 9s
>>> remove_mark(folder / "marks.csv", rec)
True
>>> write_records([rec], folder / "class.json")
>>> read_records(folder / "class.json") == [rec]
True
"""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import tempfile
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from omaha_learn.errors import ReportError
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.teacher_marks import (
    OVERRIDE_COLUMNS,
    Override,
    check_overrides,
    exercise_matches,
    read_overrides,
)
from omaha_learn.i18n import gettext as _
from omaha_learn.i18n import ngettext

__all__ = ["write_records", "read_records", "save_mark", "remove_mark", "read_marks", "marks_for", "RECORDS_FORMAT"]

RECORDS_FORMAT = "omaha_learn graded class 1"
"""The records file's ``format``: a reader refuses another."""
_FIELDS = {f.name: f for f in dataclasses.fields(QuestionRecord)}
_REQUIRED = [f.name for f in dataclasses.fields(QuestionRecord) if f.default is dataclasses.MISSING]
Keys = Sequence[tuple[str, str, dict[str, int]]]


def write_records(records: Iterable[QuestionRecord], path: str | os.PathLike[str]) -> None:
    """Write ``records`` (the grader's, before overrides) as JSON for the desk (:func:`read_records`)."""
    target = Path(path)
    if target.is_dir():
        raise ReportError(f"records {target}: a folder; give a file name such as class.json")
    data = {"format": RECORDS_FORMAT, "records": [dataclasses.asdict(r) for r in records]}
    target.write_text(json.dumps(data, ensure_ascii=False, indent=0), encoding="utf-8")


def _record(i: int, raw: Any, where: str) -> QuestionRecord:
    if not isinstance(raw, dict):
        raise ReportError(f"{where}: record {i} is not an object")
    unknown = sorted(set(raw) - set(_FIELDS))
    missing = [n for n in _REQUIRED if n not in raw]
    if unknown or missing:
        raise ReportError(f"{where}: record {i} has " + "; ".join(
            x for x in (f"unknown fields {', '.join(unknown)}" if unknown else "",
                        f"no {', '.join(missing)}" if missing else "") if x))
    for name in ("student", "exercise", "question", "status"):
        if not isinstance(raw[name], str):
            raise ReportError(f"{where}: record {i}: {name} must be text")
    for name in ("points", "max_points"):
        if isinstance(raw[name], bool) or not isinstance(raw[name], (int, float)):
            raise ReportError(f"{where}: record {i}: {name} must be a number")
    return QuestionRecord(**raw)


def read_records(path: str | os.PathLike[str]) -> list[QuestionRecord]:
    """The records in a file written by :func:`write_records`; :class:`ReportError` naming what is wrong."""
    p = Path(path)
    where = f"records {p}"
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReportError(_("{where}: cannot read it ({error})").format(where=where, error=type(exc).__name__)) \
            from None
    except ValueError:
        raise ReportError(_("{where}: not JSON (write it with {command})").format(
            where=where, command="omaha-learn grade --records FILE")) from None
    if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT or not isinstance(data.get("records"), list):
        raise ReportError(_("{where}: not a graded class (write it with {command})").format(
            where=where, command="omaha-learn grade --records FILE"))
    return [_record(i, raw, where) for i, raw in enumerate(data["records"], start=1)]


def read_marks(path: str | os.PathLike[str]) -> list[Override]:
    """The overrides in ``path`` (none when there is no such file or it is empty), checked line by line."""
    p = Path(path)
    if not p.exists() or (p.is_file() and not p.read_text(encoding="utf-8-sig").strip()):
        return []
    return read_overrides(p)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _same_question(o: Override, r: QuestionRecord) -> bool:
    return (_nfc(o.student) == _nfc(r.student) and _nfc(o.question) == _nfc(r.question)
            and exercise_matches(_nfc(o.exercise), _nfc(r.exercise)))


def marks_for(overrides: Sequence[Override], record: QuestionRecord) -> list[Override]:
    """The overrides that name ``record``'s learner, exercise and question."""
    return [o for o in overrides if _same_question(o, record)]


def _number(points: float) -> str:
    return str(int(points)) if float(points).is_integer() else format(points, ".10g")


def _write(path: Path, overrides: Sequence[Override], keys: Keys | None) -> None:
    """Write the whole file, atomically, then read it back through the overrides' checks."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(OVERRIDE_COLUMNS)
            for o in overrides:
                writer.writerow([o.student, o.exercise, o.question, _number(o.points), o.comment, o.answer])
        again = read_overrides(tmp)
        if keys is not None:
            check_overrides(again, keys)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_mark(path: str | os.PathLike[str], record: QuestionRecord, points: float, comment: str = "", *,
              keys: Keys | None = None) -> Override:
    """Set ``points`` (and ``comment``) for ``record``'s question in the overrides file; the override written.

    Any earlier line for that learner, exercise and question is replaced; the others are kept.
    """
    p = Path(path)
    existing = read_marks(p)   # a bad line stops here, before anything is written
    if keys is not None:
        check_overrides(existing, keys)
    where = f"{record.student} {record.exercise} {record.question}"
    if isinstance(points, bool) or not isinstance(points, (int, float)) or points != points:
        raise ReportError(_("{where}: points must be a number such as 2 or 1.5, got {points}").format(
            where=where, points=repr(points)))
    if points < 0 or points > record.max_points:
        raise ReportError(ngettext("{where}: {points} points; the question is worth 0 to {max_points} point",
                                   "{where}: {points} points; the question is worth 0 to {max_points} points",
                                   record.max_points).format(where=where, points=_number(points),
                                                             max_points=record.max_points))
    comment = " ".join(comment.split())
    answer = record.written.strip() or record.answer.strip()
    new = Override(record.student, record.exercise, record.question, int(points) if float(points).is_integer()
                   else float(points), comment, 0, answer)
    if keys is not None:
        check_overrides([new], keys)
    kept = [o for o in existing if not _same_question(o, record)]
    _write(p, [*kept, new], keys)
    return dataclasses.replace(new, line=len(kept) + 2)


def remove_mark(path: str | os.PathLike[str], record: QuestionRecord, *, keys: Keys | None = None) -> bool:
    """Remove the overrides file's lines for ``record``'s question (the grader's points stand again);
    whether there was one."""
    p = Path(path)
    existing = read_marks(p)
    kept = [o for o in existing if not _same_question(o, record)]
    if len(kept) == len(existing):
        return False
    _write(p, kept, keys)
    return True
