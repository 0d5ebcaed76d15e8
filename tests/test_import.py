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


def test_equity_with_cards_only_loads_neither_the_chart_nor_the_range_parser() -> None:
    code = ("import sys, json; from omaha_learn import equity; "
            "r = equity(['As Ah 2s 3h', 'Kd Kc Qd Jc'], board='4c 7d 9s'); "
            "r = equity(['As Ah 2s 3h', None], game='high', trials=2000, seed=1, threads=1); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('omaha_learn'))))")
    loaded = set(json.loads(_run(code)))
    assert "omaha_learn.strategy.range_equity" in loaded   # the public edge that reads range text
    assert not loaded & {"omaha_learn.strategy.chart", "omaha_learn.strategy.ranges",
                         "omaha_learn.strategy.range_syntax", "omaha_learn.strategy.range_set",
                         "omaha_learn.strategy.canonical"}, loaded


def test_the_rules_core_runs_without_the_strategy_package() -> None:
    """Every module of the core imports (and a showdown and an equity run) with no strategy module loaded."""
    code = ("import sys, json, pkgutil, importlib, omaha_learn.engine, omaha_learn.jobs, omaha_learn.rendering; "
            "[importlib.import_module(m.name) for m in pkgutil.walk_packages(omaha_learn.engine.__path__, "
            "'omaha_learn.engine.')]; "
            "from omaha_learn.engine.equity.api import equity; from omaha_learn.engine.showdown import showdown; "
            "equity(['As Ah 2s 3h', 'Kd Kc Qd Jc'], board='4c 7d 9s'); "
            "showdown(['As Ah 2s 3h', 'Kd Kc Qd Jc'], '4c 7d 9s Th 2d', [10, 10], button=0); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('omaha_learn'))))")
    loaded = json.loads(_run(code))
    assert any(m.startswith("omaha_learn.engine.phh") for m in loaded)
    assert not [m for m in loaded if m.startswith(("omaha_learn.strategy", "omaha_learn.display"))], loaded


def test_range_text_loads_the_chart_only_for_a_share_of_it() -> None:
    code = ("import sys; from omaha_learn.strategy import parse_range; "
            "parse_range('AA**ds'); parse_range('KK**@50,QQ**@100'); a = 'omaha_learn.strategy.chart' in sys.modules; "
            "parse_range('15%', game='plo'); print(a, 'omaha_learn.strategy.chart' in sys.modules)")
    assert _run(code).split() == ["False", "True"]


def test_importing_the_strategy_package_loads_no_strategy_module() -> None:
    code = ("import sys, omaha_learn.strategy; "
            "print(sorted(m for m in sys.modules if m.startswith('omaha_learn.strategy.')))")
    assert _run(code).strip() == "[]"


def test_objects_draw_themselves_through_display_and_fall_back_to_text() -> None:
    """``_repr_html_`` of a core object loads omaha_learn.display (which registers the renderers) by name;
    with the display package unavailable it shows the object's text."""
    code = ("import sys; from omaha_learn import best_high; h = best_high('Ac Kd Td 8h', 'Kc 9c 6c 6h Qc'); "
            "print('omaha_learn.display' in sys.modules, 'ol-hand' in h._repr_html_(), 'omaha_learn.display' in sys.modules)")
    assert _run(code).split() == ["False", "True", "True"]
    code = ("import sys; sys.modules['omaha_learn.display'] = None; "
            "from omaha_learn import best_high; print(best_high('Ac Kd Td 8h', 'Kc 9c 6c 6h Qc')._repr_html_())")
    assert _run(code).strip() == "<pre>Kd Kc 6c 6h Ac</pre>"
