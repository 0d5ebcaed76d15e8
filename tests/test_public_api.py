"""The public API is pinned: every name that imported from ``omaha_learn`` before the package split
still imports (the same object, from its new home), and the strategy names import from
``omaha_learn.strategy`` too. A name removed from ``omaha_learn.__all__`` fails here; a name added
must be added to the pinned list (a deliberate change of the public API)."""

from __future__ import annotations

import importlib

import pytest

import omaha_learn
import omaha_learn.strategy

PUBLIC = (
    "Action", "Advice", "BettingSetupError", "CallingStation", "Card", "CardError", "Category", "CategoryError",
    "ChartPlayer", "ChartRow", "CoachError", "Deck", "EquityError", "EquityResult", "Explanation", "Game",
    "GameError", "HandState", "HighHand", "IllegalAction", "LegalActions", "LowHand", "NextCard", "NutLowOdds",
    "OmahaLearnError", "Outs", "PHHError", "PlayerEquity", "PlayerError", "Pot", "PotError", "PotResult",
    "PracticeTable", "QualifierError", "RandomPlayer", "Range", "RangeError", "ShowdownError", "ShowdownResult",
    "StartingHands", "Table", "TableError", "TightPlayer", "best_high", "best_low", "canonical_hand", "coach",
    "dump_phh", "equity", "evaluate_high_many", "evaluate_low_many", "explain", "format_cards", "frequencies",
    "load_phh", "nut_low", "nut_low_odds", "outs", "parse_cards", "parse_range", "showdown", "side_pots",
    "simulate", "starting_hands", "__version__",
    "SolverPlayer", "TendencyPlayer", "opening_ranges",      # added with the opponents and the preflop table
)
"""``omaha_learn.__all__``: the 65 names from before the split, and the three added since."""

STRATEGY = (
    "Advice", "CallingStation", "ChartPlayer", "ChartRow", "NextCard", "Outs", "PracticeTable", "RandomPlayer",
    "Range", "StartingHands", "TightPlayer", "canonical_hand", "coach", "outs", "parse_range", "simulate",
    "starting_hands", "SolverPlayer", "TendencyPlayer", "opening_ranges",
)
"""The names of that list that now live in ``omaha_learn.strategy``."""

SAME_NAME_AS_MODULE = ("coach", "outs")
"""Functions named like their module: ``omaha_learn.strategy.coach`` is the module (so that
``import omaha_learn.strategy.coach`` and patching ``omaha_learn.strategy.coach.equity`` keep meaning the
module); the function is ``omaha_learn.coach`` = ``omaha_learn.strategy.coach.coach``."""


ADDED = ("LanguageError", "get_language", "set_language", "solve", "Solution", "SolverError")
"""Names added since the pin: a new public name is a decision, written here."""


def test_the_public_list_is_the_pinned_one() -> None:
    assert sorted(omaha_learn.__all__) == sorted(PUBLIC + ADDED)


@pytest.mark.parametrize("name", PUBLIC)
def test_every_pinned_name_imports_from_omaha_learn(name: str) -> None:
    value = getattr(omaha_learn, name)
    assert value is not None
    exec(f"from omaha_learn import {name}", {})


@pytest.mark.parametrize("name", STRATEGY)
def test_the_strategy_names_import_from_omaha_learn_strategy_too(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from omaha_learn.strategy import {name}", namespace)
    if name in SAME_NAME_AS_MODULE:
        module = namespace[name]
        assert module is importlib.import_module(f"omaha_learn.strategy.{name}")
        assert getattr(module, name) is getattr(omaha_learn, name)
    else:
        assert namespace[name] is getattr(omaha_learn, name)
        assert name in omaha_learn.strategy.__all__
        assert getattr(namespace[name], "__module__", "").startswith("omaha_learn.strategy.")


def test_the_strategy_exports_resolve() -> None:
    for name in omaha_learn.strategy.__all__:
        assert getattr(omaha_learn.strategy, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        omaha_learn.strategy.nothing  # noqa: B018


def test_the_version_is_a_version() -> None:
    assert omaha_learn.__version__.count(".") >= 2
