"""The ``omaha-learn`` command: equity, best hands, showdowns, frequencies, grading and nbgrader export.

    omaha-learn equity As2s3dKd KhKcQhQc --board 7s8dTh
    omaha-learn equity AsAhKsKh random --game high --trials 200000 --seed 1
    omaha-learn best AsKd7h2c --board "Kc 9c 6c 6h Qc"
    omaha-learn outs JcTd9h2s --board 8s7dKc --game plo   (every next card: nut high, low, draws)
    omaha-learn showdown As2s3dKd KhKcQhQc --board 7s8dTh2c5h --each 100 --button 0
    omaha-learn frequencies --hand As2s3dKd --players 2 3 4 --trials 20000
    omaha-learn frequencies --trials 2000000 --jobs 4            (or --scheduler tcp://host:8786)
    omaha-learn equity AsAh2s3h "AA**"      (a range: exact when small, else Monte Carlo)
    omaha-learn chart --game hilo --top 20  (the best 20% of starting hands; --hand to look one up)
    omaha-learn grade ...           (see omaha_learn.grading.grader)
    omaha-learn export-nbgrader course/   (the exercises as an nbgrader course source)
    omaha-learn lessons             (JupyterLab on the start page of the lessons)

Bad input is one line on stderr naming the bad part, status 2; Ctrl-C stops
quietly with status 130.

>>> main(["equity", "AsAh2s3h", "KdKcQdJc", "--board", "4c7d9s", "--quiet"])   # doctest: +ELLIPSIS
Omaha Hi-Lo 8 or better, board 4c 7d 9s: 820 boards (exact)
...
0
>>> main(["equity", "AsAh2s3h", "--board", "4c7d9s"])     # the message goes to stderr
2
"""

from __future__ import annotations

import argparse
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from omaha_learn.games import DEFAULT_GAME, Game
from omaha_learn.i18n import (
    N_,
    LanguageError,
    chips,
    format_number,
    get_language,
    language,
    language_code,
    ngettext,
    pgettext,
)
from omaha_learn.i18n import gettext as _

__all__ = ["main", "project_root", "learner_root", "start_url"]

_RANDOM = {"random", "?", "none", "x"}
START_PAGE = "notebooks/00_start.ipynb"
LESSON_LANGUAGES = ("ru", "et")
"""The languages the lessons 0-9 and exercises 1-6 are translated into (``notebooks/<lang>/``, ``exercises/<lang>/``)."""
JUPYTERLAB_LOCALES = {"ru": "ru_RU", "et": "et_EE"}
"""JupyterLab's locale for each lesson language (its language pack's module is ``jupyterlab_language_pack_<locale>``)."""
HIDE_GLOBS = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "*.so", "*.dylib", "solutions"]
"""JupyterLab's default hidden names, and the teachers' keys, when the checkout itself is served."""


def _qualifier(text: str) -> int | None:
    """8, 9 or none (R8, R12): nothing else."""
    if text.strip().lower() in ("none", "no"):
        return None
    if text.strip() in ("8", "9"):
        return int(text)
    raise argparse.ArgumentTypeError(_("{value} is not a qualifier: use 8, 9 or none (R8, R12)").format(value=repr(text)))


def _positive(what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{option}: {value} is not a whole number").format(
                option=what, value=repr(text))) from None
        if n <= 0:
            raise argparse.ArgumentTypeError(_("{option}: {value} must be at least 1").format(option=what, value=n))
        return n
    parse.__name__ = what
    return parse


def _seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a seed: use a whole number from 0 to 2**32 - 1").format(
            value=repr(text))) from None
    if not 0 <= n < 2**32:
        raise argparse.ArgumentTypeError(_("{value} is not a seed: use a whole number from 0 to 2**32 - 1").format(
            value=n))
    return n


def _hole_size(text: str) -> int:
    if text.strip() in ("4", "5"):
        return int(text)
    raise argparse.ArgumentTypeError(_("{value}: hole cards are 4 (Omaha) or 5 (five-card Omaha)").format(
        value=repr(text)))


def _games_help() -> str:
    """``--game``'s help: every game's code and name, the default named."""
    return ", ".join(_("{code} ({name}, the default)").format(code=g.value, name=pgettext("game", g.short_name))
                     if g is DEFAULT_GAME else f"{g.value} ({pgettext('game', g.short_name)})" for g in Game)


def _game_names() -> None:  # pragma: no cover - never called: Babel finds the games' short names here
    pgettext("game", "Omaha")
    pgettext("game", "Omaha Hi-Lo 8")
    pgettext("game", "five-card Omaha")
    pgettext("game", "Big O")


def _holes_help() -> str:
    return _("the game's (4; 5 in plo5 and bigo); 5 with a four-card game plays its five-card version")


def _played(args: argparse.Namespace) -> Game:
    """The game a command plays: ``--game``, with ``--hole-cards`` (if given) picking its four- or five-card version."""
    game: Game = args.game
    return game if args.hole_cards is None else game.with_hole_cards(args.hole_cards)


def _game(text: str) -> Game:
    from omaha_learn.errors import GameError

    try:
        return Game.parse(text)
    except GameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="omaha-learn", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_("Learn and teach Omaha (Pot-Limit Omaha and Omaha Hi-Lo): the lessons in JupyterLab, a practice "
                    "table with a coach, and the tools behind them: equity, best hands, outs, showdowns, hand "
                    "frequencies, the starting-hand chart, and grading of the exercise notebooks."),
        epilog=_("examples:") + "\n" + _(
               "  omaha-learn lessons                          open the lessons in JupyterLab\n"
               "  omaha-learn play --seed 7                    play at a practice table (q quits)\n"
               "  omaha-learn equity AsAh2s3h KdKcQdJc --board 4c7d9s\n"
               "  omaha-learn best AsKd7h2c --board \"Kc 9c 6c 6h Qc\"\n"
               "\n'omaha-learn COMMAND --help' says what a command does, with an example."))
    p.add_argument("--language", default=argparse.SUPPRESS, metavar="LANG",
                   help=_("the language of the command's text: en, ru or et (default: OMAHA_LEARN_LANG, then the "
                          "locale, then English)"))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def cmd(name: str, summary: str, example: str, extra: str = "") -> Any:
        """A subcommand whose --help says what it does (``summary``), then an example, then ``extra``."""
        return sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".",
                              epilog=_("example:") + f"\n  {example}" + (f"\n\n{extra}" if extra else ""),
                              formatter_class=argparse.RawDescriptionHelpFormatter)

    e = cmd("equity", _("exact (or Monte Carlo) equity, scoop and split rates of hands or ranges on a board"),
            "omaha-learn equity AsAh2s3h KdKcQdJc --board 4c7d9s")
    e.add_argument("holes", nargs="+", metavar="HAND", help=_("the game's hole cards per player (5 in plo5 and bigo); "
                   "'random' for a random hand"))
    e.add_argument("--board", default="", help=_("0, 3, 4 or 5 board cards"))
    e.add_argument("--dead", default="", help=_("cards out of the deck"))
    e.add_argument("--game", type=_game, default=DEFAULT_GAME.value, help=_games_help())
    e.add_argument("--qualifier", type=_qualifier, default=8, help=_("low qualifier: 8 (default), 9 or none (R12)"))
    e.add_argument("--hole-cards", type=_hole_size, default=None, help=_holes_help())
    e.add_argument("--trials", type=_positive("--trials"), default=None,
                   help=_("Monte Carlo deals (default: exact enumeration)"))
    e.add_argument("--seed", type=_seed, default=None, help=_("Monte Carlo seed (0 to 2**32 - 1)"))
    e.add_argument("--quiet", action="store_true", help=_("no progress bar"))

    b = cmd("best", _("best high and low hand of a hand on a board, every two-plus-three choice explained (R2)"),
            'omaha-learn best AsKd7h2c --board "Kc 9c 6c 6h Qc"')
    b.add_argument("hole", metavar="HAND", help=_("the game's hole cards (4; 5 in plo5 and bigo)"))
    b.add_argument("--board", required=True, help=_("3, 4 or 5 board cards"))
    b.add_argument("--game", type=_game, default=DEFAULT_GAME.value, help=_games_help())
    b.add_argument("--hole-cards", type=_hole_size, default=None, help=_holes_help())
    b.add_argument("--qualifier", type=_qualifier, default=8, help=_("low qualifier: 8 (default), 9 or none (R12)"))
    b.add_argument("--all", action="store_true", help=_("list every choice, not only the best"))

    o = cmd("outs", _("outs on a flop or turn: what each next card makes, the nuts, the draws"),
            "omaha-learn outs JcTd9h2s --board 8s7dKc --game plo")
    o.add_argument("hole", metavar="HAND", help=_("the game's hole cards (4; 5 in plo5 and bigo)"))
    o.add_argument("--board", required=True, help=_("3 or 4 board cards"))
    o.add_argument("--dead", default="", help=_("cards known to be out (never come next)"))
    o.add_argument("--game", type=_game, default=DEFAULT_GAME.value, help=_games_help())
    o.add_argument("--qualifier", type=_qualifier, default=8, help=_("low qualifier: 8 (default), 9 or none (R12)"))

    s = cmd("showdown", _("who wins a pot and how much each gets (halves, ties, odd chips, side pots)"),
            "omaha-learn showdown As2s3dKd KhKcQhQc --board 7s8dTh2c5h --each 100 --button 0")
    s.add_argument("holes", nargs="+", metavar="HAND", help=_("hole cards per seat; 'fold' for a folded seat"))
    s.add_argument("--board", required=True, help=_("the 5 board cards"))
    chips = s.add_mutually_exclusive_group()
    chips.add_argument("--each", type=_positive("--each"), default=None,
                       help=_("chips each seat put in (default 100 each)"))
    chips.add_argument("--pot", type=_positive("--pot"), default=None,
                       help=_("the whole pot, put in equally by every seat"))
    chips.add_argument("--contributions", type=int, nargs="+", default=None, help=_("chips per seat"))
    s.add_argument("--button", type=int, default=0, help=_("the button's seat (default 0); it sets the show order"))
    s.add_argument("--game", type=_game, default=DEFAULT_GAME.value, help=_games_help())
    s.add_argument("--hole-cards", type=_hole_size, default=None, help=_holes_help())
    s.add_argument("--qualifier", type=_qualifier, default=8, help=_("low qualifier: 8 (default), 9 or none (R12)"))

    f = cmd("frequencies", _("how often pots are scooped, split, quartered or have no low, by table size"),
            "omaha-learn frequencies --hand As2s3dKd --players 2 3 4 --trials 20000")
    f.add_argument("--hand", default=None, help=_("a starting hand against random hands"))
    f.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6], help=_("table sizes (default 2 to 6)"))
    f.add_argument("--trials", type=_positive("--trials"), default=20_000, help=_("deals per table size (default 20000)"))
    f.add_argument("--seed", type=_seed, default=0, help=_("seed (default 0: the same numbers every run)"))
    f.add_argument("--game", type=_game, default=DEFAULT_GAME.value, help=_games_help())
    f.add_argument("--jobs", type=_positive("--jobs"), default=None, metavar="N",
                   help=_("split the study into seeded chunks run on N local workers (same numbers for any N)"))
    f.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help=_("run the chunks on a Dask cluster, e.g. tcp://scheduler:8786 (pip install '.[scale]')"))

    c = cmd("chart", _("the starting-hand chart: the best hands, or one hand's rank and equities"),
            "omaha-learn chart --game plo --hand \"As Ah Ks Kh\" --six")
    c.add_argument("--game", type=_game, default=DEFAULT_GAME.value, help=_games_help())
    c.add_argument("--top", type=float, default=None, help=_("the best PERCENT of all hands (e.g. 20)"))
    c.add_argument("--hand", default=None, help=_("look up one hand's class, rank and equities"))
    c.add_argument("--six", action="store_true", help=_("rank by six-handed equity"))
    c.add_argument("--rows", type=int, default=25, help=_("rows to print (0: all)"))

    _grade_parser(sub)

    nbg = cmd("export-nbgrader", _("write the exercises as an nbgrader course source (source/<exercise>/)"),
              "omaha-learn export-nbgrader course/")
    nbg.add_argument("dir", type=Path, metavar="DIR", help=_("the nbgrader course folder to write into"))
    nbg.add_argument("--keys", type=Path, default=None,
                     help=_("folder of teacher keys (default: exercises/solutions here, else of the checkout)"))

    pl = cmd("play", _("play Omaha at a practice table in the terminal against scripted opponents, with the coach "
             "on request and a review after each hand"), "omaha-learn play --game plo --seed 7 --hands 5",
             _("in-game commands (type one, then Enter):") + "\n" + _play_keys())
    pl.add_argument("--game", type=_game, default="plo", help=_("plo (default) or hilo"))
    pl.add_argument("--seats", type=int, default=6, help=_("3 to 6 seats (you are seat 0)"))
    pl.add_argument("--stack", type=_positive("--stack"), default=100, help=_("chips each (default 100)"))
    pl.add_argument("--seed", type=_seed, default=None, help=_("seed for a table that replays identically"))
    pl.add_argument("--hands", type=_positive("--hands"), default=None, help=_("stop after this many hands"))
    pl.add_argument("--coach", action="store_true", help=_("show the coach's advice at every decision"))

    les = cmd("lessons", _("open the lessons in JupyterLab (start page notebooks/00_start.ipynb)"),
              "omaha-learn lessons --no-browser")
    les.add_argument("--port", type=_positive("--port"), default=None, help=_("port for JupyterLab (default: a free one)"))
    les.add_argument("--ip", default="127.0.0.1", help=_("address to serve on (default 127.0.0.1)"))
    les.add_argument("--no-browser", action="store_true", help=_("only print the start page's URL"))
    les.add_argument("--dry-run", action="store_true", help=_("print the JupyterLab command instead of running it"))
    les.add_argument("--print-path", action="store_true", help=_("prepare the learners' folder, print its start page's file and exit (no server)"))
    les.add_argument("--language", choices=("en", *LESSON_LANGUAGES), default=argparse.SUPPRESS,
                     help=_("open the lessons in English, Russian (ru) or Estonian (et) (default: the language in use, "
                            "if the lessons exist in it, else English); JupyterLab's menus too when its language pack "
                            "is installed (pip install \"omaha_learn[ru]\" or [et])"))
    return p


def _equity(args: argparse.Namespace) -> int:
    from omaha_learn.engine.equity.range_equity import has_range
    from omaha_learn.engine.hole_cards import HOLE_CARD_CHOICES, hole_cards
    from omaha_learn.errors import ExactTooLarge
    from omaha_learn.strategy.range_equity import equity, read_ranges
    from omaha_learn.strategy.ranges import is_range_text

    holes = read_ranges([None if h.lower() in _RANDOM else h if is_range_text(h)
                         else hole_cards(h, size=_played(args).hole_cards, what=_("hand {n}").format(n=i + 1))
                         for i, h in enumerate(args.holes)], _played(args))
    long_run = (args.trials or 0) >= 200_000 or (args.trials is None and not args.board)
    progress = long_run and not args.quiet
    trials, seed = args.trials, args.seed
    try:
        r = equity(holes, args.board, args.dead, game=_played(args), qualifier=args.qualifier,
                   trials=trials, seed=seed, progress=progress and not has_range(holes))
    except ExactTooLarge as exc:
        if trials is not None:
            raise
        trials, seed = exc.suggested_trials, 1 if seed is None else seed  # a range too large to enumerate
        print(_("(too much work to enumerate exactly; Monte Carlo with {trials} deals, seed {seed})").format(
            trials=format_number(trials), seed=seed))
        r = equity(holes, args.board, args.dead, game=_played(args), qualifier=args.qualifier,
                   trials=trials, seed=seed, progress=False)
    if _played(args).hole_cards != 4:
        print(HOLE_CARD_CHOICES[_played(args).hole_cards])
    print(r)
    return 0


def _chart(args: argparse.Namespace) -> int:
    from omaha_learn.strategy.chart import starting_hands

    chart = starting_hands(args.game)
    rows = None if args.rows == 0 else args.rows
    if args.hand:
        row = chart.lookup(args.hand)
        print(row)
        if Game.parse(row.game).has_low:
            print(_("high share {high}%, low share {low}%, scoop {scoop}%").format(
                high=format_number(100 * row.high, 2), low=format_number(100 * row.low, 2),
                scoop=format_number(100 * row.scoop, 2)))
        return 0
    if args.top is not None:
        if not 0 < args.top <= 100:
            print(_("omaha-learn: error: --top: a percentage of all hands between 0 and 100, got {value}").format(
                value=f"{args.top:g}"), file=sys.stderr)
            return 2
        chart = chart.top(args.top / 100, six_handed=args.six)
    elif args.six:
        chart = chart.top(1.0, six_handed=True)
    print(chart.table(rows))
    return 0


def _best(args: argparse.Namespace) -> int:
    from omaha_learn.engine.evaluation.explanation import explain
    from omaha_learn.engine.hole_cards import HOLE_CARD_CHOICES, hole_cards

    game = _played(args)
    e = explain(hole_cards(args.hole, size=game.hole_cards), args.board, args.qualifier)
    if game.hole_cards != 4:
        print(HOLE_CARD_CHOICES[game.hole_cards] + ": " + ngettext(
            "{n} choice of two hole cards and three board cards", "{n} choices of two hole cards and three board cards",
            len(e.choices)).format(n=len(e.choices)))
    print(e.summary() if args.all else e.summary(limit=5))
    return 0


def _outs(args: argparse.Namespace) -> int:
    from omaha_learn.strategy.outs import outs

    print(outs(args.hole, args.board, args.game, dead=args.dead, qualifier=args.qualifier).summary())
    return 0


def _showdown(args: argparse.Namespace) -> int:
    from omaha_learn.engine.hole_cards import HOLE_CARD_CHOICES, hole_cards
    from omaha_learn.engine.showdown import showdown
    from omaha_learn.errors import PotError

    holes = [None if h.lower() in ("fold", "folded", "-") else hole_cards(h, size=_played(args).hole_cards,
                                                                           what=_("seat {seat}").format(seat=i))
             for i, h in enumerate(args.holes)]
    n = len(holes)
    if args.pot is not None:
        if args.pot % n:
            raise PotError(_("--pot {pot} cannot be put in equally by {n} seats: use --each or --contributions").format(
                pot=args.pot, n=n))
        contributions = [args.pot // n] * n
    elif args.contributions is not None:
        contributions = args.contributions
    else:
        contributions = [args.each or 100] * n
    r = showdown(holes, args.board, contributions, button=args.button, game=_played(args), qualifier=args.qualifier)
    if _played(args).hole_cards != 4:
        print(HOLE_CARD_CHOICES[_played(args).hole_cards])
    print(r.summary() if hasattr(r, "summary") else r)
    return 0


def _frequencies(args: argparse.Namespace) -> int:
    if args.jobs is not None or args.scheduler is not None:
        # chunked: identical numbers one after another, on N workers or on a cluster
        from omaha_learn.engine.equity.study_jobs import frequencies_study

        print(frequencies_study(args.players, args.hand, trials=args.trials, seed=args.seed, game=args.game,
                                jobs=args.jobs, scheduler=args.scheduler))
        return 0
    from omaha_learn.engine.equity.frequencies import frequencies

    print(frequencies(args.players, args.hand, trials=args.trials, seed=args.seed, game=args.game))
    return 0


def project_root() -> Path | None:
    """The folder that holds the lessons (:func:`omaha_learn.resources.lessons_root`: a checkout's, or
    the installed wheel's package data), or None."""
    from omaha_learn.resources import LessonsMissing, lessons_root

    try:
        return lessons_root()
    except LessonsMissing:
        return None


def _cache_dir() -> Path:
    env = os.environ.get("OMAHA_LEARN_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "omaha_learn"


def learner_root(root: Path, where: Path | None = None) -> Path:
    """A folder to serve to learners: the lessons, the rules and the exercises'
    learner copies, linked from the checkout, without ``exercises/solutions/``
    (the teacher's keys). Saving a notebook saves the checkout's file.

    Built (again) under ``where`` (default: the cache folder).
    """
    base = (where or _cache_dir()) / "lessons"
    base.mkdir(parents=True, exist_ok=True)
    from omaha_learn.resources import shipped_in_package

    if shipped_in_package():   # read-only package data: the learner works on copies (made once, kept)
        return _learner_copies(root, base)
    for name in ("notebooks", "docs"):
        link = base / name
        if link.is_symlink() or link.exists():
            if link.is_symlink() and link.resolve() == (root / name).resolve():
                continue
            if link.is_symlink():
                link.unlink()
        link.symlink_to(root / name, target_is_directory=True)
    for sub in ("", *LESSON_LANGUAGES):   # the English learner copies, then the Russian and Estonian ones
        source, exercises = root / "exercises" / sub, base / "exercises" / sub
        if not source.is_dir():
            continue
        exercises.mkdir(exist_ok=True)
        for old in exercises.iterdir():  # keep the links in step with the checkout
            if old.is_symlink():
                old.unlink()
        for item in sorted(source.iterdir()):
            if item.is_file() and item.suffix in (".ipynb", ".md"):
                (exercises / item.name).symlink_to(item)
    return base


def _learner_copies(root: Path, base: Path) -> Path:
    """Copies of the installed lessons under ``base`` (the keys left out); a learner's saved file is kept."""
    translated = [f"{folder}/{lang}" for folder in ("notebooks", "exercises") for lang in LESSON_LANGUAGES]
    for name in ("notebooks", "docs", "exercises", *translated):
        if not (root / name).is_dir():
            continue
        for item in sorted((root / name).iterdir()):
            if item.is_file() and item.suffix in (".ipynb", ".md"):
                target = base / name / item.name
                if not target.exists():
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(item, target)
    return base


def start_page(language: str = "en") -> str:
    """The lessons' start page in ``language`` (English, or the Russian or Estonian lessons' own).

    >>> start_page(), start_page("ru")
    ('notebooks/00_start.ipynb', 'notebooks/ru/00_start.ipynb')
    """
    return START_PAGE if language == "en" else f"notebooks/{language}/00_start.ipynb"


def start_url(ip: str, port: int, token: str, language: str = "en") -> str:
    """The start page's URL, token included: JupyterLab's simple interface (``/doc``), one lesson at a time and
    nothing beside it. In its usual layout (``/lab``) a fresh JupyterLab opens its file browser beside the lesson,
    and a phone-width window (390 px) kept 250 px for the file browser and left the lesson about 70 px.

    >>> start_url("127.0.0.1", 8899, "abc")
    'http://127.0.0.1:8899/doc/tree/notebooks/00_start.ipynb?token=abc'
    >>> start_url("127.0.0.1", 8899, "abc", "et")
    'http://127.0.0.1:8899/doc/tree/notebooks/et/00_start.ipynb?token=abc'
    """
    return f"http://{ip}:{port}/doc/tree/{start_page(language)}?token={token}"


def jupyterlab_settings(language: str) -> tuple[dict[str, str], str | None]:
    """Environment for JupyterLab in ``language``, and a note when its language pack is missing.

    JupyterLab's own menus come from its language pack (``jupyterlab-language-pack-ru-RU``,
    ``-et-EE``: ``pip install "omaha_learn[ru]"`` or ``[et]``). With the pack installed the server
    gets a settings folder of its own (in the cache folder) choosing that locale; without it the
    menus stay English and the note says how to get them.
    """
    if language == "en":
        return {}, None
    import importlib.util

    locale = JUPYTERLAB_LOCALES[language]
    if importlib.util.find_spec(f"jupyterlab_language_pack_{locale}") is None:
        return {}, _("JupyterLab's own menus stay in English: its {language} language pack is not installed "
                     "(pip install \"omaha_learn[{language}]\").").format(language=language)
    settings = _cache_dir() / f"jupyterlab-settings-{language}"
    plugin = settings / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    plugin.parent.mkdir(parents=True, exist_ok=True)
    plugin.write_text(f'{{"locale": "{locale}"}}\n', encoding="utf-8")
    return {"JUPYTERLAB_SETTINGS_DIR": str(settings)}, None


LESSONS_DEFAULTS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"}}
"""JupyterLab settings whose *defaults* ``omaha-learn lessons`` changes (the learner's own settings still win):
no question about fetching Jupyter's news from the web, a box that covered a fifth of a phone-width lesson."""


def lessons_config(folder: Path, environ: dict[str, str] | None = None) -> dict[str, str]:
    """Write :data:`LESSONS_DEFAULTS` as a Jupyter configuration folder of the lessons' own (``folder``, where
    JupyterLab reads ``labconfig/default_setting_overrides.json``) and return the environment that adds it in
    front of ``JUPYTER_CONFIG_PATH``: the learner's own Jupyter configuration and JupyterLab settings are kept.

    >>> import json, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> env = lessons_config(folder, {"JUPYTER_CONFIG_PATH": "/etc/mine"})
    >>> env["JUPYTER_CONFIG_PATH"] == f"{folder}{os.pathsep}/etc/mine"
    True
    >>> json.loads((folder / "labconfig" / "default_setting_overrides.json").read_text()) == LESSONS_DEFAULTS
    True
    """
    import json

    labconfig = folder / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "default_setting_overrides.json").write_text(json.dumps(LESSONS_DEFAULTS, indent=1) + "\n",
                                                              encoding="utf-8")
    theirs = (os.environ if environ is None else environ).get("JUPYTER_CONFIG_PATH")
    return {"JUPYTER_CONFIG_PATH": os.pathsep.join([str(folder), *([theirs] if theirs else [])])}


def _free_port(ip: str) -> int:
    with socket.socket() as s:
        s.bind((ip, 0))
        return int(s.getsockname()[1])


def _open_when_up(url: str, ip: str, port: int, proc: subprocess.Popen[bytes]) -> None:
    for _attempt in range(600):
        if proc.poll() is not None:
            return
        try:
            with socket.create_connection((ip, port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.1)
    try:
        opened = webbrowser.get() is not None and webbrowser.open(url)
    except webbrowser.Error:
        opened = False
    if not opened:
        print(_("No web browser found here: open the URL above in a browser (with an SSH tunnel if this is a "
                "remote server)."), flush=True)


def _lessons(args: argparse.Namespace) -> int:
    root = project_root()
    if root is None:
        print(_("omaha-learn: error: the lessons are not installed (neither the package data nor a checkout's "
                "notebooks/ folder was found); pip install \"omaha_learn[lessons]\""), file=sys.stderr)
        return 2
    language = getattr(args, "language", None) or (get_language() if get_language() in LESSON_LANGUAGES else "en")
    if args.print_path:   # the start page as learners get it (links into a clone, copies from a wheel)
        print(learner_root(root) / start_page(language))
        return 0
    if not args.dry_run:
        from omaha_learn.extras import require

        require("jupyterlab", extra="lessons", what="omaha-learn lessons")
    hide: list[str] = []
    try:
        serve = learner_root(root) if not args.dry_run else _cache_dir() / "lessons"
    except OSError:  # no symbolic links here (some Windows setups): serve the checkout, keys hidden from listings
        serve, hide = root, [f"--ContentsManager.hide_globs={HIDE_GLOBS!r}"]
    port = args.port or (8888 if args.dry_run else _free_port(args.ip))
    token = "TOKEN" if args.dry_run else secrets.token_hex(24)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.root_dir={serve}", *hide,
           f"--ServerApp.ip={args.ip}", f"--port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={token}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, classroom VMs)
    url = start_url(args.ip, port, token, language)
    env, note = jupyterlab_settings(language) if not args.dry_run else ({}, None)
    if args.dry_run:
        print(" ".join(cmd))
        print(url)
        return 0
    if note:
        print(note, flush=True)
    print(_("The lessons (stop with Ctrl-C):") + f"\n\n    {url}\n", flush=True)
    print(_("One lesson at a time: the Tabs menu goes back to a lesson you opened; View > Appearance > Simple "
            "Interface (Ctrl+Shift+D) shows the file browser and the tabs.") + "\n", flush=True)
    try:
        env = {**env, **lessons_config(_cache_dir() / "jupyter-config")}
    except OSError:   # a home folder that cannot be written: JupyterLab's own defaults (it asks about the news)
        pass
    proc = subprocess.Popen(cmd, cwd=serve, env={**os.environ, **env})

    def stop(_signum: int, _frame: object) -> None:  # a plain `kill` stops JupyterLab too
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)
    if not args.no_browser:
        threading.Thread(target=_open_when_up, args=(url, args.ip, port, proc), daemon=True).start()
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        raise


def _export_nbgrader(args: argparse.Namespace) -> int:
    from omaha_learn.grading.nbgrader_export import KEYS_DIR, export_nbgrader

    keys = args.keys or (Path("exercises/solutions") if Path("exercises/solutions").is_dir() else KEYS_DIR)
    written = export_nbgrader(keys, args.dir)
    notebooks = [p for p in written if p.suffix == ".ipynb"]
    print(ngettext("wrote {n} assignment from {keys} to {folder}", "wrote {n} assignments from {keys} to {folder}",
                   len(notebooks)).format(n=len(notebooks), keys=keys, folder=args.dir / "source"))
    for p in notebooks:
        print(f"  {p.parent.name}: {p}")
    print(_("next: {command}  (see docs/teachers_report.md; after changing a key: export again and run "
            "generate_assignment --force)").format(
        command=f"cd {args.dir} && nbgrader generate_assignment ASSIGNMENT --force"))
    return 0


def _play_help() -> str:
    return _("f fold, x check, c call, b N bet N, r N raise to N ('b'/'r' alone: the minimum, 'pot': the most), "
             "? the coach, h help, q quit")


def _play_keys() -> str:
    """The in-game commands of ``omaha-learn play``, as ``play --help`` lists them."""
    keys = [("f", _("fold")), ("x", _("check")), ("c", _("call")), ("b N", _("bet N chips (b alone: the minimum)")),
            ("r N", _("raise to N chips (r alone: the minimum)")), ("pot", _("bet or raise the most the pot allows")),
            ("?", _("the coach's advice for this decision")), ("h", _("this list")),
            ("q", _("quit (chips you already put into an unfinished hand are lost, as in a fold)")),
            ("Enter", _("after a hand: deal the next one"))]
    return "\n".join(f"  {k:<11}{v}" for k, v in keys)


def _play(args: argparse.Namespace) -> int:
    from omaha_learn.display.narration import Narrator
    from omaha_learn.errors import OmahaLearnError
    from omaha_learn.strategy.practice import PracticeTable

    table = PracticeTable(game=args.game, seats=args.seats, stack=args.stack,
                          seed=args.seed)
    narrator = Narrator()            # says what happened since the last prompt: the opponents' actions, rebuys
    print(_("Practice table: you are seat 0 ('you').") + " " + _play_help())
    while True:
        for said in narrator.update(table):
            print(f"  {said}")
        print(table.text())
        if table.hand.is_over:
            for d in table.review():
                print(f"  {d}")
            if args.hands is not None and table.hands_played >= args.hands:
                break
            try:
                line = input(_("Enter for the next hand, q to quit: ")).strip().lower()
            except EOFError:
                break
            if line == "q":
                break
            table.next_hand()
            continue
        if args.coach:
            print(table.advice())
        try:
            line = input("> ").strip().lower()
        except EOFError:
            break
        if line in ("q", "quit"):
            break
        if line in ("?", "coach", "h", "help"):
            print(table.advice() if line in ("?", "coach") else _play_help())
            continue
        legal = table.hand.legal_actions()
        if line in ("pot", "b pot", "r pot") and legal.max_to is not None:
            line = f"{'b' if legal.can_bet else 'r'}{legal.max_to}"
        try:
            table.act(line.replace(" ", "") if line[:1] in ("b", "r") and line[1:].strip().isdigit() else line)
        except OmahaLearnError as exc:
            print(f"  {exc}")
    won = sum(table.results)
    if table.hand.is_over:
        print(ngettext("You played {n} hand: {won} chips. Stacks: {stacks}",
                       "You played {n} hands: {won} chips. Stacks: {stacks}", table.hands_played).format(
            n=table.hands_played, won=f"{won:+d}", stacks=table.stacks))
    else:                            # quit mid-hand: the chips already in the pot are gone, as in a fold
        put_in = int(table.hand.contributions[0])
        print(ngettext("You played {n} hand: {won} chips.", "You played {n} hands: {won} chips.",
                       table.hands_played).format(n=table.hands_played, won=f"{won:+d}") + " "
              + _("You quit hand {hand} before it ended, with {put_in} of yours in its pot (lost, as in a fold): "
                  "{total} chips in all. Stacks behind: {stacks}").format(
                  hand=table.hand_number, put_in=chips(put_in), total=f"{won - put_in:+d}",
                  stacks=list(table.hand.stacks)))
    return 0


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a number of minutes").format(value=repr(text))) from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(_("{value}: give 0 or more minutes").format(value=repr(text)))
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a number of seconds").format(value=repr(text))) from None
    if not math.isfinite(value) or value <= 0 or value > 86_400:
        raise argparse.ArgumentTypeError(_("{value}: give a number of seconds above 0 (at most 86400)").format(
            value=repr(text)))
    return value


def _workers(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value} is not a whole number of workers").format(
            value=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value}: give 1 or more workers").format(value=repr(text)))
    return value


def _grade_parser(sub: Any) -> None:
    from omaha_learn.grading.records import CSV_COLUMNS

    p = sub.add_parser("grade", help=_("grade exercise notebooks, each isolated, against the teacher's keys"),
                       description=_("Grade exercise notebooks, each isolated, against the teacher's keys."))
    p.add_argument("submissions", nargs="*", type=Path, metavar="SUBMISSION.ipynb")
    p.add_argument("--nbgrader", type=Path, default=None, metavar="COURSE",
                   help=_("grade what nbgrader collected in COURSE/submitted/ and write the marks into its gradebook "
                        "(pip install 'omaha_learn[nbgrader]')"))
    p.add_argument("--keys", type=Path, default=None, help=_("folder of teacher keys (default: exercises/solutions)"))
    p.add_argument("--csv", type=Path, default=None, metavar="FILE",
                   help=_("write {columns} rows to FILE").format(columns=",".join(CSV_COLUMNS)))
    p.add_argument("--timeout", type=_seconds, default=120.0, metavar="S",
                   help=_("seconds allowed per notebook (default 120)"))
    p.add_argument("--cell-timeout", type=_seconds, default=30.0, metavar="S",
                   help=_("seconds allowed per cell (default 30)"))
    p.add_argument("--jobs", type=_workers, default=None, metavar="N",
                   help=_("submissions graded side by side (default: the available cores)"))
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help=_("a Dask scheduler (tcp://host:8786) to grade on instead (pip install 'omaha_learn[scale]')"))
    p.add_argument("--sandbox", choices=("auto", "bwrap", "none"), default="auto",
                   help=_("auto or bwrap (bubblewrap, required: refused without it), or none (trusted work only)"))
    p.add_argument("--trusted-learners", action="store_true",
                   help=_("with --scheduler and --sandbox none: every learner's code is trusted (else refused)"))
    p.add_argument("--memory-mb", type=_positive("--memory-mb"), default=None, metavar="MB",
                   help=_("address space per kernel process, and the whole submission's memory where a memory cgroup "
                        "can be made (default 3072)"))
    p.add_argument("--disk-mb", type=_positive("--disk-mb"), default=None, metavar="MB",
                   help=_("size of the sandbox's /tmp and /dev/shm, and of each file written (default 256)"))
    p.add_argument("--max-processes", type=_positive("--max-processes"), default=None, metavar="N",
                   help=_("processes and threads per submission (default 256)"))
    p.add_argument("--student-from", choices=("auto", "folder", "file"), default="auto",
                   help=_("the student's name: the submission's folder or its file name (default: auto)"))
    p.add_argument("--report", type=Path, default=None, metavar="FILE", help=_("write a class summary (HTML)"))
    p.add_argument("--feedback", type=Path, default=None, metavar="DIR", help=_("write one HTML file per learner"))
    p.add_argument("--overrides", type=Path, default=None, metavar="FILE",
                   help=_("the teacher's marks (CSV: student,exercise,question,points,comment), applied on every "
                        "regrade; partial credit allowed"))
    p.add_argument("--exercises", default=None, metavar="LIST",
                   help=_("the exercises graded, such as 01,03 (numbers, key or checker names); without it an exercise "
                        "counts when more than half of the learners handed it in"))
    p.add_argument("--roster", type=Path, default=None, metavar="FILE",
                   help=_("the class list (CSV: id,name,email,folder,pattern,section,extension_days,language): matches "
                        "submissions to learners, lists who handed nothing in"))
    p.add_argument("--lms", choices=("plain", "canvas", "moodle"), default="plain",
                   help=_("the --gradebook's columns: plain (default), canvas or moodle (their grade import formats)"))
    p.add_argument("--due", default=None, metavar="WHEN",
                   help=_("when the work is due, such as 2026-12-15T23:59 (the grader's local time unless a zone "
                        "is given); later copies lose --late-penalty"))
    p.add_argument("--late-penalty", default=None, metavar="RULE",
                   help=_("10%%/day (each day started), or a table 10%%,25%%,100%% (day 1, day 2, day 3 on)"))
    p.add_argument("--grace", type=_minutes, default=0.0, metavar="MIN",
                   help=_("minutes after --due still on time (default 0)"))
    p.add_argument("--best", action="store_true",
                   help=_("a learner's best copy of an exercise counts (default: the latest, by the file's time)"))
    p.add_argument("--language", default=argparse.SUPPRESS, metavar="LANG",
                   help=_("the language of the summary, the report and the feedback pages: en, ru or et (a learner "
                          "whose roster line has a language gets their page in it)"))
    p.add_argument("--gradebook", type=Path, default=None, metavar="FILE",
                   help=_("write one row per learner (student, each exercise, total, maximum, percent) to FILE"))
    p.add_argument("--requests", type=Path, default=None, metavar="FILE",
                   help=_("regrade requests (CSV: learner,exercise,question,reason), listed until a mark of yours in "
                          "--overrides answers them"))
    p.add_argument("--records", type=Path, default=None, metavar="FILE",
                   help=_("write every record as graded (JSON, before the overrides) for the grading desk"))
    h = sub.add_parser("handout", help=_("write one copy of each exercise per learner, each with their own deal"),
                       description=_("Write one copy of each exercise per learner (OUT/<id>/), each with their own deal."))
    h.add_argument("--roster", type=Path, required=True, metavar="FILE", help=_("the class list (CSV with id and name)"))
    h.add_argument("--out", type=Path, required=True, metavar="DIR", help=_("folder for the learners' folders"))
    h.add_argument("--exercises", default=None, metavar="LIST", help=_("which exercises, e.g. 01,03 (default: all)"))
    h.add_argument("--copies", type=Path, default=None, metavar="DIR",
                   help=_("the practice copies to start from (default: the lessons' exercises/)"))


def _grade(args: argparse.Namespace) -> int:
    from omaha_learn.grading import grader
    from omaha_learn.grading.text_safety import printable

    problems = []
    keys = grader.keys_dir(args.keys)
    if args.nbgrader is not None:
        if args.submissions:
            problems.append(_("give SUBMISSION files or --nbgrader COURSE, not both"))
        elif not (args.nbgrader / "submitted").is_dir():
            problems.append(_("--nbgrader {course}: no submitted/ folder (collect first: nbgrader collect ...)").format(
                course=args.nbgrader))
        if args.keys is None:
            keys = args.nbgrader / "source"   # the course's own source notebooks (checked when grading)
    elif not args.submissions:
        problems.append(_("give the notebooks to grade (SUBMISSION.ipynb ...) or --nbgrader COURSE"))
    if not keys.is_dir():
        problems.append(_("keys folder {folder} does not exist").format(folder=keys))
    # a link, FIFO or folder handed in gets its own unreadable row; only names that are not there stop the run
    missing = [printable(p) for p in args.submissions if not os.path.lexists(p)]
    if missing:
        problems.append(_("no such file: {files}").format(files=", ".join(missing)))
    if args.overrides is not None and not args.overrides.is_file():
        problems.append(_("--overrides {file}: no such file").format(file=args.overrides))
    if args.requests is not None and not args.requests.is_file():
        problems.append(_("--requests {file}: no such file").format(file=args.requests))
    for path, what in ((args.csv, "--csv"), (args.report, "--report"), (args.gradebook, "--gradebook"),
                       (args.records, "--records")):
        if path is not None and (why := grader.check_output_file(path, what)):
            problems.append(why)
    if args.feedback is not None and args.feedback.exists() and not args.feedback.is_dir():
        problems.append(_("--feedback {path} is a file; give a folder").format(path=args.feedback))
    if args.jobs is not None and args.scheduler is not None:
        problems.append(_("give --jobs or --scheduler, not both"))
    try:  # with a scheduler, the workers must use bwrap (each checks its own); none needs --trusted-learners
        grader.check_sandbox(args.sandbox, args.scheduler, args.trusted_learners)
    except ValueError as exc:
        problems.append(str(exc))
    bounds = {k: v for k, v in (("memory_mb", args.memory_mb), ("disk_mb", args.disk_mb),
                                ("processes", args.max_processes)) if v is not None}
    args.assignment = None
    if not problems:
        from omaha_learn.errors import ReportError
        from omaha_learn.grading.class_summary import Assignment

        try:
            named, maxima = grader.resolve_exercises(args.exercises, keys) if args.exercises else (None, {})
            args.roster_list = None
            if args.roster is not None:
                from omaha_learn.grading.roster import read_roster

                args.roster_list = read_roster(args.roster)
            late = _late_options(args)
            roster = args.roster_list
            args.assignment = Assignment(
                named, maxima, "best" if args.best else "latest",
                learners=tuple(roster.labels) if roster is not None else None,
                extensions={k: v.extension_days for k, v in roster.labels.items()} if roster is not None else {},
                time_source=N_("nbgrader's timestamp.txt") if args.nbgrader is not None else N_("the file's time"),
                **late)
        except ReportError as exc:
            problems.append(str(exc))
    overrides = []
    if args.overrides is not None and not problems:
        from omaha_learn.errors import ReportError
        from omaha_learn.grading.teacher_marks import check_overrides, read_overrides

        try:  # every line checked against the keys before anything is graded
            overrides = read_overrides(args.overrides)
            check_overrides(overrides, grader.key_questions(keys))
        except ReportError as exc:
            problems.append(str(exc))
    args.request_list = []
    if not problems:
        problems += _read_requests(args, keys)
    if problems:
        for p in problems:
            print(_("omaha-learn grade: error: {message}").format(message=printable(p)), file=sys.stderr)
        return 2
    import locale

    before = _collate_like_the_teacher()
    try:
        return _grade_run(args, keys, overrides, bounds)
    finally:
        locale.setlocale(locale.LC_COLLATE, before)


def _grade_run(args: argparse.Namespace, keys: Path, overrides: list[Any], bounds: dict[str, int]) -> int:
    """Grade, apply the overrides and write every output asked for; the exit status."""
    from omaha_learn.errors import OmahaLearnError
    from omaha_learn.grading import grader
    from omaha_learn.grading.text_safety import printable

    options = dict(timeout=args.timeout, cell_timeout=args.cell_timeout, jobs=args.jobs, scheduler=args.scheduler,
                   sandbox=args.sandbox, bounds=bounds, trusted_learners=args.trusted_learners)
    try:
        if args.nbgrader is not None:
            from omaha_learn.grading.nbgrader_grade import grade_course

            records = grade_course(args.nbgrader, args.keys, grader.grade, log=print, **options)
        else:
            records = grader.grade(args.submissions, keys, student_from=args.student_from, log=print, **options,
                                   roster=getattr(args, "roster_list", None))   # each learner's own deal
    except OmahaLearnError as exc:  # e.g. a Dask scheduler that cannot be reached
        print(_("omaha-learn grade: error: {message}").format(message=exc), file=sys.stderr)
        return 2
    if getattr(args, "roster_list", None) is not None:
        records = args.roster_list.relabel(records)
    if args.records is not None:   # as graded: the desk applies the overrides itself
        from omaha_learn.grading.desk import write_records

        write_records(records, args.records)
        print(f"wrote {args.records}")
    if overrides:
        from omaha_learn.grading.teacher_marks import apply_overrides

        try:
            records, notes = apply_overrides(records, overrides)
        except OmahaLearnError as exc:
            print(_("omaha-learn grade: error: {message}").format(message=exc), file=sys.stderr)
            return 2
        for note in notes:
            print(_("warning: {message}").format(message=note))
        applied = len(overrides) - len(notes)
        print(ngettext("applied {n} override from {file}", "applied {n} overrides from {file}", applied).format(
            n=applied, file=args.overrides))
    plan = args.assignment
    grader.print_summary(records, assignment=plan)
    if args.csv is not None:
        grader.write_csv(records, args.csv, assignment=plan)
        print(_("wrote {file}").format(file=args.csv))
    status = 1 if grader.needs_a_look(records, assignment=plan) else 0
    states = _request_states(args, records)
    if any(st.state == "open" for st in states):
        status = 1
    if args.gradebook is not None:
        from omaha_learn.grading.teacher_marks import write_gradebook

        write_gradebook(records, args.gradebook, assignment=plan, lms=args.lms,
                        roster=getattr(args, "roster_list", None))
        print(_("wrote {file}").format(file=args.gradebook))
    if args.report is not None or args.feedback is not None:
        from omaha_learn.grading import report

        if args.report is not None:
            report.write_report(records, args.report, assignment=plan,
                                requests=states if args.requests is not None else None)
            print(_("wrote {file}").format(file=args.report))
        if args.feedback is not None:
            args.feedback.mkdir(parents=True, exist_ok=True)
            reserved = [p for p in (args.report, args.csv, args.gradebook) if p is not None]
            roster = getattr(args, "roster_list", None)
            files = report.write_feedback(records, args.feedback, reserved=reserved, assignment=plan,
                                          languages=roster.languages() if roster is not None else None)
            print(ngettext("wrote {n} feedback file to {folder}", "wrote {n} feedback files to {folder}",
                           len(files)).format(n=len(files), folder=args.feedback))
            from omaha_learn.grading.feedback import stale_pages

            stale = stale_pages(args.feedback, files, reserved)
            if stale:
                status = 1
                names = ", ".join(printable(p.name) for p in stale)
                print(ngettext("warning: {n} page in {folder} belongs to no learner of this run (stale? remove it "
                               "before handing the folder out): {names}",
                               "warning: {n} pages in {folder} belong to no learner of this run (stale? remove them "
                               "before handing the folder out): {names}", len(stale)).format(
                    n=len(stale), folder=args.feedback, names=names))
    return status


def _read_requests(args: argparse.Namespace, keys: Path) -> list[str]:
    """Read and check ``--requests`` against the keys, line by line, before grading; the problems."""
    if args.requests is None:
        return []
    from omaha_learn.errors import ReportError
    from omaha_learn.grading import grader
    from omaha_learn.grading.regrade import check_requests, read_requests

    try:
        args.request_list = read_requests(args.requests)
        check_requests(args.request_list, grader.key_questions(keys))
    except ReportError as exc:
        return [str(exc)]
    return []


def _request_states(args: argparse.Namespace, records: list[Any]) -> list[Any]:
    """Where each regrade request stands (after the overrides), printed with the summary."""
    if args.requests is None:
        return []
    from omaha_learn.grading.regrade import request_states, summary_lines
    from omaha_learn.grading.text_safety import printable

    states = request_states(args.request_list, records)
    for line in summary_lines(states) or ["regrade requests: none in " + str(args.requests)]:
        print(printable(line))
    return states


def _handout(args: argparse.Namespace) -> int:
    from omaha_learn.errors import OmahaLearnError
    from omaha_learn.grading.handout import handout

    wanted = [w.strip() for w in args.exercises.split(",") if w.strip()] if args.exercises else None
    try:
        files = handout(args.roster, args.out, wanted, args.copies)
    except OmahaLearnError as exc:
        print(_("omaha-learn handout: error: {message}").format(message=exc), file=sys.stderr)
        return 2
    learners = len({p.parent for p in files})
    print(ngettext("wrote {n} notebook to {folder} ({learners})", "wrote {n} notebooks to {folder} ({learners})",
                   len(files)).format(n=len(files), folder=args.out, learners=ngettext(
                       "{n} learner", "{n} learners", learners).format(n=learners)))
    return 0


def _late_options(args: argparse.Namespace) -> dict[str, Any]:
    """``due``, ``penalty``, ``per_day``, ``grace_minutes`` from ``--due``, ``--late-penalty``, ``--grace``."""
    import datetime as dt
    import re

    from omaha_learn.errors import ReportError

    if args.due is None:
        if args.late_penalty is not None:
            raise ReportError("--late-penalty needs --due")
        return {}
    try:
        due = dt.datetime.fromisoformat(args.due.strip())
    except ValueError:
        raise ReportError(f"--due: {args.due!r} is not a date and time such as 2026-12-15T23:59") from None
    rule = (args.late_penalty or "0%/day").replace(" ", "").lower()
    penalty: tuple[float, ...]
    if m := re.fullmatch(r"(\d+(?:[.,]\d+)?)%/day", rule):
        penalty, per_day = (float(m.group(1).replace(",", ".")) / 100,), True
    elif re.fullmatch(r"\d+(?:\.\d+)?%(,\d+(?:\.\d+)?%)*", rule):
        penalty, per_day = tuple(float(x.rstrip("%")) / 100 for x in rule.split(",")), False
    else:
        raise ReportError(f"--late-penalty: {args.late_penalty!r}; write 10%/day or a table such as 10%,25%,100%")
    if any(x > 1 for x in penalty):
        raise ReportError(f"--late-penalty: {args.late_penalty!r} takes more than 100% in a day")
    return {"due": due.timestamp(), "penalty": penalty, "per_day": per_day, "grace_minutes": args.grace}


def _collate_like_the_teacher() -> str:
    """Sort learners' names by the teacher's locale (LC_COLLATE / LANG), when it is installed; the one before."""
    import locale

    before = locale.setlocale(locale.LC_COLLATE)
    try:
        locale.setlocale(locale.LC_COLLATE, "")
    except locale.Error:
        pass
    return before


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``omaha-learn`` command; returns the exit status (2 on bad input,
    130 after Ctrl-C, without a traceback)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `omaha-learn ... | head`: the reader left; say nothing more
        _quiet_stdout()
        return 141


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that Python's flush at exit finds no closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no file descriptor to replace
        pass


def _language_option(args: Sequence[str]) -> str | None:
    """The value of ``--language`` anywhere before ``--`` (the last one given), read before the parser is built
    so that its help is in that language; None when not given."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--language" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--language="):
            found = arg.split("=", 1)[1]
    return found


_ARGPARSE = ("usage: ", "positional arguments", "options", "show this help message and exit",
             "argument %(argument_name)s: %(message)s", "unrecognized arguments: %s", "not allowed with argument %s",
             "ignored explicit argument %r", "the following arguments are required: %s",
             "one of the arguments %s is required", "expected one argument", "expected at most one argument",
             "expected at least one argument", "ambiguous option: %(option)s could match %(matches)s",
             "invalid %(type)s value: %(value)r", "invalid choice: %(value)r (choose from %(choices)s)",
             "%(prog)s: error: %(message)s\n", "unknown parser %(parser_name)r (choices: %(choices)s)")
"""argparse's own messages that a user of ``omaha-learn`` can meet, translated in the context "argparse"."""


class _ArgparseInLanguage:
    """While active, argparse's own words ("usage:", "options", its error messages) come from our catalogue."""

    def __enter__(self) -> None:
        self.saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
        argparse._ = lambda message: pgettext("argparse", message) if message in _ARGPARSE else message  # type: ignore[attr-defined]

        def plural(singular: str, plural_: str, n: int) -> str:
            if singular == "expected %s argument":
                return ngettext("expected %s argument", "expected %s arguments", n)
            return singular if n == 1 else plural_
        argparse.ngettext = plural  # type: ignore[attr-defined]

    def __exit__(self, *exc: object) -> None:
        argparse._, argparse.ngettext = self.saved  # type: ignore[attr-defined]


def _argparse_messages() -> None:  # pragma: no cover - never called: Babel finds argparse's messages here
    pgettext("argparse", "usage: ")
    pgettext("argparse", "positional arguments")
    pgettext("argparse", "options")
    pgettext("argparse", "show this help message and exit")
    pgettext("argparse", "argument %(argument_name)s: %(message)s")
    pgettext("argparse", "unrecognized arguments: %s")
    pgettext("argparse", "not allowed with argument %s")
    pgettext("argparse", "ignored explicit argument %r")
    pgettext("argparse", "the following arguments are required: %s")
    pgettext("argparse", "one of the arguments %s is required")
    pgettext("argparse", "expected one argument")
    pgettext("argparse", "expected at most one argument")
    pgettext("argparse", "expected at least one argument")
    pgettext("argparse", "ambiguous option: %(option)s could match %(matches)s")
    pgettext("argparse", "invalid %(type)s value: %(value)r")
    pgettext("argparse", "invalid choice: %(value)r (choose from %(choices)s)")
    pgettext("argparse", "%(prog)s: error: %(message)s\n")
    pgettext("argparse", "unknown parser %(parser_name)r (choices: %(choices)s)")


def _main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    wanted = _language_option(args_list)
    try:
        code = language_code(wanted) if wanted is not None else None
    except LanguageError as exc:
        print(f"omaha-learn: error: --language: {exc}", file=sys.stderr)
        return 2
    if code is None:
        try:
            from omaha_learn.i18n import get_language

            code = get_language()
        except LanguageError as exc:    # a bad OMAHA_LEARN_LANG
            print(f"omaha-learn: error: {exc}", file=sys.stderr)
            return 2
    with language(code), _ArgparseInLanguage():
        return _run(args_list)


def _run(args_list: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(args_list)
    handlers = {"equity": _equity, "best": _best, "showdown": _showdown, "frequencies": _frequencies,
                "lessons": _lessons, "export-nbgrader": _export_nbgrader, "chart": _chart,
                "grade": _grade, "outs": _outs, "play": _play, "handout": _handout}
    if args.command not in handlers:
        parser.print_help()
        return 2
    from omaha_learn.errors import OmahaLearnError

    try:
        return handlers[args.command](args)
    except OmahaLearnError as exc:  # CardError, EquityError, ShowdownError ...: say what was wrong, no traceback
        print(_("omaha-learn: error: {message}").format(message=exc), file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
