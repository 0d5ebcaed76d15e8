"""Dealer: deal 2-6 Omaha hands street by street, show or hide them, reveal
each player's best high and low (R1, R2, R10).

The widget only wires controls: the engine deals and reads the hands
(:class:`~omaha_learn.Deck`, :func:`~omaha_learn.best_high`,
:func:`~omaha_learn.best_low`, :func:`~omaha_learn.showdown`) and
:func:`omaha_learn.display.deal.deal_html` draws them."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as W

from omaha_learn.display.deal import deal_html
from omaha_learn.engine.cards import Card, Deck
from omaha_learn.engine.evaluation.hands import HighHand, LowHand, best_high, best_low
from omaha_learn.engine.games import BOARD_SIZES, STREETS, Game, deal_holes
from omaha_learn.engine.showdown import ShowdownResult, showdown
from omaha_learn.errors import TableError
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._base import LessonApp, game_choices

__all__ = ["Dealer"]

EACH = 10
"""Chips each player is imagined to have put in for the river verdict."""


class Dealer(LessonApp):
    """Deal a seeded Omaha hand and step through the streets.

    ``Deal`` starts a new hand (four hole cards each, one per pass, R1),
    ``Next street`` deals the flop, turn and river, ``Reveal best hands``
    names each player's best high (and low in Hi-Lo) made of exactly two
    hole cards and three board cards (R2, R10).

    The first deal of ``Dealer(seed=s)`` is the deal of ``Deck(seed=s)``: one
    card per pass to each seat in order, starting with the first name, then the
    flop, turn and river from the same deck (as lesson 1's code deals it).
    ``names`` names the seats.

    >>> d = Dealer(names=["Ann", "Bob", "Cy"], seed=7)
    >>> d
    Dealer(players=3, game='hilo', seed=7)
    >>> d.street, len(d.holes), len(d.board), d.names
    ('preflop', 3, 0, ['Ann', 'Bob', 'Cy'])
    >>> d.next_street(); d.street, len(d.board)
    ('flop', 3)
    """

    _repr_fields = ("players", "game", "seed")

    def __init__(self, players: int | None = None, game: str = "hilo", *, names: Sequence[str] | None = None,
                 seed: int | None = None, show_hands: bool = True, four_color: bool = False,
                 size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        if names is not None:
            names = [str(n) for n in names]
            if players is not None and int(players) != len(names):
                raise TableError(f"names: {len(names)} names for players={players}; give one name per player")
            if len(set(names)) != len(names) or not all(n.strip() for n in names):
                raise TableError(f"names: every seat needs its own non-empty name, not {names!r}")
        n = len(names) if names is not None else (3 if players is None else players)
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 6:
            raise TableError(f"players: choose 2 to 6, not {n!r}")
        self._names = list(names or [])
        game = Game.parse(game).value
        self.players_w = W.BoundedIntText(value=n, min=2, max=6, description=_("Players"),  # labelled; a slider is not
                                            layout=W.Layout(width="10em"))
        self.game_w = W.Dropdown(options=game_choices(), value=game, description=_("Game"))
        self.show_w = W.Checkbox(value=show_hands, description=_("Show hands"))
        self.four_w = W.Checkbox(value=four_color, description=_("Four-colour deck"))
        self.big_w = W.Checkbox(value=size in ("large", "projector"), description=_("Big cards"))
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.street_button = self._button(_("Next street"), self.next_street)
        self.reveal_button = self._button(_("Reveal best hands"), self.reveal, style="info")
        self.table = W.HTML()
        self.revealed = False
        for w in (self.show_w, self.four_w, self.big_w, self.game_w):
            w.observe(lambda _c: self._draw(), names="value")
        self.players_w.observe(lambda _c: self.guard(self.deal), names="value")
        self.children = [
            W.HBox([self.players_w, self.game_w]),
            W.HBox([self.show_w, self.four_w, self.big_w]),
            W.HBox([self.deal_button, self.street_button, self.reveal_button]),
            self.message,
            self.table,
        ]
        self.deal()

    @property
    def players(self) -> int:
        return int(self.players_w.value)

    @property
    def game(self) -> str:
        return str(self.game_w.value)

    @property
    def names(self) -> list[str]:
        """Seat names: the ones given, then "Player N" for any extra seat."""
        return [self._names[i] if i < len(self._names) else f"Player {i + 1}" for i in range(self.players)]

    # ------------------------------------------------------------ actions
    def _deal_seed(self) -> int | None:
        if self.deals == 0 and self.seed is not None:
            self.deals = 1
            return self.seed  # the first deal is Deck(seed=seed), as in the lessons' code
        return self.next_seed()

    def deal(self) -> None:
        """A new hand: shuffle, then four hole cards each, one per pass (R1)."""
        self._deck = Deck(seed=self._deal_seed())
        self.holes = [h for h in deal_holes(self._deck, self.players, 4) if h is not None]
        self.board: tuple[Card, ...] = ()
        self.street = "preflop"
        self.revealed = False
        self.say("")
        self._draw()

    def next_street(self) -> None:
        """Deal the flop (3), the turn (1) or the river (1)."""
        if self.street == "river":
            self.say(_("The river is the last street: press Deal for a new hand."))
            return
        self.street = STREETS[STREETS.index(self.street) + 1]
        self.board = self.board + self._deck.deal(BOARD_SIZES[self.street] - len(self.board))
        self.say("")
        self._draw()

    def reveal(self) -> None:
        """Show every hand and each one's best high and low."""
        if len(self.board) < 3:
            self.say(_("Deal the flop first: a hand uses exactly three board cards (R2)."))
            return
        self.revealed = True
        self.say("")
        self._draw()

    # ------------------------------------------------------------ reading
    def best_hands(self) -> list[tuple[HighHand, LowHand | None]]:
        """Each player's (best high, best low or None) on the current board, from the engine."""
        lows = Game.parse(self.game).has_low
        return [(best_high(h, self.board), best_low(h, self.board) if lows else None) for h in self.holes]

    def showdown_result(self) -> ShowdownResult | None:
        """The engine's showdown on the river if everyone put in ``EACH`` chips, else None."""
        if self.street != "river":
            return None
        return showdown(self.holes, self.board, [EACH] * len(self.holes), button=0, game=self.game)

    def _draw(self) -> None:
        reading = self.best_hands() if self.revealed and len(self.board) >= 3 else None
        self.table.value = deal_html(
            self.street, self.board, list(zip(self.names, self.holes, strict=True)),
            hidden=not self.show_w.value, reading=reading,
            result=self.showdown_result() if reading else None, each=EACH,
            hilo=Game.parse(self.game).has_low, four_color=bool(self.four_w.value),
            size="large" if self.big_w.value else "medium")
