"""Equity when a player holds a *range* (``"AA**ds"``, ``"15%"``) instead of known cards.

:func:`omaha_learn.equity` hands over to :func:`range_equity` when a player is
a :class:`~omaha_learn.engine.ranges.Range` or range text. Each range first
loses the hands that hold a card already seen (the other players' known
cards, the board, the dead cards: *card removal*); then

* exactly, when ``trials`` is ``None`` and the work is small: every
  combination of the ranges' hands that shares no card, each with every
  board, all weighted alike (the ranges' hands are equally likely);
* by seeded Monte Carlo otherwise (``trials=N``): each deal draws one hand
  from each range (redrawing deals whose range hands collide), then the board
  and any random hands from the cards left. The result carries a standard error.

>>> from omaha_learn import equity
>>> r = equity(["As Ah 2s 3h", "KK**ds"], board="Kc 7d 2h", game="hilo")   # exact: 299 hands x 820 boards
>>> r.exact, r.combos, f"{r[0].equity:.4f}"
(True, (None, 299), '0.3902')
>>> r = equity(["As Ah 2s 3h", "AA**"], game="plo", trials=20_000, seed=1)
>>> r.exact, r.combos[1], abs(r[0].equity - 0.5) < 0.1, r[0].stderr < 0.005
(False, 1035, True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards
from omaha_learn.engine.equity.api import (
    EquityResult,
    Progress,
    ProgressBar,
    check_request,
    equity,
    parse_text,
    result_from_counts,
)
from omaha_learn.engine.equity.kernel import outcome_codes
from omaha_learn.engine.evaluation.batch import board_info, hand_strengths
from omaha_learn.engine.evaluation.tables import low_threshold
from omaha_learn.engine.games import Game
from omaha_learn.engine.ranges import Range, is_range_text, parse_range
from omaha_learn.errors import EquityError, GameError, RangeError

__all__ = ["range_equity", "RangeEquityResult", "has_range", "EXACT_PREFLOP_HANDS", "EXACT_BOARDS"]

EXACT_PREFLOP_HANDS = 24
"""Exact enumeration before the flop: at most this many range-hand combinations (about 1M boards each)."""
EXACT_BOARDS = 500_000
"""Exact enumeration after the flop: at most this many (range-hand combination, board) pairs."""

_CHUNK = 32_768


def has_range(holes: object) -> bool:
    """Whether any player in ``holes`` is a range (so :func:`range_equity` answers).

    Every :func:`omaha_learn.equity` call asks first: a text that reads as four or five
    cards is a hand, read once through the parse cache :func:`omaha_learn.equity` uses
    next; any other text is for :func:`~omaha_learn.engine.ranges.is_range_text`.
    """
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        return False
    return any(_is_range_str(h) if type(h) is str else is_range_text(h) for h in holes)


def _is_range_str(text: str) -> bool:
    try:
        if len(parse_text(text)) in (4, 5):
            return False  # four or five different cards: a hand (is_range_text says the same)
    except CardError:
        pass
    return is_range_text(text)


@dataclass(frozen=True)
class RangeEquityResult(EquityResult):
    """An :class:`~omaha_learn.engine.equity.api.EquityResult` where some players hold ranges.

    ``ranges[i]`` is player ``i``'s :class:`Range` (``None`` for known or random
    hands) and ``combos[i]`` how many of its hands were left after card removal.
    Range players' ``hole`` is ``None``.
    """

    ranges: tuple[Range | None, ...] = ()
    combos: tuple[int | None, ...] = ()

    def _labels(self) -> Iterator[str]:
        for r, n in zip(self.ranges, self.combos, strict=True):
            if r is not None:
                yield f"range {r.text} ({n:,} of {r.combos:,} hands after card removal)"

    def __str__(self) -> str:
        lines = super().__str__().split("\n")
        for j, line in enumerate(lines[2:2 + len(self)], start=2):
            i = j - 2
            if self.ranges[i] is not None:
                lines[j] = line.replace("random", "range ", 1)
        extra = [f"player {i + 1}: {label}" for i, label in
                 zip([i for i, r in enumerate(self.ranges) if r is not None], self._labels(), strict=True)]
        return "\n".join(lines[:2 + len(self)] + extra + lines[2 + len(self):])

    def _repr_html_(self) -> str:
        import html

        page = super()._repr_html_()
        parts = page.split("<i>random</i>")
        out = [parts[0]]
        nones = [i for i, p in enumerate(self.players) if p.hole is None]
        for k, rest in enumerate(parts[1:]):
            r = self.ranges[nones[k]] if k < len(nones) else None
            label = "<i>random</i>" if r is None else (
                f"<code>{html.escape(r.text)}</code> <small>({self.combos[nones[k]]:,} hands)</small>")
            out.append(label + rest)
        return "".join(out)


def _as_game(game: str) -> str:
    try:
        return "hilo" if Game.parse(game) is Game.HILO else "high"
    except GameError as exc:
        raise EquityError(f"game: {game!r} is not a game ({exc})") from None


def range_equity(holes: Sequence[CardsLike | Range | None], board: CardsLike = (), dead: CardsLike = (), *,
                 game: str = "hilo", qualifier: int | None = 8, trials: int | None = None,
                 seed: int | None = None, progress: Progress = None) -> RangeEquityResult:
    """Equity with ranges for some players (see the module notes); arguments as :func:`omaha_learn.equity`."""
    key = _as_game(game)
    chart_game = "hilo" if key == "hilo" else "plo"
    if isinstance(holes, str):
        raise EquityError("holes: give a list with one hand or range per player, e.g. ['As Ah 2s 3h', 'AA**']")
    holes = list(holes)
    ranges: list[Range | None] = []
    for i, h in enumerate(holes):
        if is_range_text(h):
            try:
                ranges.append(parse_range(h, game=chart_game))  # type: ignore[arg-type]
            except RangeError as exc:
                raise RangeError(f"player {i + 1}'s range: {exc}", exc.part, exc.position) from None
        else:
            ranges.append(None)
    placeholders: list[CardsLike | None] = [None if r is not None else h for h, r in zip(holes, ranges, strict=True)]  # type: ignore[misc]
    if trials is None:
        for i, h in enumerate(holes):
            if h is None:
                raise EquityError(f"player {i + 1} holds a random hand (None): exact enumeration needs known hands "
                                  f"or ranges; pass trials=N (and a seed) for a Monte Carlo estimate")
    parsed, b, d, size = check_request(placeholders, board, dead, Game.parse(key), qualifier, trials if trials is not None else 1)
    if size != 4:
        raise EquityError("holes: ranges are four-card Omaha hands; the known hands have 5 cards")
    known = [c for h in parsed if h is not None for c in h] + list(b) + list(d)
    live: list[Range | None] = []
    for i, r in enumerate(ranges):
        if r is None:
            live.append(None)
            continue
        left = r.without(known) if known else r
        if not len(left):
            raise EquityError(f"player {i + 1}'s range {r.text!r}: no hand left once the known cards "
                              f"({format_cards(known)}) are removed")
        live.append(left)
    low = key == "hilo"
    threshold = low_threshold(qualifier) if low else 0
    bar = ProgressBar(progress)
    if trials is None:
        counts = _exact(parsed, live, b, d, key, qualifier, bar)
    else:
        counts = _monte_carlo(parsed, live, b, d, low, threshold, trials, seed, bar)
    base = result_from_counts(counts, parsed, b, d, key, qualifier if low else None, trials is None, seed)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    return RangeEquityResult(**fields, ranges=tuple(ranges),
                             combos=tuple(None if r is None else len(r) for r in live))


def _joint_hands(live: list[Range | None], limit: int) -> list[list[tuple[Card, ...] | None]] | None:
    """Every combination of range hands sharing no card (``None`` if more than ``limit``)."""
    out: list[list[tuple[Card, ...] | None]] = [[]]
    for r in live:
        if r is None:
            out = [o + [None] for o in out]
            continue
        nxt = []
        for o in out:
            used = {c for h in o if h is not None for c in h}
            for hand in r:
                if used.isdisjoint(hand):
                    nxt.append(o + [hand])
                    if len(nxt) > limit:
                        return None
        out = nxt
    return out


def _exact(parsed: list[tuple[Card, ...] | None], live: list[Range | None], board: tuple[Card, ...],
           dead: tuple[Card, ...], game: str, qualifier: int | None, bar: ProgressBar) -> dict[int, int]:
    players = len(parsed)
    boards = comb(52 - 4 * players - len(board) - len(dead), 5 - len(board))
    limit = EXACT_PREFLOP_HANDS if not board else max(EXACT_BOARDS // boards, 1)
    joint = _joint_hands(live, limit)
    if joint is None or not joint:
        sizes = " x ".join(f"{len(r):,}" for r in live if r is not None)
        why = "the ranges' hands always share a card" if joint == [] else (
            f"the ranges hold {sizes} hands, each with {boards:,} boards")
        raise EquityError(f"exact equity with ranges: {why}; pass trials=N (and a seed) for a Monte Carlo estimate")
    counts: dict[int, int] = {}
    for n, combo in enumerate(joint):
        holes = [p if p is not None else h for p, h in zip(parsed, combo, strict=True)]
        r = equity(holes, board, dead, game=game, qualifier=qualifier)
        for code, c in r.counts.items():
            counts[code] = counts.get(code, 0) + c
        bar(n + 1, len(joint))
    return counts


def _monte_carlo(parsed: list[tuple[Card, ...] | None], live: list[Range | None], board: tuple[Card, ...],
                 dead: tuple[Card, ...], low: bool, threshold: int, trials: int, seed: int | None, bar: ProgressBar
                 ) -> dict[int, int]:
    rng = np.random.default_rng(seed)
    fixed = [int(c) for h in parsed if h is not None for c in h] + [int(c) for c in board] + [int(c) for c in dead]
    missing = 5 - len(board)
    randoms = [i for i, (p, r) in enumerate(zip(parsed, live, strict=True)) if p is None and r is None]
    ranged = [i for i, r in enumerate(live) if r is not None]
    tables = {i: live[i].hands.astype(np.intp) for i in ranged}  # type: ignore[union-attr]
    counts: dict[int, int] = {}
    done = 0
    while done < trials:
        m = min(_CHUNK, trials - done)
        hands = _draw_ranges(rng, tables, ranged, m)
        keys = rng.random((m, 52))
        if fixed:
            keys[:, fixed] = 2.0
        rows = np.arange(m)[:, None]
        for h in hands.values():
            keys[rows, h] = 2.0
        dealt = np.argsort(keys, axis=1)[:, :missing + 4 * len(randoms)].astype(np.intp)
        boards = np.concatenate([np.broadcast_to(np.array([int(c) for c in board], dtype=np.intp), (m, len(board))),
                                 dealt[:, :missing]], axis=1)
        info = board_info(boards)
        his, los = [], []
        for i, p in enumerate(parsed):
            if p is not None:
                hole: npt.NDArray[np.intp] = np.array([int(c) for c in p], dtype=np.intp)
            elif i in hands:
                hole = hands[i]
            else:
                j = missing + 4 * randoms.index(i)
                hole = dealt[:, j:j + 4]
            hi, lo = hand_strengths(hole, info, low=low)
            his.append(hi)
            los.append(lo)
        lows = None
        if low:
            stacked = np.stack(los)  # type: ignore[arg-type]
            lows = np.where(stacked >= threshold, stacked, 0).astype(np.uint16)
        codes = outcome_codes(np.stack(his), lows)
        c = np.bincount(codes)
        for v in np.flatnonzero(c).tolist():
            counts[v] = counts.get(v, 0) + int(c[v])
        done += m
        bar(done, trials)
    return counts


def _draw_ranges(rng: np.random.Generator, tables: dict[int, npt.NDArray[np.intp]], ranged: list[int], m: int
                 ) -> dict[int, npt.NDArray[np.intp]]:
    """One hand per range per deal, uniformly among combinations that share no card (rejection)."""
    hands = {i: tables[i][rng.integers(0, len(tables[i]), m)] for i in ranged}
    if len(ranged) < 2:
        return hands
    for _ in range(1000):
        cards = np.concatenate([hands[i] for i in ranged], axis=1)
        s = np.sort(cards, axis=1)
        bad = (s[:, 1:] == s[:, :-1]).any(axis=1)
        if not bad.any():
            return hands
        idx = np.flatnonzero(bad)
        for i in ranged:
            hands[i][idx] = tables[i][rng.integers(0, len(tables[i]), len(idx))]
    raise EquityError("ranges: the players' ranges almost never fit together without sharing a card")
