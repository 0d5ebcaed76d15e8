"""The teacher decides: overrides of the grader's points, and a gradebook with one row per learner.

``omaha-learn grade --overrides FILE`` reads a CSV written by the teacher,
with the columns ``student, exercise, question, points, comment``: each row
sets the points of one question of one learner (partial credit allowed:
``1.5`` or ``1,5``), on every regrade, and the comment is shown in the CSV
(column ``override``), the class report and the learner's feedback page.
``exercise`` is the key's file name without ``.ipynb`` (``01_reading_hands``)
or the checker's name (``reading_hands``). The file may be saved by a
spreadsheet (a byte-order mark, ``;`` between cells).

``--gradebook FILE`` writes one row per learner: ``student``, each
exercise's points (empty when not handed in), ``total``, ``maximum``, ``percent``,
``needs a look``; UTF-8 with a
byte-order mark so spreadsheets read every learner's letters, and learner
names made safe for a spreadsheet (:func:`~omaha_learn.grading.text_safety.spreadsheet_cell`).

>>> import tempfile, pathlib
>>> from omaha_learn.grading.records import QuestionRecord as R
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "o.csv").write_text("student,exercise,question,points,comment\\n"
...                                   "Jüri,01_reading_hands,q2,1.5,right idea; wrote the cards of B\\n")
>>> recs, notes = apply_overrides([R("Jüri", "01_reading_hands", "q2", 0, 2, "graded")], read_overrides(folder / "o.csv"))
>>> recs[0].points, recs[0].override, recs[0].points_before, notes
(1.5, 'right idea; wrote the cards of B', 0, [])
>>> write_gradebook(recs, folder / "book.csv")
>>> (folder / "book.csv").read_bytes()[:3] == b"\\xef\\xbb\\xbf"
True
>>> print((folder / "book.csv").read_text(encoding="utf-8-sig").strip())
student,01_reading_hands,total,maximum,percent,late deduction,missing,needs a look
Jüri,1.5,1.5,2,75.0,0,,
"""

from __future__ import annotations

import csv
import dataclasses
import os
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from omaha_learn.errors import ReportError
from omaha_learn.grading.class_summary import Assignment, check_records, summarise
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.text_safety import spreadsheet_cell
from omaha_learn.i18n import N_, gettext, pgettext

__all__ = ["Override", "read_overrides", "apply_overrides", "check_overrides", "read_rows", "find_question",
           "match_learner", "exercise_matches", "STALE_OVERRIDE", "LMS_COLUMNS",
           "write_gradebook", "OVERRIDE_COLUMNS", "GRADEBOOK_FIXED"]

OVERRIDE_COLUMNS = ("student", "exercise", "question", "points", "comment", "answer")
"""The overrides file's columns; ``comment`` and ``answer`` (the answer the mark was made for) are optional."""
GRADEBOOK_FIXED = ("student", "total", "maximum", "percent", "needs a look")
"""The plain gradebook's first and last columns (between them: each exercise; then late deduction, missing)."""


@dataclass(frozen=True)
class Override:
    """One teacher's decision: ``points`` for ``question`` of ``exercise`` for ``student``."""

    student: str
    exercise: str
    question: str
    points: float
    comment: str
    line: int
    answer: str = ""
    """The learner's answer this mark was made for ("" for any): a changed answer is flagged, not overridden."""


def _points(text: str, where: str) -> float:
    raw = text.strip().replace(",", ".")
    try:
        value = float(raw)
    except ValueError:
        raise ReportError(gettext("{where}: points must be a number such as 2 or 1.5, got {points}").format(
            where=where, points=repr(text))) from None
    if value != value or value < 0:
        raise ReportError(gettext("{where}: points must be 0 or more, got {points}").format(where=where, points=repr(text)))
    return int(value) if value.is_integer() else value


def read_rows(path: str | os.PathLike[str], what: str, columns: Sequence[str], need: Sequence[str],
              aliases: dict[str, str] | None = None, shown: Sequence[str] = ()) -> list[tuple[int, dict[str, str], dict[str, str]]]:
    """(line number, {column: text in NFC, trimmed}, {column: text as typed, trimmed}) of every non-blank line of a teacher's CSV.

    Saved by any spreadsheet: a byte-order mark, ``,``, ``;`` or a tab between cells (the first line's most
    frequent). The first line names the ``columns`` (``need`` among them; ``aliases`` maps other names to
    them; ``shown``, the columns the error names, default all); a line with more cells than the first line, or without one of ``need``, is a :class:`ReportError`
    naming ``what``, the file and the line.
    """
    p = Path(path)
    kind = _file_kind(what)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(gettext("{what} {file}: cannot read it ({error}; save it as UTF-8 CSV)").format(
            what=kind, file=p, error=type(exc).__name__)) from None
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",;\t", key=first.count) if first else ","
    rows = list(csv.reader(text.splitlines(), delimiter=delimiter))
    if not rows:
        raise ReportError(gettext("{what} {file}: empty; expected the columns {columns}").format(
            what=kind, file=p, columns=", ".join(columns)))
    header = [unicodedata.normalize("NFC", h.strip().lower()) for h in rows[0]]
    header = [(aliases or {}).get(h, h) for h in header]
    while header and not header[-1]:
        header.pop()
    if not set(need) <= set(header):
        raise ReportError(gettext("{what} {file}: the first line must name the columns {columns} (got {header})").format(
            what=kind, file=p, columns=", ".join(shown or columns), header=", ".join(header)))
    col = {name: header.index(name) for name in columns if name in header}
    out = []
    for n, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        where = gettext("{what} {file}, line {line}").format(what=kind, file=p, line=n)
        if any(cell.strip() for cell in row[len(header):]):
            raise ReportError(gettext("{where}: {cells} cells for the {columns} columns of the first line; a comment with "
                                "{delimiter} in it must be in double quotes").format(
                where=where, cells=len(row), columns=len(header), delimiter=repr(delimiter)))
        cells = {name: unicodedata.normalize("NFC", row[i].strip()) if i < len(row) else ""
                 for name, i in col.items()}
        if not all(cells[name] for name in need):
            raise ReportError(gettext("{where}: give {columns} (got {row})").format(where=where, columns=", ".join(need),
                                                                             row=row))
        out.append((n, cells, {name: row[i].strip() if i < len(row) else "" for name, i in col.items()}))
    return out


def read_overrides(path: str | os.PathLike[str]) -> list[Override]:
    """The overrides in a CSV file (see the module docs); :class:`ReportError` naming the line when wrong."""
    out = []
    for n, cells, raw in read_rows(path, "overrides", OVERRIDE_COLUMNS, OVERRIDE_COLUMNS[:4],
                                  shown=OVERRIDE_COLUMNS[:5]):
        where = gettext("{what} {file}, line {line}").format(what=_file_kind("overrides"), file=Path(path), line=n)
        student = raw["student"]   # as typed: matched exactly first, then in NFC
        out.append(Override(student, cells["exercise"].removesuffix(".ipynb"), cells["question"],
                            _points(cells["points"], where), cells.get("comment", ""), n, cells.get("answer", "")))
    return out


def check_overrides(overrides: Sequence[Override], keys: Sequence[tuple[str, str, dict[str, int]]]) -> None:
    """Check every override against the keys before anything is graded; :class:`ReportError` at the first bad line.

    ``keys``: (key name such as ``01_reading_hands``, checker name, {question: points}) per key.
    A line naming no key, no question of its key, or more points than the question is worth stops the run.
    """
    for o in overrides:
        name, worth = find_question(_overrides_line(o), o.exercise, o.question, keys)
        if o.points > worth:
            raise ReportError(gettext("{where}: {points} points for {exercise} {question}, which is worth {worth}").format(
                where=_overrides_line(o), points=o.points, exercise=name, question=o.question, worth=worth))


def find_question(where: str, exercise: str, question: str,
                  keys: Sequence[tuple[str, str, dict[str, int]]]) -> tuple[str, int]:
    """(key name, points) of ``question`` of ``exercise`` (key or checker name) among ``keys``;
    :class:`ReportError` starting with ``where`` when no key or no such question."""
    hits = [k for k in keys if exercise_matches(exercise, k[0]) or exercise == k[1]]
    if not hits:
        raise ReportError(gettext("{where}: no key for the exercise {exercise} (the keys: {keys})").format(
            where=where, exercise=repr(exercise), keys=", ".join(k[0] for k in keys)))
    name, _, questions = hits[0]
    if question not in questions:
        raise ReportError(gettext("{where}: {exercise} has no question {question} (it has {questions})").format(
            where=where, exercise=name, question=repr(question), questions=", ".join(questions)))
    return name, questions[question]


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _learner_of(o: Override, students: set[str]) -> str:
    return match_learner(o.student, students, _overrides_line(o))


def _overrides_line(o: Override) -> str:
    return gettext("overrides, line {line}").format(line=o.line)


def _file_kind(what: str) -> str:
    """The teacher's file a message names ("overrides", "requests") in the language in use."""
    return pgettext("teacher's file", what)


def _file_kinds() -> None:  # pragma: no cover - never called: Babel finds the files' names here
    pgettext("teacher's file", "overrides")
    pgettext("teacher's file", "requests")


def match_learner(name: str, students: set[str], where: str) -> str:
    """The learner ``name`` names: the exact name, else the one learner with the same name in NFC
    (a name typed on one machine, a folder unpacked on another); :class:`ReportError` when several."""
    if name in students:
        return name
    hits = sorted(s for s in students if _nfc(s) == _nfc(name))
    if len(hits) > 1:
        raise ReportError(gettext("{where}: {name} matches {n} learners whose names look alike ({names}); copy the exact "
                            "name from the CSV").format(where=where, name=repr(name), n=len(hits),
                                                        names=", ".join(ascii(h) for h in hits)))
    return hits[0] if hits else name


def exercise_matches(given: str, exercise: str) -> bool:
    """Whether ``given`` (from a teacher's file) names ``exercise`` (a key name): the same, or its checker part."""
    return given == exercise or exercise.split("_", 1)[-1] == given


def apply_overrides(records: Iterable[QuestionRecord], overrides: Sequence[Override]
                    ) -> tuple[list[QuestionRecord], list[str]]:
    """(records with the teacher's points, notes on overrides that matched nothing).

    An override sets the points of every submission of that question by that learner;
    more than the question's points is an error (:class:`ReportError`).
    """
    recs = check_records(records)
    students = {r.student for r in recs}
    learner = [_learner_of(o, students) for o in overrides]
    used: set[int] = set()
    stale: list[str] = []
    out = []
    for r in recs:
        for i, o in enumerate(overrides):
            if learner[i] == r.student and _nfc(o.question) == _nfc(r.question) \
                    and exercise_matches(_nfc(o.exercise), _nfc(r.exercise)):
                if o.points > r.max_points:
                    raise ReportError(gettext("{where}: {points} points for {exercise} {question}, which is worth "
                                        "{worth}").format(where=_overrides_line(o), points=o.points,
                                                          exercise=r.exercise, question=r.question,
                                                          worth=r.max_points))
                used.add(i)
                now = {r.written.strip(), r.answer.strip()} - {""}
                if o.answer and unicodedata.normalize("NFC", o.answer) not in \
                        {unicodedata.normalize("NFC", x) for x in now}:
                    stale.append(gettext("{where}: made for the answer {answer}, but {learner} now answers {now} to "
                                   "{exercise} {question}: not applied; look at it again").format(
                        where=_overrides_line(o), answer=repr(o.answer), learner=repr(r.student),
                        now=repr(r.written or r.answer or "nothing"), exercise=r.exercise, question=r.question))
                    r = dataclasses.replace(r, flag=_join_flag(r.flag, STALE_OVERRIDE))
                    continue
                before = r.points if r.points_before is None else r.points_before
                r = dataclasses.replace(r, points=o.points, points_before=before,
                                        override=o.comment or CHANGED_BY_THE_TEACHER)
        out.append(r)
    notes = [gettext("{where}: no graded question {exercise} {question} for {learner}; ignored").format(
        where=_overrides_line(o), exercise=o.exercise, question=o.question, learner=repr(o.student))
        for i, o in enumerate(overrides) if i not in used]
    return out, notes + list(dict.fromkeys(stale))


CHANGED_BY_THE_TEACHER = N_("changed by the teacher")
"""The comment of a mark that has none (each page translates it)."""
STALE_OVERRIDE = "override-for-another-answer"
"""A record's flag: the teacher's override names an answer the learner no longer gives (not applied)."""


def _join_flag(flags: str, flag: str) -> str:
    return ",".join(dict.fromkeys([f for f in flags.split(",") if f] + [flag]))


def _number(x: float) -> float:
    return int(x) if float(x).is_integer() else round(x, 2)


LMS_COLUMNS = {
    "canvas": ("Student", "ID", "SIS User ID", "SIS Login ID", "Section"),
    "moodle": ("ID number", "Email address", "Full name"),
}
"""The identity columns each LMS's grade import reads: Canvas's gradebook CSV (Student, ID, SIS User ID,
SIS Login ID, Section, then one column per assignment) and Moodle's grade import (a learner identified by
ID number or email address, then one column per grade item)."""


def write_gradebook(records: Iterable[QuestionRecord], path: str | os.PathLike[str], *,
                    assignment: Assignment | None = None, lms: str = "plain", roster: Any = None) -> None:
    """One row per learner (UTF-8 with a BOM): who, each counted exercise's points, the total and more.

    ``plain``: ``student``, each exercise, ``total``, ``maximum``, ``percent``, ``late deduction``,
    ``missing``, ``needs a look``. ``canvas`` and ``moodle``: their import columns
    (:data:`LMS_COLUMNS`, from the ``roster``: a :class:`~omaha_learn.grading.roster.Roster`), each
    exercise, the total and the late deduction. An exercise a learner did not hand in is an empty cell
    (not a 0) and is named in ``missing``; percentages are out of the keys' points.
    """
    if lms not in ("plain", *LMS_COLUMNS):
        raise ReportError(f"lms: {lms!r}; expected plain, canvas or moodle")
    if lms != "plain" and roster is None:
        raise ReportError(f"--lms {lms} needs --roster (the LMS matches learners by id or e-mail)")
    s = summarise(records, assignment=assignment)
    target = Path(path)
    if target.is_dir():
        raise ReportError(f"gradebook {target}: a folder; give a file name such as gradebook.csv")
    with target.open("w", newline="", encoding="utf-8-sig") as fh:
        writer = csv.writer(fh)
        if lms == "plain":
            writer.writerow([GRADEBOOK_FIXED[0], *s.exercises, *GRADEBOOK_FIXED[1:4], "late deduction", "missing",
                             GRADEBOOK_FIXED[4]])
        else:
            writer.writerow([*LMS_COLUMNS[lms], *s.exercises, "Total", "Late deduction"])
        for t in s.students:
            per = [_number(t.exercises[ex].points) if ex in t.exercises else "" for ex in s.exercises]
            late = _number(sum(e.deduction for e in t.exercises.values()))
            percent = round(100 * t.points / t.max_points, 1) if t.max_points else 0.0
            look = [f"{f.exercise}: {', '.join(f.statuses)}" if f.exercise else ", ".join(f.statuses)
                    for f in s.flagged if f.student == t.student]
            look += [f"not handed in: {ex}" for ex in t.missing]
            if lms == "plain":
                writer.writerow([spreadsheet_cell(unicodedata.normalize("NFC", t.student)), *per, _number(t.points), t.max_points, percent, late,
                                 spreadsheet_cell(", ".join(t.missing)),
                                 spreadsheet_cell("; ".join(dict.fromkeys(look)))])
                continue
            le = roster.labels.get(t.student)
            if le is None:
                continue   # not on the roster: nothing an LMS could match (flagged in the summary and report)
            who = ([le.name, le.id, "", le.email or le.folder, le.section] if lms == "canvas"
                   else [le.id, le.email, le.name])
            writer.writerow([*(spreadsheet_cell(x) for x in who), *per, _number(t.points), late])
