"""The long practice runs' cost: seeded hands at the practice table, the learner following the coach, as
``tests/practice_hands.py`` plays them (the whole proof plays 1,000 hands of each game).

Prints the CPU seconds of one process for ``--hands`` hands of each game asked for, and with ``--log FILE``
writes every hand's PHH text or log and every action taken, so a change meant for speed alone can be checked
to play every hand and every action the same (``diff`` two logs). ``--profile`` prints cProfile's top
functions by cumulative time.

    PYTHONPATH=$PWD python benchmarks/bench_practice.py --hands 40 --games hilo --log /tmp/after.txt
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from practice_hands import GAMES, SEED, play  # noqa: E402  (tests/ on the path above)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--log", type=Path, help="write every hand's text and actions here")
    ap.add_argument("--profile", action="store_true", help="print cProfile's top 40 functions (cumulative)")
    args = ap.parse_args()
    lines: list[str] = []
    for name in args.games:
        game, structure = GAMES[name]
        prof = cProfile.Profile() if args.profile else None
        t0 = time.process_time()
        if prof:
            prof.enable()
        played = play(game, structure, args.hands, seed=args.seed)
        if prof:
            prof.disable()
        cpu = time.process_time() - t0
        print(f"{name}: {args.hands} hands in {cpu:.1f} s of CPU (table set-up included); "
              f"coach follower {played.rate:+.1f} bb/100", flush=True)
        if prof:
            pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
        lines.append(f"== {name} {args.hands} hands seed {args.seed}: results {played.table.results}")
        lines.extend(played.table.history)
    if args.log:
        args.log.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
