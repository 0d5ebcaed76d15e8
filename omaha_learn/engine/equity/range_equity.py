"""Equity when a player holds a *range* (a weighted set of hands) instead of known cards.

The rules core takes ranges as typed values: any object with the :class:`HandRange`
attributes (``text``, ``combos``, ``hands``, ``weights``), such as
:class:`omaha_learn.strategy.Range`. Range *text* (``"AA**ds"``, ``"15%"``) is read
at the public edge: :func:`omaha_learn.equity` (:mod:`omaha_learn.strategy.range_equity`)
parses it and hands the ranges here. Each range first
loses the hands that hold a card already seen (the other players' known
cards, the board, the dead cards: *card removal*); then

* exactly, when ``trials`` is ``None`` and the work is small: every
  combination of the ranges' hands that shares no card, each with every
  board, weighted by the product of the hands' weights (a weighted range such
  as ``AA**@50,KK**`` gives each hand a weight; otherwise all weigh 1); a
  request too large raises :class:`~omaha_learn.errors.ExactTooLarge`;
* by seeded Monte Carlo otherwise (``trials=N``): each deal draws one hand
  from each range in proportion to its weight (redrawing deals whose range
  hands collide), then the board and any random hands from the cards left,
  inside each chunk of :mod:`omaha_learn.engine.sampling` on the worker
  processes. The result carries a standard error.

>>> import numpy as np
>>> from omaha_learn.engine.cards import parse_cards
>>> class Kings:                       # any typed range: two hands of kings, equal weights
...     text, combos, weights = "KdKh Qs Js, KcKs 9d 8d", 2, None
...     hands = np.array([[int(c) for c in parse_cards(h)] for h in ("Kd Kh Qs Js", "Kc Ks 9d 8d")], dtype=np.int8)
>>> r = range_equity(["As Ah 2s 3h", Kings()], board="Kh 7d 2h", game="hilo")
>>> r.exact, r.combos
(True, (None, 1))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd, lcm
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import Card, CardsLike, format_cards
from omaha_learn.engine.equity.exact import exact_counts, small_exact_counts
from omaha_learn.engine.equity.kernel import DealSpec, monte_carlo_counts
from omaha_learn.engine.equity.request import (
    Progress,
    ProgressBar,
    check_game,
    check_progress,
    check_request,
    deck_left,
)
from omaha_learn.engine.equity.result import EquityResult, result_from_counts
from omaha_learn.engine.evaluation.tables import low_threshold
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.errors import EquityError, ExactTooLarge, RangesDoNotFit
from omaha_learn.i18n import format_number, gettext, ngettext, pgettext
from omaha_learn.i18n import gettext as _

__all__ = ["range_equity", "RangeEquityResult", "HandRange", "has_range", "EXACT_PREFLOP_HANDS", "EXACT_BOARDS",
           "SUGGESTED_TRIALS", "RANGE_HOLE_CARDS"]

EXACT_PREFLOP_HANDS = 24
"""Exact enumeration before the flop: at most this many range-hand combinations (about 1M boards each)."""
EXACT_BOARDS = 500_000
"""Exact enumeration after the flop: at most this many (range-hand combination, board) pairs."""

SUGGESTED_TRIALS = 100_000
"""Monte Carlo deals :class:`~omaha_learn.errors.ExactTooLarge` suggests instead of an exact answer."""

RANGE_HOLE_CARDS = 4
"""Hole cards of a range's hands: the range language describes four-card hands."""


@runtime_checkable
class HandRange(Protocol):
    """A range as the rules core takes it: its ``text`` (for labels), how many hands it holds
    (``combos``), the hands as an ``(N, 4)`` array of card codes and an optional weight per hand."""

    @property
    def text(self) -> str: ...

    @property
    def combos(self) -> int: ...

    @property
    def hands(self) -> npt.NDArray[Any]: ...

    @property
    def weights(self) -> npt.NDArray[Any] | None: ...


def has_range(holes: object) -> bool:
    """Whether any player in ``holes`` is a typed range (a :class:`HandRange`), so :func:`range_equity` answers.

    Text is never a range here: the public :func:`omaha_learn.equity` reads range text first.
    """
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        return False
    return any(isinstance(h, HandRange) for h in holes)


@dataclass(frozen=True)
class RangeEquityResult(EquityResult):
    """An :class:`~omaha_learn.engine.equity.api.EquityResult` where some players hold ranges.

    ``ranges[i]`` is player ``i``'s range (a :class:`HandRange`) (``None`` for known or random
    hands) and ``combos[i]`` how many of its hands were left after card removal.
    Range players' ``hole`` is ``None``.
    """

    ranges: tuple[HandRange | None, ...] = ()
    combos: tuple[int | None, ...] = ()

    def _labels(self) -> Iterator[str]:
        for r, n in zip(self.ranges, self.combos, strict=True):
            if r is not None:
                yield ngettext("range {range} ({n} of {total} hand after card removal)",
                               "range {range} ({n} of {total} hands after card removal)", r.combos).format(
                    range=r.text, n=format_number(n or 0), total=format_number(r.combos))

    def __str__(self) -> str:
        lines = super().__str__().split("\n")
        for j, line in enumerate(lines[2:2 + len(self)], start=2):
            i = j - 2
            if self.ranges[i] is not None:
                random = gettext("random")
                lines[j] = line.replace(random, pgettext("column", "range").ljust(len(random)), 1)
        extra = [gettext("player {number}: {range}").format(number=i + 1, range=label) for i, label in
                 zip([i for i, r in enumerate(self.ranges) if r is not None], self._labels(), strict=True)]
        return "\n".join(lines[:2 + len(self)] + extra + lines[2 + len(self):])

    def _repr_html_(self) -> str:
        import html

        page = super()._repr_html_()
        word = html.escape(gettext("random"))
        random = f"<i>{word}</i>"
        parts = page.split(random)
        out = [parts[0]]
        nones = [i for i, p in enumerate(self.players) if p.hole is None]
        for k, rest in enumerate(parts[1:]):
            r = self.ranges[nones[k]] if k < len(nones) else None
            n = self.combos[nones[k]] or 0
            label = random if r is None else (
                f"<code>{html.escape(r.text)}</code> <small>"
                + html.escape(ngettext("({n} hand)", "({n} hands)", n).format(n=format_number(n))) + "</small>")
            out.append(label + rest)
        return "".join(out)


@dataclass(frozen=True)
class _Members:
    """A range's hands left after card removal: ``(N, 4)`` cards and their weights (``None``: all 1)."""

    hands: npt.NDArray[np.intp]
    weights: npt.NDArray[np.float64] | None


def _members(r: HandRange, known: Sequence[Card]) -> _Members:
    """``r``'s hands holding none of ``known``, with their weights; zero-weight hands are left out."""
    hands = np.asarray(r.hands, dtype=np.intp)
    raw = getattr(r, "weights", None)
    weights = None if raw is None else np.asarray(raw, dtype=np.float64)
    keep = np.ones(len(hands), dtype=bool)
    if known:
        keep &= ~np.isin(hands, np.array([int(c) for c in known], dtype=np.intp)).any(axis=1)
    if weights is not None:
        keep &= weights > 0
        weights = weights[keep]
    return _Members(hands[keep], weights)


def range_equity(holes: Sequence[CardsLike | HandRange | None], board: CardsLike = (), dead: CardsLike = (), *,
                 game: str | Game = DEFAULT_GAME, qualifier: int | None = 8, trials: int | None = None,
                 seed: int | None = None, progress: Progress = None, threads: int | None = None
                 ) -> RangeEquityResult:
    """Equity with typed ranges for some players (see the module notes); arguments as :func:`omaha_learn.equity`."""
    g = check_game(game)
    if g.hole_cards != RANGE_HOLE_CARDS:
        raise EquityError(_("holes: ranges are {range_hole_cards}-card Omaha hands; {label} deals {hole_cards} hole cards, so it takes known hands or None (random), no range").format(range_hole_cards=RANGE_HOLE_CARDS, label=g.local_label, hole_cards=g.hole_cards))
    if isinstance(holes, str):
        raise EquityError(_("holes: give a list with one hand or range per player, e.g. ['As Ah 2s 3h', 'AA**']"))
    holes = list(holes)
    ranges: list[HandRange | None] = [h if isinstance(h, HandRange) else None for h in holes]
    placeholders: list[CardsLike | None] = [None if r is not None else h  # type: ignore[misc]
                                            for h, r in zip(holes, ranges, strict=True)]
    if trials is None:
        for i, h in enumerate(holes):
            if h is None:
                raise EquityError(_("player {value} holds a random hand (None): exact enumeration needs known hands or ranges; pass trials=N (and a seed) for a Monte Carlo estimate").format(value=i + 1))
    parsed, b, d, g = check_request(placeholders, board, dead, g, qualifier, trials if trials is not None else 1)
    seed = arguments.seed(seed, "seed", EquityError, sampled=True)
    nthreads = arguments.cores(threads, "threads", EquityError)
    progress = check_progress(progress)
    if g.hole_cards != RANGE_HOLE_CARDS:   # five-card known hands beside a range
        raise EquityError(_("holes: ranges are {range_hole_cards}-card Omaha hands; the known hands have {hole_cards} cards ({label})").format(range_hole_cards=RANGE_HOLE_CARDS, hole_cards=g.hole_cards, label=g.local_label))
    known = [c for h in parsed if h is not None for c in h] + list(b) + list(d)
    members: list[_Members | None] = []
    for i, r in enumerate(ranges):
        if r is None:
            members.append(None)
            continue
        m = _members(r, known)
        if not len(m.hands):
            raise RangesDoNotFit(_("player {value}'s range {text!r}: no hand left once the known cards ({format_cards}) are removed").format(value=i + 1, text=r.text, format_cards=format_cards(known)))
        members.append(m)
    low = g.has_low
    threshold = low_threshold(qualifier) if low else 0
    bar = ProgressBar(progress)
    if trials is None:
        counts = _exact(parsed, members, b, d, low, threshold, bar)
    else:
        spec = DealSpec(tuple(None if h is None else tuple(int(c) for c in h) for h in parsed),
                        tuple(int(c) for c in b), deck_left(parsed, b, d), g.hole_cards, low, threshold,
                        tuple(None if m is None else m.hands.astype(np.int8) for m in members),
                        tuple(None if m is None or m.weights is None else np.cumsum(m.weights) for m in members))
        counts = monte_carlo_counts(spec, trials, seed, nthreads, bar)
    base = result_from_counts(counts, parsed, b, d, g, qualifier if low else None, trials is None, seed)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    return RangeEquityResult(**fields, ranges=tuple(ranges),
                             combos=tuple(None if m is None else len(m.hands) for m in members))


def _integer_weights(weights: npt.NDArray[np.float64] | None, n: int) -> list[int]:
    """Weights as whole numbers in the same proportions (all 1 when ``weights`` is None or all equal)."""
    if weights is None:
        return [1] * n
    fractions = [Fraction(float(w)).limit_denominator(1_000_000) for w in weights]
    scale = lcm(*(f.denominator for f in fractions))
    ints = [int(f * scale) for f in fractions]
    common = gcd(*ints) or 1
    return [w // common for w in ints]


def _joint_hands(members: list[_Members | None], limit: int
                 ) -> list[tuple[list[tuple[Card, ...] | None], int]] | None:
    """Every combination of range hands sharing no card, with its weight (the product of its
    hands' weights); ``None`` if more than ``limit``."""
    out: list[tuple[list[tuple[Card, ...] | None], int]] = [([], 1)]
    for m in members:
        if m is None:
            out = [(o + [None], w) for o, w in out]
            continue
        hands = [tuple(Card(int(c)) for c in row) for row in m.hands.tolist()]
        weights = _integer_weights(m.weights, len(hands))
        nxt = []
        for o, w in out:
            used = {c for h in o if h is not None for c in h}
            for hand, hw in zip(hands, weights, strict=True):
                if used.isdisjoint(hand):
                    nxt.append((o + [hand], w * hw))
                    if len(nxt) > limit:
                        return None
        out = nxt
    return out


def _exact(parsed: list[tuple[Card, ...] | None], members: list[_Members | None], board: tuple[Card, ...],
           dead: tuple[Card, ...], low: bool, threshold: int, bar: ProgressBar) -> dict[int, int]:
    players = len(parsed)
    boards = comb(52 - 4 * players - len(board) - len(dead), 5 - len(board))
    limit = EXACT_PREFLOP_HANDS if not board else max(EXACT_BOARDS // boards, 1)
    joint = _joint_hands(members, limit)
    if joint == []:
        raise RangesDoNotFit(_("exact equity with ranges: the ranges' hands always share a card"))
    if joint is None:
        sizes = " x ".join(f"{len(m.hands):,}" for m in members if m is not None)
        raise ExactTooLarge(_("exact equity with ranges: the ranges hold {sizes} hands, each with {boards} boards; pass trials=N (and a seed) for a Monte Carlo estimate").format(sizes=sizes, boards=format_number(boards)),
                            suggested_trials=SUGGESTED_TRIALS)
    common = gcd(*(w for _, w in joint)) or 1
    counts: dict[int, int] = {}
    for n, (combo, w) in enumerate(joint):
        holes = [p if p is not None else h for p, h in zip(parsed, combo, strict=True)]
        known = [h for h in holes if h is not None]
        if len(board) >= 4:
            part = small_exact_counts(known, board, dead, low, threshold)
        else:
            part = exact_counts(known, board, deck_left(known, board, dead), low, threshold, lambda d, t: None)
        w //= common
        for code, c in part.items():
            counts[code] = counts.get(code, 0) + c * w
        bar(n + 1, len(joint))
    return counts
