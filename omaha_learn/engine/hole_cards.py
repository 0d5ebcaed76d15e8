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
from omaha_learn.i18n import gettext as _
from omaha_learn.i18n import ngettext, pgettext

__all__ = ["hole_cards", "HOLE_CARD_CHOICES", "game_name"]

HOLE_CARD_CHOICES: dict[int, str] = {4: "Omaha (4 hole cards)", 5: "Five-card Omaha (5 hole cards)"}
"""The hole-card counts a learner may choose, with their names."""


def game_name(size: int) -> str:
    """"Omaha" or "five-card Omaha", for headings and messages.

    >>> game_name(5)
    'five-card Omaha'
    """
    return "five-card Omaha" if size == 5 else "Omaha"


def _game_title(size: int) -> str:
    """:func:`game_name` in the language in use, for messages."""
    return _("five-card Omaha") if size == 5 else _("Omaha")


def _field(what: str) -> str:
    """The name of the input a message names: the default "hand" in the language in use."""
    return pgettext("input field", "hand") if what == "hand" else what


def hole_cards(cards: CardsLike, *, size: int = 4, what: str = "hand") -> tuple[Card, ...]:
    """The cards of one hand, exactly ``size`` of them (4, or 5 for five-card Omaha).

    Raises :class:`~omaha_learn.CardError` naming ``what`` (the default, "hand", in the language in use;
    a caller passes its own label already translated) and the extra (or the
    missing count of) cards; bad or repeated cards raise the parser's own error.
    """
    if size not in HOLE_CARD_CHOICES:
        raise CardError(_("hole cards: choose 4 or 5, not {size!r}").format(size=size))
    try:
        parsed = parse_cards(cards)
    except CardError as exc:
        raise CardError(f"{_field(what)}: {exc}", exc.token, exc.position) from None
    n = len(parsed)
    if n > size:
        extra = " ".join(str(c) for c in parsed[size:])
        if size == 4 and n == 5:
            message = _("{what}: 5 hole cards, but Omaha deals exactly 4 (R1): the extra card is {extra} "
                        "(for five-card Omaha choose 5 hole cards)")
        else:
            message = ngettext("{what}: {n} hole cards, but {game} deals exactly {size} (R1): the extra card is {extra}",
                               "{what}: {n} hole cards, but {game} deals exactly {size} (R1): the extra cards are "
                               "{extra}", n - size)
        raise CardError(message.format(what=_field(what), n=n, game=_game_title(size), size=size, extra=extra), extra, size)
    if n < size:
        raise CardError(ngettext("{what}: {n} hole card, but {game} deals exactly {size} (R1): type {missing} more",
                                 "{what}: {n} hole cards, but {game} deals exactly {size} (R1): type {missing} more",
                                 n).format(what=_field(what), n=n, game=_game_title(size), size=size, missing=size - n))
    return parsed
