"""An independent best response, written here from scratch, agrees with ``Solution.exploitability``.

The reference shares no code with the solver: it walks the tree through the public
``Solution`` API only (``actions``, ``player``, ``strategy``), keeps the pot and the
chips each player put in from the action labels itself (``bN``/``rN`` are to-totals this
round, R15-R18), scores every pair of hands with the one-hand evaluators (``best_high``,
``best_low``) in a dense matrix, and loops in plain Python over hands, pairs and river cards.

Every test runs twice, once for each of the solver's forms of the range-against-range sums: the dense matrices
its small ranges use by default (``solver/dense.py``) and the prefix sums of large ranges (``PairSums``, forced
by setting ``DENSE_MAX`` to 0).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from omaha_learn.engine.cards import Card, parse_cards
from omaha_learn.engine.evaluation.hands import best_high, best_low
from omaha_learn.strategy.solver import Solution, dense, solve

Hand = tuple[int, ...]


@pytest.fixture(autouse=True, params=["dense matrices", "prefix sums"])
def sums_form(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The solver's form of the pair sums for this run of the test."""
    if request.param == "prefix sums":
        monkeypatch.setattr(dense, "DENSE_MAX", 0)
    return str(request.param)


def _share(h: Hand, g: Hand, board: list[int], hilo: bool) -> float:
    """Player holding ``h``'s share of the pot against ``g`` at showdown (R9-R12, halves and quarters)."""
    hh, hg = best_high(list(h), board).strength, best_high(list(g), board).strength
    high = 1.0 if hh > hg else 0.5 if hh == hg else 0.0
    if not hilo:
        return high
    lh, lg = best_low(list(h), board), best_low(list(g), board)
    if lh is None and lg is None:
        return high
    sh = 0 if lh is None else lh.strength
    sg = 0 if lg is None else lg.strength
    low = 1.0 if sh > sg else 0.5 if sh == sg else 0.0
    return 0.5 * high + 0.5 * low


class Reference:
    def __init__(self, sol: Solution, hilo: bool) -> None:
        self.sol = sol
        self.hilo = hilo
        self.hands = [[tuple(sorted(int(c) for c in h)) for h in sol.hands(p)] for p in (0, 1)]
        self.w: list[list[float]] = [[float(x) for x in sol.weights(p)] for p in (0, 1)]
        self.board = [int(c) for c in sol.board]
        self.cache: dict[tuple[Hand, Hand, tuple[int, ...]], float] = {}

    def share(self, h: Hand, g: Hand, board: list[int]) -> float:
        key = (h, g, tuple(board))
        if key not in self.cache:
            self.cache[key] = _share(h, g, board, self.hilo)
        return self.cache[key]

    def best_response(self, i: int) -> float:
        opp = {g: w for g, w in zip(self.hands[1 - i], self.w[1 - i], strict=True)}
        values = self.walk([], i, opp, self.board, [0, 0], [0, 0], None)
        z = sum(wh * wg for h, wh in zip(self.hands[i], self.w[i], strict=True)
                for g, wg in zip(self.hands[1 - i], self.w[1 - i], strict=True) if not set(h) & set(g))
        return sum(values[h] * wh for h, wh in zip(self.hands[i], self.w[i], strict=True)) / z

    def walk(self, hist: list[str], i: int, opp: dict[Hand, float], board: list[int], inv: list[int],
             bets: list[int], folder: int | None) -> dict[Hand, float]:
        mine = [h for h in self.hands[i] if not set(h) & set(board)]
        pot = self.sol.pot + inv[0] + inv[1]
        acts = self.sol.actions(" ".join(hist))
        if not acts:   # the end: a fold or a showdown
            out = {}
            for h in mine:
                v = 0.0
                for g, r in opp.items():
                    if r == 0 or set(h) & set(g):
                        continue
                    u: float
                    if folder is not None:
                        u = -inv[i] if folder == i else pot - inv[i]
                    else:
                        u = self.share(h, g, board) * pot - inv[i]
                    v += r * u
                out[h] = v
            return out
        if acts == ["*"]:   # the river card
            out = {h: 0.0 for h in mine}
            rivers = [c for c in range(52) if c not in board]
            for c in rivers:
                sub_opp = {g: r for g, r in opp.items() if c not in g}
                sub = self.walk(hist + [str(Card(c))], i, sub_opp, board + [c], inv, [0, 0], None)
                for h, v in sub.items():
                    out[h] += v / 40.0          # 52 - 4 board - 8 hole cards: 40 river cards per pair
            return out
        p = self.sol.player(" ".join(hist))
        assert p is not None
        children = []
        for a in acts:
            ninv, nbets = list(inv), list(bets)
            if a == "c":
                ninv[p] += bets[1 - p] - bets[p]
                nbets[p] = bets[1 - p]
            elif a[0] in "br":
                ninv[p] += int(a[1:]) - bets[p]
                nbets[p] = int(a[1:])
            children.append((a, ninv, nbets))
        if p == i:
            results = [self.walk(hist + [a], i, opp, board, ni, nb, p if a == "f" else None)
                       for a, ni, nb in children]
            return {h: max(r[h] for r in results) for h in mine}
        out = {h: 0.0 for h in mine}
        strat = {g: self.sol.strategy(" ".join(hist), list(g)) for g, r in opp.items() if r > 0}
        for a, ni, nb in children:
            sub_opp = {g: r * strat[g][a] for g, r in opp.items() if r > 0}
            sub = self.walk(hist + [a], i, sub_opp, board, ni, nb, p if a == "f" else None)
            for h in mine:
                out[h] += sub[h]
        return out

    def exploitability(self) -> float:
        return (self.best_response(0) + self.best_response(1) - self.sol.pot) / 2


def _sample(pool_cards: list[int], n: int, seed: int) -> list[list[int]]:
    rng = np.random.default_rng(seed)
    every = list(combinations(sorted(pool_cards), 4))
    return [list(every[k]) for k in sorted(rng.choice(len(every), size=n, replace=False))]


def _pool(board: str, size: int, seed: int) -> list[int]:
    dead = {int(c) for c in parse_cards(board)}
    rng = np.random.default_rng(seed)
    return [int(c) for c in rng.choice([c for c in range(52) if c not in dead], size=size, replace=False)]


@pytest.mark.parametrize("game", ["plo", "hilo"])
def test_independent_best_response_agrees_on_a_river(game: str) -> None:
    board = "Ah 8d 6c 4s 2h" if game == "hilo" else "Kh 9d 6c 4s 2h"
    pool = _pool(board, 14, 3)
    oop, ip = _sample(pool, 14, 1), _sample(pool, 12, 2)
    weights = {tuple(h): 0.5 + k % 3 for k, h in enumerate(oop)}
    sol = solve(board, ranges=(weights, ip), pot=60, stack=150, game=game, bets=("50%", "pot"),
                raises=("pot",), accuracy=0.001, max_iterations=60)
    ours = Reference(sol, game == "hilo").exploitability()
    assert ours == pytest.approx(sol.exploitability, rel=1e-7, abs=1e-9)
    assert sol.exploitability > 0


def test_independent_best_response_agrees_on_a_turn() -> None:
    board = "Kh 9d 6c 2s"
    pool = _pool(board, 11, 5)
    oop, ip = _sample(pool, 6, 3), _sample(pool, 6, 4)
    sol = solve(board, ranges=(oop, ip), pot=40, stack=80, bets=("pot",), raises=(), accuracy=0.001,
                max_iterations=20)
    ours = Reference(sol, False).exploitability()
    assert ours == pytest.approx(sol.exploitability, rel=1e-7, abs=1e-9)


def test_a_turn_without_betting_is_the_average_over_every_river() -> None:
    """No bets: each hand's turn EV is its pot share averaged over the 48 river cards and the
    opponent's hands (pairs weighted alike; each pair leaves 40 rivers)."""
    board = "Qs Td 7h 3c"
    pool = _pool(board, 10, 8)
    oop, ip = _sample(pool, 5, 1), _sample(pool, 5, 2)
    sol = solve(board, ranges=(oop, ip), pot=50, stack=100, game="hilo", bets=(), raises=())
    b = [int(c) for c in parse_cards(board)]
    for h in oop:
        num = den = 0.0
        for g in ip:
            if set(h) & set(g):
                continue
            for c in range(52):
                if c in b or c in h or c in g:
                    continue
                num += _share(tuple(h), tuple(g), b + [c], True) * 50
                den += 1
        assert sol.ev(h, "", player=0) == pytest.approx(num / den, rel=1e-9)
    assert sol.exploitability == pytest.approx(0.0, abs=1e-9)
