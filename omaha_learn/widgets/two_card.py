"""TwoCardExplorer: every two-plus-three choice of one hand, the best high and
low highlighted, the pitfalls named, and a quiz (R2-R4, R10)."""

from __future__ import annotations

import ipywidgets as W

from omaha_learn.display.html import cards_row, explanation_html
from omaha_learn.engine.cards import Deck, format_cards, parse_cards
from omaha_learn.engine.evaluation.explanation import explain
from omaha_learn.engine.hole_cards import HOLE_CARD_CHOICES, hole_cards
from omaha_learn.errors import AnswerError, CardError
from omaha_learn.i18n import gettext as _
from omaha_learn.i18n import ngettext
from omaha_learn.widgets._base import LessonApp, qualifier_dropdown, qualifier_of

__all__ = ["TwoCardExplorer"]


def _choice_names() -> None:  # pragma: no cover - never called: the games' names by hole cards, for the catalogue
    _("Omaha (4 hole cards)")
    _("Five-card Omaha (5 hole cards)")


class TwoCardExplorer(LessonApp):
    """Type or deal a hand and a board; see all 60 choices (R2).

    In quiz mode the grid is hidden and the learner types the five cards of
    the best high (or low) hand; ``Check`` says whether that is right, and
    why not (exactly two hole cards and three board cards, a better hand,
    the pitfall on this board).

    >>> t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    >>> len(t.explanation.choices), t.explanation.best_high.describe()
    (60, 'Two pair, kings and sixes, ace kicker')
    >>> t.quiz_w.value = True
    >>> t.answer_w.value = "Ac Kd 9c 6c Qc"; t.check()
    False
    >>> t.answer_w.value = "Kd Kc 6c 6h Ac"; t.check()
    True
    """

    _repr_fields = ("seed",)

    def __init__(self, hole: str | None = None, board: str | None = None, *, qualifier: int | None = 8,
                 hole_cards: int = 4, quiz: bool = False, seed: int | None = None, four_color: bool = False,
                 size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        if hole_cards not in HOLE_CARD_CHOICES:
            raise CardError(f"hole_cards: choose 4 (Omaha) or 5 (five-card Omaha), not {hole_cards!r}")
        self.hole_cards_w = W.Dropdown(options=[(_(v), k) for k, v in HOLE_CARD_CHOICES.items()], value=hole_cards,
                                       description=_("Game"))
        self.hole_w = W.Text(description=_("Hand"), placeholder=_("Ac Kd Td 8h"), layout=W.Layout(width="300px", max_width="100%"))
        self.board_w = W.Text(description=_("Board"), placeholder=_("Kc 9c 6c 6h Qc"), layout=W.Layout(width="300px", max_width="100%"))
        self.qualifier_w = qualifier_dropdown(qualifier)
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.explain_button = self._button(_("Explain"), self.update, style="info")
        self.quiz_w = W.Checkbox(value=quiz, description=_("Quiz mode"))
        self.kind_w = W.ToggleButtons(options=[(_("best high"), "high"), (_("best low"), "low")], value="high")
        self.answer_w = W.Text(description=_("Your five"), placeholder=_("five cards like As Kd 7h 7c 2s, or 'none' for no low"),
                               layout=W.Layout(width="420px", max_width="100%"))
        self.check_button = self._button(_("Check"), self.check, style="success")
        self.answer_button = self._button(_("Show answer"), self.show_answer)
        self.question = W.HTML()
        self.quiz_box = W.VBox([self.question, self.kind_w, W.HBox([self.answer_w, self.check_button,
                                                                     self.answer_button])])
        self.view = W.HTML()
        self.explanation: object = None
        self.revealed = False
        self.quiz_w.observe(lambda _c: self._draw(), names="value")
        self.kind_w.observe(lambda _c: self._new_question(), names="value")
        self.qualifier_w.observe(lambda _c: self.guard(self.update), names="value")
        self.hole_cards_w.observe(lambda _c: self.guard(self.update), names="value")
        self.heading = W.HTML()
        self.children = [W.HBox([W.VBox([self.hole_w, self.board_w]),
                                 W.VBox([self.hole_cards_w, self.qualifier_w, self.quiz_w])]), self.heading,
                         W.HBox([self.deal_button, self.explain_button]), self.quiz_box, self.message, self.view]
        if hole is not None and board is not None:
            self.hole_w.value, self.board_w.value = hole, board
            self.guard(self.update)
        else:
            self.guard(self.deal)

    # ------------------------------------------------------------ actions
    def deal(self) -> None:
        """A seeded hand and a full board."""
        deck = Deck(seed=self.next_seed())
        self.hole_w.value = format_cards(deck.deal(self.hole_size))
        self.board_w.value = format_cards(deck.deal(5))
        self.update()

    @property
    def hole_size(self) -> int:
        """Hole cards per hand: 4 (Omaha) or 5 (five-card Omaha, chosen explicitly)."""
        return int(self.hole_cards_w.value)

    def update(self) -> None:
        """Explain the typed hand and board (a fifth hole card is an error unless
        five-card Omaha is chosen)."""
        hole = hole_cards(self.hole_w.value, size=self.hole_size)
        self.explanation = explain(hole, self.board_w.value, qualifier=qualifier_of(self.qualifier_w))
        n = len(self.explanation.choices)
        game = _(HOLE_CARD_CHOICES[self.hole_size]).split(" (")[0]
        self.heading.value = "<div>" + ngettext("{game}: {n} choice of two hole cards and three board cards (R2)",
                                                "{game}: {n} choices of two hole cards and three board cards (R2)",
                                                n).format(game=f"<b>{game}</b>", n=n) + "</div>"
        self._new_question()

    def _new_question(self) -> None:
        self.revealed = False
        self.answer_w.value = ""
        self.say("")
        self._draw()

    def check(self) -> bool:
        """Check the learner's five cards against the engine's best hand."""
        e = self.explanation
        kind = self.kind_w.value
        text = self.answer_w.value.strip()
        best = e.best_high if kind == "high" else e.best_low  # type: ignore[attr-defined]
        if text.lower() in ("none", "no low", "-"):
            ok = best is None
            self.say("Correct: no qualifying low here (R8)." if ok else
                     "There is a low here: find five different ranks, eight or lower, two from the hand (R8, R10).",
                     "ok" if ok else "error")
            return ok
        pick = set(parse_cards(text))
        if len(pick) != 5:
            raise AnswerError(f"your answer: type five cards, not {len(pick)}")
        hole, board = set(e.hole), set(e.board)  # type: ignore[attr-defined]
        stray = sorted(pick - hole - board)
        if stray:
            raise AnswerError(f"your answer: '{stray[0]}' is neither in the hand nor on the board")
        match = [c for c in e.choices if set(c.cards) == pick]  # type: ignore[attr-defined]
        if not match:
            n = len(pick & hole)
            self.say(ngettext("Those five use {n} hole card and {board}: Omaha needs exactly two from the hand and "
                              "three from the board (R2).",
                              "Those five use {n} hole cards and {board}: Omaha needs exactly two from the hand and "
                              "three from the board (R2).", n).format(
                         n=n, board=ngettext("{n} board card", "{n} board cards", 5 - n).format(n=5 - n)), "error")
            return False
        choice = match[0]
        made = choice.high if kind == "high" else choice.low
        ok = bool(choice.is_best_high if kind == "high" else choice.is_best_low)
        if ok:
            self.say(_("Correct! {hand}.").format(hand=made.describe()), "ok")
        elif made is None:
            self.say(_("Those five cards make no qualifying low (R8); look again."), "error")
        else:
            pits = [p for p in e.pitfalls if (p.kind == "low") == (kind == "low")]  # type: ignore[attr-defined]
            hint = " " + pits[0].message if pits else ""
            better = (_("Those five make {hand}, but there is a better high.") if kind == "high"
                      else _("Those five make {hand}, but there is a better low."))
            self.say(better.format(hand=made.describe()) + hint, "error")
        return ok

    def show_answer(self) -> None:
        self.revealed = True
        self._draw()

    # ------------------------------------------------------------ drawing
    def _draw(self) -> None:
        e = self.explanation
        if e is None:
            return
        quiz = bool(self.quiz_w.value)
        self.quiz_box.layout.display = "" if quiz else "none"
        ask = (_("What is this player's best high hand?") if self.kind_w.value == "high"
               else _("What is this player's best low hand (or 'none')?"))
        self.question.value = (f'<div style="font-size:1.15em"><b>{ask}</b> ' + _("Type its five cards.") + "</div>")
        if quiz and not self.revealed:
            self.view.value = ("<div>" + _("Hand: {hand} &nbsp; Board: {board}").format(
                hand=cards_row(e.hole, four_color=self.four_color, size=self.size),  # type: ignore[attr-defined]
                board=cards_row(e.board, four_color=self.four_color, size=self.size)) + "</div>")  # type: ignore[attr-defined]
            return
        grid = explanation_html(e, four_color=self.four_color)
        self.view.value = grid          # the 60-row grid scrolls in its own focusable, named box
