"""Regrade requests: a learner asks the teacher to look at a question again.

``omaha-learn grade --requests FILE`` reads a CSV with the columns
``learner, exercise, question, reason`` (``student`` is taken for
``learner``; ``reason`` may be empty), saved by any spreadsheet as the
overrides file is (:func:`~omaha_learn.grading.teacher_marks.read_rows`).
Every line is checked against the keys before anything is graded: a line
naming no key or no question of its key stops the run with its line number.

**When a request is answered.** A request stays *open* until the teacher's
overrides (``--overrides``, or the grading desk, which writes the same file)
hold a mark for that learner, exercise and question that applies to the
learner's answer as graded now. An override made for another answer (the
learner changed it since: :data:`~omaha_learn.grading.teacher_marks.STALE_OVERRIDE`)
does not answer it. To answer a request and keep the grader's points, set the same
points with a comment. Open requests are listed in the command line's summary, the
class report and the desk, and make the exit status 1 (something needs a look).

>>> import tempfile, pathlib
>>> from omaha_learn.grading.records import QuestionRecord as R
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "r.csv").write_text("learner,exercise,question,reason\\n"
...                                   "ann,01_reading_hands,q2,I wrote the same cards in another order\\n")
>>> [s.state for s in request_states(read_requests(folder / "r.csv"),
...                                  [R("ann", "01_reading_hands", "q2", 0, 2, "graded")])]
['open']
>>> marked = R("ann", "01_reading_hands", "q2", 2, 2, "graded", override="same cards", points_before=0)
>>> [s.state for s in request_states(read_requests(folder / "r.csv"), [marked])]
['answered']
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from omaha_learn.errors import ReportError
from omaha_learn.grading.html_page import esc, table
from omaha_learn.grading.records import QuestionRecord, points_text
from omaha_learn.grading.teacher_marks import (
    STALE_OVERRIDE,
    exercise_matches,
    find_question,
    match_learner,
    read_rows,
)
from omaha_learn.i18n import gettext as _
from omaha_learn.i18n import pgettext

__all__ = ["Request", "RequestState", "REQUEST_COLUMNS", "read_requests", "check_requests", "request_states",
           "requests_html", "summary_lines", "OPEN", "ANSWERED"]

REQUEST_COLUMNS = ("learner", "exercise", "question", "reason")
"""The requests file's columns (``reason`` may be empty; ``student`` is read as ``learner``)."""
OPEN = "open"
ANSWERED = "answered"


@dataclass(frozen=True)
class Request:
    """One regrade request: ``learner`` asks about ``question`` of ``exercise`` (line ``line`` of the file)."""

    learner: str
    exercise: str
    question: str
    reason: str
    line: int


@dataclass(frozen=True)
class RequestState:
    """A request and where it stands: ``state`` is :data:`OPEN` or :data:`ANSWERED`; ``detail`` says why."""

    request: Request
    learner: str
    """The learner as graded (the request's name matched exactly, else in NFC)."""
    exercise: str
    """The key name of the exercise ("" when no graded question matches)."""
    state: str
    detail: str


def read_requests(path: str | os.PathLike[str]) -> list[Request]:
    """The requests in a CSV file (see the module docs); :class:`ReportError` naming the line when wrong."""
    return [Request(raw["learner"], cells["exercise"].removesuffix(".ipynb"), cells["question"],
                    cells.get("reason", ""), n)
            for n, cells, raw in read_rows(path, "requests", REQUEST_COLUMNS, REQUEST_COLUMNS[:3],
                                           aliases={"student": "learner"})]


def check_requests(requests: Sequence[Request], keys: Sequence[tuple[str, str, dict[str, int]]]) -> None:
    """Check every request against the keys before anything is graded; :class:`ReportError` at the first bad
    line (no key for its exercise, no such question). ``keys`` as for
    :func:`~omaha_learn.grading.teacher_marks.check_overrides`."""
    for r in requests:
        find_question(f"requests, line {r.line}", r.exercise, r.question, keys)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def request_states(requests: Sequence[Request], records: Iterable[QuestionRecord]) -> list[RequestState]:
    """Where each request stands, given the records with the teacher's overrides applied
    (:func:`~omaha_learn.grading.teacher_marks.apply_overrides`): the rule is the module's."""
    recs = list(records)
    students = {r.student for r in recs}
    out = []
    for q in requests:
        try:
            learner = match_learner(q.learner, students, _("requests, line {line}").format(line=q.line))
        except ReportError as exc:   # two learners whose names look alike: the teacher decides which
            out.append(RequestState(q, q.learner, "", OPEN, str(exc)))
            continue
        mine = [r for r in recs if r.student == learner and _nfc(r.question) == _nfc(q.question)
                and exercise_matches(_nfc(q.exercise), _nfc(r.exercise))]
        if not mine:
            out.append(RequestState(q, learner, "", OPEN, _(
                "no graded question {exercise} {question} for {learner}: check the name").format(
                exercise=q.exercise, question=q.question, learner=repr(q.learner))))
            continue
        done = [r for r in mine if r.points_before is not None]
        if done:
            r = done[0]
            detail = _("{before} -> {after} of {max_points}: {comment}").format(
                before=points_text(r.points_before or 0), after=points_text(r.points), max_points=r.max_points,
                comment=r.override)
            out.append(RequestState(q, learner, r.exercise, ANSWERED, detail))
        elif any(STALE_OVERRIDE in r.flag.split(",") for r in mine):
            out.append(RequestState(q, learner, mine[0].exercise, OPEN,
                                    _("your mark was made for another answer: look at the new one")))
        else:
            r = mine[0]
            out.append(RequestState(q, learner, r.exercise, OPEN,
                                    _("{points} of {max_points} as graded; no mark of yours yet").format(
                                        points=points_text(r.points), max_points=r.max_points)))
    return out


def summary_lines(states: Sequence[RequestState]) -> list[str]:
    """The command line's lines: a count, then one line per open request."""
    if not states:
        return []
    opened = [s for s in states if s.state == OPEN]
    lines = [_("regrade requests: {open} open, {answered} answered").format(
        open=len(opened), answered=len(states) - len(opened))]
    lines += ["  " + _("open: {learner} {exercise} {question} (requests line {line}): {reason}; {detail}").format(
        learner=s.learner, exercise=s.exercise or s.request.exercise, question=s.request.question,
        line=s.request.line, reason=s.request.reason or _("no reason given"), detail=s.detail) for s in opened]
    return lines


def requests_html(states: Sequence[RequestState]) -> str:
    """The class report's section: every request, open first, with its reason and where it stands."""
    if not states:
        return "<p>" + esc(_("No regrade requests ({option}).")).format(option="<code>--requests</code>") + "</p>"
    ordered = sorted(states, key=lambda s: (s.state != OPEN, s.request.line))
    rows = [[esc(s.learner), esc(s.exercise or s.request.exercise), esc(s.request.question),
             esc(s.request.reason) or f'<span class="note">{esc(_("no reason given"))}</span>',
             (f'<span class="miss">&#9873; {esc(pgettext("regrade request", "open"))}</span>' if s.state == OPEN
              else esc(_("answered"))), esc(s.detail)]
            for s in ordered]
    opened = sum(s.state == OPEN for s in states)
    return ("<p>" + esc(_("{open} open, {answered} answered. A request is answered when your overrides hold a mark "
                          "for that question that applies to the learner's answer as graded now (set the same points "
                          "with a comment to keep the grader's).").format(open=opened, answered=len(states) - opened))
            + "</p>"
            + table([_("learner"), _("exercise"), _("question"), _("reason"), _("state"), _("detail")], rows,
                    row_classes=["flag" if s.state == OPEN else "" for s in ordered]))

