"""One dealt hand at a table, as HTML: the street, the board, each named seat's
hole cards (or their backs), and, once revealed, each seat's best high and low
and what a showdown would pay (R1, R2, R10, R11).

The engine computes every fact (the :class:`~omaha_learn.HighHand` and
:class:`~omaha_learn.LowHand` of each seat, the showdown result); this module
only draws them. The :class:`~omaha_learn.widgets.Dealer` widget shows this view.

>>> from omaha_learn import best_high, best_low, showdown
>>> holes = [("Ann", "As 2s Kd Kc"), ("Bob", "Ad 2h Qd Qc")]
>>> board = "Ks 4c 5d 7h Jc"
>>> reading = [(best_high(h, board), best_low(h, board)) for _, h in holes]
>>> result = showdown([h for _, h in holes], board, [10, 10], button=0)
>>> page = deal_html("river", board, holes, reading=reading, result=result, each=10)
>>> "Ann" in page and "Three of a kind, kings" in page and "High half: Ann 10" in page
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from omaha_learn.display.cards import as_cards, cards_row
from omaha_learn.display.html import FONT, player_html
from omaha_learn.i18n import gettext, street_word

__all__ = ["deal_html", "caption_scale"]

_CAPTION_EM = {"chip": 1.0, "small": 1.0, "medium": 1.05, "large": 1.45, "projector": 1.8}


def caption_scale(size: int | str) -> float:
    """The caption font size (in em) that goes with a card size, so big cards get big captions.

    >>> caption_scale("medium"), caption_scale("large")
    (1.05, 1.45)
    """
    if isinstance(size, str):
        return _CAPTION_EM.get(size, 1.05)
    return round(max(1.0, size / 64 * 1.05), 2)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _chips(cards: Sequence[Any], four_color: bool) -> str:
    return cards_row(cards, four_color=four_color, size="chip")


def _shares(shares: Mapping[int, int] | None, names: Sequence[str]) -> str:
    if not shares:
        return ""
    return ", ".join(f"{html.escape(names[s])} {a}" for s, a in shares.items())


def deal_html(street: str, board: Any, seats: Sequence[tuple[str, Any]], *, hidden: bool = False,
              reading: Sequence[tuple[Any, Any]] | None = None, result: Any = None, each: int = 10,
              hilo: bool = True, four_color: bool = False, size: int | str = "medium") -> str:
    """The table after ``street``: ``seats`` are ``(name, hole cards)``;
    ``hidden`` shows the backs; ``reading`` gives each seat's ``(best high,
    best low or None)`` and reveals every hand; ``result`` is the showdown of
    the river if everyone put in ``each`` chips.
    """
    board_cards = as_cards(board) if board else ()
    em = caption_scale(size)
    names = [name for name, _ in seats]
    board_word, no_board = html.escape(gettext("Board:")), html.escape(gettext("no board cards yet"))
    parts = [f'<div class="ol-deal" style="{FONT}">',
             f'<div style="font-size:{1.2 * em:.2f}em;margin:4px 0"><b>{html.escape(_capital(street_word(street)))}</b>'
             '</div>',
             f'<div class="ol-board" style="margin-bottom:8px;font-size:{em:.2f}em"><b>'
             f'{board_word}</b> ']
    parts.append(cards_row(board_cards, four_color=four_color, size=size, label=gettext("board")) if board_cards
                 else f"<i>{no_board}</i>")
    parts.append("</div>")
    best_h = max(h for h, _ in reading) if reading else None
    lows = [lo for _, lo in reading if lo is not None] if reading else []
    best_l = max(lows) if lows else None
    for i, (name, hole) in enumerate(seats):
        caption = ""
        used: tuple[Any, ...] = ()
        if reading:
            high, low = reading[i]
            used = tuple(high.hole_cards)
            caption = (("&#9733; " if high == best_h else "")
                       + gettext("High ({cards}): {hand}").format(cards=_chips(high.hole_cards, four_color),
                                                                 hand=html.escape(high.describe())))
            if hilo:
                caption += "<br>" + ("&#9733; " if low is not None and low == best_l else "")
                caption += (gettext("Low ({cards}): {hand}").format(cards=_chips(low.hole_cards, four_color),
                                                                    hand=html.escape(low.describe()))
                            if low is not None else html.escape(gettext("Low: none")))
        parts.append(player_html(name, hole, hidden=hidden and not reading, four_color=four_color, size=size,
                                 highlight=used, caption_html=caption, caption_em=em))
    if result is not None:
        pot = result.pots[0]
        high = _shares(pot.high_shares, names)
        low = _shares(pot.low_shares, names)
        if low:
            text = gettext("High half: {high}; low half: {low}").format(high=high, low=low)
        elif hilo:
            text = gettext("High half: {high} (no qualifying low: the high takes the whole pot, R11)").format(high=high)
        else:
            text = gettext("Pot: {high}").format(high=high)
        head = html.escape(gettext("If everyone put in {each} (pot {pot}):").format(each=each, pot=pot.amount))
        parts.append(f'<div class="ol-verdict" style="font-size:{1.05 * em:.2f}em;margin-top:6px">'
                     f"<b>{head}</b> {text}</div>")
    if reading:
        note = gettext("\u2605 marks the best high and the best low at the table. Framed: the two hole cards the "
                       "high uses; the low may use two others (R2, R10).")
        parts.append(f'<div style="margin-top:6px;font-size:{em:.2f}em">{html.escape(note)}</div>')
    parts.append("</div>")
    return "".join(parts)
