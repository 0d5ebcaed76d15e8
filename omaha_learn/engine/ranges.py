"""Hand ranges in the language ProPokerTools (Odds Oracle) users know.

A range is a set of concrete four-card hands. :func:`parse_range` reads it:

===============  ==============================================================
``AA**``         two aces and any two cards: at least two aces (``AA`` alone
                 means the same: a pattern shorter than four is padded with ``*``)
``KQJT``         a king, a queen, a jack and a ten, any suits
``A2**``         an ace and a deuce; ``*`` is any rank
``RROO``         two different pairs: upper-case letters other than ``AKQJT``
                 are rank variables (same letter, same rank; different letters,
                 different ranks; never a rank written out in the pattern)
``AsAh**``       explicit suits; a suit alone (``s``) is any card of that suit
``AxAyxy``       suit variables ``w x y z`` (same letter, same suit; different
                 letters, different suits; never a suit written out): here
                 double-suited aces
``[A-T][2-5]**`` a card whose rank is in a list or span
``AA**ds``       suit shapes after a four-card pattern, or alone after ``:``:
                 ``ds`` double-suited, ``ss`` single-suited, ``r`` rainbow
``15%``          the top 15% of the starting-hand chart of the game (by combos;
                 ``5%-15%`` a slice, ``15%6h`` ranked by six-handed equity)
``A,B``          union; ``A:B`` both; ``A!B`` A but not B (left to right,
                 ``,`` binds loosest; parentheses group)
===============  ==============================================================

>>> r = parse_range("AA**")
>>> len(r), r.classes
(6961, 457)
>>> len(parse_range("AA**!AAA*")), len(parse_range("AA**ds")), len(parse_range("AxAyxy"))
(6768, 864, 864)
>>> len(parse_range("KQJT")), len(parse_range("RROO")), len(parse_range("AsAh**"))
(256, 2808, 1225)
>>> parse_range("AA**,KK**").combos, parse_range("AA:KK").combos
(13886, 36)
>>> parse_range("AAKK*")
Traceback (most recent call last):
...
omaha_learn.errors.RangeError: 'AAKK*' at position 0: a hand pattern has at most 4 cards, got 5
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import overload

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.canonical import HANDS, all_hands, four_cards, hand_classes, hand_index
from omaha_learn.engine.cards import RANKS, Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.engine.games import Game
from omaha_learn.errors import GameError, RangeError

__all__ = ["Range", "RangeError", "parse_range", "is_range_text", "SUIT_SHAPES"]

SUIT_SHAPES = {"ds": (2, 2), "ss": (2, 1, 1), "r": (1, 1, 1, 1)}
"""Suit-shape words of the range language and the suit-group sizes they name."""

_SUITS = "cdhs"
_SUIT_VARS = "wxyz"
_RANK_CHARS = set(RANKS)
_SPECIAL = set("*%,!:()[]")
_PERMS = np.array(list(permutations(range(4))), dtype=np.intp)

BoolArr = npt.NDArray[np.bool_]
IdxArr = npt.NDArray[np.int64]


# ----------------------------------------------------------------- the range

@dataclass(frozen=True, eq=False)
class Range(Sequence[tuple[Card, ...]]):
    """A set of concrete four-card hands, in the order of :func:`~omaha_learn.engine.canonical.all_hands`.

    ``len(r)`` (also ``r.combos``) counts concrete hands; iterating yields each
    hand as a tuple of cards, high to low; ``hand in r`` tests membership;
    ``r.without(cards)`` removes the hands holding any of ``cards`` (card removal).

    >>> r = parse_range("AsAh2s3h,AA:KK")
    >>> len(r), r.classes, "As Ah 3h 2s" in r, format_cards(r[0])
    (37, 4, True, 'Ad Ac Kd Kc')
    >>> len(r.without("Kc")), r.share < 0.001
    (19, True)
    """

    text: str
    rows: IdxArr = field(repr=False)
    game: str | None = None

    @property
    def combos(self) -> int:
        """Number of concrete hands."""
        return int(len(self.rows))

    @property
    def share(self) -> float:
        """Fraction of all 270,725 hands in the range."""
        return len(self.rows) / HANDS

    @property
    def classes(self) -> int:
        """Number of suit-isomorphic classes the range touches."""
        return int(len(np.unique(hand_classes().class_of[self.rows])))

    @property
    def hands(self) -> npt.NDArray[np.int8]:
        """The hands as an ``(n, 4)`` array of card ints (ascending in each row)."""
        return all_hands()[self.rows]

    def __len__(self) -> int:
        return int(len(self.rows))

    @overload
    def __getitem__(self, i: int) -> tuple[Card, ...]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[Card, ...]]: ...

    def __getitem__(self, i: int | slice) -> tuple[Card, ...] | Sequence[tuple[Card, ...]]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        row = all_hands()[self.rows[i]]
        return tuple(Card(int(c)) for c in row[::-1])

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        for row in all_hands()[self.rows]:
            yield tuple(Card(int(c)) for c in row[::-1])

    def __contains__(self, hand: object) -> bool:
        try:
            cards = four_cards(hand)  # type: ignore[arg-type]
        except CardError:
            return False
        i = int(hand_index([[int(c) for c in cards]])[0])
        j = int(np.searchsorted(self.rows, i))
        return j < len(self.rows) and int(self.rows[j]) == i

    def without(self, cards: CardsLike) -> Range:
        """The hands of the range that hold none of ``cards`` (card removal)."""
        try:
            dead = parse_cards(cards, allow_duplicates=True)
        except CardError as exc:
            raise CardError(f"cards to remove: {exc}", exc.token, exc.position) from None
        if not dead:
            return self
        hit = np.isin(all_hands()[self.rows], np.array([int(c) for c in dead])).any(axis=1)
        return Range(f"{self.text} without {format_cards(dead)}", self.rows[~hit], self.game)

    def __or__(self, other: Range) -> Range:
        return Range(f"{self.text},{other.text}", np.union1d(self.rows, other.rows), self.game or other.game)

    def __and__(self, other: Range) -> Range:
        return Range(f"({self.text}):({other.text})", np.intersect1d(self.rows, other.rows), self.game or other.game)

    def __sub__(self, other: Range) -> Range:
        return Range(f"({self.text})!({other.text})", np.setdiff1d(self.rows, other.rows), self.game or other.game)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and np.array_equal(self.rows, other.rows)

    def __hash__(self) -> int:
        return hash(self.rows.tobytes())

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Range({self.text!r}, {self.combos:,} hands)"


# ----------------------------------------------------------------- patterns

@dataclass(frozen=True)
class _Spec:
    """One card of a hand pattern: allowed ranks (None: any) or a rank variable; a suit or suit variable."""

    ranks: frozenset[int] | None = None
    rank_var: str | None = None
    suit: int | None = None
    suit_var: str | None = None


@functools.cache
def _hand_ranks_suits() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    h = all_hands()
    return h // 4, h % 4


def _match(specs: list[_Spec], shape: tuple[int, ...] | None) -> BoolArr:
    specs = specs + [_Spec()] * (4 - len(specs))
    ranks, suits = _hand_ranks_suits()
    fixed_ranks = {next(iter(s.ranks)) for s in specs if s.ranks is not None and len(s.ranks) == 1}
    fixed_suits = {s.suit for s in specs if s.suit is not None}
    out = np.zeros(len(ranks), dtype=bool)
    seen: set[tuple[_Spec, ...]] = set()
    for perm in _PERMS:
        # assign hand card perm[j] to spec j; skip orders that only swap identical specs
        order = tuple(specs[int(k)] for k in np.argsort(perm))
        if order in seen:
            continue
        seen.add(order)
        ok = np.ones(len(ranks), dtype=bool)
        r = ranks[:, perm]
        s = suits[:, perm]
        for j, sp in enumerate(specs):
            if sp.ranks is not None:
                ok &= np.isin(r[:, j], list(sp.ranks))
            if sp.rank_var is not None and fixed_ranks:
                ok &= ~np.isin(r[:, j], list(fixed_ranks))
            if sp.suit is not None:
                ok &= s[:, j] == sp.suit
            if sp.suit_var is not None and fixed_suits:
                ok &= ~np.isin(s[:, j], list(fixed_suits))
            for k in range(j + 1, 4):
                other = specs[k]
                if sp.rank_var is not None and other.rank_var is not None:
                    ok &= (r[:, j] == r[:, k]) if sp.rank_var == other.rank_var else (r[:, j] != r[:, k])
                if sp.suit_var is not None and other.suit_var is not None:
                    ok &= (s[:, j] == s[:, k]) if sp.suit_var == other.suit_var else (s[:, j] != s[:, k])
        out |= ok
    if shape is not None:
        counts = np.stack([(suits == x).sum(axis=1) for x in range(4)], axis=1)
        sizes = -np.sort(-counts, axis=1)
        want = np.array(list(shape) + [0] * (4 - len(shape)))
        out &= (sizes == want).all(axis=1)
    return out


def _shape_mask(shape: tuple[int, ...]) -> BoolArr:
    return _match([], shape)


# ----------------------------------------------------------------- parser

class _Parser:
    def __init__(self, text: str, game: str | None) -> None:
        self.text = text
        self.game = game
        self.pos = 0

    def error(self, message: str, start: int, end: int | None = None) -> RangeError:
        part = self.text[start:end if end is not None else start + 1].strip() or self.text[start:start + 1]
        return RangeError(f"{part!r} at position {start}: {message}", part=part, position=start)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def parse(self) -> BoolArr:
        if not self.text.strip():
            raise RangeError("range: empty text; write a pattern such as 'AA**' or '15%'", part="", position=0)
        mask = self.union()
        if self.peek():
            raise self.error("unexpected character (operators are ',' ':' '!' and parentheses)", self.pos)
        return mask

    def union(self) -> BoolArr:
        mask = self.term()
        while self.peek() == ",":
            self.pos += 1
            mask = mask | self.term()
        return mask

    def term(self) -> BoolArr:
        mask = self.atom()
        while self.peek() in (":", "!") and self.peek():
            op = self.text[self.pos]
            self.pos += 1
            other = self.atom()
            mask = (mask & other) if op == ":" else (mask & ~other)
        return mask

    def atom(self) -> BoolArr:
        c = self.peek()
        start = self.pos
        if not c:
            raise self.error("a pattern is missing here (at the end)", max(start - 1, 0))
        if c == "(":
            self.pos += 1
            mask = self.union()
            if self.peek() != ")":
                raise self.error("this '(' is never closed", start)
            self.pos += 1
            return mask
        m = re.compile(r"(\d+(?:\.\d+)?)%(?:\s*-\s*(\d+(?:\.\d+)?)%)?(6h)?").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return self.percent(m, start)
        m = re.compile(r"(ds|ss|r)(?![A-Za-z0-9*\[])").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return _shape_mask(SUIT_SHAPES[m.group(1)])
        return self.hand()

    def percent(self, m: re.Match[str], start: int) -> BoolArr:
        lo_text, hi_text = (m.group(1), m.group(2)) if m.group(2) else ("0", m.group(1))
        lo, hi = float(lo_text), float(hi_text)
        if not 0 <= lo < hi <= 100:
            raise self.error("a share of the chart is between 0% and 100% (and 'a%-b%' needs a < b)",
                             start, m.end())
        if self.game is None:
            raise self.error("a share of the chart needs a game: parse_range(text, game='plo' or 'hilo')",
                             start, m.end())
        from omaha_learn.engine.chart import starting_hands

        chart = starting_hands(self.game)
        order = chart.order(six_handed=bool(m.group(3)))
        combos = hand_classes().combos[order]
        before = np.cumsum(combos) - combos
        chosen = order[(before >= lo / 100 * HANDS) & (before < hi / 100 * HANDS)]
        keep = np.zeros(len(combos), dtype=bool)
        keep[chosen] = True
        return keep[hand_classes().class_of]

    def hand(self) -> BoolArr:
        self.skip()
        start = self.pos
        end = start
        while end < len(self.text) and self.text[end] not in ",:!()%":
            if self.text[end] == "[" and "]" in self.text[end:]:
                end = self.text.index("]", end)
            end += 1
        seg = self.text[start:end].rstrip()
        end = start + len(seg)
        shape: tuple[int, ...] | None = None
        m = re.search(r"(ds|ss|r)$", seg)
        if m:  # a suit shape after a four-card pattern: 'AA**ds' (else 'ds' are suits: 'AAds')
            try:
                specs = self.cards(start, start + m.start())
            except RangeError:
                specs = []
            if len(specs) == 4:
                self.pos = end
                return _match(specs, SUIT_SHAPES[m.group(1)])
        specs = self.cards(start, end)
        if not specs:
            raise self.error("a pattern is missing here", start)
        return _match(specs, shape)

    def cards(self, start: int, end: int) -> list[_Spec]:
        self.pos = start
        specs: list[_Spec] = []
        while self.pos < end:
            if self.text[self.pos].isspace():
                self.pos += 1
                continue
            specs.append(self.card(end))
            if len(specs) > 4:
                raise self.error(f"a hand pattern has at most 4 cards, got {len(specs)}", start, end)
        return specs

    def card(self, end: int) -> _Spec:
        start = self.pos
        c = self.text[self.pos]
        ranks: frozenset[int] | None = None
        rank_var = None
        if c == "*":
            self.pos += 1
        elif c == "[":
            close = self.text.find("]", start, end)
            if close < 0:
                raise self.error("this '[' is never closed", start)
            ranks = self.rank_list(self.text[start + 1:close], start)
            self.pos = close + 1
        elif c in _RANK_CHARS:
            ranks = frozenset({RANKS.index(c)})
            self.pos += 1
        elif c.isupper():
            rank_var = c
            self.pos += 1
        elif c in _SUITS or c in _SUIT_VARS:
            return self.suit(_Spec(), end)
        elif c in "akqjt":
            raise self.error("ranks are written in upper case (A K Q J T 9 ... 2)", start)
        elif c == "1" and self.text.startswith("10", start):
            raise self.error("write the ten as T", start, start + 2)
        else:
            raise self.error("not a rank (A K Q J T 9-2, * any, a letter for a rank variable), "
                             "a suit (s h d c, w x y z for suit variables) or an operator", start)
        return self.suit(_Spec(ranks=ranks, rank_var=rank_var), end)

    def suit(self, spec: _Spec, end: int) -> _Spec:
        if self.pos < end:
            c = self.text[self.pos]
            if c in _SUITS:
                self.pos += 1
                return _Spec(spec.ranks, spec.rank_var, _SUITS.index(c), None)
            if c in _SUIT_VARS:
                self.pos += 1
                return _Spec(spec.ranks, spec.rank_var, None, c)
        return spec

    def rank_list(self, inner: str, start: int) -> frozenset[int]:
        out: set[int] = set()
        items = [x.strip() for x in re.split(r",", inner)] if "," in inner else (
            re.findall(r".-.|.", inner.replace(" ", "")))
        for item in items:
            m = re.fullmatch(r"([2-9TJQKA])(?:-([2-9TJQKA]))?", item)
            if not m:
                raise self.error(f"{item!r} in a rank list is not a rank or a span like A-T", start,
                                 start + len(inner) + 2)
            a = RANKS.index(m.group(1))
            b = RANKS.index(m.group(2)) if m.group(2) else a
            out.update(range(min(a, b), max(a, b) + 1))
        if not out:
            raise self.error("an empty rank list", start, start + len(inner) + 2)
        return frozenset(out)


@functools.lru_cache(maxsize=256)
def _parse_cached(text: str, game: str | None) -> IdxArr:
    mask = _Parser(text, game).parse()
    idx = np.flatnonzero(mask).astype(np.int64)
    idx.flags.writeable = False
    return idx


def parse_range(text: str | Range, game: str | Game | None = None) -> Range:
    """The concrete hands of a range written in the range language (see the module notes).

    ``game`` (``"plo"`` or ``"hilo"``) is needed only for a share of the chart (``15%``).

    >>> r = parse_range("AA**", game="hilo")
    >>> len(r), len(r.without("As Ah"))     # only Ad Ac and two non-aces are left
    (6961, 1128)
    >>> len(parse_range("10%", game="plo")) / 270_725 > 0.099
    True
    >>> parse_range("AA**,KQ!")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.RangeError: '!' at position 7: a pattern is missing here (at the end)
    """
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise RangeError(f"range: give the range as text, e.g. 'AA**,KK**ds', got {type(text).__name__}")
    key = None
    if game is not None:
        try:
            key = Game.parse(game).value
        except GameError as exc:
            raise RangeError(f"game: {exc}") from None
    return Range(text.strip(), _parse_cached(text.strip(), key), key)


def is_range_text(hand: object) -> bool:
    """Whether ``hand`` is a :class:`Range` or text that is a range rather than a list of cards.

    >>> is_range_text("AA**"), is_range_text("As Ah 2s 3h"), is_range_text(None), is_range_text("As Ah 1h 2s")
    (True, False, False, False)
    >>> is_range_text("As,Ah,2s,3h"), is_range_text("AdAcKdKc,AdAcQdQc"), is_range_text("As As 2s 3h")
    (False, True, False)
    >>> is_range_text("As Ah 2s Xx"), is_range_text("AsAh2sXx"), is_range_text("RxRyOxOy")   # spaced: a typo
    (False, True, True)
    """
    if isinstance(hand, Range):
        return True
    if not isinstance(hand, str):
        return False
    try:
        cards = parse_cards(hand, allow_duplicates=True)
    except CardError:
        cards = None
    if cards is not None and len(set(cards)) == len(cards) in (4, 5):
        return False  # a hand, even written "As,Ah,2s,3h"
    if any(ch in _SPECIAL for ch in hand) or re.search(r"(ds|ss|r)\s*$", hand):
        return True
    if cards is not None:
        return False  # cards, repeated or too few or many: a card error, not a range
    if re.fullmatch(r"\s*\S\S(\s+\S\S)*\s*", hand):
        return False  # card-sized tokens with spaces ("As Ah 2s Xx"): a mistyped hand
    try:
        parse_range(hand)
    except RangeError:
        return False
    return True
