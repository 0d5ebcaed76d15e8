"""OutsExplorer: type (or deal) a hand and a flop or turn, see every next card coloured by what it
does: the nut high, the nut low, an improvement, a counterfeit; and the draws in words (R2, R3, R8-R11)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from omaha_learn.display.outs import outs_html
from omaha_learn.engine.cards import Deck, format_cards
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.outs import Outs, outs
from omaha_learn.widgets._base import LessonApp, game_choices

__all__ = ["OutsExplorer"]


class OutsExplorer(LessonApp):
    """Outs on a flop or turn: a hand box, a board box, a dead-cards box and the game.

    Changing any of them redraws the grid; **Deal** deals a seeded hand and flop,
    **Turn** adds a turn card from the same deck. Bad input is shown as a message
    and the last good result stays.

    >>> x = OutsExplorer("9s 8d 5c 4h", "7c 6d Ks", game="plo")
    >>> x.result.draws[0].name
    '20-card wrap'
    >>> x.board_w.value = "7c 6d"
    >>> "flop (3 cards) or a turn" in x.message.value, x.result.draws[0].name
    (True, '20-card wrap')
    """

    _repr_fields = ("seed",)

    def __init__(self, hole: str = "", board: str = "", *, game: str | Game = DEFAULT_GAME, dead: str = "",
                 seed: int | None = None, four_color: bool = False, size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.hole_w = W.Text(description=_("Hand"), placeholder=_("Ah 2h Kd Ks"), continuous_update=False,
                             layout=W.Layout(width="300px", max_width="100%"))
        self.board_w = W.Text(description=_("Board"), placeholder=_("3c 7h Qh (a flop or a turn)"),
                              continuous_update=False, layout=W.Layout(width="300px", max_width="100%"))
        self.dead_w = W.Text(description=_("Dead"), placeholder=_("cards you saw folded"), continuous_update=False,
                             layout=W.Layout(width="300px", max_width="100%"))
        self.game_w = W.Dropdown(options=game_choices(), value=Game.parse(game).value, description=_("Game"))
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.turn_button = self._button(_("Turn"), self.turn, style="info")
        self.view = W.HTML()
        self.result: Outs | None = None
        self._deck: Deck | None = None
        self._quiet = False
        self.children = [W.HBox([W.VBox([self.hole_w, self.board_w, self.dead_w]),
                                 W.VBox([self.game_w, W.HBox([self.deal_button, self.turn_button])])]),
                         self.message, self.view]
        for w in (self.hole_w, self.board_w, self.dead_w, self.game_w):
            w.observe(self._changed, names="value")
        if hole:
            self._set(hole, board, dead)
        else:
            self.guard(self.deal)

    def _set(self, hole: str, board: str, dead: str = "") -> None:
        self._quiet = True
        try:
            self.hole_w.value, self.board_w.value, self.dead_w.value = hole, board, dead
        finally:
            self._quiet = False
        self.guard(self.run)

    def _changed(self, _change: Any) -> None:
        if not self._quiet:
            self.guard(self.run)

    def run(self) -> None:
        """Compute the outs of the typed hand and board and redraw."""
        self.result = outs(self.hole_w.value, self.board_w.value, str(self.game_w.value), dead=self.dead_w.value)
        self.say("")
        self.view.value = outs_html(self.result, four_color=self.four_color)

    def deal(self) -> None:
        """A seeded random hand and flop."""
        self._deck = Deck(seed=self.next_seed())
        hole = format_cards(self._deck.deal(4))
        self._set(hole, format_cards(self._deck.deal(3)))

    def turn(self) -> None:
        """Add a turn card to a flop (from the dealt deck, or any unseen card of a typed deal)."""
        from omaha_learn.engine.cards import parse_cards
        from omaha_learn.errors import CardError

        board = parse_cards(self.board_w.value)
        if len(board) != 3:
            raise CardError(f"board: the turn comes after a flop of 3 cards, the board has {len(board)}")
        known = set(parse_cards(self.hole_w.value)) | set(board) | set(parse_cards(self.dead_w.value))
        if self._deck is None:
            self._deck = Deck(seed=self.next_seed())
        self._deck.remove([c for c in known if c in self._deck.remaining])
        card = self._deck.deal(1)
        self._set(self.hole_w.value, format_cards((*board, *card)), self.dead_w.value)
