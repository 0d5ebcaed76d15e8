"""Why an Omaha hand is what it is: every two-plus-three choice, the best of
each, and the misreadings a learner is likely to make (R2-R4, R8-R10).

>>> e = explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
>>> len(e.choices), str(e.best_high)
(60, 'Kd Kc 6c 6h Ac')
>>> print(e.pitfalls[0].message)
The board has four clubs but you hold only one club (Ac): no flush. Omaha needs exactly two hole cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from omaha_learn import rendering
from omaha_learn.engine.cards import SUIT_NAMES, Card, CardsLike, format_cards
from omaha_learn.engine.evaluation.five_card import Category, describe_high_value, high_value
from omaha_learn.engine.evaluation.hands import (
    HighHand,
    LowHand,
    check_deal,
    display_order,
    five_card_strengths,
    make_high,
    make_low,
)
from omaha_learn.i18n import gettext, ngettext, pgettext, rank_word

__all__ = ["Choice", "Pitfall", "Explanation", "explain", "explain_cards"]

_COUNT_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
"""Small counts in words (translated with the context "count")."""
_SUIT_SINGULAR = {s: n[:-1] for s, n in SUIT_NAMES.items()}  # 'club'
SUITS_COUNTED = {"c": ("{count} club", "{count} clubs"), "d": ("{count} diamond", "{count} diamonds"),
                  "h": ("{count} heart", "{count} hearts"), "s": ("{count} spade", "{count} spades")}
"""A number of cards of a suit, singular and plural (translated with ngettext)."""
_PITFALL_KINDS = {"flush": "flush", "full_house": "full house", "straight": "straight",
                  "board_plays": "board plays", "low": "low"}
"""The kinds of :class:`Pitfall` in words (translated with the context "pitfall")."""


def _messages() -> None:  # pragma: no cover - never called: the words looked up with a context, for the catalogue
    pgettext("count", "no")
    pgettext("count", "one")
    pgettext("count", "two")
    pgettext("count", "three")
    pgettext("count", "four")
    pgettext("count", "five")
    ngettext("{count} club", "{count} clubs", 1)
    ngettext("{count} diamond", "{count} diamonds", 1)
    ngettext("{count} heart", "{count} hearts", 1)
    ngettext("{count} spade", "{count} spades", 1)
    pgettext("suit: none held", "clubs")
    pgettext("suit: none held", "diamonds")
    pgettext("suit: none held", "hearts")
    pgettext("suit: none held", "spades")
    pgettext("suit: one held", "club")
    pgettext("suit: one held", "diamond")
    pgettext("suit: one held", "heart")
    pgettext("suit: one held", "spade")
    pgettext("pitfall", "flush")
    pgettext("pitfall", "full house")
    pgettext("pitfall", "straight")
    pgettext("pitfall", "board plays")
    pgettext("pitfall", "low")
    pgettext("no hand", "full house")
    pgettext("no hand", "four of a kind")
    pgettext("no hand", "straight")


@dataclass(frozen=True)
class Choice:
    """One way to make a hand: two hole cards plus three board cards (R2, R10)."""

    hole_cards: tuple[Card, ...]
    board_cards: tuple[Card, ...]
    high: HighHand
    low: LowHand | None
    """The low these five cards make, or ``None`` when it does not qualify."""
    is_best_high: bool = False
    is_best_low: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.hole_cards + self.board_cards


@dataclass(frozen=True)
class Pitfall:
    """A hand a learner might wrongly see, with a sentence saying why it is not there.

    ``kind`` is one of ``'flush'`` (R3), ``'full_house'`` (R4, also four of a
    kind), ``'straight'``, ``'board_plays'`` (R2) and ``'low'`` (R10);
    ``cards`` are the cards involved.
    """

    kind: str
    rule: str
    message: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return gettext("{rule} {kind}: {message}").format(rule=self.rule, message=self.message,
                                                          kind=pgettext("pitfall", _PITFALL_KINDS[self.kind]))


@dataclass(frozen=True)
class Explanation:
    """Every two-plus-three choice for one hand, the best high and low, and the pitfalls.

    ``str(e)`` / ``e.summary()`` is a text table; in a notebook the object
    draws itself as HTML.
    """

    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    qualifier: int | None
    choices: tuple[Choice, ...]
    best_high: HighHand
    best_low: LowHand | None
    pitfalls: tuple[Pitfall, ...]

    def __iter__(self) -> Iterator[Choice]:
        return iter(self.choices)

    def __len__(self) -> int:
        return len(self.choices)

    def summary(self, limit: int | None = None) -> str:
        """The hand, its best high and low, the pitfalls, then the choices best high first.

        ``limit`` keeps only the first rows of the table.
        """
        n_pairs = len(list(combinations(self.hole, 2)))
        n_triples = len(list(combinations(self.board, 3)))
        q = (gettext("no qualifier") if self.qualifier is None
             else gettext("{qualifier} or better").format(qualifier=self.qualifier))
        hi = self.best_high
        lines = [
            gettext("Hole: {hole}   Board: {board}").format(hole=format_cards(self.hole), board=format_cards(self.board)),
            ngettext("{n} choice: {pairs} pairs of hole cards x {triples} triples of board cards (R2)",
                     "{n} choices: {pairs} pairs of hole cards x {triples} triples of board cards (R2)",
                     len(self.choices)).format(n=len(self.choices), pairs=n_pairs, triples=n_triples),
            gettext("Best high: {hand}: {cards} (hole {hole} + board {board})").format(
                hand=hi.describe(), cards=hi, hole=format_cards(hi.hole_cards), board=format_cards(hi.board_cards)),
        ]
        if self.best_low is None:
            lines.append(gettext("Best low: none ({qualifier})").format(qualifier=q))
        else:
            lo = self.best_low
            lines.append(gettext("Best low: {hand}: {cards} (hole {hole} + board {board}; {qualifier})").format(
                hand=lo.describe(), cards=lo, hole=format_cards(lo.hole_cards), board=format_cards(lo.board_cards),
                qualifier=q))
        if self.pitfalls:
            lines.append(gettext("Pitfalls:"))
            lines.extend(f"  {p}" for p in self.pitfalls)
        rows = sorted(self.choices, key=lambda c: (-c.high.strength, -(c.low.strength if c.low else 0)))
        if limit is not None:
            rows = rows[:limit]
        table = [("", pgettext("column", "hole"), pgettext("column", "board"), pgettext("column", "high"),
                  pgettext("column", "low"))]
        for c in rows:
            mark = ("H" if c.is_best_high else "") + ("L" if c.is_best_low else "")
            table.append((mark, format_cards(c.hole_cards), format_cards(c.board_cards),
                          f"{c.high} {c.high.describe()}", c.low.describe() if c.low else "-"))
        widths = [max(len(r[i]) for r in table) for i in range(5)]
        lines.append("")
        lines.extend("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in table)
        if limit is not None and limit < len(self.choices):
            more = len(self.choices) - limit
            lines.append(ngettext("... {n} more", "... {n} more", more).format(n=more))
        lines.append(gettext("H = best high, L = best low"))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        return rendering.html("explanation", self)   # drawn by omaha_learn.display when it is there


# ----------------------------------------------------------------- pitfalls

def _strength(cards: Sequence[Card]) -> int:
    return five_card_strengths(cards)[0]


def _low_strength(cards: Sequence[Card]) -> int:
    return five_card_strengths(cards)[1]


def _illegal_choices(hole: Sequence[Card], board: Sequence[Card]
                     ) -> list[tuple[int, tuple[Card, ...], tuple[Card, ...]]]:
    """(number of hole cards, hole part, board part) for every five cards NOT two-plus-three."""
    out = []
    for k in range(0, min(len(hole), 5) + 1):
        if k == 2 or 5 - k > len(board):
            continue
        for hp in combinations(hole, k):
            for bp in combinations(board, 5 - k):
                out.append((k, hp, bp))
    return out


def _count(n: int) -> str:
    """A small count in words, in the language in use (the nouns counted here are feminine in Russian: карта, трефа)."""
    return pgettext("count", _COUNT_WORDS[n])


def _suits(n: int, suit: str) -> str:
    """``n`` cards of ``suit`` in words: "four clubs", «четыре трефы», «neli risti»."""
    one, many = SUITS_COUNTED[suit]
    return ngettext(one, many, n).format(count=_count(n))


def _you_use(k: int) -> str:
    """You use ``k`` hole cards (never two): "you use only one hole card", "you use three hole cards"."""
    return ngettext("you use only one hole card", "you use {count} hole cards", k).format(count=_count(k))


def _it_uses(k: int) -> str:
    """Five cards that use ``k`` hole cards: "it uses only one hole card", "it uses three hole cards"."""
    return ngettext("it uses only one hole card", "it uses {count} hole cards", k).format(count=_count(k))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _flush_pitfalls(hole: Sequence[Card], board: Sequence[Card], best: HighHand) -> list[Pitfall]:
    out: list[Pitfall] = []
    if best.category >= Category.FLUSH:
        return out
    for s in "cdhs":
        hc = [c for c in hole if c.suit == s]
        bc = [c for c in board if c.suit == s]
        if len(hc) + len(bc) < 5 or (len(hc) >= 2 and len(bc) >= 3):
            continue
        fields = {"board": _suits(len(bc), s), "held": _suits(len(hc), s), "cards": format_cards(hc),
                  "none": pgettext("suit: none held", SUIT_NAMES[s]), "one": pgettext("suit: one held", _SUIT_SINGULAR[s])}
        if len(bc) >= 3:
            msg = (gettext("The board has {board} but you hold no {none}: no flush. Omaha needs exactly two hole "
                           "cards.") if not hc else
                   gettext("The board has {board} but you hold only one {one} ({cards}): no flush. Omaha needs "
                           "exactly two hole cards."))
        elif len(bc) == 2:
            msg = gettext("You hold {held} ({cards}) but the board has only two: no flush. Omaha needs exactly three "
                          "board cards.")
        elif len(bc) == 1:
            msg = gettext("You hold {held} ({cards}) but the board has only one {one}: no flush. Omaha needs exactly "
                          "three board cards.")
        else:
            msg = gettext("You hold {held} ({cards}) but the board has no {none}: no flush. Omaha needs exactly "
                          "three board cards.")
        out.append(Pitfall("flush", "R3", msg.format(**fields), tuple(hc) + tuple(bc)))
    return out


def _describe_cards(cards: Sequence[Card]) -> str:
    return describe_high_value(high_value(cards))


def _category_pitfall(kind: str, rule: str, cats: tuple[Category, ...], noun: str,
                      illegal: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]],
                      best: HighHand) -> Pitfall | None:
    """The strongest hand of one of ``cats`` that beats ``best`` only by breaking two-plus-three."""
    top: tuple[int, int, tuple[Card, ...], tuple[Card, ...]] | None = None
    for k, hp, bp in illegal:
        if k == 0:
            continue  # 'the board plays' is its own pitfall
        cards = hp + bp
        s = _strength(cards)
        cat = Category(high_value(cards)[0])
        if s > best.strength and cat in cats and cat > best.category and (top is None or s > top[0]):
            top = (s, k, hp, bp)
    if top is None:
        return None
    _, k, hp, bp = top
    cards = display_order(hp + bp, high_value(hp + bp), hp)
    paired: list[int] = []
    if kind == "full_house":
        paired = sorted({c.rank for c in bp if sum(d.rank == c.rank for d in bp) >= 2}, reverse=True)
    if Category(high_value(cards)[0]) == Category.FOUR_OF_A_KIND:
        noun = "four of a kind"
    fields = {"use": _you_use(k), "held": format_cards(hp), "cards": format_cards(cards),
              "hand": _describe_cards(cards).lower(), "best": best.describe().lower(),
              "pairs": ", ".join(rank_word(r, "plural") for r in paired), "no": pgettext("no hand", noun)}
    if paired:
        msg = gettext("The board is paired ({pairs}) and {use} ({held}): {cards} would be {hand}, but Omaha needs "
                      "exactly two hole cards and three board cards: no {no}. Your best hand is {best}.")
    else:
        msg = gettext("{use} ({held}): {cards} would be {hand}, but Omaha needs exactly two hole cards and three "
                      "board cards: no {no}. Your best hand is {best}.")
    return Pitfall(kind, rule, _cap(msg.format(**fields)), cards)


def _board_plays(board: Sequence[Card], best: HighHand, best_low: LowHand | None,
                 threshold: int) -> list[Pitfall]:
    out: list[Pitfall] = []
    if len(board) != 5:
        return out
    s = _strength(board)
    if s > best.strength:
        out.append(Pitfall(
            "board_plays", "R2",
            gettext("The board alone is {hand} ({cards}), but the board never plays in Omaha: you must use two hole "
                    "cards. Your best hand is {best}.").format(hand=_describe_cards(board).lower(),
                                                                cards=format_cards(board),
                                                                best=best.describe().lower()),
            tuple(board)))
    low = _low_strength(board)
    if low >= threshold and (best_low is None or low > best_low.strength):
        ranks = "-".join("A" if c.low_rank == 1 else c.rank_char
                         for c in sorted(board, key=lambda c: -c.low_rank))
        msg = (gettext("The board alone shows a {ranks} low, but the low also needs exactly two of your hole cards: "
                       "you have no low.") if best_low is None else
               gettext("The board alone shows a {ranks} low, but the low also needs exactly two of your hole cards: "
                       "your low is {low}."))
        out.append(Pitfall("board_plays", "R10", msg.format(ranks=ranks, low=best_low.describe() if best_low else ""),
                           tuple(board)))
    return out


def _low_pitfall(illegal: list[tuple[int, tuple[Card, ...], tuple[Card, ...]]], best_low: LowHand | None,
                 threshold: int) -> Pitfall | None:
    top: tuple[int, int, tuple[Card, ...], tuple[Card, ...]] | None = None
    for k, hp, bp in illegal:
        if k == 0:
            continue
        s = _low_strength(hp + bp)
        if s >= threshold and (best_low is None or s > best_low.strength) and (top is None or s > top[0]):
            top = (s, k, hp, bp)
    if top is None:
        return None
    s, k, hp, bp = top
    cards = tuple(sorted(hp + bp, key=lambda c: (-c.low_rank, int(c))))
    ranks = "-".join("A" if c.low_rank == 1 else c.rank_char for c in cards)
    msg = (gettext("{cards} would make a {ranks} low, but {uses} ({held}): the low also needs exactly two hole cards "
                   "and three board cards, so you have no low.") if best_low is None else
           gettext("{cards} would make a {ranks} low, but {uses} ({held}): the low also needs exactly two hole cards "
                   "and three board cards, so your low is only {low}."))
    return Pitfall("low", "R10", msg.format(cards=format_cards(cards), ranks=ranks, uses=_it_uses(k),
                                            held=format_cards(hp), low=best_low.describe() if best_low else ""), cards)


# ------------------------------------------------------------------ explain

def explain(hole: CardsLike, board: CardsLike, qualifier: int | None = 8) -> Explanation:
    """Every two-plus-three choice with its high and low, the best of each, and the pitfalls.

    ``hole`` has 4 cards (5 for five-card Omaha), ``board`` 3 to 5, so there
    are ``C(4, 2) * C(b, 3)`` or ``C(5, 2) * C(b, 3)`` choices; 60 for a
    full deal. ``qualifier`` is the low qualifier (8, 9 or None, R12).

    >>> e = explain("Th 9h 7c 6c", "Ks Kc Tc Td 5d")        # R4
    >>> e.best_high.describe(), e.best_low is None
    ('Three of a kind, tens, kickers king, nine', True)
    >>> [p.kind for p in e.pitfalls]
    ['full_house']
    >>> sum(c.is_best_high for c in e.choices)     # Th 9h with Tc Td and Ks or Kc: equal hands
    2
    """
    from omaha_learn.engine.evaluation.tables import low_threshold

    low_threshold(qualifier)    # a bad qualifier is named before the cards
    h, b = check_deal(hole, board)
    return explain_cards(h, b, qualifier)


def explain_cards(h: tuple[Card, ...], b: tuple[Card, ...], qualifier: int | None = 8) -> Explanation:
    """:func:`explain` of cards that are parsed and checked already (no parsing)."""
    from omaha_learn.engine.evaluation.tables import low_threshold

    threshold = low_threshold(qualifier)
    raw: list[tuple[tuple[Card, ...], tuple[Card, ...], int, int]] = []
    for p in combinations(h, 2):
        for t in combinations(b, 3):
            hs, ls = five_card_strengths(p + t)
            raw.append((p, t, hs, ls))
    top_high = max(r[2] for r in raw)
    top_low = max(r[3] for r in raw)
    choices = tuple(
        Choice(p, t, make_high(p, t, hs), make_low(p, t, ls, qualifier) if ls >= threshold else None,
               is_best_high=hs == top_high, is_best_low=ls == top_low and ls >= threshold)
        for p, t, hs, ls in raw
    )
    best_high = next(c.high for c in choices if c.is_best_high)
    best_low = next((c.low for c in choices if c.is_best_low), None)
    illegal = _illegal_choices(h, b)
    pitfalls = _flush_pitfalls(h, b, best_high)
    for kind, rule, cats, noun in (
        ("full_house", "R4", (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND), "full house"),
        ("straight", "R2", (Category.STRAIGHT,), "straight"),
    ):
        pit = _category_pitfall(kind, rule, cats, noun, illegal, best_high)
        if pit is not None:
            pitfalls.append(pit)
    pitfalls.extend(_board_plays(b, best_high, best_low, threshold))
    low_pit = _low_pitfall(illegal, best_low, threshold)
    if low_pit is not None:
        pitfalls.append(low_pit)
    return Explanation(h, b, qualifier, choices, best_high, best_low, tuple(pitfalls))
