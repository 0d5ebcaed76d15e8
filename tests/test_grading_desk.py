"""Marks by clicking (issue 30): the ``GradingDesk`` widget and regrade requests (``grade --requests``).

Headless: the desk is built on a small graded class (records the grader's own ``decide`` makes for two
learners, each on their own deal of exercise 1, R1-R5), clicks are its buttons' ``click()`` and values
set on its controls. Each test names what a teacher needs: the learner's exact text, the right answer
for *their* deal and the hint they got; a mark written to the same overrides file ``grade --overrides``
reads, checked line by line, tied to the answer it was made for, and applied by the next grading; every
control labelled and the grid reachable from the keyboard; regrade requests checked before grading and
listed in the desk, the summary and the report until a mark answers them.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import ipywidgets as W
import pytest

from omaha_learn import cli
from omaha_learn.errors import ReportError
from omaha_learn.grading import deals, grader
from omaha_learn.grading.desk import read_records, remove_mark, save_mark, write_records
from omaha_learn.grading.desk_widget import GradingDesk
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.regrade import ANSWERED, OPEN, read_requests, request_states
from omaha_learn.grading.teacher_marks import apply_overrides, check_overrides, read_overrides

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
EX1 = "01_reading_hands"
_DEAL = deals.deal_for("reading_hands")
assert _DEAL is not None
DEAL = _DEAL


def _seed(who: str) -> int:
    from omaha_learn.checks.deals import learner_seed

    return learner_seed(DEAL.class_seed, who)


def _right(who: str) -> dict[str, str]:
    return DEAL.right_answers(_seed(who))


def _graded(who: str, written: dict[str, str]) -> list[QuestionRecord]:
    """The grader's records for ``who`` on their own deal, from answers as written (the engine decides)."""
    from omaha_learn.checks.questions import AnswerError, canonical

    key = deals.learner_key(grader.load_key(KEYS / f"{EX1}.ipynb"), _seed(who))
    reports = {}
    for q, text in written.items():
        try:
            reports[q] = {"question": q, "status": "answer", "answer": canonical(key.questions[q]["kind"], text),
                          "text": text}
        except AnswerError as exc:
            reports[q] = {"question": q, "status": "unreadable", "error": str(exc), "text": text}
    run = {"reports": reports, "cells": {q: "ok" for q in key.questions}}
    return deals.mark(grader.decide(who, f"handed_in/{who}/{EX1}.ipynb", key, run), _seed(who), "")


@pytest.fixture
def graded() -> list[QuestionRecord]:
    """ann answers q1 right, writes bob's cards for q2 ("and" between them) and "the tall one" for q6; bob all right."""
    ann = _right("ann")
    a, b = _right("bob")["q2"].split()
    return (_graded("ann", {"q1": ann["q1"], "q2": f"{a} and {b}", "q3": ann["q3"], "q6": "the tall one"})
            + _graded("bob", dict(_right("bob"))))


def _desk(tmp_path: Path, records: list[QuestionRecord], **kw: object) -> GradingDesk:
    write_records(records, tmp_path / "class.json")
    return GradingDesk(tmp_path / "class.json", tmp_path / "marks.csv", keys=KEYS, **kw)  # type: ignore[arg-type]


def _text(page: str) -> str:
    import html
    import re

    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_the_grid_is_learners_by_questions_and_a_cell_opens_the_exact_text_their_right_answer_and_the_hint(
        tmp_path: Path, graded: list[QuestionRecord]) -> None:
    desk = _desk(tmp_path, graded)
    assert desk.learners == ["ann", "bob"] and len(desk.columns) == 6
    assert desk.cells[("bob", EX1, "q2")].description == "2/2"
    assert desk.cells[("ann", EX1, "q2")].description == "0/2"
    assert desk.cells[("ann", EX1, "q6")].description.endswith("?")   # could not be read: not colour alone
    desk.cells[("ann", EX1, "q2")].click()
    assert desk.current == ("ann", EX1, "q2")
    shown = _text(desk.detail.value)
    a, b = _right("bob")["q2"].split()
    assert f"They wrote {a} and {b}" in shown                      # the learner's exact text
    assert f"Right answer (their deal, seed {_seed('ann')}) {_right('ann')['q2']}" in shown   # ann's deal, not bob's
    assert _right("ann")["q2"] != _right("bob")["q2"]
    hint = next(r.feedback for r in graded if (r.student, r.question) == ("ann", "q2"))
    assert hint.startswith("not yet.") and f"Hint they got {hint}" in shown
    desk.cells[("ann", EX1, "q6")].click()
    assert "They wrote the tall one" in _text(desk.detail.value)


def test_a_mark_set_by_clicking_is_written_to_the_overrides_file_and_the_next_grading_applies_it(
        tmp_path: Path, graded: list[QuestionRecord], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    desk = _desk(tmp_path, graded)
    desk.cells[("ann", EX1, "q2")].click()
    desk.points.value = 1.5
    desk.comment.value = "right idea; the pair is yours, not B's"
    desk.save_button.click()
    a, b = _right("bob")["q2"].split()
    with (tmp_path / "marks.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows == [["student", "exercise", "question", "points", "comment", "answer"],
                    ["ann", EX1, "q2", "1.5", "right idea; the pair is yours, not B's", f"{a} and {b}"]]
    marks = read_overrides(tmp_path / "marks.csv")           # the grader's own reading and checks
    check_overrides(marks, grader.key_questions(KEYS))
    assert desk.cells[("ann", EX1, "q2")].description == "1.5/2 ✎"
    assert "saved" in desk.message.value and "Your mark 1.5: right idea" in _text(desk.detail.value)

    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(graded))   # the same class, graded again
    out = tmp_path / "scores.csv"
    cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--overrides", str(tmp_path / "marks.csv"),
              "--csv", str(out), str(KEYS / f"{EX1}.ipynb")])
    assert "applied 1 override from" in capsys.readouterr().out
    with out.open(encoding="utf-8") as fh:
        row = next(r for r in csv.DictReader(fh) if (r["student"], r["question"]) == ("ann", "q2"))
    assert (row["points"], row["override"]) == ("1.5", "0 -> 1.5: right idea; the pair is yours, not B's")

    desk.remove_button.click()                                   # the grader's points stand again
    assert read_overrides(tmp_path / "marks.csv") == [] and desk.cells[("ann", EX1, "q2")].description == "0/2"


def test_a_desk_mark_is_tied_to_the_answer_it_was_made_for(tmp_path: Path, graded: list[QuestionRecord]) -> None:
    desk = _desk(tmp_path, graded)
    desk.open_cell("ann", EX1, "q2")
    desk.points.value = 1
    desk.save_button.click()
    corrected = [QuestionRecord(**{**r.__dict__, "written": _right("ann")["q2"], "answer": _right("ann")["q2"],
                                   "points": 2}) if (r.student, r.question) == ("ann", "q2") else r for r in graded]
    got, notes = apply_overrides(corrected, read_overrides(tmp_path / "marks.csv"))
    assert any("made for the answer" in n and "not applied" in n for n in notes)
    assert next(r for r in got if (r.student, r.question) == ("ann", "q2")).points == 2
    (tmp_path / "again").mkdir()
    (tmp_path / "again" / "marks.csv").write_bytes((tmp_path / "marks.csv").read_bytes())
    again = _desk(tmp_path / "again", corrected)                 # the class graded again after ann corrected q2
    assert again.cells[("ann", EX1, "q2")].description == "2/2 !"
    again.open_cell("ann", EX1, "q2")
    assert "not applied: look again" in _text(again.detail.value)


def test_a_bad_mark_or_a_bad_line_in_the_file_is_refused_with_its_line_and_nothing_is_written(
        tmp_path: Path, graded: list[QuestionRecord]) -> None:
    desk = _desk(tmp_path, graded)
    desk.open_cell("ann", EX1, "q1")                                  # a one-point question
    desk.points.value = 2
    desk.save_button.click()
    assert not (tmp_path / "marks.csv").exists()
    assert "is worth 0 to 1" in desk.message.value and 'role="alert"' in desk.message.value
    desk.points.value = -1
    desk.save_button.click()
    assert not (tmp_path / "marks.csv").exists()

    bad = f"student,exercise,question,points,comment\nbob,{EX1},q2,2,fine\nbob,{EX1},q1,2,two on a one-point\n"
    (tmp_path / "marks.csv").write_text(bad, encoding="utf-8")
    desk.reload()
    assert "line 3" in desk.message.value and "which is worth 1" in desk.message.value
    assert desk.save_button.disabled
    desk.open_cell("ann", EX1, "q2")
    desk.points.value = 1
    with pytest.raises(ReportError, match="line 3"):
        desk.save()
    assert (tmp_path / "marks.csv").read_text(encoding="utf-8") == bad
    with pytest.raises(ReportError, match="line 3"):
        save_mark(tmp_path / "marks.csv", graded[1], 1, keys=grader.key_questions(KEYS))
    (tmp_path / "marks.csv").write_text("student;exercise;question;points;comment\nann;x;q1;1;a; b\n")
    with pytest.raises(ReportError, match="line 2: 6 cells"):
        remove_mark(tmp_path / "marks.csv", graded[0])


def test_the_desk_is_usable_from_the_keyboard_and_every_control_has_a_name(
        tmp_path: Path, graded: list[QuestionRecord]) -> None:
    desk = _desk(tmp_path, graded)
    desk.learner.value = "bob"                                    # two labelled lists: no mouse needed
    desk.question.value = f"{EX1}\tq3"
    assert desk.current == ("bob", EX1, "q3") and "bob, 01_reading_hands q3" in desk.detail.value

    def walk(w: W.Widget) -> list[W.Widget]:
        return [w] + [x for c in getattr(w, "children", ()) for x in walk(c)]

    parts = walk(desk)
    named = [p for p in parts if isinstance(p, W.Dropdown | W.Text | W.FloatText | W.Select)]
    assert len(named) == 5 and all(p.description.strip() for p in named)
    buttons = [p for p in parts if isinstance(p, W.Button)]
    assert len(buttons) == 3 + 2 * 6
    for b in buttons:
        assert b.description.strip() and b.tooltip and len(b.tooltip) > len(b.description)
    assert desk.cells[("ann", EX1, "q4")].tooltip.startswith("ann, 01_reading_hands q4: ")


def test_requests_are_checked_line_by_line_before_grading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[object] = []
    monkeypatch.setattr(grader, "grade", lambda *a, **k: ran.append(a))
    for body, why in ((f"ann,{EX1},q2,same cards\nbob,{EX1},q9,why\n", "requests, line 3: 01_reading_hands has "
                                                                        "no question 'q9'"),
                      ("ann,99_nothing,q1,x\n", "requests, line 2: no key for the exercise '99_nothing'"),
                      (f"ann,{EX1},,x\n", "line 2: give learner, exercise, question"),
                      (f"ann,{EX1},q1,a,b\n", "line 2: 5 cells for the 4 columns")):
        path = tmp_path / "requests.csv"
        path.write_text("learner,exercise,question,reason\n" + body, encoding="utf-8")
        assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--requests", str(path),
                         str(KEYS / f"{EX1}.ipynb")]) == 2
        assert why in capsys.readouterr().err
    assert ran == []
    path.write_text("\ufeffStudent;Exercise;Question;Reason\nann;reading_hands;q2;\"same cards; other order\"\n",
                    encoding="utf-8")
    (r,) = read_requests(path)
    assert (r.learner, r.exercise, r.question, r.reason, r.line) == ("ann", "reading_hands", "q2",
                                                                     "same cards; other order", 2)


def _clean(who: str, points: int) -> list[QuestionRecord]:
    return [QuestionRecord(who, EX1, q, points, 1, "graded", submission=f"a/{who}/{EX1}.ipynb", written="x")
            for q in ("q1", "q2")]


def test_requests_are_listed_in_the_summary_and_the_report_until_a_mark_answers_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    recs = _clean("ann", 0) + _clean("bob", 1)
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(recs))
    requests = tmp_path / "requests.csv"
    requests.write_text(f"learner,exercise,question,reason\nann,{EX1},q2,I think my answer is right\n")
    report = tmp_path / "report.html"
    argv = ["grade", "--sandbox", "none", "--keys", str(KEYS), "--requests", str(requests), "--report", str(report),
            str(KEYS / f"{EX1}.ipynb")]
    assert cli.main(argv) == 1                                   # an open request needs a look
    out = capsys.readouterr().out
    assert "regrade requests: 1 open, 0 answered" in out and "I think my answer is right" in out
    page = report.read_text(encoding="utf-8")
    assert "<h2>Regrade requests</h2>" in page and "1 open, 0 answered" in page and "&#9873; open" in page

    marks = tmp_path / "marks.csv"
    marks.write_text(f"student,exercise,question,points,comment,answer\nann,{EX1},q2,0,checked: still wrong,x\n")
    assert cli.main([*argv, "--overrides", str(marks)]) == 0     # the same points with a comment answer it
    assert "regrade requests: 0 open, 1 answered" in capsys.readouterr().out
    assert "0 open, 1 answered" in report.read_text(encoding="utf-8")

    marks.write_text(f"student,exercise,question,points,comment,answer\nann,{EX1},q2,1,fine,y\n")
    assert cli.main([*argv, "--overrides", str(marks)]) == 1     # a mark for another answer answers nothing
    assert "made for another answer" in capsys.readouterr().out


def test_the_desk_lists_requests_and_a_request_opens_its_question(tmp_path: Path,
                                                                  graded: list[QuestionRecord]) -> None:
    (tmp_path / "requests.csv").write_text(f"learner,exercise,question,reason\nann,{EX1},q2,my cards are right\n"
                                           f"zed,{EX1},q1,who am I\n", encoding="utf-8")
    desk = _desk(tmp_path, graded, requests=tmp_path / "requests.csv")
    labels = [label for label, _ in desk.request_list.options]
    assert labels[0] == f"open: ann {EX1} q2: my cards are right" and labels[1].startswith("open: zed")
    assert desk.cells[("ann", EX1, "q2")].description == "0/2 ⚑"
    desk.request_list.value = 0
    assert desk.current == ("ann", EX1, "q2")
    assert "Regrade request (open) my cards are right" in _text(desk.detail.value)
    desk.request_list.value = 1
    assert "no graded question" in desk.message.value
    desk.open_cell("ann", EX1, "q2")
    desk.points.value = 0
    desk.comment.value = "your cards are B's"
    desk.save_button.click()
    assert [s.state for s in desk.states] == [ANSWERED, OPEN]
    assert desk.request_list.options[0][0].startswith("answered: ann")
    assert desk.cells[("ann", EX1, "q2")].description == "0/2 ✎"


def test_the_records_file_keeps_what_the_desk_shows_and_refuses_what_is_not_one(
        tmp_path: Path, graded: list[QuestionRecord], monkeypatch: pytest.MonkeyPatch) -> None:
    write_records(graded, tmp_path / "class.json")
    assert read_records(tmp_path / "class.json") == graded
    assert {r.right for r in graded if r.student == "ann"} == set(_right("ann").values())
    (tmp_path / "x.json").write_text(json.dumps({"format": "other", "records": []}))
    with pytest.raises(ReportError, match="not a graded class"):
        read_records(tmp_path / "x.json")
    (tmp_path / "x.json").write_text(json.dumps({"format": "omaha_learn graded class 1", "records": [{"x": 1}]}))
    with pytest.raises(ReportError, match="record 1 has unknown fields x; no student"):
        read_records(tmp_path / "x.json")
    # grade --records writes the records as graded, before the overrides (the desk applies them itself)
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(graded))
    marks = tmp_path / "marks.csv"
    marks.write_text(f"student,exercise,question,points,comment\nann,{EX1},q2,1,ok\n")
    cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--overrides", str(marks), "--records",
              str(tmp_path / "out.json"), str(KEYS / f"{EX1}.ipynb")])
    assert read_records(tmp_path / "out.json") == graded
    assert request_states([], graded) == []


def test_the_desk_needs_the_lessons_extra_and_the_grader_does_not() -> None:
    """``grade --records`` and ``--requests`` work on a grading-only install; the widget names its extra."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['ipywidgets'] = None\n"
            "import omaha_learn.grading.desk, omaha_learn.grading.regrade, omaha_learn.grading.report\n"
            "try:\n    import omaha_learn.grading.desk_widget\nexcept Exception as e:\n"
            "    print(type(e).__name__, '|', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    assert out.startswith("MissingExtra |") and 'pip install "omaha_learn[lessons]"' in out, out
