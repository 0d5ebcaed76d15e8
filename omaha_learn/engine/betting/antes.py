"""Antes: dead money posted before the blinds, one per player and optionally a big-blind ante.

An ante is not a live bet: :class:`~omaha_learn.engine.betting.state.HandState`
passes the antes to :func:`omaha_learn.showdown` as ``dead_money``, which puts
them in the main pot that every live hand can win (as PokerKit and the TDA
rules do), split by the same rules (R11, R24).

>>> antes_due(ante=5, bb_ante=10, seats=[1, 2, 0], bb_seat=2, stacks=[100, 100, 12])
{1: 5, 2: 12, 0: 5}
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["antes_due"]


def antes_due(*, ante: int, bb_ante: int, seats: Sequence[int], bb_seat: int, stacks: Sequence[int]) -> dict[int, int]:
    """What each seat of ``seats`` (in posting order) pays as antes: ``ante``, plus ``bb_ante`` for the big
    blind, at most its stack (a short stack is all-in for the ante). Seats paying nothing are left out."""
    due: dict[int, int] = {}
    for seat in seats:
        amount = ante + (bb_ante if seat == bb_seat else 0)
        if amount:
            due[seat] = min(amount, stacks[seat])
    return due
