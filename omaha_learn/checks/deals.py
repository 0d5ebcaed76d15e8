"""A deal of its own for every learner: exercises whose questions are functions of a seeded deal.

A :class:`Deal` describes how an exercise deals its cards and answers its
questions: ``generate(seed)`` makes the deal's data from a seed,
``answers(data)`` computes each question's right answer from it with the
engine, and ``problem(data)`` says why a deal is unfit for the questions
(an ambiguous answer, say), in which case the deal is re-drawn from a seed
derived from the first, deterministically. Nothing stores a right answer:
the key, the learner's copy and the grader call the same functions.

Seeds: the class seed is the exercise's own; a learner's seed is
:func:`learner_seed` of the class seed and the learner's roster id (NFC,
trimmed), so the same roster gives the same deals on every machine.

>>> from omaha_learn.checks.reading_hands import DEAL
>>> learner_seed(DEAL.class_seed, "ann") == learner_seed(DEAL.class_seed, " ann ")
True
>>> learner_seed(DEAL.class_seed, "ann") != learner_seed(DEAL.class_seed, "bob")
True
>>> sorted(DEAL.right_answers(DEAL.class_seed))
['q1', 'q2', 'q3', 'q4', 'q5', 'q6']
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Generic, TypeVar

from omaha_learn.engine.cards import Card, Deck, format_cards
from omaha_learn.errors import DealError
from omaha_learn.i18n import gettext

__all__ = ["Deal", "DealtHands", "deal_hands", "learner_seed", "use_seed", "forced_seed", "DealError",
           "MAX_REDRAWS", "unique_best", "SEED_KEY", "hole_pairs", "pair_high", "pair_low"]

D = TypeVar("D")

MAX_REDRAWS = 1000
"""How many derived seeds :meth:`Deal.draw` tries before giving up on a seed (never reached in practice)."""
SEED_KEY = "seed"
"""The key of a notebook's ``metadata.omaha_learn`` that holds its deal's seed."""

_FORCED: dict[str, int] = {}
"""Seeds set by :func:`use_seed` (the grader's first cell in a sandbox): they win over everything else."""


def learner_seed(class_seed: int, learner_id: str) -> int:
    """The seed of a learner's own deal: sha256 of the class seed and the roster id (NFC, trimmed).

    >>> learner_seed(107, "ann") == learner_seed(107, unicodedata.normalize("NFD", "ann"))
    True
    >>> learner_seed(107, "J\\u00fcri") == learner_seed(107, "Ju\\u0308ri")
    True
    >>> learner_seed(107, "")
    Traceback (most recent call last):
      ...
    omaha_learn.errors.DealError: learner id: empty; every learner needs an id (the roster's id column)
    """
    if isinstance(class_seed, bool) or not isinstance(class_seed, int):
        raise DealError(f"class seed: {class_seed!r} is not a whole number")
    if not isinstance(learner_id, str):
        raise DealError(f"learner id: {learner_id!r} is not text")
    ident = unicodedata.normalize("NFC", learner_id).strip()
    if not ident:
        raise DealError("learner id: empty; every learner needs an id (the roster's id column)")
    digest = hashlib.sha256(f"omaha-learn deal\x00{class_seed}\x00{ident}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _redraw_seed(seed: int, attempt: int) -> int:
    digest = hashlib.sha256(f"omaha-learn redraw\x00{seed}\x00{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def use_seed(exercise: str, seed: int) -> None:
    """Make every :meth:`Deal.for_notebook` of ``exercise`` in this process use ``seed`` (the grader's cell)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DealError(f"seed: {seed!r} is not a whole number")
    _FORCED[exercise] = seed


def forced_seed(exercise: str) -> int | None:
    """The seed :func:`use_seed` set for ``exercise``, if any."""
    return _FORCED.get(exercise)


def _notebook_path() -> Path | None:
    """The running notebook's file, when the front end tells the kernel (JupyterLab, VS Code)."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    ns: Mapping[str, Any] = getattr(shell, "user_ns", {}) or {}
    for candidate in (ns.get("__session__"), ns.get("__vsc_ipynb_file__"), os.environ.get("JPY_SESSION_NAME")):
        if isinstance(candidate, str) and candidate.endswith(".ipynb"):
            path = Path(candidate)
            if path.is_file():
                return path
    return None


def notebook_metadata_seed(path: Path, exercise: str) -> int | None:
    """``metadata.omaha_learn.seed`` of the notebook at ``path`` if it is ``exercise``'s, else None."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
    except (OSError, ValueError, AttributeError):
        return None
    ol = meta.get("omaha_learn", {}) if isinstance(meta, dict) else {}
    seed = ol.get(SEED_KEY) if isinstance(ol, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool) or ol.get("exercise") != exercise:
        return None
    return seed


class Deal(Generic[D]):
    """An exercise's deal: ``generate(seed) -> data``, ``answers(data) -> {question: answer}``.

    ``problem(data)`` returns why a deal cannot be used (None when it can);
    ``show(data)`` the text that shows the learner the deal; ``depends`` names
    the questions whose answer changes with the deal (the others ask about
    fixed hands, the same for everyone). The answers are the engine's values;
    :meth:`right_answers` puts them in the checker's canonical form.
    """

    def __init__(self, exercise: str, class_seed: int, generate: Callable[[int], D],
                 answers: Callable[[D], Mapping[str, object]], *,
                 problem: Callable[[D], str | None] | None = None, show: Callable[[D], str] | None = None,
                 depends: Sequence[str] = ()) -> None:
        self.exercise = exercise
        self.class_seed = class_seed
        self._generate = generate
        self._answers = answers
        self._problem = problem or (lambda _d: None)
        self.redraws = problem is not None
        """Whether some deals are unfit and re-drawn (an exercise whose every deal fits has no ``problem``)."""
        self._show = show or str
        self.kinds: dict[str, str] = {}
        """{question: answer kind}, set by the :class:`~omaha_learn.checks.questions.Exercise` it belongs to."""
        self.depends = tuple(depends)
        self.current_seed = class_seed
        """The seed of the deal the notebook shows (set by :meth:`for_notebook`); ``check`` grades against it."""
        self._cached = functools.lru_cache(maxsize=256)(self._right_answers)

    def bind(self, kinds: Mapping[str, str]) -> None:
        """Tie the deal to its exercise's questions ({question: answer kind})."""
        unknown = set(self.depends) - set(kinds)
        if unknown:
            raise ValueError(f"deal of {self.exercise}: depends names unknown questions {sorted(unknown)}")
        self.kinds = dict(kinds)
        self._cached.cache_clear()

    def draw(self, seed: int) -> D:
        """The deal for ``seed``: ``generate(seed)``, re-drawn from derived seeds while it is unfit."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DealError(f"seed: {seed!r} is not a whole number")
        current = seed
        for attempt in range(MAX_REDRAWS):
            data = self._generate(current)
            if self._problem(data) is None:
                return data
            current = _redraw_seed(seed, attempt)
        raise DealError(f"{self.exercise}: no usable deal from seed {seed} in {MAX_REDRAWS} draws")

    def answers(self, seed: int) -> dict[str, object]:
        """The engine's answer to every question for the deal of ``seed``."""
        return dict(self._answers(self.draw(seed)))

    def right_answers(self, seed: int) -> dict[str, str]:
        """Every question's right answer for the deal of ``seed``, in the checker's canonical form (cached)."""
        return dict(self._cached(seed))

    def _right_answers(self, seed: int) -> dict[str, str]:
        from omaha_learn.checks.answer_forms import KINDS

        raw = self.answers(seed)
        if set(raw) != set(self.kinds):
            raise ValueError(f"deal of {self.exercise}: answers give {sorted(raw)}, questions are {sorted(self.kinds)}")
        return {qid: KINDS[self.kinds[qid]](value) for qid, value in raw.items()}

    def seed_for(self, seed: int | None = None) -> tuple[int, str]:
        """(the seed to use, where it came from): the grader's, ``seed``, the notebook's metadata, the class's."""
        forced = forced_seed(self.exercise)
        if forced is not None:
            return forced, "set by the grader"
        if seed is not None:
            return seed, "your own deal"
        path = _notebook_path()
        if path is not None:
            found = notebook_metadata_seed(path, self.exercise)
            if found is not None:
                return found, "your own deal"
        return self.class_seed, "the class deal"

    def for_notebook(self, seed: int | None = None) -> D:
        """The deal a notebook shows and checks against; see :meth:`seed_for` for which seed it uses."""
        chosen, _source = self.seed_for(seed)
        data = self.draw(chosen)
        self.current_seed = chosen
        return data

    def show(self, data: D) -> None:
        """Print the deal for the learner (what :meth:`describe` says)."""
        print(self.describe(data))

    def describe(self, data: D, seed: int | None = None) -> str:
        """The deal as text: whose deal it is (``seed``, else the current one), then the cards."""
        seed = self.current_seed if seed is None else seed
        who = (gettext("the class deal (seed {seed})") if seed == self.class_seed
               else gettext("your own deal (seed {seed})"))
        return f"{who.format(seed=seed)}\n{self._show(data)}"


# ------------------------------------------------------------ hands and board

@dataclass(frozen=True)
class DealtHands:
    """Hole cards for players A, B, C... dealt one card at a time (R1), then a board."""

    seed: int
    cards: tuple[Card, ...]
    """The hole cards in the order they came off the deck."""
    holes: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]

    @property
    def hands(self) -> dict[str, tuple[Card, ...]]:
        """{player letter: hole cards}."""
        return {"ABCDEFGHIJ"[i]: h for i, h in enumerate(self.holes)}

    def __str__(self) -> str:
        lines = [f"{p} {format_cards(h)}" for p, h in self.hands.items()]
        return "\n".join(lines + [gettext("board {cards}").format(cards=format_cards(self.board))])


def deal_hands(seed: int, players: int = 3, hole_size: int = 4, board_size: int = 5) -> DealtHands:
    """``Deck(seed=seed)`` dealt to ``players`` one card at a time (R1), then the board.

    >>> d = deal_hands(107)
    >>> str(d).splitlines()[0], d.cards[1::3] == d.holes[1]
    ('A 9d 8h Ah 9s', True)
    """
    deck = Deck(seed=seed)
    cards = tuple(deck.deal(players * hole_size))
    holes = tuple(cards[i::players] for i in range(players))
    return DealtHands(seed, cards, holes, tuple(deck.deal(board_size)))


T = TypeVar("T")


def unique_best(options: Sequence[T], strength: Callable[[T], Any]) -> T | None:
    """The option of greatest ``strength`` when exactly one has it, else None (a tie: ambiguous).

    >>> unique_best([1, 3, 2], lambda x: x), unique_best([3, 1, 3], lambda x: x)
    (3, None)
    """
    scored = [(strength(o), o) for o in options]
    top = max(s for s, _ in scored)
    best = [o for s, o in scored if s == top]
    return best[0] if len(best) == 1 else None


def hole_pairs(hole: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every two of ``hole``'s cards."""
    return list(combinations(hole, 2))


def pair_high(pair: Sequence[Card], board: Sequence[Card]) -> tuple[int, ...]:
    """The high value of the best five made of ``pair`` and three of ``board`` (bigger is better, R2)."""
    from omaha_learn.engine.evaluation.five_card import high_value

    return max(high_value([*pair, *t]) for t in combinations(board, 3))


def pair_low(pair: Sequence[Card], board: Sequence[Card], qualifier: int = 8) -> tuple[int, ...] | None:
    """The best qualifying low of ``pair`` and three of ``board`` (smaller is better, R8-R9), or None."""
    from omaha_learn.engine.evaluation.five_card import low_value

    lows = [v for t in combinations(board, 3) if (v := low_value([*pair, *t]))[0] == 0 and v[1] <= qualifier]
    return min(lows) if lows else None
