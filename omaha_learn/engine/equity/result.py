"""Equity results: :class:`EquityResult` (one :class:`PlayerEquity` per player) built from
outcome-code counts, the one tally every exact and Monte Carlo path ends in (R11).

>>> r = result_from_counts({0b1101: 3, 0b1010: 1}, [None, None], (), (), Game.HILO, 8, False, 1)
>>> r.boards, r[0].equity, r[1].scoops
(4, 0.5625, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from math import sqrt
from typing import TypeVar, overload

import numpy as np
import numpy.typing as npt

from omaha_learn import rendering
from omaha_learn.engine.cards import Card, format_cards
from omaha_learn.engine.equity.request import MAX_EQUITY_PLAYERS
from omaha_learn.engine.games import Game
from omaha_learn.i18n import format_number, format_percent, gettext, ngettext, pgettext, street_word

__all__ = ["GAMES", "EquityResult", "PlayerEquity", "result_from_counts", "tally_codes"]

GAMES = {g: g.definition.stem for g in Game}
"""How equity results name each :class:`~omaha_learn.Game` (a high-low game's qualifier follows)."""

_UNIT = 120  # one pot in units: divisible by every tie count 1..6 in each half
_HALF = _UNIT // 2


@dataclass(frozen=True)
class PlayerEquity:
    """One player's results. Rates are fractions of boards (0..1).

    ``equity`` is the expected share of the pot; ``high`` and ``low`` the
    average share of that half (1/k when tied k ways, 0 when beaten or, for
    ``low``, when nobody has a low); ``scoop`` the rate of winning the high
    alone and the low alone (or the high alone when no low is made);
    ``split`` the rate of taking part of the pot, neither nothing nor all of
    it; ``quartered`` the rate of taking exactly a quarter of the pot.
    """

    hole: tuple[Card, ...] | None
    equity_fraction: Fraction
    high_fraction: Fraction
    low_fraction: Fraction
    boards: int
    high_wins: int
    high_ties: int
    low_wins: int
    low_ties: int
    scoops: int
    splits: int
    quarters: int
    stderr: float | None = None

    @property
    def equity(self) -> float:
        return float(self.equity_fraction)

    @property
    def high(self) -> float:
        return float(self.high_fraction)

    @property
    def low(self) -> float:
        return float(self.low_fraction)

    @property
    def scoop(self) -> float:
        return self.scoops / self.boards

    @property
    def split(self) -> float:
        return self.splits / self.boards

    @property
    def quartered(self) -> float:
        return self.quarters / self.boards

    @property
    def win(self) -> float:
        """Rate of winning the high alone."""
        return self.high_wins / self.boards

    @property
    def tie(self) -> float:
        """Rate of tying for the high."""
        return self.high_ties / self.boards


@dataclass(frozen=True)
class EquityResult(Sequence[PlayerEquity]):
    """Equity of every player in one deal: a sequence of :class:`PlayerEquity`.

    ``boards`` is how many boards were dealt (all of them when ``exact``);
    ``low_possible`` the rate of boards on which some player's low qualified
    (0 for ``game="high"``); ``histogram[(k_high, k_low)]`` counts boards on
    which ``k_high`` players shared the high and ``k_low`` the low (0: no low);
    ``counts`` maps an outcome code (``high_mask << players | low_mask``) to
    its number of boards, from which every other figure is derived.
    """

    players: tuple[PlayerEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    game: Game
    qualifier: int | None
    boards: int
    exact: bool
    low_boards: int
    histogram: dict[tuple[int, int], int]
    counts: dict[int, int] = field(repr=False)
    seed: int | None = None

    @overload
    def __getitem__(self, i: int) -> PlayerEquity: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerEquity]: ...

    def __getitem__(self, i: int | slice) -> PlayerEquity | Sequence[PlayerEquity]:
        return self.players[i]

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)

    @property
    def low_possible(self) -> float:
        return self.low_boards / self.boards

    @property
    def equities(self) -> tuple[float, ...]:
        return tuple(p.equity for p in self.players)

    @property
    def stderr(self) -> tuple[float | None, ...]:
        """Standard error of each player's equity (``None`` when exact)."""
        return tuple(p.stderr for p in self.players)

    def title(self) -> str:
        game = self.game.title(self.qualifier)
        where = (gettext("board {cards}").format(cards=format_cards(self.board)) if self.board
                 else street_word("preflop"))
        if self.exact:
            text = ngettext("{game}, {where}: {boards} board (exact)", "{game}, {where}: {boards} boards (exact)",
                            self.boards)
        else:
            text = ngettext("{game}, {where}: {boards} board (Monte Carlo, seed {seed})",
                            "{game}, {where}: {boards} boards (Monte Carlo, seed {seed})", self.boards)
        return text.format(game=game, where=where, boards=format_number(self.boards), seed=self.seed)

    def __str__(self) -> str:
        mc = not self.exact
        head = [pgettext("column", "player"), pgettext("column", "hand"), pgettext("column", "equity"),
                pgettext("column", "high"), pgettext("column", "low"), pgettext("column", "scoop"),
                pgettext("column", "split"), pgettext("column", "quartered")] + (["±"] if mc else [])
        rows = []
        for i, p in enumerate(self.players):
            hand = format_cards(p.hole) if p.hole is not None else gettext("random")
            cells = [str(i + 1), hand] + [format_percent(x, 2) for x in
                                          (p.equity, p.high, p.low, p.scoop, p.split, p.quartered)]
            if mc:
                cells.append(format_percent(p.stderr or 0.0, 2))
            rows.append(cells)
        widths = [max(len(r[j]) for r in [head] + rows) for j in range(len(head))]
        lines = [self.title()]
        for r in [head] + rows:
            lines.append("  ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths, strict=True)))
                         .rstrip())
        if self.game.has_low:
            lines.append(gettext("a low is made on {percent} of boards").format(
                percent=format_percent(self.low_possible, 2)))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return rendering.html("equity", self)   # drawn by omaha_learn.display when it is there


_ZERO = Fraction(0)
_POPCOUNT = tuple(bin(x).count("1") for x in range(1 << MAX_EQUITY_PLAYERS))


def _popcount(x: int) -> int:
    return _POPCOUNT[x]


def tally_codes(counts: dict[int, int], players: int) -> dict[str, list[int]]:
    """Integer sums per player from outcome-code counts (see :func:`outcome_codes`).

    Shares are in units of 1/120 of the pot (``share``) and 1/60 of a half
    (``high``, ``low``); ``share_sq`` is the sum of squared shares.

    >>> t = tally_codes({0b1101: 3}, 2)   # high tied, low to player 1, three boards
    >>> t["share"], t["low_wins"], t["quarters"]
    ([270, 90], [3, 0], [0, 3])
    """
    per_player = _player_tallies(counts, players)
    return {k: [row[j] for row in per_player] for j, k in enumerate(_TALLY_KEYS)}


def _player_tallies(counts: dict[int, int], players: int) -> Sequence[Sequence[int]]:
    """:func:`tally_codes` player by player: each player's sums in the order of ``_TALLY_KEYS``."""
    if len(counts) == 1 and 1 in counts.values():  # a river: one board, one outcome
        return _code_tallies(players, next(iter(counts)))
    weights = np.fromiter(counts.values(), dtype=np.int64, count=len(counts))
    table = _tally_table(players).reshape(1 << (2 * players), -1)
    rows: list[list[int]] = (weights @ table.take(list(counts), axis=0)).reshape(players, -1).tolist()
    return rows


_TALLY_KEYS = ("share", "share_sq", "high", "low", "high_wins", "high_ties", "low_wins", "low_ties",
               "scoops", "splits", "quarters")


@functools.cache
def _tally_table(players: int) -> npt.NDArray[np.int64]:
    """Per outcome code, per player, per key of :func:`tally_codes`: that board's contribution."""
    out = np.zeros((1 << (2 * players), players, len(_TALLY_KEYS)), dtype=np.int64)
    for code in range(1 << (2 * players)):
        hm, lm = code >> players, code & ((1 << players) - 1)
        k, kl = _popcount(hm), _popcount(lm)
        if k == 0:
            continue  # not a code any board has: someone always holds the best high
        for i in range(players):
            hw, lw = (hm >> i) & 1, (lm >> i) & 1
            high = hw * _HALF // k
            low = lw * _HALF // kl if kl else 0
            share = high + low if kl else 2 * high
            out[code, i] = (share, share * share, high, low, hw and k == 1, hw and k > 1, lw and kl == 1,
                               lw and kl > 1, share == _UNIT, 0 < share < _UNIT, 4 * share == _UNIT)
    out.flags.writeable = False
    return out


@functools.lru_cache(maxsize=4096)
def _code_tallies(players: int, code: int) -> tuple[tuple[int, ...], ...]:
    """One board's contributions with outcome ``code``: ``_tally_table(players)[code]``, player by player."""
    return tuple(tuple(row) for row in _tally_table(players)[code].tolist())


@functools.cache
def _halves(players: int) -> tuple[tuple[int, int], ...]:
    """``(k_high, k_low)`` of each outcome code: how many players share each half (0: no low)."""
    low = (1 << players) - 1
    return tuple((_popcount(code >> players), _popcount(code & low)) for code in range(1 << (2 * players)))


def result_from_counts(counts: dict[int, int], holes: list[tuple[Card, ...] | None], board: tuple[Card, ...],
            dead: tuple[Card, ...], game: str, qualifier: int | None, exact: bool, seed: int | None
            ) -> EquityResult:
    """The :class:`EquityResult` of outcome ``counts`` (outcome code -> boards), as tallied by the kernel."""
    n = len(holes)
    counts = dict(sorted(counts.items()))
    total = sum(counts.values())
    per_player = _player_tallies(counts, n)
    hist: dict[tuple[int, int], int] = {}
    low_boards = 0
    halves = _halves(n)
    for code, c in counts.items():
        key = halves[code]
        hist[key] = hist.get(key, 0) + c
        low_boards += c if key[1] else 0
    pot, half = total * _UNIT, total * _HALF
    players = []
    for hole, row in zip(holes, per_player, strict=True):
        share, share_sq, high, low, high_wins, high_ties, low_wins, low_ties, scoops, splits, quarters = row
        stderr = None
        if not exact:
            mean = share / total / _UNIT
            var = max(share_sq / total / _UNIT**2 - mean * mean, 0.0)
            stderr = sqrt(var / max(total - 1, 1))
        high_fraction = Fraction(high, half) if high else _ZERO
        share_fraction = high_fraction if share == 2 * high else Fraction(share, pot)  # no low: the same value
        players.append(_frozen(PlayerEquity, (
            hole, share_fraction, high_fraction, Fraction(low, half) if low else _ZERO, total, high_wins, high_ties,
            low_wins, low_ties, scoops, splits, quarters, stderr)))
    return _frozen(EquityResult, (tuple(players), board, dead, Game.parse(game), qualifier, total, exact, low_boards,
                                  dict(sorted(hist.items())), counts, seed))


_Frozen = TypeVar("_Frozen", PlayerEquity, EquityResult)


def _frozen(cls: type[_Frozen], values: tuple[object, ...]) -> _Frozen:
    """``cls(*values)``, every field given in order, without the frozen dataclass's ``__init__``
    (one ``object.__setattr__`` per field: a third of a small spot's result, six players).
    Neither class has ``__post_init__`` or slots; a test compares with the constructor."""
    obj = object.__new__(cls)
    obj.__dict__.update(zip(_FIELDS[cls], values, strict=True))
    return obj


_FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in (PlayerEquity, EquityResult)}
