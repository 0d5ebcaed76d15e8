"""What the grader stores is written in the reader's language when a page is written (issue 31).

The grader decides once and keeps each reason twice: in English (the CSV, ``feedback``) and in no language
(``message``: an ``N_``-marked template and its values, :mod:`omaha_learn.checks.messages`). A Russian
learner's feedback page, an Estonian teacher's class report and the grading desk each write the reasons,
flags and answer-reading errors in their own language; a translated exercise's questions are shown as the
translated key asks them. English is found as in ``tests/test_i18n_no_english.py``: the words of the English
rendering of the same page that are left in the translation (beyond card codes, names and code).

The fast tests build the records with the grader's own ``decide`` from sandbox-like reports (the errors as
``record_answer`` prints them; :func:`translated_class`, whose pages, report and desk
``tests/test_i18n_no_english.py`` reads for English); the slow one runs the real grader on a Russian and an
Estonian submission.
"""

from __future__ import annotations

import html
import json
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from omaha_learn.checks.messages import dumps, english, loads, message_of, msg, render
from omaha_learn.checks.questions import AnswerError, normalise, reported_error
from omaha_learn.grading import deals, grader
from omaha_learn.grading.class_summary import Assignment
from omaha_learn.grading.feedback import feedback_html
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.i18n import N_, language

sys.path.insert(0, str(Path(__file__).parent))
from test_i18n_no_english import english_left  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
EX1 = "01_reading_hands"
DUE = 1_800_000_000.0
PYTHON_ERROR = "NameError: name 'x' is not defined"
"""Python's own words, shown as Python wrote them (a learner looks them up as they are): not checked."""

# The answers as written: q1 right, q2 Cyrillic К (king) in cards (R1: unreadable, named), q3 a wrong category,
# q4 a category no one can read, q5 right, q6 a player letter that is no player.
WRITTEN = {"q2": "Кd Кs", "q3": "флеш", "q4": "что-то", "q6": "Игрок Z"}


def _seed(who: str) -> int:
    from omaha_learn.checks.deals import learner_seed

    deal = deals.deal_for("reading_hands")
    assert deal is not None
    return learner_seed(deal.class_seed, who)


def _report(kind: str, text: str) -> dict[str, str]:
    """The report line ``record_answer`` prints in the sandbox for an answer written as ``text``."""
    try:
        return {"status": "answer", "answer": normalise(kind, text), "text": text}
    except AnswerError as exc:
        return {"status": "unreadable", "error": english(getattr(exc, "message", str(exc))), "text": text}


def _graded(who: str, lang: str, sub: str, mtime: float, deal_flag: str = "") -> list[QuestionRecord]:
    """The grader's records (``decide``) for ``who``'s submission of exercise 1 in ``lang`` (their own deal)."""
    key = deals.learner_key(grader.load_key(KEYS / f"{EX1}.ipynb"), _seed(who))
    right = dict(key.answers)
    reports = {}
    for q, spec in key.questions.items():
        text = WRITTEN.get(q, right[q])
        reports[q] = {"question": q, **_report(spec["kind"], text)}
    cells = {q: "ok" for q in key.questions}
    cells["q5"] = f"error: {PYTHON_ERROR}"   # the answer cell raised: no answer
    reports["q5"] = {"question": "q5", "status": "none"}
    records = grader.decide(who, sub, key, {"reports": reports, "cells": cells})
    texts = grader.translated_texts(key, lang)
    return [replace(r, text=texts.get(r.question, r.text), mtime=mtime, deal_seed=_seed(who), deal_flag=deal_flag)
            for r in records]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[QuestionRecord]:
    return translated_class(tmp_path_factory.mktemp("olev"))


def translated_class(folder: Path) -> list[QuestionRecord]:
    """A graded class (also used by ``tests/test_i18n_no_english.py``): Анна hands exercise 1 in twice in
    Russian, the second copy a day late and with a neighbour's seed; Mari in Estonian, with the same answers as
    Анна's first copy on her own deal; MARI looks like Mari; Ivo hands in an exercise nobody else does (not
    counted); Olev a file that is not a notebook (written into ``folder``)."""
    bad = folder / f"{EX1}.ipynb"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(grader.Unreadable) as why:
        grader.read_notebook(bad)
    olev = grader._flat("Olev", str(bad), grader.load_key(KEYS / f"{EX1}.ipynb"), "unreadable",
                        message_of(why.value))
    assert olev[0].feedback == "not JSON (is it a notebook?)" and olev[0].message
    anna1 = _graded("Анна", "ru", "in/Анна/01_reading_hands.ipynb", DUE - 60)
    anna2 = _graded("Анна", "ru", "in/Анна/01_reading_hands-2.ipynb", DUE + 3600, deals.SEED_MISMATCH)
    mari = _graded("Mari", "et", "in/Mari/01_reading_hands.ipynb", DUE - 60)
    mari = [replace(r, deal_flag=f"{deals.COPIED}: as in/Анна/01_reading_hands.ipynb") for r in mari]
    others = [QuestionRecord("MARI", EX1, "q1", 1, 1, "graded", answer="x", submission="in/MARI/01.ipynb",
                             mtime=DUE - 60),
              QuestionRecord("Ivo", EX1, "q1", 0, 1, "timed-out", submission="in/Ivo/01.ipynb", mtime=DUE - 60,
                             **grader._said(msg(N_("the notebook's time ran out before this question's cells "
                                                   "finished")))),
              QuestionRecord("Ivo", "03_lows", "q1", 1, 1, "graded", submission="in/Ivo/03_lows.ipynb",
                             mtime=DUE - 60)]
    return anna1 + anna2 + mari + others + [replace(r, mtime=DUE - 60) for r in olev]


PLAN = Assignment(due=DUE, penalty=(0.1,))


def no_python(page: str) -> str:
    return page.replace(html.escape(PYTHON_ERROR), "").replace(PYTHON_ERROR, "")


def in_english(records: list[QuestionRecord]) -> list[QuestionRecord]:
    """The same records with the English key's question texts: what an English page of them says."""
    keys = {ex: grader.load_key(KEYS / f"{ex}.ipynb").questions for ex in {r.exercise for r in records}
            if (KEYS / f"{ex}.ipynb").is_file()}
    return [replace(r, text=keys[r.exercise][r.question]["text"]) if r.question in keys.get(r.exercise, {}) else r
            for r in records]


def english_and_translated_page(student: str, records: list[QuestionRecord], lang: str) -> tuple[str, str]:
    return (feedback_html(student, in_english(records), assignment=PLAN, language="en"),
            no_python(feedback_html(student, records, assignment=PLAN, language=lang)))


def test_the_grader_keeps_each_reason_in_english_and_in_no_language(records: list[QuestionRecord]) -> None:
    """The CSV's English is what it was; the message says the same, and reads in Russian and Estonian."""
    anna = {r.question: r for r in records if r.submission == "in/Анна/01_reading_hands.ipynb"}
    assert anna["q1"].correct and anna["q1"].message == ""
    q2 = anna["q2"]
    assert q2.status == "unreadable-answer" and q2.written == "Кd Кs"
    assert q2.feedback.startswith("cannot read this answer: could not read 'Кd Кs': «К» at position 0 is the Cyrillic")
    assert english(loads(q2.message)) == q2.feedback
    with language("ru"):
        assert "«К» в позиции 0 — кириллическая буква К, в русской записи карт это король" in render(loads(q2.message))
    with language("et"):
        assert "«К» kohal 0 on kirillitsa täht К (король" in render(loads(q2.message))
    q3 = anna["q3"]
    assert q3.feedback.startswith("not yet. ") and "Re-read R2 (docs/rules.md#r2)" in q3.feedback
    assert anna["q5"].feedback == f"your answer cell raised {PYTHON_ERROR}"
    assert anna["q6"].status == "unreadable-answer" and "'Z' is not a player letter" in anna["q6"].feedback


def test_a_reported_error_is_read_again_never_taken_as_a_template() -> None:
    """The grader re-reads the learner's text in its own process; a report it cannot reproduce stays text."""
    error = _report("cards", "Кd")["error"]
    assert loads(dumps(reported_error("cards", "Кd", error)))["t"].startswith("could not read {answer}: «{letter}»")
    forged = "{x.__class__} could not read"
    assert reported_error("cards", "Кd", forged) == forged
    spoken = reported_error("yesno", "пас", _report("yesno", "пас")["error"])
    with language("et"):
        assert "eesti keeles aga «passida» on check" in render(spoken)


def test_the_desk_refuses_a_language_it_does_not_speak(records: list[QuestionRecord], tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    from omaha_learn.errors import LanguageError
    from omaha_learn.grading.desk_widget import GradingDesk

    with pytest.raises(LanguageError):
        GradingDesk(records, tmp_path / "marks.csv", language="de")


@pytest.mark.parametrize("lang", ["ru", "et"])
def test_a_translated_exercise_s_questions_come_from_its_translated_key(lang: str) -> None:
    """Where the project keeps it (exercises/<lang>/solutions beside exercises/solutions); none for English."""
    key = grader.load_key(KEYS / "02_high_hands.ipynb")
    texts = grader.translated_texts(key, lang)
    assert texts.keys() == key.questions.keys()
    assert all(texts[q] != key.questions[q]["text"] for q in texts)
    assert grader.translated_texts(key, "en") == {} and grader.translated_texts(key, "de") == {}
    assert grader.translated_key(key, None) is None


def test_a_translated_key_of_another_exercise_gives_no_texts(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    (keys / "ru").mkdir(parents=True)
    shutil.copy(KEYS / "02_high_hands.ipynb", keys / "02_high_hands.ipynb")
    wrong = json.loads((ROOT / "exercises" / "ru" / "solutions" / "03_lows.ipynb").read_text(encoding="utf-8"))
    (keys / "ru" / "02_high_hands.ipynb").write_text(json.dumps(wrong), encoding="utf-8")
    key = grader.load_key(keys / "02_high_hands.ipynb")
    assert grader.translated_key(key, "ru") == keys / "ru" / "02_high_hands.ipynb"
    assert grader.translated_texts(key, "ru") == {}


@pytest.mark.slow
def test_the_real_grader_on_russian_and_estonian_submissions(tmp_path: Path) -> None:
    """Sandboxed: a Russian and an Estonian copy of exercise 2 with a wrong, an unreadable and a right answer;
    the records keep the translated question texts and the reasons as messages; each page is in its language."""
    from omaha_learn.grading.sandbox import _bwrap_works

    subs, students = [], []
    answers = {"q1": '["флеш", "стрит"]', "q2": '"Кd"', "q3": '"что-то"'}
    for lang, who in (("ru", "Анна"), ("et", "Mari")):
        nb = json.loads((ROOT / "exercises" / lang / "solutions" / "02_high_hands.ipynb").read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            q = cell.get("metadata", {}).get("omaha_learn", {}).get("question")
            if "answer" in cell.get("metadata", {}).get("tags", []) and q in answers:
                cell["source"] = f"answer_{q} = {answers[q]}\n"
        folder = tmp_path / who
        folder.mkdir()
        (folder / "02_high_hands.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
        subs.append(folder / "02_high_hands.ipynb")
        students.append(who)
    records = grader.grade(subs, KEYS, jobs=1, students=students, sandbox="bwrap" if _bwrap_works() else "none")
    by = {(r.student, r.question): r for r in records}
    for who, lang, why in (("Анна", "ru", "'Кd' — не буква игрока"), ("Mari", "et", "'Кd' ei ole mängija täht")):
        assert by[(who, "q4")].correct and by[(who, "q1")].points == 0
        assert by[(who, "q2")].status == "unreadable-answer" and loads(by[(who, "q2")].message) is not None
        assert by[(who, "q3")].status == "unreadable-answer" and by[(who, "q3")].text != \
            grader.load_key(KEYS / "02_high_hands.ipynb").questions["q3"]["text"]
        english_page = feedback_html(who, in_english(records), language="en")
        page = feedback_html(who, records, language=lang)
        assert why in html.unescape(page) and "could not read" not in page
        assert english_left(page.replace(who, ""), english_page) == set()


@pytest.mark.parametrize("lang, right, wrong, none, unread, recorded", [
    ("ru", "q1: верно (баллов: 1 из 1)", "q2: пока неверно (баллов: 0 из 2). R2: ", "q1: ответа пока нет (баллов: 0 из 1)",
     "не удаётся прочитать этот ответ (баллов: 0 из 2): не удалось прочитать 'Кd'", "ответ записан как Kc Kd"),
    ("et", "q1: õige (1/1 punkt)", "q2: veel mitte (0/2 punkti). R2: ", "q1: vastust veel pole (0/1 punkt)",
     "seda vastust ei saa lugeda (0/2 punkti): 'Кd' ei õnnestunud lugeda", "vastus salvestati kujul Kc Kd"),
])
def test_the_checker_s_own_lines_are_in_the_learner_s_language(
        lang: str, right: str, wrong: str, none: str, unread: str, recorded: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """What a learner reads in a translated exercise: right, not yet, no answer, cannot read (naming the
    Cyrillic letter), and an assessed copy's form check; the English lines are as they were."""
    from omaha_learn.checks import reading_hands
    from omaha_learn.checks.questions import check_form

    ex = reading_hands.EXERCISE
    right_answers = ex.deal.right_answers(ex.deal.class_seed)   # type: ignore[union-attr]
    ex.deal.current_seed = ex.deal.class_seed                  # type: ignore[union-attr]
    wrong_pair = "Ah Kh" if right_answers["q2"] != "Ah Kh" else "Qh Jh"
    for code in ("en", lang):
        with language(code):
            ex.check("q1", right_answers["q1"])
            ex.check("q2", wrong_pair)
            ex.check("q1", None)
            ex.check("q2", "Кd")
            check_form("q1", ["Kd", "kc"], "cards")
    english_lines, lines = (block.splitlines() for block in capsys.readouterr().out.split(
        "q1: answer recorded as Kc Kd (its form is fine; your teacher marks it)\n"))
    assert english_lines[0] == "q1: correct (1/1 points)" and english_lines[2].startswith("q1: no answer yet (0/1 ")
    assert lines[0] == right and lines[1].startswith(wrong) and lines[2].startswith(none)
    assert unread in lines[3] and "«К»" in lines[3] and recorded in lines[4]
    assert english_left("\n".join(lines[:4]), "\n".join(english_lines)) == set()


@pytest.mark.parametrize("lang, heading, board", [("ru", "ваша собственная раздача (зерно ", "борд "),
                                                  ("et", "sinu oma jaotus (seeme ", "laud ")])
def test_a_handed_out_translated_copy_shows_its_deal_in_its_own_language(lang: str, heading: str, board: str) -> None:
    """``omaha-learn handout --copies exercises/ru``: the deal printed under the setup cell is in the copy's
    language, whatever the teacher's; an English copy's stays English."""
    from omaha_learn.grading.deals import Learner
    from omaha_learn.grading.handout import learner_notebook

    def printed(path: Path) -> str:
        nb = learner_notebook(json.loads(path.read_text(encoding="utf-8")), Learner("s1", "Mari"))
        return "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))

    with language("en"):   # the teacher speaks English
        text = printed(ROOT / "exercises" / lang / f"{EX1}.ipynb")
        english_text = printed(ROOT / "exercises" / f"{EX1}.ipynb")
    assert text.startswith(heading) and f"\n{board}" in text
    assert english_text.startswith("your own deal (seed ") and "\nboard " in english_text


@pytest.mark.parametrize("lang", ["ru", "et"])
def test_a_checker_s_rule_links_go_to_the_rules_in_the_learner_s_language(lang: str) -> None:
    """The same R-numbers and anchors in docs/rules.<lang>.md; English keeps docs/rules.md."""
    from omaha_learn.checks import reading_hands

    q3 = reading_hands.EXERCISE.questions["q3"]
    with language(lang):
        verdict = q3.feedback("flush", "full house")
    assert f"docs/rules.{lang}.md#r2 docs/rules.{lang}.md#r6" in verdict.text
    assert f'rules.{lang}.md#r2"' in verdict._repr_html_()
    assert "docs/rules.md#r2 docs/rules.md#r6" in q3.feedback("flush", "full house").text


@pytest.mark.parametrize("lang, why", [("ru", "не JSON (это точно блокнот?)"), ("et", "pole JSON (kas see on märkmik?)")])
def test_a_file_with_no_key_that_is_not_a_notebook_is_named_in_the_learner_s_language(
        lang: str, why: str, tmp_path: Path) -> None:
    """The row a learner's page shows for a file that could be neither read nor matched to a key."""
    bad = tmp_path / "notes.ipynb"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(grader.Unreadable) as exc:
        grader.read_notebook(bad)
    rows = grader._flat("Olev", str(bad), None, "unreadable", message_of(exc.value), exercise="notes")
    assert rows[0].feedback == "not JSON (is it a notebook?)"
    assert why in html.unescape(feedback_html("Olev", rows, language=lang))
