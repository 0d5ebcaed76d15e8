"""The :class:`Solution` of a spot: strategies, values and reaches, node by node.

Nodes are named by their history, written as :meth:`HandState.play` writes actions
(``"x b50 r250"``); on a turn spot the river card is written where it comes
(``"x x 7h b50"``). ``""`` is the first decision.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.engine.equity.range_equity import RANGE_HOLE_CARDS
from omaha_learn.engine.games import Game
from omaha_learn.errors import SolverError
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.canonical import four_cards
from omaha_learn.strategy.solver.cfr import Engine
from omaha_learn.strategy.solver.tree import Node

__all__ = ["Solution"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

SOLVER_GAMES = frozenset(g.value for g in Game if g.hole_cards == RANGE_HOLE_CARDS)
"""The games the solver plays: the four-card ones (its ranges are four-card hands)."""


class Solution:
    """An equilibrium (to the stated accuracy) of a heads-up turn or river spot; see :func:`solve`.

    Attributes: ``board``, ``game``, ``pot``, ``stack``, ``limit``; ``exploitability``
    (chips: what a best response wins on average above the game's value, measured,
    never estimated); ``iterations``; ``trace`` (``(iteration, exploitability)`` at each
    check); ``seconds`` (time spent solving).
    """

    def __init__(self, *, engine: Engine, board: tuple[Card, ...], rows: list[Ints], game: str, limit: str,
                 stack: int, rivers: tuple[Card, ...], exploitability: float, iterations: int,
                 trace: list[tuple[int, float]], seconds: float) -> None:
        _check_parts(engine, board, rows, game, limit, stack, rivers, exploitability, iterations, trace, seconds)
        self._engine = engine
        self.board = board
        self.game = game
        self.limit = limit
        self.pot = engine.pot
        self.stack = stack
        self.exploitability = exploitability
        self.iterations = iterations
        self.trace = trace
        self.seconds = seconds
        self._rows = rows
        self._rivers = rivers
        self._index = [{tuple(int(c) for c in r): j for j, r in enumerate(rows[p])} for p in (0, 1)]

    def __repr__(self) -> str:
        return (f"Solution({format_cards(self.board)}, {self.game}, pot {self.pot}, stack {self.stack}, "
                f"{len(self._rows[0]):,} vs {len(self._rows[1]):,} hands, exploitability "
                f"{self.exploitability:.3g} chips = {100 * self.accuracy:.2f}% of the pot, "
                f"{self.iterations} iterations)")

    @property
    def tree_size(self) -> int:
        """Nodes of the tree (decisions, ends, the river's chance node; one river subtree per line,
        shared by the 48 river cards)."""
        return sum(1 for _ in self._engine.root.walk())

    @property
    def accuracy(self) -> float:
        """The exploitability as a share of the starting pot."""
        return self.exploitability / self.pot

    # ------------------------------------------------------------------ nodes

    def _node(self, history: str | Sequence[str]) -> tuple[Node, int]:
        """The node after ``history`` and the index of its river board (0 before the river)."""
        if isinstance(history, str):
            tokens = history.replace(",", " ").split()
        elif isinstance(history, Sequence):
            tokens = [str(t) for t in history]
        else:
            raise SolverError(_("history: {history!r} is not text like 'x b50 c'").format(history=history))
        node = self._engine.root
        board = 0
        for pos, tok in enumerate(tokens):
            if node.kind == "chance":
                try:
                    card = parse_cards(tok)
                except CardError:
                    raise SolverError(_("history: {tok!r} (token {pos}) should be the river card here").format(tok=tok, pos=pos)) from None
                if len(card) != 1 or card[0] not in self._rivers:
                    raise SolverError(_("history: {tok!r} (token {pos}) is not a card that can come on the river (board {format_cards})").format(tok=tok, pos=pos, format_cards=format_cards(self.board)))
                board = self._rivers.index(card[0])
                node = node.children[0]
                continue
            t = tok.lower()
            if t in ("k", "check"):
                t = "x"
            if node.kind != "action":
                raise SolverError(_("history: {tok!r} (token {pos}) comes after the end of the hand ({join})").format(tok=tok, pos=pos, join=' '.join(tokens[:pos])))
            try:
                node = node.child(t)
            except SolverError as exc:
                raise SolverError(_("history: token {pos}: {exc}").format(pos=pos, exc=exc)) from None
        return node, board

    def actions(self, history: str = "") -> list[str]:
        """The actions at the node after ``history`` (``[]`` at the end of the hand; ``['*']``
        where the river card comes: write the card)."""
        return list(self._node(history)[0].actions)

    def player(self, history: str = "") -> int | None:
        """Who acts after ``history``: 0 (out of position), 1 (in position), or None."""
        node = self._node(history)[0]
        return node.player if node.kind == "action" else None

    def pot_at(self, history: str = "") -> int:
        """Chips in the middle after ``history``."""
        return self._node(history)[0].pot

    # ------------------------------------------------------------------ hands

    def hands(self, player: int) -> list[tuple[Card, ...]]:
        """Player ``player``'s hands after card removal (cards high to low), in the solver's order."""
        p = _player(player)
        return [tuple(Card(int(c)) for c in row[::-1]) for row in self._rows[p]]

    def weights(self, player: int) -> Floats:
        """The weight of each of :meth:`hands` (the range's weights; 1.0 unless weighted)."""
        w: Floats = self._engine.weights[_player(player)].copy()
        return w

    @staticmethod
    def _cards(hand: CardsLike) -> tuple[Card, ...]:
        """The edge of the hand questions: ``hand`` read once (parsed cards are checked, not read again)."""
        try:
            return four_cards(hand)
        except CardError as exc:
            raise SolverError(_("hand: {exc}").format(exc=exc)) from None

    def _hand(self, cards: tuple[Card, ...], player: int) -> int:
        key = tuple(sorted(int(c) for c in cards))
        j = self._index[player].get(key)
        if j is None:
            raise SolverError((_("hand {cards!r} is not in player {player}'s range (out of position) after card removal") if player == 0 else _("hand {cards!r} is not in player {player}'s range (in position) after card removal")).format(cards=format_cards(cards), player=player))
        return j

    def _owner(self, cards: tuple[Card, ...], node: Node, player: int | None) -> int:
        if player is not None:
            return _player(player)
        key = tuple(sorted(int(c) for c in cards))
        holders = [p for p in (0, 1) if key in self._index[p]]
        if node.kind == "action" and node.player in holders:
            return node.player
        if len(holders) == 1:
            return holders[0]
        if not holders:
            raise SolverError(_("hand {format_cards!r} is in neither player's range").format(format_cards=format_cards(cards)))
        raise SolverError(_("the hand is in both ranges and no one acts here: say whose with player=0 or 1"))

    # ------------------------------------------------------------------ strategies

    def strategy_array(self, history: str = "") -> Floats:
        """The acting player's average strategy at the node: ``(actions, hands)``, columns in
        the order of :meth:`hands`."""
        node, b = self._node(history)
        if node.kind != "action":
            raise SolverError(_("history {history!r}: no one acts here (the hand is over or the river card comes)").format(history=history))
        avg = self._engine.average(node.index)
        out: Floats = avg[:, min(b, avg.shape[1] - 1)]
        return out

    def strategy(self, history: str, hand: CardsLike) -> dict[str, float]:
        """The acting player's probability of each action with ``hand`` at the node after ``history``."""
        node, b = self._node(history)
        if node.kind != "action":
            raise SolverError(_("history {history!r}: no one acts here (the hand is over or the river card comes)").format(history=history))
        j = self._hand(self._cards(hand), node.player)
        self._live(node, b, node.player, j)
        probs = self.strategy_array(history)[:, j]
        return {a: float(p) for a, p in zip(node.actions, probs, strict=True)}

    def _live(self, node: Node, b: int, player: int, j: int) -> None:
        if node.street == 1 and self._rivers and self._engine.masks[player][b, j] == 0:
            raise SolverError(_("hand {format_cards!r} holds the river card {rivers}").format(format_cards=format_cards(self.hands(player)[j]), rivers=self._rivers[b]))

    def reach(self, history: str, player: int) -> Floats:
        """How much of each of ``player``'s hands reaches the node: its weight times the
        probability of its own actions on the way (its range narrowed by the actions)."""
        p = _player(player)
        node, b = self._node(history)
        r: Floats = self._engine.weights[p].copy()
        cur = self._engine.root
        for child in _path(cur, node):
            if cur.kind == "action" and cur.player == p:
                a = cur.children.index(child)
                avg = self._engine.average(cur.index)
                r = r * avg[a, min(b, avg.shape[1] - 1)]
            elif cur.kind == "chance":
                r = r * self._engine.masks[p][b]
            cur = child
        return r

    def ev(self, hand: CardsLike, history: str = "", player: int | None = None) -> float:
        """Expected chips of ``hand`` from the node on, both players playing the solution: what
        it wins from the pot minus what it puts in from here. ``player`` says whose hand
        when both ranges hold it and no one or the other player acts (NaN if the
        opponent's range cannot reach the node)."""
        node, b = self._node(history)
        cards = self._cards(hand)
        p = self._owner(cards, node, player)
        j = self._hand(cards, p)
        self._live(node, b, p, j)
        if not self._engine.values:
            self._engine.record_values()
        cfv = self._engine.values[(id(node), p)]
        opp = self.reach(history, 1 - p)
        bb = min(b, cfv.shape[0] - 1)
        opp_b = np.zeros((cfv.shape[0], opp.shape[0]))
        opp_b[bb] = opp
        norm = self._engine.terminals.fold[node.street][p].totals(opp_b)[bb, j]
        if norm <= 0:
            return float("nan")
        return float(cfv[bb, j] / norm + node.invested[p])

    def best_ev(self, hand: CardsLike, history: str = "", player: int | None = None) -> float:
        """Expected chips of ``hand`` from the node on when it plays its **best response** from there and the
        opponent plays the solution (same accounting as :meth:`ev`: what it wins from the pot minus what it
        puts in from here). At an action the hand plays at equilibrium this is :meth:`ev` (up to the
        exploitability); after an action it never plays, :meth:`ev` follows the solver's untrained
        (uniform) strategy for it there, and this is what the action is worth to a hand that plays on well:
        the EV a coach quotes for it."""
        node, b = self._node(history)
        cards = self._cards(hand)
        p = self._owner(cards, node, player)
        j = self._hand(cards, p)
        self._live(node, b, p, j)
        boards = len(self._rivers) if (node.street == 1 and self._rivers) else 1
        bb = min(b, boards - 1)
        opp = self.reach(history, 1 - p)
        opp_b: Floats = np.zeros((boards, opp.shape[0]))
        opp_b[bb] = opp
        own: Floats = np.ones((boards, len(self._rows[p])))
        cfv = self._engine.traverse(node, p, opp_b, own, "best")
        norm = self._engine.terminals.fold[node.street][p].totals(opp_b)[bb, j]
        if norm <= 0:
            return float("nan")
        return float(cfv[min(bb, cfv.shape[0] - 1), j] / norm + node.invested[p])


def _check_parts(engine: object, board: object, rows: object, game: object, limit: object, stack: object,
                 rivers: object, exploitability: object, iterations: object, trace: object, seconds: object) -> None:
    """A :class:`Solution` is made by :func:`solve`; anything else is refused, naming the part."""
    checks = [
        ("engine", isinstance(engine, Engine)),
        ("board", isinstance(board, tuple) and len(board) in (4, 5) and all(isinstance(c, Card) for c in board)),
        ("rows", isinstance(rows, list) and len(rows) == 2 and all(isinstance(r, np.ndarray) for r in rows)),
        ("game", isinstance(game, str) and game in SOLVER_GAMES), ("limit", limit in ("pot", "fixed")),
        ("stack", type(stack) is int), ("rivers", isinstance(rivers, tuple)),
        ("exploitability", type(exploitability) is float), ("iterations", type(iterations) is int),
        ("trace", isinstance(trace, list)), ("seconds", type(seconds) is float),
    ]
    for name, ok in checks:
        if not ok:
            raise SolverError(_("{name}: a Solution is made by solve(), not by hand (bad {name})").format(name=name))


def _player(p: object) -> int:
    if p not in (0, 1) or isinstance(p, bool):
        raise SolverError(_("player: {p!r} is not 0 (out of position) or 1 (in position)").format(p=p))
    return 0 if p == 0 else 1


def _path(root: Node, target: Node) -> list[Node]:
    """The nodes from ``root`` (excluded) down to ``target`` (included)."""
    stack: list[tuple[Node, list[Node]]] = [(root, [])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        for c in node.children:
            stack.append((c, path + [c]))
    raise SolverError(_("node not in the tree"))
