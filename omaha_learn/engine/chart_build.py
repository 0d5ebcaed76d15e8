"""How one row of the starting-hand chart is computed (used by ``scripts/build_chart.py``
and ``benchmarks/bench_chart.py``).

:func:`class_stats` plays a hand against random hands for ``trials`` seeded
deals and returns every statistic the chart stores with its standard error.
The simulation itself is one swappable function, :func:`simulate_counts`
(a dedicated sampler built on the equity kernel; :func:`simulate_counts_equity`
is the same through :func:`omaha_learn.equity`); everything else reads its
outcome counts.

>>> s = class_stats("As Ah Ks Kh", "plo", opponents=1, trials=4000, seed=1)
>>> 0.6 < s["equity"] < 0.8, 0.005 < s["equity_se"] < 0.01, s["trials"]
(True, True, 4000)
>>> s["low"], s["high"] == s["equity"]
(0.0, True)
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import CardsLike, parse_cards
from omaha_learn.engine.games import Game

__all__ = ["pool_stats", "top_up_stats", "class_stats", "stats_from_counts", "simulate_counts", "simulate_counts_equity", "class_seed", "STAT_NAMES"]

STAT_NAMES = ("equity", "scoop", "high", "low")
"""Per-player statistics read from outcome counts (each with ``_se``)."""

Simulator = Callable[[CardsLike, str, int, int, int], dict[int, int]]


def simulate_counts_equity(hand: CardsLike, game: str, opponents: int, trials: int, seed: int) -> dict[int, int]:
    """Outcome counts (see :func:`omaha_learn.engine.equity.kernel.outcome_codes`) of
    ``hand`` (player 0) against ``opponents`` random hands over ``trials`` deals,
    by :func:`omaha_learn.equity` itself (the reference the fast path is tested against)."""
    from omaha_learn.engine.equity.api import equity

    r = equity([hand] + [None] * opponents, game=game, trials=trials, seed=seed)
    return dict(r.counts)


_CHUNK = 32_768


def _deal_positions(rng: np.random.Generator, n: int, k: int, m: int) -> npt.NDArray[np.intp]:
    """``m`` rows of ``k`` distinct positions of ``range(n)``, uniformly (ordered)."""
    if k <= 12:  # draw and redraw the rows with a repeat (about half the rows when k=9 of 48)
        pos = rng.integers(0, n, size=(m, k), dtype=np.intp)
        todo = np.arange(m)
        while len(todo):
            s = np.sort(pos[todo], axis=1)
            todo = todo[(s[:, 1:] == s[:, :-1]).any(axis=1)]
            pos[todo] = rng.integers(0, n, size=(len(todo), k), dtype=np.intp)
        return pos
    pos = np.broadcast_to(np.arange(n, dtype=np.intp), (m, n)).copy()
    r = np.arange(m)
    for j in range(k):  # partial Fisher-Yates: positions j.. are still undealt
        pick = j + rng.integers(0, n - j, size=m)
        a = pos[r, j].copy()
        pos[r, j] = pos[r, pick]
        pos[r, pick] = a
    out: npt.NDArray[np.intp] = pos[:, :k]
    return out


def simulate_counts(hand: CardsLike, game: str, opponents: int, trials: int, seed: int) -> dict[int, int]:
    """The same counts as :func:`simulate_counts_equity`, faster: the deal is a partial
    Fisher-Yates shuffle of board and opponents' cards only, and every hand is looked
    up on the boards' shared :func:`~omaha_learn.engine.evaluation.fast.board_info`.
    """
    from omaha_learn.engine.equity.kernel import outcome_codes
    from omaha_learn.engine.evaluation.fast import board_info, hand_strengths
    from omaha_learn.engine.evaluation.tables import low_threshold

    hero = np.array([int(c) for c in parse_cards(hand)], dtype=np.intp)
    low = Game.parse(game) is Game.HILO
    threshold = low_threshold(8) if low else 0
    deck = np.array([c for c in range(52) if c not in set(hero.tolist())], dtype=np.intp)
    n = len(deck)
    rng = np.random.default_rng(seed)
    k = 5 + 4 * opponents
    counts: dict[int, int] = {}
    done = 0

    def qualified(lw: npt.NDArray[np.uint16] | None) -> npt.NDArray[np.uint16] | None:
        return None if lw is None else np.where(lw >= threshold, lw, 0).astype(np.uint16)

    while done < trials:
        m = min(_CHUNK, trials - done)
        pos = _deal_positions(rng, n, k, m)
        boards = deck[np.sort(pos[:, :5], axis=1)]
        info = board_info(boards)
        h0, l0 = hand_strengths(hero, info, low=low)
        his, los = [h0], [qualified(l0)]
        for o in range(opponents):
            opp = deck[pos[:, 5 + 4 * o:9 + 4 * o]]
            h, lw = hand_strengths(opp, info, low=low)
            his.append(h)
            los.append(qualified(lw))
        codes = outcome_codes(np.stack(his), np.stack(los) if low else None)  # type: ignore[arg-type]
        c = np.bincount(codes)
        for v in np.flatnonzero(c).tolist():
            counts[v] = counts.get(v, 0) + int(c[v])
        done += m
    return counts


def stats_from_counts(counts: dict[int, int], players: int, game: str) -> dict[str, float]:
    """Player 0's mean equity, scoop rate, high and low shares (of the whole pot's half,
    as fractions 0..1), each with its standard error, from outcome counts.

    >>> stats_from_counts({0b0101: 3, 0b1010: 1}, 2, "hilo")["equity"]   # scoops 3 of 4
    0.75
    """
    n = sum(counts.values())
    sums = dict.fromkeys(STAT_NAMES, 0.0)
    squares = dict.fromkeys(STAT_NAMES, 0.0)
    low_game = Game.parse(game) is Game.HILO
    mask = (1 << players) - 1
    for code, c in counts.items():
        hm, lm = code >> players, code & mask
        k, kl = bin(hm).count("1"), bin(lm).count("1")
        high = (hm & 1) / k if k else 0.0
        low = (lm & 1) / kl if kl else 0.0
        share = (high + low) / 2 if (low_game and kl) else high
        values = {"equity": share, "scoop": float(share == 1.0), "high": high, "low": low}
        for name, v in values.items():
            sums[name] += c * v
            squares[name] += c * v * v
    out: dict[str, float] = {}
    for name in STAT_NAMES:
        mean = sums[name] / n
        var = max(squares[name] / n - mean * mean, 0.0)
        out[name] = mean
        out[name + "_se"] = sqrt(var / max(n - 1, 1))
    out["trials"] = n
    return out


def class_seed(base: int, game: str, index: int, opponents: int, round_: int = 0) -> int:
    """The seed of one class's simulation: fixed by the build's seed, game, class, table size and round."""
    gid = 1 if Game.parse(game) is Game.HILO else 0
    return int(np.random.SeedSequence([base, gid, index, opponents, round_]).generate_state(1)[0])


def class_stats(hand: CardsLike, game: str, *, opponents: int, trials: int, seed: int,
                target_se: float | None = None, max_trials: int | None = None, index: int = 0,
                simulate: Simulator = simulate_counts) -> dict[str, float]:
    """Statistics of ``hand`` against ``opponents`` random hands over ``trials`` deals.

    With ``target_se`` more rounds of ``trials`` deals (each seeded from ``seed``)
    are added while the equity's standard error is above it, up to ``max_trials``.
    """
    counts = simulate(hand, game, opponents, trials, class_seed(seed, game, index, opponents))
    stats = stats_from_counts(counts, opponents + 1, game)
    round_ = 0
    limit = max_trials or trials
    while target_se is not None and stats["equity_se"] > target_se and stats["trials"] < limit:
        round_ += 1
        # deals needed for the target, from the variance seen so far (at least 10% more)
        want = int(stats["trials"] * ((stats["equity_se"] / target_se) ** 2 - 1) * 1.05) + 1
        more = max(min(want, limit - int(stats["trials"])), min(trials // 10 + 1, limit - int(stats["trials"])))
        extra = simulate(hand, game, opponents, more, class_seed(seed, game, index, opponents, round_))
        for code, c in extra.items():
            counts[code] = counts.get(code, 0) + c
        stats = stats_from_counts(counts, opponents + 1, game)
    return stats


def pool_stats(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    """The statistics of two independent runs taken together, as if from one run of both
    runs' deals (means weighted by deals; standard errors from the pooled variance).

    >>> a = stats_from_counts({0b0101: 3, 0b1010: 1}, 2, "plo")
    >>> b = stats_from_counts({0b0101: 1, 0b1010: 3}, 2, "plo")
    >>> both = stats_from_counts({0b0101: 4, 0b1010: 4}, 2, "plo")
    >>> pooled = pool_stats(a, b)
    >>> all(abs(pooled[k] - both[k]) < 1e-12 for k in both)
    True
    """
    n1, n2 = a["trials"], b["trials"]
    n = n1 + n2
    out: dict[str, float] = {"trials": n}
    for name in STAT_NAMES:
        sums = n1 * a[name] + n2 * b[name]
        squares = sum(k * (x[name + "_se"] ** 2 * max(k - 1, 1) + x[name] ** 2) for k, x in ((n1, a), (n2, b)))
        mean = sums / n
        var = max(squares / n - mean * mean, 0.0)
        out[name] = mean
        out[name + "_se"] = sqrt(var / max(n - 1, 1))
    return out


def top_up_stats(old: dict[str, float], hand: CardsLike, game: str, *, opponents: int, seed: int, index: int,
                 target_se: float, max_trials: int, simulate: Simulator = simulate_counts) -> dict[str, float]:
    """``old`` (one round of deals, round 0) with enough new deals (round 1) for the equity's
    standard error to reach ``target_se``, estimated from ``old``'s variance; at most ``max_trials`` in all."""
    n = int(old["trials"])
    if old["equity_se"] <= target_se or n >= max_trials:
        return old
    want = int(n * ((old["equity_se"] / target_se) ** 2 - 1) * 1.05) + 1
    extra = min(max(want, n // 10 + 1), max_trials - n)
    counts = simulate(hand, game, opponents, extra, class_seed(seed, game, index, opponents, 1))
    return pool_stats(old, stats_from_counts(counts, opponents + 1, game))
