"""Exercise 10, flop play (R2, R3, R8, R10, R11): the checker against references that do not use outs(),
plausible wrong answers, and the grader: the key scores full marks, the learner copy and wrong answers zero.

The generic tests in test_checks.py run every question with the key's answer and one wrong answer, and
compare each digest with tests/exercise_references.py (which uses outs()); here the answers are recounted
from best_high/best_low and plain rank arithmetic.
"""

from __future__ import annotations

import shutil
from itertools import combinations
from pathlib import Path

import exercise_references as refs  # tests/ is on sys.path (pytest rootdir-relative)
import nbformat
import pytest

from omaha_learn import best_low, parse_cards
from omaha_learn.checks import STRICT_ENV, exercise
from omaha_learn.checks import flop_play as ex10
from omaha_learn.engine.cards import FULL_DECK, Card
from omaha_learn.engine.evaluation.five_card import Category, high_value

ROOT = Path(__file__).resolve().parent.parent
KEY = ROOT / "exercises" / "solutions" / "10_flop_play.ipynb"
COPY = ROOT / "exercises" / "10_flop_play.ipynb"


def _makes_straight(hole: tuple[Card, ...], board: tuple[Card, ...]) -> bool:
    """R2: two hole cards and three board cards whose five ranks run in a row (suits ignored)."""
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            plain = [Card(c.rank_char + "c") if i % 2 else Card(c.rank_char + "d")
                     for i, c in enumerate((*pair, *triple))]
            if len({c.rank for c in plain}) == 5 and high_value(plain)[0] == Category.STRAIGHT:
                return True
    return False


def test_q1_straight_cards_by_every_two_plus_three_choice() -> None:
    holes, board = ex10.deal()
    hole, flop = holes[0], board[:3]
    unseen = [c for c in FULL_DECK if c not in hole and c not in flop]
    count = sum(_makes_straight(hole, (*flop, c)) for c in unseen)
    assert count == 13 and ex10.EXERCISE.questions["q1"].is_correct(count)
    assert ex10.EXERCISE.questions["q2"].is_correct(f"{count}-card wrap")
    assert ex10.EXERCISE.questions["q2"].is_correct("13 card Wrap")


def test_q4_the_one_higher_heart() -> None:
    """R3: the king of hearts is the only heart above the queen that is neither held nor on the board."""
    hole, flop = (parse_cards(x) for x in ex10.FLUSH)
    higher = [c for c in FULL_DECK if c.suit == "h" and c.rank > 12 and c not in hole and c not in flop]
    assert [str(c) for c in higher] == ["Kh"] and ex10.EXERCISE.questions["q4"].is_correct("kh")


def test_q5_q6_nut_low_turns_by_rank_arithmetic() -> None:
    """R8, R10: with A-2 in the hand, a turn card of a new low rank (not A, 2, 3, 7) makes the nut low;
    an ace or a deuce pairs a hole card and leaves A-2 without the nut low."""
    hole, flop = (parse_cards(x) for x in ex10.LOW_DRAW)
    unseen = [c for c in FULL_DECK if c not in hole and c not in flop]
    nut = [c for c in unseen if c.low_rank <= 8 and c.low_rank not in (1, 2, 3, 7)]
    spoil = [c for c in unseen if c.low_rank in (1, 2)]
    assert ex10.EXERCISE.questions["q5"].is_correct(len(nut))
    assert ex10.EXERCISE.questions["q6"].is_correct(len(spoil))
    for c in spoil:   # each leaves A-2 without the nut low: a 2-4 (or A-4) makes a better low on that board
        mine, better = best_low(hole, (*flop, c)), best_low("4s 2c Kc Kd" if c.low_rank == 1 else "Ac 4s Kc Kd",
                                                             (*flop, c))
        assert better is not None and (mine is None or better > mine)


def test_q7_frozen_out_count() -> None:
    """R10, R11: recounted in the reference module by enumeration; it is a small share of the boards."""
    count = refs.frozen_low_boards(*ex10.FROZEN)
    assert ex10.EXERCISE.questions["q7"].is_correct(count) and count < 820 // 4


@pytest.mark.parametrize(("qid", "wrong"), [
    ("q1", 4), ("q1", 16), ("q2", "open-ended straight draw"), ("q2", "16-card wrap"),
    ("q3", 13), ("q3", 22), ("q4", "Ah"), ("q4", "Kh Th"), ("q5", 21), ("q5", 16), ("q6", 8), ("q6", 3),
    ("q7", 820), ("q7", 0),
])
def test_plausible_wrong_answers_fail(qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    ex = exercise("flop_play")
    ex.check(qid, wrong)
    assert "not yet" in capsys.readouterr().out
    monkeypatch.setenv(STRICT_ENV, "1")
    with pytest.raises(AssertionError):
        ex.check(qid, wrong)


def test_key_full_marks_copy_and_wrong_answers_zero(tmp_path: Path) -> None:
    """One grader call: the key scores 11 of 11, the handed-out copy 0, a copy with wrong answers 0."""
    from omaha_learn.grading import grader as grading

    subs = {}
    for name, src in (("key", KEY), ("copy", COPY)):
        (tmp_path / name).mkdir()
        subs[name] = tmp_path / name / "10_flop_play.ipynb"
        shutil.copy(src, subs[name])
    nb = nbformat.read(COPY, as_version=4)
    wrong = {"q1": "16", "q2": '"open-ended straight draw"', "q3": "13", "q4": '"Ah"', "q5": "21", "q6": "3",
             "q7": "0"}
    for cell in nb.cells:
        qid = cell.metadata.get("omaha_learn", {}).get("question")
        if "answer" in cell.metadata.get("tags", []):
            cell.source = f"answer_{qid} = {wrong[qid]}"
    (tmp_path / "wrong").mkdir()
    subs["wrong"] = tmp_path / "wrong" / "10_flop_play.ipynb"
    nbformat.write(nb, subs["wrong"])
    records = grading.grade(list(subs.values()), KEY.parent, jobs=1, cell_timeout=60)
    scores = {name: sum(r.points for r in records if r.submission == str(path)) for name, path in subs.items()}
    assert scores == {"key": ex10.EXERCISE.max_points, "copy": 0, "wrong": 0}
    assert ex10.EXERCISE.max_points == 11
    assert {r.status for r in records} == {"graded"}
