"""The cost of ``outs()``: random flops and turns in both games, against a plain brute force run in the
same process (every pair of unseen cards with every board triple, read from the colex five-card tables).

Run: ``.venv/bin/python benchmarks/bench_outs.py [--spots N]``.

Goal: a flop call well under a second. Prints the mean time per call and the ratio to the brute force.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np


def brute_nuts(hole: list[int], board: list[int]) -> list[int]:
    """The nut high after each next card, by every pair of the other unseen cards (R2)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from colex_tables import colex_index, high_table  # the colex five-card tables are a test helper

    hi5 = high_table()
    unseen = [c for c in range(52) if c not in hole and c not in board]
    out = []
    for c in unseen:
        pairs = np.array(list(combinations([x for x in unseen if x != c], 2)), dtype=np.int64)
        best = 0
        for tri in combinations([*board, c], 3):
            five = np.sort(np.column_stack([pairs, np.tile(tri, (len(pairs), 1))]), axis=1)
            best = max(best, int(hi5[colex_index(five)].max()))
        out.append(best)
    return out


def main() -> None:
    from omaha_learn.engine.games import Game
    from omaha_learn.strategy.outs import outs

    ap = argparse.ArgumentParser()
    ap.add_argument("--spots", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(1)
    outs("As Ks Qs Js", "Ts 9s 2s")  # load the tables once
    for n_board in (3, 4):
        for game in Game:
            spots = []
            for _ in range(args.spots):
                cards = rng.sample(range(52), 4 + n_board)
                spots.append((cards[:4], cards[4:]))
            t0 = time.perf_counter()
            for hole, board in spots:
                outs(hole, board, game)
            ours = (time.perf_counter() - t0) / len(spots)
            t0 = time.perf_counter()
            for hole, board in spots[:3]:
                brute_nuts(hole, board)
            brute = (time.perf_counter() - t0) / 3
            street = "flop" if n_board == 3 else "turn"
            print(f"{street} {game.value:4}: outs() {1000 * ours:6.1f} ms per call;"
                  f" brute-force nut high alone {1000 * brute:7.1f} ms ({brute / ours:.1f}x slower)")


if __name__ == "__main__":
    main()
