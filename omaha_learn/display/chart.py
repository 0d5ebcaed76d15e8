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
from omaha_learn.display.theme import MUTED, tinted
from omaha_learn.engine.games import Game
from omaha_learn.extras import require
from omaha_learn.i18n import N_, format_number, format_percent, gettext, ngettext, pgettext
from omaha_learn.strategy.chart import percent_text

__all__ = ["MEASURES", "STAT_LABELS", "stat_label", "percentile6", "chart_html", "row_html", "compare_html", "chart_heatmap", "chart_heatmap_mpl", "equity_histogram",
           "equity_histogram_mpl", "SUIT_LABELS", "histogram_alt", "suit_means_html", "heatmap_alt",
           "heatmap_table_html"]

MEASURES = N_("All-in equity before the flop, against one random hand (heads-up) or five (six-handed): "
            "no position, no betting after the flop, no stack sizes.")
"""The line under every chart table: what its numbers measure and what they leave out."""

SUIT_LABELS = {"ds": "double-suited", "ss": "single-suited", "r": "rainbow", "3s": "three suited", "4s": "four suited"}
"""The suit patterns' names in English (:func:`suit_label` says them in the language in use)."""


def suit_label(pattern: str) -> str:
    """A suit pattern's name (``"ds"``: double-suited) in the language in use."""
    return pgettext("suit pattern", SUIT_LABELS[pattern]) if pattern in SUIT_LABELS else pattern


def _suit_pattern_names() -> None:  # pragma: no cover - never called: Babel finds the names here
    pgettext("suit pattern", "double-suited")
    pgettext("suit pattern", "single-suited")
    pgettext("suit pattern", "rainbow")
    pgettext("suit pattern", "three suited")
    pgettext("suit pattern", "four suited")
    pgettext("chart stat", "heads-up equity")
    pgettext("chart stat", "six-handed equity")
    pgettext("chart stat", "heads-up scoop")
    pgettext("chart stat", "six-handed scoop")
    pgettext("chart stat", "high share")
    pgettext("chart stat", "low share")


def _pct(x: float, digits: int = 2) -> str:
    return format_percent(x, digits)


STAT_LABELS = {"equity": "heads-up equity", "equity6": "six-handed equity", "scoop": "heads-up scoop",
               "scoop6": "six-handed scoop", "high": "high share", "low": "low share"}
"""Words for the chart's columns in titles and colour bars (never the column's code name)."""


def stat_label(stat: str) -> str:
    """The words for a chart column: ``"equity6"`` is "six-handed equity"."""
    return pgettext("chart stat", STAT_LABELS[stat]) if stat in STAT_LABELS else stat.replace("_", " ")


_COLUMNS = ("rank", "hand", "class", "combos", "scoop", "six-handed equity ±", "6h percentile", "equity ±", "high",
            "low", "six-handed", "6h rank", "percentile", "equity", "6h equity")
"""The chart table's column titles (``±`` written as the ``&plusmn;`` entity in the page)."""


def _column(name: str) -> str:
    if not name:
        return ""
    text = pgettext("chart column", name) if name in _COLUMNS else name
    return html.escape(text, quote=False).replace("±", "&plusmn;")


def _column_names() -> None:  # pragma: no cover - never called: Babel finds the column titles here
    pgettext("chart column", "six-handed equity ±")
    pgettext("chart column", "6h percentile")
    pgettext("chart column", "equity ±")
    pgettext("chart column", "high")
    pgettext("chart column", "low")
    pgettext("chart column", "percentile")
    pgettext("chart column", "6h equity")


def _no_sign(percent: str) -> str:
    """A percentage without its sign (the column title says it): 12.34% -> 12.34, 12,34 % -> 12,34."""
    return percent.rstrip("%").rstrip("\u00a0 ")


def percentile6(row: Any) -> tuple[float, float]:
    """A class's six-handed percentile (share of all hands it ranks above, percent) and top share (0-1),
    computed like the heads-up ones from the six-handed order."""
    import numpy as np

    from omaha_learn.strategy.canonical import HANDS, hand_classes

    combos = hand_classes().combos
    data = _chart_data(row.game)
    above = float(combos[data.rank6 < row.rank6].sum())
    return float(100.0 * (HANDS - above - row.combos) / HANDS), float(np.float64(above + row.combos) / HANDS)


def _chart_data(game: str) -> Any:
    from omaha_learn.strategy.chart import starting_hands

    return starting_hands(game)._data


def _dealt(row: Any, dealt: Any, four_color: bool) -> str:
    """The hand as dealt, and the class's canonical suits when they differ (the chart stores classes)."""
    from omaha_learn.display.cards import as_cards

    canon = cards_row(row.hand, four_color=four_color, size="chip", label=gettext("the class, canonical suits"))
    if dealt is None:
        note = gettext("(the class, drawn with its canonical suits)")
        return f"{canon} <small>{html.escape(note, quote=False)}</small>"
    cards = as_cards(dealt)
    mine = cards_row(cards, four_color=four_color, size="chip", label=gettext("your hand as dealt"))
    if sorted(str(c) for c in cards) == sorted(str(c) for c in row.hand):
        return mine
    note = html.escape(gettext("(as dealt; the chart's class is drawn with canonical suits as {canon})"), quote=False)
    return f"{mine} <small>{note.replace('{canon}', canon)}</small>"


def row_html(row: Any, *, four_color: bool = False, six_handed: bool = False, dealt: Any = None) -> str:
    """One class: its cards (``dealt``: the hand as dealt, shown with its own suits), its rank and percentile
    in the chosen order first (``six_handed``), the other order's rank, and the equities with standard errors."""
    def e(text: str) -> str:
        return html.escape(text, quote=False)

    low = (" &middot; " + e(gettext("low share {low}").format(low=_pct(row.low))) + " &middot; "
           + e(gettext("high share {high}").format(high=_pct(row.high))) if Game.parse(row.game).has_low else "")
    classes = format_number(16_432)
    if six_handed:
        pct, top = percentile6(row)
        rank = e(gettext("six-handed rank {rank}").format(rank=format_number(row.rank6)))
        rest = gettext("of {classes} (heads-up rank {rank}) · better than {share} of hands six-handed "
                       "(top {top})").format(classes=classes, rank=format_number(row.rank), share=percent_text(pct / 100),
                                              top=percent_text(top))
    else:
        rank = e(gettext("heads-up rank {rank}").format(rank=format_number(row.rank)))
        rest = gettext("of {classes} (six-handed rank {rank}) · better than {share} of hands heads-up "
                       "(top {top})").format(classes=classes, rank=format_number(row.rank6),
                                              share=percent_text(row.percentile / 100), top=percent_text(row.top))
    head = f"<b>{rank}</b> " + e(rest).replace("·", "&middot;")
    hu = e(gettext("heads-up equity")) + f" <b>{_pct(row.equity)}</b> &plusmn; {_pct(row.stderr)}"
    six = e(gettext("six-handed equity")) + f" <b>{_pct(row.equity6)}</b> &plusmn; {_pct(row.equity6_stderr)}"
    scoop = e(gettext("scoop {scoop}").format(scoop=_pct(row.scoop)))
    combos = e(ngettext("{n} combos", "{n} combos", row.combos).format(n=row.combos))
    return (f'<div class="ol-chart-row" style="{FONT}">'
            f'{_dealt(row, dealt, four_color)} {head} &middot; {e(row.label)}<br>'
            f"{hu} &middot; {scoop}{low} &middot; {six} &middot; {combos}, {e(suit_label(row.suits))}</div>")


def chart_html(chart: Any, *, limit: int = 20, highlight: int | None = None, four_color: bool = False,
               six_handed: bool | None = None) -> str:
    """The first ``limit`` rows of a chart as a table (``highlight``: a class number to mark); the columns
    of the chart's order come first (``six_handed``: default, from the chart's title), the table scrolls
    within its own box on a narrow screen, and the hands are classes drawn with canonical suits."""
    from omaha_learn.display.coach import scroll_box

    if six_handed is None:
        six_handed = bool(getattr(chart, "six_handed_order", False))
    rows = list(chart[:limit])
    size = ngettext("{classes} classes, {hands} hands", "{classes} classes, {hands} hands", len(chart)).format(
        classes=format_number(len(chart)), hands=format_number(chart.combos))
    parts = [f'<div class="ol-chart" style="{FONT}">',
             f"<div><b>{html.escape(chart.title)}</b> &middot; {html.escape(size)}</div>"]
    low = Game.parse(chart.game).has_low
    if six_handed:
        head = ["6h rank", "hand", "class", "combos", "six-handed equity ±", "6h percentile", "rank",
                "equity ±", "scoop"] + (["high", "low"] if low else [])
    else:
        head = ["rank", "hand", "class", "combos", "equity ±", "scoop"] + (["high", "low"] if low else []) + [
            "six-handed", "6h rank", "percentile"]
    ths = "".join(f'<th {CELL} scope="col">{_column(h)}</th>' for h in head)
    table = [f"<table {TABLE}><thead><tr>{ths}</tr></thead><tbody>"]
    for r in rows:
        mark = f' style="{tinted("learner")}"' if highlight is not None and r.index == highlight else ""
        hand = cards_row(r.hand, four_color=four_color, size="chip")
        if six_handed:
            cells = [format_number(r.rank6), hand, html.escape(r.label), str(r.combos),
                     f"{_pct(r.equity6)} &plusmn; {_pct(r.equity6_stderr)}",
                     _no_sign(percent_text(percentile6(r)[0] / 100)), format_number(r.rank),
                     f"{_pct(r.equity)} &plusmn; {_pct(r.stderr)}", _pct(r.scoop)]
            if low:
                cells += [_pct(r.high), _pct(r.low)]
        else:
            cells = [format_number(r.rank), hand, html.escape(r.label), str(r.combos),
                     f"{_pct(r.equity)} &plusmn; {_pct(r.stderr)}", _pct(r.scoop)]
            if low:
                cells += [_pct(r.high), _pct(r.low)]
            cells += [_pct(r.equity6), format_number(r.rank6), _no_sign(percent_text(r.percentile / 100))]
        table.append(f"<tr{mark}>{''.join(f'<td {CELL}>{c}</td>' for c in cells)}</tr>")
    table.append("</tbody></table>")
    parts.append(scroll_box("".join(table), ngettext("{title}, first {n} rows", "{title}, first {n} rows", len(rows)).format(
        title=chart.title, n=len(rows))))
    note = gettext("Each class is drawn with its canonical suits (spades first): a dealt hand of the same class may "
                   "hold other suits.")
    parts.append(f'<div style="color:{MUTED}">{html.escape(gettext(MEASURES), quote=False)} '
                 f"{html.escape(note, quote=False)}</div>")
    if len(chart) > limit:
        first = ngettext("first {limit} of {n} rows", "first {limit} of {n} rows", len(chart)).format(
            limit=limit, n=format_number(len(chart)))
        parts.append(f'<div style="color:{MUTED}">{html.escape(first)}</div>')
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
    beside = gettext("{title}: heads-up order (against one random hand) beside the six-handed order (against five "
                     "random hands)").format(title="\x00")
    before, _sep, after = html.escape(beside).partition("\x00")
    parts = [f'<div class="ol-chart-compare" style="{FONT}">',
             f"<div>{before}<b>{html.escape(chart.title)}</b>{after}</div>",
             f"<table {TABLE}><thead><tr>{''.join(f'<th {CELL}>{_column(h)}</th>' for h in head)}</tr></thead><tbody>"]

    def mark(r: Any) -> str:
        return f' style="{tinted("learner")}"' if highlight is not None and r.index == highlight else ""

    for a, b in zip(left, right, strict=False):
        cells = [(format_number(a.rank), ""), (cards_row(a.hand, four_color=four_color, size="chip"), mark(a)),
                 (_pct(a.equity), ""), (format_number(a.rank6), ""), ("", ""), (format_number(b.rank6), ""),
                 (cards_row(b.hand, four_color=four_color, size="chip"), mark(b)), (_pct(b.equity6), ""),
                 (format_number(b.rank), "")]
        parts.append("<tr>" + "".join(f"<td {CELL}{m}>{c}</td>" for c, m in cells) + "</tr>")
    parts.append(f'</tbody></table><div style="color:{MUTED}">{html.escape(gettext(MEASURES), quote=False)}</div></div>')
    return "".join(parts)


def _heat_data(chart: Any, stat: str, top: int | None) -> tuple[list[str], list[str], Any, Any]:
    ranks, suits, values, combos = chart.pattern_table(stat, top=top)
    return ranks, [suit_label(s) for s in suits], values, combos


def chart_heatmap(chart: Any, *, stat: str = "equity", top: int | None = 40, title: str | None = None) -> Any:
    """Plotly heatmap: rank patterns (best first, ``top`` of them) × suit patterns, coloured by
    the combo-weighted mean of ``stat`` (percent)."""
    require("plotly", extra="lessons", what="this figure")
    import plotly.graph_objects as go

    ranks, suits, values, combos = _heat_data(chart, stat, top)
    text = [[("" if c == 0 else f"{100 * v:.1f}") for v, c in zip(vr, cr, strict=True)]
            for vr, cr in zip(values.tolist(), combos.tolist(), strict=True)]
    fig = go.Figure(go.Heatmap(
        z=(100 * values).tolist(), x=suits, y=ranks, text=text, texttemplate="%{text}", textfont={"size": 12},
        customdata=combos.tolist(), colorscale="Viridis", colorbar={"title": f"{stat_label(stat)} %"},
        hovertemplate="%{y} %{x}<br>" + stat_label(stat) + " %{z:.2f}%<br>%{customdata} hands<extra></extra>"))
    # the title on two short lines (a narrow cell does not cut it), and pushing the margin (automargin with
    # yref "paper") so that it stays above the suit patterns written along the top axis instead of over them;
    # the cell numbers a fixed 12 px (plotly shrinks "auto" text to about 7 px in a 420 px cell)
    by_pattern = gettext("{title}: {stat} by rank and suit pattern").format(title="\x00", stat=stat_label(stat))
    fig.update_layout(title={"text": title or by_pattern.replace(": ", ":<br>", 1).replace("\x00", chart.title),
                             "automargin": True, "yref": "paper"},
                      yaxis={"autorange": "reversed", "type": "category"}, xaxis={"side": "top"},
                      height=max(300, 18 * len(ranks) + 120), template="plotly_white")
    return fig


def chart_heatmap_mpl(chart: Any, *, stat: str = "equity", top: int | None = 40, title: str | None = None) -> Any:
    """The same heatmap with matplotlib (for print): a grey-friendly colour map and the values written in."""
    require("matplotlib", extra="lessons", what="this figure")
    import matplotlib.pyplot as plt
    import numpy as np

    ranks, suits, values, combos = _heat_data(chart, stat, top)
    fig, ax = plt.subplots(figsize=(6.4, max(3.4, 0.32 * len(ranks) + 1.8)))
    im = ax.imshow(np.ma.masked_invalid(100 * values), aspect="auto", cmap="viridis")
    ax.set_xticks(range(len(suits)), suits, rotation=30, ha="left")
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(ranks)), ranks, fontsize=9)
    for i in range(len(ranks)):
        for j in range(len(suits)):
            if combos[i, j]:
                v = 100 * values[i, j]
                ax.text(j, i, f"{v:.1f}", ha="center", va="center", fontsize=9,
                        color="white" if v < np.nanmean(100 * values) else "black")
    fig.colorbar(im, ax=ax, label=f"{stat_label(stat)} %")
    by_pattern = gettext("{title}: {stat} by rank and suit pattern").format(title="\x00", stat=stat_label(stat))
    ax.set_title(title or by_pattern.replace(": ", "\n", 1).replace("\x00", chart.title), fontsize=10, pad=14)
    fig.tight_layout()
    return fig


def equity_histogram(chart: Any, *, stat: str = "equity", by_suits: bool = True, bins: int = 60) -> Any:
    """Plotly histogram of ``stat`` over all hands (weighted by combos), one series per suit pattern."""
    import numpy as np
    require("plotly", extra="lessons", what="this figure")
    import plotly.graph_objects as go

    values = chart.column(stat)
    combos = chart.column("combos")
    suits = chart.suit_patterns() if by_suits else np.array(["all"] * len(chart))
    edges = np.linspace(float(values.min()), float(values.max()), bins + 1)
    fig = go.Figure()
    for s in [x for x in SUIT_LABELS if x in set(suits.tolist())] or ["all"]:
        sel = suits == s
        counts, _ = np.histogram(values[sel], bins=edges, weights=combos[sel])
        fig.add_bar(x=(100 * (edges[:-1] + edges[1:]) / 2).tolist(), y=counts.tolist(), name=suit_label(s))
    fig.update_layout(barmode="stack", bargap=0, template="plotly_white", title=gettext("{title}: {stat} of all hands").format(title=chart.title, stat=stat_label(stat)),
                      xaxis_title=f"{stat_label(stat)} %", yaxis_title=pgettext("axis", "hands"))
    return fig


def equity_histogram_mpl(chart: Any, *, stat: str = "equity", by_suits: bool = True, bins: int = 60) -> Any:
    """The same histogram with matplotlib, hatched per suit pattern for greyscale print."""
    require("matplotlib", extra="lessons", what="this figure")
    import matplotlib.pyplot as plt
    import numpy as np

    values = chart.column(stat)
    combos = chart.column("combos")
    suits = chart.suit_patterns() if by_suits else np.array(["all"] * len(chart))
    present = [x for x in SUIT_LABELS if x in set(suits.tolist())] or ["all"]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.hist([100 * values[suits == s] for s in present], bins=bins, weights=[combos[suits == s] for s in present],
            stacked=True, label=[suit_label(s) for s in present],
            hatch=None, edgecolor="white", linewidth=0.3)
    for patches, hatch in zip(ax.containers, ["", "//", "..", "xx", "--"], strict=False):
        for p in patches:
            p.set_hatch(hatch)
    ax.set_xlabel(f"{stat_label(stat)} %")
    ax.set_ylabel("hands")
    ax.set_title(gettext("{title}: {stat} of all hands").format(title=chart.title, stat=stat_label(stat)), fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------- words and tables beside the figures

def _weighted_quantiles(values: Any, weights: Any, qs: tuple[float, ...]) -> list[float]:
    import numpy as np

    order = np.argsort(values)
    v, w = values[order], weights[order]
    cum = np.cumsum(w) / w.sum()
    return [float(v[min(int(np.searchsorted(cum, q)), len(v) - 1)]) for q in qs]


def histogram_alt(chart: Any, *, stat: str = "equity") -> str:
    """The key numbers of :func:`equity_histogram_mpl` in words (its alt text).

    >>> from omaha_learn import starting_hands
    >>> text = histogram_alt(starting_hands("plo"))
    >>> text.startswith("Stacked histogram of heads-up equity") and "median" in text and "double-suited" in text
    True
    """
    values, combos = chart.column(stat), chart.column("combos")
    q1, med, q3 = _weighted_quantiles(values, combos, (0.25, 0.5, 0.75))
    means = chart.mean_by_suits(stat)
    by = ", ".join(f"{suit_label(s)} {_pct(m, 1)}" for s, m in means.items())
    return gettext("Stacked histogram of {stat} over all {hands} hands ({classes} classes) of {title}, one band per "
                   "suit pattern: median {median}, middle half {q1} to {q3}, from {low} to {high}; mean by suit "
                   "pattern: {by}.").format(
        stat=stat_label(stat), hands=format_number(chart.combos), classes=format_number(len(chart)), title=chart.title,
        median=_pct(med, 1), q1=_pct(q1, 1), q3=_pct(q3, 1), low=_pct(float(values.min()), 1),
        high=_pct(float(values.max()), 1), by=by)


def suit_means_html(chart: Any, *, stat: str = "equity") -> str:
    """The histogram's data as a table: hands and mean ``stat`` for each suit pattern."""
    combos = chart.column("combos")
    suits = chart.suit_patterns()
    rows = "".join(f"<tr><th {CELL} scope=\"row\">{suit_label(s)}</th>"
                   f"<td {CELL}>{format_number(int(combos[suits == s].sum()))}</td><td {CELL}>{_pct(m)}</td></tr>"
                   for s, m in chart.mean_by_suits(stat).items())
    caption = html.escape(gettext("{title}: {stat} by suit pattern").format(title=chart.title, stat=stat_label(stat)),
                          quote=False)
    heads = [pgettext("chart column", "suit pattern"), pgettext("axis", "hands"),
             gettext("mean {stat}").format(stat=stat_label(stat))]
    ths = "".join(f'<th {CELL} scope="col">{html.escape(h, quote=False)}</th>' for h in heads)
    return f'<table {TABLE}><caption style="text-align:left">{caption}</caption><tr>{ths}</tr>{rows}</table>'


def heatmap_alt(chart: Any, *, stat: str = "equity", top: int | None = 40) -> str:
    """The key numbers of :func:`chart_heatmap_mpl` in words (its alt text).

    >>> from omaha_learn import starting_hands
    >>> "highest" in heatmap_alt(starting_hands("plo"), top=5)
    True
    """
    import numpy as np

    ranks, suits, values, combos = _heat_data(chart, stat, top)
    masked = np.where(combos > 0, values, np.nan)
    hi = np.unravel_index(int(np.nanargmax(masked)), masked.shape)
    lo = np.unravel_index(int(np.nanargmin(masked)), masked.shape)
    return gettext("Heat map of {stat} for the {n} best rank patterns of {title} (rows, best first) by suit pattern "
                   "(columns): highest {high_ranks} {high_suits} {high}, lowest {low_ranks} {low_suits} {low}; the "
                   "table beside it lists every cell.").format(
        stat=stat_label(stat), n=len(ranks), title=chart.title, high_ranks=ranks[hi[0]], high_suits=suits[hi[1]],
        high=_pct(float(values[hi]), 1), low_ranks=ranks[lo[0]], low_suits=suits[lo[1]], low=_pct(float(values[lo]), 1))


def heatmap_table_html(chart: Any, *, stat: str = "equity", top: int | None = 40) -> str:
    """The heat map's numbers as a table (rank patterns by suit patterns; a dash where no hand exists)."""
    ranks, suits, values, combos = _heat_data(chart, stat, top)
    head = "".join(f'<th {CELL} scope="col">{html.escape(s)}</th>' for s in suits)
    body = "".join(f'<tr><th {CELL} scope="row">{html.escape(r)}</th>'
                   + "".join(f"<td {CELL}>{_pct(float(values[i, j]), 1) if combos[i, j] else '&ndash;'}</td>"
                             for j in range(len(suits))) + "</tr>"
                   for i, r in enumerate(ranks))
    caption = html.escape(gettext("{title}: {stat} by rank and suit pattern").format(
        title=chart.title, stat=stat_label(stat)), quote=False)
    corner = html.escape(pgettext("chart column", "rank pattern"), quote=False)
    return (f'<table {TABLE}><caption style="text-align:left">{caption}</caption><tr><th {CELL} scope="col">{corner}'
            f"</th>{head}</tr>{body}</table>")
