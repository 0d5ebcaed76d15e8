"""Self-contained HTML pages for the teacher's desk: no scripts, no CDN, no web fonts.

The class report and the feedback files are opened from a disk, an e-mail or
an LMS, often offline; everything they need (styles, the histogram) is in
the one file.

>>> p = page("Scores", "<p>hi</p>")
>>> p.startswith("<!DOCTYPE html>") and "<title>Scores</title>" in p and "http" not in p
True
>>> print(table(["a", "b"], [["1", "<2>"]], escape_cells=True))
<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>&lt;2&gt;</td></tr></tbody></table>
>>> svg_bars(["0-9%", "10-19%"], [2, 0]).count("<rect")
2
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from omaha_learn.i18n import get_language, gettext

__all__ = ["esc", "page", "table", "svg_bars", "percent", "inline_markdown", "plain_markdown"]

CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5em auto; max-width: 62em;
       padding: 0 1em; color: #1d2329; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #d5d9de; }
table { border-collapse: collapse; margin: 0.6em 0 1em; }
th, td { border: 1px solid #d5d9de; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f1f3f5; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.flag td { background: #fff4e0; } .ok { color: #176b2c; } .miss { color: #a4161a; }
.note { color: #56606b; font-size: 0.92em; } code { background: #f1f3f5; padding: 0 0.2em; }
.rule { border-left: 4px solid #4a7bb7; background: #f5f8fc; padding: 0.3em 0.9em; margin: 0.5em 0; }
.rule h3 { margin: 0.3em 0; font-size: 1.05em; } .hint { margin: 0.3em 0; }
.total { font-size: 1.25em; font-weight: 600; }
figure { margin: 0.5em 0 1em; } figcaption { color: #56606b; font-size: 0.92em; }
table.grid td { text-align: center; padding: 0.15em 0.35em; font-variant-numeric: tabular-nums; }
table.grid th.q { font-size: 0.8em; } td.g-ok { background: #d3f0d9; } td.g-part { background: #fbeec2; }
td.g-miss { background: #f8d4d4; } td.g-unread { background: #e7d3f3; } td.g-none { background: #eceff2; }
td.g-out { background: #ffe1bf; } td.g-over { outline: 2px solid #4a7bb7; outline-offset: -2px; }
.override { border-left: 4px solid #4a7bb7; padding-left: 0.6em; } .question { font-style: italic; }
.flags { color: #a4161a; font-size: 0.9em; }
@media print { h2 { page-break-after: avoid; } table { page-break-inside: avoid; } }
"""


_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*([^*\n]+)\*\*")
_LINK = re.compile(r"\[([^\]\n]+)\]\([^)\n]*\)")


def inline_markdown(text: str) -> str:
    """A question's markdown as safe HTML: everything escaped first, then `code`, **bold**, links as their
    text (the targets are not beside the page) and blank lines as paragraph breaks; nothing else is markup.

    >>> inline_markdown("Use `best_low(hole, board)`; **price** <b>x</b> [R18](../../docs/rules.md#r18)")
    'Use <code>best_low(hole, board)</code>; <strong>price</strong> &lt;b&gt;x&lt;/b&gt; R18'
    """
    out = esc(_LINK.sub(r"\1", text))
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    return "<br><br>".join(part.strip() for part in re.split(r"\n\s*\n", out) if part.strip())


def plain_markdown(text: str) -> str:
    """A question's markdown as plain text (for a tooltip): marks removed, links as their text.

    >>> plain_markdown("Use `x` and **y** ([R1](a.md))")
    'Use x and y (R1)'
    """
    return " ".join(_BOLD.sub(r"\1", _CODE.sub(r"\1", _LINK.sub(r"\1", text))).split())


def esc(value: object) -> str:
    """HTML-escaped text of any value."""
    return html.escape(str(value), quote=True)


def percent(part: float, whole: float) -> str:
    """``part`` of ``whole`` as a whole percentage ("-" when ``whole`` is 0), as the language writes it
    (50%; 50\u00a0%)."""
    if not whole:
        return "-"
    return f"{100 * part / whole:.0f}" + ("%" if get_language() == "en" else "\u00a0%")


def page(title: str, body: str) -> str:
    """A complete HTML document with the shared styles inline, its ``lang`` the language in use."""
    return (f'<!DOCTYPE html>\n<html lang="{get_language()}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, numeric: Sequence[int] = (),
          row_classes: Sequence[str] | None = None, escape_cells: bool = False) -> str:
    """An HTML table; cells are HTML already unless ``escape_cells``; columns in ``numeric`` align right."""
    def cell(tag: str, i: int, text: str) -> str:
        cls = ' class="num"' if i in numeric else ""
        return f"<{tag}{cls}>{esc(text) if escape_cells and tag == 'td' else text}</{tag}>"

    head = "".join(cell("th", i, esc(h)) for i, h in enumerate(headers))
    body = []
    for r, row in enumerate(rows):
        cls = f' class="{row_classes[r]}"' if row_classes and row_classes[r] else ""
        body.append(f"<tr{cls}>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _axis_labels() -> tuple[str, str]:
    return esc(gettext("total score (share of the points)")), esc(gettext("learners"))


def svg_bars(labels: Sequence[str], counts: Sequence[int], *, title: str = "", width: int = 640,
             height: int = 220) -> str:
    """A bar chart as inline SVG (one bar per label, its count written above it)."""
    n = max(len(counts), 1)
    top = max(max(counts, default=0), 1)
    x_label, y_label = _axis_labels()
    left, bottom, head = 34, 34, 22
    plot_w, plot_h = width - left - 8, height - bottom - head
    slot = plot_w / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">']
    if title:
        parts.append(f"<title>{esc(title)}</title>")
    base = head + plot_h
    parts.append(f'<line x1="{left}" y1="{base}" x2="{width - 8}" y2="{base}" stroke="#56606b"/>')
    for i, (label, c) in enumerate(zip(labels, counts, strict=True)):
        h = plot_h * c / top
        x = left + i * slot + slot * 0.1
        parts.append(f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{slot * 0.8:.1f}" height="{h:.1f}" '
                     f'fill="#4a7bb7"><title>{esc(label)}: {c}</title></rect>')
        parts.append(f'<text x="{x + slot * 0.4:.1f}" y="{base - h - 4:.1f}" text-anchor="middle">{c}</text>')
        parts.append(f'<text x="{x + slot * 0.4:.1f}" y="{base + 14}" text-anchor="middle">{esc(label)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" fill="#56606b">'
                 f"{x_label}</text>")
    parts.append(f'<text x="10" y="{head + plot_h / 2:.1f}" text-anchor="middle" fill="#56606b" '
                 f'transform="rotate(-90 10 {head + plot_h / 2:.1f})">{y_label}</text>')
    parts.append("</svg>")
    return "".join(parts)
