"""EquityLab: type or deal hands and a board, run exact or Monte Carlo
equity with a progress bar, see a table and a plotly bar chart (R11)."""

from __future__ import annotations

import ipywidgets as W

from omaha_learn.display.figures import equity_figure
from omaha_learn.display.html import equity_html
from omaha_learn.engine.cards import Deck, format_cards
from omaha_learn.engine.equity.api import equity
from omaha_learn.engine.games import Game
from omaha_learn.engine.hole_cards import hole_cards
from omaha_learn.errors import EquityError
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._base import (
    LessonApp,
    game_choices,
    parse_lines,
    qualifier_dropdown,
    qualifier_of,
    show_plotly,
)

__all__ = ["EquityLab"]


class EquityLab(LessonApp):
    """Equity of 2-6 Omaha hands, with scoop, split and quartered rates.

    >>> lab = EquityLab(hands=["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    >>> lab.result.boards, lab.result.exact
    (820, True)
    >>> lab.mode_w.value = "monte carlo"; lab.trials_w.value = 2000; lab.run()
    >>> lab.result.boards, lab.result.exact
    (2000, False)
    """

    _repr_fields = ("seed",)

    def __init__(self, hands: list[str] | None = None, board: str = "", *, players: int = 2, game: str = "hilo",
                 exact: bool = True, trials: int = 20_000, seed: int | None = None, four_color: bool = False,
                 size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.n_players = players
        self.hands_w = W.Textarea(description=_("Hands"), placeholder=_("Ann: As Ah 2s 3h\nBob: Kd Kc Qd Jc"),
                                  layout=W.Layout(width="380px", max_width="100%", height="100px"))
        self.board_w = W.Text(description=_("Board"), placeholder=_("(empty = preflop) 4c 7d 9s"),
                              layout=W.Layout(width="380px", max_width="100%"))
        self.dead_w = W.Text(description=_("Dead"), placeholder=_("cards out of the deck"), layout=W.Layout(width="380px", max_width="100%"))
        self.game_w = W.Dropdown(options=game_choices(), value=Game.parse(game).value, description=_("Game"))
        self.qualifier_w = qualifier_dropdown(8)
        self.mode_w = W.ToggleButtons(options=[(_("Exact"), "exact"), (_("Monte Carlo"), "monte carlo")],
                                      value="exact" if exact else "monte carlo")
        self.trials_w = W.BoundedIntText(value=trials, min=100, max=5_000_000, step=1000, description=_("Trials"))
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.run_button = self._button(_("Run"), self.run, style="info")
        self.progress = W.IntProgress(value=0, min=0, max=100, description=_("Progress"))
        self.table = W.HTML()
        self.chart = W.Output(layout=W.Layout(min_height="420px"))
        self.result: object = None
        self.figure: object = None
        self.children = [
            W.HBox([W.VBox([self.hands_w, self.board_w, self.dead_w]),
                    W.VBox([self.game_w, self.qualifier_w, self.mode_w, self.trials_w])]),
            W.HBox([self.deal_button, self.run_button, self.progress]), self.message, self.table, self.chart]
        if hands is not None:
            self.hands_w.value = "\n".join(hands)
            self.board_w.value = board
            self.guard(self.run)
        else:
            self.guard(self.deal)

    def deal(self) -> None:
        """Seeded random hands and a flop, then run."""
        deck = Deck(seed=self.next_seed())
        self.hands_w.value = "\n".join(f"Player {i + 1}: {format_cards(deck.deal(4))}" for i in range(self.n_players))
        self.board_w.value = format_cards(deck.deal(3))
        self.dead_w.value = ""
        self.run()

    def _progress(self, done: int, total: int) -> None:
        self.progress.value = int(100 * done / total) if total else 100

    def run(self) -> None:
        """Compute equity for the typed deal and redraw the table and chart."""
        lines = parse_lines(self.hands_w.value)
        if len(lines) < 2:
            raise EquityError("hands: type at least two hands, one per line")
        names = [n for n, _ in lines]
        exact = self.mode_w.value == "exact"
        self.progress.value = 0
        holes = [hole_cards(c, what=n) for n, c in lines]  # four cards each: a fifth is named as extra (R1)
        self.result = equity(holes, self.board_w.value, self.dead_w.value,
                             game=str(self.game_w.value), qualifier=qualifier_of(self.qualifier_w),
                             trials=None if exact else int(self.trials_w.value),
                             seed=None if exact else (self.seed if self.seed is not None else 0) + self.deals,
                             progress=self._progress)
        self.progress.value = 100
        self.names = names
        self.say("")
        self.table.value = equity_html(self.result, names=names, four_color=self.four_color)
        self.figure = equity_figure(self.result, names=names)
        show_plotly(self.chart, self.figure)
