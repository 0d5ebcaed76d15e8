"""What a fresh process pays before its first answer: importing ``omaha_learn``, then a new practice table and
its first coach advice (the preflop order, the hand classes and the evaluation tables are built on first use).

Each measurement runs in a new Python process (CPU seconds, ``time.process_time``), ``--runs`` times per game.
``--repo`` measures other checkouts of the code too (each put first on ``PYTHONPATH``), so a change can be
compared with the code before it in the same minutes::

    git worktree add /tmp/before <commit>
    python benchmarks/bench_first_answer.py --repo /tmp/before .
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
from pathlib import Path

PROBE = """
import sys, time
t = time.process_time()
from omaha_learn import PracticeTable
t1 = time.process_time()
table = PracticeTable(game=sys.argv[1], seed=3, trials=300)
table.advice()
import omaha_learn
print(f"{t1 - t:.2f} {time.process_time() - t1:.2f} {omaha_learn.__file__}")
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", nargs="*", type=Path, default=[Path(__file__).resolve().parent.parent],
                    help="checkouts to measure (default: this one)")
    ap.add_argument("--games", nargs="*", default=["plo", "hilo"])
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    print(f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}   # caches written, as installed
    for _ in range(args.runs):
        for game in args.games:
            for repo in args.repo:
                # run in the checkout itself: `python -c` puts the working folder first on sys.path
                out = subprocess.run([sys.executable, "-c", PROBE, game], env=env | {"PYTHONPATH": str(repo.resolve())},
                                     cwd=repo, capture_output=True, text=True, check=True).stdout.split()
                print(f"{game}: import {out[0]} s, first table and advice {out[1]} s of CPU ({out[2]})")


if __name__ == "__main__":
    main()
