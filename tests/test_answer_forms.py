"""Answers written the way people write them (omaha_learn.checks.answer_forms): accepted and refused, per kind.

A class of learners writes every right answer of every exercise in other forms than the key's
(``"6,961"``, ``"trips"``, ``"7-6-4-2-A"``, ``"Player B"``, ``{"A": 30, ...}``, ``Fraction(1, 3)``, ``0``):
each gets full marks, through the same path as the grader (record_answer's canonical text compared with
the key's); a learner writing wrong answers in those forms gets nothing.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from test_checks import _key_answers, _wrong  # tests/ is on sys.path

from omaha_learn.checks import EXERCISES, exercise
from omaha_learn.checks.questions import REPORT_PREFIX, AnswerError, canonical, normalise, record_answer
from omaha_learn.engine.evaluation.five_card import Category
from omaha_learn.engine.evaluation.hands import best_low
from omaha_learn.engine.evaluation.nuts import nut_low

ACCEPTED: dict[str, list[tuple[object, str]]] = {
    "cards": [("Kd Kc", "Kc Kd"), ("kc, KD", "Kc Kd"), (["Kd", "kc"], "Kc Kd"), ("10h 9s", "9s Th"),
              ("K♠ Q♥", "Qh Ks"), ("KdKc", "Kc Kd")],
    "int": [(6961, "6961"), ("6,961", "6961"), ("6 961", "6961"), ("6\u202f961", "6961"), ("140 chips", "140"),
            ("$40", "40"), ("twelve", "12"), ("twenty-five", "25"), (np.int64(7), "7"), (7.0, "7"), ("-3", "-3"),
            ("1,234,567", "1234567"), (Fraction(4, 1), "4")],
    "ints": [([30, 30, 60], "30,30,60"), ((30, 30, 60), "30,30,60"), ("30, 30, 60", "30,30,60"),
             ("A 30, B 30, C 60", "30,30,60"), ("A: 30; B: 30; C: 60", "30,30,60"),
             ({"A": 30, "B": 30, "C": 60}, "30,30,60"), ({"c": 60, "b": 30, "a": 30}, "30,30,60"),
             ({"Player A": 13, "Player B": 12}, "13,12"), (np.array([4, 8]), "4,8")],
    "low": [(76421, "7-6-4-2-A"), ("7-6-4-2-A", "7-6-4-2-A"), ("7 6 4 2 A", "7-6-4-2-A"), ("76421", "7-6-4-2-A"),
            ("7642A", "7-6-4-2-A"), ("a-2-4-6-7", "7-6-4-2-A"), ([7, 6, 4, 2, 1], "7-6-4-2-A"),
            (["7", "6", "4", "2", "A"], "7-6-4-2-A"), ("7-6-4-2-A low", "7-6-4-2-A"), (0, "no low"),
            ("no low", "no low"), (nut_low("3h 5s Jc 7d Kd"), "7-5-3-2-A"),
            (best_low("Ah 2h Kc Kd", "3h 4h 5h Qs Js"), "5-4-3-2-A"), (94321, "9-4-3-2-A")],
    "lows": [([65432, "7-6-4-3-2"], "6-5-4-3-2,7-6-4-3-2"), ("65432, 76432", "6-5-4-3-2,7-6-4-3-2"),
             ("6-5-4-3-2; 7-6-4-3-2", "6-5-4-3-2,7-6-4-3-2")],
    "fraction": [(Fraction(1, 3), "1/3"), ("1/3", "1/3"), ("1 / 3", "1/3"), ([1, 3], "1/3"), ((2, 5), "2/5")],
    "player": [("B", "B"), ("b", "B"), ("Player B", "B"), (" player b ", "B"), (["B"], "B")],
    "players": [("B", "B"), ("b", "B"), ("Player B", "B"), ("A and B", "A,B"), ("A, B", "A,B"), ("AB", "A,B"),
                ("players A & C", "A,C"), (["c", "A"], "A,C"), ({"B", "A"}, "A,B"), ("A+B", "A,B")],
    "player_order": [("FA", "F,A"), ("F, A", "F,A"), ("F then A", "F,A"), (["F", "A"], "F,A"), ("f a", "F,A")],
    "category": [("three of a kind", "three of a kind"), ("trips", "three of a kind"), ("set", "three of a kind"),
                 ("Three_Of_A_Kind", "three of a kind"), ("boat", "full house"), ("quads", "four of a kind"),
                 ("ace high", "high card"), ("Ace-high", "high card"), ("high card", "high card"),
                 ("full house (kings full of sevens)", "full house"), ("kings full of sevens", "full house"),
                 ("a pair of twos", "one pair"), ("pair", "one pair"), ("two pairs", "two pair"),
                 ("jack-high flush", "flush"), (Category.FLUSH, "flush"), ("Royal", "royal flush"),
                 ("queens full", "full house"), ("two pair: kings and nines", "two pair"),
                 ("full house, kings full of sevens", "full house")],
    "categories": [(["boat", "flush", "straight", "trips", "two pair"],
                    "full house,flush,straight,three of a kind,two pair"),
                   ("full house, flush, straight", "full house,flush,straight"),
                   ("quads > boat", "four of a kind,full house")],
    "yesno": [(False, "no"), ("no", "no"), ("false", "no"), ("False", "no"), (0, "no"), ("0", "no"),
              (np.bool_(True), "yes"), ("Yes", "yes"), (1, "yes"), ("y", "yes")],
}

REFUSED: dict[str, list[object]] = {
    "cards": ["Xz Kd", 7, "K"],
    "int": [True, "7-6-4-2-A", "ten thousand", "6.961", "1,23", "about 40", 1.5, None.__class__, "6,961.5"],
    "ints": ["A 30, C 60", {"A": 30, "A ": 40}, [1.5], "", {"X": 3}],
    "low": [76431 * 10, "7-6-4-2", "7-7-4-2-A", "K-6-4-2-A", True, 1.5, "seventy six"],
    "lows": [76421, "7-6-4-2-A", "nothing"],
    "fraction": [0.333, "2/6", [2, 6], "1:3", "a third", [1, 0], Fraction],
    "player": ["A and B", "AB", 3, "Player", "X"],
    "players": ["Player", "A and X", 3, "A, A", {"A": 1}],
    "player_order": ["F and Z", 7],
    "category": ["flush or straight", "good hand", 7, "kings", "(full house)", "full house, flush", "trips; boat"],
    "categories": ["flush", 7],
    "yesno": ["maybe", 2, "yes no", None.__class__],
}


@pytest.mark.parametrize(("kind", "value", "expected"), [(k, v, e) for k, vs in ACCEPTED.items() for v, e in vs])
def test_accepted_forms(kind: str, value: object, expected: str) -> None:
    assert normalise(kind, value) == expected
    assert canonical(kind, expected) == expected   # the grader re-reads the canonical text to the same


@pytest.mark.parametrize(("kind", "value"), [(k, v) for k, vs in REFUSED.items() for v in vs])
def test_refused_forms_say_what_to_write(kind: str, value: object) -> None:
    with pytest.raises(AnswerError) as info:
        normalise(kind, value)
    assert len(str(info.value)) > 20  # a message, not a bare error


def test_every_kind_has_accepted_and_refused_forms() -> None:
    from omaha_learn.checks.answer_forms import KINDS

    assert set(KINDS) - {"text", "texts"} <= set(ACCEPTED) & set(REFUSED)


def test_hints_answer_the_mistake_made() -> None:
    """A right category written differently is right; a wrong one gets the hint for that wrong category."""
    q4 = exercise("reading_hands").questions["q4"]
    assert q4.is_correct("ace high") and q4.is_correct("A-high") and q4.is_correct("High card")
    assert "flush needs two hole cards" in q4.feedback("flush").text
    assert "flush needs two hole cards" not in q4.feedback("one pair").text
    q5 = exercise("reading_hands").questions["q5"]
    assert q5.is_correct("trips") and q5.is_correct("set of queens")
    assert "Only one queen" in q5.feedback("boat").text
    q3 = exercise("reading_hands").questions["q3"]
    assert q3.is_correct("full house (kings full of sevens)") and q3.is_correct("boat")


def test_nut_low_question_takes_the_object_it_asks_about() -> None:
    from omaha_learn.checks import nut_low as ex07

    _, board = ex07.deal()
    assert exercise("nut_low").questions["q1"].is_correct(nut_low(board))


# ------------------------------------------------------------- a class of learners

def _other_forms(kind: str, norm: str) -> list[object]:
    """The key's canonical answer ``norm`` as learners write it."""
    if kind == "int":
        n = int(norm)
        return [f"{n:,}", f"{n} chips", float(n), np.int64(n)]
    if kind == "ints":
        nums = [int(x) for x in norm.split(",")]
        labelled = ", ".join(f"{'ABCDEFGHIJ'[i]} {x}" for i, x in enumerate(nums))
        return [tuple(nums), ", ".join(map(str, nums)), labelled, {"ABCDEFGHIJ"[i]: x for i, x in enumerate(nums)}]
    if kind == "low":
        return ["no low", 0] if norm == "no low" else [norm.replace("-", " "), int(norm.replace("A", "1")
                                                                                   .replace("-", ""))]
    if kind == "lows":
        return [[x.replace("-", " ") for x in norm.split(",")], ", ".join(norm.split(","))]
    if kind == "fraction":
        num, den = norm.split("/")
        return [Fraction(int(num), int(den)), [int(num), int(den)], f"{num} / {den}"]
    if kind in ("player", "players"):
        letters = norm.split(",")
        forms: list[object] = [" and ".join(f"Player {x}" for x in letters), ", ".join(x.lower() for x in letters)]
        return forms if kind == "players" or len(letters) == 1 else forms[:0]
    if kind == "player_order":
        return [", ".join(norm.split(",")), " then ".join(norm.split(","))]
    if kind == "category":
        return {"three of a kind": ["trips", "set"], "high card": ["ace high"], "full house": ["boat"],
                "one pair": ["pair"], "four of a kind": ["quads"]}.get(norm, [norm.upper()])
    if kind == "categories":
        short = {"three of a kind": "trips", "full house": "boat"}
        return [[short.get(x, x) for x in norm.split(",")], ", ".join(norm.split(","))]
    if kind == "yesno":
        return [int(norm == "yes"), norm, str(norm == "yes")]
    if kind == "cards":
        return [", ".join(reversed(norm.lower().split())), norm.split()[::-1]]
    if kind == "text":
        return [norm.upper(), norm.title().replace(" ", "-"), f"  {norm}  "]
    raise AssertionError(kind)


def _graded(kind: str, answer: object, capsys: pytest.CaptureFixture[str], qid: str) -> dict[str, str]:
    record_answer(qid, answer, kind)
    line = capsys.readouterr().out.strip()
    assert line.startswith(REPORT_PREFIX)
    out: dict[str, str] = json.loads(line[len(REPORT_PREFIX):])
    return out


@pytest.mark.parametrize("module", sorted(EXERCISES))
def test_a_class_writing_right_answers_in_other_forms_gets_full_marks(
        module: str, capsys: pytest.CaptureFixture[str]) -> None:
    """As the grader decides: the learner's reported canonical text against the key's canonical answer."""
    ex = exercise(module)
    keys = _key_answers(module)
    capsys.readouterr()
    right_marks = wrong_marks = 0
    for qid, q in ex.questions.items():
        key = normalise(q.kind, keys[qid])
        for form in _other_forms(q.kind, key):
            rep = _graded(q.kind, form, capsys, qid)
            assert rep["status"] == "answer" and canonical(q.kind, rep["answer"]) == key, (qid, form, rep)
            assert q.is_correct(form)
        right_marks += q.points
        wrong = _wrong(q.kind, keys[qid])
        rep = _graded(q.kind, wrong, capsys, qid)
        wrong_marks += q.points * (rep["status"] == "answer" and rep["answer"] == key)
        assert not q.is_correct(wrong)
    assert right_marks == ex.max_points and wrong_marks == 0
