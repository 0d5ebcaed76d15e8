"""How one row of the starting-hand chart is computed (used by ``scripts/build_chart.py``
and ``benchmarks/bench_chart.py``).

:func:`class_stats` plays a hand against random hands for ``trials`` seeded
deals and returns every statistic the chart stores with its standard error.
The simulation itself is one swappable function, :func:`simulate_counts`
(today :func:`omaha_learn.equity` with random opponents); everything else
reads its outcome counts.

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

from omaha_learn.engine.cards import CardsLike
from omaha_learn.engine.games import Game

__all__ = ["class_stats", "stats_from_counts", "simulate_counts", "class_seed", "STAT_NAMES"]

STAT_NAMES = ("equity", "scoop", "high", "low")
"""Per-player statistics read from outcome counts (each with ``_se``)."""

Simulator = Callable[[CardsLike, str, int, int, int], dict[int, int]]


def simulate_counts(hand: CardsLike, game: str, opponents: int, trials: int, seed: int) -> dict[int, int]:
    """Outcome counts (see :func:`omaha_learn.engine.equity.kernel.outcome_codes`) of
    ``hand`` (player 0) against ``opponents`` random hands over ``trials`` deals."""
    from omaha_learn.engine.equity.api import equity

    r = equity([hand] + [None] * opponents, game=game, trials=trials, seed=seed)
    return dict(r.counts)


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
