"""The solver on the coach's spots: the river spots the practice table solves in seeded hands, each solved with
the dense matrices (``solver/dense.py``, the default for small ranges) and with the prefix sums (``PairSums``,
forced by setting ``DENSE_MAX`` to 0), in the same process, one after the other.

Prints the spots' range sizes, the CPU seconds of each form and their ratio, and each form's total iterations
(the two forms agree to rounding; CFR may take a different path to the same accuracy).

    PYTHONPATH=$PWD python benchmarks/bench_solver_small.py --hands 40 --games hilo plo

``--crossover`` instead solves a river with random ranges of n hands each (n from 100 to 1,200), 30 iterations,
with each form, to show where the dense form stops paying (``DENSE_MAX``).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from practice_hands import GAMES, SEED, play  # noqa: E402  (tests/ on the path above)

import omaha_learn.strategy.solver as solver_package  # noqa: E402
from omaha_learn.strategy.solver import dense  # noqa: E402
from omaha_learn.strategy.solver.api import solve  # noqa: E402


def spots(name: str, hands: int) -> list[tuple[Any, list[dict[Any, float]], dict[str, Any]]]:
    """Every solve() call the practice table makes in ``hands`` seeded hands of game ``name``."""
    seen: list[tuple[Any, list[dict[Any, float]], dict[str, Any]]] = []

    def keep(board: Any, ranges: Any, **kw: Any) -> Any:
        seen.append((board, [dict(r) if hasattr(r, "items") else {tuple(h): 1.0 for h in r} for r in ranges], kw))
        return solve(board, ranges=ranges, **kw)

    solver_package.solve = keep         # the coach looks solve() up here at each decision
    try:
        play(*GAMES[name], hands, seed=SEED)
    finally:
        solver_package.solve = solve
    return seen


def timed(calls: list[tuple[Any, list[dict[Any, float]], dict[str, Any]]], bound: int) -> tuple[float, int]:
    dense.DENSE_MAX = bound
    t0 = time.process_time()
    iterations = sum(solve(board, ranges=ranges, **kw).iterations for board, ranges, kw in calls)
    return time.process_time() - t0, iterations


def crossover(games: list[str]) -> None:
    """Each form's CPU seconds for 30 iterations on one river, random ranges of n hands each."""
    import itertools

    import numpy as np

    from omaha_learn.engine.cards import Card, parse_cards

    board = "Kh 9s 6c 4d 2h"
    dead = {int(c) for c in parse_cards(board)}
    every = list(itertools.combinations([c for c in range(52) if c not in dead], 4))
    default = dense.DENSE_MAX
    for game in ("hilo" if g == "hilo_pot" else g for g in games):
        for n in (100, 200, 300, 400, 500, 600, 800, 1200):
            pick = np.random.default_rng(n).choice(len(every), 2 * n, replace=False)
            hands = [tuple(Card(c) for c in every[i]) for i in pick]
            seconds = []
            for bound in (2 ** 40, 0):
                dense.DENSE_MAX = bound
                t0 = time.process_time()
                solve(board, ranges=(hands[:n], hands[n:]), pot=100, stack=200, game=game, accuracy=1e-9,
                      max_iterations=30, check_every=30)
                seconds.append(time.process_time() - t0)
            dense.DENSE_MAX = default
            print(f"{game} {n} x {n} hands: dense {seconds[0]:.3f} s, prefix sums {seconds[1]:.3f} s "
                  f"({100 * seconds[0] / seconds[1]:.0f}%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--games", nargs="*", default=["hilo", "plo"], choices=list(GAMES))
    ap.add_argument("--crossover", action="store_true", help="random ranges of 100 to 1,200 hands instead")
    args = ap.parse_args()
    print(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.machine()}, Python {platform.python_version()}")
    if args.crossover:
        crossover(args.games)
        return
    default = dense.DENSE_MAX
    for name in args.games:
        calls = spots(name, args.hands)
        sizes = sorted(len(r) for _, ranges, _ in calls for r in ranges)
        print(f"{name}: {len(calls)} river spots in {args.hands} hands, ranges of {sizes[0]}-{sizes[-1]} hands")
        t_dense, it_dense = timed(calls, default)
        t_sums, it_sums = timed(calls, 0)
        dense.DENSE_MAX = default
        print(f"  dense matrices {t_dense:.2f} s ({it_dense} iterations), prefix sums {t_sums:.2f} s "
              f"({it_sums} iterations): dense takes {100 * t_dense / t_sums:.0f}% of the time")


if __name__ == "__main__":
    main()
