"""Reading an Omaha hand: the best high and the best low from exactly two
hole cards and exactly three board cards (R2, R10).

>>> h = best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")      # R3: no flush
>>> h.describe(), str(h)
('Two pair, kings and sixes, ace kicker', 'Kd Kc 6c 6h Ac')
>>> best_low("As 2d Kc Kh", "3c 5d 8h Qs Js").number   # R9
85321
>>> best_low("As 2d Kc Kh", "9c Td Jh Qs Js") is None   # no qualifying low
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from omaha_learn import rendering
from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.engine.evaluation.five_card import Category, describe_high_value, high_value, low_value
from omaha_learn.engine.evaluation.keys import CARD_WEIGHTS, RANK_WEIGHTS, multisets
from omaha_learn.engine.games import HOLE_SIZES
from omaha_learn.i18n import gettext, pgettext
from omaha_learn.i18n import gettext as _

__all__ = [
    "HighHand",
    "LowHand",
    "best_high",
    "best_low",
    "check_cards",
    "check_deal",
    "HOLE_SIZES",
    "high_hand",
    "high_strength",
    "low_hand",
    "low_strength",
    "make_high",
    "make_low",
    "five_card_strengths",
    "display_order",
]

"""Omaha deals four hole cards; five-card Omaha (Big O) deals five."""


# --------------------------------------------------------------------------- keys
# A hole pair's additive rank key plus a board triple's is the five-card key
# (omaha_learn.engine.evaluation.keys): one dictionary lookup per two-plus-three choice.

_WEIGHT = CARD_WEIGHTS


@functools.lru_cache(maxsize=1)
def _strength_dicts() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """(non-flush high, flush high, low) strength by additive rank key, for the keys of real hands."""
    from omaha_learn.engine.evaluation.tables import rank_lookups

    nonflush, flush, low = rank_lookups()
    nf: dict[int, int] = {}
    fl: dict[int, int] = {}
    lo: dict[int, int] = {}
    for ms in multisets(5):
        key = sum(RANK_WEIGHTS[r] for r in ms)
        nf[key] = int(nonflush[key])
        lo[key] = int(low[key])
        if len(set(ms)) == 5:
            fl[key] = int(flush[key])
    return nf, fl, lo


def five_card_strengths(cards: Sequence[Card]) -> tuple[int, int]:
    """(high strength, unqualified low strength) of exactly five cards, as :class:`HighHand`
    and :class:`LowHand` number them.

    >>> from omaha_learn.engine.cards import parse_cards
    >>> five_card_strengths(parse_cards("As Ks Qs Js Ts")), five_card_strengths(parse_cards("5d 4c 3h 2s Ad"))
    ((7461, 4897), (5853, 6175))
    """
    nf, fl, lo = _strength_dicts()
    key = sum(_WEIGHT[c] for c in cards)
    s0 = int(cards[0]) & 3
    suited = all((int(c) & 3) == s0 for c in cards)
    return (fl[key] if suited else nf[key]), lo[key]


# ------------------------------------------------------------------------ checks

def check_deal(hole: CardsLike, board: CardsLike, *, board_sizes: Sequence[int] = (3, 4, 5)
               ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Parse and validate one player's hole cards and the board (the edge: public functions call it once,
    then pass the parsed cards on; :func:`check_cards` validates cards that are parsed already).

    Raises :class:`CardError` naming the problem: a bad token, a wrong count,
    or a card that is both in the hand and on the board.
    """
    return check_cards(parse_cards(hole), parse_cards(board), board_sizes=board_sizes)


def check_cards(h: tuple[Card, ...], b: tuple[Card, ...], *, board_sizes: Sequence[int] = (3, 4, 5)
                ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """:func:`check_deal` for cards that are parsed already: the counts and the overlap, no parsing."""
    if len(h) not in HOLE_SIZES:
        raise CardError(_("hole cards: Omaha needs 4 (or 5 for five-card Omaha), got {count} ({value})").format(count=len(h), value=format_cards(h) or pgettext("no cards", "none")))
    if len(b) not in board_sizes:
        sizes = ", ".join(map(str, board_sizes))
        raise CardError(_("board: needs {sizes} cards, got {count} ({value})").format(sizes=sizes, count=len(b), value=format_cards(b) or pgettext("no cards", "none")))
    dup = set(h) & set(b)
    if dup:
        card = min(dup)
        raise CardError(_("card '{card}' is both in the hand and on the board").format(card=card), token=str(card))
    return h, b


def display_order(cards: Sequence[Card], value: tuple[int, ...], hole: Sequence[Card]) -> tuple[Card, ...]:
    """Five cards in reading order: by group (quads, trips, pairs) then rank; hole cards first on ties."""
    cat = value[0]
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    hole_set = set(hole)
    pos = {c: i for i, c in enumerate(cards)}

    def key(c: Card) -> tuple[int, int, int, int]:
        r = c.rank
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and value[1] == 5 and r == 14:
            r = 1  # the wheel reads 5-4-3-2-A
        return (-counts[c.rank], -r, 0 if c in hole_set else 1, pos[c])

    return tuple(sorted(cards, key=key))


# ------------------------------------------------------------------------ hands

class _ByStrength:
    """Hands of one kind compare by ``strength``: larger is better, equal is a tie.

    Comparing a high hand with a low hand is a ``TypeError``, not a silent answer.
    """

    strength: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByStrength) and type(other) is type(self) and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.strength))

    def __lt__(self, other: _ByStrength) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.strength < other.strength

    def __le__(self, other: _ByStrength) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.strength <= other.strength

    def __gt__(self, other: _ByStrength) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.strength > other.strength

    def __ge__(self, other: _ByStrength) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.strength >= other.strength


@dataclass(frozen=True, eq=False)
class HighHand(_ByStrength):
    """The best high hand from two hole and three board cards.

    ``a > b`` means ``a`` beats ``b``; ``a == b`` is a tie (R6, R7).
    """

    strength: int
    """0 (seven-high) to 7461 (royal flush): a total order of all five-card hands."""
    cards: tuple[Card, ...]
    hole_cards: tuple[Card, ...]
    board_cards: tuple[Card, ...]
    value: tuple[int, ...] = field(repr=False)

    @property
    def category(self) -> Category:
        return Category(self.value[0])

    def describe(self) -> str:
        """E.g. ``'Two pair, kings and sixes, ace kicker'``."""
        return describe_high_value(self.value)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"HighHand('{self}', {self.describe()!r})"

    def _repr_html_(self) -> str:
        return rendering.html("hand", self)   # drawn by omaha_learn.display when it is there


@dataclass(frozen=True, eq=False)
class LowHand(_ByStrength):
    """The best ace-to-five low from two hole and three board cards.

    ``a > b`` means ``a`` is the better (lower) low (R9). ``ranks`` are
    highest first with the ace as 1; ``number`` reads them as a number.
    """

    strength: int
    """1 .. 6175, larger is better; 6175 is the wheel 5-4-3-2-A."""
    cards: tuple[Card, ...]
    hole_cards: tuple[Card, ...]
    board_cards: tuple[Card, ...]
    qualifier: int | None = 8

    @property
    def value(self) -> tuple[int, ...]:
        return low_value(self.cards)

    @property
    def ranks(self) -> tuple[int, ...]:
        """Ace-to-five ranks, highest first: ``(8, 5, 4, 2, 1)``."""
        return tuple(sorted((c.low_rank for c in self.cards), reverse=True))

    @property
    def number(self) -> int:
        """The low read as a number: ``85421``. Smaller is better (R9).

        With no qualifier (R12) ranks above nine print as two digits, so
        compare such lows with ``<``/``>`` rather than by number.
        """
        return int("".join(str(r) for r in self.ranks))

    @property
    def is_pat(self) -> bool:
        """True for five different ranks (no pair)."""
        return len(set(self.ranks)) == 5

    def describe(self) -> str:
        """E.g. ``'8-5-4-2-A low'`` or ``'5-4-3-2-A low (the wheel, the best low)'``."""
        text = "-".join("A" if r == 1 else "TJQK"[r - 10] if r >= 10 else str(r) for r in self.ranks)
        if self.ranks == (5, 4, 3, 2, 1):
            return gettext("{cards} low (the wheel, the best low)").format(cards=text)
        if not self.is_pat:
            return gettext("{cards} (a paired low)").format(cards=text)
        return gettext("{cards} low").format(cards=text)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"LowHand('{self}', {self.describe()!r})"

    def _repr_html_(self) -> str:
        return rendering.html("hand", self)   # drawn by omaha_learn.display when it is there


# ----------------------------------------------------------------- evaluation

_Part = tuple[tuple[Card, ...], int, int]
_Best = tuple[int, tuple[Card, ...], tuple[Card, ...]]


def _splits(h: Sequence[Card], b: Sequence[Card]) -> tuple[list[_Part], list[_Part]]:
    pw = _WEIGHT
    pairs: list[_Part] = [((x, y), pw[x] + pw[y], x & 3 if x & 3 == y & 3 else -1) for x, y in combinations(h, 2)]
    triples: list[_Part] = [((x, y, z), pw[x] + pw[y] + pw[z], x & 3 if x & 3 == y & 3 == z & 3 else -2)
                            for x, y, z in combinations(b, 3)]
    return pairs, triples


def high_strength(hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, tuple[Card, ...], tuple[Card, ...]]:
    """(strength, hole pair, board triple) of the best high, for validated cards."""
    nf, fl, _ = _strength_dicts()
    pairs, triples = _splits(hole, board)
    best_s, best_i, best_j = -1, 0, 0
    for i, (_p, pk, ps) in enumerate(pairs):
        if ps >= 0:
            for j, (_t, tk, ts) in enumerate(triples):
                s = fl[pk + tk] if ps == ts else nf[pk + tk]
                if s > best_s:
                    best_s, best_i, best_j = s, i, j
        else:
            for j, (_t, tk, _ts) in enumerate(triples):
                s = nf[pk + tk]
                if s > best_s:
                    best_s, best_i, best_j = s, i, j
    return best_s, pairs[best_i][0], triples[best_j][0]


def low_strength(hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, tuple[Card, ...], tuple[Card, ...]]:
    """(strength, hole pair, board triple) of the best ace-to-five low, unqualified."""
    _, _, lo = _strength_dicts()
    pairs, triples = _splits(hole, board)
    best: _Best = (0, (), ())
    for p, pk, _ps in pairs:
        for t, tk, _ts in triples:
            s = lo[pk + tk]
            if s > best[0]:
                best = (s, p, t)
    return best


def make_high(pair: Sequence[Card], triple: Sequence[Card], strength: int | None = None) -> HighHand:
    """The :class:`HighHand` made by one hole pair and one board triple."""
    cards = tuple(pair) + tuple(triple)
    value = high_value(cards)
    if strength is None:
        from omaha_learn.engine.evaluation.tables import high_classes

        strength = high_classes().index(value)
    return HighHand(strength, display_order(cards, value, pair), tuple(pair), tuple(triple), value)


def make_low(pair: Sequence[Card], triple: Sequence[Card], strength: int, qualifier: int | None) -> LowHand:
    """The :class:`LowHand` made by one hole pair and one board triple."""
    cards = tuple(sorted(tuple(pair) + tuple(triple), key=lambda c: (-c.low_rank, int(c))))
    return LowHand(strength, cards, tuple(pair), tuple(triple), qualifier)


def best_high(hole: CardsLike, board: CardsLike) -> HighHand:
    """Best high hand using exactly two hole cards and three board cards (R2, R6, R7).

    ``hole`` has 4 cards (5 for five-card Omaha); ``board`` has 3, 4 or 5.

    >>> best_high("Th 9h 7c 6c", "Ks Kc Tc Td 5d").describe()   # R4: not a full house
    'Three of a kind, tens, kickers king, nine'
    >>> best_high("As Ks Qd Jd", "Ts 9s 2s") > best_high("Ah Kh Qc Jc", "Ts 9s 2s")
    True
    """
    h, b = check_deal(hole, board)
    return high_hand(h, b)


def high_hand(h: Sequence[Card], b: Sequence[Card]) -> HighHand:
    """:func:`best_high` of cards that are parsed and checked already (no parsing: for inner loops)."""
    s, p, t = high_strength(h, b)
    return make_high(p, t, s)


def best_low(hole: CardsLike, board: CardsLike, qualifier: int | None = 8) -> LowHand | None:
    """Best ace-to-five low using exactly two hole and three board cards (R8-R10, R12).

    Returns ``None`` when no low qualifies. ``qualifier=9`` is the 9-or-better
    house rule; ``qualifier=None`` allows any low (Razz-style, pairs rank below
    five different ranks).

    >>> best_low("Ah 3c Kd Qs", "2s 7d 8c Jh Th")     # two of A-3 plus 2-7-8 from the board
    LowHand('8c 7d 3c 2s Ah', '8-7-3-2-A low')
    >>> best_low("Ah 2c Kd Qs", "3s 4d 9c", qualifier=9).number
    94321
    """
    h, b = check_deal(hole, board)
    return low_hand(h, b, qualifier)


def low_hand(h: Sequence[Card], b: Sequence[Card], qualifier: int | None = 8) -> LowHand | None:
    """:func:`best_low` of cards that are parsed and checked already (no parsing: for inner loops)."""
    from omaha_learn.engine.evaluation.tables import low_threshold

    threshold = low_threshold(qualifier)
    s, p, t = low_strength(h, b)
    if s < threshold:
        return None
    return make_low(p, t, s, qualifier)
