"""The teacher's class report (``omaha-learn grade --report report.html``).

One HTML file, readable offline (styles and the histogram inline, no
scripts): per question the mean score, the share correct, the most common
wrong answers and unreadable answers, and all its rules; per learner the
score on each exercise, the total and flags (at zero, unreadable answers,
deleted answer cells, timeouts); a grid of learners by questions, one
coloured cell per question; the teacher's overrides; a histogram of totals;
and the submissions that need a look (timed out, unreadable, kernel died,
wrong exercise, no key, handed in twice). The rules it follows are those of
:mod:`omaha_learn.grading.class_summary`.

Feedback files for the learners are written by :func:`write_feedback`
(:mod:`omaha_learn.grading.feedback`).

>>> import tempfile, pathlib
>>> from omaha_learn.grading.records import QuestionRecord as R
>>> recs = [R("ann", "01_reading_hands", "q1", 1, 1, "graded", answer="4h 2c Tc 2d"),
...         R("bob", "01_reading_hands", "q1", 0, 1, "graded", answer="9d 8h", rule="R1")]
>>> out = pathlib.Path(tempfile.mkdtemp()) / "report.html"
>>> write_report(recs, out)
>>> text = out.read_text()
>>> "50%" in text and "9d 8h" in text
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from omaha_learn.grading.class_summary import (
    HISTOGRAM_BINS,
    LEARNER_FLAGS,
    STATUS_NOTES,
    Assignment,
    ClassSummary,
    ReportError,
    histogram,
    summarise,
)
from omaha_learn.grading.deals import COPIED, SEED_MISMATCH
from omaha_learn.grading.feedback import write_feedback
from omaha_learn.grading.html_page import esc, inline_markdown, page, percent, plain_markdown, svg_bars, table
from omaha_learn.grading.records import QuestionRecord, points_text

__all__ = ["write_report", "report_html", "write_feedback", "ReportError", "STATUS_NOTES"]



def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _question_section(s: ClassSummary) -> str:
    out = []
    for ex in s.exercises:
        if not s.max_points[ex]:
            out.append(f"<h3>{esc(ex)}</h3><p class=\"note\">No key: no question statistics (see the last "
                       "section).</p>")
            continue
        rows = []
        for q in s.questions[ex]:
            wrong = "<br>".join(f"<code>{esc(a)}</code> &times; {n}" for a, n in q.wrong) or "-"
            unread = "<br>".join(f"<code>{esc(a)}</code> &times; {n}" for a, n in q.unreadable) or "-"
            asked = f'<br><span class="note">{inline_markdown(q.text)}</span>' if q.text else ""
            rows.append([esc(q.question) + asked, str(q.max_points), f"{_fmt(q.mean)}", percent(q.share_correct, 1)
                         if q.graded else "-", f"{q.graded} of {q.total}", wrong, unread, esc(q.rules)])
        out.append(f"<h3>{esc(ex)} <span class=\"note\">({s.max_points[ex]} points)</span></h3>")
        out.append(table(["question", "points", "mean score", "correct", "graded", "most common wrong answers",
                          "unreadable answers", "rules"], rows, numeric=(1, 2, 3, 4)))
    return "\n".join(out)


def _item_section(s: ClassSummary) -> str:
    """Item analysis, as Moodle's quiz statistics: per question the share of full marks, the discrimination
    index, the strong learners' share right, the commonest wrong answers as written and the hint they got."""
    rows, classes = [], []
    for ex in s.exercises:
        for q in s.questions[ex]:
            wrong = "<br>".join(f"<code>{esc(a)}</code> &times; {n}" + (f' <span class="note">hint: '
                                f"{esc(_hint(h))}</span>" if _hint(h) else "") for a, n, h in q.wrong_written)
            disc = "-" if q.discrimination is None else f"{q.discrimination:+.2f}"
            strong = "-" if q.upper_share is None else percent(q.upper_share, 1)
            flag = ('<span class="miss">&#9873; most strong learners miss it: check the key and the wording</span>'
                    if q.strong_miss else "")
            rows.append([esc(f"{ex} {q.question}"), percent(q.share_correct, 1) if q.graded else "-", disc, strong,
                         wrong or "-", flag])
            classes.append("flag" if q.strong_miss else "")
    if not rows:
        return "<p>No graded questions.</p>"
    return (table(["question", "full marks", "discrimination", "strong learners right",
                   "most common wrong answers (as written)", "look"], rows, numeric=(1, 2, 3), row_classes=classes)
            + '<p class="note">Discrimination: the share with full marks among the top 27% of learners by total '
            "minus the share among the bottom 27% (needs 4 learners); near 0 or negative, the question does not "
            "separate strong from weak learners.</p>")


def _hint(feedback: str) -> str:
    from omaha_learn.grading.feedback import hint_text

    return hint_text(feedback) if feedback and not feedback.startswith("no answer") else ""


def _student_section(s: ClassSummary) -> str:
    headers = ["learner", *s.exercises, "total", "share", "flags"]
    rows, classes = [], []
    for t in s.students:
        cells = [esc(t.student)]
        flagged = False
        for ex in s.exercises:
            e = t.exercises.get(ex)
            if e is None:
                cells.append('<span class="note">not handed in</span>')
                continue
            mark = ""
            if e.statuses or e.submissions > 1:
                flagged = True
                mark = " <span class=\"miss\">&#9873; " + esc(", ".join(e.statuses) or
                                                         ("twice" if e.submissions == 2 else f"{e.submissions} copies")) + "</span>"
            cells.append(f"{points_text(e.points)}/{e.max_points}{mark}")
        cells += [f'{points_text(t.points)}/{t.max_points}', percent(t.points, t.max_points),
                  f'<span class="flags">{esc(", ".join(t.flags))}</span>' if t.flags else ""]
        rows.append(cells)
        classes.append("flag" if flagged or t.flags else "")
    numeric = tuple(range(1, len(headers) - 1))
    legend = "".join(f"<li><strong>{esc(k)}</strong>: {esc(v)}</li>" for k, v in LEARNER_FLAGS.items())
    return (table(headers, rows, numeric=numeric, row_classes=classes)
            + f'<p class="note">Flags:</p><ul class="note">{legend}</ul>')


_GRID_LEGEND = (("g-ok", "right"), ("g-part", "part marks"), ("g-miss", "wrong or no answer"),
                ("g-unread", "answer could not be read"), ("g-out", "not graded (time, kernel, file)"),
                ("g-none", "not handed in"), ("g-over", "set by the teacher (framed)"))


def _grid_cell(r: QuestionRecord | None) -> tuple[str, str]:
    """(CSS classes, text) of one grid cell."""
    if r is None:
        return "g-none", "&ndash;"
    if r.correct:
        cls = "g-ok"
    elif r.points > 0:
        cls = "g-part"
    elif r.status == "unreadable-answer":
        cls = "g-unread"
    elif r.status != "graded" and not r.override:
        cls = "g-out"
    else:
        cls = "g-miss"
    if r.override:
        cls += " g-over"
    return cls, points_text(r.points)


def _grid_section(s: ClassSummary) -> str:
    """Learners by questions: one coloured cell per question (the counted submission's points)."""
    columns = [(ex, q.question) for ex in s.exercises for q in s.questions[ex]]
    if not columns:
        return "<p>No graded questions.</p>"
    groups = "".join(f'<th colspan="{len(s.questions[ex])}">{esc(ex)}</th>' for ex in s.exercises
                     if s.questions[ex])
    heads = "".join(f'<th class="q" title="{esc(plain_markdown(q.text))}">{esc(q.question)}</th>'
                    for ex in s.exercises for q in s.questions[ex])
    body = []
    for t in s.students:
        cells = []
        for ex, q in columns:
            r = t.questions.get((ex, q))
            cls, text = _grid_cell(r)
            tip = "" if r is None else f' title="{esc(r.status)}{": " + esc(r.override) if r.override else ""}"'
            cells.append(f'<td class="{cls}"{tip}>{text}</td>')
        body.append(f"<tr><th>{esc(t.student)}</th>{''.join(cells)}</tr>")
    legend = " ".join(f'<table class="grid" style="display:inline-table;margin:0"><tr><td class="{c}">&nbsp;'
                      f"</td></tr></table> {esc(w)}" for c, w in _GRID_LEGEND)
    return (f'<table class="grid"><thead><tr><th></th>{groups}</tr><tr><th>learner</th>{heads}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table><p class=\"note\">{legend}</p>")


def _overrides_section(records: list[QuestionRecord]) -> str:
    rows = [[esc(r.student), esc(r.exercise), esc(r.question),
             f"{points_text(r.points_before or 0)} &rarr; {points_text(r.points)} of {r.max_points}", esc(r.override)]
            for r in records if r.points_before is not None]
    if not rows:
        return "<p>No marks were changed by the teacher (<code>--overrides</code>).</p>"
    return table(["learner", "exercise", "question", "points", "comment"], rows)


def _flagged_section(s: ClassSummary) -> str:
    if not s.flagged:
        return "<p>Every submission was graded: nothing needs a look.</p>"
    rows = [[esc(f.student), esc(f.exercise), f"<code>{esc(f.submission)}</code>",
             esc(", ".join(f.statuses)), esc(f.detail or "; ".join(STATUS_NOTES.get(x, "") for x in f.statuses))]
            for f in s.flagged]
    legend = "".join(f"<li><strong>{esc(k)}</strong>: {esc(v)}</li>" for k, v in STATUS_NOTES.items())
    return (table(["learner", "exercise", "submission", "status", "detail"], rows)
            + f'<p class="note">Statuses:</p><ul class="note">{legend}'
            "<li><strong>handed in twice</strong>: the learner handed the exercise in more than once; "
            f"{esc(s.assignment.rule)}</li>"
            "<li><strong>not counted</strong>: an exercise that does not count for the class; "
            "nobody's figures include it</li>"
            "<li><strong>answer cell deleted</strong>: the learner deleted an answer cell</li>"
            f"<li><strong>{esc(SEED_MISMATCH)}</strong>: the notebook's metadata names another seed than "
            "its learner's (a neighbour's copy?); graded on the learner's own deal</li>"
            f"<li><strong>{esc(COPIED)}</strong>: the same answers to the deal's questions as another "
            "learner's submission on a different deal (whose, in the detail)</li></ul>")


def _look(n: int) -> str:
    if n == 0:
        return "Nothing needs a look."
    return f"{n} submission{'s' if n != 1 else ''} need{'' if n != 1 else 's'} a look (see the last section)."


def report_html(records: Iterable[QuestionRecord], *, title: str = "Class report",
                assignment: Assignment | None = None) -> str:
    """The class report as one HTML document (``assignment``: what counts, as :func:`summarise` takes)."""
    recs = list(records)
    s = summarise(recs, assignment=assignment)
    n = len(s.students)
    mean_share = sum(t.share for t in s.students) / n if n else 0.0
    counts = histogram(s.students)
    head = (f"<h1>{esc(title)}</h1>"
            f'<p class="total">{n} learners, {s.submissions} submissions, '
            f"{len(s.exercises)} exercises; class mean {percent(mean_share, 1)} of the points.</p>"
            f"<p>{_look(len(s.flagged))} "
            '<span class="note">Question statistics count only answers the checker decided (status '
            "<code>graded</code>, or <code>unreadable-answer</code>: written but unreadable, counted as a miss) "
            f"in the copies that count. Which copy of an exercise counts: {esc(s.assignment.rule)}. "
            f"Totals are out of {_counted_rule(s)}.{_late_rule(s)}</span></p>"
            + _extra_note(s))
    fig = svg_bars(HISTOGRAM_BINS, counts, title="Learners by total score")
    body = [head,
            "<h2>Totals</h2>",
            f"<figure>{fig}<figcaption>Learners by total score, in tenths of the points "
            f"({n} learners).</figcaption></figure>",
            "<h2>Learners</h2>", _student_section(s),
            "<h2>Learners by question</h2>", _grid_section(s),
            "<h2>Questions</h2>", _question_section(s),
            "<h2>Item analysis</h2>", _item_section(s),
            "<h2>Marks changed by the teacher</h2>", _overrides_section(recs),
            "<h2>Submissions that need a look</h2>", _flagged_section(s)]
    return page(title, "\n".join(body))


def _counted_rule(s: ClassSummary) -> str:
    names = ", ".join(s.exercises) or "no exercise"
    if s.assignment.exercises is not None:
        return f"the exercises named by the teacher ({esc(names)}), each counted once"
    return f"the exercises more than half of the learners handed in ({esc(names)}), each counted once"


def _late_rule(s: ClassSummary) -> str:
    a = s.assignment
    if a.due is None:
        return ""
    import datetime as dt

    when = dt.datetime.fromtimestamp(a.due).astimezone().strftime("%Y-%m-%d %H:%M %Z")
    rule = (f"{100 * a.penalty[0]:g}% of the exercise's points per day started" if a.per_day and a.penalty
            else ", ".join(f"{100 * x:g}%" for x in a.penalty) + " (day 1, 2, ...)" if a.penalty else "no deduction")
    return (f" Due {esc(when)} (grace {a.grace_minutes:g} min, plus each learner's extension); late work loses "
            f"{esc(rule)}; the submission's time is {esc(a.time_source)}.")


def _extra_note(s: ClassSummary) -> str:
    if not s.extra_exercises:
        return ""
    return ('<p class="miss">Not counted for anyone (listed under <em>Submissions that need a look</em>): '
            + esc(", ".join(s.extra_exercises)) + ".</p>")


def write_report(records: Iterable[QuestionRecord], path: str | os.PathLike[str], *,
                 assignment: Assignment | None = None) -> None:
    """Write the class report for ``records`` to ``path`` (an ``.html`` file; folders are created)."""
    target = Path(path)
    if target.exists() and target.is_dir():
        raise ReportError(f"path: {str(target)!r} is a folder; give a file name such as report.html")
    text = report_html(records, assignment=assignment)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
