"""Answers written the way people write them (omaha_learn.checks.answer_forms): accepted and refused, per kind.

A class of learners writes every right answer of every exercise in other forms than the key's
(``"6,961"``, ``"trips"``, ``"7-6-4-2-A"``, ``"Player B"``, ``{"A": 30, ...}``, ``Fraction(1, 3)``, ``0``):
each gets full marks, through the same path as the grader (record_answer's canonical text compared with
the key's); a learner writing wrong answers in those forms gets nothing.
"""

from __future__ import annotations

import json
import re
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
    "fraction": ["2/6", [2, 6], "1:3", [1, 0], Fraction],
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


# ------------------------------------------------- the class's own forms (the teacher's desk, third round)

# Every form the class wrote that was refused, and the other forms in the same family: (kind, written, read as).
CLASS_FORMS: list[tuple[str, object, str]] = [
    ("cards", "9d and 9s", "9d 9s"), ("cards", "9d & 9s", "9d 9s"), ("cards", "Kd, Kc and 2s", "2s Kc Kd"),
    ("cards", "nine of diamonds and nine of spades", "9d 9s"), ("cards", "Ace of Spades", "As"),
    ("category", "3 of a kind", "three of a kind"), ("category", "4 of a kind", "four of a kind"),
    ("category", "2 pair", "two pair"), ("category", "kings full of 7s", "full house"),
    ("category", "pair of 7s", "one pair"), ("category", "Aces full", "full house"),
    ("category", "wheel", "straight"), ("category", "steel wheel", "straight flush"),
    ("low", "wheel", "5-4-3-2-A"), ("low", "the wheel", "5-4-3-2-A"),
    ("lows", "65432 76432", "6-5-4-3-2,7-6-4-3-2"), ("lows", "6-5-4-3-2 7-6-4-3-2", "6-5-4-3-2,7-6-4-3-2"),
    ("lows", "wheel 76432", "5-4-3-2-A,7-6-4-3-2"),
    ("fraction", "one third", "1/3"), ("fraction", "two fifths", "2/5"), ("fraction", "a third", "1/3"),
    ("fraction", "two-fifths", "2/5"), ("fraction", "a half", "1/2"), ("fraction", "1 in 3", "1/3"),
    ("fraction", "one in three", "1/3"), ("fraction", "seven twelfths", "7/12"),
    ("int", "168.0", "168"), ("int", "42.0", "42"), ("int", 168.0, "168"),
    ("player", "B wins", "B"), ("player", "B.", "B"), ("player", "Player B wins!", "B"), ("player", "b won", "B"),
    ("players", "A and C win", "A,C"), ("players", "A & C scoop", "A,C"),
    ("ints", "30/30/60", "30,30,60"), ("ints", "13 and 12", "13,12"), ("ints", "30 30 60", "30,30,60"),
    ("ints", "A 30 and B 30 and C 60", "30,30,60"),
    ("yesno", "fold", "no"), ("yesno", "nope", "no"), ("yesno", "Nope.", "no"), ("yesno", "yep", "yes"),
    # shares: exactly a fraction with a denominator of at most 20, or the one such fraction it rounds from
    ("fraction", "33%", "1/3"), ("fraction", "0.333", "1/3"), ("fraction", "33.3%", "1/3"),
    ("fraction", "0.33", "1/3"), ("fraction", 0.333, "1/3"), ("fraction", 1 / 3, "1/3"), ("fraction", 2 / 5, "2/5"),
    ("fraction", "0.5", "1/2"), ("fraction", "50%", "1/2"), ("fraction", "25 %", "1/4"), ("fraction", "0.4", "2/5"),
    ("fraction", "0.3", "3/10"), ("fraction", "0.583", "7/12"), ("fraction", "58.3%", "7/12"),
    ("fraction", "0.667", "2/3"), ("fraction", "0,333", "1/3"), ("fraction", "12.5%", "1/8"),
    ("fraction", "0.123", "123/1000"),
]

# Refused, each with a piece of the message that says why or what to write.
CLASS_REFUSED: list[tuple[str, object, str]] = [
    ("fraction", "1:2", "odds are ambiguous"), ("fraction", "2 to 1", "odds are ambiguous"),
    ("fraction", "1:3", "write the share as a fraction"),
    ("fraction", "0.58", "not precise enough"), ("fraction", "58%", "not precise enough"),
    ("fraction", "0.35 or so", "could not read"),
    ("player", "B wins and C", "this question asks for one player"), ("player", "Bob wins", "could not read 'Bob wins'"),
    ("player", "nobody", "could not read 'nobody'"),
    ("yesno", "pass", "check in Estonian"), ("yesno", "maybe not", "could not read 'maybe not'"),
    ("low", "wheelie", "'wheel' for 5-4-3-2-A"), ("ints", "30/30/sixty-ish", "could not read"),
    ("cards", "9d and 9", "not a card"), ("category", "wheel or flush", "cannot tell which category"),
]


@pytest.mark.parametrize(("kind", "value", "expected"), CLASS_FORMS)
def test_the_class_forms_are_read(kind: str, value: object, expected: str) -> None:
    assert normalise(kind, value) == expected
    assert canonical(kind, expected) == expected


@pytest.mark.parametrize(("kind", "value", "says"), CLASS_REFUSED)
def test_the_class_forms_refused_say_why(kind: str, value: object, says: str) -> None:
    with pytest.raises(AnswerError, match=re.escape(says)):
        normalise(kind, value)


def test_share_rule_is_the_documented_one() -> None:
    """A decimal that is exactly a fraction with denominator <= 20 is that fraction; any other decimal is the one
    such fraction that rounds to it at the precision written, refused when two do; checked against every fraction
    with denominator <= 20 written with 1 to 4 decimals."""
    small = {Fraction(n, d) for d in range(1, 21) for n in range(0, d + 1)}
    for f in sorted(small):
        for places in range(1, 5):
            written = f"{float(f):.{places}f}"
            exact = Fraction(written)
            near = {g for g in small if abs(g - exact) <= Fraction(1, 2 * 10 ** places)}
            try:
                got = normalise("fraction", written)
            except AnswerError as e:
                assert exact not in small and len(near) > 1, (written, str(e))
                assert "not precise enough" in str(e)
                continue
            want = exact if exact in small else (next(iter(near)) if len(near) == 1 else None)
            assert want is not None and got == f"{want.numerator}/{want.denominator}", (written, got)
            if places >= 4:
                assert got == f"{f.numerator}/{f.denominator}"   # four decimals always pin a denominator <= 20


# ------------------------------------------------------------------ the learners' languages (ru, et)

LANGUAGE_FORMS: list[tuple[str, object, str]] = [
    ("category", "тройка", "three of a kind"), ("category", "Фулл-хаус", "full house"),
    ("category", "фулл хаус", "full house"), ("category", "сет", "three of a kind"), ("category", "флеш", "flush"),
    ("category", "Каре", "four of a kind"), ("category", "две пары", "two pair"), ("category", "стрит", "straight"),
    ("category", "Старшая карта", "high card"), ("category", "стрит-флеш", "straight flush"),
    ("category", "роял-флеш", "royal flush"), ("category", "kolmik", "three of a kind"),
    ("category", "täismaja", "full house"), ("category", "mast", "flush"), ("category", "kaks paari", "two pair"),
    ("category", "nelik", "four of a kind"), ("category", "mastirida", "straight flush"),
    ("categories", "тройка, флеш", "three of a kind,flush"), ("categories", ["täismaja", "mast"], "full house,flush"),
    ("yesno", "да", "yes"), ("yesno", "Нет", "no"), ("yesno", "jah", "yes"), ("yesno", "ei", "no"),
    ("yesno", "Да.", "yes"),
    ("player", "Игрок B", "B"), ("player", "Mängija B", "B"), ("player", "игрок b", "B"),
    ("player", "Игрок В", "B"),        # a Cyrillic В in a player's name reads as the letter it looks like
    ("player", "Игрок B выигрывает", "B"), ("player", "Mängija B võidab", "B"),
    ("players", "игроки A и C", "A,C"), ("players", "Mängijad A ja C", "A,C"), ("players", ["Игрок А", "C"], "A,C"),
    ("int", "140 фишек", "140"), ("int", "140 žetooni", "140"), ("int", "2 фишки", "2"),
    ("ints", "30 и 60", "30,60"), ("ints", "30 ja 60", "30,60"),
    ("cards", "туз пик", "As"), ("cards", "poti äss", "As"), ("cards", "король червей", "Kh"),
    ("cards", "Туз пик и король червей", "Kh As"), ("cards", "пиковый туз", "As"), ("cards", "ärtu kuningas", "Kh"),
    ("cards", "тройка пик", "3s"), ("cards", "десятка бубен", "Td"), ("cards", "ruutu kümme ja risti kaks", "2c Td"),
    ("cards", "дама треф", "Qc"), ("cards", "валет червей", "Jh"),
    ("category", "Тройка", "three of a kind"),   # «тройка» is three of a kind where a category is asked ...
    ("cards", "тройка червей", "3h"),             # ... and the card three where cards are
]

LANGUAGE_REFUSED: list[tuple[str, object, str]] = [
    ("cards", "Кd", "«К» at position 0 is the Cyrillic letter К"),
    ("cards", "Тs", "never read as the ten"), ("cards", "Тs Kd", "Т is the ace (туз)"),
    ("cards", "As Тd", "«Т» at position 3"),
    ("cards", "Aс", "«с» at position 1 is the Cyrillic letter с, which looks like the Latin c"),
    ("cards", "АsKd", "looks like the Latin A"), ("cards", "Дs", "дама, the queen"), ("cards", "Вh", "валет"),
    ("cards", "Mс", "Cyrillic"), ("cards", "9Х", "looks like the Latin X"), ("cards", ["Кd", "Kc"], "Cyrillic letter К"),
    ("cards", "Жs", "is a Cyrillic letter"),
    ("category", "тройка пик", "cannot tell which category"),   # a card, not a category
    ("cards", "mast", "not a card"),     # everyday Estonian: a suit; a category only where one is asked
    ("yesno", "пас", "«пас» is a fold in Russian"), ("yesno", "passin", "check in Estonian"),
]


@pytest.mark.parametrize(("kind", "value", "expected"), LANGUAGE_FORMS)
def test_answers_in_russian_and_estonian_are_read(kind: str, value: object, expected: str) -> None:
    assert normalise(kind, value) == expected


@pytest.mark.parametrize(("kind", "value", "says"), LANGUAGE_REFUSED)
def test_language_traps_are_refused_by_name(kind: str, value: object, says: str) -> None:
    with pytest.raises(AnswerError, match=re.escape(says)):
        normalise(kind, value)


def test_answers_are_read_in_nfc() -> None:
    """A name typed on a Mac arrives decomposed (NFD): «täismaja» and «äss» read the same either way."""
    import unicodedata

    assert normalise("category", unicodedata.normalize("NFD", "täismaja")) == "full house"
    assert normalise("cards", unicodedata.normalize("NFD", "poti äss")) == "As"
    assert normalise("int", unicodedata.normalize("NFD", "140 žetooni")) == "140"


def test_unreadable_answers_are_named_in_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    """The grading helper shows these messages: they quote what the learner wrote and say what to write."""
    record_answer("q6", "Bob wins", "player")
    rep = json.loads(capsys.readouterr().out.strip()[len(REPORT_PREFIX):])
    assert rep["status"] == "unreadable" and rep["text"] == "Bob wins"
    assert "could not read 'Bob wins'" in rep["error"] and "player letter" in rep["error"]
