"""Build the starting-hand chart: ``omaha_learn/data/starting_hands.npz``.

For each game (Omaha Hi-Lo, Pot-Limit Omaha), plays the canonical hand of each
of the 16,432 suit-isomorphic classes against one random hand (heads-up:
equity, scoop, high and low shares) and against five random hands (six-handed:
equity and scoop), each with its standard error, by
:func:`omaha_learn.engine.equity.random_hands.against_random`: all classes
share the same seeded deals, and each class uses at least ``--trials``
(``--trials6``) of them; the file records how many.

Seeded and reproducible: a class's numbers depend only on its hand, the game,
the table size, the trials and ``--seed``, not on the batches or where they
ran, so one row can be checked alone, e.g. for PLO heads-up
``against_random([hand], 1, game="plo", trials=70_000, seed=2026)``.
The defaults bound every standard error by 0.5 / sqrt(deals - 1) (a share lies
in [0, 1]): 0.0019 heads-up, 0.0030 six-handed. Since the classes share their
deals, their errors are correlated: a difference between two rows is more
precise than their standard errors suggest, and all rows drift together a
little (the combo-weighted mean of the heads-up equities, exactly 1/2 in
theory, is 0.4995 in the shipped PLO chart). A minute or two on two cores; the
output records the command, the dates, the engine and the wall time.

    python scripts/build_chart.py                                  # the shipped chart
    python scripts/build_chart.py --trials 4000 --trials6 1000 --out build/quick.npz
    python scripts/build_chart.py --scheduler tcp://dask-scheduler:8786 --batch 2048
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from omaha_learn import __version__  # noqa: E402
from omaha_learn.jobs import run_jobs  # noqa: E402
from omaha_learn.strategy.canonical import hand_classes  # noqa: E402
from omaha_learn.strategy.chart import CHART_FILE, STATS, class_statistics  # noqa: E402

GAMES = ("hilo", "plo")
VIEWS = {"": 1, "6": 5}  # column suffix -> random opponents
COLUMNS = {"": ("equity", "scoop", "high", "low"), "6": ("equity", "scoop")}  # stored per view


def _empty(n: int) -> dict[str, np.ndarray]:
    arrays: dict[str, np.ndarray] = {}
    for g in GAMES:
        for name in STATS:
            arrays[f"{g}_{name}"] = np.full(n, np.nan, dtype=np.float32)
            arrays[f"{g}_{name}_se"] = np.full(n, np.nan, dtype=np.float32)
        arrays[f"{g}_trials"] = np.zeros(n, dtype=np.int32)
        arrays[f"{g}_trials6"] = np.zeros(n, dtype=np.int32)
    return arrays


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    p.add_argument("--trials", type=int, default=70_000, help="heads-up deals per class, at least")
    p.add_argument("--trials6", type=int, default=28_000, help="six-handed deals per class, at least")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=None, help="local worker processes (default: the available cores)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run the batches on a Dask cluster (e.g. tcp://dask-scheduler:8786) instead of --jobs; "
                        "the same seeded numbers (pip install '.[scale]')")
    p.add_argument("--batch", type=int, default=0,
                   help="classes per job (0: all of them; the deals are shared, so fewer, larger jobs are faster)")
    p.add_argument("--limit", type=int, default=None, help="only the first N classes (tests, benchmarks)")
    p.add_argument("--out", type=Path, default=CHART_FILE)
    args = p.parse_args(argv)
    if args.batch < 0 or (args.limit is not None and args.limit < 1):
        p.error("--batch and --limit: a whole number of classes")

    started, clock = datetime.now(timezone.utc), time.monotonic()
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    hands = hand_classes().hands
    n = len(hands)
    todo = n if args.limit is None else min(args.limit, n)
    size = args.batch or todo
    items, where = [], []
    for suffix, opponents in VIEWS.items():  # heads-up first: the longest jobs start first
        for game in args.games:
            for start in range(0, todo, size):
                stop = min(start + size, todo)
                items.append((game, opponents, args.trials if not suffix else args.trials6, args.seed,
                              hands[start:stop]))
                where.append((game, suffix, start, stop))

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rbuild_chart: {done}/{total} jobs done, {time.monotonic() - clock:.0f} s   ")
        sys.stderr.flush()

    results = run_jobs(class_statistics, items, jobs=args.jobs, kind="process", star=True, scheduler=args.scheduler,
                       progress=progress)
    sys.stderr.write("\n")
    arrays = _empty(n)
    for (game, suffix, start, stop), r in zip(where, results, strict=True):
        for name in COLUMNS[suffix]:
            arrays[f"{game}_{name}{suffix}"][start:stop] = r[name]
            arrays[f"{game}_{name}{suffix}_se"][start:stop] = r[name + "_se"]
        arrays[f"{game}_trials{suffix}"][start:stop] = r["deals"]
    wall = time.monotonic() - clock
    meta: dict[str, object] = {
        "command": "python scripts/build_chart.py " + shlex.join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "wall_seconds": round(wall, 1),
        "load_average_at_start": load,
        "settings": {"trials": args.trials, "trials6": args.trials6, "seed": args.seed, "qualifier": 8},
        "engine": f"omaha_learn {__version__} against_random (omaha_learn.engine.equity.random_hands): "
                  "all classes on the same deals, every game and table size with the seed settings.seed",
        "classes": todo,
    }
    for g in args.games:
        meta[f"{g}_max_se"] = {f"{name}{s}": float(np.nanmax(arrays[f"{g}_{name}{s}_se"][:todo]))
                               for s in VIEWS for name in COLUMNS[s]}
        meta[f"{g}_mean_trials"] = float(arrays[f"{g}_trials"][:todo].mean())
        meta[f"{g}_mean_trials6"] = float(arrays[f"{g}_trials6"][:todo].mean())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_name(args.out.name + ".tmp.npz")
    np.savez_compressed(tmp, meta=np.array(json.dumps(meta)), hands=hands, **arrays)
    os.replace(tmp, args.out)
    print(f"build_chart: wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB) in {wall:.0f} s",
          file=sys.stderr)
    print(json.dumps(meta, indent=1), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
