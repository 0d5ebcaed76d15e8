"""An equilibrium solver for heads-up turn and river spots in PLO and Omaha Hi-Lo.

:func:`solve` builds the betting tree, reads both ranges, and runs discounted CFR with
range-against-range showdowns vectorised in numpy until a best response wins at most the
stated share of the pot; it returns a :class:`Solution`. See ``docs/solver.md``.
"""

from __future__ import annotations

from omaha_learn.strategy.solver.api import solve
from omaha_learn.strategy.solver.solution import Solution

__all__ = ["solve", "Solution"]
