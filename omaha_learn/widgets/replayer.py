"""HandReplayer and BettingTrainer: step through a hand (from a HandState, a
PHH text or a seeded demo), and practise the pot-limit maximum raise (R15-R19, R21)."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as W

from omaha_learn.display.html import hand_state_html
from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.betting.state import HandState
from omaha_learn.errors import PHHError
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._base import LessonApp

__all__ = ["HandReplayer", "BettingTrainer", "random_actions", "replay_states"]


def random_actions(state: Any, rng: random.Random, *, max_steps: int = 200, stop: Any = None) -> int:
    """Play seeded random legal actions (from ``legal_actions().actions()``) until
    the hand ends, ``max_steps`` actions, or ``stop(state)`` is true. Returns the count."""
    n = 0
    while n < max_steps and not state.is_over and state.to_act is not None:
        if stop is not None and stop(state):
            break
        choices = state.legal_actions().actions()
        weights = [{"fold": 1, "check": 4, "call": 5}.get(a.kind, 2) for a in choices]
        state.act(rng.choices(choices, weights)[0])
        n += 1
    return n


def replay_states(state: Any) -> list[Any]:
    """Fresh copies of ``state``'s hand after 0, 1, 2, ... of its actions."""
    def fresh() -> Any:
        return HandState(state.starting_stacks, game=state.game, structure=state.structure, blinds=state.blinds,
                         small_bet=state.small_bet, big_bet=state.big_bet, ante=state.ante, bb_ante=state.bb_ante,
                         button=state.button, hole_count=state.hole_count, seed=state.seed, holes=state.holes,
                         board=state.board, cap=state.cap, cap_heads_up=state.cap_heads_up,
                         qualifier=state.qualifier, names=state.names)

    return [fresh() for _ in range(len(state.history) + 1)]


class HandReplayer(LessonApp):
    """Step through one hand action by action: pot, side pots, stacks and the
    legal bet/raise range at every step.

    Give a played :class:`~omaha_learn.HandState`, PHH text (``phh=``), or
    nothing for a seeded random pot-limit demo hand (``New hand`` deals another).

    >>> r = HandReplayer(seed=4)
    >>> r.step == 0 and r.steps > 0
    True
    >>> r.next_button.click(); r.step
    1
    """

    _repr_fields = ("seed",)

    def __init__(self, state: Any = None, *, phh: str | None = None, seed: int | None = None,
                 players: int = 4, four_color: bool = False, size: int | str = "chip") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.n_players = players
        self.start_button = self._button(_("◀◀ Start"), lambda: self.go(0))
        self.back_button = self._button(_("◀ Back"), lambda: self.go(self.step - 1))
        self.next_button = self._button(_("Next ▶"), lambda: self.go(self.step + 1), style="primary")
        self.end_button = self._button(_("End ▶▶"), lambda: self.go(self.steps))
        self.new_button = self._button(_("New hand"), self.new_hand)
        self.slider = W.BoundedIntText(value=0, min=0, max=0, description=_("Action"),  # labelled; a slider is not
                                        layout=W.Layout(width="10em"))
        self.slider.observe(lambda c: self.guard(lambda: self.go(int(c["new"]))), names="value")
        self.caption = W.HTML()
        self.view = W.HTML()
        self.phh_w = W.Textarea(value=phh or "", placeholder=_("variant = 'PO'\nstarting_stacks = [100, 100, 100]\n..."),
                                layout=W.Layout(width="560px", max_width="100%", height="140px"),
                                description=_("Hand history (PHH)"), style={"description_width": "initial"})
        self.phh_button = self._button(_("Load PHH"), lambda: self.load_phh(self.phh_w.value))
        self.phh_box = W.Accordion(children=[W.VBox([self.phh_w, self.phh_button])], titles=("Replay a PHH hand",))
        self.phh_box.selected_index = 0 if phh else None
        self.step = 0
        self.frames: list[str] = []
        self.actions: list[str] = []
        self.children = [W.HBox([self.start_button, self.back_button, self.next_button, self.end_button,
                                 self.new_button]), self.slider, self.caption, self.message, self.view, self.phh_box]
        if phh is not None:
            self.load_phh(phh)
        elif state is not None:
            self.load(state)
        else:
            self.new_hand()

    @property
    def steps(self) -> int:
        """Number of actions in the hand."""
        return len(self.frames) - 1

    def new_hand(self) -> None:
        """A seeded demo: pot-limit Omaha with random stacks and random legal actions."""
        seed = self.next_seed()
        rng = random.Random(seed)
        stacks = [rng.choice([40, 80, 100, 150, 200]) for _ in range(self.n_players)]
        state = HandState(stacks, game="plo", blinds=(1, 2), button=rng.randrange(self.n_players), seed=seed)
        random_actions(state, rng)
        self.load(state)

    def load_phh(self, text: str) -> None:
        """Replay a hand written in the PHH format (via :func:`omaha_learn.load_phh`)."""
        from omaha_learn.engine.phh import load_phh

        if not text.strip():
            raise PHHError("PHH: paste a hand history first")
        self.load(load_phh(text))

    def load(self, state: Any) -> None:
        """Replay a played HandState from its first action."""
        copies = replay_states(state)
        frames = []
        actions = ["(blinds posted)"]
        for k, (_street, seat, action) in enumerate(state.history):
            frames.append(hand_state_html(copies[k], four_color=self.four_color, size=self.size, show_log=False))
            for c in copies[k + 1:]:
                c.act(action)
            actions.append(f"{state.names[seat]}: {action}")
        frames.append(hand_state_html(copies[-1], four_color=self.four_color, size=self.size))
        self.state = state
        self.frames, self.actions = frames, actions
        self.slider.max = self.steps
        self.step = -1
        self.go(0)

    def go(self, step: int) -> None:
        step = max(0, min(self.steps, step))
        if step == self.step:
            return
        self.step = step
        self.slider.value = step
        last = self.actions[step] if step < len(self.actions) else ""
        head = "<b>" + _("Step {step} of {steps}").format(step=step, steps=self.steps) + "</b>"
        if step:
            head += " &mdash; " + _("last action: {action}").format(action=last)
        if step == self.steps:
            head += " &mdash; <b>" + _("hand over") + "</b>"
        self.caption.value = head
        self.view.value = self.frames[step]
        self.say("")


class BettingTrainer(LessonApp):
    """Pot-limit practice: a seeded spot from a random hand, and the question
    "what is the maximum pot-limit raise here?" (R18).

    >>> t = BettingTrainer(seed=1)
    >>> t.answer_w.value = t.legal.max_to; t.check()
    True
    """

    _repr_fields = ("seed",)

    def __init__(self, *, seed: int | None = None, players: int = 4, four_color: bool = False,
                 size: int | str = "chip") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.n_players = players
        self.question = W.HTML()
        self.answer_w = W.IntText(value=0, description=_("Raise to"))
        self.check_button = self._button(_("Check"), self.check, style="success")
        self.answer_button = self._button(_("Show answer"), self.show_answer)
        self.new_button = self._button(_("New spot"), self.new_spot, style="primary")
        self.view = W.HTML()
        self.children = [self.view, self.question, W.HBox([self.answer_w, self.check_button, self.answer_button,
                                                           self.new_button]), self.message]
        self.new_spot()

    def new_spot(self) -> None:
        """Deal a seeded pot-limit hand and stop where the player to act may raise."""
        tries = 0
        while True:
            tries += 1
            seed = self.next_seed()
            rng = random.Random(seed)
            stacks = [rng.choice([60, 100, 150, 200, 300]) for _ in range(self.n_players)]
            state = HandState(stacks, game="plo", blinds=(1, 2), button=rng.randrange(self.n_players), seed=seed)
            random_actions(state, rng, max_steps=rng.randrange(0, 9))
            if state.to_act is None or state.is_over:
                continue
            legal = state.legal_actions()
            if (legal.can_raise or legal.can_bet) and legal.max_to is not None and (
                    legal.max_to < legal.all_in_to or tries > 20):  # prefer spots the stack does not cap
                break
        self.state, self.legal = state, legal
        self.answer_w.value = 0
        who = state.names[legal.seat]
        ask = (_("{name} is to act. What is the maximum pot-limit raise here?") if legal.can_raise
               else _("{name} is to act. What is the maximum pot-limit bet here?")).format(name=who)
        how = _("(type the total to raise to)") if legal.can_raise else _("(type the total to bet)")
        self.question.value = f'<div style="font-size:1.2em"><b>{ask}</b> {how}</div>'
        self.view.value = hand_state_html(state, four_color=self.four_color, size=self.size, show_legal=False)
        self.say("")

    def _why(self) -> str:
        s, lg = self.state, self.legal
        assert lg.max_to is not None
        current = max(s.bets)
        full = current + s.pot + lg.to_call
        fields = {"pot": s.pot, "call": lg.to_call, "after": s.pot + lg.to_call, "current": current, "full": full,
                  "all_in": lg.all_in_to, "most": lg.max_to}
        if lg.max_to < full:
            return _("pot {pot} (every chip in the middle, bets in front included) + {call} to call = {after}; on top "
                     "of the current bet {current}: {current} + {pot} + {call} = {full} (R18); but the player has only "
                     "{all_in} in all, so the most is all-in for {most}").format(**fields)
        return _("pot {pot} (every chip in the middle, bets in front included) + {call} to call = {after}; on top of "
                 "the current bet {current}: {current} + {pot} + {call} = {full} (R18)").format(**fields)

    def verdict(self, amount: int) -> tuple[str, str]:
        """``(kind, message)`` for a typed total: ``"ok"`` for the maximum, ``"legal"``
        for a legal amount below it, ``"illegal"`` otherwise (with the engine's reason
        and the legal range). Every word comes from ``legal_actions()`` (R18, R19)."""
        lg = self.legal
        assert lg.max_to is not None and lg.min_to is not None
        kind = "raise" if lg.can_raise else "bet"
        word = "raise to" if lg.can_raise else "bet"
        span = str(lg.min_to) if lg.min_to == lg.max_to else f"{lg.min_to}\u2013{lg.max_to}"
        legal_range = (_("the legal range is raise to {span} (R18)") if word == "raise to"
                       else _("the legal range is bet {span} (R18)")).format(span=span)
        if amount == lg.max_to:
            return "ok", _("Correct: {amount}. {why}").format(amount=lg.max_to, why=self._why())
        reason = lg.why_not(Action(kind, amount))
        if reason is None:
            return "legal", _("{amount} is legal but not the maximum: {range}. Hint: the pot after calling, plus the "
                              "call.").format(amount=amount, range=legal_range)
        return "illegal", _("{amount} is illegal: {reason}; {range}.").format(amount=amount, reason=reason,
                                                                            range=legal_range)

    def check(self) -> bool:
        """Compare the typed answer with the engine's maximum (``legal.max_to``)."""
        kind, text = self.verdict(int(self.answer_w.value))
        self.say(text, "ok" if kind == "ok" else "error")
        return kind == "ok"

    def show_answer(self) -> None:
        self.say(_("The maximum is {amount}: {why}").format(amount=self.legal.max_to, why=self._why()), "info")
