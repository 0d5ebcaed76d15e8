"""The machinery behind exercise checkers: questions, answer reading, messages.

A :class:`Question` knows how to read a learner's answer (``kind``), the
sha256 digest of the normalised right answer (never the answer itself: nothing
importable hands out an answer; ``tests/exercise_references.py`` recomputes the
seeded ones from the engine), how many points it is worth and which rules it
practises. An
:class:`Exercise` is a named set of questions; ``exercise.check("q1", answer)``
prints one deterministic line and, when the environment variable
``OMAHA_LEARN_STRICT=1`` is set (the grader sets it), raises
:class:`AssertionError` on a missing or wrong answer so nbval fails the cell. In a notebook the line is shown coloured (green
when right, red when wrong) with the rule references as links to
``docs/rules.md``.

The grader never trusts these lines: it runs :func:`record_answer` after each answer
cell, which prints the learner's answer in canonical form, and decides the
verdict in its own process (:mod:`omaha_learn.grading.grader`).

>>> ex = Exercise("demo", [Question("q1", "int", 2, ("R18",), "Pot after calling.", answer_digest("int", 7))])
>>> ex.check("q1", 7)
q1: correct (2/2 points)
>>> ex.check("q1", 9)
q1: not yet (0/2 points). R18: Pot after calling. (rules: docs/rules.md#r18)
>>> record_answer("q1", 7.0, "int")
omaha-learn-report {"answer": "7", "question": "q1", "status": "answer", "text": "7.0"}
>>> ex.check("q1", None)
q1: no answer yet (0/2 points). Write your answer in answer_q1, run that cell, then run this one.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import itertools
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from omaha_learn.checks.answer_forms import KINDS, PLAYERS
from omaha_learn.checks.messages import answer_error, english, message_of, msg, render
from omaha_learn.engine.cards import Card, Deck
from omaha_learn.engine.games import deal_holes
from omaha_learn.errors import AnswerError
from omaha_learn.i18n import LANGUAGES, N_, get_language, gettext, language, ngettext

if TYPE_CHECKING:
    from omaha_learn.checks.deals import Deal

__all__ = [
    "check_form",
    "STRICT_ENV",
    "AnswerError",
    "Question",
    "Exercise",
    "normalise",
    "answer_digest",
    "KINDS",
    "Verdict",
    "record_answer",
    "canonical",
    "REPORT_PREFIX",
    "PLAYERS",
    "deal_of",
]

STRICT_ENV = "OMAHA_LEARN_STRICT"
"""Set this environment variable to ``1`` to make wrong answers raise (grading)."""



# ------------------------------------------------------------------ normalisers

def normalise(kind: str, value: object) -> str:
    """The canonical text of an answer of ``kind``; raises :class:`AnswerError` if unreadable.

    The forms each kind reads are listed in :mod:`omaha_learn.checks.answer_forms`.

    >>> normalise("cards", "kc KD"), normalise("players", "c and a"), normalise("category", "trips")
    ('Kc Kd', 'A,C', 'three of a kind')
    """
    try:
        norm = KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown answer kind {kind!r} (known: {', '.join(KINDS)})") from None
    return norm(value)


def answer_digest(kind: str, value: object) -> str:
    """sha256 hex digest of the normalised answer: what a checker stores for a fixed answer.

    >>> answer_digest("yesno", "no") == answer_digest("yesno", False)
    True
    """
    return hashlib.sha256(f"{kind}:{normalise(kind, value)}".encode()).hexdigest()


# ------------------------------------------------------------------- questions

@dataclass(frozen=True)
class Question:
    """One graded question: the sha256 ``digest`` of its normalised answer (see :func:`answer_digest`).

    ``text`` is the question as the notebook asks it (shown on feedback
    pages); ``wrong_hints`` maps a normalised *wrong* answer to the hint that
    answers that mistake (``hint`` is for every other wrong answer).

    >>> q = Question("q1", "category", 1, ("R3",), "Name the category.", answer_digest("category", "high card"),
    ...              text="Category?", wrong_hints={"flush": "A flush needs two hole cards of the suit."})
    >>> q.hint_for("trips"), q.hint_for("flush")
    ('Name the category.', 'A flush needs two hole cards of the suit.')
    """

    qid: str
    kind: str
    points: int
    rules: tuple[str, ...]
    hint: str
    digest: str
    text: str = ""
    wrong_hints: Mapping[str, str] = field(default_factory=dict, compare=False)
    deal: Deal[Any] | None = field(default=None, compare=False, repr=False)
    """Set by the :class:`Exercise` whose deal computes this question's answer (when ``digest`` is empty)."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"question {self.qid}: unknown answer kind {self.kind!r}")
        if not (isinstance(self.digest, str) and len(self.digest) in (0, 64)):
            raise ValueError(f"question {self.qid}: digest must be a sha256 hex digest (answer_digest), "
                             "or empty when the exercise's deal computes the answer")

    def hint_for(self, answer: object) -> str:
        """The hint for a wrong ``answer`` (raw or normalised): the one for that mistake, else :attr:`hint`.

        In English, as written (the grader stores it so; each page translates it with ``gettext``)."""
        try:
            norm = normalise(self.kind, answer)
        except AnswerError:
            return self.hint
        return self.wrong_hints.get(norm, self.hint)

    def is_correct(self, answer: object, right: str | None = None) -> bool:
        """True when ``answer`` is right; raises :class:`AnswerError` when it cannot be read.

        ``right`` is the canonical right answer when the exercise's deal computes it
        (:mod:`omaha_learn.checks.deals`); otherwise the question's digest decides.
        """
        if right is None and not self.digest:
            if self.deal is None:
                raise ValueError(f"question {self.qid}: its answer comes from a deal, and it has none")
            right = self.deal.right_answers(self.deal.current_seed)[self.qid]
        if right is not None:
            return normalise(self.kind, answer) == right
        return answer_digest(self.kind, answer) == self.digest

    def feedback(self, answer: object, right: str | None = None) -> Verdict:
        """What the checker shows for ``answer``: right or wrong, the points, the hint and rules, in the language
        in use."""
        return dataclasses.replace(self._feedback(answer, right), language=get_language())

    def _feedback(self, answer: object, right: str | None = None) -> Verdict:
        if answer is None:
            return Verdict(self.qid, False, self.points, ngettext(
                "no answer yet (0/{points} points). Write your answer in {name}, run that cell, then run this one.",
                "no answer yet (0/{points} points). Write your answer in {name}, run that cell, then run this one.",
                self.points).format(points=self.points, name=f"answer_{self.qid}"))
        try:
            ok = self.is_correct(answer, right)
        except AnswerError as exc:
            return Verdict(self.qid, False, self.points, render(unreadable_message(exc, self.points)))
        if ok:
            return Verdict(self.qid, True, self.points, ngettext(
                "correct ({points}/{max_points} points)", "correct ({points}/{max_points} points)",
                self.points).format(points=self.points, max_points=self.points))
        return Verdict(self.qid, False, self.points, ngettext(
            "not yet (0/{points} points).", "not yet (0/{points} points).", self.points).format(points=self.points),
            self.rules, gettext(self.hint_for(answer)))

    def message(self, answer: object) -> tuple[bool, str]:
        """(correct, the line the checker prints)."""
        fb = self.feedback(answer)
        return fb.correct, fb.text


def unreadable_message(exc: BaseException, points: int | None = None) -> dict[str, Any]:
    """The verdict on an answer that cannot be read, with the reason ``exc`` gives, as a message (any language)."""
    reason = message_of(exc)
    if points is None:
        return msg(N_("cannot read this answer: {reason}"), reason=reason)
    return msg(N_("cannot read this answer (0/{points} points): {reason}."), points=points, reason=reason)


def _rules_name() -> str:
    """The rules reference in the language in use: ``rules.md``, ``rules.ru.md`` or ``rules.et.md`` (same anchors)."""
    lang = get_language()
    return "rules.md" if lang == "en" else f"rules.{lang}.md"


def _rules_href(rule: str) -> str:
    """A link to ``docs/rules.md#rN`` (``rules.ru.md``, ``rules.et.md`` in those languages) relative to the
    kernel's folder (the notebook's), when the docs are there."""
    from omaha_learn.resources import LessonsMissing, rules_file

    target = f"docs/{_rules_name()}#{rule.lower()}"
    try:
        docs = rules_file().with_name(_rules_name())
    except LessonsMissing:
        return target
    if docs.is_file():
        try:
            target = os.path.relpath(docs, os.getcwd()).replace(os.sep, "/") + f"#{rule.lower()}"
        except ValueError:  # pragma: no cover - another drive on Windows
            pass
    return target


@dataclass(frozen=True)
class Verdict:
    """A checker's verdict for one answer: plain text, or coloured HTML with rule links in a notebook.

    >>> fb = Verdict("q2", False, 2, "not yet (0/2 points).", ("R4",), "Two from the hand.")
    >>> fb.text
    'q2: not yet (0/2 points). R4: Two from the hand. (rules: docs/rules.md#r4)'
    >>> 'href=' in fb._repr_html_() and '#r4' in fb._repr_html_()
    True
    """

    qid: str
    correct: bool
    points: int
    verdict: str
    rules: tuple[str, ...] = ()
    hint: str = ""
    language: str = ""
    """The language the verdict was given in (its rule note and links are written in it; "": the one in use)."""

    @property
    def text(self) -> str:
        with language(self.language or get_language()):
            return self._text()

    def _text(self) -> str:
        line = f"{self.qid}: {self.verdict}"
        if self.rules:
            links = " ".join(f"docs/{_rules_name()}#{r.lower()}" for r in self.rules)
            line += " " + gettext("{rules}: {hint} (rules: {links})").format(rules=", ".join(self.rules),
                                                                             hint=self.hint, links=links)
        return line

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        with language(self.language or get_language()):
            return self._html()

    def _html(self) -> str:
        colour, mark = ("#1a7f37", "&#10004;") if self.correct else ("#b3261e", "&#10008;")
        parts = [f'<span style="color:{colour};font-weight:bold">{mark} {html.escape(self.qid)}: '
                 f"{html.escape(self.verdict)}</span>"]
        if self.rules:
            links = ", ".join(f'<a href="{html.escape(_rules_href(r))}" target="_blank">{html.escape(r)}</a>'
                              for r in self.rules)
            parts.append(" " + html.escape(self.hint) + " " + html.escape(gettext("Re-read {rules}.")).format(
                rules=links))
        return f'<div class="omaha-learn-feedback">{"".join(parts)}</div>'


def _in_notebook() -> bool:
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


class Exercise:
    """A named set of questions with a ``check(qid, answer)`` for notebook checker cells."""

    def __init__(self, name: str, questions: Sequence[Question], deal: Deal[Any] | None = None) -> None:
        self.name = name
        self.questions: dict[str, Question] = {}
        self.deal = deal
        """The exercise's :class:`~omaha_learn.checks.deals.Deal` when its answers come from a seeded deal."""
        for q in questions:
            if q.qid in self.questions:
                raise ValueError(f"exercise {name}: question {q.qid} defined twice")
            if not q.digest and deal is None:
                raise ValueError(f"exercise {name}: question {q.qid} has no digest and the exercise no deal")
            if deal is not None and not q.digest:
                object.__setattr__(q, "deal", deal)
            self.questions[q.qid] = q
        if deal is not None:
            deal.bind({q.qid: q.kind for q in self.questions.values()})

    def right_answer(self, qid: str) -> str | None:
        """The canonical right answer of ``qid`` for the deal the notebook shows (None: the digest decides)."""
        if self.deal is None:
            return None
        return self.deal.right_answers(self.deal.current_seed)[qid]

    @property
    def max_points(self) -> int:
        return sum(q.points for q in self.questions.values())

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the exercise practises, in R-number order."""
        found = {r for q in self.questions.values() for r in q.rules}
        return tuple(sorted(found, key=lambda r: int(r[1:])))

    def question(self, qid: str) -> Question:
        try:
            return self.questions[qid]
        except KeyError:
            raise ValueError(f"exercise {self.name} has no question {qid!r} "
                             f"(questions: {', '.join(self.questions)})") from None

    def check(self, qid: str, answer: object) -> None:
        """Show whether ``answer`` to question ``qid`` is right; raise if wrong in strict mode."""
        q = self.question(qid)
        fb = q.feedback(answer, self.right_answer(qid))
        if not fb.correct and os.environ.get(STRICT_ENV, "") not in ("", "0"):
            raise AssertionError(fb.text)
        if _in_notebook():
            from IPython.display import display

            display(fb)  # type: ignore[no-untyped-call]
        else:
            print(fb.text)

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, {len(self.questions)} questions, {self.max_points} points)"


def check_form(qid: str, answer: object, kind: str) -> None:
    """Say whether ``answer`` has a form the grader can read; never whether it is right (assessed copies).

    The self-check of copies handed out for marks
    (``scripts/make_learner_copies.py --assessed``): it needs only the
    question's ``kind``, so nothing about the right answer is in the copy.

    >>> check_form("q1", ["Kd", "kc"], "cards")
    q1: answer recorded as Kc Kd (its form is fine; your teacher marks it)
    >>> check_form("q2", None, "cards")
    q2: no answer yet
    >>> check_form("q3", "Kz", "cards")  # doctest: +ELLIPSIS
    q3: cannot read this answer: ...
    """
    if answer is None:
        print(f"{qid}: " + gettext("no answer yet"))
        return
    try:
        text = normalise(kind, answer)
    except AnswerError as exc:
        print(f"{qid}: " + render(msg(N_("cannot read this answer: {reason}"), reason=message_of(exc))))
        return
    except Exception as exc:  # noqa: BLE001 - a learner's object may fail in any way
        print(f"{qid}: " + render(msg(N_("cannot read this answer: {reason}"), reason=type(exc).__name__)))
        return
    print(f"{qid}: " + gettext("answer recorded as {answer} (its form is fine; your teacher marks it)").format(
        answer=text))


# --------------------------------------------------------------------- grading

REPORT_PREFIX = "omaha-learn-report "
"""How :func:`record_answer` lines start; the grader reads only these lines of its own report cells."""


def record_answer(qid: str, answer: object, kind: str) -> None:
    """Print the learner's answer to ``qid`` in canonical form, as one JSON line for the grader.

    ``status`` is ``answer`` (with ``answer``), ``none`` (no answer) or
    ``unreadable`` (with ``error``); an answer given also has ``text``, the
    learner's answer as written (its ``repr`` if not text), at most 200 characters. It says nothing about right or wrong:
    the grader compares the canonical answer with the key's in its own process.
    """
    out = {"question": qid, "status": "none"}
    if answer is not None:
        try:
            written = answer if isinstance(answer, str) else repr(answer)
        except Exception:  # noqa: BLE001 - a repr may fail too
            written = f"<a {type(answer).__name__} object>"
        out["text"] = str(written)[:200]
        try:
            out.update(status="answer", answer=normalise(kind, answer))
        except Exception as exc:  # noqa: BLE001 - a learner's object may fail in any way
            error = english(message_of(exc)) if isinstance(exc, AnswerError) else f"{type(exc).__name__}: {exc}"
            out.update(status="unreadable", error=error[:500])
    print(REPORT_PREFIX + json.dumps(out, sort_keys=True), flush=True)


def canonical(kind: str, text: str) -> str:
    """Re-normalise a reported canonical answer in the grader; raise :class:`AnswerError` if it is not one.

    >>> canonical("texts", "flush,straight"), canonical("cards", "Kd Kc")
    ('flush,straight', 'Kc Kd')
    """
    if not isinstance(text, str) or len(text) > 2000:
        raise answer_error(N_("a reported answer is text of at most 2000 characters"))
    value: object = text.split(",") if kind in ("texts", "ints", "categories", "lows") and text else text
    return normalise(kind, value)


def reported_error(kind: str, written: str, error: str) -> Any:
    """The message (in no language) behind ``error``, the English reason a sandboxed run reported for the answer
    ``written`` (as :func:`record_answer` wrote it): the grader reads the answer again in its own process, and
    keeps the message only when it says exactly ``error``; otherwise ``error`` as it is. Nothing the learner's
    run printed is used as a template.

    >>> from omaha_learn.checks.messages import english
    >>> english(reported_error("player", "Bob wins", "could not read 'Bob wins': 'BOB' is not a player letter; x"))
    "could not read 'Bob wins': 'BOB' is not a player letter; x"
    >>> reported_error("yesno", "maybe", "could not read 'maybe': expected True or False (or 'yes'/'no', 1/0)")["t"]
    "could not read {answer}: expected True or False (or 'yes'/'no', 1/0)"
    """
    import ast

    candidates: list[object] = [written]
    if len(written) <= 200:
        try:
            candidates.append(ast.literal_eval(written))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
    for value, lang in itertools.product(candidates, LANGUAGES):   # the engine's own errors are in the run's language
        try:
            with language(lang):
                normalise(kind, value)
        except AnswerError as exc:
            found = message_of(exc)
            if english(found)[:500] == error:
                return found
        except Exception:  # noqa: BLE001 - a value the run could not read either
            continue
    return error


def seeded_deal(seed: int, players: int = 3) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards per player; five board cards) from ``Deck(seed=seed)``, dealt one card at a time (R1)."""
    deck = Deck(seed=seed)
    holes = [h for h in deal_holes(deck, players, 4) if h is not None]
    return holes, deck.deal(5)


def deal_of(exercise_name: str) -> Deal[Any]:
    """The :class:`~omaha_learn.checks.deals.Deal` of exercise ``exercise_name`` (a notebook's setup cell).

    >>> deal_of("reading_hands").class_seed
    107
    """
    import importlib

    if not (exercise_name.isidentifier() and exercise_name.islower()):
        raise ValueError(f"no exercise {exercise_name!r}")
    try:   # by name, not through omaha_learn.checks: that package imports this module
        module = importlib.import_module(f"omaha_learn.checks.{exercise_name}")
    except ModuleNotFoundError:
        raise ValueError(f"no exercise {exercise_name!r}") from None
    ex = getattr(module, "EXERCISE", None)
    deal = ex.deal if isinstance(ex, Exercise) else None
    if deal is None:
        raise ValueError(f"exercise {exercise_name} has no deal of its own: every learner gets the same questions")
    return deal
