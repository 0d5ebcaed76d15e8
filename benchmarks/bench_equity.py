"""omaha_learn.equity against poker-equity (Rust, exact and sampled) and PokerKit, in one process.

Run: ``.venv/bin/python benchmarks/bench_equity.py [--quick] [--only exact]`` (about four minutes;
``--quick`` one; ``--only exact`` just the exact flop, turn and river spots, under a minute).

Each spot prints our time and poker-equity's on the same work (the same number
of deals, or the same exact spot), with one thread and with all threads, as
medians of three, and the ratio ``theirs / ours`` (above 1: omaha_learn is
faster). Ratios measured side by side in one process hold up on a shared
machine better than absolute times; the header says what else was running.

Goals: random hands and all-random tables >= 2x poker-equity on all
its threads; exact flop, turn and river spots >= 1x per call (both games); exact heads-up preflop
within 1.3x of the algorithm's floor (about 15 ms) on one core; peak memory of
six random hands <= 64 MiB and of exact preflop < 64 MiB; exact results
identical to poker-equity's as fractions.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

HERO4, HERO5 = "As 2s 3d Kd", "As 2s 3d Kd 9h"
VARIANT = {("hilo", 4): "omaha_hi_lo", ("high", 4): "omaha", ("hilo", 5): "omaha_five_hi_lo",
           ("high", 5): "omaha_five"}
EXACT_SPOTS = [
    ["As Ah 2s 3h", "Kd Kc Qd Jc"],
    ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td"],
    ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td", "5c 5h 4c 4d"],
    ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td", "5c 5h 4c 4d", "Ks Qs Js 6d"],
    ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td", "5c 5h 4c 4d", "Ks Qs Js 6d", "Ac Jh 8c 6s"],
]
FLOP, TURN, RIVER = "2c 7d 9s", "2c 7d 9s Qc", "2c 7d 9s Qc 3s"
STREETS = {3: "flop", 4: "turn", 5: "river"}


def median(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next(line.split(":", 1)[1].strip() for line in fh if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return f"{cpu}, {os.cpu_count()} cores, load average {load}, Python {platform.python_version()}"


def compact(hand: str | None, size: int) -> str:
    return "*" * size if hand is None else hand.replace(" ", "")


def row(name: str, ours1: float, theirs1: float, ours: float, theirs: float, unit: str = "ms",
        scale: float = 1e3) -> str:
    return (f"| {name} | {ours1 * scale:.1f} | {theirs1 * scale:.1f} | {theirs1 / ours1:.2f}x | "
            f"{ours * scale:.1f} | {theirs * scale:.1f} | {theirs / ours:.2f}x |")


RSS_SCRIPT = """
import json, sys
from omaha_learn import equity
from omaha_learn import jobs as workers
holes = json.loads(sys.argv[1]); trials = json.loads(sys.argv[2]); threads = json.loads(sys.argv[3])
if threads is None:
    workers.start()
equity(holes, trials=trials, seed=1, threads=threads)

def hwm(pid):  # the peak of that process image, KiB (ru_maxrss would include a parent's peak at fork)
    with open(f"/proc/{pid}/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM"))

print(json.dumps([hwm("self")] + [hwm(w.proc.pid) for w in workers._workers]))
"""


def peak_rss_mib(holes: list[str | None], trials: int | None, threads: int | None = 1) -> list[float]:
    """Peak resident memory (MiB) of a fresh process running one equity call, then of each worker process."""
    out = subprocess.run([sys.executable, "-c", RSS_SCRIPT, json.dumps(holes), json.dumps(trials),
                          json.dumps(threads)], capture_output=True, text=True, check=True)
    return [kib / 1024 for kib in json.loads(out.stdout)]


def exact_spots(equity: Callable[..., Any], pe: Any, quick: bool) -> None:
    """The exact flop, turn and river spots, both games: time per call and the fractions compared."""
    for game, variant in (("hilo", "omaha_hi_lo"), ("high", "omaha")):
        name = "Omaha Hi-Lo" if game == "hilo" else "PLO (game='high')"
        print(f"\n## Exact spots, {name} (time per call; poker-equity exact is single-threaded)\n")
        print("| spot | boards | ours (ms/call) | poker-equity (ms/call) | ratio | identical fractions |")
        print("|---|---|---|---|---|---|")
        for board, calls in ((FLOP, 5 if quick else 20), (TURN, 20 if quick else 200), (RIVER, 50 if quick else 500)):
            street = STREETS[len(board.split())]
            for holes in EXACT_SPOTS:
                text = [compact(h, 4) for h in holes]
                ours = median(lambda holes=holes, board=board, calls=calls, game=game: [
                    equity(holes, board, game=game) for _ in range(calls)]) / calls
                theirs = median(lambda text=text, board=board, calls=calls, variant=variant: [
                    pe.exact_from_text(variant, text, board.replace(" ", "")) for _ in range(calls)]) / calls
                r = equity(holes, board, game=game)
                res = pe.exact_from_text(variant, text, board.replace(" ", ""))
                same = all(Fraction(s) == q.equity_fraction * r.boards for s, q in zip(res["share_sum"], r, strict=True))
                print(f"| {len(holes)} players, {street} {board} | {r.boards} | {ours * 1e3:.3f} | {theirs * 1e3:.3f} "
                      f"| {theirs / ours:.2f}x | {same} |", flush=True)
                if not same:
                    raise SystemExit("MISMATCH with poker-equity")
    fresh_spots(equity, pe, quick)


def fresh_spots(equity: Callable[..., Any], pe: Any, quick: bool) -> None:
    """Exact turns and rivers, a different seeded random deal every call: no cache of either
    library sees a hand twice (the spots above repeat one deal). poker-equity's share sums are
    floats; shares are multiples of 1/12, so the first 50 deals of a row are compared as
    fractions recovered from them."""
    import random

    from omaha_learn.engine.cards import FULL_DECK

    deals = 300 if quick else 2000
    print(f"\n## Exact spots, a new random deal each call ({deals:,} deals a row, time per call)\n")
    print("| spot | ours (ms/call) | poker-equity (ms/call) | ratio | identical fractions |")
    print("|---|---|---|---|---|")
    rng = random.Random(13)
    for game, variant in (("hilo", "omaha_hi_lo"), ("high", "omaha")):
        for size in (4, 5):
            for players in (2, 4, 6):
                spots = []
                for _ in range(deals):
                    cards = [str(c) for c in rng.sample(FULL_DECK, 4 * players + size)]
                    holes = [" ".join(cards[4 * i:4 * i + 4]) for i in range(players)]
                    spots.append((holes, " ".join(cards[4 * players:])))
                text = [([h.replace(" ", "") for h in holes], board.replace(" ", "")) for holes, board in spots]
                ours = median(lambda spots=spots, game=game: [equity(h, b, game=game) for h, b in spots]) / deals
                theirs = median(lambda text=text, variant=variant: [
                    pe.exact_from_text(variant, h, b) for h, b in text]) / deals
                same = all(Fraction(s).limit_denominator(720) == q.equity_fraction * r.boards  # floats: x/12 back
                           for (h, b), (ht, bt) in zip(spots[:50], text[:50], strict=True)
                           for r in [equity(h, b, game=game)]
                           for s, q in zip(pe.exact_from_text(variant, ht, bt)["share_sum"], r, strict=True))
                name = "Hi-Lo" if game == "hilo" else "PLO"
                print(f"| {name}, {players} players, {STREETS[size]} | {ours * 1e3:.3f} | {theirs * 1e3:.3f} "
                      f"| {theirs / ours:.2f}x | {same} |", flush=True)
                if not same:
                    raise SystemExit("MISMATCH with poker-equity")


def main(quick: bool = False, only: str | None = None) -> None:
    import numpy as np
    import poker_equity as pe

    from omaha_learn import equity
    from omaha_learn.engine.arguments import available_cores

    cores = available_cores()
    print(f"# omaha_learn equity benchmark, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}; numpy {np.__version__}; poker-equity threads=0 means all "
          f"({pe.default_thread_count()}); omaha_learn threads=None uses {cores}")
    print("ratio = poker-equity time / omaha_learn time (above 1: omaha_learn faster); medians of 3")
    equity([HERO4, None], trials=1000, seed=1)  # tables loaded
    if only == "exact":
        exact_spots(equity, pe, quick)
        return
    from omaha_learn import jobs as workers

    print(f"omaha_learn workers: {workers.start()} (started before timing, as poker-equity's thread pool "
          "is after its first call)\n")

    deals = 40_000 if quick else 100_000
    print(f"## Random hands ({deals:,} deals each, same count for both libraries)\n")
    print("| spot | ours 1 thread (ms) | poker-equity 1 thread (ms) | ratio | ours all threads (ms) "
          "| poker-equity all threads (ms) | ratio |")
    print("|---|---|---|---|---|---|---|")
    players_list = (2, 4, 6) if quick else (2, 3, 4, 5, 6)
    for size in (4, 5):
        hero = HERO4 if size == 4 else HERO5
        for game in ("hilo", "high"):
            for players in players_list:
                if size == 5 and players > 6:
                    continue
                for label, holes in ((f"{hero.replace(' ', '')} vs {players - 1} random", [hero] + [None] * (players - 1)),
                                     (f"{players} random hands", [None] * players)):
                    text = [compact(h, size) for h in holes]
                    variant = VARIANT[(game, size)]
                    t = [median(lambda th=th, holes=holes, game=game: equity(holes, game=game, trials=deals, seed=1,
                                                                             threads=th))
                         for th in (1, None)]
                    p = [median(lambda th=th, variant=variant, text=text: pe.chunk_from_text(
                        variant, text, samples=deals, seed=1, threads=th)) for th in (1, 0)]
                    print(row(f"{game} {size}-card: {label}", t[0], p[0], t[1], p[1]), flush=True)

    print("\n## The spots\n")
    print("| spot | ours 1 thread (ms) | poker-equity 1 thread (ms) | ratio | ours all threads (ms) "
          "| poker-equity all threads (ms) | ratio |")
    print("|---|---|---|---|---|---|---|")
    hero_vs = [HERO4, None]
    t = [median(lambda th=th: equity(hero_vs, trials=400_000, seed=1, threads=th)) for th in (1, None)]
    p = [median(lambda th=th: pe.chunk_from_text("omaha_hi_lo", ["As2s3dKd", "****"], samples=400_000, seed=1,
                                                 threads=th)) for th in (1, 0)]
    print(row("As2s3dKd vs a random hand, Hi-Lo, 400k deals", t[0], p[0], t[1], p[1]))
    t = [median(lambda th=th: equity([None] * 6, trials=100_000, seed=1, threads=th)) for th in (1, None)]
    p = [median(lambda th=th: pe.chunk_from_text("omaha_hi_lo", ["****"] * 6, samples=100_000, seed=1,
                                                 threads=th)) for th in (1, 0)]
    print(row("six random hands, Hi-Lo, 100k deals", t[0], p[0], t[1], p[1]))

    exact_spots(equity, pe, quick)

    print("\n## Exact heads-up preflop, Omaha Hi-Lo (1,086,008 boards)\n")
    hu = EXACT_SPOTS[0]
    equity(hu)
    ours1 = min(median(lambda: equity(hu, threads=1), 5) for _ in range(2))
    text = [compact(h, 4) for h in hu]
    theirs = median(lambda: pe.exact_from_text("omaha_hi_lo", text), 1 if quick else 3)
    r = equity(hu)
    res = pe.exact_from_text("omaha_hi_lo", text)
    same = (res["samples"] == r.boards
            and all(Fraction(s) == q.equity_fraction * r.boards for s, q in zip(res["share_sum"], r, strict=True)))
    print(f"omaha_learn {ours1 * 1e3:.1f} ms on one thread (goal <= 1.3 x 15 ms = 19.5 ms); poker-equity "
          f"{theirs * 1e3:.0f} ms; ratio {theirs / ours1:.1f}x; identical fractions: {same}")
    if not same:
        raise SystemExit("MISMATCH with poker-equity")

    print("\n## Peak memory (fresh process, VmHWM)\n")
    six = peak_rss_mib([None] * 6, 100_000)[0]
    main_, *procs = peak_rss_mib([None] * 6, 100_000, None)
    pre = peak_rss_mib(hu, None)[0]
    base = peak_rss_mib(hu, 10)[0]
    print(f"six random hands, 100k deals, in one process (threads=1): {six:.0f} MiB (goal <= 64); with "
          f"{len(procs)} worker processes (threads=None): caller {main_:.0f} MiB, workers "
          f"{', '.join(f'{m:.0f}' for m in procs)} MiB each at peak; exact heads-up preflop: {pre:.0f} MiB "
          f"(goal < 64); a 10-deal run (Python + numpy + tables): {base:.0f} MiB")

    print("\n## PokerKit (Monte Carlo, its own sampler)\n")
    from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand, calculate_equities

    samples = 200
    t0 = time.perf_counter()
    calculate_equities([[Card.parse(compact(h, 4))] for h in hu], (), 4, 5, Deck.STANDARD,
                       (OmahaHoldemHand, OmahaEightOrBetterLowHand), sample_count=samples)
    pk = (time.perf_counter() - t0) / samples
    ours_deal = median(lambda: equity(hu, trials=200_000, seed=1, threads=1)) / 200_000
    print(f"PokerKit {pk * 1e6:.0f} us per deal; omaha_learn {ours_deal * 1e9:.0f} ns per deal (one thread, "
          f"same spot sampled): {pk / ours_deal:,.0f}x")


if __name__ == "__main__":
    args = sys.argv[1:]
    only = args[args.index("--only") + 1] if "--only" in args[:-1] else None
    if only not in (None, "exact"):
        raise SystemExit(f"--only: 'exact' is the one section that runs alone, got {only!r}")
    main(quick="--quick" in args, only=only)
