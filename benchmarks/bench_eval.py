"""Omaha high evaluations per second: omaha_learn, phevaluator and PokerKit, measured in one run.

Run:  .venv/bin/python benchmarks/bench_eval.py [--quick]

Times are CPU seconds of this process (``time.process_time``), best of three
repeats, so that other work on a shared machine disturbs them less. Every
evaluation is one Omaha high hand: the best of the 60 two-plus-three choices
of 4 hole cards and a 5-card board.

* one at a time: a Python loop calling each library's one-hand function;
* bulk, random deals: ``evaluate_high_many`` on independent deals (numpy);
* bulk, shared board cards: ``evaluate_high_boards``, one hole against every
  board from the 48 other cards (the exact-equity pattern, DESIGN.md "Speed").
  phevaluator and PokerKit have no bulk API: their bulk figure is their loop.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))


def best_of(fn: Callable[[], object], repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def main(quick: bool = False) -> dict[str, float]:
    from phevaluator import _pheval, evaluate_omaha_cards
    from pokerkit import OmahaHoldemHand

    from omaha_learn import best_high
    from omaha_learn.engine.cards import FULL_DECK
    from omaha_learn.engine.evaluation.batch import evaluate_high_many
    from omaha_learn.engine.evaluation.hands import high_strength
    from omaha_learn.engine.evaluation.sweep import evaluate_high_boards

    rng = np.random.default_rng(2024)
    n_bulk = 200_000 if quick else 1_000_000
    deals = np.argsort(rng.random((n_bulk, 52)), axis=1)[:, :9].astype(np.int64)
    holes, boards = deals[:, :4], deals[:, 4:]
    n_one, n_pk = (5_000, 300) if quick else (20_000, 1_000)
    hole_l, board_l = holes[:n_one].tolist(), boards[:n_one].tolist()
    hole_c = [tuple(FULL_DECK[c] for c in h) for h in hole_l]
    board_c = [tuple(FULL_DECK[c] for c in b) for b in board_l]
    hole_s = ["".join(map(str, h)) for h in hole_c[:n_pk]]
    board_s = ["".join(map(str, b)) for b in board_c[:n_pk]]

    # Warm up: tables loaded from the disk cache (or built) once per process.
    best_high(hole_c[0], board_c[0])
    evaluate_high_many(holes[:10], boards[:10])
    t = time.perf_counter()
    hole0 = holes[0].tolist()
    rest = [c for c in range(52) if c not in hole0]
    evaluate_high_boards(hole0, rest)
    index_build = time.perf_counter() - t

    rates: dict[str, float] = {}
    rates["omaha_learn best_high, one at a time"] = n_one / best_of(
        lambda: [best_high(h, b) for h, b in zip(hole_c, board_c, strict=True)])
    rates["omaha_learn hands.high_strength (no parsing), one at a time"] = n_one / best_of(
        lambda: [high_strength(h, b) for h, b in zip(hole_c, board_c, strict=True)])
    rates["phevaluator evaluate_omaha_cards, one at a time"] = n_one / best_of(
        lambda: [evaluate_omaha_cards(*b, *h) for h, b in zip(hole_l, board_l, strict=True)])
    rates["phevaluator _pheval C call, one at a time (its bulk: a loop)"] = n_one / best_of(
        lambda: [_pheval.evaluate_omaha_cards(*b, *h) for h, b in zip(hole_l, board_l, strict=True)])
    rates["PokerKit OmahaHoldemHand.from_game, one at a time (its bulk: a loop)"] = n_pk / best_of(
        lambda: [OmahaHoldemHand.from_game(h, b) for h, b in zip(hole_s, board_s, strict=True)], repeats=1)
    rates["omaha_learn evaluate_high_many, bulk random deals"] = n_bulk / best_of(
        lambda: evaluate_high_many(holes, boards))
    n_boards = len(evaluate_high_boards(hole0, rest))
    rates["omaha_learn evaluate_high_boards, bulk shared boards (1 hole x C(48,5))"] = n_boards / best_of(
        lambda: evaluate_high_boards(hole0, rest))

    width = max(map(len, rates))
    import datetime

    from bench_equity import machine

    print(f"# {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; {machine()}")
    print(f"Omaha high evaluations per second (CPU time, best of 3; numpy {np.__version__})")
    for name, r in rates.items():
        print(f"  {name:<{width}}  {r:>14,.0f}/s")
    print(f"  (first shared-board call, building the board-triple index for 48 cards: {index_build:.2f} s wall)")
    ph = rates["phevaluator _pheval C call, one at a time (its bulk: a loop)"]
    pk = rates["PokerKit OmahaHoldemHand.from_game, one at a time (its bulk: a loop)"]
    one = rates["omaha_learn best_high, one at a time"]
    many = rates["omaha_learn evaluate_high_many, bulk random deals"]
    shared = rates["omaha_learn evaluate_high_boards, bulk shared boards (1 hole x C(48,5))"]
    print("Ratios")
    print(f"  one at a time: omaha_learn / phevaluator = {one / ph:.3f}, omaha_learn / PokerKit = {one / pk:.1f}")
    print(f"  bulk random deals: omaha_learn / phevaluator loop = {many / ph:.2f}, / PokerKit = {many / pk:,.0f}")
    print(f"  bulk shared boards: omaha_learn / phevaluator loop = {shared / ph:.1f}, / PokerKit = {shared / pk:,.0f}")
    return rates


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
