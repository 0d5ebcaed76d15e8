"""What nbgrader's hidden tests call: an answer checked against the teacher's key, strict by construction.

:func:`assert_answer` raises :class:`AssertionError` unless the answer normalises to the
one whose digest it is given (taken from the teacher's key when the course was exported,
:mod:`omaha_learn.grading.nbgrader_export`). No environment variable or setting switches it
off; the hidden test cell imports this module afresh (dropping every ``omaha_learn``
module a learner's cell may have changed) before calling it.

>>> from omaha_learn.checks.questions import answer_digest
>>> assert_answer("q1", "7 chips", "int", answer_digest("int", 7))
q1: correct
>>> assert_answer("q1", 8, "int", answer_digest("int", 7))
Traceback (most recent call last):
AssertionError: q1: not yet.
>>> assert_answer("q4", "flush", "category", answer_digest("category", "high card"), "reading_hands")
Traceback (most recent call last):
AssertionError: q4: not yet. A flush needs two hole cards of the suit; four spades on the board do not help a single spade.
"""

from __future__ import annotations

import hashlib

from omaha_learn.checks import EXERCISES, exercise
from omaha_learn.checks.questions import normalise

__all__ = ["assert_answer"]


def assert_answer(qid: str, answer: object, kind: str, digest: str, exercise_name: str = "") -> None:
    """Print ``qid: correct``, or raise :class:`AssertionError` with the checker's hint for this answer."""
    if answer is None:
        raise AssertionError(f"{qid}: no answer yet. Write your answer in answer_{qid} and run that cell.")
    try:
        got = "".join([normalise(kind, answer)])  # an exact str, whatever the answer's type does
    except Exception as exc:  # noqa: BLE001 - a learner's object may fail in any way
        raise AssertionError(f"{qid}: cannot read this answer: {exc}") from None
    if hashlib.sha256(f"{kind}:{got}".encode()).hexdigest() == digest:
        print(f"{qid}: correct")
        return
    hint = ""
    if exercise_name in EXERCISES and qid in exercise(exercise_name).questions:
        hint = exercise(exercise_name).questions[qid].hint_for(got)
    raise AssertionError(f"{qid}: not yet. {hint}".rstrip())
