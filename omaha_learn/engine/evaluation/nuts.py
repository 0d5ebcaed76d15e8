"""The nuts of a board: the best hand any unseen hole cards could make.

:func:`nut_low` is the *nut low* (R8-R10): the best low that two hole cards
not on the board (nor among ``dead`` cards) could make with three of its
cards. A hand "has the nut low" when its own :func:`best_low` equals it; a low
*counterfeited* by a board card that pairs it usually stops being the nuts.

>>> nut_low("3c 5d 8h Kc Qs").number        # A-2 makes 8-5-3-2-A
85321
>>> nut_low("9c Tc Jd") is None              # fewer than three low ranks: no low is possible
True
>>> nut_low("3c 5d 8h Kc Qs", dead="Ad Ah As Ac").number   # no ace left: 2-4 makes 8-5-4-3-2
85432
"""

from __future__ import annotations

from itertools import combinations

from omaha_learn.engine.cards import FULL_DECK, Card, CardsLike, parse_cards
from omaha_learn.engine.evaluation.hands import LowHand, best_low
from omaha_learn.errors import CardError

__all__ = ["nut_low"]


def nut_low(board: CardsLike, qualifier: int | None = 8, *, dead: CardsLike = ()) -> LowHand | None:
    """The best low two unseen hole cards could make on ``board`` (3 to 5 cards); ``None`` if none qualifies.

    Suits never matter for a low, so one unseen card of each rank stands for
    its rank (two of the same rank where a pair could play, with no
    qualifier); ``dead`` cards are out of play (your own hole cards, say).
    """
    cards = parse_cards(board)
    if not 3 <= len(cards) <= 5:
        raise CardError(f"board: a board has 3, 4 or 5 cards, got {len(cards)}")
    out = set(cards) | set(parse_cards(dead))
    unseen = [c for c in FULL_DECK if c not in out]
    by_rank: dict[int, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(c.low_rank, []).append(c)
    singles = [cs[0] for cs in by_rank.values()]
    pairs = [cs[:2] for cs in by_rank.values() if len(cs) >= 2]
    candidates = [list(p) for p in combinations(singles, 2)] + pairs
    best: LowHand | None = None
    for two in candidates:
        fillers = [c for c in unseen if c not in two][:2]
        if len(fillers) < 2:
            continue
        low = best_low([*two, *fillers], cards, qualifier)
        if low is not None and (best is None or low > best):
            best = low
    return best
