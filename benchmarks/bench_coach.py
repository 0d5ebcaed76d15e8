"""The coach's cost: advice at a flop decision against two ranges, against one range-equity call of
the same size (the same hand, the same two ranges, the same board and deals) in the same process.

Run: ``.venv/bin/python benchmarks/bench_coach.py [--trials N] [--repeat K]``.

Goal: the advice costs at most twice the equity call (the coach adds the nut status, the draws,
the range estimate and the EV table to one equity call). Prints medians and the ratio. The
browser's click-to-advice time of the PlayTable widget is measured by ``tests/test_browser.py``
(``-m browser``), which writes it to ``test-artifacts/browser/play_table_timing.json``; the last
run's numbers are copied into ``benchmarks/RESULTS_coach.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from omaha_learn import HandState, coach, equity
from omaha_learn.strategy.opponent_model import estimate_ranges
from omaha_learn.strategy.seat_view import seat_view


def spot(game: str) -> HandState:
    """Three-handed to the flop: the button opens, the small blind calls, the big blind calls; the small
    blind is to act first on the flop (two opponents, two estimated ranges)."""
    hand = HandState([200, 200, 200], game=game, seed=4, button=2)
    hand.play("r7 c c" if game == "plo" else "r c c")
    assert hand.street == "flop" and len(hand.in_hand) == 3
    return hand


def median_time(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--trials", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"advice at a flop decision against two ranges vs one range-equity call, {args.trials:,} deals, "
          f"median of {args.repeat}")
    print(f"{'game':<6} {'equity (s)':>11} {'advice (s)':>11} {'ratio':>7}  goal <= 2")
    for game in ("plo", "hilo"):
        hand = spot(game)
        view = seat_view(hand)
        ranges = [e.range for e in estimate_ranges(view).values()]
        holes = [view.hole, *ranges]
        g = "plo" if game == "plo" else "hilo"
        coach(hand, trials=args.trials, seed=1)                                   # warm the caches once
        board = view.board
        eq = median_time(lambda h=holes, b=board, g=g: equity(h, b, game=g, trials=args.trials, seed=1), args.repeat)
        adv = median_time(lambda s=hand: coach(s, trials=args.trials, seed=1), args.repeat)
        print(f"{game:<6} {eq:>11.3f} {adv:>11.3f} {adv / eq:>7.2f}  {'met' if adv <= 2 * eq else 'NOT met'}")


if __name__ == "__main__":
    main()
