"""omaha_learn.strategy: analysis and coaching above the rules core.

The starting-hand chart and hand classes, ranges, outs and draws, the coach, the practice
table, scripted players, the opponent model and a seat's view of a hand. It builds on the
rules core (``omaha_learn.errors``, ``omaha_learn.engine``) and the core never imports it.

>>> from omaha_learn.strategy import parse_range, PracticeTable
>>> parse_range("AA**ds").combos
864

Names load on first use, as in :mod:`omaha_learn`: ``import omaha_learn.strategy`` loads
no chart. The functions ``outs`` and ``coach`` share their names with their modules, so
``omaha_learn.strategy.outs`` is the module; the functions are ``omaha_learn.outs`` and
``omaha_learn.coach`` (or ``omaha_learn.strategy.outs.outs``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# public name -> module (in this package) that defines it
_EXPORTS: dict[str, str] = {
    # the starting-hand chart and hand classes
    "canonical_hand": "canonical",
    "starting_hands": "chart",
    "StartingHands": "chart",
    "ChartRow": "chart",
    # ranges, and equity that reads range text
    "parse_range": "ranges",
    "is_range_text": "ranges",
    "Range": "range_set",
    "read_ranges": "range_equity",
    # outs and draws
    "Outs": "outs",
    "NextCard": "outs",
    # the coach, the practice table, players, the opponent model, a seat's view
    "Advice": "coach",
    "PracticeTable": "practice",
    "simulate": "players",
    "RandomPlayer": "players",
    "CallingStation": "players",
    "TightPlayer": "players",
    "ChartPlayer": "players",
    "TendencyPlayer": "players",
    "SolverPlayer": "players",
    "opening_ranges": "preflop",
    "SeatView": "seat_view",
    "estimate_ranges": "opponent_model",
    # the equilibrium solver of heads-up turn and river spots
    "solve": "solver",
    "Solution": "solver",
}

_SUBMODULES = ("advice", "canonical", "chart", "coach", "draws", "equilibrium", "ev_model", "opponent_model", "outs",
               "players", "practice", "preflop", "range_equity", "range_pools", "range_set", "range_syntax", "ranges",
               "seat_view", "solver")

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'omaha_learn.strategy' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS) | set(_SUBMODULES))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from omaha_learn.strategy.canonical import canonical_hand
    from omaha_learn.strategy.chart import ChartRow, StartingHands, starting_hands
    from omaha_learn.strategy.coach import Advice
    from omaha_learn.strategy.opponent_model import estimate_ranges
    from omaha_learn.strategy.outs import NextCard, Outs
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
    from omaha_learn.strategy.range_equity import read_ranges
    from omaha_learn.strategy.range_set import Range
    from omaha_learn.strategy.ranges import is_range_text, parse_range
    from omaha_learn.strategy.seat_view import SeatView
    from omaha_learn.strategy.solver import Solution, solve
