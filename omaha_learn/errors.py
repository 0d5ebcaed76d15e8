"""Every exception the library raises on purpose, under one base.

:class:`OmahaLearnError` is a :class:`ValueError`, so ``except ValueError``
keeps working; widgets and the command line catch ``OmahaLearnError`` only,
so that a bug in the library shows as a bug and not as a friendly message.

>>> from omaha_learn import parse_cards, OmahaLearnError
>>> try:
...     parse_cards("As Xz")
... except OmahaLearnError as e:
...     print(type(e).__name__, e)
CardError 'Xz' is not a card (at position 3 of 'As Xz'; rank 2-9, T, J, Q, K, A then suit c, d, h, s)
"""

from __future__ import annotations

__all__ = [
    "LanguageError",
    "OmahaLearnError", "CardError", "GameError", "ShowdownError", "PotError", "IllegalAction",
    "BettingSetupError", "TableError", "PlayerError", "PHHError", "EquityError", "AnswerError", "RangeError",
    "QualifierError", "CategoryError", "ChartError", "JobsError", "ReportError", "NbgraderExportError",
    "Unreadable", "SandboxError", "CoachError", "ExactTooLarge", "MissingExtra", "SolverError",
]


class OmahaLearnError(ValueError):
    """Base of every error the library raises on purpose; the message names the bad part."""


class CardError(OmahaLearnError):
    """A card or a list of cards could not be read, or repeats a card.

    ``token`` is the offending text and ``position`` its character offset in
    the input (or its item index for a list), when known.
    """

    def __init__(self, message: str, token: str | None = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


class GameError(OmahaLearnError):
    """A game name that is not in the :class:`~omaha_learn.Game` vocabulary."""


class ShowdownError(OmahaLearnError):
    """A showdown that cannot be settled as given; the message names the bad part."""


class PotError(OmahaLearnError):
    """Contributions or folds that make no pots (negative chips, an unknown seat...)."""


class IllegalAction(OmahaLearnError):
    """An action the rules do not allow at this point; the message says what is allowed.

    ``action`` is the refused :class:`Action` (or the text that could not be read)
    and ``legal`` the :class:`LegalActions` at that moment (``None`` when the hand
    is over).
    """

    def __init__(self, message: str, action: object = None, legal: object = None) -> None:
        super().__init__(message)
        self.action = action
        self.legal = legal


class BettingSetupError(OmahaLearnError):
    """Settings a hand cannot be played with (stacks, blinds, antes, seats, limits)."""


class TableError(OmahaLearnError):
    """A table operation that is not allowed now (full table, unknown player, hand in progress...)."""


class PlayerError(OmahaLearnError):
    """A scripted player or a simulated session set up with arguments it cannot use."""


class PHHError(OmahaLearnError):
    """A PHH text we cannot read: bad TOML, an unsupported variant or field, a malformed action."""


class EquityError(OmahaLearnError):
    """An equity request that cannot be answered (players, trials, game, qualifier)."""


class ExactTooLarge(EquityError):
    """An exact equity request with too much work to enumerate (ranges with many hands).

    ``suggested_trials`` is a number of Monte Carlo deals to pass as ``trials=``
    instead (with a seed) for an estimate.
    """

    def __init__(self, message: str, suggested_trials: int = 100_000) -> None:
        super().__init__(message)
        self.suggested_trials = suggested_trials


class AnswerError(OmahaLearnError):
    """An answer that cannot be read as the kind of answer the question wants."""


class RangeError(OmahaLearnError):
    """A hand range that cannot be read (see :func:`omaha_learn.parse_range`).

    ``part`` is the offending piece of the text and ``position`` its character
    offset, when known.
    """

    def __init__(self, message: str, part: str | None = None, position: int | None = None) -> None:
        super().__init__(message)
        self.part = part
        self.position = position


class QualifierError(OmahaLearnError):
    """A low qualifier that is not 8, 9 or None (R12)."""


class CategoryError(OmahaLearnError):
    """A value that is not one of the ten high-hand categories (R6)."""


class ChartError(OmahaLearnError):
    """The chart data file is missing or does not match this version of the library."""


class JobsError(OmahaLearnError):
    """Bad settings for :func:`~omaha_learn.jobs.run_jobs` (jobs, scheduler), or Dask missing."""


class ReportError(OmahaLearnError):
    """Bad input for the class report or the feedback files (records, paths)."""


class NbgraderExportError(OmahaLearnError):
    """Bad keys folder, output folder or key notebook for the nbgrader export."""


class Unreadable(OmahaLearnError):
    """A handed-in file that is not a notebook the grader can read (the reason is the message)."""


class SandboxError(OmahaLearnError):
    """No sandbox to grade in (bubblewrap missing or broken), or grading without one that was not asked for."""


class CoachError(OmahaLearnError):
    """A coach or practice-table request that cannot be answered (no decision, a bad seat or range)."""


class MissingExtra(OmahaLearnError, ImportError):
    """A feature needs a third-party package of an optional extra that is not installed; the message
    names the package and the ``pip install "omaha_learn[extra]"`` that brings it (an :class:`ImportError`
    too, so ``except ImportError`` keeps working)."""


class LanguageError(OmahaLearnError):
    """A language omaha_learn has no catalogue for, or a grammatical form a rank does not have."""


class SolverError(OmahaLearnError):
    """A solver request that cannot be solved as given: a range overlapping the board, an
    unknown bet size, a tree too large for the memory bound; the message names the bad part."""
