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
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from omaha_learn.checks.messages import Message, loads, render
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
from omaha_learn.grading.records import GRADED, QuestionRecord, comment_text, points_text
from omaha_learn.grading.rules_text import rule_html, rule_link, rule_numbers
from omaha_learn.grading.text_safety import MAX_NAME_BYTES, file_name
from omaha_learn.i18n import N_, get_language, gettext, ngettext, pgettext
from omaha_learn.i18n import language as use_language

__all__ = ["write_feedback", "feedback_html", "file_name", "hint_text", "reason_text", "stale_pages",
           "MAX_NAME_BYTES"]

_LEARNER_NOTES = {
    "unreadable": N_("Your notebook could not be read for grading (it may be damaged or not saved as a "
                     "notebook). Please talk to your teacher."),
    "timed-out": N_("Your notebook's time (for the whole notebook) ran out before this question's cells finished. "
                    "Please talk to your teacher."),
    "kernel-died": N_("Python stopped while running your notebook before this question. Please talk to your "
                      "teacher."),
    "no-key": N_("This exercise could not be graded yet. Your teacher will look at it."),
    "wrong-exercise": N_("Your notebook seems to be a different exercise from the one handed in; your teacher "
                         "will look at it."),
}
_SCORE_PREFIX = re.compile(r"^\s*([\w-]+: (not yet|cannot read this answer|no answer yet) \(\d+/\d+ points\)[.:]?"
                           r"|not yet\.)\s*")
_RULES_SUFFIX = re.compile(r"\s*(\(rules: [^)]*\)|Re-read (R\d+ \(docs/rules\.md#r\d+\)(, )?)+\.?)\s*$")
_RULES_HEAD = re.compile(r"^(R\d+(?:, R\d+)*: )")


def hint_text(feedback: str) -> str:
    """The checker's message without what the page already shows (score, rule paths), in the language in use
    when the catalogue has it (a checker's hint is marked for it).

    >>> hint_text("q3: not yet (0/1 points). R2, R6: Use exactly two. (rules: docs/rules.md#r2 docs/rules.md#r6)")
    'R2, R6: Use exactly two.'
    >>> hint_text("not yet. Use exactly two. Re-read R2 (docs/rules.md#r2), R6 (docs/rules.md#r6).")
    'Use exactly two.'
    >>> hint_text("cannot read this answer: expected a player letter such as 'A', got 7")
    "cannot read this answer: expected a player letter such as 'A', got 7"
    """
    text = _RULES_SUFFIX.sub("", _SCORE_PREFIX.sub("", feedback)).strip()
    head = _RULES_HEAD.match(text)
    rules, hint = (head.group(1), text[head.end():]) if head else ("", text)
    return rules + gettext(hint) if hint else text


_NOT_YET = "not yet. {hint} Re-read {rules}."
"""The grader's message for a wrong answer (:func:`omaha_learn.grading.grader.decide`): a page shows its hint."""
N_("cannot read this answer")   # what a record made by hand (or an older grader) may keep as its reason


def _page_part(message: Message) -> Message:
    if isinstance(message, dict) and message.get("t") == _NOT_YET:
        return message.get("p", {}).get("hint", "")
    if isinstance(message, list):
        return [_page_part(m) for m in message]
    return message


def reason_text(feedback: str, message: str = "") -> str:
    """The reason a page shows for a record (its ``feedback`` and ``message``), in the language in use: the
    message without what the page already shows (the rules to re-read), else :func:`hint_text`.

    >>> from omaha_learn.checks.messages import dumps, msg
    >>> reason_text("not yet. Use two. Re-read R2.", dumps(msg("not yet. {hint} Re-read {rules}.",
    ...             hint=msg("Use two."), rules="R2")))
    'Use two.'
    """
    found = loads(message)
    return hint_text(feedback) if found is None else render(_page_part(found))


def _pts(points: float) -> str:
    """Points as the language writes them (1.5; 1,5)."""
    text = points_text(points)
    return text if get_language() == "en" else text.replace(".", ",")


def _miss(r: QuestionRecord, rules: list[str], *, comment_only: bool = False) -> str:
    parts = [f"<h4>{esc(r.exercise)}, {esc(r.question)}: {_pts(r.points)}/{r.max_points}</h4>"]
    if r.text:
        parts.append(f'<p class="question">{inline_markdown(r.text)}</p>')
    if r.override:
        parts.append('<p class="override">' + esc(gettext(
            "Your teacher set this mark to {points}/{max_points} (the grader gave {before}): {comment}").format(
            points=_pts(r.points), max_points=r.max_points, before=_pts(r.points_before or 0),
            comment=comment_text(r.override))) + "</p>")
    if comment_only:
        return "\n".join(parts)
    links = [f'<a href="#{x.lower()}">{esc(rule_html(x)[0])}</a>' for x in rules]
    reread = ("<p>" + esc(gettext("Re-read: {rules} (below).")).format(rules="; ".join(links)) + "</p>"
              if links else "")
    if r.status == "unreadable-answer":
        if r.written or r.answer:
            parts.append("<p>" + esc(gettext("Your answer was written but could not be read: {answer}.")).format(
                answer=f"<code>{esc(r.written or r.answer)}</code>") + "</p>")
        else:
            parts.append("<p>" + esc(gettext("Your answer could not be read: its cell stopped with an error."))
                         + "</p>")
        parts.append('<p class="hint">' + esc(gettext("Why: {reason}").format(reason=reason_text(r.feedback,
                                                                                                 r.message)))
                     + "</p>")
        if reread:
            parts.append(reread)
        return "\n".join(parts)
    if r.status == "timed-out" and "per-cell limit" in r.feedback:
        parts.append('<p class="hint">' + esc(gettext(
            "Your notebook was {what}. Each cell may run for a limited time; make the cell finish sooner (look "
            "for a loop that never ends).").format(what=reason_text(r.feedback, r.message))) + "</p>")
        return "\n".join(parts)
    if r.status not in GRADED:
        note = _LEARNER_NOTES.get(r.status)
        parts.append(f'<p class="hint">{esc(gettext(note) if note else r.status)}</p>')
        return "\n".join(parts)
    if r.answer:
        shown = f"<code>{esc(r.written or r.answer)}</code>"
        if r.written and r.written.strip() != r.answer:
            line = esc(gettext("Your answer: {answer} (read as {read_as})")).format(
                answer=shown, read_as=f"<code>{esc(r.answer)}</code>")
        else:
            line = esc(gettext("Your answer: {answer}")).format(answer=shown)
        parts.append(f"<p>{line}</p>")
    elif "answer-cell-missing" in r.flag.split(","):
        parts.append("<p>" + esc(gettext("No answer was given: the answer cell is missing from your notebook (was "
                                         "it deleted?).")) + "</p>")
    else:
        parts.append("<p>" + esc(gettext("No answer was given.")) + "</p>")
    hint = reason_text(r.feedback, r.message)
    if hint and not r.feedback.lower().lstrip().startswith("no answer"):
        parts.append('<p class="hint">' + esc(gettext("Hint: {hint}").format(hint=hint)) + "</p>")
    if reread:
        parts.append(reread)
    return "\n".join(parts)


def _result(r: QuestionRecord) -> str:
    if r.correct:
        return _span("ok", gettext("correct"))
    if r.override:
        return _span("ok", gettext("part marks from your teacher")) if r.points else \
            _span("miss", gettext("set by your teacher"))
    if r.status in GRADED:
        return _span("miss", pgettext("result", "not yet"))
    if r.status == "unreadable-answer":
        return _span("miss", gettext("answer could not be read"))
    return _span("miss", gettext("not graded ({status})").format(status=r.status))


def _span(cls: str, text: str) -> str:
    return f'<span class="{cls}">{esc(text)}</span>'


def _heading(level: int, text: str) -> str:
    return f"<h{level}>{esc(text)}</h{level}>"


def feedback_html(student: str, records: Iterable[QuestionRecord], *, summary: ClassSummary | None = None,
                  assignment: Assignment | None = None, language: str | None = None) -> str:
    """One learner's feedback page; give the whole class's records for the class's total (see the module docs).

    ``summary`` is the class's :func:`summarise` of the same records, when already computed. ``language``
    ("en", "ru", "et"): the page's language (default: the language in use), also its ``lang`` attribute.
    """
    if language is not None:
        with use_language(language):
            return feedback_html(student, records, summary=summary, assignment=assignment)
    recs = check_records(records)
    summary = summary or summarise(recs, assignment=assignment)
    me = next((t for t in summary.students if t.student == student), None)
    mine = [r for r in recs if r.student == student]
    body = [_heading(1, gettext("Feedback for {student}").format(student=student))]
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
                rows.append(["-", esc(reason_text(r.feedback, r.message)), "0/0", _result(r)])
                misses.append(_miss(r, []))
                continue
            rows.append([esc(r.question), inline_markdown(r.text), f"{_pts(r.points)}/{r.max_points}",
                         _result(r)])
            if r.correct and r.override:   # full marks set by the teacher: the comment still reaches the learner
                comments.append(_miss(r, [], comment_only=True))
            elif not r.correct:
                rules = list(rule_numbers(r.rule) or rule_numbers(r.feedback))
                rules_used += [x for x in rules if x not in rules_used]
                misses.append(_miss(r, rules))
        rule = summary.assignment.rule.split(" (")[0]
        note = (' <span class="note">' + esc(ngettext(
            "(handed in {n} time; {rule}: {file})", "(handed in {n} times; {rule}: {file})", len(subs)).format(
            n=len(subs), rule=rule, file=Path(best[0].submission).name)) + "</span>" if len(subs) > 1 else "")
        if counted and score is not None and score.late_days:
            late = ngettext("handed in {n} day late", "handed in {n} days late", score.late_days).format(
                n=score.late_days)
            whole = float(score.deduction).is_integer()   # a fraction of a point takes the form of 2 (1,5 балла)
            lost = ngettext("-{points} point", "-{points} points", int(score.deduction) if whole else 2).format(
                points=_pts(score.deduction))
            note += (' <span class="miss">' + esc(gettext("({late}: {lost}; {points}/{max_points} counts)").format(
                late=late, lost=lost, points=_pts(score.points), max_points=mx)) + "</span>")
        if not counted:
            note += (' <span class="note">' + esc(gettext(
                "(not counted in your total: this exercise is not one of the exercises graded for the class)"))
                + "</span>")
        sections.append(f"<h2>{esc(ex)}: {_pts(pts)}/{mx}{note}</h2>"
                        + table([gettext("question"), gettext("asked"), gettext("score"), gettext("result")], rows,
                                numeric=(2,)))
    total = me.points if me else 0
    total_max = me.max_points if me else 0
    body.append('<p class="total">' + esc(ngettext(
        "Total: {points}/{max_points} point ({percent}).", "Total: {points}/{max_points} points ({percent}).",
        total_max).format(points=_pts(total), max_points=total_max, percent=percent(total, total_max))) + "</p>")
    if me and me.missing:
        items = "".join(f"<li>{esc(ex)} (0/{summary.max_points[ex]})</li>" for ex in me.missing)
        body.append('<div class="missing"><p>' + esc(gettext("Not handed in (each counts 0 in the total):"))
                    + f"</p><ul>{items}</ul></div>")
    body += sections
    if misses:
        body.append(_heading(2, gettext("What to look at again")))
        body += misses
    if comments:
        body.append(_heading(2, gettext("Your teacher's comments")))
        body += comments
    if rules_used:
        rules_used.sort(key=lambda x: int(x[1:]))
        body.append(_heading(2, gettext("The rules named above")))
        body.append('<p class="note">' + esc(gettext(
            "Copied from the omaha_learn rules reference ({file} in the project) so that this page works without "
            "it; each link above jumps here.")).format(file=f"<code>{esc(rule_link('R1').split('#')[0])}</code>")
            + "</p>")
        for x in rules_used:
            title, text = rule_html(x)
            body.append(f'<div class="rule" id="{x.lower()}"><h3>{esc(title)}</h3>{text}'
                        '<p class="note">' + esc(gettext("In the project: {link}")).format(
                            link=f"<code>{esc(rule_link(x))}</code>") + "</p></div>")
    elif mine and not misses:
        body.append("<p>" + esc(gettext("Every question right in what you handed in: well done.") if me and me.missing
                                else gettext("Every question right: well done.")) + "</p>")
    return page(gettext("Feedback for {student}").format(student=student), "\n".join(body))


def write_feedback(records: Iterable[QuestionRecord], folder: str | os.PathLike[str], *,
                   reserved: Sequence[str | os.PathLike[str]] = (),
                   assignment: Assignment | None = None, language: str | None = None,
                   languages: Mapping[str, str] | None = None) -> list[Path]:
    """Write one HTML feedback file per learner into ``folder``; return the paths, by learner.

    Each page is in the learner's language from ``languages`` (learner -> "en", "ru" or "et": the roster's
    ``language`` column), else in ``language``, else in the language in use.

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
        lang = (languages or {}).get(student) or language
        path.write_text(feedback_html(student, by_student[student], summary=summary, language=lang),
                        encoding="utf-8")
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
