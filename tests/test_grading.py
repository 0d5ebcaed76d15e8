"""``omaha-learn grade`` end to end: keys score full marks, copies zero, every file a row.

Running notebooks is slow, so one module fixture grades every scenario in a
single grader call: the six keys, three learner copies as handed out, and
doctored copies (wrong answers saved with the key's "correct" outputs,
broken and tampered cells, a renamed file, a notebook without cell ids,
tags or metadata, exercise 2 handed in as exercise 1, a file with no key).
The exercises cover R1-R25; see docs/rules.md. Attacks on the grader are in
``tests/test_grading_attacks.py``.
"""

from __future__ import annotations

import copy
import csv
import importlib.util
import json
import shutil
from pathlib import Path

import nbformat
import pytest

from omaha_learn import cli
from omaha_learn.checks import EXERCISES, exercise
from omaha_learn.grading import grader as grading
from omaha_learn.grading.records import CSV_COLUMNS, STATUSES
from omaha_learn.grading.sandbox import _bwrap_works

SANDBOX = "bwrap" if _bwrap_works() else "none"
"""Without bubblewrap the grader refuses unless asked: these tests of grading itself ask for none there."""


def grade_cli(argv: list[str]) -> int:
    """``omaha-learn grade ARGV``'s exit status (argparse's own exits included)."""
    if "--sandbox" not in argv and "--scheduler" not in argv:
        argv = [*argv, "--sandbox", SANDBOX]
    try:
        return cli.main(["grade", *argv])
    except SystemExit as exc:
        return int(exc.code or 0)

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPIES = ROOT / "exercises"
NAMES = sorted(EXERCISES.values())
RIGHT_01 = {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
            "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'}

FORMS_01 = {"q1": 'answer_q1 = "2D, 10c, 2c, 4H"', "q2": "answer_q2 = ['9s', '9d']",
            "q3": 'answer_q3 = "full house (kings full of sevens)"', "q4": 'answer_q4 = "ace high"',
            "q5": 'answer_q5 = "trips"', "q6": 'answer_q6 = "Player B"'}
FORMS_03 = {"q1": 'answer_q1 = "7-6-4-2-A"', "q2": 'answer_q2 = ["6-5-4-3-2", "7 6 4 3 2", 76542, 86432, "8-7-3-2-A"]',
            "q3": 'answer_q3 = "player c"', "q4": 'answer_q4 = "6h, ac"',
            "q5": "from omaha_learn import best_low\nanswer_q5 = best_low('Ah 2h Kc Kd', '3h 4h 5h Qs Js')",
            "q6": 'answer_q6 = "9 4 3 2 A"', "q7": 'answer_q7 = "2c 3s 7h 9s Jc"'}


def set_answers(nb: nbformat.NotebookNode, answers: dict[str, str]) -> None:
    for cell in nb.cells:
        qid = cell.metadata.get("omaha_learn", {}).get("question")
        if "answer" in cell.metadata.get("tags", []) and qid in answers:
            cell.source = answers[qid]


def cell_by_id(nb: nbformat.NotebookNode, cid: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if c.get("id") == cid)


def points(records: list[object], sub: Path) -> dict[str, int]:
    return {r.question: r.points for r in records if r.submission == str(sub)}  # type: ignore[attr-defined]


def statuses(records: list[object], sub: Path) -> set[str]:
    return {r.status for r in records if r.submission == str(sub)}  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("grading")
    subs: dict[str, Path] = {}

    def folder(name: str) -> Path:
        (tmp / name).mkdir(exist_ok=True)
        return tmp / name

    for name in NAMES:
        subs[f"key:{name}"] = folder("key") / name
        shutil.copy(KEYS / name, subs[f"key:{name}"])
    for name in ("01_reading_hands.ipynb", "04_hilo_showdown.ipynb", "06_betting.ipynb"):
        subs[f"copy:{name}"] = folder("copy") / name
        shutil.copy(COPIES / name, subs[f"copy:{name}"])

    # exercise 1: wrong answers to q1-q3 (right to q4-q6), saved with the key's "correct" outputs pasted in
    key01 = nbformat.read(KEYS / "01_reading_hands.ipynb", as_version=4)
    nb = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    set_answers(nb, {**RIGHT_01, "q1": 'answer_q1 = "9d 8h Ah 9s"', "q2": 'answer_q2 = "Ah 9s"',
                     "q3": 'answer_q3 = "two pair"'})
    for c in nb.cells:
        if "checker" in c.metadata.get("tags", []):
            c.outputs = cell_by_id(key01, c.id).outputs
    subs["wrong"] = folder("wrong") / "01_reading_hands.ipynb"
    nbformat.write(nb, subs["wrong"])

    # exercise 4: an answer that raises, a syntax error, a tampered checker, a deleted checker, a scratch cell
    nb = nbformat.read(COPIES / "04_hilo_showdown.ipynb", as_version=4)
    set_answers(nb, {"q1": "answer_q1 = 140 // 0", "q2": "answer_q2 = [30, 30, 60]",
                     "q3": 'answer_q3 = ["A", "B"', "q4": "answer_q4 = [6, 5, 6]",
                     "q5": "answer_q5 = [12, 13]", "q6": "answer_q6 = False"})
    tampered = cell_by_id(nb, "q5-check")
    tampered.source = 'print("q5: correct (2/2 points)")'
    nb.cells.insert(nb.cells.index(tampered), nbformat.v4.new_code_cell("raise RuntimeError('scratch')"))
    nb.cells.remove(cell_by_id(nb, "q6-check"))
    subs["broken"] = folder("broken") / "04_hilo_showdown.ipynb"
    nbformat.write(nb, subs["broken"])

    # right answers written the way people write them (exercises 1 and 3): full marks
    nb = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    set_answers(nb, FORMS_01)
    subs["forms-01"] = folder("forms") / "01_reading_hands.ipynb"
    nbformat.write(nb, subs["forms-01"])
    nb = nbformat.read(COPIES / "03_lows.ipynb", as_version=4)
    set_answers(nb, FORMS_03)
    subs["forms-03"] = folder("forms") / "03_lows.ipynb"
    nbformat.write(nb, subs["forms-03"])

    # exercise 3's key renamed by a learner: matched by its metadata
    subs["renamed"] = folder("renamed") / "lows-alice.ipynb"
    shutil.copy(KEYS / "03_lows.ipynb", subs["renamed"])

    # exercise 1 answered right by an old tool: no cell ids, no tags, no cell metadata, nbformat 4.0
    raw = json.loads((KEYS / "01_reading_hands.ipynb").read_text(encoding="utf-8"))
    raw["nbformat_minor"] = 0
    for c in raw["cells"]:
        c.pop("id", None)
        c["metadata"] = {}
    subs["no-ids"] = folder("no-ids") / "01_reading_hands.ipynb"
    subs["no-ids"].write_text(json.dumps(raw), encoding="utf-8")

    # exercise 2's key saved under exercise 1's file name: graded against key 2, flagged
    subs["wrong-exercise"] = folder("wrong-exercise") / "01_reading_hands.ipynb"
    shutil.copy(KEYS / "02_high_hands.ipynb", subs["wrong-exercise"])

    # a notebook for which there is no key
    nb = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    del nb.metadata["omaha_learn"]
    subs["no-key"] = folder("no-key") / "99_unknown.ipynb"
    nbformat.write(nb, subs["no-key"])

    csv_path = tmp / "scores.csv"
    argv = ["--keys", str(KEYS), "--csv", str(csv_path), "--jobs", "2", "--cell-timeout", "60",
            *map(str, subs.values())]
    status = grade_cli(argv)
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    records = grading.grade([subs["key:01_reading_hands.ipynb"]], KEYS, jobs=1, sandbox=SANDBOX)
    return {"status": status, "rows": rows, "subs": subs, "tmp": tmp, "records": _records(rows, subs),
            "single": records}


def _records(rows: list[dict[str, str]], subs: dict[str, Path]) -> dict[str, dict[str, tuple[int, str]]]:
    """{scenario: {question: (points, status)}} from the CSV: each scenario has its own student folder."""
    out: dict[str, dict[str, tuple[int, str]]] = {}
    for row in rows:
        s = row["student"]
        label = f"{s}:{row['exercise']}.ipynb" if s in ("key", "copy") else s
        out.setdefault(label, {})[row["question"]] = (int(row["points"]), row["status"])
    return out


def test_exit_status_flags_what_needs_a_look(graded: dict[str, object]) -> None:
    assert graded["status"] == 1  # wrong-exercise and no-key are in the batch


@pytest.mark.parametrize("name", NAMES)
def test_keys_score_full_marks(graded: dict[str, object], name: str) -> None:
    ex = exercise(next(m for m, f in EXERCISES.items() if f == name))
    got = graded["records"][f"key:{name}"]  # type: ignore[index]
    assert got == {q.qid: (q.points, "graded") for q in ex.questions.values()}


@pytest.mark.parametrize("name", ["01_reading_hands.ipynb", "04_hilo_showdown.ipynb", "06_betting.ipynb"])
def test_handed_out_copies_score_zero(graded: dict[str, object], name: str) -> None:
    got = graded["records"][f"copy:{name}"]  # type: ignore[index]
    assert got and {p for p, _ in got.values()} == {0} and {s for _, s in got.values()} == {"graded"}
    rows = [r for r in graded["rows"] if r["student"] == "copy" and r["exercise"] == name[:-6]]  # type: ignore
    assert {r["feedback"] for r in rows} == {"no answer"}


def test_wrong_answers_with_the_keys_outputs_pasted_in_score_zero(graded: dict[str, object]) -> None:
    """R1, R2, R6: stored "correct" outputs count for nothing; the wrong answers' hints cite their rules."""
    got = graded["records"]["wrong"]  # type: ignore[index]
    assert {q: p for q, (p, _) in got.items()} == {"q1": 0, "q2": 0, "q3": 0, "q4": 2, "q5": 2, "q6": 1}
    rows = {r["question"]: r for r in graded["rows"] if r["student"] == "wrong"}  # type: ignore[attr-defined]
    assert rows["q1"]["feedback"].startswith("not yet. Cards go out one at a time")
    assert "R1 (docs/rules.md#r1)" in rows["q1"]["feedback"]
    assert "R2 (docs/rules.md#r2), R6 (docs/rules.md#r6)" in rows["q3"]["feedback"]


def test_broken_cells_cost_only_their_questions(graded: dict[str, object]) -> None:
    """R11/R20/R24 exercise: an erroring answer (q1), a syntax error (q3), a tampered checker printing
    "correct" for a wrong answer (q5) and a deleted checker (q6, taken from the key) cost their own question."""
    got = graded["records"]["broken"]  # type: ignore[index]
    assert {q: p for q, (p, _) in got.items()} == {"q1": 0, "q2": 2, "q3": 0, "q4": 2, "q5": 0, "q6": 1}
    rows = {r["question"]: r for r in graded["rows"] if r["student"] == "broken"}  # type: ignore[attr-defined]
    assert rows["q1"]["feedback"].startswith("your answer cell raised ZeroDivisionError: integer division")
    assert rows["q3"]["feedback"].startswith("your answer cell raised SyntaxError: incomplete input")
    # an answer that cannot be read is not a missing answer: its own status, with the error's message
    assert rows["q1"]["status"] == rows["q3"]["status"] == "unreadable-answer"
    assert rows["q5"]["status"] == "graded" and rows["q5"]["answer"] == "12,13"


def test_right_answers_written_as_people_write_them_get_full_marks(graded: dict[str, object]) -> None:
    rows = [r for r in graded["rows"] if r["student"] == "forms"]  # type: ignore[attr-defined]
    for name, module in (("01_reading_hands", "reading_hands"), ("03_lows", "lows")):
        got = {r["question"]: (int(r["points"]), r["status"]) for r in rows if r["exercise"] == name}
        assert got == {q.qid: (q.points, "graded") for q in exercise(module).questions.values()}, got


def test_renamed_submission_is_matched_by_metadata(graded: dict[str, object]) -> None:
    got = graded["records"]["renamed"]  # type: ignore[index]
    assert got == {q.qid: (q.points, "graded") for q in exercise("lows").questions.values()}


def test_no_cell_ids_or_tags_is_not_a_false_zero(graded: dict[str, object]) -> None:
    """answers are matched by what they assign (answer_qN = ...) or by position."""
    got = graded["records"]["no-ids"]  # type: ignore[index]
    assert got == {q.qid: (q.points, "graded") for q in exercise("reading_hands").questions.values()}


def test_another_exercise_under_this_name_is_graded_against_its_own_key_and_flagged(
        graded: dict[str, object]) -> None:
    got = graded["records"]["wrong-exercise"]  # type: ignore[index]
    assert got == {q.qid: (q.points, "wrong-exercise") for q in exercise("high_hands").questions.values()}
    row = next(r for r in graded["rows"] if r["student"] == "wrong-exercise")  # type: ignore[attr-defined]
    assert row["exercise"] == "02_high_hands" and "metadata names exercise high_hands" in row["feedback"]


def test_a_file_without_a_key_still_gets_a_row(graded: dict[str, object]) -> None:
    rows = [r for r in graded["rows"] if r["student"] == "no-key"]  # type: ignore[attr-defined]
    assert [(r["question"], r["points"], r["max_points"], r["status"]) for r in rows] == [("-", "0", "0", "no-key")]


def test_csv_columns_and_rows(graded: dict[str, object]) -> None:
    """student, exercise, question, points, max_points, status, feedback; a row per question."""
    rows = graded["rows"]
    assert tuple(rows[0]) == CSV_COLUMNS == ("student", "exercise", "question", "points", "max_points",  # type: ignore
                                             "status", "feedback", "answer", "override", "counts", "written")
    assert {r["status"] for r in rows} <= set(STATUSES)  # type: ignore[attr-defined]
    n = sum(len(exercise(m).questions) for m in EXERCISES) + (6 + 6 + 12) + 6 + 6 + 7 + 6 + 7 + 1 + 6 + 7
    assert len(rows) == n  # type: ignore[arg-type]
    assert {r["student"] for r in rows} == {p.parent.name for p in graded["subs"].values()}  # type: ignore


def test_student_is_the_file_name_when_all_submissions_share_a_folder(graded: dict[str, object]) -> None:
    records = graded["single"]
    # regrading one notebook named as an exercise: the learner is its folder, never "01_reading_hands"
    assert {r.student for r in records} == {"key"}  # type: ignore[attr-defined]
    assert grading.student_names([Path("a/ann.ipynb"), Path("a/bob.ipynb")]) == ["ann", "bob"]
    assert sum(r.points for r in records) == 9  # type: ignore[attr-defined]
    assert grading.student_names([Path("a/ann/x.ipynb"), Path("a/ann/y.ipynb")], "folder") == ["ann", "ann"]
    assert grading.student_names([Path("a/ann/x.ipynb"), Path("a/bob/y.ipynb")], "file") == ["x", "y"]


def test_totals_per_student_are_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from omaha_learn.grading.records import QuestionRecord

    recs = [QuestionRecord("ann", "01", "q1", 1, 1, "graded"), QuestionRecord("ann", "01", "q2", 0, 2, "graded"),
            QuestionRecord("bob", "01", "q1", 0, 1, "timed-out")]
    # one total everywhere: out of every exercise's questions the class handed in (as the report and feedback)
    assert grading.totals(recs) == [("ann", 1, 3, ""), ("bob", 0, 3, "01: timed-out")]
    grading.print_summary(recs)
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["ann", "1/3"]
    assert out[2].split() == ["bob", "0/3", "needs", "a", "look:", "01:", "timed-out"]


# ------------------------------------------------------------- nothing runs

@pytest.mark.parametrize("bad", [["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "nan"],
                                 ["--cell-timeout", "0"], ["--jobs", "0"], ["--csv", "{missing}/scores.csv"],
                                 ["--csv", "{folder}"], ["--report", "{folder}"]])
def test_bad_options_are_refused_before_grading(bad: list[str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """--csv (missing folder, a folder) and --timeout (0, negative) fail with status 2, nothing run."""
    ran: list[object] = []
    monkeypatch.setattr(grading, "grade", lambda *a, **k: ran.append(a) or [])
    args = [b.format(missing=tmp_path / "absent", folder=tmp_path) for b in bad]
    assert grade_cli(["--keys", str(KEYS), *args, str(KEYS / "01_reading_hands.ipynb")]) == 2
    assert not ran and "error" in capsys.readouterr().err


def test_missing_files_and_keys_are_refused(tmp_path: Path) -> None:
    assert grade_cli(["--keys", str(KEYS), str(tmp_path / "absent.ipynb")]) == 2
    assert grade_cli(["--keys", str(tmp_path / "nokeys"), str(KEYS / "01_reading_hands.ipynb")]) == 2
    assert grade_cli([]) == 2


@pytest.mark.parametrize(("name", "content", "why"), [
    ("empty.ipynb", "", "empty"),
    ("notjson.ipynb", "this is not a notebook", "not JSON"),
    ("script.py", "answer_q1 = 1\n", "not a notebook"),
    ("v3.ipynb", json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": []}), "nbformat 3"),
    ("numeric.ipynb", json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                                  "cells": [{"cell_type": "code", "source": 5, "metadata": {}}]}), "non-text source"),
    ("nosource.ipynb", json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                                   "cells": [{"cell_type": "code", "metadata": {}}]}), "no source"),
    ("list.ipynb", "[1, 2]", "not an object"),
])
def test_malformed_files_are_unreadable(name: str, content: str, why: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(grading.Unreadable, match=why):
        grading.read_notebook(path)


def test_plan_runs_no_checker_cell_and_only_the_learners_answers() -> None:
    """What enters a learner's sandbox: the key's setup cells, the learner's cells, report cells; no key answer."""
    key = grading.load_key(KEYS / "01_reading_hands.ipynb")
    _, cells = grading.read_notebook(COPIES / "01_reading_hands.ipynb")
    plan = grading.plan_for(cells, key)
    text = "\n".join(c["source"] for c in plan)
    assert "check(" not in text.replace("import check", "") and "4h 2c Tc 2d" not in text
    assert [c["role"] for c in plan].count("report") == 6
    assert "answer_q1 = None  # your answer" in text


def test_cli_reaches_the_grader(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    monkeypatch.setattr(grading, "grade", lambda paths, keys, **kw: seen.append((paths, kw["jobs"])) or [])
    assert grade_cli(["--jobs", "2", str(KEYS / "01_reading_hands.ipynb")]) == 0
    assert seen == [([KEYS / "01_reading_hands.ipynb"], 2)]


# ------------------------------------------------------------- learner copies

def test_learner_copies_are_up_to_date() -> None:
    """Regenerating the learner copies from the keys gives the files in exercises/."""
    spec = importlib.util.spec_from_file_location("make_learner_copies", ROOT / "scripts" / "make_learner_copies.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in NAMES:
        key = nbformat.read(KEYS / name, as_version=4)
        assert module.render(module.learner_copy(key)) == (COPIES / name).read_text(encoding="utf-8"), name
    assert module.main(["--check"]) == 0


def test_learner_copies_hold_no_solutions_and_no_key_outputs() -> None:
    """a copy opens without the key's "q1: correct (1/1 points)" under answer_q1 = None."""
    for name in NAMES:
        text = (COPIES / name).read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "answer_q1 = None  # your answer" in text
        assert "correct (" not in text
        nb = nbformat.read(COPIES / name, as_version=4)
        for c in nb.cells:
            if c.cell_type == "code" and {"checker", "answer"} & set(c.metadata.get("tags", [])):
                assert c.outputs == [] and c.execution_count is None


def test_copy_module_keeps_nothing_of_the_key_in_checker_cells() -> None:
    key = nbformat.read(KEYS / "01_reading_hands.ipynb", as_version=4)
    spec = importlib.util.spec_from_file_location("mlc", ROOT / "scripts" / "make_learner_copies.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = module.learner_copy(copy.deepcopy(key))
    assert cell_by_id(out, "q1-check").outputs == [] and cell_by_id(key, "q1-check").outputs


def test_report_and_feedback_go_to_the_teachers_desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--report FILE and --feedback DIR call grading.report with the records, after the CSV."""
    from omaha_learn.grading import report
    from omaha_learn.grading.records import QuestionRecord

    recs = [QuestionRecord("ann", "01_reading_hands", "q1", 0, 1, "graded", "not yet.", "Kd", "R1")]
    monkeypatch.setattr(grading, "grade", lambda *a, **k: recs)
    calls: list[tuple[str, object, Path]] = []
    monkeypatch.setattr(report, "write_report", lambda records, path, **_: calls.append(("report", records, path)))
    monkeypatch.setattr(report, "write_feedback",
                        lambda records, folder, **_: calls.append(("feedback", records, folder)) or [])
    csv_path = tmp_path / "s.csv"
    argv = ["--keys", str(KEYS), "--csv", str(csv_path), "--report", str(tmp_path / "r.html"),
            "--feedback", str(tmp_path / "fb"), str(KEYS / "01_reading_hands.ipynb")]
    assert grade_cli(argv) == 0
    assert calls == [("report", recs, tmp_path / "r.html"), ("feedback", recs, tmp_path / "fb")]
    assert csv_path.read_text(encoding="utf-8").splitlines()[1] == "ann,01_reading_hands,q1,0,1,graded,not yet.,Kd,,yes,"


def test_a_broken_key_gives_no_key_rows_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "01_reading_hands.ipynb").write_text("{broken", encoding="utf-8")
    sub = tmp_path / "ann" / "01_reading_hands.ipynb"
    sub.parent.mkdir()
    shutil.copy(KEYS / "01_reading_hands.ipynb", sub)
    csv_path = tmp_path / "s.csv"
    assert grade_cli(["--keys", str(keys), "--csv", str(csv_path), str(sub)]) == 1
    rows = list(csv.DictReader(csv_path.open(newline="")))
    assert [(r["student"], r["status"]) for r in rows] == [("ann", "no-key")]   # its folder, not the exercise
    assert "not JSON" in rows[0]["feedback"]
