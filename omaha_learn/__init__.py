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
``import numpy``; presentation and widgets live in ``omaha_learn.render``,
``omaha_learn.figures`` and ``omaha_learn.widgets`` and are never imported here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    # cards
    "Card": "cards",
    "CardError": "cards",
    "Deck": "cards",
    "parse_cards": "cards",
    "format_cards": "cards",
    # hand reading
    "Category": "five_card",
    "HighHand": "hands",
    "LowHand": "hands",
    "best_high": "hands",
    "best_low": "hands",
    "explain": "explanation",
    "Explanation": "explanation",
    "evaluate_high_many": "bulk",
    "evaluate_low_many": "bulk",
    # showdown and pots
    "showdown": "showdown_calc",
    "ShowdownResult": "showdown_calc",
    "PotResult": "showdown_calc",
    "ShowdownError": "showdown_calc",
    "side_pots": "pots",
    "Pot": "pots",
    # betting, hand state, table, hand histories
    "HandState": "betting",
    "IllegalAction": "betting",
    "Action": "betting",
    "LegalActions": "betting",
    "Table": "table",
    "load_phh": "phh",
    "dump_phh": "phh",
    "simulate": "players", "RandomPlayer": "players", "CallingStation": "players", "TightPlayer": "players",
    # equity
    "equity": "equity_calc",
    "EquityResult": "equity_calc",
    "PlayerEquity": "equity_calc",
    "frequencies": "frequency_study",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'omaha_learn' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .betting import Action, HandState, IllegalAction, LegalActions
    from .bulk import evaluate_high_many, evaluate_low_many
    from .cards import Card, CardError, Deck, format_cards, parse_cards
    from .equity_calc import EquityResult, PlayerEquity, equity
    from .explanation import Explanation, explain
    from .five_card import Category
    from .frequency_study import frequencies
    from .hands import HighHand, LowHand, best_high, best_low
    from .phh import dump_phh, load_phh
    from .players import CallingStation, RandomPlayer, TightPlayer, simulate
    from .pots import Pot, side_pots
    from .showdown_calc import PotResult, ShowdownError, ShowdownResult, showdown
    from .table import Table
