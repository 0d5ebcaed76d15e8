"""Checkers for the graded exercises in ``exercises/``.

Each exercise has a module here holding its seed, its deal and its
questions; a notebook's checker cells call that module's ``check``::

    from omaha_learn.checks.reading_hands import check
    check("q1", answer_q1)     # prints "q1: correct (1/1 points)" or a hint

Every right answer is stored only as a sha256 digest of its normalised
form (nothing importable hands out an answer); the seeded ones are
recomputed from the engine by ``tests/exercise_references.py``. With the environment
variable ``OMAHA_LEARN_STRICT=1`` (set by ``omaha-learn grade``) a wrong or
missing answer raises :class:`AssertionError`, so nbval fails that cell.

>>> sorted(EXERCISES)[:3]
['betting', 'flop_play', 'high_hands']
>>> exercise("reading_hands").max_points
9
"""

from __future__ import annotations

import importlib

from omaha_learn.checks.questions import STRICT_ENV, AnswerError, Exercise, Question, answer_digest, normalise

__all__ = ["EXERCISES", "exercise", "STRICT_ENV", "AnswerError", "Exercise", "Question",
           "answer_digest", "normalise"]

EXERCISES: dict[str, str] = {
    "reading_hands": "01_reading_hands.ipynb",
    "high_hands": "02_high_hands.ipynb",
    "lows": "03_lows.ipynb",
    "hilo_showdown": "04_hilo_showdown.ipynb",
    "side_pots": "05_side_pots.ipynb",
    "betting": "06_betting.ipynb",
    # the strategy course
    "nut_low": "07_nut_low.ipynb",
    "starting_hands": "08_starting_hands.ipynb",
    "pot_limit": "09_pot_limit.ipynb",
    "flop_play": "10_flop_play.ipynb",
    "position": "11_position.ipynb",
    "why_bet": "12_why_bet.ipynb",
}
"""Checker module name -> exercise notebook file name."""


def exercise(name: str) -> Exercise:
    """The :class:`Exercise` defined by checker module ``name`` (see :data:`EXERCISES`)."""
    if name not in EXERCISES:
        raise ValueError(f"no exercise {name!r} (known: {', '.join(EXERCISES)})")
    module = importlib.import_module(f".{name}", __name__)
    ex: Exercise = module.EXERCISE
    return ex
