"""Build the starting-hand chart: ``omaha_learn/data/starting_hands.npz``.

For each game (Omaha Hi-Lo, Pot-Limit Omaha) and each of the 16,432
suit-isomorphic classes, plays the class's canonical hand against one random
hand (heads-up: equity, scoop, high and low shares) and against five random
hands (six-handed), by seeded Monte Carlo (``omaha_learn.engine.chart_build``).

Seeded and reproducible: a class's deals depend only on ``--seed``, the game,
the class and the table size, never on the order or the number of workers.
Resumable: progress is saved to ``--state`` every ``--save-every`` seconds and
on Ctrl-C; run the same command again to continue. The output records the
command, the date and the trials of every row.

    python scripts/build_chart.py                          # the shipped chart (long)
    python scripts/build_chart.py --trials 4000 --trials6 1000 --target-se 0   # a quick first file
    nohup python scripts/build_chart.py --jobs 2 > build/chart.log 2>&1 &
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from omaha_learn import __version__  # noqa: E402
from omaha_learn.engine.canonical import hand_classes  # noqa: E402
from omaha_learn.engine.cards import Card, format_cards  # noqa: E402
from omaha_learn.engine.chart import CHART_FILE, STATS  # noqa: E402
from omaha_learn.engine.chart_build import class_stats, top_up_stats  # noqa: E402
from omaha_learn.jobs import run_jobs  # noqa: E402

GAMES = ("hilo", "plo")
VIEWS = {"": 1, "6": 5}  # suffix -> opponents


def _one(item: tuple[str, str, int, int, int, float | None, int, int]) -> dict[str, float]:
    hand, game, opponents, trials, seed, target, max_trials, k = item
    return class_stats(hand, game, opponents=opponents, trials=trials, seed=seed,
                       target_se=target, max_trials=max_trials, index=k)


def _top_up(item: tuple[str, str, int, dict[str, float], float, int, int, int]) -> dict[str, float]:
    hand, game, k, old, target, max_trials, seed, opponents = item
    return top_up_stats(old, hand, game, opponents=opponents, seed=seed, index=k, target_se=target,
                        max_trials=max_trials)


def _same_settings(a: object, b: dict[str, object]) -> bool:
    """Settings that give the same deals (max_trials matters only with a target)."""
    if not isinstance(a, dict):
        return False
    ignore = set() if b.get("target_se") else {"max_trials"}
    return {k: v for k, v in a.items() if k not in ignore} == {k: v for k, v in b.items() if k not in ignore}


def _empty(n: int) -> dict[str, np.ndarray]:
    arrays: dict[str, np.ndarray] = {}
    for g in GAMES:
        for name in STATS:
            arrays[f"{g}_{name}"] = np.full(n, np.nan, dtype=np.float64)
            arrays[f"{g}_{name}_se"] = np.full(n, np.nan, dtype=np.float64)
        arrays[f"{g}_trials"] = np.zeros(n, dtype=np.int64)
        arrays[f"{g}_trials6"] = np.zeros(n, dtype=np.int64)
    return arrays


def _save(path: Path, arrays: dict[str, np.ndarray], meta: dict[str, object], *, final: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    out = dict(arrays)
    if final:  # compact: float32 rates, int32 trials
        out = {k: (v.astype(np.float32) if v.dtype == np.float64 else v.astype(np.int32)) for k, v in out.items()}
    np.savez_compressed(tmp, meta=np.array(json.dumps(meta)), hands=hand_classes().hands, **out)
    os.replace(tmp, path)


def _bar(done: int, total: int, started: float, label: str) -> None:
    elapsed = time.monotonic() - started
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else float("inf")
    pct = 100 * done / max(total, 1)
    eta_text = time.strftime("%H:%M:%S", time.gmtime(eta)) if eta != float("inf") else "?"
    sys.stderr.write(f"\r{label} [{'#' * int(pct // 4):<25}] {pct:5.1f}% {done:,}/{total:,} "
                     f"{rate:6.1f} classes/s, ETA {eta_text}   ")
    sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    p.add_argument("--trials", type=int, default=40_000, help="heads-up deals per class (first round)")
    p.add_argument("--target-se", type=float, default=0.0019,
                   help="add deals until the heads-up equity's standard error is at most this (0: no top-up)")
    p.add_argument("--max-trials", type=int, default=120_000, help="heads-up deals per class at most")
    p.add_argument("--trials6", type=int, default=10_000, help="six-handed deals per class")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run the classes on a Dask cluster (e.g. tcp://dask-scheduler:8786) instead of --jobs; "
                        "the same seeded numbers (pip install '.[scale]')")
    p.add_argument("--batch", type=int, default=64, help="classes per batch of jobs")
    p.add_argument("--limit", type=int, default=None, help="only the first N classes (tests, benchmarks)")
    p.add_argument("--out", type=Path, default=CHART_FILE)
    p.add_argument("--state", type=Path, default=ROOT / "build" / "starting_hands.partial.npz")
    p.add_argument("--save-every", type=float, default=60.0, help="seconds between checkpoints")
    p.add_argument("--top-up-to", type=float, default=None,
                   help="after the passes, add deals (a second seeded round) to every heads-up row whose standard "
                        "error is above this, up to --max-trials")
    p.add_argument("--top-up6-to", type=float, default=None,
                   help="the same for the six-handed equity, up to --max-trials6")
    p.add_argument("--max-trials6", type=int, default=20_000)
    p.add_argument("--merge", type=Path, nargs="+", default=[],
                   help="first take every finished row from these state files (same settings; parallel runs)")
    p.add_argument("--six-from", type=Path, default=None,
                   help="take the six-handed columns from another finished chart file (recorded in the output)")
    args = p.parse_args(argv)

    classes = hand_classes()
    n = len(classes.hands)
    todo_classes = range(n if args.limit is None else min(args.limit, n))
    settings = {"trials": args.trials, "target_se": args.target_se or None, "max_trials": args.max_trials,
                "trials6": args.trials6, "seed": args.seed}
    arrays = _empty(n)
    if args.state.is_file():
        with np.load(args.state, allow_pickle=False) as z:
            old = json.loads(str(z["meta"]))
            if not _same_settings(old.get("settings"), settings):
                print(f"build_chart: {args.state} was made with other settings {old.get('settings')}; "
                      f"delete it or use the same settings", file=sys.stderr)
                return 2
            for k in arrays:
                if k in z.files:
                    arrays[k] = z[k].astype(arrays[k].dtype)
        print(f"build_chart: resuming from {args.state}", file=sys.stderr)
    merged: list[dict[str, object]] = []
    for other_state in args.merge:
        with np.load(other_state, allow_pickle=False) as z:
            other_meta = json.loads(str(z["meta"]))
            merged.append({"file": other_state.name, **{k: other_meta.get(k) for k in
                                                        ("command", "started", "top_up", "top_up6", "engine")}})
            if not _same_settings(other_meta.get("settings"), settings):
                print(f"build_chart: {other_state} was made with other settings", file=sys.stderr)
                return 2
            for g in GAMES:
                for suffix in VIEWS:
                    done = z[f"{g}_trials{suffix}"] > 0
                    names = [f"{g}_trials{suffix}"] + [f"{g}_{n}{suffix}{e}" for n in ("equity", "scoop")
                                                       for e in ("", "_se")]
                    if not suffix:
                        names += [f"{g}_{n}{e}" for n in ("high", "low") for e in ("", "_se")]
                    for name in names:
                        arrays[name][done] = z[name][done]
        print(f"build_chart: merged the finished rows of {other_state}", file=sys.stderr)
    meta: dict[str, object] = {
        "command": "python scripts/build_chart.py " + shlex.join(argv if argv is not None else sys.argv[1:]),
        "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "settings": settings,
        "engine": f"omaha_learn {__version__} Monte Carlo (omaha_learn.engine.chart_build.simulate_counts)",
        "classes": n,
    }
    if merged:
        meta["merged_from"] = merged
    if args.state.is_file():  # earlier top-ups of this state stay on record
        with np.load(args.state, allow_pickle=False) as z:
            earlier = json.loads(str(z["meta"]))
        for key in ("top_up", "top_up6", "merged_from"):
            if key in earlier:
                meta.setdefault(key, earlier[key])
    stop = {"now": False}

    def interrupt(signum: int, frame: object) -> None:
        stop["now"] = True

    if args.jobs > 1:  # load the evaluation tables once here, so that forked workers inherit them
        class_stats("As Ah 2s 3h", "hilo", opponents=1, trials=100, seed=0)
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    last_save = time.monotonic()
    for suffix, opponents in VIEWS.items():  # heads-up for every game first, then six-handed
        for game in args.games:
            trials_key = f"{game}_trials{suffix}"
            todo = [k for k in todo_classes if arrays[trials_key][k] == 0]
            label = f"{game} {'heads-up' if not suffix else 'six-handed'}"
            started = time.monotonic()
            total = len(todo)
            batch = args.batch if not suffix else 4 * args.batch  # six-handed classes are quicker
            for start in range(0, total, batch):
                if stop["now"]:
                    break
                chunk = todo[start:start + batch]
                hu = not suffix
                items = [(format_cards(tuple(Card(int(c)) for c in classes.hands[k])), game, opponents,
                          args.trials if hu else args.trials6, args.seed,
                          (args.target_se or None) if hu else None, args.max_trials if hu else args.trials6, k)
                         for k in chunk]
                results = run_jobs(_one, items, jobs=args.jobs, kind="process", scheduler=args.scheduler)
                for k, s in zip(chunk, results, strict=True):
                    for name in ("equity", "scoop", "high", "low"):
                        if not hu and name in ("high", "low"):
                            continue
                        key = f"{game}_{name}{suffix}"
                        if key.endswith("_high6") or key.endswith("_low6"):
                            continue
                        arrays[key][k] = s[name]
                        arrays[key + "_se"][k] = s[name + "_se"]
                    arrays[trials_key][k] = int(s["trials"])
                _bar(min(start + batch, total), total, started, label)
                if time.monotonic() - last_save > args.save_every:
                    _save(args.state, arrays, meta, final=False)
                    last_save = time.monotonic()
            sys.stderr.write("\n")
            if stop["now"]:
                break
        if stop["now"]:
            break
    top_ups = [(s, o, t, m) for s, o, t, m in (("", 1, args.top_up_to, args.max_trials),
                                                ("6", 5, args.top_up6_to, args.max_trials6)) if t]
    for suffix, opponents, target, cap in top_ups:
        if stop["now"]:
            break
        first = args.trials if not suffix else args.trials6
        for game in args.games:
            base = arrays[f"{game}_trials{suffix}"]
            todo = [k for k in todo_classes if base[k] == first and arrays[f"{game}_equity{suffix}_se"][k] > target]
            started, total = time.monotonic(), len(todo)
            for start in range(0, total, args.batch):
                if stop["now"]:
                    break
                chunk = todo[start:start + args.batch]
                items = []
                for k in chunk:
                    old = {"trials": float(base[k])}
                    for name in ("equity", "scoop", "high", "low"):
                        key = f"{game}_{name}{suffix}"
                        old[name] = float(arrays[key][k]) if key in arrays else 0.0
                        old[name + "_se"] = float(arrays[key + "_se"][k]) if key in arrays else 0.0
                    hand = format_cards(tuple(Card(int(c)) for c in classes.hands[k]))
                    items.append((hand, game, k, old, target, cap, args.seed, opponents))
                for k, st in zip(chunk, run_jobs(_top_up, items, jobs=args.jobs, kind="process", scheduler=args.scheduler), strict=True):
                    for name in ("equity", "scoop", "high", "low"):
                        key = f"{game}_{name}{suffix}"
                        if key in arrays:
                            arrays[key][k] = st[name]
                            arrays[key + "_se"][k] = st[name + "_se"]
                    base[k] = int(st["trials"])
                view = "heads-up" if not suffix else "six-handed"
                _bar(min(start + args.batch, total), total, started, f"{game} {view} top-up to {target}")
                if time.monotonic() - last_save > args.save_every:
                    _save(args.state, arrays, meta, final=False)
                    last_save = time.monotonic()
            sys.stderr.write("\n")
        meta["top_up" if not suffix else "top_up6"] = {
            "target_se": target, "max_trials": cap,
            "seeds": "second round of each class (chart_build.class_seed round 1)"}
    if args.six_from is not None:
        with np.load(args.six_from, allow_pickle=False) as z:
            other = json.loads(str(z["meta"]))
            for g in args.games:
                for name in ("equity6", "scoop6"):
                    for suffix in ("", "_se"):
                        arrays[f"{g}_{name}{suffix}"] = z[f"{g}_{name}{suffix}"].astype(np.float64)
                arrays[f"{g}_trials6"] = z[f"{g}_trials6"].astype(np.int64)
        meta["six_handed_from"] = {"file": str(args.six_from.name), "command": other.get("command"),
                                   "finished": other.get("finished"), "settings": other.get("settings")}
    _save(args.state, arrays, meta, final=False)
    complete = all(int((arrays[f"{g}_trials{s}"][: len(todo_classes)] > 0).sum()) == len(todo_classes)
                   for g in args.games for s in VIEWS)
    if stop["now"] or not complete:
        print(f"build_chart: stopped; progress saved in {args.state}; run the same command to continue",
              file=sys.stderr)
        return 1
    meta["finished"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for g in args.games:
        hu = arrays[f"{g}_equity_se"][: len(todo_classes)]
        meta[f"{g}_max_equity_se"] = float(np.nanmax(hu))
        meta[f"{g}_mean_trials"] = float(arrays[f"{g}_trials"][: len(todo_classes)].mean())
    _save(args.out, arrays, meta, final=True)
    print(f"build_chart: wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)", file=sys.stderr)
    print(json.dumps(meta, indent=1), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
