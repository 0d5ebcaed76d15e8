"""Reading a hand typed by a learner: four hole cards unless five-card Omaha is chosen.

The engine's evaluators accept four or five hole cards and switch to
five-card Omaha on five (100 choices instead of 60). A learner who types one
card too many should hear about it, so the command line and the widgets read
typed hands through :func:`hole_cards`, which holds them to the number of hole
cards of the game the learner chose (R1: four; five only when asked for).

>>> hole_cards("Ac Kd Td 8h")
(Card('Ac'), Card('Kd'), Card('Td'), Card('8h'))
>>> hole_cards("Ac Kd Td 8h 9h")
Traceback (most recent call last):
...
omaha_learn.errors.CardError: hand: 5 hole cards, but Omaha deals exactly 4 (R1): the extra card is 9h (for five-card Omaha choose 5 hole cards)
>>> len(hole_cards("Ac Kd Td 8h 9h", size=5))
5
"""

from __future__ import annotations

from omaha_learn.engine.cards import Card, CardsLike, parse_cards
from omaha_learn.errors import CardError

__all__ = ["hole_cards", "HOLE_CARD_CHOICES", "game_name"]

HOLE_CARD_CHOICES: dict[int, str] = {4: "Omaha (4 hole cards)", 5: "Five-card Omaha (5 hole cards)"}
"""The hole-card counts a learner may choose, with their names."""


def game_name(size: int) -> str:
    """"Omaha" or "five-card Omaha", for headings and messages.

    >>> game_name(5)
    'five-card Omaha'
    """
    return "five-card Omaha" if size == 5 else "Omaha"


def hole_cards(cards: CardsLike, *, size: int = 4, what: str = "hand") -> tuple[Card, ...]:
    """The cards of one hand, exactly ``size`` of them (4, or 5 for five-card Omaha).

    Raises :class:`~omaha_learn.CardError` naming ``what`` and the extra (or the
    missing count of) cards; bad or repeated cards raise the parser's own error.
    """
    if size not in HOLE_CARD_CHOICES:
        raise CardError(f"hole cards: choose {' or '.join(map(str, HOLE_CARD_CHOICES))}, not {size!r}")
    try:
        parsed = parse_cards(cards)
    except CardError as exc:
        raise CardError(f"{what}: {exc}", exc.token, exc.position) from None
    n = len(parsed)
    if n > size:
        extra = " ".join(str(c) for c in parsed[size:])
        noun = "card is" if n - size == 1 else "cards are"
        more = " (for five-card Omaha choose 5 hole cards)" if size == 4 and n == 5 else ""
        raise CardError(f"{what}: {n} hole cards, but {game_name(size)} deals exactly {size} (R1): "
                        f"the extra {noun} {extra}{more}", extra, size)
    if n < size:
        raise CardError(f"{what}: {n} hole card{'s' if n != 1 else ''}, but {game_name(size)} deals exactly "
                        f"{size} (R1): type {size - n} more")
    return parsed
