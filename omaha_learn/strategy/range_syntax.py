"""The reader of the range language: text to a weight for each of the 270,725 hands.

:func:`read_range` returns the row numbers (in the order of
:func:`~omaha_learn.strategy.canonical.all_hands`) and the weights of the
hands a text names; :func:`omaha_learn.strategy.ranges.parse_range` wraps them
in a :class:`~omaha_learn.strategy.range_set.Range`. The language itself (every
form, with examples and counts) is described in :mod:`omaha_learn.strategy.ranges`
and in ``docs/rules.md``.

Grammar, loosest first (ProPokerTools' precedence: ``@`` binds just after ``:``
and ``!``, so ``AA:$ds@50`` weighs the double-suited aces)::

    union   := weighted ("," weighted)*
    weighted:= term ("@" 1..100)?
    term    := atom ((":" | "!") atom)*
    atom    := "(" union ")" | percent | shape | pattern

Bounds (each refused with a :class:`~omaha_learn.errors.RangeError` naming it, before
the work is done): at most :data:`MAX_TEXT` characters, parentheses nested at most
:data:`MAX_DEPTH` deep, at most :data:`MAX_TERMS` patterns, shares and shapes, at most
:data:`MAX_EXPANSIONS` card patterns once spans, ``+``/``-`` and bracketed spans are
written out, and at most :data:`MAX_PASSES` passes over the 270,725 hands to match the
distinct patterns. Parsing is one left-to-right pass; recursion goes only as deep as the
parentheses; a hand named many times is matched once per text (set union on the rows).

>>> rows, weights = read_range("KK-TT:RROO", None)     # KK**, QQ**, JJ** or TT**, and two pairs
>>> len(rows), weights
(1512, None)
>>> rows, weights = read_range("AA@100,KK@25", None)
>>> len(rows), sorted(set(weights.tolist()))
(13886, [0.25, 1.0])
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from itertools import permutations, product
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import RANKS
from omaha_learn.errors import RangeError
from omaha_learn.i18n import format_number
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.canonical import HANDS, all_hands, hand_classes, hand_index

__all__ = ["read_range", "SUIT_SHAPES", "RANK_MACROS", "HAND_MACROS", "MAX_TEXT", "MAX_DEPTH", "MAX_TERMS",
           "MAX_EXPANSIONS", "MAX_PASSES"]

SUIT_SHAPES = {"ds": (2, 2), "ss": (2, 1, 1), "r": (1, 1, 1, 1)}
"""Suit-shape words of the range language and the suit-group sizes they name."""


def _ranks(text: str) -> frozenset[int]:
    return frozenset(RANKS.index(c) for c in text)


RANK_MACROS: dict[str, tuple[str, frozenset[int]]] = {
    "$R": ("broadway card", _ranks("AKQJT")),
    "$B": ("big card", _ranks("AKQJ")),
    "$F": ("face card", _ranks("KQJ")),
    "$M": ("middle card", _ranks("T987")),
    "$Z": ("small card", _ranks("65432")),
    "$L": ("low card (eight or lower)", _ranks("A2345678")),
    "$N": ("non-low card", _ranks("KQJT9")),
    "$W": ("wheel card", _ranks("A2345")),
}
"""Rank macros: each stands for one card whose rank is in the set (``$B$B**``: two big cards)."""

HAND_MACROS = {"$ds": "double-suited", "$ss": "single-suited", "$np": "no pair (four different ranks)"}
"""Whole-hand macros: suit shapes and the no-pair constraint."""

MAX_TEXT = 4_000
"""Longest range text read, in characters (a list of 400 explicit hands fits)."""
MAX_DEPTH = 16
"""Deepest nesting of parentheses."""
MAX_TERMS = 1_000
"""Most patterns, shares and suit shapes in one range."""
MAX_EXPANSIONS = 5_000
"""Most card patterns once spans (``KK-TT``), ``+``/``-`` and bracketed spans are written out."""
MAX_PASSES = 1_500
"""Most passes over the 270,725 hands spent matching the distinct card patterns of one range."""

_SUITS = "cdhs"
_SUIT_VARS = "wxyz"
_RANK_CHARS = set(RANKS)
_PERMS = np.array(list(permutations(range(4))), dtype=np.intp)
_STOP = ",:!()%@"
_BOARD_WORDS = ("set", "sets", "trips", "flush", "straight", "pair", "toppair", "overpair", "nuts", "draw",
                "hi", "lo", "low", "high", "hilo", "scoop")

BoolArr = npt.NDArray[np.bool_]
FloatArr = npt.NDArray[np.float64]
IdxArr = npt.NDArray[np.int64]


class _Value(NamedTuple):
    """A parsed part: the hands in it, and their weights when it was given with '@' (else None: weight 1)."""

    mask: BoolArr
    w: FloatArr | None

    @property
    def weighted(self) -> bool:
        return self.w is not None

    def weights(self) -> FloatArr:
        """A weight per hand (0 outside the part)."""
        return self.w if self.w is not None else self.mask.astype(np.float64)


def _plain(mask: BoolArr) -> _Value:
    return _Value(mask, None)


# ----------------------------------------------------------------- card patterns

@dataclass(frozen=True)
class _Spec:
    """One card of a pattern: allowed ranks (None: any) or a rank variable; allowed suits or a suit
    variable; or an explicit set of cards."""

    ranks: frozenset[int] | None = None
    rank_var: str | None = None
    suits: frozenset[int] | None = None
    suit_var: str | None = None
    cards: frozenset[int] | None = None

    @property
    def rank(self) -> int | None:
        """The one rank written out, if that is all that varies along a span."""
        if self.ranks is not None and len(self.ranks) == 1 and self.cards is None:
            return next(iter(self.ranks))
        return None


@functools.cache
def _hand_ranks_suits() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    h = all_hands()
    return h // 4, h % 4


_ENUMERATE = 300_000
"""Largest product of allowed cards for which a pattern without variables is matched by listing hands."""


def _allowed_cards(spec: _Spec) -> list[int]:
    if spec.cards is not None:
        return sorted(spec.cards)
    return [c for c in range(52) if (spec.ranks is None or c // 4 in spec.ranks)
            and (spec.suits is None or c % 4 in spec.suits)]


def _enumerated(specs: tuple[_Spec, ...]) -> BoolArr | None:
    """The hands matching a pattern without variables, by listing its card choices (None: too many)."""
    if any(s.rank_var is not None or s.suit_var is not None for s in specs):
        return None
    allowed = [_allowed_cards(s) for s in specs]
    size = 1
    for a in allowed:
        size *= len(a)
    if size > _ENUMERATE:
        return None
    out = np.zeros(HANDS, dtype=bool)
    if size:
        grids = np.meshgrid(*[np.array(a, dtype=np.int16) for a in allowed], indexing="ij")
        rows = np.sort(np.stack([g.ravel() for g in grids], axis=1), axis=1)
        rows = rows[(np.diff(rows, axis=1) != 0).all(axis=1)]
        if len(rows):
            out[hand_index(rows)] = True
    return out


@functools.lru_cache(maxsize=1024)
def _match_cost(specs: tuple[_Spec, ...]) -> int:
    """Passes over the 270,725 hands :func:`_match` makes for ``specs`` (the unit of :data:`MAX_PASSES`)."""
    specs = specs + (_Spec(),) * (4 - len(specs))
    if not any(s.rank_var is not None or s.suit_var is not None for s in specs):
        size = 1
        for s in specs:
            size *= len(_allowed_cards(s))
        if size <= _ENUMERATE:
            return 1 + size // 8_000
    orders = {tuple(specs[int(k)] for k in np.argsort(perm)) for perm in _PERMS}
    return 4 * len(orders)


@functools.lru_cache(maxsize=128)
def _match(specs: tuple[_Spec, ...], shape: tuple[int, ...] | None) -> BoolArr:
    """The hands matching one card pattern (read-only; cached, as spans and macros reuse patterns)."""
    specs = specs + (_Spec(),) * (4 - len(specs))
    out = _enumerated(specs)
    if out is None:
        out = _match_orders(specs)
    if shape is not None:
        out &= _shape_mask(shape)
    out.flags.writeable = False
    return out


@functools.cache
def _columns() -> tuple[tuple[npt.NDArray[np.int8], ...], tuple[npt.NDArray[np.int8], ...],
                        tuple[npt.NDArray[np.int8], ...]]:
    """The ranks, suits and cards of the hands, one contiguous column per card place."""
    ranks, suits = _hand_ranks_suits()
    cards = all_hands()
    return (tuple(np.ascontiguousarray(ranks[:, k]) for k in range(4)),
            tuple(np.ascontiguousarray(suits[:, k]) for k in range(4)),
            tuple(np.ascontiguousarray(cards[:, k]) for k in range(4)))


def _table(size: int, values: frozenset[int] | set[int], negate: bool = False) -> BoolArr:
    t = np.zeros(size, dtype=bool)
    t[list(values)] = True
    return ~t if negate else t


def _match_orders(specs: tuple[_Spec, ...]) -> BoolArr:
    """The hands matching ``specs``, trying each order of a hand's cards against the pattern."""
    rank_cols, suit_cols, card_cols = _columns()
    fixed_ranks = {next(iter(s.ranks)) for s in specs if s.ranks is not None and len(s.ranks) == 1}
    fixed_suits = {next(iter(s.suits)) for s in specs if s.suits is not None and len(s.suits) == 1}
    out = np.zeros(HANDS, dtype=bool)
    ok = np.empty(HANDS, dtype=bool)
    seen: set[tuple[_Spec, ...]] = set()
    for perm in _PERMS:
        # assign hand card perm[j] to spec j; skip orders that only swap identical specs
        order = tuple(specs[int(k)] for k in np.argsort(perm))
        if order in seen:
            continue
        seen.add(order)
        ok.fill(True)
        r = [rank_cols[int(k)] for k in perm]
        s = [suit_cols[int(k)] for k in perm]
        c = [card_cols[int(k)] for k in perm]
        for j, sp in enumerate(specs):
            if sp.ranks is not None:
                ok &= _table(13, sp.ranks)[r[j]]
            if sp.rank_var is not None and fixed_ranks:
                ok &= _table(13, fixed_ranks, negate=True)[r[j]]
            if sp.suits is not None:
                ok &= _table(4, sp.suits)[s[j]]
            if sp.suit_var is not None and fixed_suits:
                ok &= _table(4, fixed_suits, negate=True)[s[j]]
            if sp.cards is not None:
                ok &= _table(52, sp.cards)[c[j]]
            for k in range(j + 1, 4):
                other = specs[k]
                if sp.rank_var is not None and other.rank_var is not None:
                    ok &= (r[j] == r[k]) if sp.rank_var == other.rank_var else (r[j] != r[k])
                if sp.suit_var is not None and other.suit_var is not None:
                    ok &= (s[j] == s[k]) if sp.suit_var == other.suit_var else (s[j] != s[k])
        out |= ok
    return out


@functools.cache
def _suit_sizes() -> npt.NDArray[np.int64]:
    _, suits = _hand_ranks_suits()
    counts = np.stack([(suits == x).sum(axis=1) for x in range(4)], axis=1)
    return np.asarray(-np.sort(-counts, axis=1), dtype=np.int64)


def _shape_mask(shape: tuple[int, ...]) -> BoolArr:
    want = np.array(list(shape) + [0] * (4 - len(shape)))
    return np.asarray((_suit_sizes() == want).all(axis=1))


def _no_pair_mask() -> BoolArr:
    ranks, _ = _hand_ranks_suits()
    r = np.sort(ranks, axis=1)
    return np.asarray((np.diff(r, axis=1) != 0).all(axis=1))


def _hand_macro(name: str) -> BoolArr:
    return _no_pair_mask() if name == "$np" else _shape_mask(SUIT_SHAPES[name[1:]])


# ----------------------------------------------------------------- the parser

_Slot = list[tuple[_Spec, ...]]   # the alternatives for one place of a pattern (a card, or a bracketed span)


def _check_bounds(text: str) -> None:
    """Refuse a text beyond :data:`MAX_TEXT` characters or :data:`MAX_DEPTH` nested parentheses."""
    if len(text) > MAX_TEXT:
        raise RangeError(_("range text is {count} characters; the limit is {max_text}").format(count=format_number(len(text)), max_text=format_number(MAX_TEXT)),
                         part=text[:20], position=MAX_TEXT)
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise RangeError(_("'(' at position {i}: parentheses are nested more than {max_depth} deep; the limit is {max_depth}").format(i=i, max_depth=MAX_DEPTH), part="(", position=i)
        elif ch == ")":
            depth = max(depth - 1, 0)


class _Parser:
    def __init__(self, text: str, game: str | None) -> None:
        self.text = text
        self.game = game
        self.pos = 0
        self._end = 0
        self.terms = 0
        self.expansions = 0
        self.passes = 0
        self._matched: set[tuple[tuple[_Spec, ...], tuple[int, ...] | None]] = set()

    def error(self, message: str, start: int, end: int | None = None) -> RangeError:
        part = self.text[start:end if end is not None else start + 1].strip() or self.text[start:start + 1]
        if len(part) > 60:
            part = part[:57] + "..."
        return RangeError(_("{part!r} at position {position}: {reason}").format(part=part, position=start, reason=message),
                          part=part, position=start)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def parse(self) -> _Value:
        if not self.text.strip():
            raise RangeError(_("range: empty text; write a pattern such as 'AA**' or '15%'"), part="", position=0)
        _check_bounds(self.text)
        value = self.union()
        if self.peek():
            raise self.error(_("unexpected character (operators are ',' ':' '!' '@' and parentheses)"), self.pos)
        return value

    def count_term(self, start: int) -> None:
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.error(_("a range holds at most {max_terms} patterns, shares and shapes; the limit is {max_terms}").format(max_terms=format_number(MAX_TERMS)), start)

    def union(self) -> _Value:
        """Comma-separated parts, merged as they are read (a hand weighted twice keeps the larger weight)."""
        self.skip()
        start = self.pos
        first = self.weighted()
        weighted = first.weighted
        mask = first.mask.copy()
        w = None if first.w is None else first.w.copy()
        first_end = self.pos
        while self.peek() == ",":
            self.pos += 1
            self.skip()
            part_start = self.pos
            v = self.weighted()
            if v.weighted != weighted:
                where = (part_start, self.pos) if not v.weighted else (start, first_end)
                raise self.error(_("in a weighted range every comma-separated part has a weight (all or none, as in ProPokerTools): add '@100' for full weight"), *where)
            np.logical_or(mask, v.mask, out=mask)
            if w is not None and v.w is not None:
                np.maximum(w, v.w, out=w)
        return _Value(mask, w)

    def weighted(self) -> _Value:
        value = self.term()
        if self.peek() != "@":
            return value
        at = self.pos
        m = re.compile(r"@\s*(\d{1,12}(?:\.\d{0,12})?)(?!\d)").match(self.text, self.pos)
        if not m:
            word = re.compile(r"@\s*([A-Za-z_]+)").match(self.text, self.pos)
            if word:
                raise self.error(_("board-texture classes (sets, top pair, draws) need a board and are not part of a starting-hand range; '@' here only weighs a part, as in AA**@50"),
                                 at, word.end())
            if re.compile(r"@\s*\d").match(self.text, self.pos):
                raise self.error(_("a weight is a whole number from 1 to 100 (relative: AA@100,KK@50 draws aces twice as often as kings)"), at, at + 14)
            raise self.error(_("a weight is missing after '@' (a whole number from 1 to 100, as in AA**@50)"), at)
        if "." in m.group(1) or not 1 <= int(m.group(1)) <= 100:
            raise self.error(_("a weight is a whole number from 1 to 100 (relative: AA@100,KK@50 draws aces twice as often as kings)"), at, m.end())
        self.pos = m.end()
        if self.peek() == "@":
            raise self.error(_("one weight per part"), self.pos)
        if self.peek() not in ("", ",", ")"):
            raise self.error(_("a weight ends its comma-separated part: only ',' or ')' can follow it"), self.pos)
        return _Value(value.mask, np.where(value.mask, int(m.group(1)) / 100, 0.0))

    def term(self) -> _Value:
        value = self.atom()
        while self.peek() in (":", "!") and self.peek():
            op = self.text[self.pos]
            self.pos += 1
            other = self.atom()
            if op == ":":
                mask = value.mask & other.mask
                if value.w is None and other.w is None:
                    value = _Value(mask, None)
                else:
                    value = _Value(mask, np.where(mask, np.minimum(value.weights(), other.weights()), 0.0))
            else:
                mask = value.mask & ~other.mask
                value = _Value(mask, None if value.w is None else np.where(mask, value.w, 0.0))
        return value

    def atom(self) -> _Value:
        c = self.peek()
        start = self.pos
        if not c:
            raise self.error(_("a pattern is missing here (at the end)"), max(start - 1, 0))
        if c == "(":
            self.pos += 1
            value = self.union()
            if self.peek() != ")":
                raise self.error(_("this '(' is never closed"), start)
            self.pos += 1
            return value
        self.count_term(start)
        m = re.compile(r"(\d{1,12}(?:\.\d{1,12})?)%(?:\s*-\s*(\d{1,12}(?:\.\d{1,12})?)%)?(6h|pf)?").match(
            self.text, self.pos)
        if m:
            self.pos = m.end()
            other = re.compile(r"\d+h").match(self.text, self.pos)
            if other:
                raise self.error(_("only the six-handed order '6h' and the coach's preflop order 'pf' exist besides the default heads-up one"),
                                 self.pos, other.end())
            return _plain(self.percent(m, start))
        m = re.compile(r"(ds|ss|r)(?![A-Za-z0-9*\[$])").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return _plain(_shape_mask(SUIT_SHAPES[m.group(1)]))
        m = re.compile(r"\$(ds|ss|np)(?![A-Za-z0-9])").match(self.text, self.pos)
        if m:
            self.pos = m.end()
            return _plain(_hand_macro(m.group(0)))
        return _plain(self.hand())

    def percent(self, m: re.Match[str], start: int) -> BoolArr:
        lo_text, hi_text = (m.group(1), m.group(2)) if m.group(2) else ("0", m.group(1))
        lo, hi = float(lo_text), float(hi_text)
        if not 0 <= lo < hi <= 100:
            raise self.error(_("a share of the chart is between 0% and 100% (and 'a%-b%' needs a < b)"),
                             start, m.end())
        if self.game is None:
            raise self.error(_("a share of the chart needs a game: parse_range(text, game='plo' or 'hilo')"),
                             start, m.end())
        from omaha_learn.strategy.chart import share_slice, starting_hands  # only a share of the chart loads it

        if m.group(3) == "pf":
            from omaha_learn.engine.games import Game
            from omaha_learn.strategy.preflop import preflop_order

            order = preflop_order(Game.parse(self.game))
        else:
            order = starting_hands(self.game).order(six_handed=bool(m.group(3)))
        keep = np.zeros(len(order), dtype=bool)
        keep[share_slice(order, lo / 100, hi / 100)] = True
        return keep[hand_classes().class_of]

    # -- one hand pattern: cards, spans, a trailing shape

    def hand(self) -> BoolArr:
        mask = self._hand()
        self.pos = self._end
        return mask

    def _hand(self) -> BoolArr:
        self.skip()
        start = self.pos
        end = start
        while end < len(self.text) and self.text[end] not in _STOP:
            if self.text[end] == "[":
                close = self.text.find("]", end)
                if close >= 0:
                    end = close
            end += 1
        seg = self.text[start:end].rstrip()
        end = start + len(seg)
        self._end = end
        m = re.search(r"\$(ds|ss|np)$", seg)
        if m:  # 'AA**$ds': the pattern and the macro
            return self.pattern(start, start + m.start()) & _hand_macro(m.group(0))
        m = re.search(r"(ds|ss|r)$", seg)
        if m:  # a suit shape after a four-card pattern: 'AA**ds' (else 'ds' are suits: 'AAds')
            try:
                alternatives = self.alternatives(start, start + m.start())
            except RangeError:
                alternatives = []
            if alternatives and all(len(a) == 4 for a in alternatives):
                return self.union_of(alternatives, SUIT_SHAPES[m.group(1)])
        return self.pattern(start, end)

    def pattern(self, start: int, end: int) -> BoolArr:
        alternatives = self.alternatives(start, end)
        if not alternatives or not alternatives[0]:
            raise self.error(_("a pattern is missing here"), start)
        return self.union_of(alternatives, None)

    def union_of(self, alternatives: list[tuple[_Spec, ...]], shape: tuple[int, ...] | None) -> BoolArr:
        out = np.zeros(HANDS, dtype=bool)
        for specs in dict.fromkeys(alternatives):
            self.expansions += 1
            if self.expansions > MAX_EXPANSIONS:
                raise RangeError(_("range: its spans and brackets write out more than {max_expansions} card patterns; the limit is {max_expansions}").format(max_expansions=format_number(MAX_EXPANSIONS)), part=self.text[:20], position=0)
            key = (specs, shape)
            if key not in self._matched:   # each distinct pattern is matched (and paid for) once per text
                self._matched.add(key)
                self.passes += _match_cost(specs)
                if self.passes > MAX_PASSES:
                    raise RangeError(_("range: matching its {count} different card patterns takes more than {max_passes} passes over the 270,725 hands; the limit is {max_passes} (name fewer different patterns, or use spans and macros)").format(count=format_number(len(self._matched)), max_passes=format_number(MAX_PASSES)),
                                     part=self.text[:20], position=0)
            out |= _match(specs, shape)
        return out

    def alternatives(self, start: int, end: int) -> list[tuple[_Spec, ...]]:
        """The card patterns ``text[start:end]`` stands for: one, or several along a span."""
        dashes = [i for i in self._top_level(start, end) if self.text[i] == "-"]
        last = end - 1
        if last >= start and self.text[last] in "+-" and (not dashes or dashes == [last]):
            base = self.simple(start, last, self.text[last])
            return self.shifted(base, self.text[last] == "+", last)
        if dashes:
            if len(dashes) > 1:
                raise self.error(_("a span has one '-' (KK-TT, KQJT-9876)"), dashes[1])
            dash = dashes[0]
            left = self.simple(start, dash, "-")
            right = self.simple(dash + 1, end, "-")
            return self.span(left, right, start, end)
        slots = self.slots(start, end)
        return [tuple(s for part in combo for s in part) for combo in product(*slots)]

    def _top_level(self, start: int, end: int) -> list[int]:
        out, depth = [], 0
        for i in range(start, end):
            ch = self.text[i]
            depth += ch == "["
            depth -= ch == "]"
            if depth == 0 and ch in "+-":
                out.append(i)
        return out

    def simple(self, start: int, end: int, op: str) -> tuple[_Spec, ...]:
        slots = self.slots(start, end)
        if any(len(slot) != 1 for slot in slots):
            raise self.error(_("'{op}' cannot be used on a pattern holding a bracketed span").format(op=op), start, end)
        specs = tuple(s for slot in slots for s in slot[0])
        if not specs:
            raise self.error(_("a pattern is missing before or after '{op}'").format(op=op), start, max(end, start + 1))
        return specs

    def shifted(self, base: tuple[_Spec, ...], up: bool, at: int) -> list[tuple[_Spec, ...]]:
        ranks = [s.rank for s in base if s.rank is not None]
        if not ranks:
            raise self.error(_("a trailing '{value}' moves the ranks written out (TT+, 99-, KQJT+); this pattern has none").format(value='+' if up else '-'), at)
        steps = 12 - max(ranks) if up else min(ranks)
        sign = 1 if up else -1
        return [tuple(replace(s, ranks=frozenset({s.rank + sign * i})) if s.rank is not None else s for s in base)
                for i in range(steps + 1)]

    def span(self, left: tuple[_Spec, ...], right: tuple[_Spec, ...], start: int, end: int
             ) -> list[tuple[_Spec, ...]]:
        if len(left) != len(right):
            raise self.error(_("both sides of a span have as many cards ({count} and {count2})").format(count=len(left), count2=len(right)), start, end)
        moves = set()
        for a, b in zip(left, right, strict=True):
            if a == b:
                continue
            if a.rank is None or b.rank is None or replace(a, ranks=None) != replace(b, ranks=None):
                raise self.error(_("along a span only the ranks written out change; the other parts (suits, variables, lists) are the same on both sides"), start, end)
            moves.add(b.rank - a.rank)
        if not moves:
            raise self.error(_("the two sides of this span are the same"), start, end)
        if len(moves) > 1:
            raise self.error(_("the ranks of a span move together, each by the same number of steps (KQJT-9876, not KQJT-9875)"), start, end)
        d = moves.pop()
        sign = 1 if d > 0 else -1
        return [tuple(replace(a, ranks=frozenset({a.rank + sign * i})) if a != b and a.rank is not None else a
                      for a, b in zip(left, right, strict=True)) for i in range(abs(d) + 1)]

    def slots(self, start: int, end: int) -> list[_Slot]:
        self.pos = start
        slots: list[_Slot] = []
        count = 0
        while self.pos < end:
            if self.text[self.pos].isspace():
                self.pos += 1
                continue
            slot = self.slot(end)
            slots.append(slot)
            count += len(slot[0])
            if count > 4:
                raise self.error(_("a hand pattern has at most 4 cards, got {count}").format(count=count), start, end)
        self.pos = end
        return slots

    def slot(self, end: int) -> _Slot:
        start = self.pos
        if self.text[start] == "[":
            close = self.text.find("]", start, end)
            if close < 0:
                raise self.error(_("this '[' is never closed"), start)
            inner = self.text[start + 1:close]
            m = re.fullmatch(r"\s*([2-9TJQKA]{2,4})\s*-\s*([2-9TJQKA]{2,4})\s*", inner)
            if m:  # a span of several cards inside brackets: [KK-TT]
                left = tuple(_Spec(ranks=frozenset({RANKS.index(ch)})) for ch in m.group(1))
                right = tuple(_Spec(ranks=frozenset({RANKS.index(ch)})) for ch in m.group(2))
                self.pos = close + 1
                return self.span(left, right, start, close + 1)
        return [(self.card(end),)]

    def card(self, end: int) -> _Spec:
        start = self.pos
        c = self.text[self.pos]
        if c == "*":
            self.pos += 1
            return self.suit(_Spec(), end)
        if c == "[":
            close = self.text.find("]", start, end)
            if close < 0:
                raise self.error(_("this '[' is never closed"), start)
            kind, values = self.bracket(self.text[start + 1:close], start, close + 1)
            self.pos = close + 1
            if kind == "cards":
                return _Spec(cards=values)
            if kind == "suits":
                return _Spec(suits=values)
            return self.suit(_Spec(ranks=values), end)
        if c == "$":
            m = re.compile(r"\$[A-Za-z0-9]*").match(self.text, start)
            assert m is not None
            name = m.group(0)
            if name in HAND_MACROS:
                raise self.error(_("{name} is a whole-hand macro: put it after the pattern or after ':' (AA**{name}, AA**:{name})").format(name=name), start, m.end())
            if name[:2] in RANK_MACROS:
                self.pos = start + 2
                return self.suit(_Spec(ranks=RANK_MACROS[name[:2]][1]), end)
            raise self.error(self.macro_message(name), start, m.end())
        if c in _RANK_CHARS:
            self.pos += 1
            if self.text.startswith("o", self.pos):
                raise self.error(_("'o' (offsuit) is hold'em shorthand; in Omaha write suit variables (AxKy: an ace and a king of different suits)"), self.pos)
            return self.suit(_Spec(ranks=frozenset({RANKS.index(c)})), end)
        if c in "<>":
            raise self.error(_("comparisons with '<' and '>' (hands against a board) are not part of a starting-hand range"), start)
        word = re.compile(r"[a-z]{2,}").match(self.text, start)
        if word and word.group(0) in _BOARD_WORDS:
            raise self.error(_("{group!r} names a made hand or a hi-lo half, which needs a board; a starting-hand range has none").format(group=word.group(0)), start, word.end())
        if c.isupper():
            self.pos += 1
            return self.suit(_Spec(rank_var=c), end)
        if c in _SUITS or c in _SUIT_VARS:
            return self.suit(_Spec(), end)
        if c in "akqjt":
            raise self.error(_("ranks are written in upper case (A K Q J T 9 ... 2)"), start)
        if c == "1" and self.text.startswith("10", start):
            raise self.error(_("write the ten as T"), start, start + 2)
        raise self.error(_("not a rank (A K Q J T 9-2, * any, a letter for a rank variable), a suit (s h d c, w x y z for suit variables) or an operator"), start)

    @staticmethod
    def macro_message(name: str) -> str:
        if name in ("$s", "$o"):
            return _("a hold'em macro (two suited or offsuit cards); in Omaha write xx for two cards of a suit, "
                     "or $ss / $ds for the suit shape")
        ranks = " ".join(RANK_MACROS)
        hands = " ".join(HAND_MACROS)
        return _("unknown macro; the macros are {ranks} (one card each) and {hands} (whole hands)").format(
            ranks=ranks, hands=hands)

    def suit(self, spec: _Spec, end: int) -> _Spec:
        if self.pos < end:
            c = self.text[self.pos]
            if c in _SUITS:
                self.pos += 1
                return replace(spec, suits=frozenset({_SUITS.index(c)}))
            if c in _SUIT_VARS:
                self.pos += 1
                return replace(spec, suit_var=c)
            if c == "[" and spec.ranks is not None:  # 'A[s,h]': a suit list for this card
                close = self.text.find("]", self.pos, end)
                if close > 0:
                    inner = self.text[self.pos + 1:close]
                    if inner.strip() and re.fullmatch(r"[\s,shdc]*", inner):
                        kind, values = self.bracket(inner, self.pos, close + 1)
                        self.pos = close + 1
                        return replace(spec, suits=values)
        return spec

    def bracket(self, inner: str, start: int, end: int) -> tuple[str, frozenset[int]]:
        """A bracketed list: ``("ranks" | "suits" | "cards", values)``."""
        if "," in inner:
            items = [x.strip() for x in inner.split(",")]
        else:
            items = re.findall(r"[2-9TJQKA][shdc]|.-.|\$[A-Z]|.", inner.replace(" ", ""))
        kinds: set[str] = set()
        out: set[int] = set()
        for item in items:
            if re.fullmatch(r"[2-9TJQKA][shdc]", item):
                kinds.add("cards")
                out.add(4 * RANKS.index(item[0]) + _SUITS.index(item[1]))
            elif re.fullmatch(r"[shdc]", item):
                kinds.add("suits")
                out.add(_SUITS.index(item))
            elif item in RANK_MACROS:
                kinds.add("ranks")
                out.update(RANK_MACROS[item][1])
            else:
                m = re.fullmatch(r"([2-9TJQKA])(?:-([2-9TJQKA]))?", item)
                if not m:
                    raise self.error(_("{item!r} in a list is not a rank, a span like A-T, a suit or a card").format(item=item),
                                     start, end)
                kinds.add("ranks")
                a = RANKS.index(m.group(1))
                b = RANKS.index(m.group(2)) if m.group(2) else a
                out.update(range(min(a, b), max(a, b) + 1))
        if not out:
            raise self.error(_("an empty list"), start, end)
        if len(kinds) > 1:
            raise self.error(_("a list holds ranks, suits or cards, not a mix"), start, end)
        return kinds.pop(), frozenset(out)


@functools.lru_cache(maxsize=256)
def _read_cached(text: str, game: str | None) -> tuple[IdxArr, FloatArr | None]:
    value = _Parser(text, game).parse()
    idx = np.flatnonzero(value.mask).astype(np.int64)
    idx.flags.writeable = False
    if value.w is None:
        return idx, None
    weights = value.w[idx]
    weights.flags.writeable = False
    return idx, weights


def read_range(text: str, game: str | None) -> tuple[IdxArr, FloatArr | None]:
    """The rows of the hands ``text`` names and their weights (None: not weighted); ``game`` is
    ``"plo"``, ``"hilo"`` or None (then a share of the chart such as ``15%`` is refused).

    Bounded: see the module notes (:data:`MAX_TEXT`, :data:`MAX_DEPTH`, :data:`MAX_TERMS`,
    :data:`MAX_EXPANSIONS`, :data:`MAX_PASSES`); beyond them a :class:`RangeError` names the bound.

    >>> read_range("A" * 5000, None)
    Traceback (most recent call last):
    ...
    omaha_learn.errors.RangeError: range text is 5,000 characters; the limit is 4,000
    """
    if isinstance(text, str) and len(text) > MAX_TEXT:
        _check_bounds(text)   # before the cache keeps a copy of it
    return _read_cached(text, game)
