"""The nuts of a board: the best hand any unseen hole cards could make.

:func:`nut_low` is the *nut low* (R8-R10): the best low that two hole cards
not on the board (nor among ``dead`` cards) could make with three of its
cards. A hand "has the nut low" when its own :func:`best_low` equals it; a low
*counterfeited* by a board card that pairs it usually stops being the nuts.

>>> nut_low("3c 5d 8h Kc Qs").number        # A-2 makes 8-5-3-2-A
85321
>>> nut_low("9c Tc Jd") is None              # fewer than three low ranks: no low is possible
True
>>> nut_low("3c 5d 8h Kc Qs", dead="Ad Ah As Ac").number   # no ace left: 2-4 makes 8-5-4-3-2
85432
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import FULL_DECK, Card, CardsLike, parse_cards
from omaha_learn.engine.evaluation.hands import HighHand, LowHand, best_low
from omaha_learn.engine.sampling import chunk_seed, chunk_sizes, deal_cards, fresh_seed
from omaha_learn.errors import CardError, EquityError

__all__ = ["nut_low", "nut_high", "nut_low_odds", "NutLowOdds"]


def nut_low(board: CardsLike, qualifier: int | None = 8, *, dead: CardsLike = ()) -> LowHand | None:
    """The best low two unseen hole cards could make on ``board`` (3 to 5 cards); ``None`` if none qualifies.

    Suits never matter for a low, so one unseen card of each rank stands for
    its rank (two of the same rank where a pair could play, with no
    qualifier); ``dead`` cards are out of play (your own hole cards, say).
    """
    cards = parse_cards(board)
    if not 3 <= len(cards) <= 5:
        raise CardError(f"board: a board has 3, 4 or 5 cards, got {len(cards)}")
    out = set(cards) | set(parse_cards(dead))
    unseen = [c for c in FULL_DECK if c not in out]
    by_rank: dict[int, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(c.low_rank, []).append(c)
    singles = [cs[0] for cs in by_rank.values()]
    pairs = [cs[:2] for cs in by_rank.values() if len(cs) >= 2]
    candidates = [list(p) for p in combinations(singles, 2)] + pairs
    best: LowHand | None = None
    for two in candidates:
        fillers = [c for c in unseen if c not in two][:2]
        if len(fillers) < 2:
            continue
        low = best_low([*two, *fillers], cards, qualifier)
        if low is not None and (best is None or low > best):
            best = low
    return best


@dataclass(frozen=True)
class NutLowOdds:
    """How often a hand ends with a low, and with the nut low, over many final boards.

    ``boards`` final boards were looked at (every turn and river after a flop,
    every river after a turn, or ``boards`` seeded random boards before the
    flop); on ``possible`` of them some low could be made, on ``lows`` this
    hand made one, on ``nuts`` its low was the nut low (ties included).
    """

    boards: int
    possible: int
    lows: int
    nuts: int
    exact: bool

    @property
    def low_rate(self) -> float:
        return self.lows / self.boards

    @property
    def nut_rate(self) -> float:
        return self.nuts / self.boards

    @property
    def possible_rate(self) -> float:
        return self.possible / self.boards


def nut_low_odds(hole: CardsLike, board: CardsLike = (), *, deals: int = 2_000, seed: int = 0) -> NutLowOdds:
    """How often ``hole`` ends with a low and with the nut low (R8-R11).

    With a flop or a turn, every way the board can finish is counted exactly;
    before the flop, ``deals`` boards are dealt from the cards the hand leaves by
    the seeded Monte Carlo sampler every equity result uses (:mod:`omaha_learn.engine.sampling`).

    >>> o = nut_low_odds("Ah 2c Ks Qd", "4s 7c 8d")
    >>> o.boards, f"{o.nut_rate:.1%}"
    (990, '74.8%')
    """
    h = parse_cards(hole)
    b = parse_cards(board)
    if len(b) not in (0, 3, 4):
        raise CardError(f"board: give no board (before the flop), a flop or a turn, got {len(b)} cards")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 1_000_000:
        raise EquityError(f"deals: a whole number of boards from 1 to 1,000,000, got {deals!r}")
    checked = arguments.seed(seed, "seed", EquityError, sampled=True)
    if checked is None:
        checked = fresh_seed()
    if set(h) & set(b):
        raise CardError("hole and board share a card")
    if b:
        rest = [c for c in FULL_DECK if c not in h and c not in b]
        finals = [(*b, *more) for more in combinations(rest, 5 - len(b))]
    else:
        left = np.array([c for c in FULL_DECK if c not in h], dtype=np.int8)
        finals = []
        for i, m in enumerate(chunk_sizes(deals)):
            dealt = deal_cards(np.random.default_rng(chunk_seed(checked, i)), left, m, 5)
            finals += [tuple(Card(c) for c in row) for row in dealt.T.tolist()]
    possible = lows = nuts = 0
    for final in finals:
        low, best = best_low(h, final), nut_low(final)
        possible += best is not None
        lows += low is not None
        nuts += low is not None and low == best
    return NutLowOdds(len(finals), possible, lows, nuts, exact=bool(b))


def nut_high(board: CardsLike, *, dead: CardsLike = ()) -> HighHand:
    """The best high hand two unseen hole cards (none of ``board`` or ``dead``) make with three of ``board``'s cards.

    One vectorised pass over every unseen pair and every three board cards (R2).

    >>> nut_high("Qs Js 4s", dead="As Ks 7d 2c").describe()     # no ace or king of spades left
    'Flush, queen high (queen, jack, ten, nine, four)'
    """
    from omaha_learn.engine.evaluation.hands import make_high
    from omaha_learn.engine.evaluation.keys import card_weights
    from omaha_learn.engine.evaluation.tables import rank_lookups

    cards = parse_cards(board)
    if not 3 <= len(cards) <= 5:
        raise CardError(f"board: a board has 3, 4 or 5 cards, got {len(cards)}")
    out = set(cards) | set(parse_cards(dead))
    unseen = np.array([int(c) for c in FULL_DECK if c not in out], dtype=np.intp)
    nonflush, flush, _ = rank_lookups()
    weights, suits = card_weights(), np.arange(52) % 4
    i, j = np.triu_indices(len(unseen), 1)
    pk = weights[unseen[i]] + weights[unseen[j]]
    ps = np.where(suits[unseen[i]] == suits[unseen[j]], suits[unseen[i]], -1)
    triples = np.array(list(combinations([int(c) for c in cards], 3)), dtype=np.intp)
    tk = weights[triples].sum(axis=1)
    ts = np.where((suits[triples] == suits[triples[:, :1]]).all(axis=1), suits[triples[:, 0]], -2)
    key = pk[:, None] + tk[None, :]
    high = np.where(ps[:, None] == ts[None, :], flush[key], nonflush[key])
    p, t = np.unravel_index(int(np.argmax(high)), high.shape)
    pair = (Card(int(unseen[i[p]])), Card(int(unseen[j[p]])))
    return make_high(pair, tuple(Card(int(c)) for c in triples[t]), int(high[p, t]))
