"""Time omaha_learn.equity against poker-equity (exact, Rust) and PokerKit (Monte Carlo).

Run: ``.venv/bin/python benchmarks/bench_equity.py``. Prints timings, ratios and
checks that the exact heads-up preflop Hi-Lo result equals poker-equity's.

Goals (issue 5): exact heads-up preflop Hi-Lo (1,086,008 boards) >= 5x faster
than poker-equity and >= 10,000x PokerKit per deal; a cold first call (tables
loaded from disk) within 3x a warm one; six-handed Hi-Lo Monte Carlo >= 200,000
deals/s; peak RSS of the exact heads-up run < 1 GiB.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from fractions import Fraction

HEADS_UP = ["As Ah 2s 3h", "Kd Kc Qd Jc"]
SIX = ["As Ah 2s 3h", "Kd Kc Qd Jc", "8s 8h 7c 6d", "Tc 9h Jd Js", "5c 5h 4c 4d", "Ks Qs 3s 2d"]


def best_of(fn, repeat: int, clock=time.perf_counter) -> float:  # type: ignore[no-untyped-def]
    """Best of ``repeat`` runs (wall clock by default; the machine may be shared)."""
    times = []
    for _ in range(repeat):
        t = clock()
        fn()
        times.append(clock() - t)
    return min(times)


COLD_SCRIPT = """
import json, resource, time, sys
t0 = time.perf_counter()
from omaha_learn import equity
t1 = time.perf_counter()
r = equity(%r)
t2 = time.perf_counter()
warm = []
for _ in range(5):
    t = time.perf_counter(); equity(%r); warm.append(time.perf_counter() - t)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
print(json.dumps({"import": t1 - t0, "cold": t2 - t1, "warm": min(warm), "rss_kib": rss}))
"""


def main() -> None:
    from omaha_learn import equity
    from omaha_learn.engine.equity.kernel import key_tables

    key_tables()  # make sure the tables are on disk before the cold run
    print("== exact heads-up preflop Omaha Hi-Lo:", " vs ".join(HEADS_UP))
    out = subprocess.run([sys.executable, "-c", COLD_SCRIPT % (HEADS_UP, HEADS_UP)],
                         capture_output=True, text=True, check=True)
    cold = json.loads(out.stdout)
    print(f"fresh process: import {cold['import'] * 1e3:.0f} ms, first call (tables from disk) "
          f"{cold['cold'] * 1e3:.1f} ms, warm {cold['warm'] * 1e3:.1f} ms, cold/warm {cold['cold'] / cold['warm']:.2f}x "
          f"(goal <= 3x); peak RSS {cold['rss_kib'] / 1024:.0f} MiB (goal < 1024 MiB)")

    ours = best_of(lambda: equity(HEADS_UP), 7)
    r = equity(HEADS_UP)
    print(f"omaha_learn: {r.boards:,} boards in {ours * 1e3:.1f} ms ({r.boards / ours / 1e6:.1f} M boards/s)")

    import poker_equity as pe

    compact = [h.replace(" ", "") for h in HEADS_UP]
    theirs = best_of(lambda: pe.exact_from_text("omaha_hi_lo", compact), 3)
    res = pe.exact_from_text("omaha_hi_lo", compact)
    same = (res["samples"] == r.boards and
            all(Fraction(s) == p.equity_fraction * r.boards for s, p in zip(res["share_sum"], r, strict=True)) and
            [int(c) for c in res["scoop_count"]] == [p.scoops for p in r])
    print(f"poker-equity exact: {theirs * 1e3:.1f} ms; ratio {theirs / ours:.1f}x faster (goal >= 5x); "
          f"results identical (pots {res['share_sum']}, scoops {res['scoop_count']}): {same}")
    if not same:
        raise SystemExit("MISMATCH with poker-equity")

    from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand, calculate_equities

    samples = 300
    t = time.perf_counter()
    calculate_equities([[Card.parse(h)] for h in compact], (), 4, 5, Deck.STANDARD,
                       (OmahaHoldemHand, OmahaEightOrBetterLowHand), sample_count=samples)
    pk = (time.perf_counter() - t) / samples
    per_board = ours / r.boards
    print(f"PokerKit Monte Carlo: {pk * 1e6:.0f} us per deal; omaha_learn exact {per_board * 1e9:.0f} ns per board; "
          f"ratio {pk / per_board:,.0f}x per deal (goal >= 10,000x)")

    print("== six-handed Omaha Hi-Lo Monte Carlo:", " | ".join(SIX))
    trials = 1_000_000
    t = best_of(lambda: equity(SIX, trials=trials, seed=1), 3)
    cpu = best_of(lambda: equity(SIX, trials=trials, seed=1), 2, time.process_time)
    print(f"omaha_learn: {trials / t:,.0f} deals/s wall, {trials / cpu:,.0f} per CPU-second (goal >= 200,000)")
    six = [h.replace(" ", "") for h in SIX]
    for threads in (1, 0):
        tp = best_of(lambda th=threads: pe.chunk_from_text("omaha_hi_lo", six, samples=trials, seed=1,
                                                           threads=th), 2)
        label = "1 thread" if threads == 1 else "all cores"
        print(f"poker-equity ({label}): {trials / tp:,.0f} deals/s; omaha_learn is {tp / t:.1f}x faster")
    rt = 200_000
    t = best_of(lambda: equity([None] * 6, trials=rt, seed=1), 2)
    cpu = best_of(lambda: equity([None] * 6, trials=rt, seed=1), 2, time.process_time)
    print(f"omaha_learn, six random hands: {rt / t:,.0f} deals/s wall, {rt / cpu:,.0f} per CPU-second")
    t = best_of(lambda: equity(["As Ah Ks Kh", None], game="high", trials=rt, seed=1), 2)
    print(f"omaha_learn, AsAhKsKh vs a random hand (PLO): {rt / t:,.0f} deals/s")


if __name__ == "__main__":
    main()
