"""Strategy: what to do with a hand. ``solve`` and ``Solution`` (the equilibrium solver of
:mod:`omaha_learn.strategy.solver`) are loaded on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_SOLVER_EXPORTS = {"solve": "solver", "Solution": "solver"}


def __getattr__(name: str) -> Any:
    module = _SOLVER_EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'omaha_learn.strategy' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:  # pragma: no cover
    from omaha_learn.strategy.solver import Solution, solve

__all__ = ["solve", "Solution"]
