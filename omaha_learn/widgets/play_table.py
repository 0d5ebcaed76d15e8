"""PlayTable: play hands at a practice table by clicks, with the coach's second opinion.

The learner sits at seat 0 of a :class:`~omaha_learn.PracticeTable`; the
buttons and the bet slider come from ``legal_actions()``; the coach panel is
hidden until asked (``coach="ask"``) or shown after each decision
(``coach="after"``: the advice for the decision just made); the review and a
running chart of the learner's result and of decisions by verdict appear when
a hand ends.

>>> w = PlayTable(game="plo", seed=7, trials=500)
>>> w
PlayTable(game='plo', seats=6, seed=7, coach='ask')
>>> w.fold_button.description, w.call_button.description, w.raise_button.description
('Fold', 'Call 2', 'Raise to 4')
>>> w.fold_button.click(); w.table.hand.is_over
True
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from omaha_learn.display.coach import advice_html, progress_svg, review_html, table_html
from omaha_learn.display.narration import Narrator, seat_label
from omaha_learn.display.theme import BADGE_WORDS, MUTED, badge
from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.errors import CoachError
from omaha_learn.i18n import format_number, ngettext, pgettext, street_word
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.coach import DEFAULT_TRIALS
from omaha_learn.strategy.practice import PracticeTable
from omaha_learn.widgets._base import LessonApp

__all__ = ["PlayTable", "COACH_MODES", "live_region_html"]

COACH_MODES = ("ask", "after")
"""When the coach panel shows: only when asked, or after each of the learner's decisions."""

_LIVE_HOOK = ('<img src="data:," alt="" hidden style="display:none" onerror="var c=this.closest('
              "'.widget-html-content');if(c){c.setAttribute('aria-live','polite');c.setAttribute('role','status');"
              "c.setAttribute('aria-atomic','false');}\">")
"""ipywidgets' HTML view replaces its content's children on every change but keeps the content element: this
one-line hook (an image that fails to load on purpose) marks that element as a polite live region the first
time the text is drawn, so screen readers announce every later change. A sanitizer (a saved notebook's
picture) drops it, harmlessly."""


def live_region_html(lines: Sequence[str]) -> str:
    """The live region's content: the latest step's sentences, each on its own line.

    >>> page = live_region_html(["p2 (CO) raises to 7.", "Your turn."])
    >>> "p2 (CO) raises to 7." in page and 'class="ol-live-text"' in page
    True
    """
    text = "".join(f"<div>{html.escape(x)}</div>" for x in lines)
    return f'{_LIVE_HOOK}<div class="ol-live-text" style="color:{MUTED};font-size:0.95em">{text}</div>'


def _verdict(verdict: str) -> str:
    """The coach's verdict word ("best", "close", "mistake") in the language in use, as its badge says it."""
    return pgettext("badge", BADGE_WORDS[verdict]) if verdict in BADGE_WORDS else verdict


class PlayTable(LessonApp):
    """The practice table as a widget (see the module notes); arguments as :class:`~omaha_learn.PracticeTable`,
    plus ``coach`` (``"ask"`` or ``"after"``), ``trials`` for the coach, and the card style."""

    _repr_fields = ("game", "seats", "seed", "coach")

    def __init__(self, game: str | Game = DEFAULT_GAME, seats: int = 6, stack: int = 100, blinds: tuple[int, int] = (1, 2),
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
        self.narrator = Narrator()
        self.spoken: list[list[str]] = []
        """What the live region said at each step, oldest first (for tests and transcripts)."""
        self.view = W.HTML()
        self.fold_button = self._button(_("Fold"), lambda: self.play(Action("fold")), style="danger")
        self.check_button = self._button(_("Check"), lambda: self.play(Action("check")))
        self.call_button = self._button(_("Call"), lambda: self.play(Action("call")), style="info")
        self.raise_button = self._button(_("Raise"), self._raise, style="warning")
        # a number box, not a slider: ipywidgets' slider handle has no accessible name; this box's label is
        # tied to it, it takes typed amounts, and the arrow keys step it
        self.amount = W.BoundedIntText(value=0, min=0, max=1, description=_("Amount"), continuous_update=True,
                                       layout=W.Layout(width="auto", min_width="11em", max_width="100%"),
                                       style={"description_width": "initial"})
        self.amount.observe(self._amount_changed, names="value")
        self.coach_button = self._button(_("Ask the coach"), self.ask_coach, style="primary")
        self.next_button = self._button(_("Next hand"), self.next_hand, style="success")
        self.busy = W.HTML()
        """Says "working" before every computation that can take a while (the coach, the review, the opponents
        answering a click, a new hand up to the learner's turn)."""
        self.busy.add_class("ol-busy")
        self.live = W.HTML()
        """A polite live region: each opponent action, each new street, the end of the hand, the coach's verdict."""
        self.live.add_class("ol-live")
        self.coach_panel = W.HTML(layout=W.Layout(display="none"))
        self.review = W.HTML()
        self.progress = W.HTML()
        self.actions_box = W.HBox([self.fold_button, self.check_button, self.call_button, self.raise_button,
                                   self.amount, self.coach_button],
                                  layout=W.Layout(flex_flow="row wrap", align_items="center", max_width="100%"))
        self.children = [self.view, self.actions_box, self.next_button, self.busy, self.message, self.live,
                         self.coach_panel, self.review, self.progress]
        self.refresh()
        self._announce()

    # ------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw the table and offer exactly the legal actions of the learner's decision."""
        hand = self.table.hand
        picture = table_html(self.table, four_color=self.four_color, size=self.size)
        over = hand.is_over
        self.next_button.layout.display = "" if over else "none"
        self.actions_box.layout.display = "none" if over else ""
        buttons = (self.fold_button, self.check_button, self.call_button, self.raise_button, self.coach_button,
                   self.next_button)
        if over:
            self.mark_primary(self.next_button, *buttons)
            self.coach_panel.layout.display = "none"        # the review below says it all, for this hand
            self._show_review()
            self.view.value = picture
            return
        legal = hand.legal_actions()
        # Tab enters the table at the passive action: check, else call (never fold or raise by one Enter)
        self.mark_primary(self.check_button if legal.can_check else self.call_button if legal.can_call
                          else self.fold_button, *buttons)
        self.fold_button.layout.display = "" if legal.can_fold else "none"
        self.check_button.layout.display = "" if legal.can_check else "none"
        self.call_button.layout.display = "" if legal.can_call else "none"
        self.call_button.description = (_("Call {amount} (all in)") if legal.to_call == legal.all_in_to
                                        else _("Call {amount}")).format(amount=legal.to_call)
        aggressive = (legal.can_bet or legal.can_raise) and legal.min_to is not None and legal.max_to is not None
        self.raise_button.layout.display = "" if aggressive else "none"
        self.amount.layout.display = "" if aggressive and legal.min_to != legal.max_to else "none"
        if aggressive:
            assert legal.min_to is not None and legal.max_to is not None
            self.amount.min, self.amount.max = 0, max(legal.max_to, 1)   # widen first so the new range always fits
            self.amount.min = legal.min_to
            self.amount.max = legal.max_to
            self.amount.value = legal.min_to
            self.amount.description = _("Bet") if legal.can_bet else _("Raise to")
            self._amount_changed()
        for b in (self.fold_button, self.check_button, self.call_button, self.raise_button, self.coach_button):
            b.tooltip = b.description
        if self.coach != "after":
            self.coach_panel.layout.display = "none"
        # the picture last: the browser applies the kernel's updates in order, so when the table is redrawn the
        # buttons already offer the new decision's actions (no stale button under a new picture)
        self.view.value = picture

    def _amount_changed(self, _change: Any = None) -> None:
        hand = self.table.hand
        if hand.is_over:
            return
        legal = hand.legal_actions()
        all_in = self.amount.value == legal.all_in_to
        if legal.can_bet:
            label = _("Bet {amount} (all in)") if all_in else _("Bet {amount}")
        else:
            label = _("Raise to {amount} (all in)") if all_in else _("Raise to {amount}")
        self.raise_button.description = label.format(amount=self.amount.value)
        self.raise_button.tooltip = self.raise_button.description

    def _show_review(self) -> None:
        self._busy(_("The coach is reviewing the hand…"))
        decisions = self.table.review()
        self.review.value = review_html(decisions) if self.table.history else ""
        counts = {"best": 0, "close": 0, "mistake": 0, "not weighed": 0}
        for d in self.table.decisions:
            if d.advice is not None:
                counts[d.verdict] += 1
        self.progress.value = progress_svg(self.table.results, counts)
        self._busy("")

    def _busy(self, text: str) -> None:
        """Show (or clear) the busy line; set before the work starts, so the browser shows it during the wait."""
        self.busy.value = (f'<div class="ol-busy-text" style="font-style:italic">'
                           f'<span aria-hidden="true">⏳ </span>{html.escape(text)}</div>' if text else "")

    def _announce(self, extra: Sequence[str] = ()) -> None:
        """Put what is new at the table (and ``extra``, such as the coach's verdict) into the live region."""
        lines = self.narrator.update(self.table) + list(extra)
        self.spoken.append(lines)
        self.live.value = live_region_html(lines)

    def _focus_after(self, kind: str | None) -> None:
        """Move the keyboard focus to the next sensible control: the same action if still offered, else the
        first action offered; Next hand when the hand is over."""
        if self.table.hand.is_over:
            self.next_button.focus()
            return
        same = {"fold": self.fold_button, "check": self.check_button, "call": self.call_button,
                "bet": self.raise_button, "raise": self.raise_button}.get(kind or "")
        for b in (same, self.check_button, self.call_button, self.fold_button):
            if b is not None and b.layout.display != "none":
                b.focus()
                return

    # ------------------------------------------------------------- actions
    def _raise(self) -> None:
        legal = self.table.hand.legal_actions()
        self.play(Action("bet" if legal.can_bet else "raise", int(self.amount.value)))

    def play(self, action: Action) -> None:
        """Play the learner's ``action`` (as the buttons do); the opponents answer; redraw."""
        number = self.table.hand_number
        self.coach_panel.layout.display = "none"           # the advice was for the decision just made
        self._busy(_("The other players are acting…"))        # scripted opponents can think for a second or two
        try:
            self.table.act(action)
        finally:
            self._busy("")
        self.say("")
        extra: list[str] = []
        if self.coach == "after" and not self.table.hand.is_over:
            self._busy(_("The coach is weighing your decision…"))
            done = [d for d in self.table.review(number) if d.action == action][-1:]
            self._busy("")
            if done and done[0].advice is not None:
                d = done[0]
                past = _("The coach on your {street} decision ({action}), already played:").format(
                    street=street_word(d.street), action=action.words())
                self.coach_panel.value = (
                    f'<div class="ol-coach-past"><b>{html.escape(past)}</b> {badge(d.verdict)}</div>'
                    + advice_html(d.advice, four_color=self.four_color, who=seat_label(d.state, 0)))
                self.coach_panel.layout.display = ""
                extra.append(_("Coach on your {street} {action}: {verdict}.").format(
                    street=street_word(d.street), action=action.words(), verdict=_verdict(d.verdict)))
        self.refresh()
        if self.table.hand.is_over:
            verdicts = [_("{street} {action}: {verdict}").format(street=street_word(d.street), action=d.action.words(),
                                                                  verdict=_verdict(d.verdict))
                        for d in self.table.review(number)]
            if verdicts:
                extra.append(_("Coach's review: {verdicts}.").format(verdicts="; ".join(verdicts)))
        self._announce(extra)
        self._focus_after(action.kind)

    def ask_coach(self) -> None:
        """Show the coach's advice for the current decision."""
        start = time.perf_counter()
        self._busy(ngettext("The coach is weighing this decision ({deals} deal)…",
                            "The coach is weighing this decision ({deals} deals)…", self.table.trials).format(
            deals=format_number(self.table.trials)))
        try:
            advice = self.table.advice()
        finally:
            self._busy("")
        self.coach_panel.value = advice_html(advice, four_color=self.four_color,
                                             who=seat_label(self.table.hand, 0))
        self.coach_panel.layout.display = ""
        self.advice_seconds.append(time.perf_counter() - start)
        self._announce([_("Coach: best is {best}. {verdict}").format(best=advice.best.words(), verdict=advice.verdict)])

    def next_hand(self) -> None:
        self._busy(_("Dealing the next hand…"))               # the players before you act first
        try:
            self.table.next_hand()
        finally:
            self._busy("")
        self.review.value = ""
        self.coach_panel.layout.display = "none"
        self.say("")
        self.refresh()
        self._announce()
        self._focus_after(None)
