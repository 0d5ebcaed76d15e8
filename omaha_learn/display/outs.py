"""HTML for :class:`~omaha_learn.strategy.outs.Outs`: the hand, its draws, and a deck grid of every
next card marked by what it does (nut high, nut low, improves, counterfeits).

Duck-typed on the documented attributes of ``Outs`` and ``NextCard``; imports no engine
module at load time.

>>> from omaha_learn import outs
>>> page = outs_html(outs("Ah 2h Kd Ks", "3c 7h Qh", "hilo"))
>>> "nut flush draw" in page and "counterfeit risk" in page and page.count('class="ol-chip"') >= 45
True
"""

from __future__ import annotations

import html
from typing import Any

from omaha_learn.display.cards import card_chip, cards_row
from omaha_learn.display.theme import BADGES, BORDER, TINTS, scroll_close, scroll_open
from omaha_learn.i18n import N_, gettext, ngettext

__all__ = ["outs_html", "MARKS"]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"
CELL = f'style="border:1px solid {BORDER};padding:2px 4px;text-align:center;vertical-align:middle"'
MARKS = {
    "both": (TINTS["both"][1], N_("nut high and nut low")),
    "nut_high": (TINTS["nut_high"][1], N_("nut high")),
    "nut_low": (TINTS["nut_low"][1], N_("nut low")),
    "improves": (TINTS["improves"][1], N_("improves the high, not the nuts")),
    "makes_low": (TINTS["makes_low"][1], N_("makes a low, not the nut low")),
    "counterfeits": (TINTS["counterfeits"][1], N_("counterfeits your low")),
    "blank": (TINTS["blank"][1], N_("nothing new")),
}
"""Background colour and words for each kind of next card (the text on it is always dark, the
words are in each card's name and in the legend, so colour is never the only cue)."""
SYMBOLS = {"both": "★", "nut_high": "▲", "nut_low": "▼", "improves": "+", "makes_low": "↓", "counterfeits": "✗",
           "blank": ""}
"""A mark beside each legend entry and each card, for readers who cannot tell the shades apart."""
INK = TINTS["blank"][0]


def low_possible_next(o: Any) -> bool:
    """Whether the next card can leave the hand with a low at all: it has one now, or some card makes one.
    Without that, a card that pairs a low card "counterfeits" nothing yet, and the grid and the
    warnings say so instead of showing a risk the counts contradict."""
    return bool(o.game.has_low) and (o.low is not None or len(o.makes_low) > 0)


def _kind(n: Any, has_low: bool, counterfeit_matters: bool = True) -> str:
    if n.nut_high and has_low and n.nut_low:
        return "both"
    if n.nut_high:
        return "nut_high"
    if has_low and n.nut_low:
        return "nut_low"
    if has_low and counterfeit_matters and n.counterfeits:
        return "counterfeits"
    if n.improves_high:
        return "improves"
    if has_low and n.makes_low:
        return "makes_low"
    return "blank"


def _e(x: Any) -> str:
    return html.escape(str(x))


def outs_html(o: Any, *, four_color: bool = False) -> str:
    """The hand now, its draws in words, and a grid of the unseen cards (ranks by suits), each
    coloured by what it does to the hand; seen cards are left out of the grid."""
    has_low = bool(o.game.has_low)
    matters = low_possible_next(o)
    parts = [f'<div class="ol-outs" style="{FONT}">',
             "<div>" + gettext("Hand: {hand} &nbsp; Board: {board}").format(
                 hand=cards_row(o.hole, four_color=four_color, label=gettext("hole cards")),
                 board=cards_row(o.board, four_color=four_color, label=gettext("board"))) + "</div>",
             '<div style="font-size:1.1em;margin:4px 0">'
             + (gettext("{game}: {hand} (the nuts)") if o.nuts_now else gettext("{game}: {hand} (not the nuts)"))
             .format(game=_e(o.game.label), hand=f"<b>{_e(o.high.describe())}</b>")]
    if has_low:
        low = (gettext("no low yet") if o.low is None else
               gettext("{low} (the nut low)").format(low=o.low.describe()) if o.nut_low_now else o.low.describe())
        parts.append(gettext("; low: {low}").format(low=f"<b>{_e(low)}</b>"))
    parts.append("</div>")
    if o.draws:
        parts.append('<ul class="ol-draws" style="margin:4px 0">')
        for d in o.draws:
            if d.kind == "counterfeit" and not matters:
                note = _e(gettext("no next card makes a low (a low needs three board cards of 8 or lower), so a "
                                  "card that pairs your low cards spoils nothing on this street; on later streets: "
                                  "{message}").format(message=d.message))
                none_yet = _e(gettext("no counterfeit yet"))
                parts.append(f'<li class="ol-draw-note"><b>{none_yet}</b>: {note}</li>')
                continue
            if d.kind == "counterfeit":
                fg, bg, icon = BADGES["warning"]
                parts.append(f'<li class="ol-draw-warning" style="color:{fg};background:{bg};padding:0 4px">'
                             f'<span aria-hidden="true">{icon} </span><b>{_e(d.name)}</b> ({_e(d.rule)}): '
                             f'{_e(d.message)}</li>')
            else:
                parts.append(f'<li><b>{_e(d.name)}</b> ({_e(d.rule)}): {_e(d.message)}</li>')
        parts.append("</ul>")
    fields = {k: f"<b>{len(v)}</b>" for k, v in (("nut_high", o.nut_high), ("improve", o.improves_high),
                                                 ("nut_low", o.nut_low), ("low", o.makes_low), ("either", o.nut_outs))}
    if has_low:
        counts = ngettext("{n} unseen card can come next: {nut_high} cards give the nut high, {improve} improve the high, "
                          "{nut_low} give the nut low, {low} make a low, {either} give the nut high or the nut low.",
                          "{n} unseen cards can come next: {nut_high} cards give the nut high, {improve} improve the high, "
                          "{nut_low} give the nut low, {low} make a low, {either} give the nut high or the nut low.",
                          len(o))
    else:
        counts = ngettext("{n} unseen card can come next: {nut_high} cards give the nut high, {improve} improve the high.",
                          "{n} unseen cards can come next: {nut_high} cards give the nut high, {improve} improve the high.",
                          len(o))
    parts.append(f"<div>{counts.format(n=len(o), **fields)}</div>")
    by_card = {str(n.card): n for n in o}
    parts.append(scroll_open(gettext("every unseen next card")))
    caption = _e(gettext("Every unseen next card by rank and suit, marked by what it does"))
    seen = _e(gettext("seen"))
    parts.append(f'<table class="ol-outs-grid" style="{FONT};border-collapse:collapse;margin:6px 0">'
                 f'<caption style="text-align:left">'
                 f'{caption}</caption>'
                 f'<thead><tr><th {CELL}></th>' + "".join(f"<th {CELL}>{s}</th>" for s in "♣♦♥♠") + "</tr></thead><tbody>")
    for rank in "AKQJT98765432":
        parts.append(f"<tr><th {CELL}>{'10' if rank == 'T' else rank}</th>")
        for suit in "cdhs":
            n = by_card.get(rank + suit)
            if n is None:
                parts.append(f'<td {CELL} aria-label="{seen}">&middot;</td>')
                continue
            kind = _kind(n, has_low, matters)
            bg, words = MARKS[kind][0], gettext(MARKS[kind][1])
            mark = f'<span aria-hidden="true" style="font-size:0.8em">{SYMBOLS[kind]}</span>' if SYMBOLS[kind] else ""
            parts.append(f'<td class="ol-out-{kind}" style="border:1px solid {BORDER};padding:2px 4px;'
                         f'color:{INK};background:{bg};white-space:nowrap">'
                         f'{card_chip(n.card, four_color=four_color, note=words)}{mark}</td>')
        parts.append("</tr>")
    parts.append("</tbody></table>" + scroll_close())
    used = {_kind(n, has_low, matters) for n in o}
    legend = [f'<span class="ol-legend-{k}" style="color:{INK};background:{bg};border:1px solid {BORDER};'
              f'padding:1px 6px;margin:2px 6px 2px 0;display:inline-block">'
              f'{SYMBOLS[k] + " " if SYMBOLS[k] else ""}{_e(gettext(w))}</span>'
              for k, (bg, w) in MARKS.items() if k in used]
    parts.append(f'<div class="ol-legend">{"".join(legend)}</div></div>')
    return "".join(parts)
