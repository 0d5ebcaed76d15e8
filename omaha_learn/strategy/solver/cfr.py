"""Discounted CFR over the whole tree, with every hand of a range at once (numpy vectors).

One pass (:meth:`Engine.traverse`) walks the tree for one player, the *traverser*,
carrying the opponent's reach (the weight of each of its hands times the probability
that it took the actions so far) and returns the traverser's counterfactual values: for
each of its hands, the sum over the opponent's compatible hands of reach times payoff.
Payoffs count what a player gets from the pot minus what it put in since the spot
began, so the two players' payoffs add up to the starting pot at every end of the tree.

Modes: ``"cfr"`` updates the traverser's regrets and average strategy (discounted CFR,
Brown and Sandholm 2019: positive regrets times t^1.5 / (t^1.5 + 1), negative ones times
1/2, the average strategy's past weights times (t / (t + 1))^2; players alternate);
``"best"`` is a best response to the opponent's average strategy (the traverser picks,
hand by hand, the action worth most at each of its nodes; its information is its hand
and the public actions and cards, so this is exact); ``"average"`` plays both average
strategies and keeps the values at every node (for :meth:`Solution.ev`).

Arrays are ``(B, n)``: ``B`` boards (1, or the 48 river cards after a turn's chance
node), ``n`` hands. A hand holding the river card has no reach on that board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from omaha_learn.strategy.solver.dense import DensePairSums, DenseShowdown
from omaha_learn.strategy.solver.showdown import PairSums
from omaha_learn.strategy.solver.tree import Node

__all__ = ["Engine", "Terminals", "ALPHA", "BETA", "GAMMA"]

Floats = npt.NDArray[np.float64]

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0
"""Discounted CFR's parameters (the values its authors recommend)."""


@dataclass
class Terminals:
    """The range-against-range sums at the ends of the tree, for traverser ``i`` (index ``i``).

    ``fold[street][i]`` gives totals on that street's boards; ``high[i]`` (and ``low[i]``
    in Hi-Lo) the showdown sums on the last street's boards; ``has_low[p]`` is ``(B, n_p)``,
    1.0 where player ``p``'s hand makes a qualifying low. With ``dense`` (small ranges) a showdown is
    ``dense[i]``'s one product, and ``high`` holds totals alone (``low`` and ``has_low`` are ``None``).
    """

    fold: list[list[PairSums | DensePairSums]]
    high: list[PairSums | DensePairSums]
    low: list[PairSums | DensePairSums] | None
    has_low: list[Floats] | None
    dense: list[DenseShowdown] | None = None
    """Each traverser's showdown value as one matrix product, when the ranges are small (else ``None``)."""


class Engine:
    """The solver's state: the tree, the players' hands and weights, regrets and average strategies."""

    def __init__(self, root: Node, weights: list[Floats], masks: list[Floats], terminals: Terminals,
                 pot: int, rivers: int) -> None:
        self.root = root
        self.weights = weights
        self.masks = masks                  # (B, n_p): 1.0 where the hand is live on river board b
        self.terminals = terminals
        self.pot = pot
        self.rivers = rivers                # river cards a pair of hands leaves (40), on a turn spot
        self.nodes = [n for n in root.walk() if n.kind == "action"]
        for k, node in enumerate(self.nodes):
            node.index = k
        self.regrets: list[Floats] = []
        self.sums: list[Floats] = []
        for node in self.nodes:
            shape = (len(node.actions), self._boards(node), len(weights[node.player]))
            self.regrets.append(np.zeros(shape))
            self.sums.append(np.zeros(shape))
        self.values: dict[tuple[int, int], Floats] = {}     # (id(node), player) -> cfv, mode "average"
        self.t = 0

    def _boards(self, node: Node) -> int:
        return 1 if node.street == 0 else self.masks[0].shape[0]

    # ------------------------------------------------------------------ strategies

    def current(self, k: int) -> Floats:
        """Regret matching at action node ``k``: ``(A, B, n)`` probabilities."""
        pos = np.maximum(self.regrets[k], 0.0)
        total = pos.sum(axis=0)
        a = pos.shape[0]
        return np.where(total > 0, pos / np.where(total > 0, total, 1.0), 1.0 / a)

    def average(self, k: int) -> Floats:
        """The average strategy at action node ``k`` (uniform for hands it never reached)."""
        s = self.sums[k]
        total = s.sum(axis=0)
        return np.where(total > 0, s / np.where(total > 0, total, 1.0), 1.0 / s.shape[0])

    # ------------------------------------------------------------------ passes

    def iterate(self) -> None:
        """One iteration of discounted CFR: each player updates once, in turn."""
        self.t += 1
        t = self.t
        self._pos = t ** ALPHA / (t ** ALPHA + 1)
        self._neg = t ** BETA / (t ** BETA + 1)
        self._gamma = (t / (t + 1)) ** GAMMA
        for i in (0, 1):
            self.traverse(self.root, i, self.weights[1 - i][None, :], self.weights[i][None, :], "cfr")

    def best_response_values(self) -> tuple[float, float]:
        """Each player's value (chips) when it best-responds to the other's average strategy."""
        out = []
        z = self.normaliser()
        for i in (0, 1):
            cfv = self.traverse(self.root, i, self.weights[1 - i][None, :], self.weights[i][None, :], "best")
            out.append(float((cfv[0] * self.weights[i]).sum()) / z)
        return out[0], out[1]

    def exploitability(self) -> float:
        """Mean of what each best response wins above the game's value, in chips:
        ``(BR0 + BR1 - pot) / 2`` (zero exactly at an equilibrium)."""
        b0, b1 = self.best_response_values()
        return (b0 + b1 - self.pot) / 2

    def normaliser(self) -> float:
        """The weight of all compatible pairs of hands: sum of w0(h) * w1(g) over pairs sharing no card."""
        tot = self.terminals.fold[0][0].totals(self.weights[1][None, :])
        return float((tot[0] * self.weights[0]).sum())

    def record_values(self) -> None:
        """Play both average strategies and keep every node's counterfactual values."""
        self.values.clear()
        for i in (0, 1):
            self.traverse(self.root, i, self.weights[1 - i][None, :], self.weights[i][None, :], "average")

    def traverse(self, node: Node, i: int, opp: Floats, own: Floats, mode: str) -> Floats:
        """Counterfactual values of traverser ``i``'s hands at ``node`` (``(B, n_i)``)."""
        if node.kind == "action":
            out = self._action(node, i, opp, own, mode)
        elif node.kind == "chance":
            m_own, m_opp = self.masks[i], self.masks[1 - i]
            sub = self.traverse(node.children[0], i, opp * m_opp, own * m_own, mode)
            out = (sub * m_own).sum(axis=0, keepdims=True) / self.rivers
        elif node.kind == "fold":
            tot = self.terminals.fold[node.street][i].totals(opp)
            gain = node.pot - node.invested[i] if node.player != i else -node.invested[i]
            out = gain * tot
        else:
            out = self._showdown(node, i, opp)
        if mode == "average":
            self.values[(id(node), i)] = out
        return out

    def _action(self, node: Node, i: int, opp: Floats, own: Floats, mode: str) -> Floats:
        k = node.index
        if node.player != i:
            sigma = self.average(k) if mode in ("best", "average") else self.current(k)
            total = np.zeros((opp.shape[0], len(self.weights[i])))
            for a, child in enumerate(node.children):
                total += self.traverse(child, i, opp * sigma[a], own, mode)
            return total
        sigma = self.current(k) if mode == "cfr" else self.average(k)
        values = np.stack([self.traverse(child, i, opp, own * sigma[a], mode)
                           for a, child in enumerate(node.children)])
        if mode == "best":
            result: Floats = values.max(axis=0)
            return result
        value: Floats = (sigma * values).sum(axis=0)
        if mode == "cfr":
            r = self.regrets[k]
            r *= np.where(r > 0, self._pos, self._neg)
            r += values - value[None]
            s = self.sums[k]
            s *= self._gamma
            s += sigma * own[None]
        return value

    def _showdown(self, node: Node, i: int, opp: Floats) -> Floats:
        term = self.terminals
        pot = float(node.pot)
        inv = float(node.invested[i])
        if term.dense is not None:
            return term.dense[i].value(opp, pot, inv)
        if term.low is None or term.has_low is None:
            wins, tot = term.high[i].showdown(opp)
            result: Floats = pot * wins - inv * tot
            return result
        opp_low = term.has_low[1 - i]
        wins_nl, tot = term.high[i].showdown(opp * (1.0 - opp_low))
        wins_l, tot_l = term.high[i].showdown(opp * opp_low)
        low_wins = term.low[i].wins(opp)
        # with a low: half the pot on the high against everyone, half on the low;
        # without: all of it against hands with no low, half against hands with one (scoops, halves, quarters)
        mine = term.has_low[i]
        value: Floats = pot * wins_nl + 0.5 * pot * wins_l + mine * (0.5 * pot * (low_wins - wins_nl)) \
            - inv * (tot + tot_l)
        return value
