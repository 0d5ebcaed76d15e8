"""Exercise checkers (omaha_learn.checks): right answers pass, wrong ones fail and teach.

The right answers are taken from the teacher keys (exercises/solutions): the
setup cell and the answer cells are run in-process, no kernel. Every question
must fail on at least one wrong answer (a check that cannot fail is a
defect), print a hint citing its rule (R1-R25) when not strict, and raise
AssertionError when OMAHA_LEARN_STRICT=1.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from exercise_references import REFERENCES  # tests/ is on sys.path (pytest rootdir-relative)
from hypothesis import given
from hypothesis import strategies as st

from omaha_learn.checks import EXERCISES, STRICT_ENV, exercise
from omaha_learn.checks.questions import (
    REPORT_PREFIX,
    AnswerError,
    Exercise,
    Question,
    answer_digest,
    canonical,
    normalise,
    record_answer,
)
from omaha_learn.engine.cards import FULL_DECK, format_cards, parse_cards

KEYS = Path(__file__).resolve().parent.parent / "exercises" / "solutions"


def _key(module: str) -> nbformat.NotebookNode:
    return nbformat.read(KEYS / EXERCISES[module], as_version=4)


def _key_answers(module: str) -> dict[str, object]:
    """Run the key's setup and answer cells in-process; return {qid: the key's answer}."""
    nb = _key(module)
    ns: dict[str, object] = {}
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and ("setup" in tags or "answer" in tags):
            exec(cell.source, ns)  # noqa: S102 - our own key notebooks
    return {q: ns[f"answer_{q}"] for q in exercise(module).questions}


def _wrong(kind: str, right: object) -> object:
    """A wrong answer of the same kind as ``right``."""
    norm = normalise(kind, right)
    if kind == "cards":
        cards = list(parse_cards(norm))
        other = next(c for c in FULL_DECK if c not in cards)
        return format_cards([other, *cards[1:]])
    if kind == "int":
        return int(norm) + 1
    if kind == "ints":
        nums = [int(x) for x in norm.split(",")]
        return [nums[0] + 1, *nums[1:]]
    if kind in ("player", "players"):
        letters = norm.split(",")
        return letters[:-1] if len(letters) > 1 else ("B" if letters[0] != "B" else "A")
    if kind == "player_order":
        letters = norm.split(",")
        return "".join(reversed(letters)) if letters != letters[::-1] else "".join(letters) + "A"
    if kind in ("text", "category"):
        return "royal flush" if norm != "royal flush" else "high card"
    if kind in ("texts", "categories", "lows"):
        return list(reversed(norm.split(",")))
    if kind == "low":
        return "8-7-6-5-4" if norm != "8-7-6-5-4" else "5-4-3-2-A"
    if kind == "fraction":
        num, den = (int(x) for x in norm.split("/"))
        return f"{num + 1}/{den}" if den != 1 else "1/2"  # lowest terms only when den > num + 1 is coprime

    if kind == "yesno":
        return norm == "no"
    raise AssertionError(kind)


QUESTIONS = [(m, q) for m in EXERCISES for q in exercise(m).questions]


@pytest.fixture(scope="module")
def key_answers() -> dict[str, dict[str, object]]:
    return {m: _key_answers(m) for m in EXERCISES}


@pytest.mark.parametrize(("module", "qid"), QUESTIONS)
def test_key_answer_is_correct(module: str, qid: str, key_answers: dict[str, dict[str, object]],
                               capsys: pytest.CaptureFixture[str]) -> None:
    ex = exercise(module)
    ex.check(qid, key_answers[module][qid])
    pts = ex.questions[qid].points
    assert capsys.readouterr().out == f"{qid}: correct ({pts}/{pts} points)\n"


@pytest.mark.parametrize(("module", "qid"), QUESTIONS)
def test_wrong_answer_fails_with_a_hint(module: str, qid: str, key_answers: dict[str, dict[str, object]],
                                        capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each checker can fail: a wrong answer prints 'not yet', the rule and its docs/rules.md link."""
    ex = exercise(module)
    q = ex.questions[qid]
    wrong = _wrong(q.kind, key_answers[module][qid])
    ex.check(qid, wrong)
    out = capsys.readouterr().out
    assert out.startswith(f"{qid}: not yet (0/{q.points} points). {q.rules[0]}")
    assert f"docs/rules.md#{q.rules[0].lower()}" in out
    monkeypatch.setenv(STRICT_ENV, "1")
    with pytest.raises(AssertionError, match=f"^{qid}: not yet"):
        ex.check(qid, wrong)
    with pytest.raises(AssertionError, match="no answer yet"):
        ex.check(qid, None)


def test_every_rule_r1_to_r25_is_practised() -> None:
    rules = {r for m in EXERCISES for r in exercise(m).rules}
    assert {f"R{i}" for i in range(1, 26)} <= rules


@pytest.mark.parametrize("module", sorted(EXERCISES))
def test_key_cells_match_the_checker(module: str) -> None:
    """Checker cells carry the question's id and points; every exercise deals from its module's SEED."""
    nb = _key(module)
    ex = exercise(module)
    meta = [c.metadata["omaha_learn"] for c in nb.cells if "checker" in c.metadata.get("tags", [])]
    assert [(m["question"], m["points"]) for m in meta] == [(q.qid, q.points) for q in ex.questions.values()]
    answers = [c for c in nb.cells if "answer" in c.metadata.get("tags", [])]
    assert [c.metadata["omaha_learn"]["question"] for c in answers] == list(ex.questions)
    mod = __import__(f"omaha_learn.checks.{module}", fromlist=["x"])
    setup = next(c.source for c in nb.cells if "setup" in c.metadata.get("tags", []))
    assert f"checks.{module} import check" in setup
    if ex.deal is not None:   # the notebook's own seed (tests/test_deals.py)
        assert f'deal_of("{module}")' in setup and "DEAL.for_notebook()" in setup
    elif hasattr(mod, "SEED"):
        assert f"seed={mod.SEED}" in setup
    else:   # no cards dealt at random (exercise 12's rivers are fixed hands): nothing to seed
        assert "Deck(" not in setup and "HandState(" not in setup and "seed" not in setup
    if hasattr(mod, "deal") and ex.deal is None:
        assert f"Deck(seed={mod.SEED})" in setup
        holes, board = mod.deal()
        assert len(holes) == 3 and all(len(h) == 4 for h in holes) and len(board) == 5


def test_no_answer_and_unreadable_answers(capsys: pytest.CaptureFixture[str]) -> None:
    ex = exercise("reading_hands")
    ex.check("q1", None)
    ex.check("q1", "Xz Kd")
    ex.check("q6", 3)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("q1: no answer yet (0/1 points). Write your answer in answer_q1")
    assert out[1].startswith("q1: cannot read this answer (0/1 points): could not read your cards: 'Xz'")
    assert out[2].startswith("q6: cannot read this answer (0/1 points): expected a player letter such as 'A', got 3")


def test_unknown_question_and_exercise() -> None:
    with pytest.raises(ValueError, match="no question 'q99'"):
        exercise("lows").check("q99", 1)
    with pytest.raises(ValueError, match="no exercise 'poker'"):
        exercise("poker")


def test_question_needs_a_digest_and_a_known_kind() -> None:
    with pytest.raises(TypeError):
        Question("q1", "int", 1, ("R1",), "hint")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="sha256 hex digest"):
        Question("q1", "int", 1, ("R1",), "hint", "7")
    with pytest.raises(ValueError, match="unknown answer kind"):
        Question("q1", "number", 1, ("R1",), "hint", "0" * 64)
    with pytest.raises(ValueError, match="defined twice"):
        Exercise("x", [Question("q1", "int", 1, ("R1",), "h", answer_digest("int", 1))] * 2)


def test_every_answer_is_stored_only_as_a_digest() -> None:
    """nothing importable hands out an answer (no expected(), no result(), no seeded_hand())."""
    for m in EXERCISES:
        mod = __import__(f"omaha_learn.checks.{m}", fromlist=["x"])
        assert not {"result", "seeded_hand"} & set(dir(mod)), m
        assert not [n for n in dir(mod) if re.fullmatch(r"_q\d+", n)], m
        ex = exercise(m)
        for q in ex.questions.values():   # an exercise with a deal computes its answers: no digest at all
            assert re.fullmatch(r"[0-9a-f]{64}" if ex.deal is None else "", q.digest)
            assert not hasattr(q, "expected")


@pytest.mark.parametrize(("module", "qid"), [(m, q) for m, f in REFERENCES.items() for q in f()])
def test_seeded_digests_are_what_the_engine_says(module: str, qid: str) -> None:
    """Each seeded answer's digest matches the engine's answer recomputed in tests/exercise_references.py."""
    ex = exercise(module)
    q = ex.questions[qid]
    if ex.deal is not None:   # computed from the class deal: the same as the references say
        assert ex.deal.right_answers(ex.deal.class_seed)[qid] == normalise(q.kind, REFERENCES[module]()[qid]())
        return
    assert q.digest == answer_digest(q.kind, REFERENCES[module]()[qid]())


def test_feedback_is_coloured_with_rule_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """right is green, wrong is red, and each rule (here R2, R6) links to docs/rules.md#rN."""
    q = exercise("reading_hands").questions["q3"]
    right, wrong = q.feedback("full house"), q.feedback("flush")
    assert right.correct and "#1a7f37" in right._repr_html_() and "href" not in right._repr_html_()
    html = wrong._repr_html_()
    assert "#b3261e" in html and not wrong.correct
    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root / "exercises")
    assert '<a href="../docs/rules.md#r2"' in wrong._repr_html_() and 'href="../docs/rules.md#r6"' in wrong._repr_html_()
    monkeypatch.chdir(root / "exercises" / "solutions")
    assert 'href="../../docs/rules.md#r2"' in wrong._repr_html_()
    assert wrong.text.endswith("(rules: docs/rules.md#r2 docs/rules.md#r6)")


def test_report_prints_the_canonical_answer_and_no_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    record_answer("q1", ["kd", "KC"], "cards")
    record_answer("q2", None, "int")
    record_answer("q3", object(), "int")
    lines = capsys.readouterr().out.splitlines()
    assert all(line.startswith(REPORT_PREFIX) for line in lines)
    got = [json.loads(line[len(REPORT_PREFIX):]) for line in lines]
    assert got[0] == {"question": "q1", "status": "answer", "answer": "Kc Kd", "text": "['kd', 'KC']"}
    assert got[1] == {"question": "q2", "status": "none"}
    assert got[2]["status"] == "unreadable" and "correct" not in lines[2]


@pytest.mark.parametrize(("kind", "value"), [("cards", "Kd 2c"), ("int", -3), ("ints", [6, 5, 6]),
                                             ("player", "b"), ("players", "CA"), ("player_order", "CAB"),
                                             ("text", "Two_Pair"), ("texts", ["flush", "straight"]),
                                             ("yesno", False)])
def test_canonical_answers_survive_the_trip_to_the_grader(kind: str, value: object) -> None:
    text = normalise(kind, value)
    assert canonical(kind, text) == text
    with pytest.raises(AnswerError):
        canonical(kind, "x" * 3000)


@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=6, unique=True), st.randoms())
def test_cards_answers_ignore_order_and_notation(cards: list[object], rnd: object) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    pretty = format_cards(shuffled, pretty=True)  # type: ignore[arg-type]
    assert normalise("cards", pretty) == normalise("cards", [str(c) for c in cards])
    assert answer_digest("cards", pretty) == answer_digest("cards", cards)


@given(st.sets(st.sampled_from("ABCDEF"), min_size=1))
def test_player_sets_ignore_order_and_case(players: set[str]) -> None:
    letters = sorted(players)
    assert normalise("players", [p.lower() for p in reversed(letters)]) == ",".join(letters)
    assert normalise("players", "".join(letters)) == ",".join(letters)


@pytest.mark.parametrize(("kind", "value"), [("int", True), ("int", "ten thousand"), ("yesno", "maybe"),
                                             ("texts", "flush"), ("player", "AB"), ("ints", [1.5])])
def test_unreadable_answers_raise_answer_error(kind: str, value: object) -> None:
    with pytest.raises(AnswerError):
        normalise(kind, value)


# ------------------------------------------- exercise 6 against the betting engine

def _betting_engine_answers() -> dict[str, object]:
    """Play each betting question (R13-R19) in HandState; seats 0, 1, 2, ... are players A, B, C, ..."""
    from omaha_learn import HandState

    def letters(*seats: int) -> str:
        return "".join("ABCDEF"[s] for s in seats)

    out: dict[str, object] = {}
    h = HandState([100] * 6, game="plo", blinds=(1, 2), button=4, seed=1)
    out["q1"] = letters(h.sb_seat, h.bb_seat)
    h = HandState([100, 100], game="plo", blinds=(1, 2), button=0, seed=1)
    first = h.to_act
    h.call()
    h.check()
    out["q2"] = letters(first, h.to_act)  # type: ignore[arg-type]
    h = HandState([100] * 6, game="plo", blinds=(1, 2), button=2, seed=1)
    first = h.to_act
    for _ in range(5):
        h.call()
    h.check()
    out["q3"] = letters(first, h.to_act)  # type: ignore[arg-type]
    h = HandState([1000] * 3, game="plo", blinds=(5, 10), button=2, seed=1)
    h.call(), h.call(), h.check()
    h.bet(10), h.raise_to(30), h.call()
    out["q4"] = not (h.street == "flop" and h.to_act == 0)
    h = HandState([100] * 3, game="hilo", blinds=(1, 2), button=2, seed=1)
    h.call(), h.call(), h.check()
    h.check(), h.check(), h.check()
    assert h.street == "turn"
    bet = h.legal_actions().min_to
    h.bet(bet)  # type: ignore[arg-type]
    out["q5"] = [bet, h.legal_actions().min_to]
    h = HandState([100] * 4, game="hilo", blinds=(1, 2), button=3, seed=1)
    for _ in range(3):
        h.call()
    h.check()
    for _ in range(4):
        h.act("raise" if any(h.bets) else "bet", h.legal_actions().min_to)
    out["q6"] = max(h.bets) if not h.legal_actions().can_raise else -1
    h = HandState([1000] * 4, game="plo", blinds=(5, 10), button=3, seed=1)
    out["q7"] = h.legal_actions().max_to
    h = HandState([1000] * 4, game="plo", blinds=(5, 10), button=3, seed=1)
    h.raise_to(25), h.call(), h.call(), h.call()
    assert h.pot == 100 and h.street == "flop"
    h.bet(30), h.call()
    out["q8"] = h.legal_actions().max_to
    h = HandState([100, 100, 40, 100], game="plo", blinds=(5, 10), button=3, seed=1)
    h.call(), h.call(), h.call(), h.check()
    h.bet(20), h.call(), h.raise_to(30), h.call()
    out["q9"] = h.to_act == 0 and h.legal_actions().can_raise
    h = HandState([100, 100, 42, 55], game="plo", blinds=(5, 10), button=3, seed=1)
    h.call(), h.call(), h.call(), h.check()
    h.bet(20), h.call(), h.raise_to(32), h.raise_to(45)
    out["q10"] = h.to_act == 0 and h.legal_actions().can_raise
    return out


@pytest.mark.parametrize("qid", [f"q{i}" for i in range(1, 11)])
def test_betting_answers_agree_with_the_engine(qid: str) -> None:
    """The fixed (digest-only) answers of exercise 6 (R13-R19) are what HandState does."""
    answers = _betting_engine_answers()
    assert exercise("betting").questions[qid].is_correct(answers[qid]), (qid, answers[qid])


def test_every_question_has_its_text_and_hints_only_for_wrong_answers() -> None:
    """Feedback pages show each question's text; a hint for a mistake never names the right answer."""
    for m in EXERCISES:
        nb = _key(m)
        for q in exercise(m).questions.values():
            assert 10 < len(q.text) <= 310, (m, q.qid)
            assert any(q.text.replace("**", "")[:40] in " ".join(c.source.replace("**", "").split())
                       for c in nb.cells if c.cell_type == "markdown"), (m, q.qid)
            for wrong in q.wrong_hints:
                assert normalise(q.kind, wrong) == wrong, (m, q.qid, wrong)   # keyed by the normalised answer
                assert not q.is_correct(wrong), (m, q.qid)
