"""``omaha-learn grade`` end to end (issue 7): keys score full marks, learner copies zero.

Running notebooks is slow, so one module fixture grades every scenario in a
single grader call (one nbval subprocess): the six keys, the six learner
copies as handed out, and three doctored copies of exercises 1 and 4 (run and
saved unanswered; run and saved with wrong answers; broken and tampered
cells). The exercises cover R1-R25; see docs/rules.md.
"""

from __future__ import annotations

import copy
import csv
import importlib.util
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from omaha_learn.checks import EXERCISES, exercise, grading

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPIES = ROOT / "exercises"
NAMES = sorted(EXERCISES.values())


def _set_answers(nb: nbformat.NotebookNode, answers: dict[str, str]) -> None:
    for cell in nb.cells:
        qid = cell.metadata.get("omaha_learn", {}).get("question")
        if "answer" in cell.metadata.get("tags", []) and qid in answers:
            cell.source = answers[qid]


def _cell(nb: nbformat.NotebookNode, cid: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if c.get("id") == cid)


def _run_and_save(nb: nbformat.NotebookNode, path: Path) -> None:
    """What a learner does: run every cell (checkers not strict), then save."""
    NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("grading")
    subs: dict[str, Path] = {}
    for name in NAMES:
        for kind, folder in (("key", KEYS), ("copy", COPIES)):
            target = tmp / kind / name
            target.parent.mkdir(exist_ok=True)
            shutil.copy(folder / name, target)
            subs[f"{kind}:{name}"] = target

    # exercise 1, run and saved without answering anything
    ran = tmp / "ran"
    ran.mkdir()
    nb = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    _run_and_save(nb, ran / "01_reading_hands.ipynb")
    subs["ran"] = ran / "01_reading_hands.ipynb"

    # exercise 1, wrong answers to q1-q3 (right ones to q4-q6), run and saved
    wrong = tmp / "wrong"
    wrong.mkdir()
    nb = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    _set_answers(nb, {"q1": 'answer_q1 = "9d 8h Ah 9s"', "q2": 'answer_q2 = "Ah 9s"',
                      "q3": 'answer_q3 = "two pair"', "q4": 'answer_q4 = "high card"',
                      "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'})
    _run_and_save(nb, wrong / "01_reading_hands.ipynb")
    subs["wrong"] = wrong / "01_reading_hands.ipynb"

    # exercise 4: an answer cell that raises, a syntax error, a tampered checker cell,
    # a deleted checker cell and a learner's own scratch cell that raises
    broken = tmp / "broken"
    broken.mkdir()
    nb = nbformat.read(COPIES / "04_hilo_showdown.ipynb", as_version=4)
    _set_answers(nb, {"q1": "answer_q1 = 140 // 0", "q2": "answer_q2 = [30, 30, 60]",
                      "q3": 'answer_q3 = ["A", "B"', "q4": "answer_q4 = [6, 5, 6]",
                      "q5": "answer_q5 = [12, 13]", "q6": "answer_q6 = False"})
    tampered = _cell(nb, "q5-check")
    tampered.source = 'print("q5: correct (2/2 points)")'
    nb.cells.insert(nb.cells.index(tampered), nbformat.v4.new_code_cell("raise RuntimeError('scratch')"))
    nb.cells.remove(_cell(nb, "q6-check"))
    nbformat.write(nb, broken / "04_hilo_showdown.ipynb")
    subs["broken"] = broken / "04_hilo_showdown.ipynb"

    # exercise 3, key renamed by a learner: matched by its metadata
    renamed = tmp / "renamed"
    renamed.mkdir()
    shutil.copy(KEYS / "03_lows.ipynb", renamed / "lows-alice.ipynb")
    subs["renamed"] = renamed / "lows-alice.ipynb"

    csv_path = tmp / "scores.csv"
    status = grading.main(["--keys", str(KEYS), "--csv", str(csv_path), *map(str, subs.values())])
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    scores: dict[str, dict[str, int]] = {}
    by_path = {str(p): label for label, p in subs.items()}
    for row in rows:
        scores.setdefault(by_path[row["notebook"]], {})[row["question"]] = int(row["points"])
    return {"status": status, "rows": rows, "scores": scores, "subs": subs}


def test_grader_exits_zero(graded: dict[str, object]) -> None:
    assert graded["status"] == 0


@pytest.mark.parametrize("name", NAMES)
def test_keys_score_full_marks(graded: dict[str, object], name: str) -> None:
    ex = exercise(next(m for m, f in EXERCISES.items() if f == name))
    scores = graded["scores"][f"key:{name}"]  # type: ignore[index]
    assert scores == {q.qid: q.points for q in ex.questions.values()}


@pytest.mark.parametrize("name", NAMES)
def test_handed_out_copies_score_zero(graded: dict[str, object], name: str) -> None:
    scores = graded["scores"][f"copy:{name}"]  # type: ignore[index]
    assert scores and set(scores.values()) == {0}


def test_copy_run_and_saved_unanswered_scores_zero(graded: dict[str, object]) -> None:
    saved = nbformat.read(graded["subs"]["ran"], as_version=4)  # type: ignore[index]
    assert "no answer yet" in _cell(saved, "q1-check").outputs[0]["text"]
    assert set(graded["scores"]["ran"].values()) == {0}  # type: ignore[index]


def test_wrong_answers_saved_after_running_score_zero(graded: dict[str, object]) -> None:
    """The saved checker outputs show the wrong-answer message; grading restores the key's and fails them."""
    saved = nbformat.read(graded["subs"]["wrong"], as_version=4)  # type: ignore[index]
    assert "not yet" in _cell(saved, "q1-check").outputs[0]["text"]
    assert graded["scores"]["wrong"] == {"q1": 0, "q2": 0, "q3": 0, "q4": 2, "q5": 2, "q6": 1}  # type: ignore[index]


def test_broken_cells_cost_only_their_questions(graded: dict[str, object]) -> None:
    """R11/R20/R24 exercise: an erroring answer (q1), a syntax error (q3), a tampered checker showing
    "correct" for a wrong answer (q5) and a deleted checker (q6, restored from the key) each cost
    their own question; nbval goes on past failing cells, so the rest still score."""
    assert graded["scores"]["broken"] == {"q1": 0, "q2": 2, "q3": 0, "q4": 2, "q5": 0, "q6": 1}  # type: ignore[index]


def test_renamed_submission_is_matched_by_metadata(graded: dict[str, object]) -> None:
    assert graded["scores"]["renamed"] == {q.qid: q.points for q in exercise("lows").questions.values()}  # type: ignore


def test_csv_rows(graded: dict[str, object]) -> None:
    rows = graded["rows"]
    assert list(rows[0]) == ["notebook", "question", "points", "max_points"]  # type: ignore[index]
    expected = sum(len(exercise(m).questions) for m in EXERCISES) * 2 + 6 + 6 + 6 + 7
    assert len(rows) == expected  # type: ignore[arg-type]
    key1 = [r for r in rows if r["notebook"] == str(graded["subs"]["key:01_reading_hands.ipynb"])]  # type: ignore
    assert [(r["question"], r["points"], r["max_points"]) for r in key1] == [
        ("q1", "1", "1"), ("q2", "2", "2"), ("q3", "1", "1"), ("q4", "2", "2"), ("q5", "2", "2"), ("q6", "1", "1")]


# ------------------------------------------------------------- no notebooks run

def test_restore_takes_checker_cells_from_the_key() -> None:
    key = nbformat.read(KEYS / "01_reading_hands.ipynb", as_version=4)
    sub = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    _set_answers(sub, {"q1": "answer_q1 = 'As'"})
    chk = _cell(sub, "q1-check")
    chk.source = "pass"
    chk.outputs = [nbformat.v4.new_output("stream", name="stdout", text="q1: not yet\n")]
    out = grading.restore(sub, key)
    assert _cell(out, "q1-check") == _cell(key, "q1-check")
    answer = _cell(out, "q1-answer")
    assert answer.source == "answer_q1 = 'As'" and answer.outputs == [] and answer.execution_count is None


def test_restore_matches_answer_cells_by_question_when_ids_changed() -> None:
    key = nbformat.read(KEYS / "03_lows.ipynb", as_version=4)
    sub = copy.deepcopy(nbformat.read(COPIES / "03_lows.ipynb", as_version=4))
    _cell(sub, "q2-answer")["id"] = "renamed"
    _set_answers(sub, {"q2": "answer_q2 = [1]"})
    assert _cell(grading.restore(sub, key), "q2-answer").source == "answer_q2 = [1]"


def test_missing_key_and_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sub = tmp_path / "99_unknown.ipynb"
    nb = nbformat.read(COPIES / "01_reading_hands.ipynb", as_version=4)
    del nb.metadata["omaha_learn"]
    nbformat.write(nb, sub)
    assert grading.main(["--keys", str(KEYS), str(sub)]) == 1
    assert "no key 99_unknown.ipynb" in capsys.readouterr().out
    assert grading.main(["--keys", str(KEYS), str(tmp_path / "absent.ipynb")]) == 2
    assert grading.main(["--keys", str(tmp_path / "nokeys"), str(sub)]) == 2
    assert grading.main([]) == 2
    from omaha_learn import cli

    assert cli.main(["grade", "--keys", str(KEYS), str(sub)]) == 1   # `omaha-learn grade` reaches main()
    capsys.readouterr()
    bad = tmp_path / "01_reading_hands.ipynb"
    bad.write_text("not a notebook", encoding="utf-8")
    assert grading.main(["--keys", str(KEYS), str(bad)]) == 1
    assert "cannot read" in capsys.readouterr().out


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


def test_learner_copies_hold_no_solutions() -> None:
    for name in NAMES:
        text = (COPIES / name).read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "answer_q1 = None  # your answer" in text
