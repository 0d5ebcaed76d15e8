"""The solver's speed and memory: heads-up PLO river and turn spots solved to 0.5% of the pot.

Run: ``python benchmarks/bench_solver.py [--only NAME] [--write]``. Each spot runs in a fresh
subprocess (so its peak memory, ``VmHWM`` of ``/proc/self/status``, is its own); ``--write``
rewrites ``benchmarks/RESULTS_solver.md`` with the date, the machine and its load.

Spots (pot 100, effective stack 300, bets 50% and pot, raises pot, one raise per round):

* ``river-5000``: PLO river ``Qs Jh 8s 5d 2c``, two ranges of 5,000 hands drawn (seeded) from the
  chart's top 25%. Goal: at most 30 s on the project's 2-core machine.
* ``river-25pct``: the same river with the full top-25% ranges (every hand left after card removal).
  Goal: peak memory at most 4 GB; the time is reported.
* ``turn-1000``: PLO turn ``Qs Jh 8s 5d``, 1,000 hands each, every river card a chance node.
* ``hilo-river-5000``: the river spot in Omaha Hi-Lo (``Qs 7h 8s 5d 2c``: a low is possible).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

SPOTS = {
    "river-5000": {"board": "Qs Jh 8s 5d 2c", "n": 5000, "game": "plo"},
    "river-25pct": {"board": "Qs Jh 8s 5d 2c", "n": 0, "game": "plo"},
    "turn-1000": {"board": "Qs Jh 8s 5d", "n": 1000, "game": "plo"},
    "hilo-river-5000": {"board": "Qs 7h 8s 5d 2c", "n": 5000, "game": "hilo"},
}
SIZES = {"pot": 100, "stack": 300, "bets": ("50%", "pot"), "raises": ("pot",), "max_raises": 1}
ACCURACY = 0.005


def run_spot(name: str, progress: bool = False) -> dict[str, object]:
    """Solve one spot in this process and return what was measured."""
    import numpy as np

    from omaha_learn.engine.cards import format_cards
    from omaha_learn.strategy.ranges import parse_range
    from omaha_learn.strategy.solver import solve

    spec = SPOTS[name]
    board = str(spec["board"])
    game = str(spec["game"])
    whole = parse_range("25%", game=game).without(board)
    if spec["n"]:
        rng = np.random.default_rng(2026)
        hands = [format_cards(h) for h in whole]
        n = int(spec["n"])  # type: ignore[call-overload]
        ranges: tuple[object, object] = ([hands[i] for i in rng.choice(len(hands), n, replace=False)],
                                         [hands[i] for i in rng.choice(len(hands), n, replace=False)])
    else:
        ranges = (whole, whole)
    start = time.perf_counter()
    sol = solve(board, ranges=ranges, game=game, accuracy=ACCURACY, max_iterations=2000,
                progress=progress, **SIZES)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    hwm = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text().splitlines()
               if line.startswith("VmHWM"))
    n0, n1 = len(sol.hands(0)), len(sol.hands(1))
    nodes = sol.tree_size
    return {"spot": name, "board": board, "game": game, "hands": [n0, n1], "seconds": round(seconds, 1),
            "iterations": sol.iterations, "exploitability_pct": round(100 * sol.accuracy, 3),
            "peak_mb": round(hwm / 1024), "nodes": nodes, "actions": sol.actions(""),
            "per_iteration_s": round(seconds / sol.iterations, 3)}


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    import numpy as np
    return (f"{cpu}, {os.cpu_count()} cores, {round(os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30)}"
            f" GiB, Python {platform.python_version()}, numpy {np.__version__}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", choices=sorted(SPOTS), action="append")
    ap.add_argument("--spot", help=argparse.SUPPRESS)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--render", action="store_true", help="rewrite RESULTS_solver.md from RESULTS_solver.json")
    args = ap.parse_args()
    if args.render:
        data = json.loads(Path(__file__).with_name("RESULTS_solver.json").read_text())
        Path(__file__).with_name("RESULTS_solver.md").write_text(render(data))
        return
    if args.spot:
        print(json.dumps(run_spot(args.spot, progress=True)))
        return
    results = []
    for name in args.only or list(SPOTS):
        load_before = os.getloadavg()[0]
        out = subprocess.run([sys.executable, __file__, "--spot", name], stdout=subprocess.PIPE, text=True,
                             check=True)   # the solver's progress goes to stderr, shown as it runs
        r = json.loads(out.stdout.strip().splitlines()[-1])
        r["load"] = [round(load_before, 1), round(os.getloadavg()[0], 1)]
        results.append(r)
        print(json.dumps(r), flush=True)
    if args.write:
        path = Path(__file__).with_name("RESULTS_solver.json")
        previous = json.loads(path.read_text()) if path.exists() else {}
        previous.update({r["spot"]: r for r in results})
        previous["_machine"] = machine()
        previous["_date"] = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        path.write_text(json.dumps(previous, indent=1) + "\n")
        Path(__file__).with_name("RESULTS_solver.md").write_text(render(previous))


# postflop-solver's published figure (b-inary/wasm-postflop README, "Comparison"): the "3betpotFAST"
# flop preset of PioSOLVER, Desktop Postflop (postflop-solver, native) without compression, 6 threads of
# a Ryzen 7 3700X: 21.8 s to 0.5% of the pot, 1.21 GB. Hold'em ranges hold at most C(49, 2) = 1,176
# hands after the flop's cards; a flop tree runs over 49 x 48 = 2,352 turn and river cards.
PFS_SECONDS, PFS_THREADS, PFS_GB = 21.8, 6, 1.21
PFS_PAIR_BOARDS = 1176 ** 2 * 49 * 48


def render(data: dict[str, object]) -> str:
    """``RESULTS_solver.md`` from the measured spots (every number is the run's)."""
    lines = ["# Benchmark results: the equilibrium solver", "",
             f"**Date:** {data['_date']}. **Machine:** {data['_machine']}. The machine is shared with other",
             "agents' jobs: the load average (1 minute, before and after each spot) is in the table; a load of L",
             "on 2 cores leaves a process about 2/L of a core, so the times are upper bounds.", "",
             "`python benchmarks/bench_solver.py --write`: pot 100, effective stack 300, bets 50% and pot,",
             "raises pot, one raise per round, solved to an exploitability of 0.5% of the pot (checked every",
             "10 iterations), single process, numpy. Peak memory is the process's `VmHWM` (the whole Python",
             "process, numpy and the engine's tables included).", "",
             "| spot | board | hands (OOP x IP) | tree nodes | iterations | exploitability | time | per iteration | peak memory | load |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name in SPOTS:
        r = data.get(name)
        if not isinstance(r, dict):
            continue
        lines.append(f"| {name} ({r['game']}) | {r['board']} | {r['hands'][0]:,} x {r['hands'][1]:,} | {r['nodes']} "
                     f"| {r['iterations']} | {r['exploitability_pct']}% | {r['seconds']} s | {r['per_iteration_s']} s "
                     f"| {r['peak_mb']:,} MB | {r['load'][0]} / {r['load'][1]} |")
    lines.append("")
    goals = []
    r5 = data.get("river-5000")
    if isinstance(r5, dict):
        goals.append(f"* PLO river, 5,000 hands each, to 0.5%: {r5['seconds']} s; goal at most 30 s: "
                     f"{'met' if r5['seconds'] <= 30 else 'NOT met'}.")
    r25 = data.get("river-25pct")
    if isinstance(r25, dict):
        goals.append(f"* The same river with the full top 25% ({r25['hands'][0]:,} hands each): {r25['seconds']} s, "
                     f"peak {r25['peak_mb']:,} MB; goal at most 4 GB: {'met' if r25['peak_mb'] <= 4096 else 'NOT met'}.")
    rt = data.get("turn-1000")
    if isinstance(rt, dict):
        goals.append(f"* PLO turn, 1,000 hands each, every river card a chance node: {rt['seconds']} s "
                     f"({rt['iterations']} iterations), peak {rt['peak_mb']:,} MB.")
    lines += ["## Goals", ""] + goals + [""]
    pfs = PFS_PAIR_BOARDS / (PFS_SECONDS * PFS_THREADS)
    lines += ["## Against postflop-solver (hold'em)", "",
              "postflop-solver publishes one benchmark (b-inary/wasm-postflop, README, \"Comparison\"): PioSOLVER's",
              "\"3betpotFAST\" flop preset solved by Desktop Postflop (postflop-solver, native, no compression) on",
              f"{PFS_THREADS} threads of a Ryzen 7 3700X in **{PFS_SECONDS} s to 0.5% of the pot, {PFS_GB} GB**. Its ranges",
              "are not stated; hold'em ranges hold at most 1,176 hands after the flop, and a flop tree covers",
              f"49 x 48 = 2,352 turn-and-river runouts: at most {PFS_PAIR_BOARDS:.2e} (hand pair, runout) cells, i.e. at most",
              f"{pfs:.2e} cells per thread-second.", ""]
    for name in SPOTS:
        r = data.get(name)
        if not isinstance(r, dict):
            continue
        boards = 48 if name.startswith("turn") else 1
        ours = r["hands"][0] * r["hands"][1] * boards / r["seconds"]
        lines.append(f"* {name}: {r['hands'][0]:,} x {r['hands'][1]:,} pairs x {boards} board(s) in {r['seconds']} s on one "
                     f"(shared) core: {ours:.2e} cells per second, {pfs / ours:.1f} times fewer than postflop-solver's bound.")
    lines += ["", "How far we are: the ratio above overstates postflop-solver (its 3-bet-pot ranges are narrower than",
              "1,176 hands, so it handles fewer cells than the bound) and understates it (a flop tree has three",
              "streets of bets per runout where ours has one or two, and our process shared two cores with",
              "other jobs). Omaha adds its own cost: four-card blockers need 16 inclusion-exclusion terms per",
              "hand where hold'em's two cards need 4, and Omaha ranges are tens of thousands of hands, not",
              "hundreds. The river spots are within the ratios listed of a native multithreaded solver's",
              "bound per thread (the largest range does best: numpy's fixed costs are spread over more",
              "hands); the turn is the weak point: every river card multiplies the showdown work, and a turn",
              "tree has one river subtree per line that reaches the river.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
