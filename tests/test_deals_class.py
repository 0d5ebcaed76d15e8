"""A class of 30 learners from a roster, each with their own deal, graded through the sandbox (issue 30).

Every right answer on a learner's own deal scores full marks; a neighbour's
answers score what they are worth on the learner's deal; copied answers and
a copied notebook are flagged. A full test (kernels under bubblewrap).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from omaha_learn.checks import exercise
from omaha_learn.checks.deals import learner_seed
from omaha_learn.grading import grader
from omaha_learn.grading.deals import COPIED, SEED_MISMATCH, read_roster
from omaha_learn.grading.handout import handout
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.grading.sandbox import _bwrap_works

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPIES = ROOT / "exercises"
SANDBOX = "bwrap" if _bwrap_works() else "none"
NAME = "reading_hands"
FILE = "01_reading_hands.ipynb"
IDS = [f"l{i:02d}" for i in range(29)] + ["J\u00fcri"]
BY_ENGINE = {"q1": 'answer_q1 = hands["B"]',
             "q3": "from omaha_learn import best_high\nanswer_q3 = best_high(hands['C'], board).category"}
"""Learner l00 computes two answers from the deal the notebook shows: the sandbox must deal l00's cards."""


def _answer(path: Path, answers: dict[str, str]) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        q = cell.get("metadata", {}).get("omaha_learn", {}).get("question")
        if "answer" in cell.get("metadata", {}).get("tags", []) and q in answers:
            cell["source"] = answers[q]
    path.write_text(json.dumps(nb), encoding="utf-8")


def _literal(answers: dict[str, str]) -> dict[str, str]:
    return {q: f"answer_{q} = {a!r}" for q, a in answers.items()}


def _worth(answers: dict[str, str], right: dict[str, str]) -> int:
    ex = exercise(NAME)
    return sum(ex.questions[q].points for q, a in answers.items() if a == right[q])


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("class")
    roster = tmp / "roster.csv"
    roster.write_text("id,name,email\n" + "".join(f"{i},Learner {i},{i}@school\n" for i in IDS), encoding="utf-8")
    handout(roster, tmp / "in", ["01"], COPIES)
    deal = exercise(NAME).deal
    assert deal is not None
    right = {i: deal.right_answers(learner_seed(deal.class_seed, i)) for i in IDS}
    subs = {i: tmp / "in" / i / FILE for i in IDS}
    # a zip made on a Mac: the folder's name in NFD
    nfd = tmp / "in" / unicodedata.normalize("NFD", "J\u00fcri")
    (tmp / "in" / "J\u00fcri").rename(nfd)
    subs["J\u00fcri"] = nfd / FILE
    for i in IDS[:26] + ["J\u00fcri"]:
        _answer(subs[i], _literal(right[i]))
    _answer(subs["l00"], BY_ENGINE)
    _answer(subs["l26"], _literal(right["l25"]))                  # copied l25's answers into their own copy
    subs["l27"].write_text(subs["l25"].read_text(encoding="utf-8"), encoding="utf-8")   # handed in l25's notebook
    # l28 hands in the blank copy
    records = grader.grade([subs[i] for i in IDS], KEYS, jobs=2, sandbox=SANDBOX, cell_timeout=60,
                           roster=read_roster(roster))
    return {"records": records, "right": right, "subs": subs}


def _of(records: list[QuestionRecord], who: str) -> list[QuestionRecord]:
    name = unicodedata.normalize("NFC", who)
    return [r for r in records if unicodedata.normalize("NFC", r.student) == name]


def test_every_learner_is_graded_on_their_own_deal(graded: dict[str, object]) -> None:
    records: list[QuestionRecord] = graded["records"]   # type: ignore[assignment]
    deal = exercise(NAME).deal
    assert deal is not None
    assert len(records) == len(IDS) * len(exercise(NAME).questions)
    for i in IDS:
        mine = _of(records, i)
        assert {r.deal_seed for r in mine} == {learner_seed(deal.class_seed, i)}, i
        assert all(r.status == "graded" for r in mine), (i, [(r.question, r.status, r.feedback) for r in mine])


def test_right_answers_on_each_learners_own_deal_score_full_marks(graded: dict[str, object]) -> None:
    records: list[QuestionRecord] = graded["records"]   # type: ignore[assignment]
    full = exercise(NAME).max_points
    for i in IDS[:26] + ["J\u00fcri"]:
        mine = _of(records, i)
        assert sum(r.points for r in mine) == full, (i, [(r.question, r.answer, r.feedback) for r in mine])
        assert not any(r.deal_flag for r in mine) or i == "l25", i   # l25 was copied from: flagged below


def test_a_neighbours_answers_score_what_they_are_worth_and_are_flagged(graded: dict[str, object]) -> None:
    records: list[QuestionRecord] = graded["records"]   # type: ignore[assignment]
    right: dict[str, dict[str, str]] = graded["right"]   # type: ignore[assignment]
    for who in ("l26", "l27"):
        worth = _worth(right["l25"], right[who])
        assert worth < exercise(NAME).max_points
        mine = _of(records, who)
        assert sum(r.points for r in mine) == worth, who
        assert all(f"{COPIED}: as " in r.deal_flag and "l25" in r.deal_flag for r in mine), who
    assert all(r.deal_flag.startswith(SEED_MISMATCH) for r in _of(records, "l27"))   # l25's seed in its metadata
    assert all(r.deal_flag == f"{COPIED}: as l26, l27" for r in _of(records, "l25"))
    assert sum(r.points for r in _of(records, "l28")) == 0 and not any(r.deal_flag for r in _of(records, "l28"))


def test_the_summary_lists_the_flags(graded: dict[str, object]) -> None:
    records: list[QuestionRecord] = graded["records"]   # type: ignore[assignment]
    flags = {student: text for student, _p, _m, text in grader.totals(records)}
    assert COPIED in flags["l26"] and SEED_MISMATCH in flags["l27"] and flags["l03"] == ""


def test_without_a_roster_the_metadata_seed_is_used_and_said(graded: dict[str, object]) -> None:
    subs: dict[str, Path] = graded["subs"]   # type: ignore[assignment]
    said: list[str] = []
    records = grader.grade([subs["l01"]], KEYS, jobs=1, sandbox=SANDBOX, cell_timeout=60, log=said.append)
    assert sum(r.points for r in records) == exercise(NAME).max_points
    assert any("no roster" in line and "metadata" in line for line in said)


# ------------------------------------------------ exercises 06, 07, 09, 10, 11: deals since the third round

NEW = {"betting": "06", "nut_low": "07", "pot_limit": "09", "flop_play": "10", "position": "11"}
"""Dealt exercises (checker name: number) graded through the sandbox for three learners each."""
TRIO = ("m1", "m2", "m3")
"""m1 answers their own deal right, m2 hands in m1's answers in their own copy, m3 hands in the blank copy."""


@pytest.fixture(scope="module")
def graded_new(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    from omaha_learn.checks import EXERCISES

    tmp = tmp_path_factory.mktemp("new")
    roster = tmp / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"{i},Learner {i}\n" for i in TRIO), encoding="utf-8")
    handout(roster, tmp / "in", list(NEW.values()), COPIES)
    right: dict[tuple[str, str], dict[str, str]] = {}
    subs = []
    for name in NEW:
        deal = exercise(name).deal
        assert deal is not None
        right.update({(name, i): deal.right_answers(learner_seed(deal.class_seed, i)) for i in TRIO})
        _answer(tmp / "in" / "m1" / EXERCISES[name], _literal(right[(name, "m1")]))
        _answer(tmp / "in" / "m2" / EXERCISES[name], _literal(right[(name, "m1")]))   # m1's answers, m2's copy
        subs += [tmp / "in" / i / EXERCISES[name] for i in TRIO]
    records = grader.grade(subs, KEYS, jobs=2, sandbox=SANDBOX, cell_timeout=120, roster=read_roster(roster))
    return {"records": records, "right": right}


@pytest.mark.parametrize("name", list(NEW))
def test_new_exercises_grade_each_learner_on_their_own_deal(graded_new: dict[str, object], name: str) -> None:
    """Every right answer on m1's own deal scores full marks; m1's answers in m2's copy score what they are worth
    on m2's deal (the questions whose answer is the same on both), and both are flagged; the blank copy scores 0."""
    records: list[QuestionRecord] = graded_new["records"]   # type: ignore[assignment]
    right: dict[tuple[str, str], dict[str, str]] = graded_new["right"]   # type: ignore[assignment]
    ex, deal = exercise(name), exercise(name).deal
    assert deal is not None
    mine = {i: [r for r in _of(records, i) if r.exercise.startswith(NEW[name])] for i in TRIO}
    for i in TRIO:
        assert len(mine[i]) == len(ex.questions) and {r.deal_seed for r in mine[i]} == {
            learner_seed(deal.class_seed, i)}, i
        assert all(r.status == "graded" for r in mine[i]), [(r.question, r.status, r.feedback) for r in mine[i]]
    assert sum(r.points for r in mine["m1"]) == ex.max_points, [(r.question, r.answer, r.feedback) for r in mine["m1"]]
    worth = sum(ex.questions[q].points for q, a in right[(name, "m1")].items() if a == right[(name, "m2")][q])
    assert sum(r.points for r in mine["m2"]) == worth < ex.max_points
    assert all(f"{COPIED}: as m2" in r.deal_flag for r in mine["m1"])
    assert all(f"{COPIED}: as m1" in r.deal_flag for r in mine["m2"])
    assert sum(r.points for r in mine["m3"]) == 0 and not any(r.deal_flag for r in mine["m3"])
