"""Cards, card notation and a seeded deck.

A card is a small integer ``0..51`` (``rank_index * 4 + suit_index``, ranks
``2..A``, suits ``c d h s``), wrapped in :class:`Card` so that it prints and
compares like a card but indexes numpy tables like an int. This is the same
numbering phevaluator uses.

>>> parse_cards("As Kd 7h")
(Card('As'), Card('Kd'), Card('7h'))
>>> parse_cards("A♠10h")
(Card('As'), Card('Th'))
>>> Card("Qc").rank, Card("Qc").suit
(12, 'c')
"""

from __future__ import annotations

import copy
import itertools
import operator
import random
import re
from collections.abc import Iterable, Iterator
from typing import TypeGuard

from omaha_learn.errors import CardError
from omaha_learn.i18n import format_number, ngettext
from omaha_learn.i18n import gettext as _

__all__ = [
    "RANKS",
    "SUITS",
    "Card",
    "CardError",
    "CardsLike",
    "Deck",
    "parse_cards",
    "is_parsed",
    "format_cards",
    "FULL_DECK",
]

RANKS = "23456789TJQKA"
"""Rank characters, lowest first (index 0 is the deuce)."""
SUITS = "cdhs"
"""Suit characters: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
RANK_PLURALS = {r: ("sixes" if r == 6 else n + "s") for r, n in RANK_NAMES.items()}

_SUIT_ALIASES = {
    "c": "c", "d": "d", "h": "h", "s": "s",
    "♣": "c", "♦": "d", "♥": "h", "♠": "s",
    "♧": "c", "♢": "d", "♡": "h", "♤": "s",
}
_RANK_ALIASES = {ch: ch for ch in RANKS} | {"10": "T"}


class Card(int):
    """One playing card; an ``int`` from 0 to 51 that prints as ``'As'``.

    >>> Card("Td") == Card(33)
    True
    >>> str(Card("Td")), Card("Td").pretty
    ('Td', 'T♦')
    >>> Card("Zz")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.CardError: 'Zz' is not a card (rank 2-9, T, J, Q, K, A then suit c, d, h, s)
    """

    __slots__ = ()

    def __new__(cls, value: str | int | Card) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            if len(value) > 40:
                raise CardError(_("{text!r} is not a card ({count} characters; rank 2-9, T, J, Q, K, A then suit c, d, h, s)")
                                .format(text=_clip(value), count=format_number(len(value))),
                                token=_clip(value))
            return _parse_one(value.strip(), value, None)
        index = _as_index(value)
        if index is not None:
            return _DECK[index]
        raise CardError(_("{value!r} is not a card (expected text like 'As' or an index 0-51)").format(value=value),
                        token=repr(value))

    @property
    def rank(self) -> int:
        """Rank from 2 to 14 (ace high)."""
        return int(self) // 4 + 2

    @property
    def rank_char(self) -> str:
        return RANKS[int(self) // 4]

    @property
    def suit(self) -> str:
        """Suit letter: ``'c'``, ``'d'``, ``'h'`` or ``'s'``."""
        return SUITS[int(self) % 4]

    @property
    def low_rank(self) -> int:
        """Rank for ace-to-five lows: ace is 1, the rest as :attr:`rank`."""
        r = self.rank
        return 1 if r == 14 else r

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, e.g. ``'A♠'``."""
        return self.rank_char + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Words for screen readers, e.g. ``'ace of spades'``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.rank_char + self.suit

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _as_index(value: object) -> int | None:
    """``value`` as a card index 0..51 if it is an integer (numpy integers too), else None."""
    if isinstance(value, (bool, str, float)):
        return None
    try:
        index = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
    return index if 0 <= index < 52 else None


def _is_int(value: object) -> bool:
    """A Python or numpy integer, not a bool."""
    if isinstance(value, (bool, str, float)):
        return False
    try:
        operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def _make_card(index: int) -> Card:
    return int.__new__(Card, index)


_DECK: tuple[Card, ...] = tuple(_make_card(i) for i in range(52))
FULL_DECK: tuple[Card, ...] = _DECK
"""All 52 cards in index order (2c 2d 2h 2s 3c ... As)."""

_BY_TEXT = {str(c): c for c in _DECK}


MAX_TEXT = 1_000
"""Longest text :func:`parse_cards` reads, in characters (all 52 cards written out fit in 260)."""
MAX_ITEMS = 1_000
"""Most items :func:`parse_cards` takes from a list or any other iterable."""


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _parse_one(token: str, source: str, position: int | None) -> Card:
    text = token
    if len(text) >= 2:
        rank_txt, suit_txt = text[:-1], text[-1]
        rank = _RANK_ALIASES.get(rank_txt.upper())
        suit = _SUIT_ALIASES.get(suit_txt.lower())
        if rank is not None and suit is not None:
            return _BY_TEXT[rank + suit]
    if position is None:
        message = _("{token!r} is not a card (rank 2-9, T, J, Q, K, A then suit c, d, h, s)").format(token=token)
    else:
        message = _("{token!r} is not a card at position {position} of {text!r} "
                    "(rank 2-9, T, J, Q, K, A then suit c, d, h, s)").format(token=token, position=position,
                                                                              text=source)
    raise CardError(message, token=token, position=position)


# One card: rank (10 or one character) then a suit letter or symbol.
_CARD_RE = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♧♢♡♤])")
_SEP_RE = re.compile(r"[\s,;\[\]()]+")

CardsLike = str | Iterable[str | int | Card]
"""Anything :func:`parse_cards` accepts."""


def _scan(text: str) -> Iterator[tuple[int, str]]:
    """Yield (position, token) for each card in ``text``; raise on anything else."""
    pos = 0
    n = len(text)
    while pos < n:
        sep = _SEP_RE.match(text, pos)
        if sep:
            pos = sep.end()
            continue
        m = _CARD_RE.match(text, pos)
        if m:
            yield pos, m.group(0)
            pos = m.end()
            continue
        # Report the whole bad word (up to the next separator), or two characters.
        end = pos
        while end < n and not _SEP_RE.match(text, end) and not (end > pos and _CARD_RE.match(text, end)):
            end += 1
        bad = text[pos:end] if end - pos <= 4 else text[pos:pos + 2]
        cyrillic = next((ch for ch in bad if "\u0400" <= ch <= "\u04ff"), None)
        if cyrillic:
            message = _("{token!r} is not a card (at position {position} of {text!r}; rank 2-9, T, J, Q, K, A "
                        "then suit c, d, h, s; «{letter}» is a Cyrillic letter)").format(
                token=bad, position=pos, text=text, letter=cyrillic)
        else:
            message = _("{token!r} is not a card (at position {position} of {text!r}; rank 2-9, T, J, Q, K, A "
                        "then suit c, d, h, s)").format(token=bad, position=pos, text=text)
        raise CardError(message, token=bad, position=pos)


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read cards from text or from an iterable of strings, ints or cards.

    Accepts ``"As Kd 7h"``, ``"AsKd7h"``, ``"A♠ K♦ 7♥"``, ``"10h"``, either case,
    commas, and lists such as ``["As", "Kd"]``. A repeated card is an error
    unless ``allow_duplicates`` is true. Bounded: text of at most :data:`MAX_TEXT`
    characters, at most :data:`MAX_ITEMS` items from an iterable (a generator is
    read no further), each read in one left-to-right pass.

    >>> parse_cards("as kd, 10h")
    (Card('As'), Card('Kd'), Card('Th'))
    >>> parse_cards(["Qs", Card("2c")])
    (Card('Qs'), Card('2c'))
    >>> parse_cards("As Ks As")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.CardError: duplicate card 'As' (position 6 of 'As Ks As')
    >>> parse_cards("As Xz")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.CardError: 'Xz' is not a card (at position 3 of 'As Xz'; rank 2-9, T, J, Q, K, A then suit c, d, h, s)
    """
    out: list[tuple[Card, str, int]] = []
    if isinstance(cards, str):
        if len(cards) > MAX_TEXT:
            raise CardError(_("cards: the text is {count} characters; the limit is {limit}").format(
                count=format_number(len(cards)), limit=format_number(MAX_TEXT)),
                            token=_clip(cards), position=MAX_TEXT)
        quick = [_BY_TEXT.get(tok) for tok in cards.split(" ")]  # "As Kd 7h": the common case, no scan
        if None not in quick and (allow_duplicates or len(set(quick)) == len(quick)):
            return tuple(quick)  # type: ignore[arg-type]
        for pos, tok in _scan(cards):
            out.append((_parse_one(tok, cards, pos), cards, pos))
    elif isinstance(cards, Card):
        return (cards,)
    else:
        try:
            items = list(itertools.islice(cards, MAX_ITEMS + 1))
        except TypeError:
            raise CardError(_("{value} is not a card or a list of cards").format(value=_clip(repr(cards))),
                            token=_clip(repr(cards))) from None
        if len(items) > MAX_ITEMS:
            raise CardError(_("cards: more than {limit} items; the limit is {limit}").format(limit=format_number(MAX_ITEMS)),
                            position=MAX_ITEMS)
        for i, item in enumerate(items):
            if isinstance(item, Card):
                out.append((item, "", i))
            elif isinstance(item, str):
                if len(item) > 40:
                    raise CardError(_("{text!r} (item {index}) is not one card (rank 2-9, T, J, Q, K, A then suit c, d, h, s)")
                                    .format(text=_clip(item), index=i), token=_clip(item),
                                    position=i)
                toks = list(_scan(item))
                if len(toks) != 1:
                    raise CardError(_("{text!r} (item {index}) is not one card (rank 2-9, T, J, Q, K, A then suit c, d, h, s)")
                                    .format(text=item, index=i), token=item, position=i)
                out.append((_parse_one(toks[0][1], item, None), "", i))
            elif (index := _as_index(item)) is not None:
                out.append((_DECK[index], "", i))
            else:
                raise CardError(_("{value} (item {index}) is not a card (text like 'As' or an index 0-51)").format(
                    value=_clip(repr(item)), index=i),
                                token=_clip(repr(item)), position=i)
    if not allow_duplicates:
        seen: set[int] = set()
        for card, source, pos in out:
            if card in seen:
                if source:
                    message = _("duplicate card '{card}' (position {position} of {text!r})").format(
                        card=card, position=pos, text=source)
                else:
                    message = _("duplicate card '{card}' (item {index})").format(card=card, index=pos)
                raise CardError(message, token=str(card), position=pos)
            seen.add(card)
    return tuple(c for c, _, _ in out)


def is_parsed(cards: object) -> TypeGuard[tuple[Card, ...]]:
    """Whether ``cards`` is already what :func:`parse_cards` returns (a tuple of :class:`Card`): code that
    takes text or cards reads text once, at the edge, and passes parsed cards on without reading them again.

    >>> is_parsed(parse_cards("As Kd")), is_parsed("As Kd"), is_parsed([Card("As")])
    (True, False, False)
    """
    return isinstance(cards, tuple) and all(isinstance(c, Card) for c in cards)


def format_cards(cards: Iterable[Card], *, pretty: bool = False, sep: str = " ") -> str:
    """Cards as text: ``'As Kd'`` (or ``'A♠ K♦'`` with ``pretty=True``).

    >>> format_cards(parse_cards("AsKd"), pretty=True)
    'A♠ K♦'
    >>> format_cards(["As", 51])            # anything parse_cards reads
    'As As'
    """
    if not isinstance(sep, str):
        raise CardError(_("sep: {value!r} is not text").format(value=sep), token=repr(sep))
    if not (isinstance(cards, (tuple, list)) and all(isinstance(c, Card) for c in cards)):
        cards = parse_cards(cards, allow_duplicates=True)
    return sep.join(c.pretty if pretty else str(c) for c in cards)


class Deck:
    """A deck that shuffles from a seed, so every student sees the same deal.

    >>> deck = Deck(seed=7)
    >>> hole = deck.deal(4)
    >>> len(hole), len(deck)
    (4, 48)
    >>> Deck(seed=7).deal(4) == hole
    True
    """

    def __init__(self, seed: int | None = None, *, exclude: CardsLike = ()) -> None:
        if seed is not None and not _is_int(seed):
            raise CardError(_("seed: {value!r} is not a whole number or None").format(value=seed), token=repr(seed))
        seed = None if seed is None else operator.index(seed)
        excluded = set(exclude if is_parsed(exclude) else parse_cards(exclude))
        self.seed = seed
        self._rng = random.Random(seed)
        self._cards: list[Card] = [c for c in _DECK if c not in excluded]
        self._rng.shuffle(self._cards)
        self._dealt: list[Card] = []

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def remaining(self) -> tuple[Card, ...]:
        """Cards not yet dealt, in the order they will come."""
        return tuple(self._cards)

    @property
    def dealt(self) -> tuple[Card, ...]:
        return tuple(self._dealt)

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take the next ``n`` cards from the top."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise CardError(_("n: cannot deal {n!r} cards").format(n=n), token=repr(n))
        if n > len(self._cards):
            raise CardError(ngettext("n: cannot deal {n} cards: only {left} left in the deck",
                                     "n: cannot deal {n} cards: only {left} left in the deck", len(self._cards))
                            .format(n=n, left=len(self._cards)), token=repr(n))
        out, self._cards = self._cards[:n], self._cards[n:]
        self._dealt.extend(out)
        return tuple(out)

    def copy(self) -> Deck:
        """An independent deck with the same cards left, in the same order.

        >>> deck = Deck(seed=3); twin = deck.copy()
        >>> twin.deal(2) == deck.deal(2)
        True
        """
        new = copy.copy(self)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())   # the same state (an immutable tuple): no deep copy of 625 ints
        new._cards = list(self._cards)
        new._dealt = list(self._dealt)
        return new

    def remove(self, cards: CardsLike) -> None:
        """Take specific cards out of the deck (for dealing around known cards)."""
        wanted = parse_cards(cards)
        missing = [c for c in wanted if c not in self._cards]
        if missing:
            raise CardError(_("card '{card}' is not in the deck").format(card=missing[0]), token=str(missing[0]))
        drop = set(wanted)
        self._cards = [c for c in self._cards if c not in drop]

    def __repr__(self) -> str:
        return f"Deck(seed={self.seed!r}, remaining={len(self._cards)})"
