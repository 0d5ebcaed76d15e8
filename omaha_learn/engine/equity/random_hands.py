"""Many starting hands against random opponents at once: the starting-hand chart's engine.

:func:`against_random` estimates, for each of many hands, its equity against
``opponents`` random hands (R11: halves, ties, scoops), with a standard error.
All hands share the same random deals, so each deal's work is done once for
every hand:

* A deal is a board and ``opponents + r`` random hands in dealing order
  (``r`` reserve hands, as many as the deck allows, at most the hand size).
* A hand uses a deal only if no card of the board is one of its own; its
  opponents are the first ``opponents`` dealt hands that hold none of its
  cards (a deal where fewer remain is not used). The deal's law is symmetric
  in the cards the hand does not hold, so what a hand sees is a uniformly
  random board and uniformly random opponents from the cards it leaves: the
  estimate is unbiased, and its deals are independent, so the usual
  standard error holds. A hand uses about two deals in three.
* On each board a hand's high is one lookup in a table of every rank
  multiset of a hand (:mod:`omaha_learn.engine.evaluation.batch`'s
  board-by-pair tables, maximised over the hand's pairs once per board), its
  low one more, and a flush one lookup when the board has three of a suit.

The result of a hand depends only on the hand, ``opponents``, ``game``,
``qualifier``, ``trials`` and ``seed``, not on the other hands in the batch
nor on the number of worker processes.

>>> r = against_random(["As Ah Ks Kh", "7c 2d 9h 4s"], game="high", trials=20_000, seed=1)
>>> [round(float(e), 2) for e in r.equity], bool(r.stderr.max() < 0.004), bool(r.deals.min() >= 20_000)
([0.71, 0.37], True, True)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import ceil, comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import Card, CardError, CardsLike, parse_cards
from omaha_learn.engine.equity.kernel import parallel_sum
from omaha_learn.engine.equity.request import MAX_EQUITY_PLAYERS, MAX_TRIALS, check_game, check_trials
from omaha_learn.engine.evaluation.batch import board_info, hand_strengths
from omaha_learn.engine.evaluation.keys import (
    N_PAIR_CODES,
    RANK_WEIGHTS,
    card_weights,
    key_codes,
    multisets,
    rank_pair_codes,
    suited_sets,
)
from omaha_learn.engine.evaluation.tables import board_pair_tables, flush_pair_table, low_threshold
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.engine.sampling import chunk_seed, deal_positions, fresh_seed
from omaha_learn.errors import EquityError
from omaha_learn.i18n import format_number
from omaha_learn.i18n import gettext as _

__all__ = ["against_random", "RandomOpponents"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
U16 = npt.NDArray[np.uint16]
Ints = npt.NDArray[np.intp]

_DEALS_PER_CHUNK = 1024   # the unit of seeding and of work for the worker processes
_HANDS_PER_BLOCK = 512    # hands evaluated together against one chunk (keeps temporaries small)
_MAX_ROUNDS = 400


@dataclass(frozen=True)
class RandomOpponents:
    """Per-hand results of :func:`against_random`, in the order the hands were given.

    Arrays of floats (rates 0..1): ``equity`` (expected share of the pot) and its
    ``stderr``; ``scoop`` (the whole pot: the high alone and the low alone, or the
    high alone when nobody makes a low); ``high`` and ``low`` (average share of
    each half: 1/k when tied k ways); ``low_made`` (deals on which someone made a
    qualifying low); ``deals`` (ints) how many deals each hand used, at least ``trials``;
    ``scoop_stderr``, ``high_stderr`` and ``low_stderr`` the standard errors of those rates.
    """

    hands: tuple[tuple[Card, ...], ...]
    opponents: int
    game: Game
    qualifier: int | None
    trials: int
    seed: int | None
    deals: I64
    equity: F64
    stderr: F64
    scoop: F64
    high: F64
    low: F64
    low_made: F64
    scoop_stderr: F64
    high_stderr: F64
    low_stderr: F64

    def __len__(self) -> int:
        return len(self.hands)

    def row(self, i: int) -> dict[str, object]:
        """Hand ``i``'s results as a dict (for tables and plots)."""
        return {"hand": " ".join(map(str, self.hands[i])), "equity": float(self.equity[i]),
                "stderr": float(self.stderr[i]), "scoop": float(self.scoop[i]),
                "scoop_stderr": float(self.scoop_stderr[i]), "high": float(self.high[i]),
                "high_stderr": float(self.high_stderr[i]), "low": float(self.low[i]),
                "low_stderr": float(self.low_stderr[i]), "low_made": float(self.low_made[i]),
                "deals": int(self.deals[i])}


# ------------------------------------------------------------------ tables

@functools.cache
def _hand_pair_codes(size: int) -> Ints:
    """Pair codes of every rank multiset of ``size`` cards: ``(len(multisets(size)), C(size, 2))``."""
    w = np.array(RANK_WEIGHTS, dtype=np.intp)
    ms = np.array(multisets(size), dtype=np.intp)
    pairs = list(itertools.combinations(range(size), 2))
    codes = key_codes(2)
    out = np.stack([codes[w[ms[:, i]] + w[ms[:, j]]] for i, j in pairs], axis=1).astype(np.intp)
    return out


@functools.cache
def _flush_sets_table() -> tuple[U16, npt.NDArray[np.int16]]:
    """(best flush by [board suited set, hand suited set], hand set code by 13-bit mask).

    Hand sets are the 2 to 5 ranks a hand holds in one suit, plus a last column
    of zeros for fewer than two; board sets as in :func:`suited_sets`.
    """
    fp = flush_pair_table()
    rp = rank_pair_codes()
    hand_sets = [s for k in (2, 3, 4, 5) for s in itertools.combinations(range(13), k)]
    code = np.full(1 << 13, len(hand_sets), dtype=np.int16)
    out = np.zeros((len(suited_sets()), len(hand_sets) + 1), dtype=np.uint16)
    for i, s in enumerate(hand_sets):
        code[sum(1 << r for r in s)] = i
        cols = [int(rp[13 * a + b]) for a, b in itertools.combinations(s, 2)]
        out[:, i] = fp[:, cols].max(axis=1)
    out.flags.writeable = False
    return out, code


# ------------------------------------------------------------------ one chunk

@dataclass(frozen=True)
class _Spec:
    hands: Ints          # (H, h) card indices
    codes: Ints          # (H,) rank multiset code
    suit_sets: Ints      # (H, 4) hand suited-set code per suit
    size: int
    opponents: int
    reserves: int
    low: bool
    threshold: int


# Each (hand, deal) ends in one of a few *states*: the high half won alone or tied with
# t opponents (t = 0 is a win) or lost, times the same for the low (or nobody made a
# low); one more state marks a deal the hand does not use. Counting states per hand is
# all the results need, exactly, in integers.
_LOSE, _NO_LOW, _WIDTH = 6, 7, 8
_N_STATES = _WIDTH * _WIDTH + 1
_UNUSED = _N_STATES - 1
_BOARD_BIT = 1 << 15


def _chunk(spec: _Spec, seed: np.random.SeedSequence, deals: int) -> I64:
    """State counts per hand over ``deals`` shared deals: ``(H, _N_STATES)``."""
    rng = np.random.default_rng(seed)
    h, k, r = spec.size, spec.opponents, spec.reserves
    dealt = deal_positions(rng, 52, deals, 5 + h * (k + r))        # (cards, deals)
    boards = np.ascontiguousarray(dealt[:5].T)
    info = board_info(boards)
    cols = np.arange(deals)
    # owner[c, d]: bit j when card c is in dealt hand j of deal d, bit 15 when on the board
    owner = np.zeros((52, deals), dtype=np.uint16)
    for i in range(5):
        owner[dealt[i], cols] = _BOARD_BIT
    his, los = [], []
    for j in range(k + r):
        first = 5 + h * j
        for c in range(h):
            owner[dealt[first + c], cols] = 1 << j
        hi, lo = hand_strengths(np.ascontiguousarray(dealt[first:first + h].T), info, low=spec.low)
        his.append(hi)
        if lo is not None:
            lo[lo < spec.threshold] = 0
            los.append(lo)
    hi_pack, lo_pack = _opponent_tables(his, los, k, h, deals)
    # Per board, the best non-flush high (and low) of every rank multiset of a hand.
    bph, bpl = board_pair_tables()
    hpc = _hand_pair_codes(h)
    code = info.base // N_PAIR_CODES
    hi_by_code = np.ascontiguousarray(bph[code][:, hpc].max(axis=2).T)            # (codes, deals)
    lo_by_code = None
    if spec.low:
        lo = bpl[code][:, hpc].max(axis=2)
        lo[lo < spec.threshold] = 0
        lo_by_code = np.ascontiguousarray(lo.T)
    fl_table, _ = _flush_sets_table()
    flat_fl = fl_table.ravel()
    fbase = (info.flush_base // 78) * fl_table.shape[1]
    out = np.zeros((len(spec.hands), _N_STATES), dtype=np.int64)
    row_base = (cols * hi_pack.shape[1]).astype(np.intp)
    for start in range(0, len(spec.hands), _HANDS_PER_BLOCK):
        sl = slice(start, start + _HANDS_PER_BLOCK)
        out[sl] = _block(spec, sl, owner, row_base, hi_pack, lo_pack, hi_by_code, lo_by_code,
                         info.flush_rows, fbase, info.flush_suit, flat_fl)
    return out


def _opponent_tables(his: list[U16], los: list[U16], k: int, h: int, deals: int) -> tuple[U16, U16 | None]:
    """For every deal and every pattern of dealt hands a hand collides with (bit j: hand j),
    the opponents' best high and how many hold it, ``best << 3 | count`` (count 7: fewer than
    ``k`` hands left, the deal is not used); the same for the low (best 0: no low)."""
    n = len(his)
    hi_pack = np.empty((deals, 1 << n), dtype=np.uint16)
    lo_pack = np.empty((deals, 1 << n), dtype=np.uint16) if los else None
    hi_all = np.stack(his)
    lo_all = np.stack(los) if los else None
    for pattern in range(1 << n):
        free = [j for j in range(n) if not pattern >> j & 1]
        if bin(pattern).count("1") > h or len(free) < k:
            hi_pack[:, pattern] = 7
            if lo_pack is not None:
                lo_pack[:, pattern] = 7
            continue
        sel = free[:k]
        v = hi_all[sel]
        best = v.max(axis=0)
        count = (v == best).sum(axis=0)
        hi_pack[:, pattern] = (best << 3) | count
        if lo_pack is not None and lo_all is not None:
            v = lo_all[sel]
            best = v.max(axis=0)
            count = np.where(best > 0, (v == best).sum(axis=0), 0)
            lo_pack[:, pattern] = (best << 3) | count
    return hi_pack, lo_pack


def _chunk_at(spec: _Spec, seed: int, first: int, i: int) -> I64:
    """Chunk ``first + i`` of the request seeded ``seed`` (the one seeding scheme of :mod:`~omaha_learn.engine.sampling`)."""
    return _chunk(spec, chunk_seed(seed, first + i), _DEALS_PER_CHUNK)


def _block(spec: _Spec, sl: slice, owner: U16, row_base: Ints, hi_pack: U16, lo_pack: U16 | None,
           hi_by_code: U16, lo_by_code: U16 | None, frows: Ints, fbase: Ints, fsuit: Ints, flat_fl: U16) -> I64:
    cards = spec.hands[sl]
    pattern = np.take(owner, cards[:, 0], axis=0)                                   # (H, D)
    for c in range(1, cards.shape[1]):
        pattern |= np.take(owner, cards[:, c], axis=0)
    unused = pattern >= _BOARD_BIT
    pattern &= _BOARD_BIT - 1
    idx = pattern + row_base[None, :]
    hp = hi_pack.ravel()[idx]
    hero_hi = np.take(hi_by_code, spec.codes[sl], axis=0)
    if frows.size:
        fidx = spec.suit_sets[sl][:, fsuit] + fbase[None, :]
        hero_hi[:, frows] = np.maximum(hero_hi[:, frows], flat_fl[fidx])
    count = (hp & 7).astype(np.uint8)
    unused |= count == 7
    best = hp >> 3
    state = np.where(hero_hi < best, np.uint8(_LOSE), np.where(hero_hi == best, count, np.uint8(0)))
    state *= _WIDTH
    if lo_pack is not None and lo_by_code is not None:
        lp = lo_pack.ravel()[idx]
        hero_lo = np.take(lo_by_code, spec.codes[sl], axis=0)
        best = lp >> 3
        count = (lp & 7).astype(np.uint8)
        low = np.where(hero_lo > best, np.uint8(0), np.where(hero_lo == best, count, np.uint8(_LOSE)))
        low[hero_lo == 0] = _LOSE
        low[(hero_lo == 0) & (best == 0)] = _NO_LOW
        state += low
    else:
        state += np.uint8(_NO_LOW)
    flat = state.astype(np.intp)
    flat[unused] = _UNUSED
    flat += (np.arange(cards.shape[0], dtype=np.intp) * _N_STATES)[:, None]
    out: I64 = np.bincount(flat.ravel(), minlength=cards.shape[0] * _N_STATES).reshape(-1, _N_STATES)
    return out


@functools.cache
def _state_values() -> dict[str, I64]:
    """Per state: pot share in 1/120ths, high and low share in 1/60ths of a half, scoop, low made."""
    share = np.zeros(_N_STATES, dtype=np.int64)
    high = np.zeros(_N_STATES, dtype=np.int64)
    low = np.zeros(_N_STATES, dtype=np.int64)
    made = np.zeros(_N_STATES, dtype=np.int64)
    used = np.zeros(_N_STATES, dtype=np.int64)
    for hs in range(_WIDTH):
        for ls in range(_WIDTH):
            s = hs * _WIDTH + ls
            if hs == _NO_LOW or hs == 7:
                continue
            hu = 0 if hs == _LOSE else 60 // (1 + hs)
            lu = 0 if ls in (_LOSE, _NO_LOW) else 60 // (1 + ls)
            high[s], low[s] = hu, lu
            made[s] = ls != _NO_LOW
            share[s] = hu + lu if made[s] else 2 * hu
            used[s] = 1
    return {"share": share, "high": high, "low": low, "made": made, "used": used,
            "scoop": (share == 120).astype(np.int64) * used}


# ------------------------------------------------------------------ the function

def _parse_hands(hands: object) -> tuple[tuple[tuple[Card, ...], ...], Ints]:
    if isinstance(hands, (str, bytes)) or hands is None:
        raise EquityError(_("hands: give a list of hands, e.g. ['As Ah Ks Kh', '7c 2d 9h 4s']"))
    if isinstance(hands, np.ndarray):
        if hands.ndim != 2 or not np.issubdtype(hands.dtype, np.integer):
            raise EquityError(_("hands: an integer array of card indices, shape (N, 4 or 5), got {dtype} {shape}").format(dtype=hands.dtype, shape=hands.shape))
        rows: list[CardsLike] = [[int(c) for c in row] for row in hands]
    else:
        try:
            rows = list(hands)  # type: ignore[call-overload]
        except TypeError:
            raise EquityError(_("hands: give a list of hands, got {name}").format(name=type(hands).__name__)) from None
    if not rows:
        raise EquityError(_("hands: give at least one hand"))
    parsed = []
    for i, row in enumerate(rows):
        if row is None:
            raise CardError(_("hand {value}: no cards given (None)").format(value=i + 1))
        try:
            cards = parse_cards(row)
        except CardError as exc:
            raise CardError(_("hand {value}: {exc}").format(value=i + 1, exc=exc), exc.token, exc.position) from None
        if len(cards) not in (4, 5):
            raise CardError(_("hand {value}: Omaha needs 4 hole cards (5 for five-card Omaha), got {count}").format(value=i + 1, count=len(cards)))
        parsed.append(cards)
    if len({len(c) for c in parsed}) > 1:
        raise CardError(_("hands: every hand needs the same number of cards (4, or 5 for five-card Omaha)"))
    return tuple(parsed), np.array(parsed, dtype=np.intp)


def against_random(hands: Sequence[CardsLike] | npt.NDArray[np.integer], opponents: int = 1, *,
                   game: str | Game = DEFAULT_GAME, qualifier: int | None = 8, trials: int = 20_000,
                   seed: int | None = 0, threads: int | None = None,
                   progress: Callable[[int, int], object] | None = None) -> RandomOpponents:
    """Equity, standard error, scoop rate and high/low shares of each hand against
    ``opponents`` random hands, over shared seeded random deals (see the module notes).

    ``hands``: a list of hands (text or cards, all 4 or all 5 cards) or an integer
    array ``(N, 4 or 5)`` of card indices. ``opponents``: 1 to 5 (five-card Omaha:
    1 to 5 as the deck allows). ``game``: any :class:`~omaha_learn.Game`, default ``"hilo"``
    (``qualifier`` 8, 9, or ``None``); five-card hands play its five-card version. Each hand uses at least ``trials`` deals (at most
    :data:`~omaha_learn.engine.equity.request.MAX_TRIALS`); ``seed`` an int or ``None``;
    ``threads`` as in :func:`omaha_learn.equity`; the result does not depend on it.
    ``progress(done, total)`` is called after each chunk of deals.
    """
    the_game = check_game(game)
    hilo = the_game.has_low
    threshold = low_threshold(arguments.qualifier(qualifier, "qualifier", EquityError)) if hilo else 0
    trials_n = check_trials(trials, exact_allowed=False)
    assert trials_n is not None
    seed = arguments.seed(seed, "seed", EquityError, sampled=True)
    nthreads = arguments.cores(threads, "threads", EquityError)
    if progress is not None and not callable(progress):
        raise EquityError(_("progress: None or a callable(done, total), got {progress!r}").format(progress=progress))
    parsed, cards = _parse_hands(hands)
    size = cards.shape[1]
    the_game = the_game.with_hole_cards(size)   # five-card hands play the game's five-card version
    most = min(MAX_EQUITY_PLAYERS - 1, (52 - 5 - size) // size - 1)
    if (not isinstance(opponents, (int, np.integer)) or isinstance(opponents, bool)
            or not 1 <= opponents <= most):
        raise EquityError(_("opponents: 1 to {most} random hands with {size}-card hands, got {opponents!r}").format(most=most, size=size, opponents=opponents))
    k = int(opponents)
    reserves = min(size, (52 - 5) // size - 1 - k)
    # A hand keeps a deal when the board misses its cards (and enough hands do).
    p_board = comb(52 - size, 5) / comb(52, 5)
    total = ceil(trials_n / p_board * 1.02) + 64
    if total > MAX_TRIALS * 2:
        raise EquityError(_("trials: at most {max_trials} per hand").format(max_trials=format_number(MAX_TRIALS)))
    ranks = cards >> 2
    w = card_weights().astype(np.intp)[cards].sum(axis=1)
    codes = key_codes(size)[w].astype(np.intp)
    _table, set_code = _flush_sets_table()
    suit_sets = np.empty((len(cards), 4), dtype=np.intp)
    for s in range(4):
        mask = np.where((cards & 3) == s, np.left_shift(1, ranks), 0).sum(axis=1)
        suit_sets[:, s] = set_code[mask]
    spec = _Spec(cards, codes, suit_sets, size, k, reserves, hilo, threshold)

    # Round 0 deals enough chunks for every hand's trials on average; each later round
    # (a fixed number of chunks) goes only to the hands still short. Which hands are
    # short depends on each hand's own deals, so a hand's result does not depend on the batch.
    first = ceil(total / _DEALS_PER_CHUNK)
    later = max(1, first // 8)
    root = fresh_seed() if seed is None else seed
    spawned = 0
    sums: I64 = np.zeros((len(cards), _N_STATES), dtype=np.int64)
    todo = np.arange(len(cards))
    dealt = [0]
    for round_no in range(_MAX_ROUNDS):
        count = first if round_no == 0 else later
        sub = spec if round_no == 0 else _Spec(cards[todo], codes[todo], suit_sets[todo], size, k, reserves,
                                               hilo, threshold)

        work = functools.partial(_chunk_at, sub, root, spawned)
        spawned += count

        def finished(i: int) -> None:
            dealt[0] += _DEALS_PER_CHUNK
            if progress is not None:
                progress(dealt[0], max(dealt[0], first * _DEALS_PER_CHUNK))

        part = parallel_sum(work, range(count), nthreads, finished)
        assert part is not None
        sums[todo] += part
        todo = np.flatnonzero(sums @ _state_values()["used"] < trials_n)
        if not todo.size:
            break
    else:  # pragma: no cover - would need an absurdly unlucky hand
        raise EquityError(_("could not deal {trials_n} deals to every hand in {max_rounds} rounds").format(trials_n=format_number(trials_n), max_rounds=_MAX_ROUNDS))
    v = _state_values()
    n = sums @ v["used"]
    equity, stderr = _mean_and_stderr(sums, v["share"], 120, n)
    scoop, scoop_se = _mean_and_stderr(sums, v["scoop"], 1, n)
    high, high_se = _mean_and_stderr(sums, v["high"], 60, n)
    low, low_se = _mean_and_stderr(sums, v["low"], 60, n)
    return RandomOpponents(
        hands=parsed, opponents=k, game=the_game, qualifier=qualifier if hilo else None,
        trials=trials_n, seed=seed, deals=n, equity=equity, stderr=stderr, scoop=scoop, high=high, low=low,
        low_made=(sums @ v["made"]) / n, scoop_stderr=scoop_se, high_stderr=high_se, low_stderr=low_se)


def _mean_and_stderr(sums: I64, values: I64, unit: int, n: I64) -> tuple[F64, F64]:
    """Per hand, the mean of a per-deal value (``values[state] / unit``) and its standard
    error, from the state counts ``sums``: the value's sum and sum of squares are exact integers."""
    mean: F64 = (sums @ values) / (unit * n)
    var = np.maximum((sums @ (values ** 2)) / (float(unit) ** 2 * n) - mean * mean, 0.0)
    return mean, np.sqrt(var / np.maximum(n - 1, 1))

