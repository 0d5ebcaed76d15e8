"""The coach's chip-EV model with fold equity, and the rule that narrows ranges after each action.

This module holds the numbers; :mod:`~omaha_learn.strategy.advice` renders them and
:mod:`~omaha_learn.strategy.coach` puts the pieces together. ``docs/coach.md`` says
the same in words.

**Pools and deals.** Every range is a :class:`~omaha_learn.strategy.range_pools.Pool`
(a sample of its hands, evaluated on ``K`` shared run-outs). The EV of every
action is averaged over the same ``trials`` deals (a run-out and one pool hand
per opponent, no two holding a card), so two actions' EVs are **paired** and the
error of their difference is measured directly (:meth:`SpotModel.difference_stderr`).

**Your range as the others see it.** The coach also keeps a pool for the seat
itself: the range its public actions show (the preflop table, then narrowed like
anyone else's). The opponents react to that range, never to the seat's cards.

**Fold equity.** After a bet or raise to ``T`` each opponent still in decides alone:

* *preflop*: it continues with the top share of the preflop table for the raises
  it now faces (:data:`~omaha_learn.strategy.preflop.CALL` by position against one
  raise, :data:`~omaha_learn.strategy.preflop.CALL_RERAISE` against two,
  :data:`~omaha_learn.strategy.preflop.FOUR_BET` against more; shares for a pot-sized
  raise, widened for a smaller one in proportion to its better price) and folds the rest;
* *after the flop*: it continues with the hands whose equity against your
  **betting range** is at least its price ``call / (pot + call)``, and at least its
  **minimum defence** (:func:`minimum_defence`: together the opponents fold at most
  the share at which a pure bluff breaks even), and folds the rest. Your betting range is your range narrowed by the betting rule below (value
  hands and the bluffs that go with them), so a bluff-catcher gets the bluffs' share.

Callers put in the bet (up to their stacks); then the rest is checked down. When
everyone folds you win the pot. **Re-raises**: preflop the top of a continuing range
(the table's re-raise share for the raises it faces) re-raises the pot; after the flop
a continuing hand with at least :data:`RERAISE_EQUITY` against your betting range
does. The other players fold to it; you call when your share against the re-raising
hands reaches the price of the call (preflop: when your hand is in the table's share
for that many raises) and the rest is checked down, else you fold what you put in.

**Checks and calls** have no fold equity: every opponent still in stays, the ones
who still owe chips to this bet match it, and the rest is checked down, except one
**later-street bet** (:meth:`SpotModel._later_street`, on the flop and turn, for every
option that leaves chips behind): when the seat makes three of a kind or better and an
opponent still in two pair or better, one more pot-sized bet (the big bet in fixed limit)
goes in, capped by the stacks, and the showdown decides it: implied odds for a draw to
the nuts, reverse implied odds for a second-best flush.

**Narrowing** (:func:`narrow_rule`), for every action after the flop, of the player
who took it, ranking its hands by equity against the other side's range on that
street's board: a bet or raise of ``b`` into a pot of ``p`` (``a = b / (p + b)``)
keeps the top ``v = (1 - a) / 2`` (value) and the bottom ``a v`` (bluffs:
bluffs : value = b : (p + b), the equilibrium ratio of a polarised bet; ``a v / k`` when ``k``
players face it); on the flop and turn a bet or raise ranks against the top
:data:`STRONG_SHARE` of the other side's range (the hands that continue); a raise
of a bet whose own ``a`` was ``f`` keeps ``v (1 - f)`` for value (it raises from
the ``1 - f`` that continues); a call keeps the shares from 10% to ``1 - a`` (the
top 10% would have raised; below ``1 - a`` the minimum defence ends); a check
behind (after a check) keeps all but the top 10% (the hands that would have bet);
a first check keeps the whole range (it may check-raise). No range is narrowed below a floor
(:func:`floored`). Preflop ranges come from the preflop table and are not narrowed again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from omaha_learn.errors import CoachError
from omaha_learn.i18n import N_, format_percent, gettext
from omaha_learn.strategy.preflop import CALL, CALL_RERAISE, FOUR_BET, LIMP, RERAISE
from omaha_learn.strategy.range_pools import (
    F64,
    Pool,
    Runouts,
    bits_of,
    make_pool,
    make_runouts,
    narrow,
    pair_matrix,
    shares_of,
)
from omaha_learn.strategy.range_set import Range
from omaha_learn.strategy.seat_view import SeatView

__all__ = ["call_price", "SpotModel", "OptionEV", "narrow_rule", "CAP", "EXACT_MODEL", "PASSIVE_MODEL", "FOLD_MODEL",
           "PREFLOP_FOLD_MODEL", "REDRAW_ROUNDS", "pool_sizes", "minimum_defence", "floored",
           "NARROW_FLOOR", "NARROW_MIN_HANDS", "NO_FOLD_SHARE"]

CAP = 0.10
"""The top share a check or a call gives up (those hands would have bet or raised)."""
EXACT_MODEL = N_("exact: no more betting is possible")
PASSIVE_MODEL = N_("the rest checked down, except one more bet on a later street when you make three of a kind "
                    "or better and an opponent two pair or better (implied odds)")
"""The models' names are catalogue entries: advice.py's ``model_text`` says them in the language in use."""
FOLD_MODEL = N_("fold-equity model: each opponent continues with the hands that have its price against your "
                 "betting range (at least its minimum defence) and folds the rest; the rest checked down, except one "
                 "more bet on a later street when you make three of a kind or better and a caller two pair or better")
PREFLOP_FOLD_MODEL = N_("fold-equity model: each opponent continues with its preflop-table share for the raises "
                         "it faces and folds the rest, the top of it re-raises; the rest checked down")
REDRAW_ROUNDS = 200
"""How many rounds of redraws the deal sampler tries before it reports how many deals it found."""
RERAISE_EQUITY = 0.6
"""After the flop, an opponent re-raises a bet when its hand has at least this share against the bettor's range."""
STRONG_SHARE = 1 / 3
"""Before the river a bet or raise keeps the hands that do best against this top share of the other side's range
(the hands that continue against it): sets and the nut draws rank above a top pair that only beats the rest."""
STRONG_HIGH = 4995
"""The strength (0-7461) of the lowest three of a kind: on a later street a hand this strong bets or calls one
more bet (:meth:`SpotModel._later_street`)."""
CALL_HIGH = 4137
"""The strength of the lowest two pair: on a later street a hand this strong calls that bet."""
NARROW_FLOOR = 0.05
"""Narrowing never leaves a range less than this share of its preflop range (:func:`floored`)."""
NARROW_MIN_HANDS = 20
"""... nor fewer than this many of its sampled hands."""
NO_FOLD_SHARE = 0.25
"""After the flop, a bet or raise that adds less than this share of the pot (the pot after calling) wins no
folds: every opponent continues with its whole range. A blocking bet of 2 into 97 offers a price of 2%; live
players and solvers call it with everything, not with the 98% the minimum-defence rule asks for."""


def pool_sizes(trials: int) -> tuple[int, int]:
    """(hands per pool, run-outs) used for ``trials`` deals: more trials, bigger pools."""
    return min(600, max(150, trials // 15)), min(48, max(8, trials // 200))


def call_price(view: SeatView) -> Fraction:
    """The equity a call needs: the chips it adds over the pot it can win after it (0 when checking is free).

    The one definition the advice shows: ``to_call / (pot + to_call)``, except that chips
    an opponent bet beyond what the caller can match come back (R21) and are not in
    the pot it can win. Chips that players behind may add later are not counted.
    """
    if not view.to_call:
        return Fraction(0)
    me = view.seat
    mine = view.contributions[me] + view.to_call
    winnable = sum(min(c, mine) for c in view.contributions) + (mine - view.contributions[me])
    return Fraction(view.to_call, winnable)


def narrow_rule(kind: str, bet: int, pot: int, faced: float = 0.0, behind: bool = False,
                facing: int = 1) -> list[tuple[float, float]]:
    """The share slices a range keeps after an action (see the module notes).

    ``bet`` is the chips the action adds above the bet it faces (for a call: the
    call) and ``pot`` the pot before them; ``faced`` is ``a`` of the bet a raise
    answers (0 for a first bet); ``behind`` marks a check after a check.

    >>> narrow_rule("bet", 10, 10)                 # a pot-sized bet: top 25% and the bottom 12.5%
    [(0.0, 0.25), (0.875, 1.0)]
    >>> narrow_rule("raise", 20, 20, faced=0.5)    # a pot raise of a pot bet: half of that
    [(0.0, 0.125), (0.9375, 1.0)]
    >>> narrow_rule("bet", 10, 10, facing=3)       # three players face it: a third of the bluffs
    [(0.0, 0.25), (0.9583333333333334, 1.0)]
    >>> narrow_rule("call", 10, 20)                # calling 10 into 20: from 10% to 66.7%
    [(0.1, 0.6666666666666667)]
    >>> narrow_rule("check", 0, 20), narrow_rule("check", 0, 20, behind=True)
    ([(0.0, 1.0)], [(0.1, 1.0)])
    """
    if kind in ("bet", "raise"):
        a = bet / (pot + bet) if pot + bet > 0 else 0.5
        value = (1 - a) / 2 * (1 - faced)
        return [(0.0, value), (1 - value * a / max(1, facing), 1.0)]
    if kind == "call":
        a = bet / (pot + bet) if pot + bet > 0 else 0.0
        return [(CAP, max(CAP + 1e-9, 1 - a))]
    if kind == "check" and behind:
        return [(CAP, 1.0)]
    return [(0.0, 1.0)]


@dataclass(frozen=True)
class OptionEV:
    """One action's EV: mean chips from now on, its Monte Carlo error, the per-deal values, the model,
    the share of deals in which every opponent folded, and the equity a call needs (0 when not a call)."""

    target: int
    kind: str
    ev: float
    stderr: float
    per_deal: F64 = field(repr=False)
    model: str
    fold_share: float
    continue_share: dict[int, float]
    break_even: float
    exact: bool = False


@dataclass
class SpotModel:
    """The prepared spot: pools, run-outs and deals (see the module notes); EVs on demand by target."""

    view: SeatView
    runouts: Runouts
    pools: dict[int, Pool]
    me: Pool
    deal_k: npt.NDArray[np.int64]
    deal_x: dict[int, npt.NDArray[np.int64]]
    notes: list[str]
    deal_hi: dict[int, npt.NDArray[np.uint16]] = field(default_factory=dict)
    deal_lo: dict[int, npt.NDArray[np.uint16]] = field(default_factory=dict)
    matrices: dict[int, F64] = field(default_factory=dict)
    _strong: dict[int, npt.NDArray[np.bool_]] = field(default_factory=dict)
    street_start: dict[int, F64] = field(default_factory=dict)
    """Each pool's weights as the current street began (before its actions narrowed them), by seat."""
    _cache: dict[tuple[str, int], OptionEV] = field(default_factory=dict)

    # ----------------------------------------------------------------- building
    @classmethod
    def build(cls, view: SeatView, ranges: dict[int, Range | None], my_range: Range | None, trials: int,
              seed: int | None, fixed: frozenset[int] = frozenset()) -> SpotModel:
        """Pools, run-outs and deals for ``view``; the ranges of seats in ``fixed`` are taken as they are
        now (given ranges) and are not narrowed by their actions."""
        rng = np.random.default_rng(seed)
        size, k = pool_sizes(trials)
        hole = tuple(int(c) for c in view.hole)
        board = tuple(int(c) for c in view.board)
        runouts = make_runouts(board, hole + board, k, rng, view.game, view.qualifier)
        notes: list[str] = []
        pools = {}
        for s, r in ranges.items():
            pools[s] = make_pool(f"seat {s}", r, hole + board, size, runouts, rng)
            if pools[s].relaxed:
                notes.append(f"seat {s}: {pools[s].relaxed}")
        me = make_pool("you", my_range, board, size, runouts, rng)
        model = cls(view, runouts, pools, me, np.zeros(0, dtype=np.int64), {}, notes)
        before = {s: p.weights.copy() for s, p in pools.items()}
        if view.street_index > 0:
            model._narrow_history(rng, k, fixed)
        try:
            model._deal(trials, rng)
            return model
        except CoachError:
            narrowed = [s for s in pools if not np.array_equal(pools[s].weights, before[s])]
        if narrowed:
            for s in narrowed:
                pools[s].weights = before[s]
                pools[s].history.append(gettext("undone: the narrowed ranges could not hold hands together "
                                                "beside your cards"))
            model.notes.append(f"the narrowed ranges of seat(s) {', '.join(map(str, narrowed))} could not hold "
                               "hands together beside your cards, so their narrowing was undone (their preflop "
                               "ranges are used)")
            try:
                model._deal(trials, rng)
                return model
            except CoachError:
                pass
        loose = [s for s in pools if s not in fixed and ranges.get(s) is not None]
        if not loose:
            raise CoachError(gettext("ranges: the opponents' ranges cannot hold hands together beside the cards this seat can see; give ranges= for the opponents"))
        for s in loose:       # the estimates themselves cannot be dealt together: say so and take any hand
            pools[s] = make_pool(f"seat {s}", None, hole + board, size, runouts, rng)
            pools[s].history.append(gettext("relaxed to any hand: its estimated range could not be dealt beside the "
                                            "others"))
        model.notes.append(f"the estimated ranges of seat(s) {', '.join(map(str, loose))} could not hold hands "
                           "together beside your cards even before narrowing, so the coach takes them as any hand")
        model._deal(trials, rng)
        return model

    def _narrow_history(self, rng: np.random.Generator, k: int, fixed: frozenset[int]) -> None:
        """Narrow every pool by each post-flop action of its player (the rule of :func:`narrow_rule`)."""
        view = self.view
        hole = tuple(int(c) for c in view.hole)
        board = tuple(int(c) for c in view.board)
        gone: dict[int, set[int]] = {}          # the seats folded before each step
        out: set[int] = set()
        for step in view.steps:
            gone[id(step)] = set(out)
            if step.action.kind == "fold":
                out.add(step.seat)
        for street in (1, 2, 3):
            if street == view.street_index:      # the ranges as this street began (a solver's root)
                self.street_start = {s: p.weights.copy() for s, p in self.pools.items()}
                self.street_start[view.seat] = self.me.weights.copy()
            steps = [s for s in view.steps if s.street == street]
            if not steps:
                continue
            shown = board[:2 + street]
            runouts = make_runouts(shown, hole + board, max(8, k // 2), rng, view.game, view.qualifier)
            seats = [s for s in self.pools]
            probe = {s: _rebase(self.pools[s], runouts) for s in seats}
            me = _rebase(self.me, runouts)
            mats = {s: pair_matrix(probe[s], me) for s in seats}
            checked = False
            for step in steps:
                kind = step.action.kind
                if kind == "fold":
                    continue
                facing = sum(1 for j in range(view.n) if j != step.seat and j not in gone[id(step)])
                owed = step.top_bet - step.seat_bet
                bet = (step.action.amount or 0) - step.top_bet if kind in ("bet", "raise") else owed
                pot = step.pot + (owed if kind in ("bet", "raise") else 0)
                faced = owed / step.pot if kind == "raise" and step.pot else 0.0
                keep = narrow_rule(kind, max(0, bet), pot, faced, behind=kind == "check" and checked, facing=facing)
                checked = checked or kind == "check"
                strong = kind in ("bet", "raise") and street < 3     # ranked against the hands that continue
                if step.seat == view.seat:
                    score = np.mean([1 - shares_of(mats[s].T, _strong_part(self.pools[s].weights, mats[s], self.me.weights)
                                                   if strong else self.pools[s].weights) for s in seats], axis=0)
                    keep = floored(keep, self.me)
                    self.me.weights = narrow(self.me.weights, score, keep)
                    self.me.history.append(_describe(street, step.action.kind, keep))
                elif step.seat in self.pools and step.seat not in fixed:
                    pool = self.pools[step.seat]
                    mat = mats[step.seat]
                    score = shares_of(mat, _strong_part(self.me.weights, 1 - mat.T, pool.weights) if strong
                                      else self.me.weights)
                    keep = floored(keep, pool)
                    pool.weights = narrow(pool.weights, score, keep)
                    pool.history.append(_describe(street, step.action.kind, keep))

    def _deal(self, trials: int, rng: np.random.Generator) -> None:
        """``trials`` deals: one hand per opponent in turn, drawn by weight among the pool hands that hold
        no card already dealt (a colliding draw is redrawn, up to :data:`REDRAW_ROUNDS` times; a deal still
        colliding then is dropped and the advice says how many were), then a fresh run-out of the board
        from the cards left, and every hand evaluated on it."""
        view = self.view
        hole = np.array([int(c) for c in view.hole], dtype=np.int64)
        board = np.array([int(c) for c in view.board], dtype=np.int64)
        used = np.full(trials, bits_of(np.concatenate([hole, board])), dtype=np.uint64)
        ok = np.ones(trials, dtype=bool)
        xs: dict[int, npt.NDArray[np.int64]] = {}
        for s, pool in self.pools.items():
            p = pool.weights / pool.weights.sum()
            x = rng.choice(pool.m, size=trials, p=p)
            bad = ok & ((pool.bits[x] & used) != 0)
            for _ in range(REDRAW_ROUNDS):
                rows = np.flatnonzero(bad)
                if len(rows) == 0:
                    break
                x[rows] = rng.choice(pool.m, size=len(rows), p=p)
                bad[rows] = (pool.bits[x[rows]] & used[rows]) != 0
            ok &= ~bad
            used |= np.where(ok, pool.bits[x], np.uint64(0))
            xs[s] = x
        keep = np.flatnonzero(ok)
        n = len(keep)
        dropped = trials - n
        if dropped:
            self.notes.append(f"{dropped:,} of the {trials:,} deals were dropped: an opponent's range found no hand "
                              f"beside the cards already dealt in {REDRAW_ROUNDS} redraws; every number uses the "
                              f"other {n:,} deals, and no range was widened")
        if n == 0:
            raise CoachError(gettext("ranges: the opponents' ranges cannot hold hands together beside the cards this seat can see; give ranges= for the opponents"))
        used = used[keep]
        extra = np.zeros((n, 5 - len(board)), dtype=np.int64)
        for col in range(extra.shape[1]):
            card = rng.integers(0, 52, n)
            clash = (used & np.left_shift(np.uint64(1), card.astype(np.uint64))) != 0
            while clash.any():
                rows = np.flatnonzero(clash)
                card[rows] = rng.integers(0, 52, len(rows))
                clash[rows] = (used[rows] & np.left_shift(np.uint64(1), card[rows].astype(np.uint64))) != 0
            extra[:, col] = card
            used |= np.left_shift(np.uint64(1), card.astype(np.uint64))
        boards = np.concatenate([np.tile(board, (n, 1)), extra], axis=1)
        from omaha_learn.engine.evaluation.batch import evaluate_high_low_many, evaluate_high_many

        self.deal_x = {s: x[keep] for s, x in xs.items()}
        seats = [-1, *self.pools]                     # every seat's hands on every deal's board, in one call
        holes = np.concatenate([np.tile(hole, (n, 1))] + [self.pools[s].hands[self.deal_x[s]] for s in seats[1:]])
        every = np.tile(boards, (len(seats), 1))
        if view.game.has_low:
            hi, lo = evaluate_high_low_many(holes, every, view.qualifier)
            self.deal_lo = {s: lo[j * n:(j + 1) * n] for j, s in enumerate(seats)}
        else:
            hi = evaluate_high_many(holes, every)
            self.deal_lo = {}
        self.deal_hi = {s: hi[j * n:(j + 1) * n] for j, s in enumerate(seats)}
        self.deal_k = np.arange(n, dtype=np.int64)

    # ----------------------------------------------------------------- numbers
    @property
    def deals(self) -> int:
        return int(len(self.deal_k))

    def share(self, live: dict[int, npt.NDArray[np.bool_]] | None = None) -> F64:
        """The seat's share of the pot in every deal against the opponents ``live`` in it (all when None)."""
        k = self.deal_k
        hh = self.deal_hi[-1].astype(np.int32)
        top = np.zeros(len(k), dtype=np.int32)
        tops: list[npt.NDArray[np.int32]] = []
        for s in self.pools:
            v = self.deal_hi[s].astype(np.int32)
            if live is not None:
                v = np.where(live[s], v, 0)
            tops.append(v)
            top = np.maximum(top, v)
        ties = sum((t == top).astype(np.int32) for t in tops) if tops else np.zeros(len(k), dtype=np.int32)
        hi = np.where(hh > top, 1.0, np.where(hh == top, 1.0 / (1 + ties), 0.0))
        if not self.deal_lo:
            return np.asarray(hi, dtype=np.float64)
        hl = self.deal_lo[-1].astype(np.int32)
        ltop = np.zeros(len(k), dtype=np.int32)
        lows: list[npt.NDArray[np.int32]] = []
        for s in self.pools:
            v = self.deal_lo[s].astype(np.int32)
            if live is not None:
                v = np.where(live[s], v, 0)
            lows.append(v)
            ltop = np.maximum(ltop, v)
        lties = sum(((t == ltop) & (t > 0)).astype(np.int32) for t in lows)
        lo = np.where(hl > ltop, 1.0, np.where((hl == ltop) & (hl > 0), 1.0 / (1 + lties), 0.0))
        any_low = (hl > 0) | (ltop > 0)
        return np.asarray(np.where(any_low, 0.5 * hi + 0.5 * lo, hi), dtype=np.float64)

    def equity(self) -> tuple[float, float]:
        """The seat's share of the pot at the showdown if it checks or calls (against every opponent still in
        that stays: preflop, a player yet to act stays with its preflop-table share), and its error."""
        view = self.view
        live, _ = self._continues(view.bets[view.seat] + view.to_call, False)
        s = self.share(live)
        return float(s.mean()), float(s.std(ddof=1) / np.sqrt(len(s))) if len(s) > 1 else 0.0

    def _continues(self, target: int, aggressive: bool) -> tuple[dict[int, npt.NDArray[np.bool_]], dict[int, float]]:
        """Per deal, whether each opponent continues after the seat puts its bet to ``target``."""
        view = self.view
        me = view.seat
        mine = min(target, view.bets[me] + view.stacks[me])
        pot_after = view.pot + (mine - view.bets[me])
        raises = sum(1 for s in view.steps if s.street == view.street_index and s.action.kind in ("bet", "raise"))
        live: dict[int, npt.NDArray[np.bool_]] = {}
        share: dict[int, float] = {}
        betting = None
        if view.street_index > 0 and aggressive:
            top = max(view.bets)
            owed = top - view.bets[me]
            keep = narrow_rule("raise" if top else "bet", mine - top, view.pot + owed,
                               owed / view.pot if top and view.pot else 0.0, facing=len(view.opponents))
            betting = narrow(self.me.weights, self._my_scores(), keep)
        from omaha_learn.strategy.opponent_model import positions

        names = positions(view.n, view.button)
        facing = [s for s in self.pools if min(mine, view.bets[s] + view.stacks[s]) > view.bets[s] and view.stacks[s]]
        defence = minimum_defence(mine - view.bets[me], view.pot, len(facing))
        for s, pool in self.pools.items():
            owe = min(mine, view.bets[s] + view.stacks[s]) - view.bets[s]
            if owe <= 0 or view.stacks[s] == 0 or (view.street_index > 0 and not aggressive):
                hands = np.ones(pool.m, dtype=bool)
            elif view.street_index == 0:
                base = "UTG" if names[s].startswith("UTG") else names[s]
                faced = raises + (1 if aggressive else 0)
                cut = (LIMP if faced == 0 else CALL[base] if faced == 1 else CALL_RERAISE if faced == 2
                       else FOUR_BET)
                if aggressive:
                    cut = 1 - (1 - cut) * _price_ratio(view, s, mine, pot_after)
                hands = pool.preflop_shares(view.game) < cut
            else:
                assert betting is not None
                price = owe / (pot_after + owe)
                eq = shares_of(self._matrix(s), betting)
                hands = _defend(eq >= price, eq, pool.weights, defence)
                if mine - max(view.bets) < NO_FOLD_SHARE * (view.pot + max(view.bets) - view.bets[me]):
                    hands = np.ones(pool.m, dtype=bool)      # a blocking bet wins no folds (NO_FOLD_SHARE)
                self._strong[s] = (eq >= RERAISE_EQUITY)[self.deal_x[s]]
            p = pool.weights / pool.weights.sum()
            share[s] = float((p * hands).sum())
            live[s] = hands[self.deal_x[s]]
        return live, share

    def _matrix(self, s: int) -> F64:
        if s not in self.matrices:
            self.matrices[s] = pair_matrix(self.pools[s], self.me, k_max=24)
        return self.matrices[s]

    def _my_scores(self) -> F64:
        mats = [1 - shares_of(self._matrix(s).T, self.pools[s].weights) for s in self.pools]
        return np.asarray(np.mean(mats, axis=0), dtype=np.float64)

    def option(self, kind: str, target: int) -> OptionEV:
        """The EV of putting the seat's bet this round to ``target`` with an action of ``kind``."""
        key = (kind, target)
        if key in self._cache:
            return self._cache[key]
        view = self.view
        me = view.seat
        n = self.deals
        mine = min(target, view.bets[me] + view.stacks[me])
        added = mine - view.bets[me]
        live, cont = self._continues(target, kind in ("bet", "raise"))
        contrib = np.tile(np.array(view.contributions, dtype=np.float64), (n, 1))
        contrib[:, me] += added
        for s in self.pools:
            reach = min(mine, view.bets[s] + view.stacks[s])
            extra = max(0, reach - view.bets[s])
            contrib[:, s] += np.where(live[s], extra, 0)
        live_top = np.zeros(n)
        anyone = np.zeros(n, dtype=bool)
        for s in self.pools:
            live_top = np.maximum(live_top, np.where(live[s], contrib[:, s], 0))
            anyone |= live[s]
        mine_in = np.minimum(contrib[:, me], live_top)
        winnable = np.minimum(contrib, mine_in[:, None]).sum(axis=1)
        share = self.share(live)
        ev = np.where(anyone, share * winnable - (mine_in - view.contributions[me]), float(view.pot))
        later = self._later_street(live, contrib, winnable, anyone)
        if later is not None:
            ev = ev + later
        if kind in ("bet", "raise"):
            ev = self._reraised(ev, live, mine, added)
        fold_all = float((~anyone).mean())
        model, exact = self._label(kind, mine, added)
        be = 0.0
        if kind == "call" and view.to_call:
            be = float(call_price(view))
        se = float(ev.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
        out = OptionEV(target, kind, float(ev.mean()), se, ev, model, fold_all, cont, be, exact)
        self._cache[key] = out
        return out

    def _later_street(self, live: dict[int, npt.NDArray[np.bool_]], contrib: F64, winnable: F64,
                      anyone: npt.NDArray[np.bool_]) -> F64 | None:
        """Per deal, the chips of one more bet on a later street (the flop and turn only; ``None`` when no
        chips can follow): when the seat holds a strong hand on the river (:data:`STRONG_HIGH`, three of a kind
        or better) and an opponent still in holds two pair or better (:data:`CALL_HIGH`), one more bet goes in,
        the pot in pot limit (R18) and the big bet in fixed limit, capped by each player's chips behind (the
        seat bets it, or calls it from a stronger hand); every such opponent puts it in, and the seat wins its
        showdown share of those chips against them. A hand that misses checks
        down or folds to the bet, which costs nothing beyond the showdown it loses; a strong hand facing no
        strong hand wins nothing more. So a draw to the nuts is paid when it hits (implied odds), and a
        second-best strong hand pays (reverse implied odds)."""
        view = self.view
        me = view.seat
        if view.street_index not in (1, 2):
            return None
        total = np.array([view.contributions[j] + view.stacks[j] for j in range(view.n)], dtype=np.float64)
        behind = total[None, :] - contrib
        if not (behind[:, me] > 0).any():
            return None
        size = 2.0 * view.big_blind if view.structure == "fixed" else None
        strong_me = self.deal_hi[-1] >= STRONG_HIGH
        strong = {s: live[s] & (self.deal_hi[s] >= CALL_HIGH) & (behind[:, s] > 0) for s in self.pools}
        some = np.zeros(self.deals, dtype=bool)
        cap = np.zeros(self.deals)
        for s, st in strong.items():
            some |= st
            cap = np.maximum(cap, np.where(st, behind[:, s], 0.0))
        rows = anyone & strong_me & some & (behind[:, me] > 0)
        if not rows.any():
            return None
        bet = np.minimum(np.minimum(winnable if size is None else np.full(self.deals, size), behind[:, me]), cap)
        pot = bet.copy()
        for s, st in strong.items():
            pot += np.where(st, np.minimum(bet, behind[:, s]), 0.0)
        share = self.share(strong)
        return np.asarray(np.where(rows, share * pot - bet, 0.0), dtype=np.float64)

    def _reraised(self, ev: F64, live: dict[int, npt.NDArray[np.bool_]], mine: int, added: int) -> F64:
        """The deals in which an opponent who continues re-raises the pot (up to the stacks; the others fold):
        preflop the one whose hand is highest in the preflop table's re-raise share for the raises it now
        faces, after the flop the first one whose hand has at least :data:`RERAISE_EQUITY` against the seat's
        betting range. The seat calls (and the rest is checked down) when it would continue, preflop when its
        hand is in its own table share for that many raises, after the flop when its share against the
        re-raising hands (over every deal in which one re-raises) reaches the price of the call; else it
        folds and loses what it put in. No re-raise past the fourth bet of a street."""
        view = self.view
        me = view.seat
        raises = sum(1 for s in view.steps if s.street == view.street_index and s.action.kind in ("bet", "raise"))
        if raises + 1 >= 4:
            return ev
        who = self._reraisers(live, mine, raises)
        raised = who >= 0
        if not raised.any():
            return ev
        out: F64 = ev.copy()
        n = self.deals
        pot_after = view.pot + added
        for s in self.pools:
            rows = raised & (who == s)
            if not rows.any():
                continue
            level = min(mine + pot_after + (mine - view.bets[s]), view.bets[s] + view.stacks[s],
                        view.bets[me] + view.stacks[me])
            winnable = sum(view.contributions) + (level - view.bets[me]) + (level - view.bets[s])
            share = self.share({j: np.full(n, j == s) for j in self.pools})
            if view.street_index == 0:
                from omaha_learn.strategy.preflop import preflop_share_of

                stay = CALL_RERAISE if raises == 0 else FOUR_BET if raises == 1 else 0.0
                keeps = preflop_share_of(view.hole, view.game) < stay
            else:
                keeps = float(share[rows].mean()) >= (level - mine) / winnable if winnable else False
            out[rows] = share[rows] * winnable - (level - view.bets[me]) if keeps else -float(added)
        return out

    def _reraisers(self, live: dict[int, npt.NDArray[np.bool_]], mine: int, raises: int) -> npt.NDArray[np.int64]:
        """Per deal, the seat that re-raises the seat's bet or raise to ``mine`` (-1: none; see :meth:`_reraised`)."""
        view = self.view
        n = self.deals
        who = np.full(n, -1, dtype=np.int64)
        best = np.full(n, 2.0)
        cut = RERAISE if raises == 0 else FOUR_BET
        for s, pool in self.pools.items():
            if view.stacks[s] + view.bets[s] <= mine:     # all in or matched at most: cannot re-raise
                continue
            if view.street_index == 0:
                pf = pool.preflop_shares(view.game)[self.deal_x[s]]
                hit = live[s] & (pf < cut) & (pf < best)
                best = np.where(hit, pf, best)
            elif s in self._strong:
                hit = live[s] & self._strong[s] & (who < 0)
            else:
                continue
            who = np.where(hit, s, who)
        return who

    def _label(self, kind: str, mine: int, added: int) -> tuple[str, bool]:
        """The model's name for an action, and whether its EV is exact (no more betting can follow)."""
        view = self.view
        me = view.seat
        if kind in ("bet", "raise"):
            return (PREFLOP_FOLD_MODEL if view.street_index == 0 else FOLD_MODEL), False
        stacks_after = {j: view.stacks[j] - max(0, min(mine, view.bets[j] + view.stacks[j]) - view.bets[j])
                        for j in view.opponents}
        matched = all(view.bets[j] >= mine or view.stacks[j] == 0 for j in view.opponents)
        with_chips = sum(1 for j in view.opponents if stacks_after[j] > 0) + (view.stacks[me] - added > 0)
        contrib = list(view.contributions)
        contrib[me] += added
        top = max((contrib[j] for j in view.opponents), default=0)
        one_pot = all(min(contrib[j], contrib[me]) == min(contrib[me], top) for j in view.opponents)
        exact = matched and with_chips <= 1 and one_pot
        return (EXACT_MODEL if exact else PASSIVE_MODEL), exact

    def difference_stderr(self, a: OptionEV, b: OptionEV) -> float:
        """The Monte Carlo error of ``a.ev - b.ev`` from the same deals (paired)."""
        d = a.per_deal - b.per_deal
        return float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else 0.0

    def range_summary(self, seat: int) -> tuple[float, int, list[str]]:
        """(share of the range kept, hands it stands for, the narrowing steps in words) of an opponent."""
        pool = self.pools[seat]
        return pool.kept, int(round(pool.kept * pool.size)), list(pool.history)


def floored(keep: list[tuple[float, float]], pool: Pool) -> list[tuple[float, float]]:
    """The slices of ``keep`` widened in proportion (value, bluffs and calls alike) so that ``pool`` keeps at
    least :data:`NARROW_FLOOR` of its preflop range and :data:`NARROW_MIN_HANDS` of its sampled hands.

    Each action's rule is exact only for a player who plays it exactly; five or six of them in a row would
    leave a handful of hands (say the full houses alone) where a real player still holds the bluffs and the
    hands it misplayed, and a bluff-catcher would fold to any bet, whatever the price.
    """
    width = sum(hi - lo for lo, hi in keep)
    now = float(pool.weights.sum() / pool.start) if pool.start else 1.0
    least = max(NARROW_FLOOR, NARROW_MIN_HANDS / max(1, pool.m))
    if width <= 0 or width >= 1 or now * width >= least:
        return keep
    factor = min(1 / width, least / (now * width))
    out = []
    for lo, hi in keep:
        span = (hi - lo) * factor
        out.append((max(0.0, 1 - span), 1.0) if hi >= 1 and lo > 0 else (lo, min(1.0, lo + span)))
    if len(out) == 2 and out[0][1] > out[1][0]:       # the value and bluff slices met: the whole range
        return [(0.0, 1.0)]
    return out


def _strong_part(weights: F64, mat: F64, against: F64) -> F64:
    """``weights`` kept to their top :data:`STRONG_SHARE` by their share against ``against`` (``mat``: the
    share of each hand of ``weights`` against each hand of ``against``): the hands that continue against a
    bet or raise before the river, which the bettor's value hands must do well against."""
    return narrow(weights, shares_of(mat, against), [(0.0, STRONG_SHARE)])


def minimum_defence(bet: int, pot: int, opponents: int) -> float:
    """The share of its range each of ``opponents`` continues with at least, facing a bet or raise that adds
    ``bet`` chips to a pot of ``pot``: together they fold at most ``a = bet / (pot + bet)`` of the time (the
    fold share at which a pure bluff breaks even), so each folds at most ``a ** (1 / opponents)``.

    >>> minimum_defence(10, 10, 1)          # a pot-sized bet heads-up: defend half the range
    0.5
    >>> round(minimum_defence(2, 161, 1), 3)    # a tiny bet: nearly everything continues
    0.988
    >>> round(minimum_defence(10, 10, 2), 3)    # two players share the defence
    0.293
    """
    if bet <= 0 or opponents <= 0:
        return 0.0
    a = bet / (pot + bet) if pot + bet > 0 else 1.0
    return float(1 - a ** (1 / opponents))


def _defend(hands: npt.NDArray[np.bool_], eq: F64, weights: F64, floor: float) -> npt.NDArray[np.bool_]:
    """``hands`` widened, best equity first, until they hold at least ``floor`` of the range's weight."""
    total = weights.sum()
    if total <= 0 or floor <= 0 or (weights * hands).sum() >= floor * total:
        return hands
    order = np.argsort(-eq, kind="stable")
    before = np.cumsum(weights[order]) - weights[order]
    out = hands.copy()
    out[order[before < floor * total]] = True
    return out


def _price_ratio(view: SeatView, s: int, mine: int, pot_after: int) -> float:
    """Preflop: the price seat ``s`` is offered by the seat's raise to ``mine``, as a share of the price a
    pot-sized raise would offer it (at most 1): a smaller raise offers a better price, so more hands continue."""
    me = view.seat
    top = max(view.bets)
    target = top + (view.pot + top - view.bets[me])
    owe = max(0, min(mine, view.bets[s] + view.stacks[s]) - view.bets[s])
    owe_pot = max(0, min(target, view.bets[s] + view.stacks[s]) - view.bets[s])
    pot_ref = view.pot + (min(target, view.bets[me] + view.stacks[me]) - view.bets[me])
    if owe <= 0 or owe_pot <= 0:
        return 1.0
    a = owe / (pot_after + owe)
    a_pot = owe_pot / (pot_ref + owe_pot)
    return float(min(1.0, a / a_pot))


def _rebase(pool: Pool, runouts: Runouts) -> Pool:
    """``pool``'s hands and weights evaluated on other run-outs (a past street's)."""
    from omaha_learn.strategy.range_pools import strengths

    hi, lo, valid = strengths(pool.hands, runouts, pool.bits)
    return Pool(pool.name, pool.hands, pool.bits, hi, lo, valid, pool.weights, pool.size)


_STEP = {
    ("check", 0): N_("check on the preflop keeps the {parts} by equity"),
    ("check", 1): N_("check on the flop keeps the {parts} by equity"),
    ("check", 2): N_("check on the turn keeps the {parts} by equity"),
    ("check", 3): N_("check on the river keeps the {parts} by equity"),
    ("call", 0): N_("call on the preflop keeps the {parts} by equity"),
    ("call", 1): N_("call on the flop keeps the {parts} by equity"),
    ("call", 2): N_("call on the turn keeps the {parts} by equity"),
    ("call", 3): N_("call on the river keeps the {parts} by equity"),
    ("bet", 0): N_("bet on the preflop keeps the {parts} by equity"),
    ("bet", 1): N_("bet on the flop keeps the {parts} by equity"),
    ("bet", 2): N_("bet on the turn keeps the {parts} by equity"),
    ("bet", 3): N_("bet on the river keeps the {parts} by equity"),
    ("raise", 0): N_("raise on the preflop keeps the {parts} by equity"),
    ("raise", 1): N_("raise on the flop keeps the {parts} by equity"),
    ("raise", 2): N_("raise on the turn keeps the {parts} by equity"),
    ("raise", 3): N_("raise on the river keeps the {parts} by equity"),
}
"""One narrowing step of a range, for each action and street: whole sentences for the catalogue."""


def _keep_part(kind: str, lo: float, hi: float) -> str:
    if lo <= 0:
        return gettext("top {share}").format(share=format_percent(hi, 0))
    if hi >= 1 and kind in ("bet", "raise"):
        return gettext("bottom {share} (bluffs)").format(share=format_percent(1 - lo, 1))
    return gettext("{low}-{high}").format(low=format_percent(lo, 0), high=format_percent(hi, 0))


def _describe(street: int, kind: str, keep: list[tuple[float, float]]) -> str:
    """One narrowing step ("bet on the flop keeps the top 40% by equity") in the language in use."""
    parts = [_keep_part(kind, lo, hi) for lo, hi in keep]
    joined = parts[0] if len(parts) == 1 else gettext("{first} and {second}").format(
        first=", ".join(parts[:-1]), second=parts[-1])
    template = _STEP.get((kind, street), "{kind} {parts}")
    return gettext(template).format(parts=joined, kind=kind)
