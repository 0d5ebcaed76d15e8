"""The starting-hand chart's cost: every suit class of four-card hands (16,432) against
one random hand (and five), Hi-Lo and PLO, with ``against_random``.

Run: ``.venv/bin/python benchmarks/bench_chart.py [--trials N] [--opponents K ...]``.

Default: 2,000 deals per hand, and the time for 20,000 extrapolated by the
number of deal chunks (the work is linear in them). ``--trials 20000`` measures the real thing. Goal: all classes x
both games x 20,000 deals in at most 15 minutes on this 2-core machine. ``scripts/build_chart.py`` builds the
shipped chart the same way (70,000 deals heads-up and 28,000 six-handed per class, seed 2026).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def suit_classes() -> np.ndarray:
    """One representative of each of the 16,432 classes of four-card hands under suit relabelling."""
    perms = list(itertools.permutations(range(4)))
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    for hand in itertools.combinations(range(52), 4):
        key = min(tuple(sorted((c & ~3) | p[c & 3] for c in hand)) for p in perms)
        seen.setdefault(key, hand)
    return np.array(sorted(seen), dtype=np.intp)


def chunks(trials: int, size: int = 4) -> int:
    """Deal chunks against_random deals for ``trials`` per hand (its work is linear in them)."""
    from math import ceil, comb

    from omaha_learn.engine.equity import random_hands as rh

    return ceil((ceil(trials / (comb(52 - size, 5) / comb(52, 5)) * 1.02) + 64) / rh._DEALS_PER_CHUNK)


def main() -> None:
    from bench_equity import machine

    from omaha_learn.engine.equity.random_hands import against_random

    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=2_000)
    ap.add_argument("--opponents", type=int, nargs="+", default=[1, 5])
    args = ap.parse_args()
    print(f"# starting-hand chart, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; {machine()}")
    t = time.perf_counter()
    hands = suit_classes()
    print(f"{len(hands):,} suit classes listed in {time.perf_counter() - t:.1f} s")
    against_random(hands[:10], trials=100, seed=0)  # tables loaded
    total_20k = 0.0
    for opponents in args.opponents:
        for game in ("hilo", "high"):
            t = time.perf_counter()
            r = against_random(hands, opponents, game=game, trials=args.trials, seed=1)
            dt = time.perf_counter() - t
            per_20k = dt * chunks(20_000) / chunks(args.trials)
            if opponents == 1:
                total_20k += per_20k
            print(f"{game:4} vs {opponents} random: {dt:6.1f} s for {args.trials:,} deals per hand "
                  f"(at least; mean {r.deals.mean():,.0f}); 20,000 deals: ~{per_20k / 60:.1f} min; "
                  f"largest stderr {r.stderr.max():.4f}; best hand {r.row(int(np.argmax(r.equity)))['hand']} "
                  f"{r.equity.max():.3f}", flush=True)
    if 1 in args.opponents:
        print(f"both games against one random hand, 20,000 deals per class: ~{total_20k / 60:.1f} min "
              f"(goal <= 15 min)")


if __name__ == "__main__":
    main()
