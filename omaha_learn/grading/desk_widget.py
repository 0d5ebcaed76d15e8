"""``GradingDesk``: a teacher's marks by clicking, in JupyterLab (``pip install "omaha_learn[lessons]"``).

Open a graded class (the records of ``omaha-learn grade --records class.json``,
or the records :func:`~omaha_learn.grading.grader.grade` returned) with the
overrides file that ``grade --overrides`` reads::

    from omaha_learn.grading.desk_widget import GradingDesk
    GradingDesk("class.json", overrides="marks.csv", requests="requests.csv", keys="~/teaching/omaha-keys")

The desk shows the learner-by-question grid (the copy that counts, as in the
report; each cell's points, with ✎ for your mark, ⚑ for an open regrade
request, ? for an answer that could not be read, ! for a mark made for another
answer). Clicking a cell, or choosing a learner and a question in the two
labelled lists (the keyboard's way), opens the learner's answer exactly as
written, how the checker read it, the right answer for the learner's own deal,
the hint they got and their requests about it. *Save mark* writes the points
and comment to the overrides file (:func:`~omaha_learn.grading.desk.save_mark`:
checked line by line, tied to the answer as written); *Remove my mark* gives
the grader's points back. The next ``grade --overrides marks.csv`` applies
exactly what the desk shows.

The desk speaks the teacher's language: ``GradingDesk(..., language="et")``,
else the language in use at each moment (:func:`omaha_learn.set_language`,
``OMAHA_LEARN_LANG``): every label, button, tooltip and message, and the
grader's reasons, written from the records' messages in that language.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from omaha_learn.extras import require

require("ipywidgets", extra="lessons", what="the grading desk")   # before the widget modules import it

import ipywidgets as W  # noqa: E402

from omaha_learn.checks.messages import render  # noqa: E402
from omaha_learn.errors import ReportError  # noqa: E402
from omaha_learn.grading.class_summary import (  # noqa: E402
    Assignment,
    ClassSummary,
    deal_note,
    record_note,
    summarise,
)
from omaha_learn.grading.desk import marks_for, read_marks, read_records, remove_mark, save_mark  # noqa: E402
from omaha_learn.grading.html_page import inline_markdown  # noqa: E402
from omaha_learn.grading.records import QuestionRecord, comment_text, points_text  # noqa: E402
from omaha_learn.grading.regrade import (  # noqa: E402
    OPEN,
    Request,
    RequestState,
    check_requests,
    read_requests,
    request_states,
)
from omaha_learn.grading.teacher_marks import STALE_OVERRIDE, Override, apply_overrides, check_overrides  # noqa: E402
from omaha_learn.i18n import gettext as _  # noqa: E402
from omaha_learn.i18n import language as use_language  # noqa: E402
from omaha_learn.i18n import language_code, ngettext, pgettext  # noqa: E402
from omaha_learn.widgets._base import LessonApp  # noqa: E402

__all__ = ["GradingDesk", "cell_text"]

Cell = tuple[str, str, str]
"""(learner, exercise, question)."""
NO_CELL = ("", "", "")


def cell_text(r: QuestionRecord | None, open_request: bool = False) -> tuple[str, str]:
    """(button text, button style) of one grid cell: the points and marks that never rely on colour alone.

    >>> cell_text(QuestionRecord("ann", "01", "q1", 1.5, 2, "graded", override="fine", points_before=0), True)
    ('1.5/2 ✎⚑', 'warning')
    """
    if r is None:
        return "–", ""
    marks = ("✎" if r.points_before is not None else "") + ("!" if STALE_OVERRIDE in r.flag.split(",") else "") \
        + ("?" if r.status == "unreadable-answer" else "") + ("⚑" if open_request else "")
    style = "success" if r.correct else "warning" if r.points > 0 else "danger"
    return f"{points_text(r.points)}/{r.max_points}" + (f" {marks}" if marks else ""), style


class GradingDesk(LessonApp):
    """The learner-by-question grid of a graded class, each answer opened, marks set by clicking."""

    def __init__(self, records: Sequence[QuestionRecord] | str | os.PathLike[str], overrides: str | os.PathLike[str],
                 *, requests: str | os.PathLike[str] | None = None, keys: str | os.PathLike[str] | None = None,
                 assignment: Assignment | None = None, language: str | None = None) -> None:
        self.language = None if language is None else language_code(language)
        """The teacher's language ("en", "ru", "et"; None: the language in use at each moment)."""
        with self._speaking():
            self._build(records, overrides, requests, keys, assignment)

    @contextmanager
    def _speaking(self) -> Iterator[None]:
        """Speak the desk's language (when it has one) inside a ``with`` block."""
        chosen: str | None = getattr(self, "language", None)
        with use_language(chosen) if chosen else nullcontext():
            yield

    def guard(self, fn: Callable[[], Any]) -> bool:
        """Run a button's action in the desk's language, its errors shown as a message."""
        with self._speaking():
            return bool(super().guard(fn))

    def _build(self, records: Sequence[QuestionRecord] | str | os.PathLike[str], overrides: str | os.PathLike[str],
               requests: str | os.PathLike[str] | None, keys: str | os.PathLike[str] | None,
               assignment: Assignment | None) -> None:
        super().__init__()
        self.records = (read_records(Path(records).expanduser()) if isinstance(records, (str, os.PathLike))
                        else list(records))
        if not self.records:
            raise ReportError(_("the grading desk: no records (grade first: {command})").format(
                command="omaha-learn grade --records class.json"))
        self.overrides_path = Path(overrides).expanduser()
        self.requests_path = None if requests is None else Path(requests).expanduser()
        self.key_points: list[tuple[str, str, dict[str, int]]] | None = None
        if keys is not None:
            from omaha_learn.grading.grader import key_questions

            folder = Path(keys).expanduser()
            if not folder.is_dir():
                raise ReportError(_("the grading desk: keys folder {folder} does not exist").format(folder=folder))
            self.key_points = key_questions(folder)
        self.assignment = assignment
        self.marks: list[Override] = []
        self.requests: list[Request] = []
        self.states: list[RequestState] = []
        self.notes: list[str] = []
        self.problem = ""
        self.view: list[QuestionRecord] = list(self.records)
        self.summary: ClassSummary = summarise(self.view, assignment=assignment)
        self.current: Cell = NO_CELL
        self._opening = False
        self.learners = [t.student for t in self.summary.students]
        self.columns = [(ex, q.question) for ex in self.summary.exercises for q in self.summary.questions[ex]]

        self.title = W.HTML(value="")
        self.learner = W.Dropdown(options=self.learners, value=None, description=_("Learner"),
                                  layout=W.Layout(width="auto"))
        self.question = W.Dropdown(options=[(f"{ex} {q}", f"{ex}\t{q}") for ex, q in self.columns], value=None,
                                   description=pgettext("desk", "Question"), layout=W.Layout(width="auto"))
        self.learner.observe(lambda _c: self._pick(), names="value")
        self.question.observe(lambda _c: self._pick(), names="value")
        self.cells: dict[Cell, W.Button] = {}
        self.grid = self._grid()
        self.detail = W.HTML(value="")
        self.points = W.FloatText(value=0.0, description=_("Points"), step=0.5, disabled=True)
        self.comment = W.Text(value="", description=_("Comment"), placeholder=_("what the learner will read"),
                              disabled=True, layout=W.Layout(width="auto", min_width="24em"))
        self.save_button = self._button(_("Save mark"), self.save, style="primary")
        self.save_button.tooltip = _("Save these points and this comment to the overrides file")
        self.remove_button = self._button(_("Remove my mark"), self.remove)
        self.remove_button.tooltip = _("Remove your mark for this question: the grader's points stand again")
        self.reload_button = self._button(_("Reload files"), self.reload)
        self.reload_button.tooltip = _("Read the overrides and the regrade requests files again")
        self.request_list = W.Select(options=[], value=None, description=_("Requests"), rows=4,
                                     layout=W.Layout(width="auto"))
        self.request_list.observe(lambda _c: self._pick_request(), names="value")
        self.children = [self.title, W.HBox([self.learner, self.question, self.reload_button]), self.grid,
                         self.detail, W.HBox([self.points, self.comment]),
                         W.HBox([self.save_button, self.remove_button]), self.message, self.request_list]
        self.reload()

    # ------------------------------------------------------------------ state

    def reload(self) -> None:
        """Read the overrides (and requests) files again, apply them as a regrade would, redraw."""
        with self._speaking():
            self._reload()

    def _reload(self) -> None:
        self.problem = ""
        try:
            self.marks = read_marks(self.overrides_path)
            if self.key_points is not None:
                check_overrides(self.marks, self.key_points)
        except ReportError as exc:
            self.marks, self.problem = [], _("{error}. Fix that line; until then the desk saves nothing.").format(
                error=exc)
        try:
            self.requests = read_requests(self.requests_path) if self.requests_path is not None else []
            if self.key_points is not None:
                check_requests(self.requests, self.key_points)
        except ReportError as exc:
            self.requests = []
            self.problem = (self.problem + " " if self.problem else "") + str(exc)
        self.view, self.notes = apply_overrides(self.records, self.marks)
        self.summary = summarise(self.view, assignment=self.assignment)
        self.states = request_states(self.requests, self.view)
        self._draw()
        if self.problem:
            self.say(self.problem, "error")
        elif self.notes:
            self.say("; ".join(self.notes), "warning")
        else:
            self.say("")

    def record(self, cell: Cell | None = None) -> QuestionRecord | None:
        """The record a cell shows (the copy that counts, your mark applied), or None when not handed in."""
        learner, ex, q = cell or self.current
        for t in self.summary.students:
            if t.student == learner:
                return t.questions.get((ex, q))
        return None

    def _base(self) -> QuestionRecord | None:
        """The current cell's record as the grader decided it (before your mark)."""
        shown = self.record()
        if shown is None:
            return None
        return next((r for r in self.records if (r.student, r.exercise, r.question, r.submission) ==
                     (shown.student, shown.exercise, shown.question, shown.submission)), shown)

    def open_requests(self, cell: Cell | None = None) -> list[RequestState]:
        learner, ex, q = cell or self.current
        return [s for s in self.states if s.state == OPEN and (s.learner, s.exercise, s.request.question) == (
            learner, ex, q)]

    # ------------------------------------------------------------------ actions

    def open_cell(self, learner: str, exercise: str, question: str) -> None:
        """Show one learner's answer to one question (what clicking its cell does)."""
        with self._speaking():
            self._open_cell(learner, exercise, question)

    def _open_cell(self, learner: str, exercise: str, question: str) -> None:
        if learner not in self.learners or (exercise, question) not in self.columns:
            raise ReportError(_("the grading desk: no question {exercise} {question} for {learner}").format(
                exercise=exercise, question=question, learner=repr(learner)))
        self.current = (learner, exercise, question)
        self._opening = True
        try:
            self.learner.value = learner
            self.question.value = f"{exercise}\t{question}"
        finally:
            self._opening = False
        self._show()

    def save(self) -> None:
        """Write the points and comment of the open question to the overrides file (Save mark)."""
        with self._speaking():
            self._save()

    def _save(self) -> None:
        base = self._base()
        if base is None:
            raise ReportError(_("choose a learner and a question that was handed in first"))
        if self.problem:
            raise ReportError(self.problem)
        save_mark(self.overrides_path, base, float(self.points.value), self.comment.value, keys=self.key_points)
        cell = self.current
        self.reload()
        self.open_cell(*cell)
        self.say(_("saved: {learner} {exercise} {question} is {points}/{max_points} in {file}").format(
            learner=cell[0], exercise=cell[1], question=cell[2], points=points_text(float(self.points.value)),
            max_points=base.max_points, file=self.overrides_path.name), "ok")

    def remove(self) -> None:
        """Remove your mark for the open question (Remove my mark)."""
        with self._speaking():
            self._remove()

    def _remove(self) -> None:
        base = self._base()
        if base is None:
            raise ReportError(_("choose a learner and a question that was handed in first"))
        if self.problem:
            raise ReportError(self.problem)
        gone = remove_mark(self.overrides_path, base, keys=self.key_points)
        cell = self.current
        self.reload()
        self.open_cell(*cell)
        self.say(_("your mark is removed: the grader's points stand") if gone else
                 _("you had no mark for this question"),
                 "ok" if gone else "info")

    # ------------------------------------------------------------------ drawing

    def _grid(self) -> W.GridBox:
        heads: list[W.Widget] = [W.HTML(value=f"<b>{html.escape(_('learner'))}</b>")]
        heads += [W.HTML(value=f"<b>{html.escape(ex)}</b><br>{html.escape(q)}") for ex, q in self.columns]
        body: list[W.Widget] = []
        for learner in self.learners:
            body.append(W.HTML(value=f"<b>{html.escape(learner)}</b>"))
            for ex, q in self.columns:
                b = W.Button(description="", layout=W.Layout(width="auto", min_width="4em", height="auto"))
                b.on_click(lambda _b, c=(learner, ex, q): self.guard(lambda: self.open_cell(*c)))
                self.cells[(learner, ex, q)] = b
                body.append(b)
        return W.GridBox(children=heads + body, layout=W.Layout(
            grid_template_columns=f"max-content repeat({len(self.columns)}, max-content)", grid_gap="2px 4px",
            overflow="auto", max_width="100%"))

    def _draw(self) -> None:
        n_open = sum(s.state == OPEN for s in self.states)
        counts = (ngettext("{n} learner", "{n} learners", len(self.learners)).format(n=len(self.learners)) + ", "
                  + ngettext("{n} question", "{n} questions", len(self.columns)).format(n=len(self.columns)))
        self.title.value = ("<h3>" + html.escape(_("Grading desk")) + "</h3><p>" + html.escape(_(
            "{counts}; your marks: {file} ({marks}); regrade requests: {open} open of {total}.")).format(
            counts=html.escape(counts), file=f"<code>{html.escape(str(self.overrides_path))}</code>",
            marks=len(self.marks), open=n_open, total=len(self.states)) + "</p>")
        for (learner, ex, q), b in self.cells.items():
            r = self.record((learner, ex, q))
            text, style = cell_text(r, bool(self.open_requests((learner, ex, q))))
            b.description, b.button_style, b.disabled = text, style, r is None
            where = f"{learner}, {ex} {q}"
            if r is None:
                b.tooltip = _("{where}: not handed in").format(where=where)
            else:
                marks = ([_("your mark")] if r.points_before is not None else []) + (
                    [_("open regrade request")] if "⚑" in text else [])
                b.tooltip = _("{where}: {points} of {max_points}{marks}. Open it").format(
                    where=where, points=points_text(r.points), max_points=r.max_points,
                    marks="".join(", " + m for m in marks))
        self.request_list.options = [
            (_("{state}: {learner} {exercise} {question}: {reason}").format(
                state=pgettext("regrade request", "open") if s.state == OPEN else _("answered"), learner=s.learner,
                exercise=s.exercise or s.request.exercise, question=s.request.question,
                reason=s.request.reason or _("no reason given")), i) for i, s in enumerate(self.states)]
        self.request_list.value = None
        if self.current != NO_CELL:
            self._show()

    def _pick(self) -> None:
        if self._opening or self.learner.value is None or self.question.value is None:
            return
        ex, q = str(self.question.value).split("\t")
        if (str(self.learner.value), ex, q) != self.current:
            self.guard(lambda: self.open_cell(str(self.learner.value), ex, q))

    def _pick_request(self) -> None:
        i = self.request_list.value
        if i is None:
            return
        s = self.states[int(i)]
        if s.exercise and (s.exercise, s.request.question) in self.columns and s.learner in self.learners:
            self.guard(lambda: self.open_cell(s.learner, s.exercise, s.request.question))
        else:
            self.say(_("requests, line {line}: {detail}").format(line=s.request.line, detail=s.detail), "warning")

    def _show(self) -> None:
        learner, ex, q = self.current
        r = self.record()
        editable = r is not None and not self.problem
        self.points.disabled = self.comment.disabled = not editable
        self.save_button.disabled = self.remove_button.disabled = not editable
        if r is None:
            self.detail.value = (f"<h4>{html.escape(learner)}, {html.escape(ex)} {html.escape(q)}</h4>"
                                 f"<p>{html.escape(_('Not handed in.'))}</p>")
            return
        base = self._base() or r
        mine = marks_for(self.marks, r)
        stale = STALE_OVERRIDE in r.flag.split(",")
        self.points.value = float(r.points)
        self.comment.value = mine[-1].comment if mine else ""
        right = (_("Right answer (their deal, seed {seed})").format(seed=r.deal_seed) if r.deal_seed is not None
                 else _("Right answer"))
        hint = render(record_note(r)) if r.feedback else ""
        status = html.escape(r.status) + (f"; {html.escape(render(deal_note(r.deal_flag)))}" if r.deal_flag else "")
        if r.points_before is not None:
            yours = f"{points_text(r.points)}: {html.escape(comment_text(r.override))}"
        elif stale and mine:
            yours = html.escape(_("made for the answer {answer}, not applied: look again")).format(
                answer=_code(mine[-1].answer))
        else:
            yours = html.escape(pgettext("your mark", "none"))
        rows = [(pgettext("desk", "Question"), inline_markdown(r.text) if r.text else "-"),
                (_("They wrote"), _code(r.written) if r.written else f"<em>{html.escape(_('no answer'))}</em>"),
                (_("Read as"), _code(r.answer) if r.answer and r.answer != r.written else "-"),
                (right, _code(r.right) if r.right else f"<em>{html.escape(_('not recorded'))}</em>"),
                (_("Hint they got"), html.escape(hint) if hint else "-"),
                (_("Status"), status),
                (_("Grader's points"), html.escape(_("{points} of {max_points}").format(
                    points=points_text(base.points), max_points=r.max_points))),
                (_("Your mark"), yours)]
        asks = [s for s in self.states if (s.learner, s.exercise, s.request.question) == (learner, ex, q)]
        rows += [(_("Regrade request ({state})").format(
                     state=pgettext("regrade request", "open") if s.state == OPEN else _("answered")),
                  html.escape(s.request.reason or _("no reason given"))) for s in asks]
        body = "".join(f'<tr><th scope="row" style="text-align:left;padding-right:1em">{html.escape(k)}</th>'
                       f"<td>{v}</td></tr>" for k, v in rows)
        points = ngettext("({n} point)", "({n} points)", r.max_points).format(n=r.max_points)
        self.detail.value = (f"<h4>{html.escape(learner)}, {html.escape(ex)} {html.escape(q)} "
                             f"{html.escape(points)}</h4><table>{body}</table>")

    def __repr__(self) -> str:
        return f"GradingDesk(learners={len(self.learners)}, questions={len(self.columns)}, marks={len(self.marks)})"


def _code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"

