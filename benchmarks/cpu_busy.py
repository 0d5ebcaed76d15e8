"""How busy the machine's cores are while a command runs: is a run short of CPU, or waiting?

Runs the command, reads ``/proc/stat`` every ``--every`` seconds, and prints the share of CPU time that was busy
(user, system and the rest) and idle (idle and I/O wait) over the whole run and in each minute, with the date, the
machine's core count and the command's exit status. Used for the README's statement that the whole proof keeps
both cores busy (so more workers cannot shorten it)::

    python3 benchmarks/cpu_busy.py -- .venv/bin/python -m pytest --full -n auto --dist loadfile -q

Linux only (``/proc/stat``); it measures the whole machine, so run it with nothing else going on.
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import time


def _times() -> tuple[int, int]:
    """(busy, total) jiffies of all cores since boot."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)          # idle + iowait
    total = sum(fields[:8])                                            # guest time is inside user already
    return total - idle, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=5.0, help="seconds between samples (default 5)")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="the command to run, after --")
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("give the command to run after --")
    start = datetime.datetime.now(datetime.timezone.utc)
    t0 = time.monotonic()
    first = last = _times()
    samples: list[tuple[float, float]] = []                            # (seconds since start, busy share)
    proc = subprocess.Popen(command)
    while True:
        try:
            proc.wait(timeout=args.every)
            done = True
        except subprocess.TimeoutExpired:
            done = False
        now = _times()
        if now[1] > last[1]:
            samples.append((time.monotonic() - t0, (now[0] - last[0]) / (now[1] - last[1])))
        last = now
        if done:
            break
    wall = time.monotonic() - t0
    busy = (last[0] - first[0]) / max(1, last[1] - first[1])
    print(f"\ncpu_busy: {start:%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, exit status {proc.returncode}, "
          f"{wall:.0f} s: busy {100 * busy:.1f}%, idle {100 * (1 - busy):.1f}%", file=sys.stderr)
    for minute in range(int(wall // 60) + 1):
        part = [b for t, b in samples if minute * 60 < t <= (minute + 1) * 60]
        if part:
            print(f"  minute {minute + 1:3d}: busy {100 * sum(part) / len(part):5.1f}%", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main())
