""":func:`solve`: an equilibrium of a heads-up turn or river spot, PLO or Omaha Hi-Lo.

See ``docs/solver.md`` for the model, the algorithm and what the accuracy means.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError, parse_cards
from omaha_learn.engine.equity.range_equity import RANGE_HOLE_CARDS
from omaha_learn.engine.games import Game
from omaha_learn.errors import GameError, SolverError
from omaha_learn.i18n import format_number
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.solver.cfr import Engine, Terminals
from omaha_learn.strategy.solver.dense import DensePairSums, DenseShowdown, dense_form, pair_sums
from omaha_learn.strategy.solver.ranges import read_range
from omaha_learn.strategy.solver.showdown import PairSums, strengths
from omaha_learn.strategy.solver.solution import Solution
from omaha_learn.strategy.solver.tree import Node, TreeConfig, build_tree

__all__ = ["solve", "estimate_memory", "MAX_MEMORY", "MAX_NODES"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Rows = npt.NDArray[np.intp]

MAX_MEMORY = 4 * 2 ** 30
"""Default bound on the memory a solve may take (bytes); larger requests are refused before allocating."""
MAX_NODES = 100_000
"""Most decision and end nodes a tree may have (every river card's copy counted once)."""


def solve(board: object, ranges: Sequence[object], pot: int = 100, stack: int = 300, game: str = "plo",
          bets: object = ("50%", "pot"), raises: object = ("pot",), ip_bets: object = None,
          ip_raises: object = None, accuracy: float = 0.005, max_iterations: int = 2000,
          progress: bool = False, seed: int | None = None, *, limit: str = "pot",
          max_raises: int | None = None, max_memory: int = MAX_MEMORY, check_every: int = 10) -> Solution:
    """Solve a heads-up spot on the turn (4-card ``board``) or the river (5 cards).

    ``ranges`` is ``(out_of_position, in_position)``, each range text (``"AA**,KK**ds"``,
    ``"25%"``), a list of hands or ``{hand: weight}``. ``pot`` is the chips in the middle,
    ``stack`` the effective stack behind. ``bets``/``raises`` are sizes (``"50%"``, ``"pot"``,
    ``"all-in"``, chips), ``ip_bets``/``ip_raises`` the in-position player's when they
    differ (``()``: none); ``limit="fixed"`` makes a fixed-limit tree (``bets=(N,)``).
    Solving stops when the exploitability is at most ``accuracy`` times the pot (checked
    every ``check_every`` iterations) or after ``max_iterations``. ``seed`` is accepted for
    a signature like :func:`~omaha_learn.equity`; the solver draws nothing at random, so
    its results never depend on it.

    >>> sol = solve("Kc 9c 6c 6h 2d", ranges=("KK**,7c5c**", "QQ**"), pot=100, stack=100,
    ...             bets=("pot",), raises=(), ip_bets=())
    >>> sol.actions(""), sol.actions("b100")
    (['x', 'b100'], ['f', 'c'])
    >>> sol.accuracy <= 0.005
    True
    """
    t0 = time.perf_counter()
    try:
        cards = parse_cards(board)  # type: ignore[arg-type]
    except CardError as exc:
        raise SolverError(_("board: {exc}").format(exc=exc)) from None
    if len(cards) not in (4, 5):
        raise SolverError(_("board: {count} cards; the solver takes a turn (4 cards) or a river (5 cards)").format(count=len(cards)))
    try:
        g = Game.parse(game)
    except GameError as exc:
        raise SolverError(_("game: {exc}").format(exc=exc)) from None
    if g.hole_cards != RANGE_HOLE_CARDS:
        raise SolverError(_("game: {game!r}; the solver plays four-card games (its ranges are four-card hands); {label} deals {hole_cards}").format(game=game, label=g.local_label, hole_cards=g.hole_cards))
    if isinstance(ranges, (str, bytes)) or not isinstance(ranges, Sequence) or len(ranges) != 2:
        raise SolverError(_("ranges: give two ranges, (out of position, in position)"))
    _number(accuracy, "accuracy", 0.0, 1.0)
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, int) or max_iterations < 1:
        raise SolverError(_("max_iterations: {max_iterations!r} is not a whole number 1 or more").format(max_iterations=max_iterations))
    if isinstance(check_every, bool) or not isinstance(check_every, int) or check_every < 1:
        raise SolverError(_("check_every: {check_every!r} is not a whole number 1 or more").format(check_every=check_every))
    if isinstance(max_memory, bool) or not isinstance(max_memory, int) or max_memory <= 0:
        raise SolverError(_("max_memory: {max_memory!r} is not a positive whole number of bytes").format(max_memory=max_memory))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SolverError(_("seed: {seed!r} is not a whole number or None").format(seed=seed))
    cfg = TreeConfig.make(pot=pot, stack=stack, bets=bets, raises=raises, ip_bets=ip_bets, ip_raises=ip_raises,
                          limit=limit, max_raises=max_raises)
    rows = [read_range(ranges[p], cards, g.value, who) for p, who in ((0, _("out-of-position")), (1, _("in-position")))]
    turn = len(cards) == 4
    root = build_tree(cfg, streets=2 if turn else 1, max_nodes=MAX_NODES)
    rivers = tuple(Card(c) for c in range(52) if c not in {int(x) for x in cards}) if turn else ()
    n = (len(rows[0][0]), len(rows[1][0]))
    need = estimate_memory(root, n, len(rivers) or 1, turn, g.has_low)
    if need > max_memory:
        raise SolverError((_("tree too large: about {need:.2f} GiB for {n} x {n2} hands and {nodes} nodes (48 river cards), over the bound of {bound:.2f} GiB (max_memory): use fewer hands or sizes") if turn else _("tree too large: about {need:.2f} GiB for {n} x {n2} hands and {nodes} nodes (river), over the bound of {bound:.2f} GiB (max_memory): use fewer hands or sizes")).format(need=need / 2 ** 30, n=format_number(n[0]), n2=format_number(n[1]), nodes=format_number(sum(1 for _k in root.walk())), bound=max_memory / 2 ** 30))
    engine = _engine(root, cards, rivers, [r for r, _ in rows], [w for _, w in rows], pot, g.has_low)
    if engine.normaliser() <= 0:
        raise SolverError(_("ranges: every pair of hands shares a card; there is nothing to solve"))
    target = accuracy * pot
    trace: list[tuple[int, float]] = []
    expl = float("inf")
    it = 0
    while it < max_iterations:
        engine.iterate()
        it += 1
        if it % check_every == 0 or it == max_iterations:
            expl = engine.exploitability()
            trace.append((it, expl))
            if progress:
                print(f"iteration {it}: exploitability {expl:.4g} chips ({100 * expl / pot:.3f}% of the pot)",
                      file=sys.stderr, flush=True)
            if expl <= target:
                break
    return Solution(engine=engine, board=cards, rows=[r for r, _ in rows], game=g.value, limit=limit, stack=stack,
                    rivers=rivers, exploitability=expl, iterations=it, trace=trace,
                    seconds=time.perf_counter() - t0)


def _number(v: object, what: str, lo: float, hi: float) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not (lo < v <= hi):
        raise SolverError(_("{what}: {v!r} is not a number above {lo} and at most {hi}").format(what=what, v=v, lo=lo, hi=hi))
    return float(v)


def _engine(root: Node, board: tuple[Card, ...], rivers: tuple[Card, ...], rows: list[Rows],
            weights: list[Floats], pot: int, low: bool) -> Engine:
    base = np.array([int(c) for c in board], dtype=np.intp)
    if rivers:
        boards = np.array([np.append(base, int(c)) for c in rivers], dtype=np.intp)
    else:
        boards = base[None, :]
    nb = boards.shape[0]
    hi, lo, masks = [], [], []  # type: list[Ints], list[Ints | None], list[Floats]
    for p in (0, 1):
        h, lw = strengths(rows[p], boards, low)
        hi.append(h)
        lo.append(lw)
        live: Floats = np.ones((1, len(rows[p])))
        if rivers:   # 1.0 where the hand does not hold that board's river card
            live = (~(rows[p][None, :, :] == boards[:, 4][:, None, None]).any(axis=2)).astype(np.float64)
        masks.append(live)
    Sums = list[PairSums | DensePairSums]
    fold0: Sums | None = [pair_sums(rows[i], rows[1 - i], None, None, 1) for i in (0, 1)] if rivers else None
    if dense_form(nb, len(rows[0]), len(rows[1])):
        # small ranges: a showdown is one product (DenseShowdown); the pair sums give the folds' totals alone
        pairs = [DensePairSums(rows[i], rows[1 - i], None, None, nb) for i in (0, 1)]
        totals: Sums = list(pairs)
        dense = [DenseShowdown(pairs[i], hi[i], hi[1 - i], lo[i], lo[1 - i]) for i in (0, 1)]
        terms = Terminals(fold=[fold0 or totals, totals], high=totals, low=None, has_low=None, dense=dense)
    else:
        high: Sums = [PairSums(rows[i], rows[1 - i], hi[i], hi[1 - i], nb) for i in (0, 1)]
        lows: Sums | None = None
        has_low: list[Floats] | None = None
        if low:
            lo_s = [x for x in lo if x is not None]
            lows = [PairSums(rows[i], rows[1 - i], lo_s[i], lo_s[1 - i], nb) for i in (0, 1)]
            has_low = [(x > 0).astype(np.float64) for x in lo_s]
        terms = Terminals(fold=[fold0 or high, high], high=high, low=lows, has_low=has_low)
    return Engine(root, weights, masks, terms, pot, 52 - len(board) - 8 if rivers else 1)


def estimate_memory(root: Node, n: tuple[int, int], boards: int, turn: bool, low: bool) -> int:
    """Bytes a solve of this tree and these range sizes will take, about (the bound checked first)."""
    total = 0
    depth = 0
    for node in root.walk():
        b = boards if node.street == 1 else 1
        depth = max(depth, len(node.history))
        total += b * (n[0] + n[1]) * 8                    # the values kept for Solution.ev
        if node.kind == "action":
            total += 2 * len(node.actions) * b * n[node.player] * 8
    big = boards * max(n) * 8
    total += (depth + 2) * 6 * big                        # a pass's work arrays along one line
    if dense_form(boards, *n):
        sums = 2 * (DensePairSums.estimate(max(n), max(n), boards, False) + DenseShowdown.estimate(*n, boards))
    else:
        sums = 2 * PairSums.estimate(max(n), max(n), boards, True) * (2 if low else 1)
    if turn:
        sums += 2 * (DensePairSums if dense_form(1, *n) else PairSums).estimate(max(n), max(n), 1, False)
    total += 2 * sums                                     # built with about as much again in temporaries
    total += 4 * big                                      # strengths and masks
    return total
