"""A hand against a range against the same hand against a random hand: same deals, same sampler.

Run: ``.venv/bin/python benchmarks/bench_ranges.py [--quick]`` (about two minutes).

Range members are drawn inside each Monte Carlo chunk, on the worker processes,
so a range should cost about what a random hand costs. Each row prints both
times (medians of three) on one thread and on the worker processes (every core),
and the ratio ``range / random`` (goal: at most 1.5x).
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time
from collections.abc import Callable

HERO = "As 2s 3d Kd"
SPOTS = [("AA**", ""), ("15%", ""), ("KK**ds", ""), ("AA**,KK**", "2c 7d 9s"), ("15%", "Qh 8c 3s")]


def paired(a: Callable[[], object], b: Callable[[], object], repeat: int = 5) -> tuple[float, float, float]:
    """Median times of ``a`` and ``b`` run alternately, and the median of the per-pair ratios b / a
    (alternating keeps a shared machine's changing load out of the ratio)."""
    ta, tb = [], []
    for _ in range(repeat):
        for fn, out in ((a, ta), (b, tb)):
            t = time.perf_counter()
            fn()
            out.append(time.perf_counter() - t)
    return statistics.median(ta), statistics.median(tb), statistics.median([y / x for x, y in zip(ta, tb, strict=True)])


def main(quick: bool = False) -> None:
    import numpy as np
    from bench_equity import machine

    from omaha_learn import equity
    from omaha_learn import jobs as workers

    deals = 100_000 if quick else 400_000
    print(f"# hand against a range vs the same hand against a random hand, "
          f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}; numpy {np.__version__}; workers: {workers.start()}")
    print(f"{deals:,} deals per call, Omaha Hi-Lo, seed 1; ratio = range time / random time (goal <= 1.5x)\n")
    print("| range | board | random 1 thread (ms) | range 1 thread (ms) | ratio | random workers (ms) "
          "| range workers (ms) | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    equity([HERO, "AA**"], trials=20_000, seed=1)   # tables and the chart loaded
    worst = 0.0
    for text, board in SPOTS:
        cells = []
        for threads in (1, None):
            rnd, rng, ratio = paired(
                lambda th=threads, b=board: equity([HERO, None], b, trials=deals, seed=1, threads=th),
                lambda th=threads, b=board, t=text: equity([HERO, t], b, trials=deals, seed=1, threads=th))
            cells += [f"{rnd * 1e3:.0f}", f"{rng * 1e3:.0f}", f"{ratio:.2f}x"]
            worst = max(worst, ratio)
        print(f"| {text} | {board or 'preflop'} | " + " | ".join(cells) + " |", flush=True)
    print(f"\nworst ratio {worst:.2f}x (goal <= 1.5x): {'met' if worst <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="100,000 deals per call instead of 400,000")
    main(ap.parse_args().quick)
