"""Suit isomorphism: the 16,432 classes of four-card Omaha starting hands.

Before the flop the four suits are interchangeable: ``As Ah 2s 3h`` and
``Ad Ac 2d 3c`` play exactly alike. Relabelling suits splits the 270,725
concrete four-card hands (``C(52, 4)``) into 16,432 classes. A class is named
by its *canonical* hand: of the 24 relabellings, the one whose cards, sorted
high to low, read highest (so the first suit met is spades, then hearts,
diamonds, clubs; R1 deals four hole cards).

>>> format_cards(canonical("Ad Ac 2d 3c"))
'As Ah 3s 2h'
>>> canonical("As Ah 2s 3h") == canonical("Ac Ad 2c 3d")
True
>>> suit_pattern("As Ah 2s 3h"), suit_pattern("Kd Qd Jc 9h"), suit_pattern("8c 7d 6h 5s")
('ds', 'ss', 'r')
>>> rank_pattern("2s Ah 3h As"), combos("As Ah 3s 2h")
('AA32', 12)
>>> classes = hand_classes()
>>> len(classes.hands), int(classes.combos.sum())
(16432, 270725)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import permutations
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import RANKS, Card, CardError, CardsLike, format_cards, is_parsed, parse_cards
from omaha_learn.engine.evaluation.tables import colex_combinations
from omaha_learn.i18n import gettext as _
from omaha_learn.i18n import pgettext

__all__ = [
    "HANDS", "CLASSES", "SUIT_PATTERNS", "canonical", "canonical_hand", "canonical_key", "suit_pattern", "rank_pattern", "combos",
    "all_hands", "hand_index", "hand_classes", "HandClasses", "four_cards", "class_label",
]

HANDS = 270_725
"""Concrete four-card hands: C(52, 4)."""
CLASSES = 16_432
"""Suit-isomorphic classes of four-card hands."""

SUIT_PATTERNS = {
    "ds": "double-suited (two cards of one suit, two of another)",
    "ss": "single-suited (two cards of one suit, the others of two more suits)",
    "r": "rainbow (four suits)",
    "3s": "three cards of one suit",
    "4s": "four cards of one suit",
}
"""Suit patterns of a four-card hand by the sizes of its suit groups."""

_PERMS = np.array(list(permutations(range(4))), dtype=np.int64)  # 24 suit relabellings
_SHAPE_NAME = {(2, 2): "ds", (2, 1, 1): "ss", (1, 1, 1, 1): "r", (3, 1): "3s", (4,): "4s"}


def four_cards(hand: CardsLike, name: str = "hand") -> tuple[Card, ...]:
    """Parse ``hand`` as four distinct cards, or raise :class:`CardError` naming ``name``. Cards already parsed
    (a tuple of :class:`Card`) are checked as they are, never read again."""
    if is_parsed(hand):
        cards = hand
        for i, card in enumerate(cards):
            if card in cards[:i]:
                raise CardError(f"{name}: duplicate card '{card}' (item {i})", str(card), i)
    else:
        try:
            cards = parse_cards(hand)
        except CardError as exc:
            raise CardError(f"{name}: {exc}", exc.token, exc.position) from None
    if len(cards) != 4:
        raise CardError(_("{name}: an Omaha starting hand has 4 cards, got {count} ({value})").format(name=name, count=len(cards), value=format_cards(cards) or pgettext("no cards", "none")))
    return cards


def _key(cards: list[int]) -> int:
    a, b, c, d = sorted(cards, reverse=True)
    return ((a * 52 + b) * 52 + c) * 52 + d


def _unkey(key: int) -> tuple[Card, ...]:
    out = []
    for _card in range(4):
        key, c = divmod(key, 52)
        out.append(Card(c))
    return tuple(reversed(out))


def canonical_key(hand: CardsLike) -> int:
    """An integer naming the class of ``hand`` (equal for suit-isomorphic hands)."""
    cards = four_cards(hand)
    return max(_key([(c.rank - 2) * 4 + int(p[int(c) % 4]) for c in cards]) for p in _PERMS)


def canonical(hand: CardsLike) -> tuple[Card, ...]:
    """The canonical hand of ``hand``'s class, cards sorted high to low.

    >>> format_cards(canonical("2c 3d 4h 5s")), format_cards(canonical("Kc Kd Qc Qd"))
    ('5s 4h 3d 2c', 'Ks Kh Qs Qh')
    """
    return _unkey(canonical_key(hand))


canonical_hand = canonical
"""Public name of :func:`canonical` (``omaha_learn.canonical_hand``)."""


def suit_pattern(hand: CardsLike) -> str:
    """``"ds"``, ``"ss"``, ``"r"``, ``"3s"`` or ``"4s"`` (see :data:`SUIT_PATTERNS`)."""
    cards = four_cards(hand)
    sizes = tuple(sorted((sum(1 for c in cards if c.suit == s) for s in "cdhs"), reverse=True))
    return _SHAPE_NAME[tuple(x for x in sizes if x)]


def rank_pattern(hand: CardsLike) -> str:
    """The four ranks high to low, e.g. ``"AA32"``."""
    cards = four_cards(hand)
    return "".join(RANKS[c.rank - 2] for c in sorted(cards, key=int, reverse=True))


def combos(hand: CardsLike) -> int:
    """How many concrete hands share ``hand``'s class (4, 6, 12 or 24).

    >>> combos("As Ah Ad Ac"), combos("As Kh Qd Jc"), combos("As Ks Qs Js")
    (1, 24, 4)
    """
    key = canonical_key(hand)
    return int(hand_classes().combos[hand_classes().index_of_key(key)])


@functools.cache
def all_hands() -> npt.NDArray[np.int8]:
    """Every four-card hand as a row of card ints, ascending, in colex order (270,725 rows).

    Row ``i`` is the hand whose :func:`hand_index` is ``i``.
    """
    return colex_combinations(52, 4)


_BINOMS = np.array([[comb(n, k) for k in range(5)] for n in range(53)], dtype=np.int64)


def hand_index(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Colex index (row in :func:`all_hands`) of each hand; rows of 4 distinct card ints.

    >>> int(hand_index([[0, 1, 2, 3]])[0]), int(hand_index([[48, 49, 50, 51]])[0])
    (0, 270724)
    """
    h = np.sort(np.asarray(hands, dtype=np.int64).reshape(-1, 4), axis=1)
    return np.asarray(sum(_BINOMS[h[:, i], i + 1] for i in range(4)), dtype=np.int64)


def _canonical_keys(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """:func:`canonical_key` of every row: the largest of the 24 suit relabellings, each sorted high to low by a
    five-comparator sorting network on the columns (about ten times faster than ``np.sort`` on 270,725 rows; a key
    is below 52**4, so int32 holds it)."""
    h = np.asarray(hands).astype(np.int32)
    ranks4, suits = (h // 4) * 4, h % 4
    best = np.zeros(len(h), dtype=np.int32)
    for p in np.asarray(_PERMS, dtype=np.int32):
        m = ranks4 + p[suits]
        a, b, c, d = m[:, 0], m[:, 1], m[:, 2], m[:, 3]
        a, b = np.maximum(a, b), np.minimum(a, b)
        c, d = np.maximum(c, d), np.minimum(c, d)
        a, c = np.maximum(a, c), np.minimum(a, c)
        b, d = np.maximum(b, d), np.minimum(b, d)
        b, c = np.maximum(b, c), np.minimum(b, c)
        np.maximum(best, ((a * 52 + b) * 52 + c) * 52 + d, out=best)
    return best.astype(np.int64)


@dataclass(frozen=True)
class HandClasses:
    """The 16,432 classes: ``hands[k]`` the canonical hand of class ``k`` (sorted high
    to low, classes ordered from the highest canonical hand down), ``combos[k]`` its
    number of concrete hands, ``keys[k]`` its :func:`canonical_key`, and
    ``class_of[i]`` the class of the hand in row ``i`` of :func:`all_hands`.
    """

    hands: npt.NDArray[np.int8]
    combos: npt.NDArray[np.int64]
    keys: npt.NDArray[np.int64]
    class_of: npt.NDArray[np.int32]

    def index_of_key(self, key: int) -> int:
        """Class number of a :func:`canonical_key`."""
        i = int(np.searchsorted(-self.keys, -key))
        if i >= len(self.keys) or int(self.keys[i]) != key:  # pragma: no cover - every key is a class
            raise CardError(_("no class has key {key}").format(key=key))
        return i

    def class_index(self, hand: CardsLike) -> int:
        """Class number of a concrete hand."""
        return self.index_of_key(canonical_key(hand))


@functools.cache
def hand_classes() -> HandClasses:
    """The 16,432 suit-isomorphic classes and the class of every concrete hand (cached)."""
    hands = all_hands().astype(np.int64)
    keys = _canonical_keys(hands)
    uniq, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    order = np.arange(len(uniq))[::-1]  # highest canonical hand first
    rank_of = np.empty_like(order)
    rank_of[order] = np.arange(len(uniq))
    ukeys = uniq[order]
    cards = np.stack([(ukeys // 52 ** (3 - i)) % 52 for i in range(4)], axis=1).astype(np.int8)
    for arr in (cards, ukeys):
        arr.flags.writeable = False
    class_of = rank_of[inverse.reshape(-1)].astype(np.int32)
    class_of.flags.writeable = False
    c = counts[order].astype(np.int64)
    c.flags.writeable = False
    return HandClasses(hands=cards, combos=c, keys=ukeys, class_of=class_of)


def class_label(hand: CardsLike) -> str:
    """A name for ``hand``'s class that says which cards share a suit.

    The ranks high to low, the suit pattern, then each group of suited ranks
    (``AA32 ss`` alone covers three classes: the ace suited with the three, with
    the deuce, or the three with the deuce):

    >>> class_label("As Ah 3s 2d"), class_label("Ad Ac 2c 3h"), class_label("7h 6h 3h 2h")
    ('AA32 ss (A3 suited)', 'AA32 ss (A2 suited)', '7632 4s (7632 suited)')
    >>> class_label("As Ah Ks Kh"), class_label("Js Th 9c 8d")
    ('AAKK ds (AK, AK suited)', 'JT98 r')
    """
    cards = sorted(four_cards(hand), key=int, reverse=True)
    ranks, pattern = rank_pattern(cards), suit_pattern(cards)
    groups = ["".join(RANKS[c.rank - 2] for c in cards if c.suit == s) for s in "shdc"]
    suited = sorted((g for g in groups if len(g) > 1), key=lambda g: [-RANKS.index(r) for r in g])
    return f"{ranks} {pattern}" + (f" ({', '.join(suited)} suited)" if suited else "")
