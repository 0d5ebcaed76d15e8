"""Figures: interactive plotly charts and printable matplotlib ones.

plotly and matplotlib are imported inside each function, so importing this
module is cheap. One colour-blind-safe palette (Okabe and Ito's eight
colours, :data:`OKABE_ITO`) serves both libraries, and bars carry a pattern as
well as a colour, so they stay distinguishable with any colour vision and when
printed in greyscale.

>>> from omaha_learn.engine.equity.api import equity
>>> r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
>>> fig = equity_figure(r, names=["Ann", "Bob"])
>>> [t.name for t in fig.data]
['Equity', 'Scoop', 'Split', 'Quartered']
>>> list(fig.data[0].x)
['Ann', 'Bob']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from omaha_learn.extras import require

__all__ = ["equity_figure", "equity_figure_mpl", "frequency_figure", "frequency_figure_mpl", "rates_figure",
           "rates_figure_mpl", "SERIES_STYLE", "OKABE_ITO", "series_style"]

OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00", "sky blue": "#56B4E9", "bluish green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "reddish purple": "#CC79A7", "black": "#000000",
}
"""Okabe & Ito (2008), *Color Universal Design*: eight colours told apart with every common colour vision."""

SERIES_STYLE: dict[str, tuple[str, str, str]] = {
    # name: (colour, plotly pattern, matplotlib hatch): the same in plotly and matplotlib figures
    "Equity": (OKABE_ITO["blue"], "", ""),
    "Scoop": (OKABE_ITO["bluish green"], "/", "//"),
    "Split": (OKABE_ITO["orange"], ".", ".."),
    "Quartered": (OKABE_ITO["reddish purple"], "x", "xx"),
    "No low": (OKABE_ITO["black"], "-", "--"),
    "Nothing": ("#BBBBBB", "", ""),
}
_EXTRA = [(OKABE_ITO["sky blue"], "+", "++"), (OKABE_ITO["vermillion"], "|", "||"),
          (OKABE_ITO["yellow"], "\\", "\\\\")]


def series_style(name: str) -> tuple[str, str]:
    """The colour and matplotlib hatch of an outcome series ("Scoop", "Split", ...),
    for hand-made charts in lessons.

    >>> series_style("Quartered")
    ('#CC79A7', 'xx')
    """
    color, _, hatch = SERIES_STYLE.get(name.capitalize() if name.lower() != "no low" else "No low",
                                       SERIES_STYLE["Nothing"])
    return color, hatch


def _style(name: str, i: int) -> tuple[str, str, str]:
    return SERIES_STYLE.get(name, _EXTRA[i % len(_EXTRA)])


def _player_names(result: Any, names: Sequence[str] | None) -> list[str]:
    return [names[i] if names and i < len(names) else f"Player {i + 1}" for i in range(len(result))]


def _equity_series(result: Any) -> dict[str, list[float]]:
    return {
        "Equity": [float(p.equity) for p in result],
        "Scoop": [float(p.scoop) for p in result],
        "Split": [float(p.split) for p in result],
        "Quartered": [float(p.quartered) for p in result],
    }


def rates_figure(series: Mapping[str, Sequence[float]], categories: Sequence[str], *, title: str = "",
                 yaxis: str = "share", percent: bool = True) -> Any:
    """A grouped plotly bar chart: one bar group per category, one series per key."""
    require("plotly", extra="lessons", what="this figure")
    import plotly.graph_objects as go

    fig = go.Figure()
    for i, (name, values) in enumerate(series.items()):
        color, pattern, _ = _style(name, i)
        fig.add_trace(go.Bar(
            name=name, x=list(categories), y=[float(v) for v in values], marker_color=color,
            marker_pattern_shape=pattern,
            text=[f"{100 * float(v):.1f}%" if percent else f"{float(v):g}" for v in values],
            textposition="outside",
            hovertemplate="%{x}<br>" + name + ": %{text}<extra></extra>"))
    fig.update_layout(barmode="group", title=title, template="plotly_white", font=dict(size=16),
                      yaxis=dict(title=yaxis, tickformat=".0%" if percent else None, rangemode="tozero"),
                      legend=dict(orientation="h", y=-0.15), margin=dict(l=60, r=20, t=60, b=60), height=420)
    return fig


def equity_figure(result: Any, *, names: Sequence[str] | None = None, title: str | None = None) -> Any:
    """plotly bars of each player's equity, scoop, split and quartered rates (R11)."""
    if title is None:
        t = getattr(result, "title", None)
        title = t() if callable(t) else "Equity"
    return rates_figure(_equity_series(result), _player_names(result, names), title=title,
                        yaxis="share of boards / of the pot")


def rates_figure_mpl(series: Mapping[str, Sequence[float]], categories: Sequence[str], *, title: str = "",
                     ylabel: str = "share", percent: bool = True) -> Any:
    """The same grouped bars as :func:`rates_figure`, as a printable matplotlib Figure
    (hatched bars, so greyscale prints stay readable). Not attached to pyplot."""
    require("matplotlib", extra="lessons", what="this figure")
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    fig = Figure(figsize=(8, 4.2), dpi=100)
    ax = fig.add_subplot()
    n = max(1, len(series))
    width = 0.8 / n
    xs = list(range(len(categories)))
    for i, (name, values) in enumerate(series.items()):
        color, _, hatch = _style(name, i)
        pos = [x - 0.4 + width * (i + 0.5) for x in xs]
        bars = ax.bar(pos, [float(v) for v in values], width, label=name, color=color, hatch=hatch,
                      edgecolor="white" if name != "Nothing" else "#555555", linewidth=0.5)
        ax.bar_label(bars, labels=[f"{100 * float(v):.0f}%" if percent else f"{float(v):g}" for v in values],
                     fontsize=8, padding=2)
    ax.set_xticks(xs, list(categories))
    if percent:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(ncols=min(n, 5), loc="upper center", bbox_to_anchor=(0.5, -0.1), frameon=False)
    fig.tight_layout()
    return fig


def equity_figure_mpl(result: Any, *, names: Sequence[str] | None = None, title: str | None = None) -> Any:
    """Printable matplotlib version of :func:`equity_figure`."""
    if title is None:
        t = getattr(result, "title", None)
        title = t() if callable(t) else "Equity"
    return rates_figure_mpl(_equity_series(result), _player_names(result, names), title=title,
                            ylabel="share of boards / of the pot")


_FREQ_LABELS = {"equity": "Equity", "scoop": "Scoop", "split": "Split", "quartered": "Quartered", "no_low": "No low"}


def _frequency_series(freq: Any) -> tuple[dict[str, list[float]], list[str], str]:
    cols = [c for c in freq.columns if c in _FREQ_LABELS]
    if getattr(freq, "game", "hilo") != "hilo":
        cols = [c for c in cols if c not in ("quartered", "no_low")]
    series = {_FREQ_LABELS[c]: [float(v) for v in freq.column(c)] for c in cols}
    cats = [f"{p} players" for p in freq.column("players")]
    who = f"{freq.hand} against random hands" if getattr(freq, "hand", None) else "random deals"
    title = f"How pots end, {who} ({freq.trials:,} deals per table size, seed {freq.seed})"
    return series, cats, title


def frequency_figure(freq: Any) -> Any:
    """plotly bars of scoop, split, quartered and no-low rates by table size (R11),
    from :func:`omaha_learn.frequencies`."""
    series, cats, title = _frequency_series(freq)
    return rates_figure(series, cats, title=title, yaxis="share of deals")


def frequency_figure_mpl(freq: Any) -> Any:
    """Printable matplotlib version of :func:`frequency_figure`."""
    series, cats, title = _frequency_series(freq)
    return rates_figure_mpl(series, cats, title=title, ylabel="share of deals")
