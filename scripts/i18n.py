"""The message catalogues, with Babel: extract the messages, update the Russian and Estonian ``.po``
files, compile the ``.mo`` files the package reads.

    python scripts/i18n.py            # extract + update + compile (what a developer runs after changing a message)
    python scripts/i18n.py --check    # fail if the catalogues are not complete and compiled (tests/test_i18n.py)

Messages are marked with ``gettext``, ``ngettext`` and ``pgettext`` (context first) from
``omaha_learn.i18n``; fuzzy or untranslated entries fail the check: a learner never reads a guess.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "omaha_learn" / "locale"
POT = LOCALE / "omaha_learn.pot"
KEYWORDS = ["gettext", "_", "ngettext:1,2", "pgettext:1c,2", "N_"]


def babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    babel("extract", "--no-default-keywords", *sum((["-k", k] for k in KEYWORDS), []), "-F", str(ROOT / "babel.cfg"),
          "--sort-by-file", "--omit-header", "--no-location", "-o", str(POT), str(ROOT / "omaha_learn"))


def update() -> None:
    for lang in ("ru", "et"):
        po = LOCALE / lang / "LC_MESSAGES" / "omaha_learn.po"
        if po.exists():
            # the header stays: it carries the language's plural forms
            babel("update", "-i", str(POT), "-d", str(LOCALE), "-D", "omaha_learn", "-l", lang, "--no-fuzzy-matching",
                  "-w", "120", "--ignore-obsolete")
        else:
            babel("init", "-i", str(POT), "-d", str(LOCALE), "-D", "omaha_learn", "-l", lang)


def compile_all() -> None:
    babel("compile", "-d", str(LOCALE), "-D", "omaha_learn", "--statistics")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="check completeness only, write nothing")
    args = ap.parse_args(argv)
    if args.check:
        sys.path.insert(0, str(ROOT / "tests"))
        from i18n_checks import problems  # type: ignore[import-not-found]
        found = problems()
        print("\n".join(found) or "catalogues complete and compiled")
        return 1 if found else 0
    extract()
    update()
    compile_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
