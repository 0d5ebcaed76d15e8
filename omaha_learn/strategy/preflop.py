"""The coach's preflop table: opening, 3-bet and 4-bet ranges by position, from the structure of a hand.

The all-in orders of the starting-hand chart (:mod:`~omaha_learn.strategy.chart`)
rank hands by their equity if nobody bets again. Real preflop ranges in
Pot-Limit Omaha and Omaha Hi-Lo are built from **hand classes**, as in the
opening charts of Hwang's *Pot-Limit Omaha Poker* and the standard six-max
charts (and Ciaffone's point counts for Hi-Lo): a pair of aces is played from
every seat, double-suited hands and rundowns gain, "danglers" (a card that
works with no other) and three of a suit lose. This module scores every one of
the 16,432 suit-isomorphic classes with such a point count (:func:`hand_points`,
the formula is in its docstring), orders the classes by points (ties broken by
the chart's heads-up equity) and cuts that order into shares.

This order is **our model**, not a solver's output; its assumptions are written
in ``docs/coach.md``. The coach's opponent ranges
(:mod:`~omaha_learn.strategy.opponent_model`), the chart player and lesson 16 all
use it, and the range language names it ``pf``: ``"15%pf"`` is the top 15% of
hands in this order.

>>> from omaha_learn.engine.games import Game
>>> preflop_share("As Ah 7d 2c", Game.PLO) < OPEN["UTG"]          # aces open from every seat
True
>>> preflop_share("Ks Qh Js Th", Game.PLO) < CALL["BTN"]          # KQJT continues on the button
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardsLike
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.strategy.canonical import HANDS, canonical_key, hand_classes

__all__ = ["OPEN", "CALL", "RERAISE", "FOUR_BET", "CALL_RERAISE", "LIMP", "hand_points", "preflop_order", "opening_ranges",
           "preflop_share", "POSITIONS", "points_of"]

POSITIONS = ("UTG", "HJ", "CO", "BTN", "SB", "BB")
"""The six-max positions, first to act preflop first."""
OPEN: dict[str, float] = {"UTG": 0.15, "HJ": 0.20, "CO": 0.27, "BTN": 0.40, "SB": 0.30, "BB": 0.15}
"""Raise first in (nobody has raised yet): the top share of hands by position (BB: when the SB limps)."""
CALL: dict[str, float] = {"UTG": 0.12, "HJ": 0.14, "CO": 0.18, "BTN": 0.22, "SB": 0.16, "BB": 0.30}
"""Continue against one raise (call, or re-raise with the top :data:`RERAISE`): top share by position."""
RERAISE = 0.05
"""Re-raise (3-bet) a single raise: the top share."""
FOUR_BET = 0.02
"""Raise again after a re-raise (4-bet or more): the top share."""
CALL_RERAISE = 0.12
"""Continue against a re-raise (call, or raise again with the top :data:`FOUR_BET`): the top share."""
LIMP = 0.50
"""Call the big blind when nobody has raised (a limp): the top share."""

_PAIR_PLO = {14: 40, 13: 30, 12: 25, 11: 20, 10: 17, 9: 11, 8: 10, 7: 9, 6: 8, 5: 7, 4: 6, 3: 6, 2: 6}
_PAIR_HILO = {14: 52, 13: 12, 12: 10, 11: 9, 10: 8, 9: 2, 8: 4, 7: 3, 6: 3, 5: 4, 4: 4, 3: 6, 2: 6}


def _low(rank: int) -> int:
    return 1 if rank == 14 else rank


def hand_points(ranks: Sequence[int], suits: Sequence[int], game: Game) -> float:
    """The point count of four cards (ranks 2-14, suits 0-3) in ``game``.

    **Pot-Limit Omaha**: a pair scores by its rank (aces 40, kings 24, queens 20, ...,
    small pairs 6), a second pair counts too; three or four of a rank lose 15
    (the third card is dead, R2). Each suit held exactly twice scores by its top
    card (ace 9, king 6, else 4; so double-suited hands score twice); a suit held
    three or four times scores as one suited pair less 3 or 8. Connectedness: the
    most distinct ranks inside a five-rank window (the ace also low) score 0, 3,
    10 or 20 for 1-4 cards; each card ten or higher adds 2 (ace 3). A dangler, a
    card not paired, not suited with another and more than four ranks from every
    other card, loses 6.

    **Omaha Hi-Lo** (eight or better): A-2 scores 30, A-3 20, 2-3 10 (once, the
    best); every distinct low card (ace to eight) 4; aces paired 40 and other pairs
    less (low pairs a little, middle pairs little); suits as above, the suited ace
    9; connected low cards 3 per distinct rank in A-5; high cards ten or higher 1
    each, an ace-high broadway draw (A with two of K-Q-J-T) 6; nines to sevens that
    make neither a low nor a broadway lose 3 each; danglers lose 4.
    """
    ranks = list(ranks)
    suits = list(suits)
    counts = {r: ranks.count(r) for r in set(ranks)}
    pts = 0.0
    pairs = _PAIR_HILO if game.has_low else _PAIR_PLO
    for r, k in counts.items():
        if k >= 2:
            pts += pairs[r]
        if k == 3:
            pts -= 15
        if k == 4:
            pts -= 30
    for s in set(suits):
        members = [r for r, t in zip(ranks, suits, strict=True) if t == s]
        if len(members) >= 2:
            top = max(members)
            value = 9 if top == 14 else 6 if top == 13 and not game.has_low else 4
            pts += value - (3 if len(members) == 3 else 8 if len(members) == 4 else 0)
    distinct = sorted(set(ranks))
    windows = [sum(1 for r in distinct if lo <= r <= lo + 4) for lo in range(2, 11)]
    lows = sorted({_low(r) for r in distinct if _low(r) <= 8})
    windows.append(sum(1 for r in lows if r <= 5))
    best = max(windows)
    dangle = 0
    for i, r in enumerate(ranks):
        paired = counts[r] >= 2
        suited = suits.count(suits[i]) >= 2
        near = any(abs(r - o) <= 4 or abs(_low(r) - _low(o)) <= 4 for o in ranks if o != r)
        if not paired and not suited and not near:
            dangle += 1
    if not game.has_low:
        pts += (0, 0, 3, 10, 20)[best]
        pts += sum(3 if r == 14 else 2 for r in ranks if r >= 10)
        pts -= 6 * dangle
        return pts
    rank_set = set(distinct)
    if 14 in rank_set and 2 in rank_set:
        pts += 30
    elif 14 in rank_set and 3 in rank_set:
        pts += 20
    elif 2 in rank_set and 3 in rank_set:
        pts += 10
    pts += 4 * len(lows)
    pts += 3 * sum(1 for r in lows if r <= 5) if len([r for r in lows if r <= 5]) >= 2 else 0
    broadway = [r for r in distinct if r >= 10]
    pts += len(broadway)
    if 14 in rank_set and len([r for r in broadway if r < 14]) >= 2:
        pts += 6
    pts -= 3 * sum(1 for r in ranks if 7 <= r <= 9 and counts[r] == 1)
    pts -= 4 * dangle
    return pts


@functools.cache
def _points(game: Game) -> npt.NDArray[np.float64]:
    """:func:`hand_points` of every class (:func:`points_of`), read-only."""
    out = points_of(hand_classes().hands, game)
    out.flags.writeable = False
    return out


def _popcount(x: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    count = np.zeros(x.shape, dtype=np.int64)
    for bit in range(16):
        count += (x >> bit) & 1
    return count


def points_of(hands: npt.NDArray[np.integer], game: Game) -> npt.NDArray[np.float64]:
    """:func:`hand_points` of many four-card hands at once (rows of card numbers, rank ``c // 4 + 2`` and suit
    ``c % 4``): the same formula over whole columns, equal to the one-hand count row by row (every term is a whole
    number, so no sum is rounded; ``tests/test_preflop_points.py`` checks every class). The preflop order scores
    all 16,432 classes with it when a game's order is first needed, in every process that asks (the practice
    table, the coach, the opponents' model, a lesson's kernel): 30-40 ms where a call a class took 0.8-1.8 s.

    >>> from omaha_learn.engine.cards import parse_cards
    >>> cards = parse_cards("As Ah 7d 2c")
    >>> one = hand_points([c.rank for c in cards], [int(c) % 4 for c in cards], Game.PLO)
    >>> float(points_of(np.array([[int(c) for c in cards]]), Game.PLO)[0]) == one
    True
    """
    cards = np.asarray(hands, dtype=np.int64).reshape(-1, 4)
    rank, suit = cards // 4 + 2, cards % 4
    low = np.where(rank == 14, 1, rank)
    same_rank = rank[:, :, None] == rank[:, None, :]               # (n, 4, 4): card i and card j share a rank
    same_suit = suit[:, :, None] == suit[:, None, :]
    k = same_rank.sum(axis=2)                                      # how many of this card's rank, per card
    ks = same_suit.sum(axis=2)                                     # how many of this card's suit
    first = ~np.tril(same_rank, -1).any(axis=2)                    # the first card of its rank (distinct ranks)
    first_suit = ~np.tril(same_suit, -1).any(axis=2)
    pts = np.zeros(len(cards), dtype=np.int64)
    table = np.zeros(15, dtype=np.int64)
    for r, v in (_PAIR_HILO if game.has_low else _PAIR_PLO).items():
        table[r] = v
    pts += (first * (np.where(k >= 2, table[rank], 0) - 15 * (k == 3) - 30 * (k == 4))).sum(axis=1)
    top = np.where(same_suit, rank[:, None, :], 0).max(axis=2)      # the top card of each card's suit
    value = np.where(top == 14, 9, np.where((top == 13) & (not game.has_low), 6, 4))
    value = value - np.where(ks == 3, 3, np.where(ks == 4, 8, 0))
    pts += np.where(first_suit & (ks >= 2), value, 0).sum(axis=1)
    ranks_mask = np.bitwise_or.reduce(np.int64(1) << rank, axis=1)
    lows_mask = np.bitwise_or.reduce(np.where(low <= 8, np.int64(1) << low, 0), axis=1)
    windows = np.stack([_popcount((ranks_mask >> lo) & 0x1F) for lo in range(2, 11)]
                       + [_popcount(lows_mask & 0b111110)], axis=1)
    best = windows.max(axis=1)
    other = ~same_rank                                            # card j is of another rank than card i
    close = (np.abs(rank[:, :, None] - rank[:, None, :]) <= 4) | (np.abs(low[:, :, None] - low[:, None, :]) <= 4)
    near = (other & close).any(axis=2)
    dangle = ((k < 2) & (ks < 2) & ~near).sum(axis=1)
    if not game.has_low:
        pts += np.array([0, 0, 3, 10, 20], dtype=np.int64)[best]
        pts += np.where(rank == 14, 3, np.where(rank >= 10, 2, 0)).sum(axis=1)
        pts -= 6 * dangle
        return pts.astype(np.float64)
    has = [(ranks_mask >> r) & 1 == 1 for r in range(15)]
    pts += np.where(has[14] & has[2], 30, np.where(has[14] & has[3], 20, np.where(has[2] & has[3], 10, 0)))
    lows_n = _popcount(lows_mask)
    wheel_n = _popcount(lows_mask & 0b111110)                     # distinct low cards ace to five
    pts += 4 * lows_n + np.where(wheel_n >= 2, 3 * wheel_n, 0)
    pts += _popcount(ranks_mask & (0b11111 << 10))                # distinct ranks ten to ace
    pts += np.where(has[14] & (_popcount(ranks_mask & (0b1111 << 10)) >= 2), 6, 0)
    pts -= 3 * ((rank >= 7) & (rank <= 9) & (k == 1)).sum(axis=1)
    pts -= 4 * dangle
    return pts.astype(np.float64)


@functools.cache
def preflop_order(game: Game) -> npt.NDArray[np.int64]:
    """Every class number, best first, by :func:`hand_points` (ties: the chart's heads-up equity)."""
    from omaha_learn.strategy.chart import starting_hands

    equity = starting_hands(game).column("equity")
    order = np.lexsort((-equity, -_points(game))).astype(np.int64)
    order.flags.writeable = False
    return order


@functools.cache
def _before(game: Game) -> npt.NDArray[np.float64]:
    order = preflop_order(game)
    combos = hand_classes().combos[order]
    before = np.zeros(len(order), dtype=np.float64)
    before[order] = (np.cumsum(combos) - combos) / HANDS
    before.flags.writeable = False
    return before


def preflop_share(hole: CardsLike, game: str | Game) -> float:
    """The share of all hands ranked above ``hole``'s class in the preflop order (0 for the best class).

    ``hole`` is in the "top x" range exactly when ``preflop_share(hole) < x``.

    >>> preflop_share("As Ad Ks Kd", "plo") < 0.001 < preflop_share("9c 6d 4h 2s", "plo")
    True
    """
    g = Game.parse(game)
    return float(_before(g)[hand_classes().index_of_key(canonical_key(hole))])


def preflop_share_of(hole: Sequence[Card], game: Game) -> float:
    """:func:`preflop_share` of four cards that are parsed and checked already (no parsing: for the players and
    the coach's model, which hold the cards of a :class:`~omaha_learn.engine.betting.state.HandState`)."""
    return float(_before(game)[hand_classes().index_of_key(_class_key(hole))])


_SUIT_PERMUTATIONS = tuple(itertools.permutations(range(4)))


def _class_key(hole: Sequence[Card]) -> int:
    """:func:`~omaha_learn.strategy.canonical.canonical_key` of four parsed cards (the same key: the largest
    of the hand's 24 suit relabellings, packed in base 52), without the parser."""
    best = 0
    for perm in _SUIT_PERMUTATIONS:
        a, b, c, d = sorted(((card.rank - 2) * 4 + perm[int(card) % 4] for card in hole), reverse=True)
        best = max(best, ((a * 52 + b) * 52 + c) * 52 + d)
    return best


def class_shares(game: Game) -> npt.NDArray[np.float64]:
    """For every class number, the share of hands ranked above it (see :func:`preflop_share`)."""
    return _before(game)


def opening_ranges(game: str | Game = DEFAULT_GAME) -> dict[str, str]:
    """The coach's raise-first-in range of each position, as range text of the preflop order.

    >>> opening_ranges("plo")["UTG"]
    '15%pf'
    """
    Game.parse(game)
    return {p: f"{100 * OPEN[p]:g}%pf" for p in POSITIONS if p != "BB"}
