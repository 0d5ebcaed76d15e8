"""FrequencyPlots: how often Hi-Lo pots are scooped, split, quartered or have
no low, by table size, as an interactive plotly chart or a printable
matplotlib figure (R11)."""

from __future__ import annotations

import html

import ipywidgets as W

from omaha_learn.display.coach import scroll_box
from omaha_learn.display.figures import frequency_figure, frequency_figure_mpl
from omaha_learn.engine.equity.frequencies import frequencies
from omaha_learn.engine.games import Game
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._base import (
    LessonApp,
    game_choices,
    qualifier_dropdown,
    qualifier_of,
    show_matplotlib,
    show_plotly,
)

__all__ = ["FrequencyPlots"]


class FrequencyPlots(LessonApp):
    """Scoop/split/quartered/no-low rates by number of players, seeded.

    >>> fp = FrequencyPlots(trials=500, players=(2, 3), seed=1)
    >>> [row["players"] for row in fp.data.rows]
    [2, 3]
    >>> fp.style_w.value = "printable"; fp.chart.outputs[0]["data"]["text/plain"][:30]
    'Figure: Bar chart of how pots '
    """

    _repr_fields = ("seed",)

    def __init__(self, hand: str = "", *, players: tuple[int, ...] = (2, 3, 4, 5, 6), trials: int = 5_000,
                 seed: int | None = 0, game: str = "hilo") -> None:
        super().__init__(seed=seed)
        self.players = tuple(players)
        self.hand_w = W.Text(value=hand, description=_("Hand"), placeholder=_("(empty = random deals) As Ah 2s 3h"),
                             layout=W.Layout(width="360px", max_width="100%"))
        self.trials_w = W.BoundedIntText(value=trials, min=100, max=1_000_000, step=1000, description=_("Deals"))
        self.game_w = W.Dropdown(options=game_choices(), value=Game.parse(game).value, description=_("Game"))
        self.qualifier_w = qualifier_dropdown(8)
        self.style_w = W.ToggleButtons(options=[(_("Interactive"), "interactive"), (_("Printable"), "printable")],
                                       value="interactive")
        self.run_button = self._button(_("Run"), self.run, style="primary")
        self.progress = W.IntProgress(value=0, min=0, max=100, description=_("Progress"))
        self.table = W.HTML()
        self.chart = W.Output(layout=W.Layout(min_height="420px"))
        self.data: object = None
        self.figure: object = None
        self.style_w.observe(lambda _c: self.guard(self._draw), names="value")
        self.children = [W.HBox([W.VBox([self.hand_w, self.trials_w]), W.VBox([self.game_w, self.qualifier_w])]),
                         W.HBox([self.run_button, self.style_w, self.progress]), self.message, self.table,
                         self.chart]
        self.guard(self.run)

    def _progress(self, done: int, total: int) -> None:
        self.progress.value = int(100 * done / total) if total else 100

    def run(self) -> None:
        """Simulate (seeded) and redraw."""
        hand = self.hand_w.value.strip() or None
        self.progress.value = 0
        self.data = frequencies(self.players, hand, trials=int(self.trials_w.value), seed=self.seed,
                                game=str(self.game_w.value), qualifier=qualifier_of(self.qualifier_w),
                                progress=self._progress)
        self.progress.value = 100
        self.say("")
        self._draw()

    def alt(self) -> str:
        """The chart in one sentence with its key numbers (the smallest and the largest table), for its alt text.

        >>> FrequencyPlots(trials=500, players=(2, 6), seed=1).alt()[:62]
        'Bar chart of how pots end by number of players: with 2 players'
        """
        rows = list(self.data.rows)  # type: ignore[attr-defined]
        first, last = rows[0], rows[-1]
        return _("Bar chart of how pots end by number of players: with {first} players {scoop_first} are scooped "
                 "and {split_first} split, with {last} players {scoop_last} and {split_last}; every number is in "
                 "the table above the chart.").format(
            first=first["players"], last=last["players"], scoop_first=f"{100 * first['scoop']:.1f}%",
            split_first=f"{100 * first['split']:.1f}%", scoop_last=f"{100 * last['scoop']:.1f}%",
            split_last=f"{100 * last['split']:.1f}%")

    def _draw(self) -> None:
        d = self.data
        if d is None:
            return
        cols = [c for c in d.columns if c != "players"]  # type: ignore[attr-defined]
        head = "".join(f"<th style='padding:2px 8px'>{html.escape(c.replace('_', ' '))}</th>" for c in cols)
        rows = "".join(
            f"<tr><td style='padding:2px 8px'><b>{r['players']} players</b></td>"
            + "".join(f"<td style='padding:2px 8px;text-align:right'>{100 * r[c]:.1f}%</td>" for c in cols)
            + "</tr>" for r in d.rows)  # type: ignore[attr-defined]
        alt = self.alt()
        # the chart's key numbers in words, above its table: for a screen reader and for the plotly chart,
        # which has no alt text of its own
        self.table.value = (f'<p class="ol-figure-alt">{html.escape(alt)}</p>'
                            + scroll_box(f"<table style='border-collapse:collapse;font-size:1.05em'>"
                                         f"<tr><th style='padding:2px 8px'>players</th>{head}</tr>{rows}</table>",
                                         "hand frequencies by number of players"))
        if self.style_w.value == "printable":
            self.figure = frequency_figure_mpl(d)
            show_matplotlib(self.chart, self.figure, alt=alt)
        else:
            self.figure = frequency_figure(d)
            show_plotly(self.chart, self.figure)
