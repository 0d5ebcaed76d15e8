"""Feedback files for learners (``omaha-learn grade --feedback DIR``): one HTML file each.

A learner's file gives their score on every question of every exercise they
handed in, with each question's text, names the exercises the class handed
in and they did not (they count 0: the total is the same as in the class
report and on the command line), and, for each miss, their answer, the hint
the checker gives for that answer and the rules to re-read. An answer that
could not be read is shown as written, with the reason; a cell stopped by
the per-cell time limit is named; a teacher's override shows its comment.
Files travel by e-mail or an LMS and are read offline, so the rule is not
only linked (``docs/rules.md#r3`` in the omaha_learn project) but its text
is copied from ``docs/rules.md`` into the file, and the link points at that
copy (``#r3``). The right answers are never written.

>>> import tempfile, pathlib
>>> from omaha_learn.grading.records import QuestionRecord as R
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in write_feedback([R("Анна", "01_reading_hands", "q4", 0, 2, "graded", answer="flush",
...     feedback="q4: not yet (0/2 points). R3: How many spades are in the hand?", rule="R3")], folder)]
['Анна.html']
>>> text = (folder / "Анна.html").read_text(encoding="utf-8")
>>> "How many spades" in text and 'id="r3"' in text and "two hole cards of the suit" in text
True
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

from omaha_learn.grading.class_summary import (
    Assignment,
    ClassSummary,
    ReportError,
    check_records,
    learner_key,
    natural_key,
    summarise,
)
from omaha_learn.grading.html_page import esc, inline_markdown, page, percent, table
from omaha_learn.grading.records import GRADED, QuestionRecord, points_text
from omaha_learn.grading.rules_text import rule_html, rule_link, rule_numbers
from omaha_learn.grading.text_safety import MAX_NAME_BYTES, file_name

__all__ = ["write_feedback", "feedback_html", "file_name", "hint_text", "stale_pages", "MAX_NAME_BYTES"]

_LEARNER_NOTES = {
    "unreadable": "Your notebook could not be read for grading (it may be damaged or not saved as a "
                  "notebook). Please talk to your teacher.",
    "timed-out": "Your notebook's time (for the whole notebook) ran out before this question's cells finished. "
                 "Please talk to your teacher.",
    "kernel-died": "Python stopped while running your notebook before this question. Please talk to your teacher.",
    "no-key": "This exercise could not be graded yet. Your teacher will look at it.",
    "wrong-exercise": "Your notebook seems to be a different exercise from the one handed in; your teacher "
                      "will look at it.",
}
_SCORE_PREFIX = re.compile(r"^\s*([\w-]+: (not yet|cannot read this answer|no answer yet) \(\d+/\d+ points\)[.:]?"
                           r"|not yet\.)\s*")
_RULES_SUFFIX = re.compile(r"\s*(\(rules: [^)]*\)|Re-read (R\d+ \(docs/rules\.md#r\d+\)(, )?)+\.?)\s*$")


def hint_text(feedback: str) -> str:
    """The checker's message without what the page already shows (score, rule paths).

    >>> hint_text("q3: not yet (0/1 points). R2, R6: Use exactly two. (rules: docs/rules.md#r2 docs/rules.md#r6)")
    'R2, R6: Use exactly two.'
    >>> hint_text("not yet. Use exactly two. Re-read R2 (docs/rules.md#r2), R6 (docs/rules.md#r6).")
    'Use exactly two.'
    >>> hint_text("cannot read this answer: expected a player letter such as 'A', got 7")
    "cannot read this answer: expected a player letter such as 'A', got 7"
    """
    return _RULES_SUFFIX.sub("", _SCORE_PREFIX.sub("", feedback)).strip()


def _miss(r: QuestionRecord, rules: list[str], *, comment_only: bool = False) -> str:
    parts = [f"<h4>{esc(r.exercise)}, {esc(r.question)}: {points_text(r.points)}/{r.max_points}</h4>"]
    if r.text:
        parts.append(f'<p class="question">{inline_markdown(r.text)}</p>')
    if r.override:
        parts.append(f'<p class="override">Your teacher set this mark to {points_text(r.points)}/{r.max_points}'
                     f" (the grader gave {points_text(r.points_before or 0)}): {esc(r.override)}</p>")
    if comment_only:
        return "\n".join(parts)
    links = [f'<a href="#{x.lower()}">{esc(rule_html(x)[0])}</a>' for x in rules]
    if r.status == "unreadable-answer":
        if r.written or r.answer:
            parts.append("<p>Your answer was written but could not be read: "
                         f"<code>{esc(r.written or r.answer)}</code>.</p>")
        else:
            parts.append("<p>Your answer could not be read: its cell stopped with an error.</p>")
        parts.append(f'<p class="hint">Why: {esc(hint_text(r.feedback))}</p>')
        if links:
            parts.append("<p>Re-read: " + "; ".join(links) + " (below).</p>")
        return "\n".join(parts)
    if r.status == "timed-out" and "per-cell limit" in r.feedback:
        parts.append(f'<p class="hint">Your notebook was {esc(hint_text(r.feedback))}. Each cell may run for a '
                     "limited time; make the cell finish sooner (look for a loop that never ends).</p>")
        return "\n".join(parts)
    if r.status not in GRADED:
        parts.append(f'<p class="hint">{esc(_LEARNER_NOTES.get(r.status, r.status))}</p>')
        return "\n".join(parts)
    if r.answer:
        read_as = (f" (read as <code>{esc(r.answer)}</code>)" if r.written and r.written.strip() != r.answer
                   else "")
        parts.append(f"<p>Your answer: <code>{esc(r.written or r.answer)}</code>{read_as}</p>")
    elif "answer-cell-missing" in r.flag.split(","):
        parts.append("<p>No answer was given: the answer cell is missing from your notebook (was it deleted?).</p>")
    else:
        parts.append("<p>No answer was given.</p>")
    hint = hint_text(r.feedback)
    if hint and not hint.lower().startswith("no answer"):
        parts.append(f'<p class="hint">Hint: {esc(hint)}</p>')
    if links:
        parts.append("<p>Re-read: " + "; ".join(links) + " (below).</p>")
    return "\n".join(parts)


def _result(r: QuestionRecord) -> str:
    if r.correct:
        return '<span class="ok">correct</span>'
    if r.override:
        return '<span class="ok">part marks from your teacher</span>' if r.points else \
            '<span class="miss">set by your teacher</span>'
    if r.status in GRADED:
        return '<span class="miss">not yet</span>'
    if r.status == "unreadable-answer":
        return '<span class="miss">answer could not be read</span>'
    return f'<span class="miss">not graded ({esc(r.status)})</span>'


def feedback_html(student: str, records: Iterable[QuestionRecord], *, summary: ClassSummary | None = None,
                  assignment: Assignment | None = None) -> str:
    """One learner's feedback page; give the whole class's records for the class's total (see the module docs).

    ``summary`` is the class's :func:`summarise` of the same records, when already computed.
    """
    recs = check_records(records)
    summary = summary or summarise(recs, assignment=assignment)
    me = next((t for t in summary.students if t.student == student), None)
    mine = [r for r in recs if r.student == student]
    body = [f"<h1>Feedback for {esc(student)}</h1>"]
    by_ex: dict[str, dict[str, list[QuestionRecord]]] = {}
    for r in mine:
        by_ex.setdefault(r.exercise, {}).setdefault(r.submission, []).append(r)
    sections, misses, rules_used, comments = [], [], [], []
    for ex in sorted(by_ex, key=natural_key):
        subs = by_ex[ex]
        score = (me.exercises.get(ex) or me.extra.get(ex)) if me else None
        counted = me is not None and ex in me.exercises
        best = subs.get(score.submission) if score is not None else None
        best = best if best is not None else max(subs.values(), key=lambda rs: sum(x.points for x in rs))
        best.sort(key=lambda x: natural_key(x.question))
        pts, mx = sum(x.points for x in best), sum(x.max_points for x in best)
        rows = []
        for r in best:
            if r.max_points == 0 and r.question == "-":
                rows.append(["-", esc(r.feedback), "0/0", _result(r)])
                misses.append(_miss(r, []))
                continue
            rows.append([esc(r.question), inline_markdown(r.text), f"{points_text(r.points)}/{r.max_points}",
                         _result(r)])
            if r.correct and r.override:   # full marks set by the teacher: the comment still reaches the learner
                comments.append(_miss(r, [], comment_only=True))
            elif not r.correct:
                rules = list(rule_numbers(r.rule) or rule_numbers(r.feedback))
                rules_used += [x for x in rules if x not in rules_used]
                misses.append(_miss(r, rules))
        rule = summary.assignment.rule.split(" (")[0]
        note = (f' <span class="note">(handed in {len(subs)} times; {esc(rule)}: '
                f'{esc(Path(best[0].submission).name)})</span>' if len(subs) > 1 else "")
        if counted and score is not None and score.late_days:
            note += (f' <span class="miss">(handed in {score.late_days} day{"s" if score.late_days != 1 else ""} '
                     f"late: -{points_text(score.deduction)} point{'s' if score.deduction != 1 else ''}; "
                     f"{points_text(score.points)}/{mx} counts)</span>")
        if not counted:
            note += (' <span class="note">(not counted in your total: this exercise is not one of the '
                     "exercises graded for the class)</span>")
        sections.append(f"<h2>{esc(ex)}: {points_text(pts)}/{mx}{note}</h2>"
                        + table(["question", "asked", "score", "result"], rows, numeric=(2,)))
    total = me.points if me else 0
    total_max = me.max_points if me else 0
    body.append(f'<p class="total">Total: {points_text(total)}/{total_max} points ({percent(total, total_max)}).</p>')
    if me and me.missing:
        items = "".join(f"<li>{esc(ex)} (0/{summary.max_points[ex]})</li>" for ex in me.missing)
        body.append(f'<div class="missing"><p>Not handed in (each counts 0 in the total):</p><ul>{items}</ul></div>')
    body += sections
    if misses:
        body.append("<h2>What to look at again</h2>")
        body += misses
    if comments:
        body.append("<h2>Your teacher's comments</h2>")
        body += comments
    if rules_used:
        rules_used.sort(key=lambda x: int(x[1:]))
        body.append("<h2>The rules named above</h2>")
        body.append('<p class="note">Copied from the omaha_learn rules reference (<code>docs/rules.md</code> in the '
                    "project) so that this page works without it; each link above jumps here.</p>")
        for x in rules_used:
            title, text = rule_html(x)
            body.append(f'<div class="rule" id="{x.lower()}"><h3>{esc(title)}</h3>{text}'
                        f'<p class="note">In the project: <code>{esc(rule_link(x))}</code></p></div>')
    elif mine and not misses:
        body.append("<p>Every question right" + (" in what you handed in" if me and me.missing else "")
                    + ": well done.</p>")
    return page(f"Feedback for {student}", "\n".join(body))


def write_feedback(records: Iterable[QuestionRecord], folder: str | os.PathLike[str], *,
                   reserved: Sequence[str | os.PathLike[str]] = (),
                   assignment: Assignment | None = None) -> list[Path]:
    """Write one HTML feedback file per learner into ``folder``; return the paths, by learner.

    File names come from the learner's name (:func:`file_name`); two names
    that clean to the same file (letter case ignored) get ``-2``, ``-3`` ...
    suffixes, and so does a name that would be one of the ``reserved`` files
    (the class report written into the same folder). A learner whose name is
    its own file name (nothing cleaned away) claims it first, so a folder named
    ``.honest1`` can never take ``honest1.html`` from the learner ``honest1``.
    """
    recs = check_records(records)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ReportError(f"folder: {str(target)!r} is a file, not a folder")
    target.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    used: set[str] = set()
    for other in reserved:
        o = Path(other)
        if o.parent.resolve() == target.resolve():
            used.add(unicodedata.normalize("NFC", o.name).casefold())
    summary = summarise(recs, assignment=assignment)
    by_student: dict[str, list[QuestionRecord]] = {}
    for r in recs:
        by_student.setdefault(r.student, []).append(r)
    def claim_order(student: str) -> tuple[bool, tuple[object, ...]]:
        # a name that is its own file name, as written (so in NFC), claims it before one that only cleans to it
        return file_name(student) != f"{student}.html", learner_key(student)

    paths_by_student: dict[str, Path] = {}
    for student in sorted(by_student, key=claim_order):
        name = file_name(student)
        stem, n = name[:-5], 2
        while name.casefold() in used:
            name, n = f"{stem}-{n}.html", n + 1
        used.add(name.casefold())
        path = target / name
        path.write_text(feedback_html(student, by_student[student], summary=summary), encoding="utf-8")
        paths_by_student[student] = path
    paths += [paths_by_student[s] for s in sorted(by_student, key=learner_key)]
    return paths


def stale_pages(folder: str | os.PathLike[str], written: Sequence[Path],
                reserved: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Feedback pages in ``folder`` that this run did not write (learners no longer in the class, renamed
    folders): listed for the teacher, never served as current. ``reserved`` files (the report) are not pages."""
    target = Path(folder)
    keep = {p.resolve() for p in written} | {Path(r).resolve() for r in reserved}
    return sorted((p for p in target.glob("*.html") if p.is_file() and p.resolve() not in keep),
                  key=lambda p: natural_key(p.name))
