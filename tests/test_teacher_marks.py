"""The teacher decides: overrides, the gradebook, the learner x question grid, learner flags, feedback pages
named in the learners' own letters (Cyrillic, Estonian, Danish), unreadable answers shown as written.

The class is built from records as the grader writes them; ``teacher_desk`` writes every output of
``omaha-learn grade`` for it (the browser test opens the same pages in Chromium).
"""

from __future__ import annotations

import csv
import hashlib
import html
import re
from pathlib import Path

import pytest

from omaha_learn.cli import main
from omaha_learn.errors import ReportError
from omaha_learn.grading import grader
from omaha_learn.grading.feedback import feedback_html, file_name, write_feedback
from omaha_learn.grading.records import QuestionRecord as R
from omaha_learn.grading.report import report_html, write_report
from omaha_learn.grading.teacher_marks import apply_overrides, read_overrides, write_gradebook

EX1, EX5 = "01_reading_hands", "05_side_pots"
NAMES = ["Zoë", "ann", "Анна", "Jüri Õunapuu", "Mette Ørsted", "Bob"]


def ex1(student: str, q1: tuple[int, str, str], q2: tuple[int, str, str] = (2, "graded", "Ah 9s"),
        flag: str = "") -> list[R]:
    sub = f"handed_in/{student}/{EX1}.ipynb"
    (p1, s1, a1), (p2, s2, a2) = q1, q2
    return [R(student, EX1, "q1", p1, 1, s1, "" if p1 else f"cannot read this answer: {a1!r} bad" if
              s1 == "unreadable-answer" else "not yet. Cards go out one at a time. Re-read R1 (docs/rules.md#r1).",
              a1, "R1", sub, text="Which four cards did B get?"),
            R(student, EX1, "q2", p2, 2, s2, "" if p2 else "no answer", a2, "R2, R6", sub,
              text="Which two of A's hole cards make A's best high hand?", flag=flag)]


def ex5(student: str, points: int, status: str = "graded", feedback: str = "") -> list[R]:
    return [R(student, EX5, "q1", points, 3, status, feedback, "" if points else "60", "R21, R24",
              f"handed_in/{student}/{EX5}.ipynb", text="What are the pots, main pot first?")]


def klass() -> list[R]:
    return [
        *ex1("Zoë", (1, "graded", "4h 2c Tc 2d")), *ex5("Zoë", 3),
        *ex1("ann", (0, "graded", "9d 8h Ah 9s")), *ex5("ann", 0, feedback="not yet. Build the side pots."),
        *ex1("Анна", (1, "graded", "4h 2c Tc 2d")),                                     # no exercise 5
        *ex1("Jüri Õunapuu", (0, "unreadable-answer", "Player")),
        *ex5("Jüri Õunapuu", 0, "timed-out", "stopped: its answer cell ran over the 30 s per-cell limit "
                                             "(an endless loop?)"),
        *ex1("Mette Ørsted", (0, "unreadable-answer", "7-6-4-2-A"), (0, "graded", ""), flag="answer-cell-missing"),
        *ex5("Mette Ørsted", 0),
        *ex1("Bob", (0, "graded", "As")), *ex5("Bob", 3),
    ]


MARKS = ("student;exercise;question;points;comment\n"                     # a spreadsheet's ; and BOM
         "Jüri Õunapuu;01_reading_hands;q1;0,5;wrote the player, not the cards: half a point\n"
         "Анна;side_pots;q1;3;answered on paper\n"
         "Bob;01_reading_hands;q1;1;\n")


def teacher_desk(folder: Path) -> dict[str, Path]:
    """Every output for the class: CSV, report, gradebook and feedback pages, with the overrides applied."""
    (folder / "marks.csv").write_text(MARKS, encoding="utf-8-sig")
    records, notes = apply_overrides(klass(), read_overrides(folder / "marks.csv"))
    out = {"csv": folder / "scores.csv", "report": folder / "out" / "Анна.html", "book": folder / "gradebook.csv",
           "feedback": folder / "out"}
    grader.write_csv(records, out["csv"])
    write_report(records, out["report"])
    write_gradebook(records, out["book"])
    for p in write_feedback(records, out["feedback"], reserved=[out["report"]]):
        out[f"fb:{p.stem}"] = p
    return out


@pytest.fixture()
def desk(tmp_path: Path) -> dict[str, Path]:
    return teacher_desk(tmp_path)


def _text(path: Path) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))).split())


def test_overrides_read_from_a_spreadsheet_and_applied(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text(MARKS, encoding="utf-8-sig")
    overrides = read_overrides(tmp_path / "m.csv")
    assert [(o.student, o.points) for o in overrides] == [("Jüri Õunapuu", 0.5), ("Анна", 3), ("Bob", 1)]
    records, notes = apply_overrides(klass(), overrides)
    # Анна did not hand in exercise 5: the override matches nothing and is reported, not invented
    assert notes == ["overrides, line 3: no graded question side_pots q1 for 'Анна'; ignored"]
    juri = next(r for r in records if r.student == "Jüri Õunapuu" and r.question == "q1" and r.exercise == EX1)
    assert (juri.points, juri.points_before, juri.override) == (0.5, 0, "wrote the player, not the cards: half a point")
    bob = next(r for r in records if r.student == "Bob" and r.question == "q1" and r.exercise == EX1)
    assert bob.correct and bob.override == "changed by the teacher"
    # applied again on a regrade: the same result, the grader's points kept
    again, _ = apply_overrides(records, overrides)
    assert again == records


@pytest.mark.parametrize(("text", "match"), [
    ("student,exercise,question\nann,01,q1\n", "must name the columns"),
    ("student,exercise,question,points,comment\nann,01_reading_hands,q1,lots,\n", "line 2: points must be a number"),
    ("student,exercise,question,points,comment\nann,01_reading_hands,q1,-1,\n", "0 or more"),
    ("student,exercise,question,points,comment\nann,,q1,1,\n", "line 2: give student, exercise"),
])
def test_bad_override_files_name_the_line(tmp_path: Path, text: str, match: str) -> None:
    (tmp_path / "m.csv").write_text(text, encoding="utf-8")
    with pytest.raises(ReportError, match=match):
        read_overrides(tmp_path / "m.csv")


def test_more_than_the_question_is_worth_is_refused(tmp_path: Path) -> None:
    (tmp_path / "m.csv").write_text("student,exercise,question,points\nann,01_reading_hands,q1,2\n")
    with pytest.raises(ReportError, match="worth 1"):
        apply_overrides(klass(), read_overrides(tmp_path / "m.csv"))


def test_csv_shows_overrides_and_unreadable_answers_and_has_no_bom(desk: dict[str, Path]) -> None:
    raw = desk["csv"].read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(raw.decode("utf-8").splitlines()))
    juri = next(r for r in rows if r["student"] == "Jüri Õunapuu" and r["question"] == "q1" and r["exercise"] == EX1)
    assert juri["points"] == "0.5" and juri["override"] == "0 -> 0.5: wrote the player, not the cards: half a point"
    assert juri["status"] == "unreadable-answer" and juri["answer"] == "Player" and "bad" in juri["feedback"]


def test_gradebook_one_row_per_learner_with_a_bom(desk: dict[str, Path]) -> None:
    raw = desk["book"].read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(raw.decode("utf-8-sig").splitlines()))
    assert rows[0] == ["student", EX1, EX5, "total", "maximum", "percent", "late deduction", "missing", "needs a look"]
    # sorted by name, case and accents ignored: ann before Bob, Zoë after Mette, Cyrillic after Latin
    assert [r[0] for r in rows[1:]] == ["ann", "Bob", "Jüri Õunapuu", "Mette Ørsted", "Zoë", "Анна"]
    by = {r[0]: r[1:-3] for r in rows[1:]}
    assert by["Jüri Õunapuu"] == ["2.5", "0", "2.5", "6", "41.7"]
    # exercise 5 not handed in: an empty cell (not a 0), named in "needs a look"; it counts 0 in the total
    assert by["Анна"] == ["3", "", "3", "6", "50.0"] and rows[-1][-1].endswith(f"not handed in: {EX5}")
    assert rows[-1][-2] == EX5   # the missing column names it
    assert by["Bob"] == ["3", "3", "6", "6", "100.0"]


def test_gradebook_cells_are_safe_in_a_spreadsheet(tmp_path: Path) -> None:
    write_gradebook([R("=HYPERLINK(1)", EX1, "q1", 1, 1, "graded")], tmp_path / "b.csv")
    assert tmp_path.joinpath("b.csv").read_text(encoding="utf-8-sig").splitlines()[1].startswith("'=HYPERLINK(1)")


def test_one_total_everywhere(desk: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    records, _ = apply_overrides(klass(), read_overrides(desk["csv"].parent / "marks.csv"))
    totals = {s: (p, m) for s, p, m, _ in grader.totals(records)}
    assert totals["Анна"] == (3, 6)
    assert "not handed in: 05_side_pots" in dict((s, f) for s, _, _, f in grader.totals(records))["Анна"]
    assert "3/6 50%" in _text(desk["report"])
    anna = _text(desk["fb:Анна-2"])
    assert "Total: 3/6 points (50%)" in anna and "Not handed in" in anna and "05_side_pots (0/3)" in anna


def test_report_grid_flags_and_overrides(desk: dict[str, Path]) -> None:
    page = desk["report"].read_text(encoding="utf-8")
    grid = re.search(r'<table class="grid">.*?</table>', page, re.S)
    assert grid is not None
    body = grid.group(0).split("<tbody>")[1]
    rows = re.findall(r"<tr><th>(.*?)</th>(.*?)</tr>", body, re.S)
    learners = [html.unescape(n) for n, _ in rows]
    assert learners == ["ann", "Bob", "Jüri Õunapuu", "Mette Ørsted", "Zoë", "Анна"]
    cells = {html.unescape(n): re.findall(r'<td class="([^"]+)"[^>]*>([^<]*)</td>', c) for n, c in rows}
    assert cells["Zoë"] == [("g-ok", "1"), ("g-ok", "2"), ("g-ok", "3")]
    assert cells["Jüri Õunapuu"] == [("g-part g-over", "0.5"), ("g-ok", "2"), ("g-out", "0")]
    assert cells["Mette Ørsted"][0] == ("g-unread", "0") and cells["Анна"][2] == ("g-none", "&ndash;")
    assert cells["Bob"][0] == ("g-ok g-over", "1")
    text = _text(desk["report"])
    # learners flagged: at zero, unreadable answers, deleted answer cells, timeouts
    assert "at zero, unreadable answers, answer cells deleted" in text
    assert "unreadable answers, timed out" in text
    assert "Marks changed by the teacher" in text and "wrote the player, not the cards: half a point" in text
    # unreadable answers are not "(no answer)": counted on their own, as written
    assert "Player × 1" in text and "7-6-4-2-A × 1" in text
    assert "R2, R6" in text                                                     # all rules of a question


def test_feedback_pages_in_the_learners_letters(desk: dict[str, Path]) -> None:
    names = sorted(p.name for p in desk["feedback"].glob("*.html"))
    # the report is Анна.html in the same folder: Анна's page does not overwrite it
    assert names == sorted(["Анна.html", "Анна-2.html", "ann.html", "Bob.html", "Jüri_Õunapuu.html",
                            "Mette_Ørsted.html", "Zoë.html"])
    assert "Class report" in desk["report"].read_text(encoding="utf-8")
    juri = _text(desk["fb:Jüri_Õunapuu"])
    assert "Which four cards did B get?" in juri                                # the question's text
    assert "Your answer was written but could not be read: Player" in juri and "Why:" in juri
    assert "No answer was given" not in juri
    assert "30 s per-cell limit" in juri and "ran out of time before this question was reached" not in juri
    assert "Your teacher set this mark to 0.5/1 (the grader gave 0): wrote the player" in juri
    mette = _text(desk["fb:Mette_Ørsted"])
    assert "7-6-4-2-A" in mette and "answer cell is missing" in mette
    assert "Every question right" in _text(desk["fb:Zoë"])


@pytest.mark.parametrize(("name", "file"), [("Анна", "Анна.html"), ("Jüri Õunapuu", "Jüri_Õunapuu.html"),
                                            ("Mette Ørsted", "Mette_Ørsted.html"), ("a/b\\c", "a_b_c.html"),
                                            ("..", "learner.html"), ("nul", "learner-nul.html"),
                                            ("x" * 300, "x" * 191 + "-" + hashlib.sha256(b"x" * 300).hexdigest()[:8] + ".html"), ("Zoe\u0308", "Zoë.html")])
def test_feedback_file_names(name: str, file: str) -> None:
    assert file_name(name) == file


def test_same_names_in_other_case_get_their_own_file(tmp_path: Path) -> None:
    paths = write_feedback([R("Ann", EX1, "q1", 1, 1, "graded"), R("ann", EX1, "q1", 0, 1, "graded")], tmp_path)
    assert sorted(p.name for p in paths) == ["Ann.html", "ann-2.html"]


def test_the_grade_command_applies_overrides_and_writes_the_gradebook(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grader, "grade", lambda *a, **k: klass())
    # every line is checked against the real keys before grading: side_pots q1 is worth 2 there
    (tmp_path / "marks.csv").write_text(MARKS.replace("side_pots;q1;3;", "side_pots;q1;2;"), encoding="utf-8")
    sub = tmp_path / "x.ipynb"
    sub.write_text("{}")
    argv = ["grade", str(sub), "--overrides", str(tmp_path / "marks.csv"), "--gradebook", str(tmp_path / "g.csv"),
            "--report", str(tmp_path / "fb" / "report.html"), "--feedback", str(tmp_path / "fb")]
    (tmp_path / "fb").mkdir()
    assert main(argv) == 1   # a timeout in the class needs a look
    assert (tmp_path / "g.csv").read_text(encoding="utf-8-sig").splitlines()[0].startswith("student,")
    assert (tmp_path / "fb" / "Jüri_Õunapuu.html").is_file()
    assert "Class report" in (tmp_path / "fb" / "report.html").read_text(encoding="utf-8")
    assert main(["grade", str(sub), "--overrides", str(tmp_path / "none.csv")]) == 2


def test_the_report_html_is_the_written_one(desk: dict[str, Path]) -> None:
    records, _ = apply_overrides(klass(), read_overrides(desk["csv"].parent / "marks.csv"))
    assert desk["report"].read_text(encoding="utf-8") == report_html(records)
    assert feedback_html("Bob", records).count("part marks from your teacher") == 0


def test_the_grader_tells_unreadable_from_missing_and_names_the_cell_limit() -> None:
    """decide(): a per-cell timeout, a SyntaxError with its message, an unreadable answer as written,
    a deleted answer cell; every rule of a question and its text go into the record."""
    keys = Path(__file__).resolve().parent.parent / "exercises" / "solutions"
    key = grader.load_key(keys / "01_reading_hands.ipynb")
    key.answers["q6"] = "B"
    run = {"cells": {"q1": "timed-out: its answer cell ran over the 30 s per-cell limit",
                     "q2": "error: SyntaxError: incomplete input (123.py, line 1)", "q3": "ok", "q6": "ok"},
           "reports": {"q2": {"status": "none"}, "q6": {"status": "answer", "answer": "B"},
                       "q3": {"status": "unreadable", "error": "cannot tell which category 'good' is",
                              "text": "good"}}}
    recs = {r.question: r for r in grader.decide("ann", "x.ipynb", key, run, missing=frozenset({"q4"}))}
    assert recs["q1"].status == "timed-out" and "30 s per-cell limit" in recs["q1"].feedback
    assert recs["q2"].status == "unreadable-answer" and "SyntaxError: incomplete input" in recs["q2"].feedback
    assert recs["q3"].status == "unreadable-answer" and recs["q3"].answer == "good"
    assert recs["q3"].rule == "R2, R6" and recs["q3"].text.startswith("What category")
    assert recs["q4"].flag == "answer-cell-missing" and recs["q6"].points == 1
    page = feedback_html("ann", list(recs.values()))
    assert "SyntaxError: incomplete input" in html.unescape(page) and "answer cell is missing" in page


def test_a_learners_endless_loop_is_named_as_the_cell_over_its_limit() -> None:
    """A real kernel: the answer cell loops; the run says the cell ran over the per-cell limit (not that the
    notebook's time ran out), and the next question still runs."""
    from omaha_learn.grading.sandbox import run_plan

    report = "from omaha_learn.checks.questions import record_answer as r\nr({q!r}, globals().get('answer_{q}'), 'int')"
    run = run_plan([{"role": "answer", "source": "while True:\n    pass", "question": "q1"},
                    {"role": "report", "source": report.format(q="q1"), "question": "q1"},
                    {"role": "answer", "source": "answer_q2 = 7", "question": "q2"},
                    {"role": "report", "source": report.format(q="q2"), "question": "q2"}],
                   timeout=90, cell_timeout=2, sandbox="auto")
    assert run["cells"]["q1"] == "timed-out: its answer cell ran over the 2 s per-cell limit"
    assert run["reports"]["q2"]["answer"] == "7"
