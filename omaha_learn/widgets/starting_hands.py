"""StartingHandChart: type or deal a starting hand and see its rank, percentile
and equities in the chart, the classes ranked next to it, and an overview of
all classes (rank pattern × suit pattern heatmap)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from omaha_learn.display.chart import chart_heatmap, chart_heatmap_mpl, chart_html, row_html
from omaha_learn.engine.cards import Deck, format_cards
from omaha_learn.engine.chart import StartingHands, starting_hands
from omaha_learn.engine.games import Game
from omaha_learn.widgets._base import GAMES, LessonApp, show_matplotlib, show_plotly

__all__ = ["StartingHandChart"]


class StartingHandChart(LessonApp):
    """A hand's place in the starting-hand chart of Omaha Hi-Lo or Pot-Limit Omaha.

    ``neighbours`` classes are listed on each side of the hand's rank; the
    overview is a plotly heatmap of the ``top`` best rank patterns (``overview="mpl"``
    draws it with matplotlib, ``None`` leaves it out).

    >>> app = StartingHandChart("Ad Ac 2d 3c", game="hilo", overview=None)
    >>> app.row.hand_text, app.row.rank == app.chart.lookup("As Ah 2s 3h").rank
    ('As Ah 3s 2h', True)
    >>> app.hand_w.value = "Kd Qd Jc Tc"; app.lookup(); app.row.hand_text
    'Ks Qs Jh Th'
    """

    _repr_fields = ("game", "seed")

    def __init__(self, hand: str | None = None, *, game: str = "hilo", neighbours: int = 5, top: int = 30,
                 overview: str | None = "plotly", seed: int | None = None, four_color: bool = False,
                 size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.neighbours = neighbours
        self.top = top
        self.overview = overview
        self.hand_w = W.Text(description="Hand", placeholder="As Ah 2s 3h", continuous_update=False,
                             layout=W.Layout(width="300px"))
        self.game_w = W.Dropdown(options=GAMES, value=Game.parse(game).value, description="Game")
        self.lookup_button = self._button("Look up", self.lookup, style="info")
        self.deal_button = self._button("Deal", self.deal, style="primary")
        self.info = W.HTML()
        self.near = W.HTML()
        self.figure_out = W.Output()
        self.figure: Any = None
        self.row: Any = None
        self.chart: StartingHands = starting_hands(self.game_w.value)
        self.hand_w.observe(lambda _c: self.guard(self.lookup), names="value")
        self.game_w.observe(lambda _c: self.guard(self._game_changed), names="value")
        self.children = [W.HBox([self.hand_w, self.lookup_button, self.deal_button, self.game_w]),
                         self.message, self.info, self.near, self.figure_out]
        self._draw_overview()
        if hand is not None:
            self.hand_w.value = hand
        else:
            self.guard(self.deal)

    @property
    def game(self) -> str:
        return str(self.game_w.value)

    def deal(self) -> None:
        """A seeded random hand, then look it up."""
        self.hand_w.value = format_cards(Deck(seed=self.next_seed()).deal(4))

    def lookup(self) -> None:
        """Show the typed hand's row and the classes ranked around it."""
        self.info.value = self.near.value = ""  # a bad hand leaves no other hand's row on show
        row = self.chart.lookup(self.hand_w.value)
        self.row = row
        self.say("")
        self.info.value = row_html(row, four_color=self.four_color)
        first = max(row.rank - 1 - self.neighbours, 0)
        near = self.chart[first:row.rank + self.neighbours]
        near.title = f"ranks {first + 1:,} to {first + len(near):,}"
        self.near.value = chart_html(near, limit=len(near), highlight=row.index, four_color=self.four_color)

    def _game_changed(self) -> None:
        self.chart = starting_hands(self.game)
        self._draw_overview()
        if self.hand_w.value.strip():
            self.lookup()

    def _draw_overview(self) -> None:
        if self.overview is None:
            self.figure = None
            return
        if self.overview == "mpl":
            import matplotlib.pyplot as plt

            self.figure = chart_heatmap_mpl(self.chart, top=self.top)
            show_matplotlib(self.figure_out, self.figure)
            plt.close(self.figure)
        else:
            self.figure = chart_heatmap(self.chart, top=self.top)
            show_plotly(self.figure_out, self.figure)
