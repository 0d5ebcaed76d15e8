"""Time building the starting-hand chart, per class and extrapolated to all 16,432 classes.

Times are CPU seconds of this process (``time.process_time``), so a busy machine
slows the wall clock but not the figures; peers run in the same process:
* ``simulate_counts`` (the chart's sampler) against ``simulate_counts_equity``
  (the same deals through ``omaha_learn.equity``), and
* poker-equity's sampler (``chunk_from_text``, one thread) on the same hand and deal count.

    python benchmarks/bench_chart_build.py --classes 12 --trials 40000 --repeat 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from omaha_learn.engine.canonical import CLASSES, hand_classes  # noqa: E402
from omaha_learn.engine.cards import Card, format_cards  # noqa: E402
from omaha_learn.engine.chart_build import simulate_counts, simulate_counts_equity  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--classes", type=int, default=12)
    p.add_argument("--trials", type=int, default=40_000, help="heads-up deals per class")
    p.add_argument("--trials6", type=int, default=5_000, help="six-handed deals per class")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    try:
        import poker_equity as pe
    except ImportError:  # pragma: no cover
        pe = None
    classes = hand_classes()
    step = CLASSES // args.classes
    hands = [format_cards(tuple(Card(int(c)) for c in classes.hands[k])) for k in range(0, CLASSES, step)][:args.classes]
    variant = {"hilo": "omaha_hi_lo", "plo": "omaha"}
    simulate_counts(hands[0], "hilo", 1, 1000, 0)  # warm the tables
    print(f"{len(hands)} classes, {args.trials:,} heads-up and {args.trials6:,} six-handed deals each; "
          f"median of {args.repeat} (CPU seconds per class)")
    print(f"{'game':<5} {'view':<10} {'chart sampler':>14} {'via equity()':>13} {'poker-equity':>13} "
          f"{'all classes (chart sampler)':>28}")
    total = 0.0
    for game in ("hilo", "plo"):
        for view, opponents, trials in (("heads-up", 1, args.trials), ("six", 5, args.trials6)):
            times: dict[str, list[float]] = {"ours": [], "equity": [], "pe": []}
            for r in range(args.repeat):
                for name, fn in (("ours", simulate_counts), ("equity", simulate_counts_equity)):
                    t = time.process_time()
                    for h in hands:
                        fn(h, game, opponents, trials, r)
                    times[name].append((time.process_time() - t) / len(hands))
                if pe is not None:
                    t = time.process_time()
                    for h in hands:
                        pe.chunk_from_text(variant[game], [h.replace(" ", "")] + ["****"] * opponents,
                                           samples=trials, seed=r, threads=1)
                    times["pe"].append((time.process_time() - t) / len(hands))
            med = {k: statistics.median(v) if v else float("nan") for k, v in times.items()}
            whole = med["ours"] * CLASSES
            total += whole
            print(f"{game:<5} {view:<10} {med['ours']:>13.4f}s {med['equity']:>12.4f}s {med['pe']:>12.4f}s "
                  f"{whole / 60:>20.1f} CPU min")
            print(f"{'':<16} ratios: via equity() / chart sampler {med['equity'] / med['ours']:.2f}, "
                  f"poker-equity / chart sampler {med['pe'] / med['ours']:.2f}")
    print(f"whole chart, one core, one pass at these deal counts: {total / 60:.1f} CPU min "
          f"(the heads-up target of 0.19 points adds deals to about a third of the classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
