"""The coach's heads-up pot shares between two sampled ranges (``range_pools.pair_matrix``) against a plain loop
over every pair of hands and every run-out with the one-hand evaluators: a scoop is 1, a split high 1/2, a Hi-Lo
pot halved or quartered as R11 says, run-outs holding either hand's card left out, hands sharing a card NaN."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_learn.engine.cards import Card, parse_cards
from omaha_learn.engine.evaluation.hands import best_high, best_low
from omaha_learn.engine.games import Game
from omaha_learn.strategy.range_pools import make_pool, make_runouts, pair_matrix


def _share(x: list[Card], a: list[Card], board: list[Card], low: bool) -> float:
    hx, ha = best_high(x, board).strength, best_high(a, board).strength
    high = 1.0 if hx > ha else 0.5 if hx == ha else 0.0
    if not low:
        return high
    lx, la = best_low(x, board), best_low(a, board)
    if lx is None and la is None:
        return high
    sx, sa = (0 if lx is None else lx.strength), (0 if la is None else la.strength)
    return 0.5 * high + 0.5 * (1.0 if sx > sa else 0.5 if sx == sa else 0.0)


BOARDS = {3: "2h 5d Kc", 4: "3s 6h Td 4c", 5: "Ah 7d 6c Qs 2s"}
"""Boards with two or three low cards, so that Hi-Lo pots are halved and quartered."""


@pytest.mark.parametrize(("game", "shown"), [("plo", 3), ("hilo", 3), ("hilo", 4), ("plo", 5), ("hilo", 5)])
def test_pair_matrix_is_the_average_share_over_the_run_outs_neither_hand_blocks(game: str, shown: int) -> None:
    rng = np.random.default_rng(7 + shown)
    g = Game.parse(game)
    board = tuple(int(c) for c in parse_cards(BOARDS[shown]))
    hole = tuple(int(c) for c in rng.choice([c for c in range(52) if c not in board], 4, replace=False))
    runouts = make_runouts(board, hole + board, 6, rng, g, 8 if g.has_low else None)
    x = make_pool("x", None, hole + board, 14, runouts, rng)
    a = make_pool("a", None, board, 12, runouts, rng)
    got = pair_matrix(x, a)
    if g.has_low:
        assert (x.lo > 0).any() and (a.lo > 0).any()      # the low half is exercised
    for i, hx in enumerate(x.hands):
        for j, ha in enumerate(a.hands):
            if set(hx.tolist()) & set(ha.tolist()):
                assert np.isnan(got[i, j])
                continue
            shares = [_share([Card(int(c)) for c in hx], [Card(int(c)) for c in ha], [Card(int(c)) for c in r],
                             g.has_low)
                      for r in runouts.boards if not set(r.tolist()) & (set(hx.tolist()) | set(ha.tolist()))]
            if not shares:
                assert np.isnan(got[i, j])
            else:
                assert got[i, j] == pytest.approx(sum(shares) / len(shares), abs=1e-12), (i, j)
    assert pair_matrix(x, a, k_max=2).shape == got.shape
