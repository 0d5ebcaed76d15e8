"""Playing cards as pictures, readable on a projector and by a screen reader.

:func:`card_svg` draws one card face as SVG with an ``aria-label`` and a
``<title>`` ("ace of spades"). Suits are drawn as shapes (not font glyphs), so
they look the same in every browser and stay distinguishable in greyscale;
colour is a second cue: two-colour (red/black) or the four-colour deck (clubs
green, diamonds blue).

Rows of cards (:func:`cards_row`) put each SVG in an ``<img>`` with an
``image/svg+xml`` data URI, ``alt`` and ``title`` text. That is the form
JupyterLab's HTML sanitizer keeps in an *untrusted* notebook (a fresh clone):
it strips inline ``<svg>``, ``<style>`` blocks, ``role`` and ``aria-*``
attributes, but keeps ``<img src="data:...">`` with ``alt``, ``title`` and
inline ``style`` attributes. So a lesson stored executed draws its cards on
first open, trusted or not.

>>> from omaha_learn.engine.cards import Card
>>> svg = card_svg(Card("As"))
>>> 'aria-label="ace of spades"' in svg and "<title>ace of spades</title>" in svg
True
>>> 'fill="#137a2c"' in card_svg(Card("Kc"), four_color=True)
True
>>> img = card_img(Card("As"), note="hole card")
>>> img.startswith('<img class="ol-card" data-card="As" src="data:image/svg+xml;base64,') and 'alt="ace of spades, hole card"' in img
True
"""

from __future__ import annotations

import base64
import html
from collections.abc import Collection, Iterable
from typing import Any

from omaha_learn.i18n import gettext, pgettext, rank_word

__all__ = [
    "TWO_COLOR",
    "FOUR_COLOR",
    "SIZES",
    "suit_color",
    "card_svg",
    "card_name",
    "card_img",
    "back_img",
    "card_chip",
    "CHIP_CSS",
    "back_svg",
    "cards_row",
    "as_cards",
]

TWO_COLOR = {"c": "#111111", "d": "#c8102e", "h": "#c8102e", "s": "#111111"}
"""Classic deck: red hearts and diamonds, black clubs and spades."""
FOUR_COLOR = {"c": "#137a2c", "d": "#1452cc", "h": "#c8102e", "s": "#111111"}
"""Four-colour deck: clubs green, diamonds blue, hearts red, spades black."""

SIZES = {"chip": 0, "small": 44, "medium": 64, "large": 96, "projector": 128}
"""Card widths in CSS pixels (height is 1.4 times the width); ``"chip"`` is a compact text card."""

HIGHLIGHT = "#f5a300"
"""Frame colour of highlighted cards (best hand, deciding card)."""

# Suit shapes in a 100 x 100 box.
_SUIT_SHAPES = {
    "h": '<path d="M50 90 C22 66 2 48 8 27 C14 8 40 6 50 28 C60 6 86 8 92 27 C98 48 78 66 50 90 Z"/>',
    "d": '<path d="M50 4 L86 50 L50 96 L14 50 Z"/>',
    "s": ('<path d="M50 6 C78 32 98 48 92 68 C86 84 62 86 54 70 L62 94 L38 94 L46 70 '
          'C38 86 14 84 8 68 C2 48 22 32 50 6 Z"/>'),
    "c": ('<circle cx="50" cy="28" r="20"/><circle cx="27" cy="58" r="20"/>'
          '<circle cx="73" cy="58" r="20"/><rect x="40" y="40" width="20" height="22"/>'
          '<path d="M45 60 L38 94 L62 94 L55 60 Z"/>'),
}


def suit_color(suit: str, four_color: bool = False) -> str:
    """The fill colour of a suit letter (``'c'``, ``'d'``, ``'h'``, ``'s'``)."""
    return (FOUR_COLOR if four_color else TWO_COLOR)[suit]


def _width(size: int | str) -> int:
    from omaha_learn.errors import CardError

    if isinstance(size, str):
        if size not in SIZES:
            raise CardError(f"card size {size!r} is not one of {', '.join(SIZES)} (or a width in pixels)")
        return SIZES[size]
    return int(size)


def _suit(suit: str, x: float, y: float, scale: float, color: str) -> str:
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{color}">{_SUIT_SHAPES[suit]}</g>'


_SUITS_OF = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
"""A suit's name as a card's name says it ("ace of spades"; Russian «туз пик», Estonian «poti äss»)."""


def card_name(card: Any) -> str:
    """A card in words for a screen reader, in the language in use: ``'ace of spades'``, «туз пик», «poti äss».

    >>> card_name("Td")
    'ten of diamonds'
    """
    from omaha_learn.engine.cards import Card

    c = Card(card)
    return pgettext("card", "{rank} of {suit}").format(rank=rank_word(c.rank, "name"),
                                                        suit=pgettext("suit: of", _SUITS_OF[c.suit]))


def _label(card: Any, note: str, highlight: bool) -> str:
    """A card's accessible name: its name, the note, and whether it is highlighted."""
    name = card_name(card)
    if note:
        name = gettext("{card}, {note}").format(card=name, note=note)
    return gettext("{card}, highlighted").format(card=name) if highlight else name


def _suit_names() -> None:  # pragma: no cover - never called: the suits' forms, for the catalogue
    pgettext("suit: of", "clubs")
    pgettext("suit: of", "diamonds")
    pgettext("suit: of", "hearts")
    pgettext("suit: of", "spades")


def card_svg(card: Any, *, four_color: bool = False, size: int | str = "medium",
             highlight: bool = False, dim: bool = False, note: str = "") -> str:
    """One card face as inline SVG.

    ``highlight`` draws a thick orange frame (the card is part of the answer);
    ``dim`` fades the card (not used); ``note`` is appended to the accessible
    name (e.g. ``"hole card"``).
    """
    from omaha_learn.engine.cards import Card

    c = Card(card)
    w = _width(size)
    h = round(w * 1.4)
    color = suit_color(c.suit, four_color)
    rank = "10" if c.rank_char == "T" else c.rank_char
    label = html.escape(_label(c, note, highlight))
    frame = (f'<rect x="3" y="3" width="94" height="134" rx="9" fill="#ffffff" '
             f'stroke="{HIGHLIGHT if highlight else "#555555"}" stroke-width="{7 if highlight else 2}"/>')
    rank_size = 40 if len(rank) == 1 else 34
    text = (f'<text x="{10 if len(rank) == 1 else 6}" y="42" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" '
            f'font-weight="bold" font-size="{rank_size}" fill="{color}">{rank}</text>')
    small = _suit(c.suit, 12, 50, 0.22, color)
    big = _suit(c.suit, 38, 68, 0.56, color)
    style = f"vertical-align:middle;margin:2px;{'opacity:0.35;' if dim else ''}"
    return (f'<svg class="ol-card" data-card="{c}" role="img" aria-label="{label}" width="{w}" height="{h}" '
            f'viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" style="{style}">'
            f"<title>{label}</title>{frame}{text}{small}{big}</svg>")


def _img(svg: str, label: str, width: int, height: int, style: str = "", card: str = "") -> str:
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    text = html.escape(label)
    attr = f' data-card="{card}"' if card else ""  # for scripts and tests; a sanitizer may drop it
    return (f'<img class="ol-card"{attr} src="data:image/svg+xml;base64,{data}" alt="{text}" title="{text}" '
            f'width="{width}" height="{height}" style="vertical-align:middle;margin:2px;{style}">')


def card_img(card: Any, *, four_color: bool = False, size: int | str = "medium",
             highlight: bool = False, dim: bool = False, note: str = "") -> str:
    """One card face as an ``<img>`` holding :func:`card_svg` as a data URI, with
    the card's name as ``alt`` and ``title`` text (kept by JupyterLab's sanitizer
    in untrusted notebooks, read by screen readers).

    >>> 'alt="ten of diamonds, highlighted"' in card_img("Td", highlight=True, size=44)
    True
    """
    from omaha_learn.engine.cards import Card

    c = Card(card)
    w = _width(size)
    label = _label(c, note, highlight)
    svg = card_svg(c, four_color=four_color, size=size, highlight=highlight, note=note)
    return _img(svg, label, w, round(w * 1.4), "opacity:0.35;" if dim else "", str(c))


def back_img(*, size: int | str = "medium") -> str:
    """A face-down card as an ``<img>`` (alt text "face-down card").

    >>> 'alt="face-down card"' in back_img()
    True
    """
    w = _width(size)
    return _img(back_svg(size=size), gettext("face-down card"), w, round(w * 1.4))


def card_chip(card: Any, *, four_color: bool = False, highlight: bool = False, dim: bool = False,
              note: str = "") -> str:
    """A compact text card (``A♠`` in its suit colour) for dense tables such as
    the 60-row explanation grid; same accessible name as :func:`card_svg`.

    >>> card_chip("Td").startswith('<span class="ol-chip" data-card="Td" role="img" aria-label="ten of diamonds"')
    True
    """
    from omaha_learn.engine.cards import SUIT_SYMBOLS, Card

    c = Card(card)
    color = suit_color(c.suit, four_color)
    rank = "10" if c.rank_char == "T" else c.rank_char
    label = html.escape(_label(c, note, highlight))
    extra = f";outline:2px solid {HIGHLIGHT}" if highlight else ""
    extra += ";opacity:0.35" if dim else ""
    return (f'<span class="ol-chip" data-card="{c}" role="img" aria-label="{label}" title="{label}" '
            f'style="{CHIP_CSS};color:{color}{extra}">{rank}{SUIT_SYMBOLS[c.suit]}</span>')


CHIP_CSS = ("display:inline-block;min-width:2.1em;text-align:center;margin:1px;padding:0 2px;"
            "border:1px solid #999999;border-radius:4px;background:#ffffff;font-weight:bold;font-size:1.05em")
"""Inline style of :func:`card_chip` (inline, because untrusted notebooks drop ``<style>`` blocks)."""


def back_svg(*, size: int | str = "medium") -> str:
    """A face-down card (its accessible name is "face-down card").

    >>> 'aria-label="face-down card"' in back_svg()
    True
    """
    w = _width(size)
    h = round(w * 1.4)
    back = html.escape(gettext("face-down card"))
    return (f'<svg class="ol-card ol-back" role="img" aria-label="{back}" width="{w}" height="{h}" '
            f'viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" style="vertical-align:middle;margin:2px">'
            '<title>face-down card</title>'
            '<defs><pattern id="ol-back-pat" width="12" height="12" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="12" height="12" fill="#1d3f8f"/>'
            '<rect width="6" height="12" fill="#2f5fc4"/></pattern></defs>'
            '<rect x="3" y="3" width="94" height="134" rx="9" fill="url(#ol-back-pat)" stroke="#555555" '
            'stroke-width="2"/><rect x="12" y="12" width="76" height="116" rx="6" fill="none" '
            'stroke="#ffffff" stroke-width="3"/></svg>')


def as_cards(cards: Any) -> tuple[Any, ...]:
    """Cards from text, a card, or an iterable (via :func:`omaha_learn.parse_cards`)."""
    from omaha_learn.engine.cards import Card, parse_cards

    if isinstance(cards, Card):
        return (cards,)
    return parse_cards(cards, allow_duplicates=True)


def cards_row(cards: Iterable[Any] | str, *, four_color: bool = False, size: int | str = "medium",
              highlight: Collection[Any] = (), dim: Collection[Any] = (), hidden: bool = False,
              label: str = "", notes: dict[Any, str] | None = None) -> str:
    """A row of cards (each an ``<img>``, see :func:`card_img`) in a
    ``<span role="group">``; ``hidden`` shows their backs; ``size="chip"``
    gives compact text cards.

    >>> row = cards_row("As Kd", highlight=["As"])
    >>> row.count("<img"), 'alt="ace of spades, highlighted"' in row
    (2, True)
    """
    from omaha_learn.engine.cards import Card

    cs = as_cards(cards)
    hi = {Card(c) for c in highlight}
    lo = {Card(c) for c in dim}
    notes = {Card(k): v for k, v in (notes or {}).items()}
    if hidden:
        inner = "".join(back_img(size=size) for _ in cs)
    elif size == "chip":
        inner = "".join(card_chip(c, four_color=four_color, highlight=c in hi, dim=c in lo, note=notes.get(c, ""))
                        for c in cs)
    else:
        inner = "".join(card_img(c, four_color=four_color, size=size, highlight=c in hi, dim=c in lo,
                                 note=notes.get(c, "")) for c in cs)
    inner = inner.replace("><img", "><wbr><img")     # a row of pictures may wrap on a narrow screen
    aria = f' aria-label="{html.escape(label)}" title="{html.escape(label)}"' if label else ""
    return f'<span class="ol-cards" role="group"{aria} style="display:inline-block;max-width:100%">{inner}</span>'
