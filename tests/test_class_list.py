"""The class list, LMS gradebooks and late work (``--roster``, ``--lms``, ``--due``, ``--late-penalty``).

Named for the defects a teacher met: a Canvas download (one folder per assignment) merged two learners
into "students" ``ex01`` and ``ex03``; nobody listed who handed nothing in; the gradebook had no ID or
e-mail column, so neither Canvas nor Moodle imported it; no due dates or late penalties.
No sandbox: the grader is replaced by the records it would return.
"""

from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

import pytest

from omaha_learn import cli
from omaha_learn.errors import ReportError
from omaha_learn.grading import grader
from omaha_learn.grading.class_summary import Assignment, summarise
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.roster import read_roster
from omaha_learn.grading.teacher_marks import LMS_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
EX1, EX3 = "01_reading_hands", "03_lows"
ROSTER = ("id,name,email,folder,section,extension_days\n"
          "1001,Bob Smith,bob@school.edu,smithbob,A,0\n"
          "1002,Ann Lee,ann@school.edu,leeann,B,2\n"
          "1003,Cy Young,cy@school.edu,youngcy,A,0\n")
CANVAS = {  # a Canvas submissions download: one folder per assignment, the learner in the file name
    "bob01": "dl/ex01/smithbob_1001_9001_01_reading_hands.ipynb",
    "ann01": "dl/ex01/leeann_LATE_1002_9002_01_reading_hands.ipynb",
    "bob03": "dl/ex03/smithbob_1001_9101_03_lows.ipynb",
    "ann03": "dl/ex03/leeann_1002_9102_03_lows.ipynb",
    "zed01": "dl/ex01/zedd_4242_9003_01_reading_hands.ipynb",
}


def _rec(student: str, ex: str, pts: int, sub: str, mx: int = 2, mtime: float | None = None) -> QuestionRecord:
    return QuestionRecord(student, ex, "q1", pts, mx, "graded", submission=sub, mtime=mtime)


def test_a_canvas_download_is_two_learners_not_two_exercise_folders() -> None:
    paths = [Path(p) for p in CANVAS.values()]
    assert grader.student_names(paths) == ["smithbob", "leeann", "smithbob", "leeann", "zedd"]


def _class(tmp_path: Path) -> tuple[list[QuestionRecord], Path]:
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    names = grader.student_names([Path(p) for p in CANVAS.values()])
    recs = [_rec(n, EX1 if "reading" in p else EX3, 2, p) for n, p in zip(names, CANVAS.values(), strict=True)]
    return recs, tmp_path / "roster.csv"


def test_the_roster_names_every_learner_lists_who_handed_nothing_in_and_who_is_not_on_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    recs, roster = _class(tmp_path)
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(recs))
    sub = tmp_path / "x.ipynb"
    sub.write_text("{}")
    book = tmp_path / "book.csv"
    assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--roster", str(roster),
                     "--gradebook", str(book), str(sub)]) == 1
    out = capsys.readouterr().out
    lines = {line.split("  ")[0].strip(): line for line in out.splitlines()[1:] if "/" in line}
    assert lines["Bob Smith"].split()[2] == "4/4" and "needs a look" not in lines["Bob Smith"]
    assert "no submission" in lines["Cy Young"] and "0/4" in lines["Cy Young"]
    assert "not on the roster" in lines["zedd"]
    with book.open(encoding="utf-8-sig", newline="") as fh:
        rows = {r["student"]: r for r in csv.DictReader(fh)}
    assert set(rows) == {"Ann Lee", "Bob Smith", "Cy Young", "zedd"}
    assert rows["Cy Young"][EX1] == "" and rows["Cy Young"]["missing"] == f"{EX1}, {EX3}"


@pytest.mark.parametrize("lms", ["canvas", "moodle"])
def test_lms_gradebooks_have_the_columns_their_imports_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            lms: str) -> None:
    """Canvas: Student, ID, SIS User ID, SIS Login ID, Section, then assignments; Moodle: ID number, e-mail."""
    recs, roster = _class(tmp_path)
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(recs))
    sub = tmp_path / "x.ipynb"
    sub.write_text("{}")
    book = tmp_path / f"{lms}.csv"
    cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--roster", str(roster), "--gradebook",
              str(book), "--lms", lms, str(sub)])
    with book.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == [*LMS_COLUMNS[lms], EX1, EX3, "Total", "Late deduction"]
    if lms == "canvas":
        assert rows[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
        by = {r[1]: r for r in rows[1:]}
        assert by["1001"] == ["Bob Smith", "1001", "", "bob@school.edu", "A", "2", "2", "4", "0"]
        assert by["1003"][5:7] == ["", ""]                    # not handed in: empty cells, not 0
    else:
        assert rows[0][:2] == ["ID number", "Email address"]
        by = {r[0]: r for r in rows[1:]}
        assert by["1002"][:3] == ["1002", "ann@school.edu", "Ann Lee"]
    assert "4242" not in {r[1] for r in rows[1:]} and all("zedd" not in r for r in rows)   # nobody to match


def test_lms_export_without_a_roster_is_refused(tmp_path: Path) -> None:
    from omaha_learn.grading.teacher_marks import write_gradebook

    with pytest.raises(ReportError, match="--lms canvas needs --roster"):
        write_gradebook([_rec("ann", EX1, 1, "a")], tmp_path / "b.csv", lms="canvas")


@pytest.mark.parametrize(("text", "why"), [
    ("name\nann\n", "at least the columns id and name"),
    ("id,name\n1,ann\n1,bob\n", "line 3: id '1' is already on line 2"),
    ("id;name;email\n1;ann;a@x; b@x\n", "line 2: 4 cells for 3 columns"),
    ("id,name,extension_days\n1,ann,soon\n", "line 2: extension_days must be a number"),
    ("id,name\n,ann\n", "line 2: give an id and a name"),
])
def test_a_bad_roster_line_is_named(tmp_path: Path, text: str, why: str) -> None:
    (tmp_path / "r.csv").write_text(text, encoding="utf-8")
    with pytest.raises(ReportError, match=why):
        read_roster(tmp_path / "r.csv")


def test_two_learners_with_one_name_keep_their_ids_and_an_nfd_folder_matches(tmp_path: Path) -> None:
    (tmp_path / "r.csv").write_text("id,name,folder\n1,José Díaz,jose1\n2,José Díaz,\n3,Zoë,\n", encoding="utf-8")
    r = read_roster(tmp_path / "r.csv")
    assert sorted(r.labels) == ["José Díaz (1)", "José Díaz (2)", "Zoë"]
    assert r.match(Path("in/Zoe\u0308/01.ipynb")) is r.labels["Zoë"]      # a folder unpacked on a Mac (NFD)
    assert r.match(Path("in/jose1/01.ipynb")) is r.labels["José Díaz (1)"]


# ---------------------------------------------------------------------------------- late work

DUE = dt.datetime(2026, 12, 15, 23, 59).timestamp()


def test_late_work_loses_its_penalty_per_day_started_with_extensions_and_grace() -> None:
    day = 86400.0
    recs = [_rec("ann", EX1, 2, "a/ann/01.ipynb", 10, DUE - 60),            # on time
            _rec("bob", EX1, 10, "a/bob/01.ipynb", 10, DUE + 1.5 * day),    # 2 days started: -20%
            _rec("cy", EX1, 10, "a/cy/01.ipynb", 10, DUE + 1.5 * day),      # 2-day extension: on time
            _rec("dee", EX1, 10, "a/dee/01.ipynb", 10, DUE + 10 * 60),      # inside 15 minutes' grace
            _rec("eve", EX1, 1, "a/eve/01.ipynb", 10, DUE + 30 * day)]      # never below 0
    plan = Assignment(due=DUE, penalty=(0.10,), grace_minutes=15, extensions={"cy": 2.0})
    s = summarise(recs, assignment=plan)
    got = {t.student: (t.points, t.exercises[EX1].late_days, t.exercises[EX1].deduction) for t in s.students}
    assert got == {"ann": (2, 0, 0), "bob": (8, 2, 2), "cy": (10, 0, 0), "dee": (10, 0, 0), "eve": (0, 30, 1)}
    assert {(f.student, f.statuses) for f in s.flagged} == {("bob", ("late",)), ("eve", ("late",))}
    table = Assignment(due=DUE, penalty=(0.1, 0.25, 1.0), per_day=False)
    assert summarise(recs[1:2], assignment=table).students[0].points == 7.5
    from omaha_learn.grading.feedback import feedback_html

    assert "handed in 2 days late: -2 points; 8/10 counts" in feedback_html("bob", recs, summary=s)


@pytest.mark.parametrize(("argv", "why"), [
    (["--late-penalty", "10%/day"], "--late-penalty needs --due"),
    (["--due", "next friday"], "--due: 'next friday' is not a date"),
    (["--due", "2026-12-15T23:59", "--late-penalty", "ten"], "write 10%/day or a table"),
    (["--due", "2026-12-15T23:59", "--late-penalty", "150%/day"], "more than 100% in a day"),
])
def test_late_options_are_checked_before_grading(argv: list[str], why: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[object] = []
    monkeypatch.setattr(grader, "grade", lambda *a, **k: ran.append(a) or [])
    assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), *argv, str(KEYS / f"{EX1}.ipynb")]) == 2
    assert why in capsys.readouterr().err and not ran


def test_the_report_says_when_work_was_due_and_where_times_come_from() -> None:
    from omaha_learn.grading.report import report_html

    recs = [_rec("bob", EX1, 10, "a/bob/01.ipynb", 10, DUE + 3600)]
    html = report_html(recs, assignment=Assignment(due=DUE, penalty=(0.1,)))
    assert "Due 2026-12-15 23:59" in html and "10% of the exercise&#x27;s points per day started" in html
    assert "the submission&#x27;s time is the file&#x27;s time" in html and "1 day late" in html
