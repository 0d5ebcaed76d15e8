"""The ``omaha-learn`` command: equity, best hands, showdowns, frequencies and grading.

    omaha-learn equity As2s3dKd KhKcQhQc --board 7s8dTh
    omaha-learn equity AsAhKsKh random --game high --trials 200000 --seed 1
    omaha-learn best AsKd7h2c --board "Kc 9c 6c 6h Qc"
    omaha-learn showdown As2s3dKd KhKcQhQc --board 7s8dTh2c5h --pot 100 --button 0
    omaha-learn frequencies --hand As2s3dKd --players 2 3 4 --trials 20000
    omaha-learn equity AsAh2s3h "AA**"      (a range: exact when small, else Monte Carlo)
    omaha-learn chart --game hilo --top 20  (the best 20% of starting hands; --hand to look one up)
    omaha-learn grade ...           (see omaha_learn.checks.grading)
    omaha-learn lessons             (JupyterLab on the start page of the lessons)

>>> main(["equity", "AsAh2s3h", "KdKcQdJc", "--board", "4c7d9s", "--quiet"])   # doctest: +ELLIPSIS
Omaha Hi-Lo 8 or better, board 4c 7d 9s: 820 boards (exact)
...
0
>>> main(["equity", "AsAh2s3h", "--board", "4c7d9s"])     # the message goes to stderr
2
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main"]

_RANDOM = {"random", "?", "none", "x"}


def _qualifier(text: str) -> int | None:
    if text.lower() in ("none", "no", "0"):
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a qualifier (8, 9 or none)") from None


def _game(text: str) -> str:
    from omaha_learn.engine.games import Game
    from omaha_learn.errors import GameError

    try:
        return "hilo" if Game.parse(text) is Game.HILO else "high"
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="omaha-learn", description="Learn Omaha: equity, best hands, showdowns.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    e = sub.add_parser("equity", help="exact (or Monte Carlo) equity, scoop and split rates")
    e.add_argument("holes", nargs="+", metavar="HAND", help="4 (or 5) hole cards per player; 'random' for a random hand")
    e.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    e.add_argument("--dead", default="", help="cards out of the deck")
    e.add_argument("--game", type=_game, default="hilo", help="plo (also high) or hilo (also o8, omaha8)")
    e.add_argument("--qualifier", type=_qualifier, default=8, help="low qualifier: 8 (default), 9 or none (R12)")
    e.add_argument("--trials", type=int, default=None, help="Monte Carlo deals (default: exact enumeration)")
    e.add_argument("--seed", type=int, default=None, help="Monte Carlo seed")
    e.add_argument("--quiet", action="store_true", help="no progress bar")

    b = sub.add_parser("best", help="best high and low hand, every two-plus-three choice explained")
    b.add_argument("hole", help="4 (or 5) hole cards")
    b.add_argument("--board", required=True, help="3, 4 or 5 board cards")
    b.add_argument("--qualifier", type=_qualifier, default=8)
    b.add_argument("--all", action="store_true", help="list every choice, not only the best")

    s = sub.add_parser("showdown", help="who wins a pot and how much each (halves, ties, odd chips)")
    s.add_argument("holes", nargs="+", metavar="HAND", help="hole cards per seat; 'fold' for a folded seat")
    s.add_argument("--board", required=True)
    s.add_argument("--pot", type=int, default=None, help="chips each seat put in (default 100 each)")
    s.add_argument("--contributions", type=int, nargs="+", default=None, help="chips per seat")
    s.add_argument("--button", type=int, default=0)
    s.add_argument("--game", type=_game, default="hilo", help="plo (also high) or hilo (also o8, omaha8)")
    s.add_argument("--qualifier", type=_qualifier, default=8)

    f = sub.add_parser("frequencies", help="scoop, split, quartered and no-low rates by table size")
    f.add_argument("--hand", default=None, help="a starting hand against random hands")
    f.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    f.add_argument("--trials", type=int, default=20_000)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--game", type=_game, default="hilo", help="plo (also high) or hilo (also o8, omaha8)")

    c = sub.add_parser("chart", help="the starting-hand chart: the best hands, or one hand's rank")
    c.add_argument("--game", type=_game, default="hilo", help="plo (also high) or hilo (also o8, omaha8)")
    c.add_argument("--top", type=float, default=None, help="the best PERCENT of all hands (e.g. 20)")
    c.add_argument("--hand", default=None, help="look up one hand's class, rank and equities")
    c.add_argument("--six", action="store_true", help="rank by six-handed equity")
    c.add_argument("--rows", type=int, default=25, help="rows to print (0: all)")

    sub.add_parser("grade", help="grade exercise notebooks (omaha_learn.checks.grading)", add_help=False)

    les = sub.add_parser("lessons", help="open the lessons in JupyterLab (start page notebooks/00_start.ipynb)")
    les.add_argument("--port", type=int, default=None, help="port for JupyterLab (default: its own choice)")
    les.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    les.add_argument("--dry-run", action="store_true", help="print the JupyterLab command instead of running it")
    return p


def _equity(args: argparse.Namespace) -> int:
    from omaha_learn.engine.equity.api import equity
    from omaha_learn.engine.equity.ranges import has_range
    from omaha_learn.errors import EquityError

    holes = [None if h.lower() in _RANDOM else h for h in args.holes]
    long_run = (args.trials or 0) >= 200_000 or (args.trials is None and not args.board)
    progress = long_run and not args.quiet
    trials, seed = args.trials, args.seed
    try:
        r = equity(holes, args.board, args.dead, game=args.game, qualifier=args.qualifier,
                   trials=trials, seed=seed, progress=progress and not has_range(holes))
    except EquityError as exc:
        if trials is not None or not has_range(holes) or "trials=N" not in str(exc):
            raise
        trials, seed = 100_000, 1 if seed is None else seed  # a range too large to enumerate
        print(f"(too much work to enumerate exactly; Monte Carlo with {trials:,} deals, seed {seed})")
        r = equity(holes, args.board, args.dead, game=args.game, qualifier=args.qualifier,
                   trials=trials, seed=seed, progress=False)
    print(r)
    return 0


def _chart(args: argparse.Namespace) -> int:
    from omaha_learn.engine.chart import starting_hands

    chart = starting_hands(args.game)
    rows = None if args.rows == 0 else args.rows
    if args.hand:
        row = chart.lookup(args.hand)
        print(row)
        if row.game == "hilo":
            print(f"high share {100 * row.high:.2f}%, low share {100 * row.low:.2f}%, scoop {100 * row.scoop:.2f}%")
        return 0
    if args.top is not None:
        if not 0 < args.top <= 100:
            print(f"omaha-learn: error: --top: a percentage of all hands between 0 and 100, got {args.top:g}",
                  file=sys.stderr)
            return 2
        chart = chart.top(args.top / 100, six_handed=args.six)
    elif args.six:
        chart = chart.top(1.0, six_handed=True)
    print(chart.table(rows))
    return 0


def _best(args: argparse.Namespace) -> int:
    from omaha_learn.engine.evaluation.explanation import explain

    e = explain(args.hole, args.board, args.qualifier)
    print(e.summary() if args.all else e.summary(limit=5))
    return 0


def _showdown(args: argparse.Namespace) -> int:
    from omaha_learn.engine.showdown import showdown

    holes = [None if h.lower() in ("fold", "folded", "-") else h for h in args.holes]
    contributions = args.contributions or [args.pot or 100] * len(holes)
    r = showdown(holes, args.board, contributions, button=args.button, game=args.game, qualifier=args.qualifier)
    print(r.summary() if hasattr(r, "summary") else r)
    return 0


def _frequencies(args: argparse.Namespace) -> int:
    from omaha_learn.engine.equity.frequencies import frequencies

    print(frequencies(args.players, args.hand, trials=args.trials, seed=args.seed, game=args.game))
    return 0


def project_root() -> Path | None:
    """The checkout that holds ``notebooks/`` (an editable install), or None."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "notebooks" / "00_start.ipynb").is_file() else None


def _lessons(args: argparse.Namespace) -> int:
    root = project_root()
    if root is None:
        print("omaha-learn: error: the lessons live in the project's notebooks/ folder; "
              "install from a clone with `pip install -e .`", file=sys.stderr)
        return 2
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}", "notebooks/00_start.ipynb"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, classroom VMs)
    if args.port is not None:
        cmd.append(f"--port={args.port}")
    if args.no_browser:
        cmd.append("--no-browser")
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    return subprocess.call(cmd, cwd=root)


def _grade(argv: list[str]) -> int:
    try:
        grading = importlib.import_module("omaha_learn.checks.grading")
    except ImportError as exc:
        print(f"omaha-learn: error: grading is not available ({exc})", file=sys.stderr)
        return 2
    fn = getattr(grading, "main", None)
    if fn is None:
        print("omaha-learn: error: omaha_learn.checks.grading has no main()", file=sys.stderr)
        return 2
    return int(fn(argv) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``omaha-learn`` command; returns the exit status (2 on bad input)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "grade":
        return _grade(args_list[1:])
    parser = _parser()
    args = parser.parse_args(args_list)
    handlers = {"equity": _equity, "best": _best, "showdown": _showdown, "frequencies": _frequencies,
                "lessons": _lessons, "chart": _chart}
    if args.command not in handlers:
        parser.print_help()
        return 2
    try:
        return handlers[args.command](args)
    except ValueError as exc:  # CardError, EquityError, ShowdownError ...: say what was wrong, no traceback
        print(f"omaha-learn: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
