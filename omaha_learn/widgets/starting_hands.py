"""StartingHandChart: type or deal a starting hand and see its rank, percentile
and equities in the chart, the classes ranked next to it (in the heads-up or
the six-handed order), the two orders side by side, and an overview of all
classes (rank pattern × suit pattern heatmap)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from omaha_learn.display.chart import (
    chart_heatmap,
    chart_heatmap_mpl,
    chart_html,
    compare_html,
    heatmap_alt,
    heatmap_table_html,
    row_html,
)
from omaha_learn.display.coach import scroll_box
from omaha_learn.engine.cards import Deck, format_cards
from omaha_learn.engine.games import Game
from omaha_learn.errors import ChartError
from omaha_learn.extras import require
from omaha_learn.i18n import N_, format_number
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.chart import StartingHands, starting_hands
from omaha_learn.widgets._base import LessonApp, game_choices, show_matplotlib, show_plotly

__all__ = ["StartingHandChart", "ORDERS", "NOTE", "NOTE_TEXT"]

ORDERS = {"heads-up": "equity", "six-handed": "equity6"}
"""The two orders of the chart and the column each ranks by."""

NOTE_TEXT = N_("The chart ranks hands by all-in equity before the flop: against one random hand (heads-up) or "
               "five (six-handed). It leaves out position, the betting after the flop (implied and reverse-implied "
               "odds), stack sizes (the stack-to-pot ratio) and what real opponents play: a guide to raw strength, "
               "not to playability (lesson 16).")
"""What the ranking measures, in English (the widget shows it in the language in use)."""
NOTE = f"<small>{NOTE_TEXT}</small>"
"""The line the widget shows on what the ranking measures (English; see :data:`NOTE_TEXT`)."""


class StartingHandChart(LessonApp):
    """A hand's place in the starting-hand chart of Omaha Hi-Lo or Pot-Limit Omaha.

    ``neighbours`` classes are listed on each side of the hand's rank, in the
    order chosen by ``order``: ``"heads-up"`` (equity against one random hand)
    or ``"six-handed"`` (against five). Both orders measure all-in equity only:
    no position, no betting, no stack sizes. ``compare`` rows of each order are
    shown side by side. The overview is a plotly heatmap of the ``top`` best rank
    patterns in the chosen order (``overview="mpl"`` draws it with matplotlib,
    ``None`` leaves it out).

    >>> app = StartingHandChart("Ad Ac 2d 3c", game="hilo", overview=None)
    >>> app.row.hand_text, app.row.rank == app.chart.lookup("As Ah 2s 3h").rank
    ('As Ah 3s 2h', True)
    >>> app.hand_w.value = "Kd Qd Jc Tc"; app.lookup(); app.row.hand_text
    'Ks Qs Jh Th'
    >>> app.order_w.value = "six-handed"; app.stat, "six-handed" in app.near.value
    ('equity6', True)
    """

    _repr_fields = ("game", "seed")

    def __init__(self, hand: str | None = None, *, game: str = "hilo", neighbours: int = 5, top: int = 30,
                 overview: str | None = "plotly", order: str = "heads-up", compare: int = 8,
                 seed: int | None = None, four_color: bool = False, size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.neighbours = neighbours
        self.top = top
        self.overview = overview
        self.hand_w = W.Text(description=_("Hand"), placeholder=_("As Ah 2s 3h"), continuous_update=False,
                             layout=W.Layout(width="300px", max_width="100%"))
        self.game_w = W.Dropdown(options=game_choices(), value=Game.parse(game).value, description=_("Game"))
        if order not in ORDERS:
            raise ChartError(f"order: 'heads-up' or 'six-handed', got {order!r}")
        self.order_w = W.ToggleButtons(options=[(_("heads-up"), "heads-up"), (_("six-handed"), "six-handed")], value=order, description=_("Order"),
                                       tooltips=[_("equity against one random hand"), _("equity against five random hands")])
        self.compare_rows = compare
        self.compare = W.HTML()
        self.note = W.HTML(value=f"<small>{html.escape(_(NOTE_TEXT), quote=False)}</small>")
        self.lookup_button = self._button(_("Look up"), self.lookup, style="info")
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.info = W.HTML()
        self.near = W.HTML()
        self.figure_out = W.Output(layout=W.Layout(max_width="100%", overflow="auto"))
        self.figure_text = W.HTML()
        """The overview's key numbers in words and its numbers as a table (for screen readers and print)."""
        self.figure: Any = None
        self.row: Any = None
        self.chart: StartingHands = starting_hands(self.game_w.value)
        self.hand_w.observe(lambda _c: self.guard(self.lookup), names="value")
        self.game_w.observe(lambda _c: self.guard(self._game_changed), names="value")
        self.order_w.observe(lambda _c: self.guard(self._order_changed), names="value")
        self.children = [W.HBox([self.hand_w, self.lookup_button, self.deal_button, self.game_w]),
                         self.order_w, self.note, self.message, self.info, self.near, self.compare, self.figure_out,
                         self.figure_text]
        self._draw_overview()
        if hand is not None:
            self.hand_w.value = hand
        else:
            self.guard(self.deal)

    @property
    def game(self) -> str:
        return str(self.game_w.value)

    @property
    def six(self) -> bool:
        """True when the six-handed order is chosen."""
        return bool(self.order_w.value == "six-handed")

    @property
    def stat(self) -> str:
        """The chart column the chosen order ranks by (``equity`` or ``equity6``)."""
        return "equity6" if self.six else "equity"

    def deal(self) -> None:
        """A seeded random hand, then look it up."""
        self.hand_w.value = format_cards(Deck(seed=self.next_seed()).deal(4))

    def lookup(self) -> None:
        """Show the typed hand's row and the classes ranked around it."""
        self.info.value = self.near.value = ""  # a bad hand leaves no other hand's row on show
        row = self.chart.lookup(self.hand_w.value)
        self.row = row
        self.say("")
        self.info.value = row_html(row, four_color=self.four_color, six_handed=self.six, dealt=self.hand_w.value)
        ordered = self.chart.six_handed() if self.six else self.chart
        rank = row.rank6 if self.six else row.rank
        first = max(rank - 1 - self.neighbours, 0)
        near = ordered[first:rank + self.neighbours]
        near.title = (_("six-handed ranks {first} to {last}") if self.six else _("heads-up ranks {first} to {last}")).format(
            first=format_number(first + 1), last=format_number(first + len(near)))
        self.near.value = chart_html(near, limit=len(near), highlight=row.index, four_color=self.four_color,
                                     six_handed=self.six)
        self.compare.value = compare_html(self.chart, rows=self.compare_rows, highlight=row.index,
                                          four_color=self.four_color)

    def _game_changed(self) -> None:
        self.chart = starting_hands(self.game)
        self._draw_overview()
        if self.hand_w.value.strip():
            self.lookup()

    def _order_changed(self) -> None:
        self._draw_overview()
        if self.hand_w.value.strip():
            self.lookup()

    def _draw_overview(self) -> None:
        if self.overview is None:
            self.figure = None
            self.figure_text.value = ""
            return
        alt = heatmap_alt(self.chart, stat=self.stat, top=self.top)
        table = heatmap_table_html(self.chart, stat=self.stat, top=self.top)
        if self.overview == "mpl":
            require("matplotlib", extra="lessons", what="this figure")
            import matplotlib.pyplot as plt

            self.figure = chart_heatmap_mpl(self.chart, stat=self.stat, top=self.top)
            show_matplotlib(self.figure_out, self.figure, alt=alt, table_html=table)
            self.figure_text.value = ""
            plt.close(self.figure)
        else:
            self.figure = chart_heatmap(self.chart, stat=self.stat, top=self.top)
            show_plotly(self.figure_out, self.figure)
            summary = html.escape(_("The numbers in this heat map (a table)"), quote=False)
            box = scroll_box(table, _("heat map numbers"))
            self.figure_text.value = (f'<p class="ol-figure-alt">{html.escape(alt)}</p><details><summary>{summary}'
                                      f"</summary>{box}</details>")
