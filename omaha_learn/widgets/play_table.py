"""PlayTable: play hands at a practice table by clicks, with the coach's second opinion.

The learner sits at seat 0 of a :class:`~omaha_learn.PracticeTable`; the
buttons and the bet slider come from ``legal_actions()``; the coach panel is
hidden until asked (``coach="ask"``) or shown after each decision
(``coach="after"``: the advice for the decision just made); the review and a
running chart of the learner's result and of decisions by verdict appear when
a hand ends.

>>> w = PlayTable(seed=7, trials=500)
>>> w
PlayTable(game='plo', seats=6, seed=7, coach='ask')
>>> w.fold_button.description, w.call_button.description, w.raise_button.description
('Fold', 'Call 6', 'Raise to 12')
>>> w.fold_button.click(); w.table.hand.is_over
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from omaha_learn.display.coach import advice_html, progress_svg, review_html, table_html
from omaha_learn.engine.betting.actions import Action
from omaha_learn.errors import CoachError
from omaha_learn.strategy.coach import DEFAULT_TRIALS
from omaha_learn.strategy.practice import PracticeTable
from omaha_learn.widgets._base import LessonApp

__all__ = ["PlayTable", "COACH_MODES"]

COACH_MODES = ("ask", "after")
"""When the coach panel shows: only when asked, or after each of the learner's decisions."""


class PlayTable(LessonApp):
    """The practice table as a widget (see the module notes); arguments as :class:`~omaha_learn.PracticeTable`,
    plus ``coach`` (``"ask"`` or ``"after"``), ``trials`` for the coach, and the card style."""

    _repr_fields = ("game", "seats", "seed", "coach")

    def __init__(self, game: str = "plo", seats: int = 6, stack: int = 100, blinds: tuple[int, int] = (1, 2),
                 seed: int | None = None, opponents: Sequence[object] | None = None, *, coach: str = "ask",
                 trials: int = DEFAULT_TRIALS, four_color: bool = False, size: int | str = "medium") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        if coach not in COACH_MODES:
            raise CoachError(f"coach: {coach!r} is not one of {', '.join(COACH_MODES)}")
        self.table = PracticeTable(game, seats, stack, blinds, seed, opponents, trials=trials)
        self.game = self.table.game.value
        self.seats = seats
        self.coach = coach
        self.advice_seconds: list[float] = []
        """Seconds from each click on "Ask the coach" to the advice shown (kernel side)."""
        self.view = W.HTML()
        self.fold_button = self._button("Fold", lambda: self.play(Action("fold")), style="danger")
        self.check_button = self._button("Check", lambda: self.play(Action("check")))
        self.call_button = self._button("Call", lambda: self.play(Action("call")), style="info")
        self.raise_button = self._button("Raise", self._raise, style="warning")
        self.amount = W.IntSlider(value=0, min=0, max=1, description="Amount", continuous_update=True,
                                  layout=W.Layout(width="420px"))
        self.amount.observe(self._amount_changed, names="value")
        self.coach_button = self._button("Ask the coach", self.ask_coach, style="primary")
        self.next_button = self._button("Next hand", self.next_hand, style="success")
        self.coach_panel = W.HTML(layout=W.Layout(display="none"))
        self.review = W.HTML()
        self.progress = W.HTML()
        self.actions_box = W.HBox([self.fold_button, self.check_button, self.call_button, self.raise_button,
                                   self.amount, self.coach_button])
        self.children = [self.view, self.actions_box, self.next_button, self.message, self.coach_panel,
                         self.review, self.progress]
        self.refresh()

    # ------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw the table and offer exactly the legal actions of the learner's decision."""
        hand = self.table.hand
        self.view.value = table_html(self.table, four_color=self.four_color, size=self.size)
        over = hand.is_over
        self.next_button.layout.display = "" if over else "none"
        self.actions_box.layout.display = "none" if over else ""
        if over:
            self._show_review()
            return
        legal = hand.legal_actions()
        self.fold_button.layout.display = "" if legal.can_fold else "none"
        self.check_button.layout.display = "" if legal.can_check else "none"
        self.call_button.layout.display = "" if legal.can_call else "none"
        self.call_button.description = f"Call {legal.to_call}" + (" (all in)" if legal.to_call == legal.all_in_to else "")
        aggressive = (legal.can_bet or legal.can_raise) and legal.min_to is not None and legal.max_to is not None
        self.raise_button.layout.display = "" if aggressive else "none"
        self.amount.layout.display = "" if aggressive and legal.min_to != legal.max_to else "none"
        if aggressive:
            assert legal.min_to is not None and legal.max_to is not None
            self.amount.min, self.amount.max = 0, max(legal.max_to, 1)   # widen first so the new range always fits
            self.amount.min = legal.min_to
            self.amount.max = legal.max_to
            self.amount.value = legal.min_to
            self._amount_changed()
        if self.coach != "after":
            self.coach_panel.layout.display = "none"

    def _amount_changed(self, _change: Any = None) -> None:
        hand = self.table.hand
        if hand.is_over:
            return
        legal = hand.legal_actions()
        word = "Bet" if legal.can_bet else "Raise to"
        all_in = " (all in)" if self.amount.value == legal.all_in_to else ""
        self.raise_button.description = f"{word} {self.amount.value}{all_in}"

    def _show_review(self) -> None:
        decisions = self.table.review()
        self.review.value = review_html(decisions) if self.table.history else ""
        counts = {"best": 0, "close": 0, "mistake": 0, "not weighed": 0}
        for d in self.table.decisions:
            if d.advice is not None:
                counts[d.verdict] += 1
        self.progress.value = progress_svg(self.table.results, counts)

    # ------------------------------------------------------------- actions
    def _raise(self) -> None:
        legal = self.table.hand.legal_actions()
        self.play(Action("bet" if legal.can_bet else "raise", int(self.amount.value)))

    def play(self, action: Action) -> None:
        """Play the learner's ``action`` (as the buttons do); the opponents answer; redraw."""
        number = self.table.hand_number
        self.table.act(action)
        self.say("")
        if self.coach == "after":
            done = [d for d in self.table.review(number) if d.action == action][-1:]
            if done and done[0].advice is not None:
                self.coach_panel.value = (f"<div><b>The coach on your {done[0].street} decision "
                                          f"({action}): {done[0].verdict}</b></div>" + advice_html(done[0].advice))
                self.coach_panel.layout.display = ""
        self.refresh()

    def ask_coach(self) -> None:
        """Show the coach's advice for the current decision."""
        start = time.perf_counter()
        advice = self.table.advice()
        self.coach_panel.value = advice_html(advice, four_color=self.four_color)
        self.coach_panel.layout.display = ""
        self.advice_seconds.append(time.perf_counter() - start)

    def next_hand(self) -> None:
        self.table.next_hand()
        self.review.value = ""
        self.coach_panel.layout.display = "none"
        self.say("")
        self.refresh()
