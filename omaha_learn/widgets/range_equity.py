"""RangeEquity: a hand against a range typed in the range language ("AA**ds",
"15%", "KK**,QQ**!QQQ*"), with the range's size in combos before and after
card removal, and the equity table (exact when the work is small, else
seeded Monte Carlo with a standard error)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from omaha_learn.engine.cards import parse_cards
from omaha_learn.engine.games import Game
from omaha_learn.errors import ExactTooLarge
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.chart import starting_hands
from omaha_learn.strategy.range_equity import equity
from omaha_learn.strategy.ranges import parse_range
from omaha_learn.widgets._base import LessonApp, game_choices

__all__ = ["RangeEquity"]


class RangeEquity(LessonApp):
    """Equity of a hand against a range (R11 halves in Hi-Lo), with card removal.

    >>> app = RangeEquity("As Ah 2s 3h", "KK**ds", board="Kc 7d 2h")
    >>> app.result.exact, app.combos, app.live
    (True, 864, 299)
    >>> app.range_w.value = "AA**"; app.trials_w.value = 2000; app.run()
    >>> app.result.exact, app.live, app.result.boards, app.result.seed
    (False, 903, 2000, 0)
    >>> first = app.result.equities; app.run(); app.result.equities == first    # same inputs, same numbers
    True
    """

    _repr_fields = ("seed",)

    def __init__(self, hand: str = "As Ah 2s 3h", range: str = "AA**", *, board: str = "", dead: str = "",
                 game: str = "hilo", trials: int = 20_000, seed: int | None = 0, four_color: bool = False,
                 size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.hand_w = W.Text(value=hand, description=_("Hand"), layout=W.Layout(width="300px", max_width="100%"))
        self.range_w = W.Text(value=range, description=_("Range"), placeholder=_("AA**ds, 15%, KK**!KKK*"),
                              continuous_update=False, layout=W.Layout(width="300px", max_width="100%"))
        self.board_w = W.Text(value=board, description=_("Board"), placeholder=_("(empty = preflop)"),
                              layout=W.Layout(width="300px", max_width="100%"))
        self.dead_w = W.Text(value=dead, description=_("Dead"), layout=W.Layout(width="300px", max_width="100%"))
        self.game_w = W.Dropdown(options=game_choices(), value=Game.parse(game).value, description=_("Game"))
        self.trials_w = W.BoundedIntText(value=trials, min=100, max=2_000_000, step=1000, description=_("Trials"))
        self.run_button = self._button(_("Run"), self.run, style="info")
        self.size_line = W.HTML()
        self.table = W.HTML()
        self.result: Any = None
        self.combos = 0
        self.live = 0
        self.range_w.observe(lambda _c: self.guard(self.measure), names="value")
        self.children = [
            W.HBox([W.VBox([self.hand_w, self.range_w, self.board_w, self.dead_w]),
                    W.VBox([self.game_w, self.trials_w, self.run_button])]),
            self.size_line, self.message, self.table]
        self.guard(self.run)

    @property
    def game(self) -> str:
        return str(self.game_w.value)

    def measure(self) -> None:
        """Count the range's hands, and those left once the hand, board and dead cards are removed."""
        self.size_line.value = self.table.value = ""  # a bad input leaves no earlier result on show
        r = parse_range(self.range_w.value, game=self.game)
        known = parse_cards(self.hand_w.value) + parse_cards(self.board_w.value) + parse_cards(self.dead_w.value)
        self.combos = len(r)
        self.live = len(r.without(known))
        note = ""
        if "%" in r.text:
            note = f" &middot; from the {Game(self.game).label} chart ({starting_hands(self.game).meta.get('finished', '')[:10]})"
        self.size_line.value = (f"<b>{r.text}</b>: {self.combos:,} hands ({100 * r.share:.2f}% of all hands, "
                                f"{r.classes:,} classes); {self.live:,} left after card removal{note}")
        self.say("")

    def run(self) -> None:
        """Measure the range, then compute equity: exact if small, else Monte Carlo (seeded)."""
        self.measure()
        holes = [self.hand_w.value, self.range_w.value]
        args: dict[str, Any] = {"board": self.board_w.value, "dead": self.dead_w.value, "game": self.game}
        try:
            result = equity(holes, **args)
        except ExactTooLarge:
            self.deals += 1   # the same inputs give the same numbers: the seed is the widget's own
            result = equity(holes, **args, trials=int(self.trials_w.value),
                            seed=self.seed)
        self.result = result
        self.table.value = result._repr_html_()
        self.say("")
