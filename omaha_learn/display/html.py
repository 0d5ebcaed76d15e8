"""HTML for engine objects: the ``_repr_html_`` hooks and the widgets' views.

Every function returns a self-contained HTML string (inline SVG cards, inline
styles), so it works in JupyterLab, Voila, an ``ipywidgets.HTML`` and a saved
page alike. Nothing here imports ipywidgets or plotting libraries. Engine
objects are duck-typed on their documented attributes.

>>> from omaha_learn import best_high, best_low
>>> page = hand_html(best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc"))      # R3
>>> "Two pair, kings and sixes, ace kicker" in page and "king of diamonds, hole card" in page
True
>>> "8-5-3-2-A low" in hand_html(best_low("As 2d Kc Kh", "3c 5d 8h Qs Js"))
True
>>> cards_html("As Kd").count('<img class="ol-card"')
2
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from omaha_learn.display.cards import as_cards, back_svg, card_svg, cards_row
from omaha_learn.display.results import (
    equity_html,
    explanation_html,
    hand_state_html,
    low_comparison_html,
    showdown_html,
)
from omaha_learn.display.theme import BADGES, MUTED
from omaha_learn.i18n import gettext

__all__ = [
    "card_svg",
    "back_svg",
    "cards_row",
    "cards_html",
    "hand_html",
    "explanation_html",
    "showdown_html",
    "equity_html",
    "hand_state_html",
    "low_comparison_html",
    "message_html",
    "player_html",
]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"


def hole_cards_label(name: str, *, hidden: bool = False) -> str:
    """The accessible name of a seat's hole cards: "your hole cards" for the learner, "Ann's" for others.

    >>> hole_cards_label("you"), hole_cards_label("p2 (CO)", hidden=True)
    ('your hole cards', "p2 (CO)'s hole cards, face down")
    """
    first = name.split(" (")[0]
    if first.lower() == "you":
        return gettext("your hole cards, face down") if hidden else gettext("your hole cards")
    return (gettext("{name}'s hole cards, face down") if hidden else gettext("{name}'s hole cards")).format(name=name)


def cards_html(cards: Any, *, four_color: bool = False, size: int | str = "medium", label: str = "") -> str:
    """A row of cards from text, cards or an iterable of cards.

    >>> 'alt="ten of hearts"' in cards_html("Th", four_color=True)
    True
    """
    return f'<div class="ol-cards-box" style="{FONT}">{cards_row(as_cards(cards), four_color=four_color, size=size, label=label)}</div>'


def hand_html(hand: Any, *, four_color: bool = False, size: int | str = "medium") -> str:
    """A HighHand or LowHand: its five cards (hole cards framed) and its name.

    Works for anything with ``.cards``, ``.hole_cards`` and ``.describe()``.
    """
    if hand is None:
        no_low = html.escape(gettext("no qualifying low"))
        return f'<div class="ol-hand" style="{FONT}"><i>{no_low}</i></div>'
    cards = tuple(hand.cards)
    hole = set(getattr(hand, "hole_cards", ()))
    notes = {c: (gettext("hole card") if c in hole else gettext("board card")) for c in cards}
    row = cards_row(cards, four_color=four_color, size=size, highlight=hole, notes=notes)
    name = html.escape(hand.describe())
    kind = "low" if hasattr(hand, "ranks") else "high"
    extra = ""
    if kind == "low":
        extra = f' <span style="font-family:monospace;font-size:1.2em">({hand.number})</span>'
    framed = html.escape(gettext("framed cards are the two from the hand (R2)"))
    return (f'<div class="ol-hand ol-{kind}" style="{FONT}">{row}'
            f'<div style="font-size:1.15em;margin-top:4px"><b>{name}</b>{extra}'
            f'<span style="color:{MUTED}"> &mdash; {framed}'
            '</span></div></div>')


def message_html(text: str, *, kind: str = "error") -> str:
    """A short message line: an icon, the words, and its own text and background colours
    (readable in every theme; errors dark red on pale red, hints blue, success green).

    >>> page = message_html("'Xz' is not a card")
    >>> 'role="alert"' in page and "⚠" in page and "color:#7a0014;background:#fde8ea" in page
    True
    """
    fg, bg, icon = BADGES.get(kind, BADGES["info"])
    role = ' role="alert"' if kind == "error" else ""
    return (f'<div class="ol-msg ol-{kind}"{role} style="{FONT};color:{fg};background:{bg};font-size:1.1em;'
            f'font-weight:bold;padding:2px 8px;border-radius:4px;display:inline-block;max-width:100%">'
            f'<span aria-hidden="true">{icon} </span>{html.escape(text)}</div>')


def player_html(name: str, cards: Sequence[Any], *, hidden: bool = False, four_color: bool = False,
                size: int | str = "medium", caption: str = "", highlight: Sequence[Any] = (),
                caption_html: str = "", caption_em: float = 1.05) -> str:
    """One player's seat: name, hole cards (or their backs) and a caption
    (plain text, or ready-made HTML in ``caption_html``); ``caption_em`` sizes
    the name and caption with the cards (bigger cards, bigger words).

    >>> 'font-size:1.45em' in player_html("Ann", "As Kd Qh Jc", caption="ready", caption_em=1.45)
    True
    """
    row = cards_row(cards, four_color=four_color, size=size, hidden=hidden, highlight=highlight,
                    label=hole_cards_label(name, hidden=hidden))
    text = caption_html or html.escape(caption)
    cap = f'<div class="ol-caption" style="font-size:{caption_em:.2f}em">{text}</div>' if text else ""
    return (f'<div class="ol-seat" style="{FONT};display:inline-block;vertical-align:top;margin:4px 14px 8px 0;max-width:100%">'
            f'<div style="font-weight:bold;font-size:{caption_em * 1.05:.2f}em">{html.escape(name)}</div>{row}{cap}</div>')
