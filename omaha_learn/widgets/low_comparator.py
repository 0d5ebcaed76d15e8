"""LowComparator: two or more lows read as numbers (76543 against 84321),
the deciding card highlighted, the qualifier selectable (R8, R9, R12)."""

from __future__ import annotations

import ipywidgets as W

from omaha_learn.display.html import low_comparison_html
from omaha_learn.engine.cards import Deck, format_cards
from omaha_learn.engine.evaluation.hands import LowHand, best_low
from omaha_learn.engine.hole_cards import hole_cards
from omaha_learn.errors import AnswerError, OmahaLearnError
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._base import LessonApp, parse_lines, qualifier_dropdown, qualifier_of

__all__ = ["LowComparator"]


class LowComparator(LessonApp):
    """Compare the best lows of several Omaha hands on one board.

    Type hands one per line (``Ann: As 2d Kc Kh``) and a board, or press
    ``Deal``; change the qualifier to see lows appear or vanish (R12).

    >>> lc = LowComparator(hands=["Ah 2c Kd Qs", "3c 5s Kh Qh"], board="4s 6d 7c 8h 9d")
    >>> lc.winners
    ['Player 1']
    >>> lc.numbers
    {'Player 1': 76421, 'Player 2': 76543}
    """

    _repr_fields = ("qualifier", "seed")

    def __init__(self, hands: list[str] | None = None, board: str | None = None, *, players: int = 3,
                 qualifier: int | None = 8, seed: int | None = None, four_color: bool = False,
                 size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.n_players = players
        self.hands_w = W.Textarea(description=_("Hands"), placeholder=_("Ann: As 2d Kc Kh\nBob: 3c 4c Qd Jd"),
                                  layout=W.Layout(width="420px", max_width="100%", height="110px"))
        self.board_w = W.Text(description=_("Board"), placeholder=_("3s 5d 8h Qs Js"), layout=W.Layout(width="420px", max_width="100%"))
        self.qualifier_w = qualifier_dropdown(qualifier)
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.compare_button = self._button(_("Compare"), self.compare, style="info")
        self.view = W.HTML()
        self.entries: list[tuple[str, LowHand | None]] = []
        self.qualifier_w.observe(lambda _c: self.guard(self.compare), names="value")
        self.children = [W.HBox([self.hands_w, W.VBox([self.board_w, self.qualifier_w])]),
                         W.HBox([self.deal_button, self.compare_button]), self.message, self.view]
        if hands is not None and board is not None:
            self.hands_w.value = "\n".join(hands)
            self.board_w.value = board
            self.guard(self.compare)
        else:
            self.guard(self.deal)

    @property
    def qualifier(self) -> int | None:
        return qualifier_of(self.qualifier_w)

    @property
    def winners(self) -> list[str]:
        lows = [lo for _, lo in self.entries if lo is not None]
        best = max(lows) if lows else None
        return [n for n, lo in self.entries if lo is not None and lo == best]

    @property
    def numbers(self) -> dict[str, int | None]:
        return {n: (lo.number if lo is not None else None) for n, lo in self.entries}

    def deal(self) -> None:
        """Deal fresh hands and a full board from the next seed."""
        deck = Deck(seed=self.next_seed())
        self.hands_w.value = "\n".join(f"Player {i + 1}: {format_cards(deck.deal(4))}" for i in range(self.n_players))
        self.board_w.value = format_cards(deck.deal(5))
        self.compare()

    def compare(self) -> None:
        """Read the typed hands and board and show each best low."""
        lines = parse_lines(self.hands_w.value)
        if len(lines) < 2:
            raise AnswerError("hands: type at least two hands, one per line")
        entries = []
        for name, cards in lines:
            hole = hole_cards(cards, what=name)  # four cards: a fifth is named as extra (R1)
            try:
                entries.append((name, best_low(hole, self.board_w.value, qualifier=self.qualifier)))
            except OmahaLearnError as exc:
                raise type(exc)(f"{name}: {exc}") from None
        self.entries = entries
        self.say("")
        self.view.value = low_comparison_html(entries, qualifier=self.qualifier, four_color=self.four_color,
                                              size=self.size)
