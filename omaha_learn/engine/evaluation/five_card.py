"""Five-card hand values in plain Python: the readable definition of R6-R9.

``high_value(cards)`` and ``low_value(cards)`` return tuples that sort the
way the rules say. They are the reference the strength tables
(:mod:`omaha_learn.engine.evaluation.tables`) are built from and checked against.

>>> from omaha_learn.engine.cards import parse_cards
>>> high_value(parse_cards("Ks Kd 6c 6h Ac"))
(2, 13, 6, 14)
>>> low_value(parse_cards("8c 5d 4h 2s Ac"))
(0, 8, 5, 4, 2, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from omaha_learn.engine.cards import Card
from omaha_learn.i18n import gettext, rank_forms, rank_word
from omaha_learn.i18n import gettext as _

__all__ = ["Category", "high_value", "low_value", "low_ranks", "describe_high_value"]


class Category(IntEnum):
    """High-hand categories, worst first (R6). Royal flush is the ace-high straight flush."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").capitalize()

    @classmethod
    def _missing_(cls, value: object) -> Category:
        from omaha_learn.errors import CategoryError

        names = ", ".join(f"{c.value} {c.label.lower()}" for c in cls)
        raise CategoryError(_("category: {value!r} is not a hand category (one of {names})").format(value=value, names=names))


def _straight_top(ranks: Sequence[int]) -> int:
    """Top card of a straight made by five distinct ranks, or 0 (R7: wheel tops at 5)."""
    s = sorted(set(ranks))
    if len(s) != 5:
        return 0
    if s[4] - s[0] == 4:
        return s[4]
    if s == [2, 3, 4, 5, 14]:
        return 5
    return 0


def high_value(cards: Sequence[Card]) -> tuple[int, ...]:
    """Sortable value of a five-card high hand: ``(category, tie-break ranks...)``.

    Larger is better; equal values tie (R6, R7).
    """
    if len(cards) != 5:
        raise ValueError(f"a poker hand has five cards, got {len(cards)}")
    ranks = [c.rank for c in cards]
    flush = len({c.suit for c in cards}) == 1
    top = _straight_top(ranks)
    if top and flush:
        return (int(Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH), top)
    counts = Counter(ranks)
    # Ranks grouped by how often they occur, then by rank, highest first.
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    if shape[0] == 4:
        return (int(Category.FOUR_OF_A_KIND), *order)
    if shape == [3, 2]:
        return (int(Category.FULL_HOUSE), *order)
    if flush:
        return (int(Category.FLUSH), *order)
    if top:
        return (int(Category.STRAIGHT), top)
    if shape[0] == 3:
        return (int(Category.THREE_OF_A_KIND), *order)
    if shape[:2] == [2, 2]:
        return (int(Category.TWO_PAIR), *order)
    if shape[0] == 2:
        return (int(Category.ONE_PAIR), *order)
    return (int(Category.HIGH_CARD), *order)


def low_ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    """Ace-to-five ranks (ace = 1), highest first."""
    return tuple(sorted((c.low_rank for c in cards), reverse=True))


def low_value(cards: Sequence[Card]) -> tuple[int, ...]:
    """Ace-to-five low value: ``(pairing, ranks grouped...)``; **smaller is better**.

    Straights and flushes are ignored and the ace is low (R8). ``pairing`` is
    0 for five different ranks, 1 for one pair, 2 two pair, 3 trips, 4 a full
    house, 5 quads; inside it ranks compare from the top down (R9, R12).
    """
    if len(cards) != 5:
        raise ValueError(f"a low hand has five cards, got {len(cards)}")
    counts = Counter(c.low_rank for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    pairing = {
        (1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2,
        (3, 1, 1): 3, (3, 2): 4, (4, 1): 5,
    }[shape]
    return (pairing, *(r for r, _ in groups))


def describe_high_value(value: Sequence[int]) -> str:
    """Words for a :func:`high_value`, e.g. ``'Two pair, kings and sixes, ace kicker'``, in the language in use
    (:func:`omaha_learn.set_language`): whole-sentence templates, ranks in the form each language needs.

    >>> describe_high_value((2, 13, 6, 14))
    'Two pair, kings and sixes, ace kicker'
    >>> describe_high_value((4, 5))
    'Straight, five high (the wheel)'
    >>> from omaha_learn.i18n import language
    >>> with language("ru"):
    ...     describe_high_value((1, 13, 9, 8, 2)), describe_high_value((3, 10, 14, 9))
    ('Пара королей, кикеры: девятка, восьмёрка, двойка', 'Тройка десяток, кикеры: туз, девятка')
    >>> with language("et"):
    ...     describe_high_value((1, 13, 9, 8, 2)), describe_high_value((6, 13, 7))
    ('Paar kuningaid, lisakaardid üheksa, kaheksa, kaks', 'Täismaja, kuningad ja seitsmed')
    """
    cat = Category(value[0])
    r = value[1:]

    def words(ranks: Sequence[int]) -> str:
        return ", ".join(rank_word(x, "name") for x in ranks)

    if cat == Category.ROYAL_FLUSH:
        return gettext("Royal flush")
    if cat == Category.STRAIGHT_FLUSH:
        if r[0] == 5:
            return gettext("Straight flush, five high (steel wheel)")
        return gettext("Straight flush, {high} high").format(**rank_forms("high", r[0]))
    if cat == Category.FOUR_OF_A_KIND:
        return gettext("Four of a kind, {quads_plural}, {kicker} kicker").format(
            **rank_forms("quads", r[0]), **rank_forms("kicker", r[1]))
    if cat == Category.FULL_HOUSE:
        return gettext("Full house, {three_plural} full of {pair_plural}").format(
            **rank_forms("three", r[0]), **rank_forms("pair", r[1]))
    if cat == Category.FLUSH:
        return gettext("Flush, {high} high ({cards})").format(**rank_forms("high", r[0]), cards=words(r))
    if cat == Category.STRAIGHT:
        if r[0] == 5:
            return gettext("Straight, five high (the wheel)")
        return gettext("Straight, {high} high").format(**rank_forms("high", r[0]))
    if cat == Category.THREE_OF_A_KIND:
        return gettext("Three of a kind, {trips_plural}, kickers {kickers}").format(
            **rank_forms("trips", r[0]), kickers=words(r[1:]))
    if cat == Category.TWO_PAIR:
        return gettext("Two pair, {top_plural} and {second_plural}, {kicker} kicker").format(
            **rank_forms("top", r[0]), **rank_forms("second", r[1]), **rank_forms("kicker", r[2]))
    if cat == Category.ONE_PAIR:
        return gettext("Pair of {pair_plural}, kickers {kickers}").format(**rank_forms("pair", r[0]),
                                                                          kickers=words(r[1:]))
    return gettext("High card {high}, then {rest}").format(**rank_forms("high", r[0]), rest=words(r[1:]))
