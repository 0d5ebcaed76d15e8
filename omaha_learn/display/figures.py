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

from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.extras import require
from omaha_learn.i18n import format_number, format_percent, gettext, ngettext, pgettext

__all__ = ["Figure", "equity_figure", "equity_figure_mpl", "frequency_figure", "frequency_figure_mpl", "rates_figure",
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


def _series_label(name: str) -> str:
    """An outcome series' name ("Scoop", "No low") in the language in use; other names as they are."""
    return pgettext("outcome", name) if name in SERIES_STYLE else name


def _outcome_names() -> None:  # pragma: no cover - never called: Babel finds the series' names here
    pgettext("outcome", "Equity")
    pgettext("outcome", "Scoop")
    pgettext("outcome", "Split")
    pgettext("outcome", "Quartered")
    pgettext("outcome", "No low")
    pgettext("outcome", "Nothing")


def _style(name: str, i: int) -> tuple[str, str, str]:
    return SERIES_STYLE.get(name, _EXTRA[i % len(_EXTRA)])


def _player_names(result: Any, names: Sequence[str] | None) -> list[str]:
    return [names[i] if names and i < len(names) else gettext("Player {n}").format(n=i + 1) for i in range(len(result))]


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
        label = _series_label(name)
        fig.add_trace(go.Bar(
            name=label, x=list(categories), y=[float(v) for v in values], marker_color=color,
            marker_pattern_shape=pattern,
            text=[format_percent(float(v), 1) if percent else f"{float(v):g}" for v in values],
            textposition="outside",
            hovertemplate="%{x}<br>" + label + ": %{text}<extra></extra>"))
    fig.update_layout(barmode="group", title=title, template="plotly_white", font=dict(size=16),
                      yaxis=dict(title=yaxis, tickformat=".0%" if percent else None, rangemode="tozero"),
                      legend=dict(orientation="h", y=-0.15), margin=dict(l=60, r=20, t=60, b=60), height=420)
    return fig


def equity_figure(result: Any, *, names: Sequence[str] | None = None, title: str | None = None) -> Any:
    """plotly bars of each player's equity, scoop, split and quartered rates (R11)."""
    if title is None:
        t = getattr(result, "title", None)
        title = t() if callable(t) else pgettext("outcome", "Equity")
    return rates_figure(_equity_series(result), _player_names(result, names), title=title,
                        yaxis=gettext("share of boards / of the pot"))


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
        bars = ax.bar(pos, [float(v) for v in values], width, label=_series_label(name), color=color, hatch=hatch,
                      edgecolor="white" if name != "Nothing" else "#555555", linewidth=0.5)
        ax.bar_label(bars, labels=[format_percent(float(v), 0) if percent else f"{float(v):g}" for v in values],
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
        title = t() if callable(t) else pgettext("outcome", "Equity")
    return rates_figure_mpl(_equity_series(result), _player_names(result, names), title=title,
                            ylabel=gettext("share of boards / of the pot"))


_FREQ_LABELS = {"equity": "Equity", "scoop": "Scoop", "split": "Split", "quartered": "Quartered", "no_low": "No low"}


def _frequency_series(freq: Any) -> tuple[dict[str, list[float]], list[str], str]:
    cols = [c for c in freq.columns if c in _FREQ_LABELS]
    if not Game.parse(getattr(freq, "game", DEFAULT_GAME)).has_low:
        cols = [c for c in cols if c not in ("quartered", "no_low")]
    series = {_FREQ_LABELS[c]: [float(v) for v in freq.column(c)] for c in cols}
    cats = [ngettext("{n} players", "{n} players", int(p)).format(n=p) for p in freq.column("players")]
    if getattr(freq, "hand", None):
        title = gettext("How pots end, {hand} against random hands ({trials} deals per table size, seed {seed})")
    else:
        title = gettext("How pots end, random deals ({trials} deals per table size, seed {seed})")
    title = title.format(hand=getattr(freq, "hand", None), trials=format_number(freq.trials), seed=freq.seed)
    return series, cats, title


def frequency_figure(freq: Any) -> Any:
    """plotly bars of scoop, split, quartered and no-low rates by table size (R11),
    from :func:`omaha_learn.frequencies`."""
    series, cats, title = _frequency_series(freq)
    return rates_figure(series, cats, title=title, yaxis=gettext("share of deals"))


def frequency_figure_mpl(freq: Any) -> Any:
    """Printable matplotlib version of :func:`frequency_figure`."""
    series, cats, title = _frequency_series(freq)
    return rates_figure_mpl(series, cats, title=title, ylabel=gettext("share of deals"))


class Figure:
    """A matplotlib figure for a notebook: a PNG in an ``<img>`` with ``alt`` text (its key numbers), on its own
    white background with a frame (readable in a dark theme), scaled to the cell's width, with the data as a
    table in a fold below it (``table_html``). JupyterLab draws the HTML form (kept by its sanitizer in an
    untrusted notebook too); other front ends get the PNG, and plain text gets the alt text.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.bar([0, 1], [3, 4])
    >>> f = Figure(fig, alt="Bar chart: 3 and 4")
    >>> bundle = f._repr_mimebundle_()
    >>> 'alt="Bar chart: 3 and 4"' in bundle["text/html"] and bundle["text/plain"]
    'Figure: Bar chart: 3 and 4'
    """

    def __init__(self, fig: Any, *, alt: str, table_html: str = "", dpi: int = 100) -> None:
        import base64
        import io

        import matplotlib.pyplot as plt

        if not alt.strip():
            from omaha_learn.errors import OmahaLearnError

            raise OmahaLearnError("alt: a figure needs alt text (what it shows, with its key numbers)")
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", facecolor="white")
        plt.close(fig)                       # drawn once, here (not again by the inline backend)
        self.png = base64.b64encode(buf.getvalue()).decode("ascii")
        self.alt = alt
        self.table_html = table_html

    def html(self) -> str:
        import html as _html

        text = _html.escape(self.alt)
        table = (f'<details class="ol-figure-data"><summary>The numbers in this figure (a table)</summary>'
                 f'<div class="ol-scroll" role="region" tabindex="0" aria-label="the numbers in this figure" '
                 f'style="overflow-x:auto;max-width:100%">{self.table_html}</div></details>' if self.table_html else "")
        return (f'<figure class="ol-figure" style="margin:4px 0;max-width:100%">'
                f'<img src="data:image/png;base64,{self.png}" alt="{text}" '
                f'style="max-width:100%;height:auto;background:#ffffff;border:1px solid #767676;border-radius:4px;'
                f'padding:4px;box-sizing:border-box">{table}</figure>')

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html(), "image/png": self.png, "text/plain": f"Figure: {self.alt}"}

    def __repr__(self) -> str:
        return f"Figure: {self.alt}"
