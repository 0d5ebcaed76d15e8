"""`import omaha_learn` stays light: no Jupyter or plotting modules, no table building,
and about as fast as `import numpy` (measured in fresh subprocesses, same run)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("ipywidgets", "IPython", "matplotlib", "plotly", "pandas", "pokerkit", "phevaluator")


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout


def _import_us(module: str) -> int:
    """Cumulative microseconds for importing ``module`` in a fresh interpreter (-X importtime)."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"],
                         capture_output=True, text=True, check=True)
    for line in out.stderr.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] == module:
            return int(parts[1])
    raise AssertionError(f"no importtime line for {module}")


def test_import_loads_no_jupyter_or_plotting_modules() -> None:
    code = ("import sys, json, omaha_learn; "
            "from omaha_learn import best_high, best_low, explain, parse_cards, evaluate_high_many; "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    loaded = set(json.loads(_run(code)))
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


def test_import_builds_no_tables() -> None:
    code = ("import sys, omaha_learn, omaha_learn.engine.evaluation.hands, omaha_learn.engine.evaluation.explanation, omaha_learn.engine.evaluation.batch, omaha_learn.engine.evaluation.sweep; "
            "from omaha_learn.engine.evaluation import tables; "
            "print(tables.rank_lookups.cache_info().currsize, tables._class_lookups.cache_info().currsize)")
    assert _run(code).split() == ["0", "0"]


def test_import_time_is_at_most_about_numpy_import_time() -> None:
    numpy_us = min(_import_us("numpy") for _ in range(3))
    ours_us = min(_import_us("omaha_learn") for _ in range(3))
    assert ours_us <= 1.5 * numpy_us + 20_000, (ours_us, numpy_us)


def test_public_names_resolve() -> None:
    import omaha_learn

    for name in ("Card", "CardError", "Deck", "parse_cards", "format_cards", "Category", "HighHand",
                 "LowHand", "best_high", "best_low", "explain", "Explanation", "evaluate_high_many",
                 "evaluate_low_many"):
        assert getattr(omaha_learn, name) is not None
        assert name in omaha_learn.__all__


PUBLIC_NAMES = (
    "Action", "BettingSetupError", "CallingStation", "Card", "CardError", "Category", "CategoryError",
    "ChartRow", "Deck", "EquityError", "EquityResult", "Explanation", "Game", "GameError", "HandState",
    "HighHand", "IllegalAction", "LegalActions", "LowHand", "NutLowOdds", "OmahaLearnError", "PHHError",
    "PlayerEquity", "PlayerError", "Pot", "PotError", "PotResult", "QualifierError", "RandomPlayer", "Range",
    "RangeError", "ShowdownError", "ShowdownResult", "StartingHands", "Table", "TableError", "TightPlayer",
    "best_high", "best_low", "canonical_hand", "dump_phh", "equity", "evaluate_high_many", "evaluate_low_many",
    "explain", "format_cards", "frequencies", "load_phh", "nut_low", "nut_low_odds", "parse_cards",
    "parse_range", "showdown", "side_pots", "simulate", "starting_hands",
)
"""The public API as it stood before the modules were reorganised: every name still imports."""


def test_every_public_name_of_the_reorganised_package_still_imports() -> None:
    import omaha_learn

    missing = [n for n in PUBLIC_NAMES if n not in omaha_learn.__all__ or getattr(omaha_learn, n, None) is None]
    assert not missing, missing
