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

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import FULL_DECK, Card, CardsLike, parse_cards
from omaha_learn.engine.evaluation.hands import HighHand, LowHand, low_hand, make_high, make_low
from omaha_learn.engine.sampling import chunk_seed, chunk_sizes, deal_cards, fresh_seed
from omaha_learn.errors import CardError, EquityError
from omaha_learn.i18n import gettext as _

__all__ = ["nut_low", "nut_high", "nut_low_of", "nut_high_of", "nut_strengths", "nut_low_odds", "NutLowOdds"]

Ints = npt.NDArray[np.intp]


# ------------------------------------------------------------------ the one nut routine
# Every unseen hole pair with every three board cards, by rank keys (R2): nut_high, nut_low and
# outs (nut_strengths, many boards at once) all read these matrices.

@dataclass(frozen=True)
class _Pairs:
    """The unseen cards' hole pairs (``i < j`` index ``cards``), their rank keys and their suit (-1: offsuit)."""

    cards: Ints
    i: Ints
    j: Ints
    key: Ints
    suit: Ints


def _pairs(unseen: Sequence[Card]) -> _Pairs:
    from omaha_learn.engine.evaluation.keys import card_weights

    weights, suits = card_weights(), np.arange(52) % 4
    u = np.array([int(c) for c in unseen], dtype=np.intp)
    i, j = np.triu_indices(len(u), 1)
    return _Pairs(u, i, j, weights[u[i]] + weights[u[j]], np.where(suits[u[i]] == suits[u[j]], suits[u[i]], -1))


def _strengths(pairs: _Pairs, board: Sequence[Card], keep: npt.NDArray[np.bool_] | None = None
               ) -> tuple[Ints, Ints, Ints]:
    """(board triples, high strengths, unqualified low strengths): a row per pair (those in ``keep``),
    a column per triple."""
    from omaha_learn.engine.evaluation.keys import card_weights
    from omaha_learn.engine.evaluation.tables import rank_lookups

    nonflush, flush, low = rank_lookups()
    weights, suits = card_weights(), np.arange(52) % 4
    triples = np.array(list(combinations([int(c) for c in board], 3)), dtype=np.intp)
    tk = weights[triples].sum(axis=1)
    ts = np.where((suits[triples] == suits[triples[:, :1]]).all(axis=1), suits[triples[:, 0]], -2)
    pk, ps = (pairs.key, pairs.suit) if keep is None else (pairs.key[keep], pairs.suit[keep])
    key = pk[:, None] + tk[None, :]
    high = np.where(ps[:, None] == ts[None, :], flush[key], nonflush[key])
    return triples, high, low[key]


def nut_strengths(unseen: Sequence[Card], boards: Sequence[Sequence[Card]], skip: Sequence[int]
                  ) -> tuple[list[int], list[int]]:
    """For each board ``boards[k]``: the best high and the best unqualified low strength that two
    ``unseen`` cards other than ``unseen[skip[k]]`` (none when ``skip[k]`` is -1) make with three of
    its cards (parsed cards in, no parsing: the outs of every next card at once).

    >>> from omaha_learn.engine.cards import parse_cards
    >>> board = parse_cards("Qs Js 4s")
    >>> unseen = [c for c in FULL_DECK if c not in board + parse_cards("As Ks 7d 2c")]
    >>> nut_strengths(unseen, [board], [-1])[0] == [nut_high_of(board, parse_cards("As Ks 7d 2c")).strength]
    True
    """
    pairs = _pairs(unseen)
    highs: list[int] = []
    lows: list[int] = []
    for k, board in zip(skip, boards, strict=True):
        _, high, low = _strengths(pairs, board, (pairs.i != k) & (pairs.j != k))
        highs.append(int(high.max()))
        lows.append(int(low.max()))
    return highs, lows


def _unseen(board: tuple[Card, ...], dead: tuple[Card, ...]) -> list[Card]:
    if not 3 <= len(board) <= 5:
        raise CardError(_("board: a board has 3, 4 or 5 cards, got {count}").format(count=len(board)))
    out = set(board) | set(dead)
    return [c for c in FULL_DECK if c not in out]


def nut_high_of(board: tuple[Card, ...], dead: tuple[Card, ...] = ()) -> HighHand:
    """:func:`nut_high` of cards that are parsed already (no parsing)."""
    pairs = _pairs(_unseen(board, dead))
    triples, high, _ = _strengths(pairs, board)
    p, t = np.unravel_index(int(np.argmax(high)), high.shape)
    pair = (Card(int(pairs.cards[pairs.i[p]])), Card(int(pairs.cards[pairs.j[p]])))
    return make_high(pair, tuple(Card(int(c)) for c in triples[t]), int(high[p, t]))


def nut_low_of(board: tuple[Card, ...], qualifier: int | None = 8, dead: tuple[Card, ...] = ()) -> LowHand | None:
    """:func:`nut_low` of cards that are parsed already (no parsing)."""
    from omaha_learn.engine.evaluation.tables import low_threshold

    threshold = low_threshold(qualifier)
    pairs = _pairs(_unseen(board, dead))
    triples, _, low = _strengths(pairs, board)
    p, t = np.unravel_index(int(np.argmax(low)), low.shape)
    if int(low[p, t]) < threshold:
        return None
    pair = (Card(int(pairs.cards[pairs.i[p]])), Card(int(pairs.cards[pairs.j[p]])))
    return make_low(pair, tuple(Card(int(c)) for c in triples[t]), int(low[p, t]), qualifier)


def nut_low(board: CardsLike, qualifier: int | None = 8, *, dead: CardsLike = ()) -> LowHand | None:
    """The best low two unseen hole cards could make on ``board`` (3 to 5 cards); ``None`` if none qualifies.

    Every unseen pair is weighed with every three board cards in one vectorised pass (the
    routine :func:`nut_high` and :func:`~omaha_learn.strategy.outs` share; a pair plays
    where no qualifier applies); ``dead`` cards are out of play (your own hole cards, say).
    """
    return nut_low_of(parse_cards(board), qualifier, parse_cards(dead))


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
        raise CardError(_("board: give no board (before the flop), a flop or a turn, got {count} cards").format(count=len(b)))
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 1_000_000:
        raise EquityError(_("deals: a whole number of boards from 1 to 1,000,000, got {deals!r}").format(deals=deals))
    checked = arguments.seed(seed, "seed", EquityError, sampled=True)
    if checked is None:
        checked = fresh_seed()
    if set(h) & set(b):
        raise CardError(_("hole and board share a card"))
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
        low, best = low_hand(h, final), nut_low_of(final)
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
    return nut_high_of(parse_cards(board), parse_cards(dead))
