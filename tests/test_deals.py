"""A deal of its own for every learner (issue 30): seeds, deals, answers, handout, the grader's side.

The class graded through the sandbox is in ``tests/test_deals_class.py`` (a full test).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import replace
from pathlib import Path

import nbformat
import pytest
from depth import examples

from omaha_learn import cli
from omaha_learn.checks import EXERCISES, exercise
from omaha_learn.checks.deals import Deal, deal_hands, learner_seed, use_seed
from omaha_learn.checks.questions import deal_of, normalise
from omaha_learn.errors import DealError
from omaha_learn.grading import deals as grading_deals
from omaha_learn.grading.deals import COPIED, SEED_MISMATCH, Learner, flag_copies, read_roster, seed_for
from omaha_learn.grading.handout import handout, rules_beside
from omaha_learn.grading.records import QuestionRecord

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPIES = ROOT / "exercises"
DEALT = [name for name in EXERCISES if exercise(name).deal is not None]
IDS = [f"learner{i:02d}" for i in range(28)] + ["J\u00fcri", "Zo\u00eb"]


def _deal(name: str) -> Deal[object]:
    deal = exercise(name).deal
    assert deal is not None
    return deal


@pytest.fixture(autouse=True)
def _class_seed() -> object:
    """Every test starts (and leaves) the notebooks' deals on the class seed, no grader seed set."""
    from omaha_learn.checks import deals as checks_deals

    yield
    checks_deals._FORCED.clear()
    for name in DEALT:
        _deal(name).current_seed = _deal(name).class_seed


def test_exercises_01_to_06_have_deals() -> None:
    assert {"reading_hands", "high_hands", "lows", "hilo_showdown", "side_pots", "betting"} <= set(DEALT)


def test_seeds_are_deterministic_from_the_roster_id_in_nfc() -> None:
    assert learner_seed(107, "ann") == learner_seed(107, "ann") == learner_seed(107, "  ann\n")
    assert learner_seed(107, "J\u00fcri") == learner_seed(107, unicodedata.normalize("NFD", "J\u00fcri"))
    assert learner_seed(107, "ann") != learner_seed(116, "ann")     # each exercise deals anew
    assert isinstance(learner_seed(107, "ann"), int) and 0 <= learner_seed(107, "ann") < 2**64
    assert len({learner_seed(107, i) for i in IDS}) == len(IDS)
    for bad in ("", "   "):
        with pytest.raises(DealError, match="empty"):
            learner_seed(107, bad)
    with pytest.raises(DealError, match="not a whole number"):
        learner_seed(True, "ann")


@pytest.mark.parametrize("name", DEALT)
def test_every_learner_gets_a_different_valid_deal(name: str) -> None:
    """30 learners: 30 different deals, each fit for its questions (a well-defined answer to each). The fast run
    deals to 10 of them, the two with letters beyond ASCII among them (``tests/depth.py``)."""
    deal = _deal(name)
    seen = set()
    answers = {}
    ids = IDS[:examples(len(IDS)) - 2] + IDS[-2:]
    for ident in ids:
        data = deal.draw(learner_seed(deal.class_seed, ident))
        assert deal._problem(data) is None
        seen.add(str(data))
        right = answers[ident] = deal.right_answers(learner_seed(deal.class_seed, ident))
        assert set(right) == set(exercise(name).questions) and all(right.values())
    assert len(seen) == len(ids)
    depends = {q: {answers[i][q] for i in ids} for q in deal.depends}
    assert all(len(v) > 1 for v in depends.values()), depends   # a deal question's answer changes with the deal
    fixed = set(exercise(name).questions) - set(deal.depends)
    for q in fixed:                                               # the others are the same for everyone
        assert len({answers[i][q] for i in ids}) == 1, q


@pytest.mark.parametrize("name", DEALT)
def test_an_unfit_deal_is_redrawn_deterministically(name: str) -> None:
    deal = _deal(name)
    if not deal.redraws:   # every deal fits: the deal is the seed's own
        assert all(str(deal.draw(s)) == str(deal._generate(s)) for s in range(50))
        return
    unfit = next(s for s in range(10_000) if deal._problem(deal._generate(s)) is not None)
    first, again = deal.draw(unfit), deal.draw(unfit)
    assert str(first) == str(again) and deal._problem(first) is None
    assert str(first) != str(deal._generate(unfit))
    with pytest.raises(DealError, match="not a whole number"):
        deal.draw("7")  # type: ignore[arg-type]


def _key_answers(name: str) -> dict[str, object]:
    """The key notebook's answers: its setup and answer cells run here (class seed)."""
    nb = nbformat.read(KEYS / EXERCISES[name], as_version=4)
    scope: dict[str, object] = {}
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and ("setup" in tags or "answer" in tags):
            exec(cell.source, scope)  # noqa: S102 - the project's own key
    return {q: scope[f"answer_{q}"] for q in exercise(name).questions}


@pytest.mark.parametrize("name", DEALT)
def test_the_engine_answers_for_the_class_seed_are_the_keys(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    deal, ex = _deal(name), exercise(name)
    key = _key_answers(name)
    assert "the class deal" in capsys.readouterr().out
    right = deal.right_answers(deal.class_seed)
    assert {q: normalise(ex.questions[q].kind, a) for q, a in key.items()} == right


@pytest.mark.parametrize("name", DEALT)
def test_keys_and_copies_carry_no_answer_digest(name: str) -> None:
    for path in (KEYS / EXERCISES[name], COPIES / EXERCISES[name]):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"[0-9a-f]{64}", text) and "DEAL.for_notebook()" in text
    assert all(q.digest == "" for q in exercise(name).questions.values())


def test_the_checker_grades_against_the_notebooks_own_deal(capsys: pytest.CaptureFixture[str]) -> None:
    deal, ex = deal_of("reading_hands"), exercise("reading_hands")
    seed = learner_seed(deal.class_seed, "ann")
    mine, theirs = deal.right_answers(seed), deal.right_answers(deal.class_seed)
    q = next(q for q in deal.depends if mine[q] != theirs[q])
    deal.for_notebook(seed=seed)
    ex.check(q, mine[q])
    ex.check(q, theirs[q])
    out = capsys.readouterr().out.splitlines()
    assert "correct" in out[0] and "not yet" in out[1]
    use_seed("reading_hands", deal.class_seed)          # the grader's seed wins over the cell's
    assert deal.seed_for(seed) == (deal.class_seed, "set by the grader")


def test_the_notebook_reads_its_seed_from_its_metadata(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nann,Ann\n", encoding="utf-8")
    [path] = handout(roster, tmp_path / "out", ["01"], COPIES)
    deal = deal_of("reading_hands")
    assert deal.seed_for() == (deal.class_seed, "the class deal")         # a practice copy: the class seed
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))                      # JupyterLab names the notebook
    assert deal.seed_for() == (learner_seed(deal.class_seed, "ann"), "your own deal")


def test_handout_writes_a_copy_per_learner_with_their_seed(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    nfd = unicodedata.normalize("NFD", "J\u00fcri")
    roster.write_text(f"id,name,email,section\nann,Ann,a@x,1\n{nfd},J\u00fcri,j@x,2\n", encoding="utf-8")
    files = handout(roster, tmp_path / "out", ["01", "03", "12"], COPIES)
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in files) == sorted(
        f"{who}/{ex}" for who in ("ann", "J\u00fcri")
        for ex in ("01_reading_hands.ipynb", "03_lows.ipynb", "12_why_bet.ipynb"))
    for p in files:
        nb = json.loads(p.read_text(encoding="utf-8"))
        ol = nb["metadata"]["omaha_learn"]
        text = p.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text
        assert "../docs/" not in text and "](rules.md#r" in text         # the rules beside the copy
        assert (p.parent / "rules.md").read_text(encoding="utf-8") == (ROOT / "docs" / "rules.md").read_text(
            encoding="utf-8")
        if p.name == "12_why_bet.ipynb":             # no deal: the practice copy, its rule links beside it
            assert nb == rules_beside(json.loads((COPIES / p.name).read_text(encoding="utf-8")))
            continue
        deal = _deal(ol["exercise"])
        seed = learner_seed(deal.class_seed, p.parent.name)
        assert ol["seed"] == seed and ol["learner"] == unicodedata.normalize("NFC", p.parent.name)
        assert f"DEAL.for_notebook(seed={seed})" in text and not re.search(r"[0-9a-f]{64}", text)
        setup = next(c for c in nb["cells"] if "setup" in c["metadata"].get("tags", []))
        assert "".join(setup["outputs"][0]["text"]) == deal.describe(deal.draw(seed), seed) + "\n"


@pytest.mark.parametrize(("text", "why"), [
    ("name,email\nann,a@x\n", "no id column"),
    ("id,name\nann,Ann\n,Bob\n", "line 3: empty id"),
    ("id,name\nann,Ann\nbob,Bob\nann,Ann again\n", "line 4: id 'ann' again \\(first on line 2\\)"),
    ("id,name\n", "no learners"),
])
def test_a_bad_roster_is_refused_naming_the_line(text: str, why: str, tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(text, encoding="utf-8")
    with pytest.raises(DealError, match=why):
        read_roster(roster)


def test_a_roster_id_that_is_no_folder_name_is_refused(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n../x,Evil\n", encoding="utf-8")
    with pytest.raises(DealError, match="not usable as a folder name"):
        handout(roster, tmp_path / "out", ["01"], COPIES)
    assert not (tmp_path / "x").exists()


def test_handout_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nann,Ann\nbob,Bob\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli.main(["handout", "--roster", str(roster), "--out", str(out), "--exercises", "01,05",
                     "--copies", str(COPIES)]) == 0
    assert "wrote 4 notebooks to" in capsys.readouterr().out
    assert cli.main(["handout", "--roster", str(roster), "--out", str(out), "--exercises", "99",
                     "--copies", str(COPIES)]) == 2
    assert "--exercises: no copy '99'" in capsys.readouterr().err


def test_the_grader_takes_the_seed_from_the_roster_and_flags_a_metadata_seed_that_disagrees() -> None:
    deal = _deal("reading_hands")
    roster = {"ann": Learner("ann", "Ann"), "bob": Learner("bob", "Bob")}
    ann, bob = learner_seed(deal.class_seed, "ann"), learner_seed(deal.class_seed, "bob")
    meta = {"omaha_learn": {"exercise": "reading_hands", "seed": ann}}
    assert seed_for("reading_hands", meta, "ann", roster) == (ann, "", "")
    seed, flag, note = seed_for("reading_hands", meta, "bob", roster)     # bob handed in ann's notebook
    assert (seed, flag) == (bob, SEED_MISMATCH) and "graded on the learner's own deal" in note
    seed, flag, note = seed_for("reading_hands", meta, "bob", None)       # no roster: the metadata, said so
    assert (seed, flag) == (ann, "") and "no roster" in note and str(ann) in note
    seed, flag, note = seed_for("reading_hands", {}, "cy", roster)        # not on the roster, no seed
    assert seed == deal.class_seed and "not on the roster" in note and "class deal" in note
    assert seed_for("why_bet", meta, "ann", roster) == (None, "", "")  # no deal: nothing changes


def _records(student: str, seed: int, answers: dict[str, str]) -> list[QuestionRecord]:
    return [QuestionRecord(student, "01_reading_hands", q, 0, 1, "graded", answer=a, submission=f"{student}/01",
                           deal_seed=seed) for q, a in answers.items()]


def test_same_answers_on_different_deals_are_flagged() -> None:
    deal = _deal("reading_hands")
    seeds = {who: learner_seed(deal.class_seed, who) for who in ("ann", "bob", "cy", "dee")}
    ann = deal.right_answers(seeds["ann"])
    cy = deal.right_answers(seeds["cy"])
    records = (_records("ann", seeds["ann"], ann) + _records("bob", seeds["bob"], ann)     # bob copied ann
               + _records("cy", seeds["cy"], cy)                                           # honest
               + _records("dee", seeds["dee"], {q: a for q, a in ann.items() if q not in deal.depends}))
    flagged = {r.student: r.deal_flag for r in flag_copies(records)}
    assert flagged["ann"] == f"{COPIED}: as bob" and flagged["bob"] == f"{COPIED}: as ann"
    assert flagged["cy"] == "" and flagged["dee"] == ""   # the fixed questions alone prove nothing


def test_learner_key_holds_the_engines_answers_for_the_learners_seed() -> None:
    from omaha_learn.grading.grader import load_key

    key = load_key(KEYS / EXERCISES["reading_hands"])
    seed = learner_seed(107, "ann")
    mine = grading_deals.learner_key(key, seed)
    assert mine.answers == _deal("reading_hands").right_answers(seed) and key.answers == {}
    assert grading_deals.learner_key(key, None) is key


def test_deal_hands_deals_one_card_at_a_time() -> None:
    d = deal_hands(107)
    assert [d.cards[i::3] for i in range(3)] == list(d.holes) and len(d.board) == 5


def test_the_class_list_of_grade_roster_fixes_the_deals_too(tmp_path: Path) -> None:
    """``omaha-learn grade --roster`` reads the class list (folders, Canvas names): its ids give the seeds."""
    from omaha_learn.grading.roster import read_roster as read_class_list

    path = tmp_path / "roster.csv"
    path.write_text("id,name,email,folder\n1001,Ann Smith,ann@school,smitha\n", encoding="utf-8")
    roster = read_class_list(path)
    deal = _deal("reading_hands")
    seed, flag, _note = seed_for("reading_hands", {}, "smitha", roster, tmp_path / "smitha" / "01.ipynb")
    assert (seed, flag) == (learner_seed(deal.class_seed, "1001"), "")
    seed, _flag, note = seed_for("reading_hands", {}, "zed", roster, tmp_path / "zed" / "01.ipynb")
    assert seed == deal.class_seed and "not on the roster" in note


NEW_DEALS = ["betting", "nut_low", "pot_limit", "flop_play", "position"]
"""Exercises 06, 07, 09, 10 and 11: a deal of every learner's own since the third round."""
WITHOUT_A_DEAL = {
    "starting_hands": "exercise 08 asks about the chart and the range language (counts, ranks, a seeded Monte Carlo "
                      "equity): no cards are dealt, nothing to vary but the question itself",
    "why_bet": "exercise 12 asks about fixed rivers solved by solve() (seconds each): a deal per learner would "
               "solve a river per learner, and the ratios are the point, not the cards",
}
"""Why these exercises keep one set of questions for everyone (said in their checkers too)."""


def test_exercises_06_07_09_10_11_have_deals_and_08_12_say_why_not() -> None:
    assert set(NEW_DEALS) <= set(DEALT)
    for name, why in WITHOUT_A_DEAL.items():
        assert exercise(name).deal is None, name
        doc = " ".join((__import__(f"omaha_learn.checks.{name}", fromlist=["x"]).__doc__ or "").split())
        assert "the same for everyone" in doc and "no deal" in doc, (name, why)


@pytest.mark.parametrize("name", NEW_DEALS)
def test_a_neighbours_answers_are_worth_what_they_are_worth_on_the_learners_deal(name: str) -> None:
    """Bob hands in Ann's right answers: on Bob's deal they score exactly the questions whose answer is the same
    on both deals (the fixed questions, and any deal question that happens to agree), never full marks for
    every learner, and both are flagged (the grader marks with these right answers: tests/test_deals_class.py)."""
    deal, ex = _deal(name), exercise(name)
    seeds = {who: learner_seed(deal.class_seed, who) for who in IDS}
    right = {who: deal.right_answers(s) for who, s in seeds.items()}
    ann = right["learner00"]
    short = 0
    for bob in IDS[1:]:
        worth = sum(q.points for q in ex.questions.values() if q.is_correct(ann[q.qid], right[bob][q.qid]))
        assert worth == sum(ex.questions[q].points for q in ann if ann[q] == right[bob][q])
        assert worth >= sum(ex.questions[q].points for q in ex.questions if q not in deal.depends)
        short += worth < ex.max_points
    assert short >= len(IDS) // 2, short          # most neighbours' answers lose points on another deal
    bob = next(b for b in IDS[1:] if any(ann[q] != right[b][q] for q in deal.depends))
    records = [QuestionRecord(who, EXERCISES[name][:-6], q, 0, 1, "graded", answer=a, submission=f"{who}/x",
                              deal_seed=seeds[who]) for who in ("learner00", bob) for q, a in ann.items()]
    flagged = {r.student: r.deal_flag for r in flag_copies(records)}
    assert flagged == {"learner00": f"{COPIED}: as {bob}", bob: f"{COPIED}: as learner00"}


def test_deal_flags_need_a_look_in_the_report_the_summary_and_the_exit_status(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: same answers on different deals, and a neighbour's seed, are in every "needs a look"."""
    from omaha_learn.grading.grader import needs_a_look, print_summary
    from omaha_learn.grading.report import report_html

    deal = _deal("reading_hands")
    seeds = {who: learner_seed(deal.class_seed, who) for who in ("ann", "bob", "cy")}
    ann = deal.right_answers(seeds["ann"])
    honest = flag_copies(_records("cy", seeds["cy"], deal.right_answers(seeds["cy"])))
    assert not needs_a_look(honest) and "nothing needs a look" in report_html(honest)
    records = flag_copies(_records("ann", seeds["ann"], ann) + _records("bob", seeds["bob"], ann)
                          + _records("cy", seeds["cy"], deal.right_answers(seeds["cy"])))
    records = [r if r.student != "cy" else replace(r, deal_flag=SEED_MISMATCH) for r in records]
    page = report_html(records)
    look = page.split("Submissions that need a look", 1)[1]
    for who, what in (("ann", f"{COPIED}: as bob"), ("bob", f"{COPIED}: as ann"), ("cy", SEED_MISMATCH)):
        row = next(r for r in look.split("<tr") if f">{who}<" in r)
        assert what in row, (who, row)
    assert "3 submissions need a look" in page
    assert needs_a_look(records)
    print_summary(records)
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    assert f"needs a look: 01_reading_hands: {COPIED}: as bob" in lines["ann"]
    assert lines["ann"].count(COPIED) == 1                     # named once, with whose answers
    assert f"01_reading_hands: {SEED_MISMATCH}" in lines["cy"]
