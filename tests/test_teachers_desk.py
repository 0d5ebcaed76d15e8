"""The teacher's desk, third round (grader side): what the learner wrote, what needs a look, overrides.

Each test is named for a defect a teacher met: the learner's text lost when it could not be read, a
deleted cell or a second unreadable question missing from "needs a look", exit status 0, a bad override
line found only after grading the class, an override outliving the answer it was made for, a ``;`` in
an unquoted comment cutting it silently, a comment on a blank answer never reaching the learner.
No sandbox: the grader's decisions are fed the runs' reports directly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_learn import cli
from omaha_learn.errors import ReportError
from omaha_learn.grading import grader
from omaha_learn.grading.class_summary import summarise
from omaha_learn.grading.feedback import feedback_html
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.teacher_marks import apply_overrides, read_overrides

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
EX1 = "01_reading_hands"


def _key() -> grader.KeyInfo:
    key = grader.load_key(KEYS / f"{EX1}.ipynb")
    key.answers.update({"q1": "2c 2d 4h Tc", "q2": "9d 9s", "q3": "full house", "q4": "high card",
                        "q5": "three of a kind", "q6": "B"})
    return key


def _run(**reports: dict[str, str]) -> dict[str, object]:
    return {"reports": {q: {"question": q, **r} for q, r in reports.items()},
            "cells": {q: "ok" for q in reports}}


def test_the_learners_text_is_kept_for_every_answer_read_or_not() -> None:
    """'B wins' could not be read: the CSV, report and feedback keep it, and say why, not 'the cell stopped'."""
    run = _run(q3={"status": "answer", "answer": "full house", "text": "kings full of 7s"},
               q4={"status": "answer", "answer": "flush", "text": "a Flush"},
               q6={"status": "unreadable", "error": "write a player letter such as 'B'", "text": "B wins"})
    recs = {r.question: r for r in grader.decide("ann", "a/ann/01.ipynb", _key(), run)}
    assert (recs["q3"].points, recs["q3"].written, recs["q3"].answer) == (1, "kings full of 7s", "full house")
    q6 = recs["q6"]
    assert (q6.status, q6.written, q6.answer) == ("unreadable-answer", "B wins", "B wins")
    assert q6.feedback == "cannot read 'B wins': write a player letter such as 'B'"
    page = feedback_html("ann", list(recs.values()))
    assert "<code>B wins</code>" in page and "stopped with an error" not in page
    assert "Your answer: <code>a Flush</code> (read as <code>flush</code>)" in page
    assert recs["q1"].written == ""   # no answer given


def test_every_unreadable_question_and_a_deleted_cell_need_a_look_and_exit_1() -> None:
    run = _run(q1={"status": "unreadable", "error": "bad cards", "text": "Ax"},
               q3={"status": "unreadable", "error": "bad category", "text": "boat"},
               q2={"status": "answer", "answer": "9d 9s", "text": "9d and 9s"})
    recs = grader.decide("ann", "a/ann/01.ipynb", _key(), run, missing=frozenset({"q4"}))
    s = summarise(recs)
    (flag,) = [f for f in s.flagged if f.student == "ann"]
    assert flag.statuses == ("unreadable-answer", "answer cell deleted")
    assert "q1: cannot read 'Ax'" in flag.detail and "q3: cannot read 'boat'" in flag.detail
    assert "answer cell deleted: q4" in flag.detail
    assert grader.needs_a_look(recs)
    line = grader.totals(recs)[0][3]
    assert "unreadable-answer" in line and "answer cell deleted" in line


def _marks(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "marks.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bad_override_line_stops_at_once_with_its_line_number_before_grading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[object] = []
    monkeypatch.setattr(grader, "grade", lambda *a, **k: ran.append(a) or [])
    for body, why in ((f"ann,{EX1},q2,1,fine\nbob,{EX1},q1,2,two points on a one-point question\n",
                       "line 3: 2 points for 01_reading_hands q1, which is worth 1"),
                      (f"ann,{EX1},q9,1,x\n", "line 2: 01_reading_hands has no question 'q9'"),
                      ("ann,99_nothing,q1,1,x\n", "line 2: no key for the exercise '99_nothing'")):
        marks = _marks(tmp_path, "student,exercise,question,points,comment\n" + body)
        assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--overrides", str(marks),
                         str(KEYS / f"{EX1}.ipynb")]) == 2
        assert why in capsys.readouterr().err
    assert ran == []


def test_a_semicolon_in_an_unquoted_comment_is_refused_loudly(tmp_path: Path) -> None:
    marks = _marks(tmp_path, f"student;exercise;question;points;comment\nann;{EX1};q1;1;right idea; wrong card\n")
    with pytest.raises(ReportError, match="line 2: 6 cells for the 5 columns .* must be in double quotes"):
        read_overrides(marks)
    marks = _marks(tmp_path, f'student;exercise;question;points;comment\nann;{EX1};q1;1;"right idea; wrong card"\n')
    assert read_overrides(marks)[0].comment == "right idea; wrong card"


def test_an_override_made_for_another_answer_is_flagged_not_applied(tmp_path: Path) -> None:
    """Jüri corrected q2 after the teacher lowered it: the old override must not lower the new answer."""
    marks = _marks(tmp_path, f"student,exercise,question,points,comment,answer\n"
                             f"Jüri,{EX1},q2,0.5,wrote the cards of B,Ah 9s\n")
    now = QuestionRecord("Jüri", EX1, "q2", 2, 2, "graded", answer="9d 9s", written="9d 9s")
    got, notes = apply_overrides([now], read_overrides(marks))
    assert got[0].points == 2 and got[0].points_before is None
    assert len(notes) == 1 and "made for the answer 'Ah 9s'" in notes[0] and "not applied" in notes[0]
    flagged = summarise(got).flagged
    assert flagged and flagged[0].statuses == ("override for another answer",)
    before = QuestionRecord("Jüri", EX1, "q2", 0, 2, "graded", answer="9s Ah", written="Ah 9s")
    got, notes = apply_overrides([before], read_overrides(marks))
    assert (got[0].points, notes) == (0.5, [])


def test_a_teachers_comment_on_a_blank_answer_reaches_the_feedback_page(tmp_path: Path) -> None:
    marks = _marks(tmp_path, f"student,exercise,question,points,comment\nann,{EX1},q1,1,answered on paper\n")
    blank = QuestionRecord("ann", EX1, "q1", 0, 1, "graded", feedback="no answer")
    got, _ = apply_overrides([blank], read_overrides(marks))
    page = feedback_html("ann", got)
    assert "answered on paper" in page and "Your teacher set this mark to 1/1" in page


def test_question_texts_are_whole_and_their_markdown_is_rendered_safely() -> None:
    """The feedback page once cut a question at "... A calls. How ..." and showed `backticks` raw."""
    key = grader.load_key(KEYS / "09_pot_limit.ipynb")
    texts = [q["text"] for q in key.questions.values()]
    assert texts and not any(t.rstrip().endswith("...") for t in texts)
    assert any("B bets the pot and A calls.\nHow many chips does A get back at the showdown?" in t for t in texts)
    rec = QuestionRecord("ann", "09_pot_limit", "q1", 0, 1, "graded", text="Use `best_low(h, b)` <script>x</script>")
    page = feedback_html("ann", [rec])
    assert "<code>best_low(h, b)</code>" in page and "<script>x" not in page and "&lt;script&gt;" in page


def test_stale_feedback_pages_of_learners_no_longer_in_the_class_are_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fb = tmp_path / "fb"
    fb.mkdir()
    (fb / "left_the_class.html").write_text("<h1>Feedback for left_the_class</h1>")
    recs = [QuestionRecord("ann", EX1, "q1", 1, 1, "graded", submission="a/ann/01.ipynb")]
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(recs))
    assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--feedback", str(fb), "--report",
                     str(fb / "report.html"), str(KEYS / f"{EX1}.ipynb")]) == 1
    out = capsys.readouterr().out
    assert "1 page in" in out and "belongs to no learner of this run" in out and "left_the_class.html" in out
    assert "report.html" not in out.split("belongs to no learner")[1]


def test_item_analysis_gives_discrimination_wrong_answers_as_written_and_flags_what_strong_learners_miss() -> None:
    """Per question: share of full marks, upper minus lower 27%, the commonest wrong answers as written."""
    from omaha_learn.grading.report import report_html

    recs = []
    for i in range(8):   # learners s0 (strongest) .. s7 (weakest) on q1 (3 points); q2 (1 point) is odd
        who = f"s{i}"
        recs.append(QuestionRecord(who, EX1, "q1", 3 if i < 5 else 0, 3, "graded", answer="" if i < 5 else "Ah 9s",
                                   written="" if i < 5 else "9s and Ah", feedback="" if i < 5 else "not yet. Two.",
                                   submission=f"a/{who}/01.ipynb"))
        recs.append(QuestionRecord(who, EX1, "q2", 1 if i >= 5 else 0, 1, "graded", answer="" if i >= 5 else "B",
                                   written="" if i >= 5 else "b", feedback="" if i >= 5 else "not yet. Look again.",
                                   submission=f"a/{who}/01.ipynb"))
    s = summarise(recs)
    q1, q2 = s.questions[EX1]
    assert (q1.share_correct, q1.discrimination, q1.upper_share, q1.strong_miss) == (5 / 8, 1.0, 1.0, False)
    assert q1.wrong_written == [("9s and Ah", 3, "not yet. Two.")]
    assert (q2.discrimination, q2.upper_share, q2.strong_miss) == (-1.0, 0.0, True)
    html = report_html(recs)
    assert "Item analysis" in html and "most strong learners miss it" in html and "+1.00" in html
    assert "<code>9s and Ah</code> &times; 3" in html and "hint: Two." in html
