"""omaha_learn: learn and teach Omaha poker (PLO and Omaha Hi-Lo 8 or better).

An exact, fast engine (cards, hand reading, showdowns and pots, betting,
tables, equity) behind notebook lessons and graded exercises. Rule numbers
(R1-R32) refer to ``docs/rules.md``.

>>> from omaha_learn import parse_cards, best_high, best_low
>>> best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc").describe()
'Two pair, kings and sixes, ace kicker'
>>> best_low("As 2d Kc Kh", "3c 5d 8h Qs Js").number
85321

Names are loaded on first use, so ``import omaha_learn`` stays as light as
``import numpy``; presentation and widgets live in ``omaha_learn.display.html``,
``omaha_learn.display.figures`` and ``omaha_learn.widgets`` and are never imported here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_DISTRIBUTION = "omaha_learn"

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    # errors
    "OmahaLearnError": "errors", "CardError": "errors", "GameError": "errors", "ShowdownError": "errors",
    "PotError": "errors", "IllegalAction": "errors", "BettingSetupError": "errors", "TableError": "errors",
    "PHHError": "errors", "EquityError": "errors", "PlayerError": "errors", "RangeError": "errors", "QualifierError": "errors", "CategoryError": "errors", "CoachError": "errors",
    "LanguageError": "errors",
    # the language every sentence is written in (en, ru, et)
    "set_language": "i18n", "get_language": "i18n",
    # games
    "Game": "engine.games",
    # cards
    "Card": "engine.cards",
    "Deck": "engine.cards",
    "parse_cards": "engine.cards",
    "format_cards": "engine.cards",
    # hand reading
    "Category": "engine.evaluation.five_card",
    "HighHand": "engine.evaluation.hands",
    "LowHand": "engine.evaluation.hands",
    "best_high": "engine.evaluation.hands",
    "best_low": "engine.evaluation.hands",
    "nut_low": "engine.evaluation.nuts",
    "nut_low_odds": "engine.evaluation.nuts",
    "NutLowOdds": "engine.evaluation.nuts",
    "outs": "strategy.outs",
    "Outs": "strategy.outs",
    "NextCard": "strategy.outs",
    "explain": "engine.evaluation.explanation",
    "Explanation": "engine.evaluation.explanation",
    "evaluate_high_many": "engine.evaluation.batch",
    "evaluate_low_many": "engine.evaluation.batch",
    # showdown and pots
    "showdown": "engine.showdown",
    "ShowdownResult": "engine.showdown",
    "PotResult": "engine.showdown",
    "side_pots": "engine.pots",
    "Pot": "engine.pots",
    # betting, hand state, table, hand histories
    "HandState": "engine.betting.state",
    "Action": "engine.betting.state",
    "LegalActions": "engine.betting.state",
    "Table": "engine.table",
    "load_phh": "engine.phh",
    "dump_phh": "engine.phh",
    "simulate": "strategy.players", "RandomPlayer": "strategy.players", "CallingStation": "strategy.players", "TightPlayer": "strategy.players",
    # equity
    "equity": "strategy.range_equity",
    "EquityResult": "engine.equity.result",
    "PlayerEquity": "engine.equity.result",
    "frequencies": "engine.equity.frequencies",
    # ranges and the starting-hand chart
    "parse_range": "strategy.ranges",
    "Range": "strategy.ranges",
    "canonical_hand": "strategy.canonical",
    "starting_hands": "strategy.chart",
    "StartingHands": "strategy.chart",
    "ChartRow": "strategy.chart",
    # the coach and the practice table
    "coach": "strategy.coach",
    "Advice": "strategy.coach",
    "PracticeTable": "strategy.practice",
    "ChartPlayer": "strategy.players",
    "TendencyPlayer": "strategy.players",
    "SolverPlayer": "strategy.players",
    "opening_ranges": "strategy.preflop",
    # the equilibrium solver
    "solve": "strategy.solver", "Solution": "strategy.solver", "SolverError": "errors",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def _version() -> str:
    """The installed distribution's version (written once, in pyproject.toml); a bare checkout
    that was never installed says ``0+unknown``."""
    from importlib import metadata

    try:
        return metadata.version(_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":   # read on first use: importing importlib.metadata costs more than we do
        globals()[name] = value = _version()
        return value
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'omaha_learn' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS) | {"__version__"})


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    __version__: str
    from omaha_learn.engine.betting.state import Action, HandState, LegalActions
    from omaha_learn.engine.cards import Card, Deck, format_cards, parse_cards
    from omaha_learn.engine.equity.frequencies import frequencies
    from omaha_learn.engine.equity.result import EquityResult, PlayerEquity
    from omaha_learn.engine.evaluation.batch import evaluate_high_many, evaluate_low_many
    from omaha_learn.engine.evaluation.explanation import Explanation, explain
    from omaha_learn.engine.evaluation.five_card import Category
    from omaha_learn.engine.evaluation.hands import HighHand, LowHand, best_high, best_low
    from omaha_learn.engine.evaluation.nuts import NutLowOdds, nut_low, nut_low_odds
    from omaha_learn.engine.games import Game
    from omaha_learn.engine.phh import dump_phh, load_phh
    from omaha_learn.engine.pots import Pot, side_pots
    from omaha_learn.engine.showdown import PotResult, ShowdownResult, showdown
    from omaha_learn.engine.table import Table
    from omaha_learn.errors import (
        BettingSetupError,
        CardError,
        CategoryError,
        CoachError,
        EquityError,
        GameError,
        IllegalAction,
        OmahaLearnError,
        PHHError,
        PlayerError,
        PotError,
        QualifierError,
        RangeError,
        ShowdownError,
        SolverError,
        TableError,
    )
    from omaha_learn.i18n import get_language, set_language
    from omaha_learn.strategy.canonical import canonical_hand
    from omaha_learn.strategy.chart import ChartRow, StartingHands, starting_hands
    from omaha_learn.strategy.coach import Advice, coach
    from omaha_learn.strategy.outs import NextCard, Outs, outs
    from omaha_learn.strategy.players import (
        CallingStation,
        ChartPlayer,
        RandomPlayer,
        SolverPlayer,
        TendencyPlayer,
        TightPlayer,
        simulate,
    )
    from omaha_learn.strategy.practice import PracticeTable
    from omaha_learn.strategy.preflop import opening_ranges
    from omaha_learn.strategy.range_equity import equity
    from omaha_learn.strategy.ranges import Range, parse_range
    from omaha_learn.strategy.solver import Solution, solve
