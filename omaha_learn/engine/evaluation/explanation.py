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
from omaha_learn.engine.cards import RANK_PLURALS, SUIT_NAMES, Card, CardsLike, format_cards
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

__all__ = ["Choice", "Pitfall", "Explanation", "explain", "explain_cards"]

_COUNT_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_SUIT_SINGULAR = {s: n[:-1] for s, n in SUIT_NAMES.items()}  # 'club'


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
        return f"{self.rule} {self.kind.replace('_', ' ')}: {self.message}"


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
        q = "no qualifier" if self.qualifier is None else f"{self.qualifier} or better"
        lines = [
            f"Hole: {format_cards(self.hole)}   Board: {format_cards(self.board)}",
            f"{len(self.choices)} choices: {n_pairs} pairs of hole cards x {n_triples} triples of board cards (R2)",
            f"Best high: {self.best_high.describe()}: {self.best_high}"
            f" (hole {format_cards(self.best_high.hole_cards)} + board {format_cards(self.best_high.board_cards)})",
        ]
        if self.best_low is None:
            lines.append(f"Best low: none ({q})")
        else:
            lo = self.best_low
            lines.append(f"Best low: {lo.describe()}: {lo}"
                         f" (hole {format_cards(lo.hole_cards)} + board {format_cards(lo.board_cards)}; {q})")
        if self.pitfalls:
            lines.append("Pitfalls:")
            lines.extend(f"  {p}" for p in self.pitfalls)
        rows = sorted(self.choices, key=lambda c: (-c.high.strength, -(c.low.strength if c.low else 0)))
        if limit is not None:
            rows = rows[:limit]
        table = [("", "hole", "board", "high", "low")]
        for c in rows:
            mark = ("H" if c.is_best_high else "") + ("L" if c.is_best_low else "")
            table.append((mark, format_cards(c.hole_cards), format_cards(c.board_cards),
                          f"{c.high} {c.high.describe()}", c.low.describe() if c.low else "-"))
        widths = [max(len(r[i]) for r in table) for i in range(5)]
        lines.append("")
        lines.extend("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in table)
        if limit is not None and limit < len(self.choices):
            lines.append(f"... {len(self.choices) - limit} more")
        lines.append("H = best high, L = best low")
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


def _hole_words(k: int) -> str:
    return {0: "no hole card", 1: "only one hole card"}.get(k, f"{_COUNT_WORDS[k]} hole cards")


def _flush_pitfalls(hole: Sequence[Card], board: Sequence[Card], best: HighHand) -> list[Pitfall]:
    out: list[Pitfall] = []
    if best.category >= Category.FLUSH:
        return out
    for s in "cdhs":
        hc = [c for c in hole if c.suit == s]
        bc = [c for c in board if c.suit == s]
        if len(hc) + len(bc) < 5 or (len(hc) >= 2 and len(bc) >= 3):
            continue
        one, many = _SUIT_SINGULAR[s], SUIT_NAMES[s]
        board_n = _COUNT_WORDS[len(bc)]
        if len(bc) >= 3:
            held = "no" if not hc else "only one"
            held_cards = f" ({format_cards(hc)})" if hc else ""
            noun = many if not hc else one
            msg = (f"The board has {board_n} {many} but you hold {held} {noun}{held_cards}: no flush."
                   " Omaha needs exactly two hole cards.")
        else:
            msg = (f"You hold {_COUNT_WORDS[len(hc)]} {many} ({format_cards(hc)}) but the board has only "
                   f"{board_n}{' ' + one if len(bc) == 1 else ''}: no flush. Omaha needs exactly three board cards.")
        out.append(Pitfall("flush", "R3", msg, tuple(hc) + tuple(bc)))
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
    board_note = ""
    if kind == "full_house":
        paired = sorted({c.rank for c in bp if sum(d.rank == c.rank for d in bp) >= 2}, reverse=True)
        if paired:
            board_note = f"The board is paired ({', '.join(RANK_PLURALS[r] for r in paired)}) and "
    hole_txt = f"you use {_hole_words(k)} ({format_cards(hp)})"
    lead = (board_note + hole_txt) if board_note else hole_txt[0].upper() + hole_txt[1:]
    if Category(high_value(cards)[0]) == Category.FOUR_OF_A_KIND:
        noun = "four of a kind"
    msg = (f"{lead}: {format_cards(cards)} would be {_describe_cards(cards).lower()}, but Omaha needs exactly"
           f" two hole cards and three board cards: no {noun}. Your best hand is {best.describe().lower()}.")
    return Pitfall(kind, rule, msg, cards)


def _board_plays(board: Sequence[Card], best: HighHand, best_low: LowHand | None,
                 threshold: int) -> list[Pitfall]:
    out: list[Pitfall] = []
    if len(board) != 5:
        return out
    s = _strength(board)
    if s > best.strength:
        out.append(Pitfall(
            "board_plays", "R2",
            f"The board alone is {_describe_cards(board).lower()} ({format_cards(board)}), but the board never"
            f" plays in Omaha: you must use two hole cards. Your best hand is {best.describe().lower()}.",
            tuple(board)))
    low = _low_strength(board)
    if low >= threshold and (best_low is None or low > best_low.strength):
        ranks = "-".join("A" if c.low_rank == 1 else c.rank_char
                         for c in sorted(board, key=lambda c: -c.low_rank))
        yours = "you have no low" if best_low is None else f"your low is {best_low.describe()}"
        out.append(Pitfall(
            "board_plays", "R10",
            f"The board alone shows a {ranks} low, but the low also needs exactly two of your hole cards:"
            f" {yours}.", tuple(board)))
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
    yours = "you have no low" if best_low is None else f"your low is only {best_low.describe()}"
    msg = (f"{format_cards(cards)} would make a {ranks} low, but it uses {_hole_words(k)} ({format_cards(hp)}):"
           f" the low also needs exactly two hole cards and three board cards, so {yours}.")
    return Pitfall("low", "R10", msg, cards)


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
