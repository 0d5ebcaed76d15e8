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
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path

from omaha_learn.extras import require

require("ipywidgets", extra="lessons", what="the grading desk")   # before the widget modules import it

import ipywidgets as W  # noqa: E402

from omaha_learn.errors import ReportError  # noqa: E402
from omaha_learn.grading.class_summary import Assignment, ClassSummary, summarise  # noqa: E402
from omaha_learn.grading.desk import marks_for, read_marks, read_records, remove_mark, save_mark  # noqa: E402
from omaha_learn.grading.html_page import inline_markdown  # noqa: E402
from omaha_learn.grading.records import QuestionRecord, points_text  # noqa: E402
from omaha_learn.grading.regrade import (  # noqa: E402
    OPEN,
    Request,
    RequestState,
    check_requests,
    read_requests,
    request_states,
)
from omaha_learn.grading.teacher_marks import STALE_OVERRIDE, Override, apply_overrides, check_overrides  # noqa: E402
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
                 assignment: Assignment | None = None) -> None:
        super().__init__()
        self.records = (read_records(Path(records).expanduser()) if isinstance(records, (str, os.PathLike))
                        else list(records))
        if not self.records:
            raise ReportError("the grading desk: no records (grade first: omaha-learn grade --records class.json)")
        self.overrides_path = Path(overrides).expanduser()
        self.requests_path = None if requests is None else Path(requests).expanduser()
        self.key_points: list[tuple[str, str, dict[str, int]]] | None = None
        if keys is not None:
            from omaha_learn.grading.grader import key_questions

            folder = Path(keys).expanduser()
            if not folder.is_dir():
                raise ReportError(f"the grading desk: keys folder {folder} does not exist")
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
        self.learner = W.Dropdown(options=self.learners, value=None, description="Learner",
                                  layout=W.Layout(width="auto"))
        self.question = W.Dropdown(options=[(f"{ex} {q}", f"{ex}\t{q}") for ex, q in self.columns], value=None,
                                   description="Question", layout=W.Layout(width="auto"))
        self.learner.observe(lambda _c: self._pick(), names="value")
        self.question.observe(lambda _c: self._pick(), names="value")
        self.cells: dict[Cell, W.Button] = {}
        self.grid = self._grid()
        self.detail = W.HTML(value="")
        self.points = W.FloatText(value=0.0, description="Points", step=0.5, disabled=True)
        self.comment = W.Text(value="", description="Comment", placeholder="what the learner will read",
                              disabled=True, layout=W.Layout(width="auto", min_width="24em"))
        self.save_button = self._button("Save mark", self.save, style="primary")
        self.save_button.tooltip = "Save these points and this comment to the overrides file"
        self.remove_button = self._button("Remove my mark", self.remove)
        self.remove_button.tooltip = "Remove your mark for this question: the grader's points stand again"
        self.reload_button = self._button("Reload files", self.reload)
        self.reload_button.tooltip = "Read the overrides and the regrade requests files again"
        self.request_list = W.Select(options=[], value=None, description="Requests", rows=4,
                                     layout=W.Layout(width="auto"))
        self.request_list.observe(lambda _c: self._pick_request(), names="value")
        self.children = [self.title, W.HBox([self.learner, self.question, self.reload_button]), self.grid,
                         self.detail, W.HBox([self.points, self.comment]),
                         W.HBox([self.save_button, self.remove_button]), self.message, self.request_list]
        self.reload()

    # ------------------------------------------------------------------ state

    def reload(self) -> None:
        """Read the overrides (and requests) files again, apply them as a regrade would, redraw."""
        self.problem = ""
        try:
            self.marks = read_marks(self.overrides_path)
            if self.key_points is not None:
                check_overrides(self.marks, self.key_points)
        except ReportError as exc:
            self.marks, self.problem = [], f"{exc}. Fix that line; until then the desk saves nothing."
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
        if learner not in self.learners or (exercise, question) not in self.columns:
            raise ReportError(f"the grading desk: no question {exercise} {question} for {learner!r}")
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
        base = self._base()
        if base is None:
            raise ReportError("choose a learner and a question that was handed in first")
        if self.problem:
            raise ReportError(self.problem)
        save_mark(self.overrides_path, base, float(self.points.value), self.comment.value, keys=self.key_points)
        cell = self.current
        self.reload()
        self.open_cell(*cell)
        self.say(f"saved: {cell[0]} {cell[1]} {cell[2]} is {points_text(float(self.points.value))}/"
                 f"{base.max_points} in {self.overrides_path.name}", "ok")

    def remove(self) -> None:
        """Remove your mark for the open question (Remove my mark)."""
        base = self._base()
        if base is None:
            raise ReportError("choose a learner and a question that was handed in first")
        if self.problem:
            raise ReportError(self.problem)
        gone = remove_mark(self.overrides_path, base, keys=self.key_points)
        cell = self.current
        self.reload()
        self.open_cell(*cell)
        self.say("your mark is removed: the grader's points stand" if gone else "you had no mark for this question",
                 "ok" if gone else "info")

    # ------------------------------------------------------------------ drawing

    def _grid(self) -> W.GridBox:
        heads: list[W.Widget] = [W.HTML(value="<b>learner</b>")]
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
        self.title.value = (f"<h3>Grading desk</h3><p>{len(self.learners)} learners, {len(self.columns)} questions; "
                            f"your marks: <code>{html.escape(str(self.overrides_path))}</code> "
                            f"({len(self.marks)}); regrade requests: {n_open} open of {len(self.states)}.</p>")
        for (learner, ex, q), b in self.cells.items():
            r = self.record((learner, ex, q))
            text, style = cell_text(r, bool(self.open_requests((learner, ex, q))))
            b.description, b.button_style, b.disabled = text, style, r is None
            b.tooltip = (f"{learner}, {ex} {q}: not handed in" if r is None else
                         f"{learner}, {ex} {q}: {points_text(r.points)} of {r.max_points}"
                         + (", your mark" if r.points_before is not None else "")
                         + (", open regrade request" if "⚑" in text else "") + ". Open it")
        self.request_list.options = [
            (f"{'open' if s.state == OPEN else 'answered'}: {s.learner} {s.exercise or s.request.exercise} "
             f"{s.request.question}: {s.request.reason or 'no reason given'}", i) for i, s in enumerate(self.states)]
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
            self.say(f"requests, line {s.request.line}: {s.detail}", "warning")

    def _show(self) -> None:
        learner, ex, q = self.current
        r = self.record()
        editable = r is not None and not self.problem
        self.points.disabled = self.comment.disabled = not editable
        self.save_button.disabled = self.remove_button.disabled = not editable
        if r is None:
            self.detail.value = (f"<h4>{html.escape(learner)}, {html.escape(ex)} {html.escape(q)}</h4>"
                                 "<p>Not handed in.</p>")
            return
        base = self._base() or r
        mine = marks_for(self.marks, r)
        stale = STALE_OVERRIDE in r.flag.split(",")
        self.points.value = float(r.points)
        self.comment.value = mine[-1].comment if mine else ""
        rows = [("Question", inline_markdown(r.text) if r.text else "-"),
                ("They wrote", _code(r.written) if r.written else "<em>no answer</em>"),
                ("Read as", _code(r.answer) if r.answer and r.answer != r.written else "-"),
                ("Right answer" + (f" (their deal, seed {r.deal_seed})" if r.deal_seed is not None else ""),
                 _code(r.right) if r.right else "<em>not recorded</em>"),
                ("Hint they got", html.escape(r.feedback) if r.feedback else "-"),
                ("Status", html.escape(r.status) + (f"; {html.escape(r.deal_flag)}" if r.deal_flag else "")),
                ("Grader's points", f"{points_text(base.points)} of {r.max_points}"),
                ("Your mark", (f"{points_text(r.points)}: {html.escape(r.override)}" if r.points_before is not None
                               else f"made for the answer {_code(mine[-1].answer)}, not applied: look again"
                               if stale and mine else "none"))]
        asks = [s for s in self.states if (s.learner, s.exercise, s.request.question) == (learner, ex, q)]
        rows += [(f"Regrade request ({s.state})", html.escape(s.request.reason or "no reason given")) for s in asks]
        body = "".join(f'<tr><th scope="row" style="text-align:left;padding-right:1em">{k}</th><td>{v}</td></tr>'
                       for k, v in rows)
        self.detail.value = (f"<h4>{html.escape(learner)}, {html.escape(ex)} {html.escape(q)} "
                             f"({r.max_points} point{'s' if r.max_points != 1 else ''})</h4><table>{body}</table>")

    def __repr__(self) -> str:
        return f"GradingDesk(learners={len(self.learners)}, questions={len(self.columns)}, marks={len(self.marks)})"


def _code(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"

