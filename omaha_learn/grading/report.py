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
from collections.abc import Iterable, Sequence
from pathlib import Path

from omaha_learn.grading.class_summary import (
    HISTOGRAM_BINS,
    LEARNER_FLAGS,
    STATUS_NOTES,
    Assignment,
    ClassSummary,
    ReportError,
    histogram,
    look_label,
    summarise,
)
from omaha_learn.grading.deals import COPIED, SEED_MISMATCH
from omaha_learn.grading.feedback import write_feedback
from omaha_learn.grading.html_page import esc, inline_markdown, page, percent, plain_markdown, svg_bars, table
from omaha_learn.grading.records import QuestionRecord, comment_text, points_text
from omaha_learn.grading.regrade import RequestState, requests_html
from omaha_learn.i18n import N_, ngettext, pgettext
from omaha_learn.i18n import gettext as _

__all__ = ["write_report", "report_html", "write_feedback", "ReportError", "STATUS_NOTES"]



def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _times(items: Iterable[tuple[str, int]]) -> str:
    return "<br>".join(f"<code>{esc(a)}</code> &times; {n}" for a, n in items) or "-"


def _question_section(s: ClassSummary) -> str:
    out = []
    for ex in s.exercises:
        if not s.max_points[ex]:
            out.append(f"<h3>{esc(ex)}</h3>" + _note(_("No key: no question statistics (see the last section).")))
            continue
        rows = []
        for q in s.questions[ex]:
            asked = f'<br><span class="note">{inline_markdown(q.text)}</span>' if q.text else ""
            rows.append([esc(q.question) + asked, str(q.max_points), f"{_fmt(q.mean)}", percent(q.share_correct, 1)
                         if q.graded else "-", esc(_("{graded} of {total}").format(graded=q.graded, total=q.total)),
                         _times(q.wrong), _times(q.unreadable), esc(q.rules)])
        points = ngettext("({n} point)", "({n} points)", s.max_points[ex]).format(n=s.max_points[ex])
        out.append(f"<h3>{esc(ex)} <span class=\"note\">{esc(points)}</span></h3>")
        out.append(table([_("question"), pgettext("report column", "points"), _("mean score"),
                          pgettext("report column", "correct"), _("graded"), _("most common wrong answers"),
                          _("unreadable answers"), _("rules")], rows, numeric=(1, 2, 3, 4)))
    return "\n".join(out)


def _note(text: str) -> str:
    return f'<p class="note">{esc(text)}</p>'


def _item_section(s: ClassSummary) -> str:
    """Item analysis, as Moodle's quiz statistics: per question the share of full marks, the discrimination
    index, the strong learners' share right, the commonest wrong answers as written and the hint they got."""
    rows, classes = [], []
    for ex in s.exercises:
        for q in s.questions[ex]:
            wrong = "<br>".join(f"<code>{esc(a)}</code> &times; {n}" + (
                ' <span class="note">' + esc(_("hint: {hint}").format(hint=_hint(h))) + "</span>" if _hint(h) else "")
                for a, n, h in q.wrong_written)
            disc = "-" if q.discrimination is None else f"{q.discrimination:+.2f}"
            strong = "-" if q.upper_share is None else percent(q.upper_share, 1)
            flag = ('<span class="miss">&#9873; '
                    + esc(_("most strong learners miss it: check the key and the wording")) + "</span>"
                    if q.strong_miss else "")
            rows.append([esc(f"{ex} {q.question}"), percent(q.share_correct, 1) if q.graded else "-", disc, strong,
                         wrong or "-", flag])
            classes.append("flag" if q.strong_miss else "")
    if not rows:
        return "<p>" + esc(_("No graded questions.")) + "</p>"
    return (table([_("question"), _("full marks"), _("discrimination"), _("strong learners right"),
                   _("most common wrong answers (as written)"), _("look")], rows, numeric=(1, 2, 3),
                  row_classes=classes)
            + _note(_("Discrimination: the share with full marks among the top 27% of learners by total minus the "
                      "share among the bottom 27% (needs 4 learners); near 0 or negative, the question does not "
                      "separate strong from weak learners.")))


def _hint(kept: str) -> str:
    """The hint a wrong answer got (kept as the record's message, or its English feedback), in the language in use."""
    from omaha_learn.checks.messages import english, loads
    from omaha_learn.grading.feedback import reason_text

    found = loads(kept) if kept.startswith(("{", "[")) else None
    if found is not None:
        return "" if english(found).startswith("no answer") else reason_text("", kept)
    return reason_text(kept) if kept and not kept.startswith("no answer") else ""


def _student_section(s: ClassSummary) -> str:
    headers = [_("learner"), *s.exercises, _("total"), _("share"), _("flags")]
    rows, classes = [], []
    for t in s.students:
        cells = [esc(t.student)]
        flagged = False
        for ex in s.exercises:
            e = t.exercises.get(ex)
            if e is None:
                cells.append('<span class="note">' + esc(_("not handed in")) + "</span>")
                continue
            mark = ""
            if e.statuses or e.submissions > 1:
                flagged = True
                copies = (_("twice") if e.submissions == 2 else
                          ngettext("{n} copy", "{n} copies", e.submissions).format(n=e.submissions))
                mark = " <span class=\"miss\">&#9873; " + esc(", ".join(e.statuses) or copies) + "</span>"
            cells.append(f"{points_text(e.points)}/{e.max_points}{mark}")
        cells += [f'{points_text(t.points)}/{t.max_points}', percent(t.points, t.max_points),
                  f'<span class="flags">{esc(", ".join(pgettext("learner flag", f) for f in t.flags))}</span>'
                  if t.flags else ""]
        rows.append(cells)
        classes.append("flag" if flagged or t.flags else "")
    numeric = tuple(range(1, len(headers) - 1))
    legend = "".join(f"<li><strong>{esc(pgettext('learner flag', k))}</strong>: {esc(_(v))}</li>"
                     for k, v in LEARNER_FLAGS.items())
    return (table(headers, rows, numeric=numeric, row_classes=classes)
            + _note(_("Flags:")) + f'<ul class="note">{legend}</ul>')


_GRID_LEGEND = (("g-ok", N_("right")), ("g-part", N_("part marks")), ("g-miss", N_("wrong or no answer")),
                ("g-unread", N_("answer could not be read")), ("g-out", N_("not graded (time, kernel, file)")),
                ("g-none", N_("not handed in")), ("g-over", N_("set by the teacher (framed)")))


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
        return "<p>" + esc(_("No graded questions.")) + "</p>"
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
            tip = "" if r is None else f' title="{esc(r.status)}{": " + esc(comment_text(r.override)) if r.override else ""}"'
            cells.append(f'<td class="{cls}"{tip}>{text}</td>')
        body.append(f"<tr><th>{esc(t.student)}</th>{''.join(cells)}</tr>")
    legend = " ".join(f'<table class="grid" style="display:inline-table;margin:0"><tr><td class="{c}">&nbsp;'
                      f"</td></tr></table> {esc(_(w))}" for c, w in _GRID_LEGEND)
    learner = esc(_("learner"))
    return (f'<table class="grid"><thead><tr><th></th>{groups}</tr><tr><th>{learner}</th>{heads}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table><p class=\"note\">{legend}</p>")


def _overrides_section(records: list[QuestionRecord]) -> str:
    rows = [[esc(r.student), esc(r.exercise), esc(r.question),
             esc(_("{before} \u2192 {after} of {max_points}").format(
                 before=points_text(r.points_before or 0), after=points_text(r.points), max_points=r.max_points)),
             esc(comment_text(r.override))]
            for r in records if r.points_before is not None]
    if not rows:
        return "<p>" + esc(_("No marks were changed by the teacher ({option}).")).format(
            option="<code>--overrides</code>") + "</p>"
    return table([_("learner"), _("exercise"), _("question"), pgettext("report column", "points"), _("comment")],
                 rows)


def _flagged_section(s: ClassSummary) -> str:
    if not s.flagged:
        return "<p>" + esc(_("Every submission was graded: nothing needs a look.")) + "</p>"
    rows = [[esc(f.student), esc(f.exercise), f"<code>{esc(f.submission)}</code>",
             esc(", ".join(look_label(x) for x in f.statuses)),
             esc(f.shown or "; ".join(_(STATUS_NOTES[x]) if x in STATUS_NOTES else "" for x in f.statuses))]
            for f in s.flagged]
    legend = "".join(f"<li><strong>{esc(k)}</strong>: {esc(_(v))}</li>" for k, v in STATUS_NOTES.items())
    extra = ((look_label("handed in twice"), _("the learner handed the exercise in more than once; {rule}").format(
                 rule=s.assignment.rule)),
             (look_label("not counted"), _("an exercise that does not count for the class; nobody's figures include "
                                           "it")),
             (look_label("answer cell deleted"), _("the learner deleted an answer cell")),
             (look_label(SEED_MISMATCH), _("the notebook's metadata names another seed than its learner's (a neighbour's "
                               "copy?); graded on the learner's own deal")),
             (look_label(COPIED), _("the same answers to the deal's questions as another learner's submission on a different "
                        "deal (whose, in the detail)")))
    legend += "".join(f"<li><strong>{esc(k)}</strong>: {esc(v)}</li>" for k, v in extra)
    return (table([_("learner"), _("exercise"), _("submission"), _("status"), _("detail")], rows)
            + _note(_("Statuses:")) + f'<ul class="note">{legend}</ul>')


def _look(n: int) -> str:
    if n == 0:
        return _("Nothing needs a look.")
    return ngettext("{n} submission needs a look (see the last section).",
                    "{n} submissions need a look (see the last section).", n).format(n=n)


def report_html(records: Iterable[QuestionRecord], *, title: str | None = None,
                assignment: Assignment | None = None, requests: Sequence[RequestState] | None = None) -> str:
    """The class report as one HTML document (``assignment``: what counts, as :func:`summarise` takes;
    ``requests``: the regrade requests and where they stand, a section of their own when given), in the
    language in use; ``title`` defaults to "Class report" in that language."""
    title = title if title is not None else _("Class report")
    recs = list(records)
    s = summarise(recs, assignment=assignment)
    n = len(s.students)
    mean_share = sum(t.share for t in s.students) / n if n else 0.0
    counts = histogram(s.students)
    summary = (ngettext("{n} learner", "{n} learners", n).format(n=n) + ", "
               + ngettext("{n} submission", "{n} submissions", s.submissions).format(n=s.submissions) + ", "
               + ngettext("{n} exercise", "{n} exercises", len(s.exercises)).format(n=len(s.exercises)) + "; "
               + _("class mean {percent} of the points.").format(percent=percent(mean_share, 1)))
    statistics = esc(_("Question statistics count only answers the checker decided (status {graded}, or "
                       "{unreadable}: written but unreadable, counted as a miss) in the copies that count. "
                       "Which copy of an exercise counts: {rule}. Totals are out of {counted}.")).format(
        graded="<code>graded</code>", unreadable="<code>unreadable-answer</code>", rule=esc(s.assignment.rule),
        counted=_counted_rule(s))
    head = (f"<h1>{esc(title)}</h1>"
            f'<p class="total">{esc(summary)}</p>'
            f"<p>{esc(_look(len(s.flagged)))} "
            f'<span class="note">{statistics}{_late_rule(s)}</span></p>'
            + _extra_note(s))
    fig = svg_bars(HISTOGRAM_BINS, counts, title=_("Learners by total score"))
    caption = ngettext("Learners by total score, in tenths of the points ({n} learner).",
                       "Learners by total score, in tenths of the points ({n} learners).", n).format(n=n)
    body = [head,
            _h2(_("Totals")),
            f"<figure>{fig}<figcaption>{esc(caption)}</figcaption></figure>",
            _h2(_("Learners")), _student_section(s),
            _h2(_("Learners by question")), _grid_section(s),
            _h2(_("Questions")), _question_section(s),
            _h2(_("Item analysis")), _item_section(s),
            _h2(_("Marks changed by the teacher")), _overrides_section(recs),
            *([_h2(_("Regrade requests")), requests_html(requests)] if requests is not None else []),
            _h2(_("Submissions that need a look")), _flagged_section(s)]
    return page(title, "\n".join(body))


def _h2(text: str) -> str:
    return f"<h2>{esc(text)}</h2>"


def _counted_rule(s: ClassSummary) -> str:
    names = esc(", ".join(s.exercises) or _("no exercise"))
    if s.assignment.exercises is not None:
        return esc(_("the exercises named by the teacher ({names}), each counted once")).format(names=names)
    return esc(_("the exercises more than half of the learners handed in ({names}), each counted once")).format(
        names=names)


def _late_rule(s: ClassSummary) -> str:
    a = s.assignment
    if a.due is None:
        return ""
    import datetime as dt

    when = dt.datetime.fromtimestamp(a.due).astimezone().strftime("%Y-%m-%d %H:%M %Z")
    rule = (_("{percent}% of the exercise's points per day started").format(percent=f"{100 * a.penalty[0]:g}")
            if a.per_day and a.penalty
            else _("{table} (day 1, 2, ...)").format(table=", ".join(f"{100 * x:g}%" for x in a.penalty))
            if a.penalty else _("no deduction"))
    return " " + esc(_("Due {when} (grace {grace} min, plus each learner's extension); late work loses {rule}; the "
                       "submission's time is {source}.").format(when=when, grace=f"{a.grace_minutes:g}", rule=rule,
                                                                source=_(a.time_source)))


def _extra_note(s: ClassSummary) -> str:
    if not s.extra_exercises:
        return ""
    return ('<p class="miss">' + esc(_("Not counted for anyone (listed under {section}): {exercises}.")).format(
        section="<em>" + esc(_("Submissions that need a look")) + "</em>",
        exercises=esc(", ".join(s.extra_exercises))) + "</p>")


def write_report(records: Iterable[QuestionRecord], path: str | os.PathLike[str], *,
                 assignment: Assignment | None = None, requests: Sequence[RequestState] | None = None) -> None:
    """Write the class report for ``records`` to ``path`` (an ``.html`` file; folders are created)."""
    target = Path(path)
    if target.exists() and target.is_dir():
        raise ReportError(f"path: {str(target)!r} is a folder; give a file name such as report.html")
    text = report_html(records, assignment=assignment, requests=requests)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def _flag_names() -> None:  # pragma: no cover - never called: Babel finds the learner flags' names here
    pgettext("learner flag", "at zero")
    pgettext("learner flag", "unreadable answers")
    pgettext("learner flag", "answer cells deleted")
    pgettext("learner flag", "timed out")
    pgettext("learner flag", "extra notebooks")
