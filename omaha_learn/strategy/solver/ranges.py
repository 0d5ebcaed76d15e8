"""A player's range for the solver: range text, a list of hands or ``{hand: weight}``, card removal.

A range written in the range language (:func:`~omaha_learn.strategy.ranges.parse_range`)
or given as a :class:`~omaha_learn.strategy.range_set.Range` loses the hands that hold a
board card (card removal). Hands listed one by one are taken at their word: a listed hand
that holds a board card, a hand listed twice or a weight that is not a positive number is
refused with a :class:`~omaha_learn.errors.SolverError` naming it.

>>> from omaha_learn.engine.cards import parse_cards
>>> board = parse_cards("Kc 9c 6c 6h Qc")
>>> rows, w = read_range("AA**", board, "plo", "oop")
>>> rows.shape, float(w.sum())
((5591, 4), 5591.0)
>>> rows, w = read_range({"As Ah 2d 3d": 1.0, "Ks Kh 2h 3h": 0.5}, board, "plo", "ip")
>>> rows.tolist(), w.tolist()
([[1, 5, 50, 51], [2, 6, 46, 47]], [1.0, 0.5])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError, format_cards
from omaha_learn.errors import RangeError, SolverError
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.canonical import four_cards
from omaha_learn.strategy.range_set import Range
from omaha_learn.strategy.ranges import is_range_text, parse_range

__all__ = ["read_range", "RangeInput"]

RangeInput = str | Range | Sequence[object] | Mapping[object, float]
"""What ``solve(ranges=...)`` accepts for each player."""

Rows = npt.NDArray[np.intp]
Weights = npt.NDArray[np.float64]


def read_range(spec: object, board: Sequence[Card], game: str, who: str) -> tuple[Rows, Weights]:
    """The hands (``(n, 4)`` card indices, ascending within a row, rows in a fixed order) and
    their weights of ``who``'s range on ``board``."""
    dead = np.array([int(c) for c in board], dtype=np.intp)
    if isinstance(spec, str) and is_range_text(spec) or isinstance(spec, Range):
        try:
            r = parse_range(spec, game=game) if isinstance(spec, str) else spec
        except RangeError as exc:
            raise SolverError(_("{who} range: {exc}").format(who=who, exc=exc)) from None
        rows = r.hands.astype(np.intp)
        w = r.weight_array()
        keep = ~np.isin(rows, dead).any(axis=1)
        rows, w = rows[keep], w[keep]
        if not len(rows):
            raise SolverError(_("{who} range {r!r}: no hand is left once the board's cards are removed").format(who=who, r=str(r)))
        return rows, w.astype(np.float64)
    if isinstance(spec, str):
        items: list[tuple[object, object]] = [(spec, 1.0)]
    elif isinstance(spec, Mapping):
        items = list(spec.items())
    elif isinstance(spec, Sequence):
        items = [(h, 1.0) for h in spec]
    else:
        raise SolverError(_("{who} range: give range text ('AA**,KK**ds'), a list of hands or {{hand: weight}}, got {name}").format(who=who, name=type(spec).__name__))
    if not items:
        raise SolverError(_("{who} range: no hands given").format(who=who))
    rows_l: list[list[int]] = []
    weights: list[float] = []
    seen: dict[tuple[int, ...], int] = {}
    board_set = {int(c) for c in board}
    for i, (hand, weight) in enumerate(items):
        try:
            cards = four_cards(hand, f"{who} range, hand {i}")  # type: ignore[arg-type]
        except CardError as exc:
            raise SolverError(str(exc)) from None
        key = tuple(sorted(int(c) for c in cards))
        text = format_cards(cards)
        on_board = [c for c in cards if int(c) in board_set]
        if on_board:
            raise SolverError(_("{who} range, hand {i} '{text}': holds '{on_board}', a board card").format(who=who, i=i, text=text, on_board=on_board[0]))
        if key in seen:
            raise SolverError(_("{who} range, hand {i} '{text}': listed twice (also hand {seen})").format(who=who, i=i, text=text, seen=seen[key]))
        seen[key] = i
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) \
                or weight <= 0:
            raise SolverError(_("{who} range, hand {i} '{text}': weight {weight!r} is not a positive number").format(who=who, i=i, text=text, weight=weight))
        rows_l.append(list(key))
        weights.append(float(weight))
    return np.array(rows_l, dtype=np.intp), np.array(weights, dtype=np.float64)
