"""Dealer: deal 2-6 Omaha hands street by street, show or hide them, reveal
each player's best high and low (R1, R2, R10)."""

from __future__ import annotations

import html

import ipywidgets as W

from omaha_learn.display.cards import CHIP_CSS
from omaha_learn.display.html import cards_row, player_html
from omaha_learn.engine.cards import Card, Deck
from omaha_learn.engine.evaluation.hands import HighHand, LowHand, best_high, best_low
from omaha_learn.engine.games import Game
from omaha_learn.engine.showdown import showdown
from omaha_learn.widgets._base import GAMES, LessonApp

__all__ = ["Dealer"]

STREETS = ("preflop", "flop", "turn", "river")
BOARD_SIZES = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def _pair(hand: HighHand | LowHand, four_color: bool) -> str:
    """The two hole cards a hand uses, as compact text cards."""
    return cards_row(hand.hole_cards, four_color=four_color, size="chip")


class Dealer(LessonApp):
    """Deal a seeded Omaha hand and step through the streets.

    ``Deal`` starts a new hand (four hole cards each, one per pass, R1),
    ``Next street`` deals the flop, turn and river, ``Reveal best hands``
    names each player's best high (and low in Hi-Lo) made of exactly two
    hole cards and three board cards (R2, R10).

    >>> d = Dealer(players=3, seed=7)
    >>> d
    Dealer(players=3, game='hilo', seed=7)
    >>> d.street, len(d.holes), len(d.board)
    ('preflop', 3, 0)
    >>> d.next_street(); d.street, len(d.board)
    ('flop', 3)
    """

    _repr_fields = ("players", "game", "seed")

    def __init__(self, players: int = 3, game: str = "hilo", *, seed: int | None = None, show_hands: bool = True,
                 four_color: bool = False, size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        if not 2 <= int(players) <= 6:
            raise ValueError(f"players: choose 2 to 6, not {players!r}")
        game = Game.parse(game).value
        self.players_w = W.IntSlider(value=int(players), min=2, max=6, description="Players")
        self.game_w = W.Dropdown(options=GAMES, value=game, description="Game")
        self.show_w = W.Checkbox(value=show_hands, description="Show hands")
        self.four_w = W.Checkbox(value=four_color, description="Four-colour deck")
        self.big_w = W.Checkbox(value=size in ("large", "projector"), description="Big cards")
        self.deal_button = self._button("Deal", self.deal, style="primary")
        self.street_button = self._button("Next street", self.next_street)
        self.reveal_button = self._button("Reveal best hands", self.reveal, style="info")
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

    # ------------------------------------------------------------ actions
    def deal(self) -> None:
        """A new hand: shuffle from the next seed, four hole cards each (R1)."""
        self._deck = Deck(seed=self.next_seed())
        n = self.players
        holes: list[list[Card]] = [[] for _ in range(n)]
        for _pass in range(4):  # one card per pass around the table (R1)
            for p in range(n):
                holes[p].extend(self._deck.deal(1))
        self.holes = [tuple(h) for h in holes]
        self.board: tuple[Card, ...] = ()
        self.street = "preflop"
        self.revealed = False
        self.say("")
        self._draw()

    def next_street(self) -> None:
        """Deal the flop (3), the turn (1) or the river (1)."""
        if self.street == "river":
            self.say("The river is the last street: press Deal for a new hand.")
            return
        self.street = STREETS[STREETS.index(self.street) + 1]
        self.board = self.board + self._deck.deal(BOARD_SIZES[self.street] - len(self.board))
        self.say("")
        self._draw()

    def reveal(self) -> None:
        """Show every hand and each one's best high and low."""
        if len(self.board) < 3:
            self.say("Deal the flop first: a hand uses exactly three board cards (R2).")
            return
        self.revealed = True
        self.say("")
        self._draw()

    # ------------------------------------------------------------ drawing
    def best_hands(self) -> list[tuple[HighHand, LowHand | None]]:
        """Each player's (best high, best low or None) on the current board."""
        lows = self.game == "hilo"
        return [(best_high(h, self.board), best_low(h, self.board) if lows else None) for h in self.holes]

    def _draw(self) -> None:
        four = bool(self.four_w.value)
        size = "large" if self.big_w.value else "medium"
        parts = [f"<style>{CHIP_CSS}</style>",
                 f'<div style="font-size:1.25em;margin:4px 0"><b>{self.street.capitalize()}</b></div>',
                 '<div class="ol-board" style="margin-bottom:8px"><b>Board:</b> ']
        parts.append(cards_row(self.board, four_color=four, size=size, label="board") if self.board
                     else "<i>no board cards yet</i>")
        parts.append("</div>")
        hands = self.best_hands() if self.revealed and len(self.board) >= 3 else None
        best_h = max(h for h, _ in hands) if hands else None
        lows = [lo for _, lo in hands if lo is not None] if hands else []
        best_l = max(lows) if lows else None
        for i, hole in enumerate(self.holes):
            caption = ""
            used: tuple[Card, ...] = ()
            if hands:
                high, low = hands[i]
                used = tuple(high.hole_cards)
                caption = (("&#9733; " if high == best_h else "") + f"High ({_pair(high, four)}): "
                           f"{html.escape(high.describe())}")
                if self.game == "hilo":
                    caption += "<br>" + ("&#9733; " if low is not None and low == best_l else "")
                    caption += (f"Low ({_pair(low, four)}): {html.escape(low.describe())}" if low is not None
                                else "Low: none")
            parts.append(player_html(f"Seat {i}", hole, hidden=not (self.show_w.value or self.revealed),
                                     four_color=four, size=size, highlight=used, caption_html=caption))
        if hands and self.street == "river":
            result = showdown(self.holes, self.board, [10] * len(self.holes), button=0, game=self.game)
            parts.append('<div class="ol-verdict" style="font-size:1.1em;margin-top:6px"><b>If everyone put in 10: '
                         f"</b>{html.escape(result.pots[0].reason)}</div>")
        if hands:
            parts.append('<div style="margin-top:6px">&#9733; marks the best high and the best low at the table. '
                         "Framed: the two hole cards the high uses; the low may use two others (R2, R10).</div>")
        self.table.value = "".join(parts)
