"""Feedback files for learners (``omaha-learn grade --feedback DIR``): one HTML file each.

A learner's file gives their score on every question of every exercise they
handed in and, for each miss, their answer, the hint the checker gives and
the rule to re-read. Files travel by e-mail or an LMS and are read offline,
so the rule is not only linked (``docs/rules.md#r3`` in the omaha_learn
project) but its text is copied from ``docs/rules.md`` into the file, and
the link points at that copy (``#r3``). The right answers are never written.

>>> import tempfile, pathlib
>>> from omaha_learn.grading.records import QuestionRecord as R
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in write_feedback([R("ann", "01_reading_hands", "q4", 0, 2, "graded", answer="flush",
...     feedback="q4: not yet (0/2 points). R3: How many spades are in the hand?", rule="R3")], folder)]
['ann.html']
>>> text = (folder / "ann.html").read_text()
>>> "How many spades" in text and 'id="r3"' in text and "two hole cards of the suit" in text
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from omaha_learn.grading.class_summary import ReportError, check_records, natural_key
from omaha_learn.grading.html_page import esc, page, percent, table
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.rules_text import rule_html, rule_link, rule_numbers

__all__ = ["write_feedback", "feedback_html", "file_name", "hint_text"]

_LEARNER_NOTES = {
    "unreadable": "Your notebook could not be read for grading (it may be damaged or not saved as a "
                  "notebook). Please talk to your teacher.",
    "timed-out": "Your notebook ran out of time before this question was reached. Please talk to your teacher.",
    "kernel-died": "Python stopped while running your notebook before this question. Please talk to your teacher.",
    "no-key": "This exercise could not be graded yet. Your teacher will look at it.",
    "wrong-exercise": "Your notebook seems to be a different exercise from the one handed in; your teacher "
                      "will look at it.",
}
_CLEAN = re.compile(r"[^A-Za-z0-9._-]+")
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


def file_name(student: str) -> str:
    """A safe file name for a learner's feedback ("Ann Lee" -> "Ann_Lee.html")."""
    stem = _CLEAN.sub("_", student).strip("._") or "learner"
    return f"{stem}.html"


def _miss(r: QuestionRecord, rules: list[str]) -> str:
    parts = [f"<h4>{esc(r.exercise)}, {esc(r.question)}: {r.points}/{r.max_points}</h4>"]
    if r.status != "graded":
        parts.append(f'<p class="hint">{esc(_LEARNER_NOTES.get(r.status, r.status))}</p>')
        return "\n".join(parts)
    if r.answer:
        parts.append(f"<p>Your answer: <code>{esc(r.answer)}</code></p>")
    else:
        parts.append("<p>No answer was given.</p>")
    hint = hint_text(r.feedback)
    if hint and hint.lower().rstrip(".") not in ("no answer", "no answer yet"):
        parts.append(f'<p class="hint">Hint: {esc(hint)}</p>')
    links = [f'<a href="#{x.lower()}">{esc(rule_html(x)[0])}</a>' for x in rules]
    if links:
        parts.append("<p>Re-read: " + "; ".join(links) + " (below).</p>")
    return "\n".join(parts)


def feedback_html(student: str, records: Iterable[QuestionRecord]) -> str:
    """One learner's feedback page (records of other learners are ignored)."""
    mine = [r for r in check_records(records) if r.student == student]
    body = [f"<h1>Feedback for {esc(student)}</h1>"]
    by_ex: dict[str, dict[str, list[QuestionRecord]]] = {}
    for r in mine:
        by_ex.setdefault(r.exercise, {}).setdefault(r.submission, []).append(r)
    total = total_max = 0
    sections, misses, rules_used = [], [], []
    for ex in sorted(by_ex, key=natural_key):
        subs = by_ex[ex]
        best = max(subs.values(), key=lambda rs: sum(x.points for x in rs))
        best.sort(key=lambda x: natural_key(x.question))
        pts, mx = sum(x.points for x in best), sum(x.max_points for x in best)
        total, total_max = total + pts, total_max + mx
        rows = []
        for r in best:
            if r.correct:
                result = '<span class="ok">correct</span>'
            elif r.status == "graded":
                result = '<span class="miss">not yet</span>'
            else:
                result = f'<span class="miss">not graded ({esc(r.status)})</span>'
            rows.append([esc(r.question), f"{r.points}/{r.max_points}", result])
            if not r.correct:
                rules = list(rule_numbers(r.rule) or rule_numbers(r.feedback))
                rules_used += [x for x in rules if x not in rules_used]
                misses.append(_miss(r, rules))
        note = (f' <span class="note">(handed in {len(subs)} times; the best counts)</span>'
                if len(subs) > 1 else "")
        sections.append(f"<h2>{esc(ex)}: {pts}/{mx}{note}</h2>"
                        + table(["question", "score", "result"], rows, numeric=(1,)))
    body.append(f'<p class="total">Total: {total}/{total_max} points ({percent(total, total_max)}).</p>')
    body += sections
    if misses:
        body.append("<h2>What to look at again</h2>")
        body += misses
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
        body.append("<p>Every question right: well done.</p>")
    return page(f"Feedback for {student}", "\n".join(body))


def write_feedback(records: Iterable[QuestionRecord], folder: str | os.PathLike[str]) -> list[Path]:
    """Write one HTML feedback file per learner into ``folder``; return the paths, by learner.

    File names come from the learner's name (:func:`file_name`); two names
    that clean to the same file get ``-2``, ``-3`` ... suffixes.
    """
    recs = check_records(records)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ReportError(f"folder: {str(target)!r} is a file, not a folder")
    target.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    used: set[str] = set()
    by_student: dict[str, list[QuestionRecord]] = {}
    for r in recs:
        by_student.setdefault(r.student, []).append(r)
    for student in sorted(by_student, key=natural_key):
        name = file_name(student)
        stem, n = name[:-5], 2
        while name.lower() in used:
            name, n = f"{stem}-{n}.html", n + 1
        used.add(name.lower())
        path = target / name
        path.write_text(feedback_html(student, by_student[student]), encoding="utf-8")
        paths.append(path)
    return paths
