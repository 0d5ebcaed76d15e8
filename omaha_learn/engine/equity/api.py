"""Equity of Omaha hands: each player's expected share of the pot, with the
high and low halves, scoops, splits and quarterings (R2, R8-R12).

Exact by default: every remaining board is dealt once (1,086,008 boards
heads-up before the flop, in a few hundredths of a second). With
``trials=N`` a seeded Monte Carlo estimate with a standard error instead;
a player given as ``None`` holds a random hand (Monte Carlo only).

>>> r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
>>> r[0].equity_fraction, r.boards, r.exact
(Fraction(1357, 1640), 820, True)
>>> print(r)   # doctest: +NORMALIZE_WHITESPACE
Omaha Hi-Lo 8 or better, board 4c 7d 9s: 820 boards (exact)
player  hand         equity    high     low   scoop   split  quartered
1       As Ah 2s 3h  82.74%  75.49%  74.39%  75.49%  14.51%      0.00%
2       Kd Kc Qd Jc  17.26%  24.51%   0.00%  10.00%  14.51%      0.00%
a low is made on 74.39% of boards
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from math import comb, sqrt
from typing import TypeVar, overload

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.engine.equity.kernel import (
    DealSpec,
    board_blocks,
    default_threads,
    monte_carlo_chunk,
    outcome_codes,
    parallel_sum,
    stacked_outcome_codes,
    triple_strengths,
)
from omaha_learn.engine.evaluation.batch import board_info, fixed_strengths
from omaha_learn.engine.evaluation.sweep import river_strengths, turn_strengths
from omaha_learn.engine.evaluation.tables import colex_combinations, low_threshold
from omaha_learn.engine.games import Game
from omaha_learn.errors import EquityError, GameError

__all__ = ["equity", "EquityResult", "PlayerEquity", "EquityError", "tally_codes", "GAMES", "MAX_TRIALS",
           "check_seed", "check_trials", "check_threads", "parse_text"]

GAMES = {Game.HILO: "Omaha Hi-Lo", Game.PLO: "Pot-Limit Omaha (high only)"}
"""How equity results name the games of the :class:`~omaha_learn.Game` vocabulary."""

MAX_PLAYERS = 6
_UNIT = 120  # one pot in units: divisible by every tie count 1..6 in each half
_HALF = _UNIT // 2
_CHUNK = 8_192  # deals per Monte Carlo chunk: the unit of seeding and of work for the worker processes
MAX_TRIALS = 100_000_000
"""The most deals one :func:`equity` call samples (about a minute on two cores)."""

Progress = bool | Callable[[int, int], object] | None


# ----------------------------------------------------------------- results

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
        game = GAMES[self.game]
        if self.game == "hilo":
            game += " (no qualifier)" if self.qualifier is None else f" {self.qualifier} or better"
        where = f"board {format_cards(self.board)}" if self.board else "preflop"
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        return f"{game}, {where}: {self.boards:,} boards ({how})"

    def __str__(self) -> str:
        mc = not self.exact
        head = ["player", "hand", "equity", "high", "low", "scoop", "split", "quartered"] + (["±"] if mc else [])
        rows = []
        for i, p in enumerate(self.players):
            hand = format_cards(p.hole) if p.hole is not None else "random"
            cells = [str(i + 1), hand] + [f"{100 * x:.2f}%" for x in
                                          (p.equity, p.high, p.low, p.scoop, p.split, p.quartered)]
            if mc:
                cells.append(f"{100 * (p.stderr or 0.0):.2f}%")
            rows.append(cells)
        widths = [max(len(r[j]) for r in [head] + rows) for j in range(len(head))]
        lines = [self.title()]
        for r in [head] + rows:
            lines.append("  ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths, strict=True)))
                         .rstrip())
        if self.game == "hilo":
            lines.append(f"a low is made on {100 * self.low_possible:.2f}% of boards")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from omaha_learn.display.html import equity_html

        return str(equity_html(self))


_ZERO = Fraction(0)
_POPCOUNT = tuple(bin(x).count("1") for x in range(1 << MAX_PLAYERS))


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


# ----------------------------------------------------------------- checks

def check_seed(seed: object, what: str = "seed") -> int | None:
    """``seed`` if it is a non-negative int or None, else :class:`EquityError` naming it."""
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0):
        return None if seed is None else int(seed)
    raise EquityError(f"{what}: a non-negative integer or None, got {seed!r}")


def check_trials(trials: object, *, exact_allowed: bool = True) -> int | None:
    """``trials`` if it is None (exact, when allowed) or an int from 1 to :data:`MAX_TRIALS`."""
    if trials is None and exact_allowed:
        return None
    if (not isinstance(trials, (int, np.integer)) or isinstance(trials, bool)
            or not 1 <= trials <= MAX_TRIALS):
        none = ", or None for exact" if exact_allowed else ""
        raise EquityError(f"trials: a number of deals from 1 to {MAX_TRIALS:,}{none}, got {trials!r}")
    return int(trials)


def check_threads(threads: object) -> int:
    """``threads`` as a count: None (every core this process may use) or an int >= 1."""
    if threads is None:
        return default_threads()
    if not isinstance(threads, (int, np.integer)) or isinstance(threads, bool) or threads < 1:
        raise EquityError(f"threads: a positive number of cores to use, or None for every core, got {threads!r}")
    return int(threads)


@functools.lru_cache(maxsize=256)
def parse_text(text: str) -> tuple[Card, ...]:
    """:func:`~omaha_learn.engine.cards.parse_cards` of card text, remembered for the last 256
    texts: :func:`equity` and :func:`~omaha_learn.engine.equity.ranges.has_range` read every
    hand through it, so a hand is parsed once however often it is asked about.

    >>> parse_text("As Kd 7h")
    (Card('As'), Card('Kd'), Card('7h'))
    """
    return parse_cards(text)


def _parse(cards: object, name: str) -> tuple[Card, ...]:
    if cards is None:
        raise CardError(f"{name}: no cards given (None); use () or '' for none")
    try:
        if isinstance(cards, str):
            return parse_text(cards)
        return parse_cards(cards)  # type: ignore[arg-type]
    except CardError as exc:
        raise CardError(f"{name}: {exc}", exc.token, exc.position) from None


def _dealt_twice(holes: list[tuple[Card, ...] | None], board: tuple[Card, ...], dead: tuple[Card, ...]) -> None:
    """Raise the :class:`CardError` naming the first card dealt twice, and where (holes, then board, then dead)."""
    where: dict[Card, str] = {}
    named = [(h, f"in player {i + 1}'s hand") for i, h in enumerate(holes) if h is not None]
    for cards, name in named + [(board, "on the board"), (dead, "in the dead cards")]:
        for c in cards:
            if c in where:
                raise CardError(f"card '{c}' is dealt twice: {where[c]} and {name}", token=str(c))
            where[c] = name


def check_request(holes: Sequence[CardsLike | None], board: CardsLike, dead: CardsLike, game: Game,
                  qualifier: int | None, trials: int | None
                  ) -> tuple[list[tuple[Card, ...] | None], tuple[Card, ...], tuple[Card, ...], int]:
    """Check an equity request before any work: (parsed holes, board, dead cards, hole size), or the error naming the bad part."""
    if isinstance(holes, (str, bytes)) or not isinstance(holes, (list, tuple)):
        raise EquityError("holes: give a list with one hand per player, e.g. ['As Ah 2s 3h', 'Kd Kc Qd Jc'], "
                          f"got {type(holes).__name__}")
    if game == "hilo":
        try:
            low_threshold(qualifier)
        except ValueError as exc:
            raise EquityError(f"qualifier: {exc}") from None
    trials = check_trials(trials)
    holes = list(holes)
    if not 2 <= len(holes) <= MAX_PLAYERS:
        raise EquityError(f"holes: equity needs 2 to {MAX_PLAYERS} players, got {len(holes)}")
    parsed: list[tuple[Card, ...] | None] = []
    for i, h in enumerate(holes):
        if h is None:
            parsed.append(None)
            continue
        parsed.append(_parse(h, f"player {i + 1}'s hand"))
    sizes = {len(h) for h in parsed if h is not None}
    for i, h in enumerate(parsed):
        if h is not None and len(h) not in (4, 5):
            raise CardError(f"player {i + 1}'s hand: Omaha needs 4 hole cards (5 for five-card Omaha), "
                            f"got {len(h)} ({format_cards(h) or 'none'})")
    if len(sizes) > 1:
        raise CardError("hole cards: every player needs the same number of cards (4, or 5 for five-card Omaha)")
    size = next(iter(sizes)) if sizes else 4
    seen = {c for h in parsed if h is not None for c in h}
    if len(seen) < size * (len(parsed) - parsed.count(None)):
        _dealt_twice(parsed, (), ())
    b = _parse(board, "board")
    d = () if isinstance(dead, tuple) and not dead else _parse(dead, "dead")
    if len(b) not in (0, 3, 4, 5):
        raise CardError(f"board: 0 (preflop), 3 (flop), 4 (turn) or 5 (river) cards, got {len(b)} "
                        f"({format_cards(b)})")
    if len(seen.union(b, d)) < len(seen) + len(b) + len(d):
        _dealt_twice(parsed, b, d)
    need = size * len(parsed) + 5 + len(d)
    if need > 52:
        raise EquityError(f"holes: {len(parsed)} players with {size} cards, a board and {len(d)} dead cards "
                          f"need {need} cards; the deck has 52")
    if trials is None and None in parsed:
        i = next(i for i, h in enumerate(parsed) if h is None)
        raise EquityError(f"player {i + 1} holds a random hand (None): exact enumeration needs known hands; "
                          f"pass trials=N (and a seed) for a Monte Carlo estimate")
    return parsed, b, d, size


class ProgressBar:
    """Progress as a callable(done, total): None, a user callable, or a text bar on stderr."""

    def __init__(self, progress: Progress) -> None:
        self.fn = progress if callable(progress) else None
        self.text = progress is True
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        if self.fn is not None:
            self.fn(done, total)
        if self.text:
            pct = 100 * done // max(total, 1)
            if pct != self.last:
                self.last = pct
                bar = "#" * (pct // 4)
                sys.stderr.write(f"\r[{bar:<25}] {pct:3d}% {done:,}/{total:,}")
                if done >= total:
                    sys.stderr.write("\n")
                sys.stderr.flush()


# -------------------------------------------------------------- computation

def _as_dict(sums: npt.NDArray[np.int64]) -> dict[int, int]:
    return {v: int(sums[v]) for v in np.flatnonzero(sums).tolist()}


@functools.lru_cache(maxsize=64)
def _positions(n: int, k: int) -> npt.NDArray[np.intp]:
    return colex_combinations(n, k).astype(np.intp)


def _exact(holes: list[tuple[Card, ...]], board: tuple[Card, ...], deck: npt.NDArray[np.intp],
           low: bool, threshold: int, bar: ProgressBar, threads: int) -> dict[int, int]:
    n = len(deck)
    players = len(holes)
    size = 1 << (2 * players)
    if not board:
        rows = []
        for h in holes:
            hi, lo = triple_strengths(np.array(h), deck, low=low)
            rows.append(hi)
            if lo is not None:
                rows.append(np.where(lo >= threshold, lo, 0).astype(np.uint16))
        values = np.stack(rows)
        step = 2 if low else 1
        total = comb(n, 5)
        sums = np.zeros(size, dtype=np.int64)
        for start, block in board_blocks(values, n):
            sums += np.bincount(outcome_codes(block[0::step], block[1::2] if low else None), minlength=size)
            bar(start + block.shape[1], total)
        return _as_dict(sums)
    missing = 5 - len(board)
    combos = _positions(n, missing)
    boards = np.empty((len(combos), 5), dtype=np.intp)
    boards[:, :len(board)] = board
    boards[:, len(board):] = deck[combos]
    high, lows = fixed_strengths(np.array(holes, dtype=np.intp), board_info(boards), low=low)
    if lows is not None:
        lows[lows < threshold] = 0
    sums = np.bincount(outcome_codes(high, lows), minlength=size)
    bar(len(boards), len(boards))
    return _as_dict(sums)


def _chunk_counts(spec: DealSpec, seeds: list[np.random.SeedSequence], chunks: list[int], i: int
                  ) -> npt.NDArray[np.int64]:
    """Outcome counts of Monte Carlo chunk ``i`` (its own seed and size)."""
    return monte_carlo_chunk(spec, seeds[i], chunks[i])


def _small_exact(holes: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...], low: bool,
                 threshold: int) -> dict[int, int]:
    """Outcome counts of a turn or river with known holes (:func:`_exact` for any board): a few
    dozen boards, where the number of numpy calls, not the work, sets the time."""
    if len(board) == 5:
        highs, lows = river_strengths(holes, board, low=low)
        top = max(highs)
        code = sum(1 << i for i, v in enumerate(highs) if v == top) << len(holes)
        if lows is not None and max(lows) >= threshold:
            top = max(lows)
            code |= sum(1 << i for i, v in enumerate(lows) if v == top)
        return {code: 1}
    values, weights = turn_strengths(holes, board, dead, low=low)
    counts: dict[int, int] = {}
    for code, w in zip(stacked_outcome_codes(values, threshold), weights, strict=True):
        if w:
            counts[code] = counts.get(code, 0) + w
    return counts


def _monte_carlo(holes: list[tuple[Card, ...] | None], board: tuple[Card, ...], deck: npt.NDArray[np.intp],
                 size: int, low: bool, threshold: int, trials: int, seed: int | None, bar: ProgressBar,
                 threads: int) -> dict[int, int]:
    spec = DealSpec(tuple(None if h is None else tuple(int(c) for c in h) for h in holes),
                    tuple(int(c) for c in board), deck, size, low, threshold)
    chunks = [min(_CHUNK, trials - start) for start in range(0, trials, _CHUNK)]
    seeds = np.random.SeedSequence(seed).spawn(len(chunks))
    done = [0]
    work = functools.partial(_chunk_counts, spec, seeds, chunks)  # picklable: may run in a worker process

    def finished(i: int) -> None:
        done[0] += chunks[i]
        bar(done[0], trials)

    sums = parallel_sum(work, range(len(chunks)), threads, finished)
    assert sums is not None
    return _as_dict(sums)


def equity(holes: Sequence[CardsLike | None], board: CardsLike = (), dead: CardsLike = (), *,
           game: str = "hilo", qualifier: int | None = 8, trials: int | None = None,
           seed: int | None = None, progress: Progress = None, threads: int | None = None) -> EquityResult:
    """Each player's share of the pot over every remaining board, or over ``trials`` random deals.

    ``holes`` lists 2 to 6 hands of 4 cards (5 for five-card Omaha); ``None``
    is a random hand (Monte Carlo only); a range such as ``"AA**ds"`` or ``"15%"``
    is a random hand from that range (see :mod:`omaha_learn.engine.equity.ranges`). ``board`` has 0, 3, 4 or 5 cards;
    ``dead`` cards are out of the deck. ``game`` is ``"hilo"`` (R11: halves,
    ``qualifier`` 8, 9 or ``None`` per R12) or ``"high"``. ``trials`` is at most
    :data:`MAX_TRIALS` (100 million deals, about a minute); ``seed`` an int or
    ``None``. ``threads`` is how many cores Monte Carlo uses: that many
    worker processes (:mod:`~omaha_learn.engine.equity.workers`, default every
    core; ``threads=1`` stays in this process); a seeded result is the same,
    bit for bit, for any count. Exact enumeration runs on one thread (the
    heads-up preflop, 1,086,008 boards, takes about 15 ms). ``progress`` is ``True`` for a bar on stderr or a
    ``callable(done, total)``.

    >>> r = equity(["As Ah Ks Kh", "Qd Jd Tc 9c"], board="2s 7h 8d Qh", game="high")
    >>> r[0].equity_fraction, r[1].win
    (Fraction(29, 40), 0.275)
    >>> r = equity(["As Ah Ks Kh", None], game="high", trials=20_000, seed=1)
    >>> abs(r[0].equity - 0.707) < 4 * r[0].stderr
    True
    >>> equity(["As Ah Ks Kh", "As 2d 3c 4h"])
    Traceback (most recent call last):
    ...
    omaha_learn.errors.CardError: card 'As' is dealt twice: in player 1's hand and in player 2's hand
    """
    from omaha_learn.engine.equity.ranges import has_range, range_equity

    if has_range(holes):  # a player holds a range such as "AA**ds" (card removal, exact when small)
        return range_equity(holes, board, dead, game=game, qualifier=qualifier, trials=trials, seed=seed,
                            progress=progress)
    try:
        game = Game.parse(game)
    except GameError as exc:
        raise EquityError(f"game: {game!r} is not a game ({exc})") from None
    parsed, b, d, size = check_request(holes, board, dead, game, qualifier, trials)
    seed = check_seed(seed)
    nthreads = check_threads(threads)
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise EquityError(f"progress: True, False, None or a callable(done, total), got {progress!r}")
    low = game == "hilo"
    threshold = low_threshold(qualifier) if low else 0
    if trials is None and len(b) >= 4:  # a turn or river: known hands (checked), a few dozen boards
        counts = _small_exact([h for h in parsed if h is not None], b, d, low, threshold)
        if progress is not None and progress is not False:
            total = sum(counts.values())
            ProgressBar(progress)(total, total)
        return result_from_counts(counts, parsed, b, d, game, qualifier if low else None, True, seed)
    bar = ProgressBar(progress)
    in_deck = np.ones(52, dtype=bool)
    in_deck[[int(c) for h in parsed if h is not None for c in h] + [int(c) for c in b + d]] = False
    deck = np.flatnonzero(in_deck)
    if trials is None:
        known = [h for h in parsed if h is not None]
        counts = _exact(known, b, deck, low, threshold, bar, nthreads)
    else:
        counts = _monte_carlo(parsed, b, deck, size, low, threshold, trials, seed, bar, nthreads)
    return result_from_counts(counts, parsed, b, d, game, qualifier if low else None, trials is None, seed)


def exact_boards(players: int, board: int = 0, dead: int = 0, hole_size: int = 4) -> int:
    """How many boards an exact enumeration deals.

    >>> exact_boards(2), exact_boards(3, board=3)
    (1086008, 666)
    """
    return comb(52 - players * hole_size - board - dead, 5 - board)
