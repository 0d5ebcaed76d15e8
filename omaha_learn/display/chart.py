"""The starting-hand chart drawn: an HTML table of rows, a plotly heatmap of
rank pattern × suit pattern (and a matplotlib one for print), and the equity
distribution of all classes.

plotly and matplotlib are imported inside each function. The chart and its
rows are duck-typed (see :mod:`omaha_learn.strategy.chart`).

>>> from omaha_learn import starting_hands
>>> chart = starting_hands("plo")
>>> page = chart_html(chart.top(0.01), limit=5)
>>> page.count("<tr>") == 6 and "rank" in page
True
>>> fig = chart_heatmap(chart, top=10)
>>> fig.data[0].type, len(fig.data[0].y), list(fig.data[0].x)[:3]
('heatmap', 10, ['double-suited', 'single-suited', 'rainbow'])
"""

from __future__ import annotations

import html
from typing import Any

from omaha_learn.display.cards import cards_row
from omaha_learn.display.html import FONT
from omaha_learn.display.results import CELL, TABLE
from omaha_learn.extras import require
from omaha_learn.strategy.chart import percent_text

__all__ = ["MEASURES", "chart_html", "row_html", "compare_html", "chart_heatmap", "chart_heatmap_mpl", "equity_histogram",
           "equity_histogram_mpl", "SUIT_LABELS"]

MEASURES = ("All-in equity before the flop, against one random hand (heads-up) or five (six-handed): "
            "no position, no betting after the flop, no stack sizes.")
"""The line under every chart table: what its numbers measure and what they leave out."""

SUIT_LABELS = {"ds": "double-suited", "ss": "single-suited", "r": "rainbow", "3s": "three suited", "4s": "four suited"}


def _pct(x: float, digits: int = 2) -> str:
    return f"{100 * x:.{digits}f}%"


def row_html(row: Any, *, four_color: bool = False) -> str:
    """One class: its cards, rank, percentile and equities with standard errors."""
    low = (f" &middot; low share {_pct(row.low)} &middot; high share {_pct(row.high)}"
           if row.game == "hilo" else "")
    return (f'<div class="ol-chart-row" style="{FONT}">'
            f'{cards_row(row.hand, four_color=four_color, size="chip")} '
            f"<b>rank {row.rank:,}</b> of 16,432 heads-up, <b>{row.rank6:,}</b> six-handed &middot; "
            f"{html.escape(row.label)} &middot; better than {percent_text(row.percentile / 100)} of hands "
            f"(top {percent_text(row.top)})<br>"
            f"heads-up equity <b>{_pct(row.equity)}</b> &plusmn; {_pct(row.stderr)} &middot; "
            f"scoop {_pct(row.scoop)}{low} &middot; six-handed {_pct(row.equity6)} &plusmn; "
            f"{_pct(row.equity6_stderr)} &middot; {row.combos} combos, "
            f"{html.escape(SUIT_LABELS.get(row.suits, row.suits))}</div>")


def chart_html(chart: Any, *, limit: int = 20, highlight: int | None = None, four_color: bool = False) -> str:
    """The first ``limit`` rows of a chart as a table (``highlight``: a class number to mark)."""
    rows = list(chart[:limit])
    parts = [f'<div class="ol-chart" style="{FONT}">',
             f"<div><b>{html.escape(chart.title)}</b> &middot; {len(chart):,} classes, {chart.combos:,} hands</div>"]
    low = chart.game == "hilo"
    head = ["rank", "hand", "class", "combos", "equity &plusmn;", "scoop"] + (["high", "low"] if low else []) + [
        "six-handed", "6h rank", "percentile"]
    parts.append(f"<table {TABLE}><thead><tr>{''.join(f'<th {CELL}>{h}</th>' for h in head)}</tr></thead><tbody>")
    for r in rows:
        mark = ' style="background:#fff3c4"' if highlight is not None and r.index == highlight else ""
        cells = [f"{r.rank:,}", cards_row(r.hand, four_color=four_color, size="chip"), html.escape(r.label), str(r.combos),
                 f"{_pct(r.equity)} &plusmn; {_pct(r.stderr)}", _pct(r.scoop)]
        if low:
            cells += [_pct(r.high), _pct(r.low)]
        cells += [_pct(r.equity6), f"{r.rank6:,}", percent_text(r.percentile / 100).rstrip("%")]
        parts.append(f"<tr{mark}>{''.join(f'<td {CELL}>{c}</td>' for c in cells)}</tr>")
    parts.append("</tbody></table>")
    parts.append(f'<div style="color:#555">{MEASURES}</div>')
    if len(chart) > limit:
        parts.append(f'<div style="color:#555">first {limit} of {len(chart):,} rows</div>')
    parts.append("</div>")
    return "".join(parts)


def compare_html(chart: Any, *, rows: int = 10, highlight: int | None = None, four_color: bool = False) -> str:
    """The heads-up and six-handed orders side by side: the first ``rows`` classes of each,
    with each class's rank in the other order (``highlight``: a class number to mark).

    >>> from omaha_learn import starting_hands
    >>> page = compare_html(starting_hands("plo"), rows=3)
    >>> page.count("<tr>"), "six-handed" in page
    (4, True)
    """
    left, right = list(chart[:rows]), list(chart.six_handed()[:rows])
    head = ["rank", "hand", "equity", "6h rank", "", "6h rank", "hand", "6h equity", "rank"]
    parts = [f'<div class="ol-chart-compare" style="{FONT}">',
             f"<div><b>{html.escape(chart.title)}</b>: heads-up order (against one random hand) beside the "
             f"six-handed order (against five random hands)</div>",
             f"<table {TABLE}><thead><tr>{''.join(f'<th {CELL}>{h}</th>' for h in head)}</tr></thead><tbody>"]

    def mark(r: Any) -> str:
        return ' style="background:#fff3c4"' if highlight is not None and r.index == highlight else ""

    for a, b in zip(left, right, strict=False):
        cells = [(f"{a.rank:,}", ""), (cards_row(a.hand, four_color=four_color, size="chip"), mark(a)),
                 (_pct(a.equity), ""), (f"{a.rank6:,}", ""), ("", ""), (f"{b.rank6:,}", ""),
                 (cards_row(b.hand, four_color=four_color, size="chip"), mark(b)), (_pct(b.equity6), ""),
                 (f"{b.rank:,}", "")]
        parts.append("<tr>" + "".join(f"<td {CELL}{m}>{c}</td>" for c, m in cells) + "</tr>")
    parts.append(f'</tbody></table><div style="color:#555">{MEASURES}</div></div>')
    return "".join(parts)


def _heat_data(chart: Any, stat: str, top: int | None) -> tuple[list[str], list[str], Any, Any]:
    ranks, suits, values, combos = chart.pattern_table(stat, top=top)
    return ranks, [SUIT_LABELS[s] for s in suits], values, combos


def chart_heatmap(chart: Any, *, stat: str = "equity", top: int | None = 40, title: str | None = None) -> Any:
    """Plotly heatmap: rank patterns (best first, ``top`` of them) × suit patterns, coloured by
    the combo-weighted mean of ``stat`` (percent)."""
    require("plotly", extra="lessons", what="this figure")
    import plotly.graph_objects as go

    ranks, suits, values, combos = _heat_data(chart, stat, top)
    text = [[("" if c == 0 else f"{100 * v:.1f}") for v, c in zip(vr, cr, strict=True)]
            for vr, cr in zip(values.tolist(), combos.tolist(), strict=True)]
    fig = go.Figure(go.Heatmap(
        z=(100 * values).tolist(), x=suits, y=ranks, text=text, texttemplate="%{text}",
        customdata=combos.tolist(), colorscale="Viridis", colorbar={"title": f"{stat} %"},
        hovertemplate="%{y} %{x}<br>" + stat + " %{z:.2f}%<br>%{customdata} hands<extra></extra>"))
    fig.update_layout(title=title or f"{chart.title}: {stat} by rank and suit pattern",
                      yaxis={"autorange": "reversed", "type": "category"}, xaxis={"side": "top"},
                      height=max(300, 18 * len(ranks) + 120), template="plotly_white")
    return fig


def chart_heatmap_mpl(chart: Any, *, stat: str = "equity", top: int | None = 40, title: str | None = None) -> Any:
    """The same heatmap with matplotlib (for print): a grey-friendly colour map and the values written in."""
    require("matplotlib", extra="lessons", what="this figure")
    import matplotlib.pyplot as plt
    import numpy as np

    ranks, suits, values, combos = _heat_data(chart, stat, top)
    fig, ax = plt.subplots(figsize=(6, max(3.0, 0.22 * len(ranks) + 1.2)))
    im = ax.imshow(np.ma.masked_invalid(100 * values), aspect="auto", cmap="viridis")
    ax.set_xticks(range(len(suits)), suits, rotation=30, ha="left")
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(ranks)), ranks, fontsize=8)
    for i in range(len(ranks)):
        for j in range(len(suits)):
            if combos[i, j]:
                v = 100 * values[i, j]
                ax.text(j, i, f"{v:.1f}", ha="center", va="center", fontsize=7,
                        color="white" if v < np.nanmean(100 * values) else "black")
    fig.colorbar(im, ax=ax, label=f"{stat} %")
    ax.set_title(title or f"{chart.title}\n{stat} by rank and suit pattern", fontsize=9)
    fig.tight_layout()
    return fig


def equity_histogram(chart: Any, *, stat: str = "equity", by_suits: bool = True, bins: int = 60) -> Any:
    """Plotly histogram of ``stat`` over all hands (weighted by combos), one series per suit pattern."""
    import numpy as np
    require("plotly", extra="lessons", what="this figure")
    import plotly.graph_objects as go

    values = chart.column(stat)
    combos = chart.column("combos")
    suits = np.array([r.suits for r in chart]) if by_suits else np.array(["all"] * len(chart))
    edges = np.linspace(float(values.min()), float(values.max()), bins + 1)
    fig = go.Figure()
    for s in [x for x in SUIT_LABELS if x in set(suits.tolist())] or ["all"]:
        sel = suits == s
        counts, _ = np.histogram(values[sel], bins=edges, weights=combos[sel])
        fig.add_bar(x=(100 * (edges[:-1] + edges[1:]) / 2).tolist(), y=counts.tolist(), name=SUIT_LABELS.get(s, s))
    fig.update_layout(barmode="stack", bargap=0, template="plotly_white", title=f"{chart.title}: {stat} of all hands",
                      xaxis_title=f"{stat} %", yaxis_title="hands")
    return fig


def equity_histogram_mpl(chart: Any, *, stat: str = "equity", by_suits: bool = True, bins: int = 60) -> Any:
    """The same histogram with matplotlib, hatched per suit pattern for greyscale print."""
    require("matplotlib", extra="lessons", what="this figure")
    import matplotlib.pyplot as plt
    import numpy as np

    values = chart.column(stat)
    combos = chart.column("combos")
    suits = np.array([r.suits for r in chart]) if by_suits else np.array(["all"] * len(chart))
    present = [x for x in SUIT_LABELS if x in set(suits.tolist())] or ["all"]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.hist([100 * values[suits == s] for s in present], bins=bins, weights=[combos[suits == s] for s in present],
            stacked=True, label=[SUIT_LABELS.get(s, s) for s in present],
            hatch=None, edgecolor="white", linewidth=0.3)
    for patches, hatch in zip(ax.containers, ["", "//", "..", "xx", "--"], strict=False):
        for p in patches:
            p.set_hatch(hatch)
    ax.set_xlabel(f"{stat} %")
    ax.set_ylabel("hands")
    ax.set_title(f"{chart.title}: {stat} of all hands", fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig
