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

__all__ = ["outs_html", "MARKS"]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"
CELL = 'style="border:1px solid #bbbbbb;padding:2px 4px;text-align:center;vertical-align:middle"'
MARKS = {
    "both": ("#9fdfb0", "nut high and nut low"),
    "nut_high": ("#ffd76e", "nut high"),
    "nut_low": ("#a9ccff", "nut low"),
    "improves": ("#fff3c9", "improves the high, not the nuts"),
    "makes_low": ("#e3eeff", "makes a low, not the nut low"),
    "counterfeits": ("#ffb3b3", "counterfeits your low"),
    "blank": ("#ffffff", "nothing new"),
}
"""Background colour and words for each kind of next card."""


def _kind(n: Any, has_low: bool) -> str:
    if n.nut_high and has_low and n.nut_low:
        return "both"
    if n.nut_high:
        return "nut_high"
    if has_low and n.nut_low:
        return "nut_low"
    if has_low and n.counterfeits:
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
    parts = [f'<div class="ol-outs" style="{FONT}">',
             f'<div>Hand: {cards_row(o.hole, four_color=four_color, label="hole cards")} &nbsp; '
             f'Board: {cards_row(o.board, four_color=four_color, label="board")}</div>',
             f'<div style="font-size:1.1em;margin:4px 0">{_e(o.game.label)}: <b>{_e(o.high.describe())}</b>'
             f'{" (the nuts)" if o.nuts_now else " (not the nuts)"}']
    if has_low:
        low = "no low yet" if o.low is None else o.low.describe() + (" (the nut low)" if o.nut_low_now else "")
        parts.append(f"; low: <b>{_e(low)}</b>")
    parts.append("</div>")
    if o.draws:
        parts.append('<ul class="ol-draws" style="margin:4px 0">')
        for d in o.draws:
            color = "#b00020" if d.kind == "counterfeit" else "#222222"
            parts.append(f'<li style="color:{color}"><b>{_e(d.name)}</b> ({_e(d.rule)}): {_e(d.message)}</li>')
        parts.append("</ul>")
    counts = [f"<b>{len(o.nut_high)}</b> cards give the nut high", f"<b>{len(o.improves_high)}</b> improve the high"]
    if has_low:
        counts += [f"<b>{len(o.nut_low)}</b> give the nut low", f"<b>{len(o.makes_low)}</b> make a low",
                   f"<b>{len(o.nut_outs)}</b> give the nut high or the nut low"]
    parts.append(f'<div>{len(o)} unseen cards can come next: {", ".join(counts)}.</div>')
    by_card = {str(n.card): n for n in o}
    parts.append(f'<table class="ol-outs-grid" style="{FONT};border-collapse:collapse;margin:6px 0">'
                 f'<thead><tr><th {CELL}></th>' + "".join(f"<th {CELL}>{s}</th>" for s in "♣♦♥♠") + "</tr></thead><tbody>")
    for rank in "AKQJT98765432":
        parts.append(f"<tr><th {CELL}>{'10' if rank == 'T' else rank}</th>")
        for suit in "cdhs":
            n = by_card.get(rank + suit)
            if n is None:
                parts.append(f'<td {CELL} aria-label="seen">&middot;</td>')
                continue
            kind = _kind(n, has_low)
            bg, words = MARKS[kind]
            parts.append(f'<td class="ol-out-{kind}" style="border:1px solid #bbbbbb;padding:2px 4px;'
                         f'background:{bg}">{card_chip(n.card, four_color=four_color, note=words)}</td>')
        parts.append("</tr>")
    parts.append("</tbody></table>")
    used = {_kind(n, has_low) for n in o}
    legend = [f'<span style="background:{bg};border:1px solid #bbbbbb;padding:1px 6px;margin:2px 6px 2px 0;display:inline-block;white-space:nowrap">{_e(w)}</span>'
              for k, (bg, w) in MARKS.items() if k in used]
    parts.append(f'<div class="ol-legend">{"".join(legend)}</div></div>')
    return "".join(parts)
