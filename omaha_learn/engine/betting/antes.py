"""Antes as dead money: they belong to the main pot, which every live hand can win.

:func:`omaha_learn.showdown` splits pots by each seat's contribution;
an ante is not a live bet, so :class:`~omaha_learn.engine.betting.state.HandState` passes the
live chips to ``showdown`` and then adds the antes to the main pot here, split
by the same rules (R11, R24). PokerKit and the TDA rules treat antes the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["add_dead_antes"]


def add_dead_antes(result: Any, antes: int, in_hand: Sequence[int]) -> Any:
    """Antes are dead money in the main pot, which every live hand can win (as in PokerKit and TDA)."""
    from dataclasses import replace

    from omaha_learn.engine.showdown import _clockwise, _split

    live = [s for s in in_hand if s not in result.dead]
    main = next((p for p in result.pots if not p.uncalled), None)
    merged = main is not None and set(main.eligible) == set(live)
    amount = antes + (main.amount if merged and main is not None else 0)
    order = _clockwise(live, result.button, len(result.payouts))
    best = max(result._high[s][0] for s in live)
    high_winners = [s for s in order if result._high[s][0] == best]
    low_winners: list[int] = []
    if result.game == "hilo":
        best_low = max(result._low[s][0] for s in live)
        if best_low >= result._threshold:
            low_winners = [s for s in order if result._low[s][0] == best_low]
    low_units = amount // 2 if low_winners else 0
    high_shares = _split(amount - low_units, high_winners, 1)
    low_shares = _split(low_units, low_winners, 1) if low_winners else {}
    payouts = list(result.payouts)
    pots = list(result.pots)
    if merged and main is not None:
        for shares in (main.high_shares, main.low_shares):
            for s, v in shares.items():
                payouts[s] -= v
        pots[pots.index(main)] = replace(main, amount=amount, high_shares=high_shares, low_shares=low_shares)
    for shares in (high_shares, low_shares):
        for s, v in shares.items():
            payouts[s] += v
    return replace(result, payouts=tuple(payouts), pots=tuple(pots))
