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


def run_spot(name: str) -> dict[str, object]:
    """Solve one spot in this process and return what was measured."""
    import numpy as np

    from omaha_learn.engine.cards import format_cards
    from omaha_learn.engine.ranges import parse_range
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
    sol = solve(board, ranges=ranges, game=game, accuracy=ACCURACY, max_iterations=2000, **SIZES)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    hwm = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text().splitlines()
               if line.startswith("VmHWM"))
    n0, n1 = len(sol.hands(0)), len(sol.hands(1))
    nodes = sum(1 for _ in sol._engine.root.walk())
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
    args = ap.parse_args()
    if args.spot:
        print(json.dumps(run_spot(args.spot)))
        return
    results = []
    for name in args.only or list(SPOTS):
        load_before = os.getloadavg()[0]
        out = subprocess.run([sys.executable, __file__, "--spot", name], capture_output=True, text=True,
                             check=True)
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


if __name__ == "__main__":
    main()
