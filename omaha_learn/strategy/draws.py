"""Naming draws: wraps and other straight draws, nut and non-nut flush draws, low draws and
counterfeit risk, each as a :class:`Draw` with the cards that complete it and a sentence (R2, R8-R11).

The counts are cards, the way players count them: a *wrap* is a straight draw
with more cards than an open-ended draw's eight, which Omaha's four hole cards
make possible (hole J-T-9 on a board 8-7-x: 13 cards; J-T-7 on 9-8-x: 17;
9-8-5-4 on 7-6-x: 20). Every straight still takes exactly two hole cards (R2).

>>> straight_name(20), straight_name(8), straight_name(4)
('20-card wrap', 'open-ended straight draw', 'gutshot')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from omaha_learn.engine.cards import RANKS, SUIT_NAMES, Card, format_cards
from omaha_learn.engine.evaluation.explanation import SUITS_COUNTED
from omaha_learn.i18n import gettext, ngettext, pgettext, rank_forms, rank_word

__all__ = ["Draw", "straight_name", "makes_straight", "straight_draw", "flush_draws", "low_draw"]


@dataclass(frozen=True)
class Draw:
    """One draw a hand holds: its ``kind`` (``'straight'``, ``'flush'``, ``'low'`` or
    ``'counterfeit'``), its ``name`` (``'20-card wrap'``, ``'nut flush draw'``...), the unseen
    ``cards`` that complete it (for ``'counterfeit'``: the cards that spoil the low), whether
    completing it makes the nuts (``nut``), a ``message`` in words and the ``rule`` it rests on.
    """

    kind: str
    name: str
    cards: tuple[Card, ...]
    nut: bool
    message: str
    rule: str

    def __str__(self) -> str:
        return f"{self.name}: {self.message}"


def straight_name(count: int) -> str:
    """The usual name of a straight draw completed by ``count`` cards."""
    if count > 8:
        return ngettext("{count}-card wrap", "{count}-card wrap", count).format(count=count)
    if count == 8:
        return gettext("open-ended straight draw")
    if count == 4:
        return gettext("gutshot")
    return ngettext("{count}-card straight draw", "{count}-card straight draw", count).format(count=count)


_STRAIGHTS = frozenset({sum(1 << r for r in range(low, low + 5)) for low in range(2, 11)}
                       | {(1 << 14) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5)})
"""Rank masks (bit ``r`` for rank ``r``, 2..14) of the ten straights, the wheel 5-4-3-2-A included (R7)."""


def _masks(cards: Sequence[Card], k: int) -> list[int]:
    """The rank masks of every ``k`` cards of different ranks among ``cards``."""
    out = []
    for group in combinations(cards, k):
        m = 0
        for c in group:
            m |= 1 << c.rank
        if bin(m).count("1") == k:
            out.append(m)
    return out


def _is_straight(ranks: Sequence[int]) -> bool:
    m = 0
    for r in ranks:
        m |= 1 << r
    return len(ranks) == 5 and m in _STRAIGHTS


def makes_straight(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """Whether two of ``hole`` and three of ``board`` make a straight (any suits; R2).

    >>> from omaha_learn.engine.cards import parse_cards
    >>> makes_straight(parse_cards("Jc Td 2h 2s"), parse_cards("9s 8c 7d")), makes_straight(parse_cards("Jc 2h 3s 4d"), parse_cards("Td 9s 8c 7d"))
    (True, False)
    """
    triples = _masks(board, 3)
    return any(p & t == 0 and p | t in _STRAIGHTS for p in _masks(hole, 2) for t in triples)


def _cards_words(cards: Sequence[Card]) -> str:
    parts = []
    for r in sorted({c.rank for c in cards}, reverse=True):
        n = sum(c.rank == r for c in cards)
        parts.append(ngettext("{n} {rank}", "{n} {rank_plural}", n).format(n=n, **rank_forms("rank", r)))
    return ", ".join(parts)


def straight_draw(hole: Sequence[Card], board: Sequence[Card], outs: Sequence[Card], nut_outs: Sequence[Card]
                  ) -> Draw | None:
    """The straight draw given the unseen cards that make a straight (``outs``) and those of them
    that make the nut high (``nut_outs``); ``None`` when no card makes a straight or one is made."""
    if not outs or makes_straight(hole, board):
        return None
    n = len(outs)
    name = straight_name(n)
    players = sorted({c.rank for c in hole if any(
        _uses(c, hole, board, o) for o in outs)}, reverse=True)
    used = "-".join(RANKS[r - 2] for r in players)
    message = ngettext("{n} cards make a straight ({cards}), with hole cards {used} around the board (any two of "
                       "them with three board cards, R2); {nuts} of them make the nuts.",
                       "{n} cards make a straight ({cards}), with hole cards {used} around the board (any two of "
                       "them with three board cards, R2); {nuts} of them make the nuts.", n).format(
        n=n, cards=_cards_words(outs), used=used, nuts=len(nut_outs))
    return Draw("straight", name, tuple(outs), len(nut_outs) == n, message, "R2")


def _uses(card: Card, hole: Sequence[Card], board: Sequence[Card], out: Card) -> bool:
    new = [*board, out]
    return any(card in pair and _is_straight([p.rank for p in pair] + [t.rank for t in triple])
               for pair in combinations(hole, 2) for triple in combinations(new, 3))


def flush_draws(hole: Sequence[Card], board: Sequence[Card], unseen: Sequence[Card]) -> list[Draw]:
    """Flush draws: two or more hole cards of a suit with exactly two of it on the board (R2, R3).

    The draw is to the nut flush when the hand's highest card of the suit is the
    highest one not on the board; otherwise the higher cards are named.
    """
    out: list[Draw] = []
    for suit in "cdhs":
        mine = sorted((c for c in hole if c.suit == suit), key=lambda c: -c.rank)
        on_board = [c for c in board if c.suit == suit]
        if len(mine) < 2 or len(on_board) != 2:
            continue
        outs = tuple(c for c in unseen if c.suit == suit)
        if not outs:
            continue
        board_ranks = {c.rank for c in on_board}
        top = mine[0].rank
        higher = [r for r in range(14, top, -1) if r not in board_ranks]
        words = SUIT_NAMES[suit]
        one, many = SUITS_COUNTED[suit]
        fields = {"outs": ngettext(one, many, len(outs)).format(count=len(outs)), "cards": format_cards(mine[:2]),
                  "rank": rank_word(top, "name"), "suit": pgettext("suit: one held", words[:-1]),
                  "suits": pgettext("suit: of", words), "held": ngettext(one, many, len(mine)).format(count=len(mine))}
        if not higher:
            name = gettext("nut flush draw")
            message = gettext("{outs} make a flush with your {cards}; your {rank} is the highest {suit} not on the "
                              "board: the nut flush.").format(**fields)
        else:
            name = gettext("non-nut flush draw")
            names = [rank_word(r, "name") for r in higher]
            above = names[0] if len(names) == 1 else gettext("{items} or {last}").format(items=", ".join(names[:-1]),
                                                                                         last=names[-1])
            message = gettext("{outs} make a flush with your {cards}, but a player holding the {above} of {suits} "
                              "with another {suit} makes a higher flush.").format(above=above, **fields)
        if len(mine) > 2:
            message += " " + gettext("You hold {held}: the extra ones are outs you took out of the deck.").format(
                **fields)
        out.append(Draw("flush", name, outs, not higher, message, "R3"))
    return out


def low_draw(has_low: bool, low_outs: Sequence[Card], nut_low_outs: Sequence[Card],
             counterfeits: Sequence[Card], low_hole: Sequence[Card]) -> list[Draw]:
    """The low draw (cards that make a low, and the nut low) and the counterfeit risk (R8-R11)."""
    out: list[Draw] = []
    if not has_low and low_outs:
        nut = len(nut_low_outs) == len(low_outs)
        name = gettext("nut low draw") if nut else gettext("low draw")
        n = len(low_outs)
        out.append(Draw("low", name, tuple(low_outs), nut,
                        ngettext("{n} cards make you a low ({cards}); {nuts} of them make the nut low. A low takes "
                                 "two hole cards and three board cards of different ranks, eight or lower (R8, R10).",
                                 "{n} cards make you a low ({cards}); {nuts} of them make the nut low. A low takes "
                                 "two hole cards and three board cards of different ranks, eight or lower (R8, R10).",
                                 n).format(n=n, cards=_cards_words(low_outs), nuts=len(nut_low_outs)), "R10"))
    if counterfeits:
        ranks = ", ".join(f"{'A' if r == 1 else r}" for r in sorted({c.low_rank for c in counterfeits}))
        n = len(counterfeits)
        if len(set(ranks.split(", "))) > 1:
            text = ngettext("{n} cards pair your low cards ({ranks}) and leave you without the nut low: such a card "
                            "counterfeits your {cards}.",
                            "{n} cards pair your low cards ({ranks}) and leave you without the nut low: such a card "
                            "counterfeits your {cards}.", n)
        else:
            text = ngettext("{n} cards pair your low card ({ranks}) and leave you without the nut low: such a card "
                            "counterfeits your {cards}.",
                            "{n} cards pair your low card ({ranks}) and leave you without the nut low: such a card "
                            "counterfeits your {cards}.", n)
        out.append(Draw("counterfeit", gettext("counterfeit risk"), tuple(counterfeits), False,
                        text.format(n=n, ranks=ranks, cards=format_cards(low_hole)), "R10"))
    return out
