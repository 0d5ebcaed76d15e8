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

from omaha_learn.engine.cards import RANK_NAMES, RANK_PLURALS, RANKS, SUIT_NAMES, Card, format_cards

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
        return f"{count}-card wrap"
    if count == 8:
        return "open-ended straight draw"
    if count == 4:
        return "gutshot"
    return f"{count}-card straight draw"


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
        parts.append(f"{n} {RANK_PLURALS[r] if n > 1 else RANK_NAMES[r]}")
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
    message = (f"{n} cards make a straight ({_cards_words(outs)}), with hole cards {used} around the board"
               f" (any two of them with three board cards, R2); {len(nut_outs)} of them make the nuts.")
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
        if not higher:
            name = "nut flush draw"
            message = (f"{len(outs)} {words} make a flush with your {format_cards(mine[:2])}; "
                       f"your {RANK_NAMES[top]} is the highest {words[:-1]} not on the board: the nut flush.")
        else:
            name = "non-nut flush draw"
            names = [RANK_NAMES[r] for r in higher]
            above = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            message = (f"{len(outs)} {words} make a flush with your {format_cards(mine[:2])}, but a player holding "
                       f"the {above} of {words} with another {words[:-1]} makes a higher flush.")
        if len(mine) > 2:
            message += f" You hold {len(mine)} {words}: the extra ones are outs you took out of the deck."
        out.append(Draw("flush", name, outs, not higher, message, "R3"))
    return out


def low_draw(has_low: bool, low_outs: Sequence[Card], nut_low_outs: Sequence[Card],
             counterfeits: Sequence[Card], low_hole: Sequence[Card]) -> list[Draw]:
    """The low draw (cards that make a low, and the nut low) and the counterfeit risk (R8-R11)."""
    out: list[Draw] = []
    if not has_low and low_outs:
        nut = len(nut_low_outs) == len(low_outs)
        name = "nut low draw" if nut else "low draw"
        out.append(Draw("low", name, tuple(low_outs), nut,
                        f"{len(low_outs)} cards make you a low ({_cards_words(low_outs)}); {len(nut_low_outs)} of "
                        f"them make the nut low. A low takes two hole cards and three board cards of different "
                        f"ranks, eight or lower (R8, R10).", "R10"))
    if counterfeits:
        ranks = ", ".join(f"{'A' if r == 1 else r}" for r in sorted({c.low_rank for c in counterfeits}))
        out.append(Draw("counterfeit", "counterfeit risk", tuple(counterfeits), False,
                        f"{len(counterfeits)} cards pair your low card{'s' if len(set(ranks.split(', '))) > 1 else ''} "
                        f"({ranks}) and leave you without the nut low: such a card counterfeits your "
                        f"{format_cards(low_hole)}.", "R10"))
    return out
