"""The seam between the coach and an equilibrium solver.

At a heads-up turn or river decision the coach asks an :class:`EquilibriumSource`
for the equilibrium strategy of the seat's hand at the current node, against the
ranges the coach assumes. A source returns an :class:`Equilibrium` (the action
frequencies, the EV of each action and the accuracy it was solved to, as a share
of the pot) or ``None`` when it cannot solve the spot; then the coach's fold-equity
model (:mod:`~omaha_learn.strategy.ev_model`) is used alone, and ``docs/coach.md``
says so.

:func:`solver_source` adapts a ``solve()`` function with the interface of the
project's CFR solver (``solve(board, ranges=(oop, ip), pot=, stack=, game=, bets=,
raises=, accuracy=, max_iterations=)`` returning an object with ``strategy(node,
hand)``, ``ev(hand, node)``, ``actions(node)`` and ``exploitability``);
:func:`default_source` finds that solver when it is installed and returns ``None``
otherwise.

>>> eq = Equilibrium(frequencies={"c": 0.7, "f": 0.3}, evs={"c": 4.0, "f": 0.0}, accuracy=0.005,
...                  pot=100, source="test")
>>> print(eq)
Equilibrium, solved to 0.5% of the pot (test): c 70% (EV +4.0), f 30% (EV +0.0)
>>> eq.best
'c'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from omaha_learn.engine.cards import Card
from omaha_learn.strategy.range_set import Range
from omaha_learn.strategy.seat_view import SeatView

__all__ = ["Equilibrium", "EquilibriumSource", "solver_source", "default_source", "node_of", "BETS", "RAISES"]

BETS = ("50%", "pot")
"""The bet sizes the coach asks the solver to consider (pot fractions)."""
RAISES = ("pot",)
"""The raise sizes the coach asks the solver to consider."""


@dataclass(frozen=True)
class Equilibrium:
    """An equilibrium strategy for one hand at one node: action (``HandState.play`` notation) ->
    frequency, action -> EV in chips from this node on, net of the chips the action puts in (folding is 0,
    as in the coach's EV table), and the accuracy it was solved to (share of the pot)."""

    frequencies: Mapping[str, float]
    evs: Mapping[str, float]
    accuracy: float
    pot: int
    source: str

    @property
    def best(self) -> str:
        """The action played most often."""
        return max(self.frequencies, key=lambda a: self.frequencies[a])

    def __str__(self) -> str:
        parts = ", ".join(f"{a} {100 * f:.0f}% (EV {self.evs.get(a, 0.0):+.1f})" for a, f in self.frequencies.items())
        return f"Equilibrium, solved to {100 * self.accuracy:.1f}% of the pot ({self.source}): {parts}"


class EquilibriumSource(Protocol):
    """Solves the spot of ``view`` for the seat's hand; ``None`` when it cannot."""

    def __call__(self, view: SeatView, mine: Range | Mapping[tuple[Card, ...], float],
                 theirs: Range | Mapping[tuple[Card, ...], float]) -> Equilibrium | None: ...


def node_of(view: SeatView) -> str:
    """The current street's actions so far in ``HandState.play`` notation (``""``, ``"x"``, ``"b100"``...)."""
    tokens = []
    for step in view.steps:
        if step.street != view.street_index:
            continue
        a = step.action
        tokens.append({"fold": "f", "check": "x", "call": "c"}.get(a.kind) or f"{a.kind[0]}{a.amount}")
    return " ".join(tokens)


def solver_source(solve: Callable[..., Any], *, accuracy: float = 0.005, max_iterations: int = 2000,
                  streets: tuple[int, ...] = (2, 3)) -> EquilibriumSource:
    """An :class:`EquilibriumSource` from a ``solve()`` with the project solver's interface (heads-up, on the
    ``streets`` given: 2 the turn, 3 the river; the seat's position decides which range is out of position).
    The ranges are taken as the street began, before its actions narrowed them (the solver's root)."""

    def source(view: SeatView, mine: Range | Mapping[tuple[Card, ...], float],
               theirs: Range | Mapping[tuple[Card, ...], float]) -> Equilibrium | None:
        if view.street_index not in streets or len(view.opponents) != 1 or len(view.board) < 4:
            return None
        other = view.opponents[0]
        start = [s for s in view.steps if s.street == view.street_index]
        pot = start[0].pot if start else view.pot
        stack = min(view.stacks[view.seat] + view.bets[view.seat], view.stacks[other] + view.bets[other])
        in_position = _acts_last(view, view.seat, other)
        own = dict(mine) if isinstance(mine, Mapping) else {tuple(h): 1.0 for h in mine}
        own.setdefault(tuple(view.hole), max(own.values(), default=1.0))   # the seat's own hand is in its range
        ranges = (theirs, own) if in_position else (own, theirs)
        from omaha_learn.errors import OmahaLearnError

        try:
            sol = solve(view.board, ranges=ranges, pot=pot, stack=stack, game=view.game.value, bets=BETS,
                        raises=RAISES, accuracy=accuracy, max_iterations=max_iterations)
            node = node_of(view)
            freqs = dict(sol.strategy(node, view.hole))
            # Solution.ev counts what the hand wins from the pot minus what it puts in *after* the node named,
            # so the chips of the action itself are still to take off: a pot bet is not +97 before it is called
            # (best_ev: the hand plays on well after the action; ev would follow the solver's untrained
            # strategy after an action the hand never takes)
            value = getattr(sol, "best_ev", sol.ev)
            evs = {a: float(value(view.hole, f"{node} {a}".strip())) - _chips(view, a) for a in freqs}
        except OmahaLearnError:      # a bet size off the tree, or a spot the solver refuses: no equilibrium
            return None
        return Equilibrium(freqs, evs, float(sol.exploitability) / pot if pot else 0.0, pot, "solve()")

    return source


def _acts_last(view: SeatView, seat: int, other: int) -> bool:
    """Whether ``seat`` acts after ``other`` after the flop (the first seat left of the button acts first;
    the button itself may have folded, so comparing with the button alone is not enough)."""
    n = view.n
    return (seat - view.button - 1) % n > (other - view.button - 1) % n


def _chips(view: SeatView, token: str) -> int:
    """The chips the seat puts in with the solver's action ``token`` (``x``, ``f``, ``c``, ``bN``, ``rN``:
    a bet of N, a raise to N on this street)."""
    if token in ("x", "f"):
        return 0
    if token == "c":
        return view.to_call
    return int(token[1:]) - view.bets[view.seat]


DEFAULT_STREETS = (3,)
"""The streets the coach solves by default: the river (a second or two). A turn spot, with every river card
as a chance node, takes about half a minute on two cores with the coach's ranges, so it is solved only when
asked: ``coach(hand, solver=solver_source(solve, streets=(2, 3)))``."""


def default_source() -> EquilibriumSource | None:
    """The project's solver (``omaha_learn.strategy.solver.solve``) on :data:`DEFAULT_STREETS`, or None
    when it is not installed."""
    try:
        from omaha_learn.strategy.solver import solve  # type: ignore[attr-defined,import-not-found,unused-ignore]
    except ImportError:
        return None
    return solver_source(solve, streets=DEFAULT_STREETS)
