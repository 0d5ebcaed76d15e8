"""The coach's advice as data and as text: :class:`Option`, :class:`Advice`.

The numbers come from :mod:`~omaha_learn.strategy.ev_model` (a
:class:`~omaha_learn.strategy.ev_model.SpotModel` kept inside the advice, so any
legal bet size can be weighed later with :meth:`Advice.ev_of`); this module only
renders them. The verdict is built from the EV table and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from omaha_learn import rendering
from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.cards import Card, format_cards
from omaha_learn.engine.games import Game
from omaha_learn.errors import CoachError
from omaha_learn.i18n import N_, format_number, pgettext, street_word
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.ev_model import EXACT_MODEL, OptionEV, SpotModel

if TYPE_CHECKING:
    from omaha_learn.strategy.equilibrium import Equilibrium

__all__ = ["Advice", "Option", "CLOSE", "option_label", "option", "weigh_action", "EQUILIBRIUM_MODEL"]

CLOSE = 2.0
"""Two actions whose EV difference is within this many standard errors of that difference are a close decision."""


@dataclass(frozen=True)
class Option:
    """One action the coach weighed: its chip EV from now on, the EV's standard error and its model.

    ``exact`` says no later action can change the EV (the ranges and the Monte
    Carlo error aside); ``fold_share`` is the share of deals in which every
    opponent folds to it; ``break_even`` the equity a call needs (its price).
    """

    action: Action
    label: str
    ev: float
    stderr: float
    model: str
    exact: bool = False
    break_even: float = 0.0
    fold_share: float = 0.0
    numbers: OptionEV | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        err = f" ± {format_number(self.stderr, 1)}" if self.stderr else ""
        folds = (_(", everyone folds {percent}%").format(percent=format_number(100 * self.fold_share))
                 if self.fold_share else "")
        return _("{label}: EV {ev}{err} chips{folds} ({model})").format(
            label=_action_label(self.label), ev=_signed(self.ev), err=err, folds=folds, model=model_text(self.model))


def option_label(action: Action, pot_words: str = "") -> str:
    """The label of an option: ``'call'``, ``'bet 8'``, ``'raise to 20 (pot)'``."""
    if action.kind in ("bet", "raise"):
        word = "bet" if action.kind == "bet" else "raise to"
        return f"{word} {action.amount}" + (f" ({pot_words})" if pot_words else "")
    return action.kind


@dataclass(frozen=True)
class Advice:
    """The coach's advice at one decision (see :func:`~omaha_learn.strategy.coach.coach`).

    ``price`` is ``to_call / (pot + to_call)`` (0 when checking is free), the one
    definition of the equity a call needs; ``equity`` and ``stderr`` the share of
    the pot the seat wins if it checks or calls against ``ranges`` (seat -> range
    text) as narrowed (``narrowed``: seat -> the narrowing in words, with the
    range's size); ``reasons`` say why each range was assumed; ``options`` the
    actions weighed, ``ev`` label -> EV and ``best`` the action of highest EV;
    ``notes`` say how a range was relaxed to fit the cards or how many deals the
    sampler found, when either happened; ``equilibrium`` a solved strategy for
    the hand when a solver answered (``None`` otherwise).
    """

    seat: int
    position: str
    street: str
    game: Game
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    to_call: int
    pot: int
    price: Fraction
    equity: float
    stderr: float
    ranges: dict[int, str]
    reasons: dict[int, str]
    estimated: bool
    options: tuple[Option, ...]
    best: Action
    nuts: str
    draws: tuple[str, ...]
    two_card: tuple[str, ...]
    trials: int
    seed: int | None
    names: tuple[str, ...] = field(default=(), repr=False)
    narrowed: dict[int, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    my_range: str = ""
    equilibrium: Equilibrium | None = None
    model: SpotModel | None = field(default=None, repr=False, compare=False)

    @property
    def ev(self) -> dict[str, float]:
        """Chip EV of each option by label: ``'fold'``, ``'check'``, ``'call'``, ``'bet 8 (pot)'``..."""
        return {o.label: o.ev for o in self.options}

    @property
    def best_option(self) -> Option:
        return max(self.options, key=lambda o: o.ev)

    @property
    def exact(self) -> bool:
        """Whether the best action's EV is exact (no more betting can follow it)."""
        return self.best_option.exact

    def difference_stderr(self, a: Option, b: Option) -> float:
        """The Monte Carlo error of ``a.ev - b.ev``, measured on the same deals (paired)."""
        if self.model is not None and a.numbers is not None and b.numbers is not None:
            return self.model.difference_stderr(a.numbers, b.numbers)
        return float((a.stderr ** 2 + b.stderr ** 2) ** 0.5)

    def is_close(self, option: Option) -> bool:
        """Whether ``option`` is within :data:`CLOSE` errors of the difference from the best action."""
        best = self.best_option
        if option is best or option.ev >= best.ev:
            return True
        return best.ev - option.ev < CLOSE * self.difference_stderr(best, option)

    @property
    def close(self) -> bool:
        """Whether the runner-up is within :data:`CLOSE` standard errors of the difference from the best."""
        ranked = sorted(self.options, key=lambda o: -o.ev)
        return len(ranked) >= 2 and self.is_close(ranked[1])

    def option(self, action: Action | str) -> Option | None:
        """The weighed option matching ``action`` (same kind, and amount for bets and raises), if any."""
        a = Action.parse(action)
        for o in self.options:
            if o.action.kind == a.kind and (a.kind not in ("bet", "raise") or o.action.amount == a.amount):
                return o
        return None

    def weigh(self, action: Action | str) -> Option:
        """The option for any legal ``action`` of this decision, weighed now when it was not among the options."""
        a = Action.parse(action)
        found = self.option(a)
        if found is not None:
            return found
        if self.model is None or self.model.view.legal is None:
            raise CoachError(_("action: {a} was not weighed and this advice keeps no model to weigh it").format(a=a))
        return weigh_action(self.model, a)

    def ev_of(self, action: Action | str) -> tuple[float, float, str]:
        """(EV, standard error, model) of any legal ``action`` of this decision (``"bet 8"``, ``"r20"``...)."""
        o = self.weigh(action)
        return o.ev, o.stderr, o.model

    @property
    def verdict(self) -> str:
        """The recommendation in one sentence, drawn from the EVs above (never from anything else)."""
        best = self.best_option
        ranked = sorted(self.options, key=lambda o: -o.ev)
        runner = ranked[1] if len(ranked) > 1 else None
        text = _("{action}: its EV {ev} chips is the highest").format(action=_verb(best.action),
                                                                        ev=_signed(best.ev))
        if runner is not None:
            text += f" ({_verb(runner.action).lower()} {_signed(runner.ev)})"
            if self.close:
                err = self.difference_stderr(best, runner)
                text += _("; a close decision: the difference, {difference} chips, is within {close} errors of the "
                          "difference ({err} chips)").format(difference=format_number(best.ev - runner.ev, 1),
                                                             close=f"{CLOSE:g}", err=format_number(err, 2))
        if best.model == EQUILIBRIUM_MODEL:
            text += _("; the verdict follows the equilibrium, whose EVs for your hand are the table's (the "
                      "fold-equity model is used at this spot only for sizes off the solved tree, by ev_of())")
        return text + "."

    def price_text(self) -> str:
        if not self.to_call:
            return _("Nothing to call; the pot is {pot}.").format(pot=self.pot)
        winnable = int(self.to_call / self.price)
        back = ""
        if winnable != self.pot + self.to_call:
            back = _(" (chips you cannot match come back, R21)")
        return _("Price: call {call} to win a pot of {pot} after the call{back}: you need {percent}% equity "
                 "({fraction}).").format(call=self.to_call, pot=winnable, back=back,
                                         percent=format_number(100 * float(self.price), 1),
                                         fraction=f"{self.price.numerator}/{self.price.denominator}")

    def equity_text(self) -> str:
        seats = ", ".join(_("seat {seat}").format(seat=s) for s in self.ranges) or _("nobody")
        need = ""
        call = self.option("call")
        if call is not None:
            price = format_number(100 * float(self.price), 1)
            need = (_(" (above the {percent}% price)") if self.equity >= float(self.price)
                    else _(" (below the {percent}% price)")).format(percent=price)
        return _("Equity: {equity}% ± {err}% of the pot if you check or call, against {seats}{need}, {deals} "
                 "deals.").format(equity=format_number(100 * self.equity, 1), err=format_number(100 * self.stderr, 1), seats=seats,
                                  need=need, deals=format_number(self.trials))

    def range_lines(self) -> list[str]:
        out = []
        for s in self.ranges:
            why = (_("given") if not self.estimated
                   else _("coach's estimate: {reason}").format(reason=self.reasons[s]))
            line = _("seat {seat}: {range} ({why})").format(seat=s, range=self.ranges[s], why=why)
            if self.narrowed.get(s):
                line += f"; {self.narrowed[s]}"
            out.append(line)
        if self.my_range:
            out.append(_("your range as they see it: {range}").format(range=self.my_range))
        return out

    def __str__(self) -> str:
        head = (_("Coach for seat {seat} ({position}), {street}: {hole} on {board}") if self.board
                else _("Coach for seat {seat} ({position}), {street}: {hole}"))
        lines = [head.format(seat=self.seat, position=self.position, street=street_word(self.street),
                             hole=format_cards(self.hole), board=format_cards(self.board)),
                 self.price_text(), self.equity_text(), _("Ranges assumed:")]
        lines += [f"  {x}" for x in self.range_lines()]
        lines += [_("Note: {note}").format(note=n) for n in self.notes]
        lines.append(_("Hand: {hand}").format(hand=self.nuts))
        lines += [f"  {d}" for d in self.draws]
        lines += [_("Two-card rule: {rule}").format(rule=t) for t in self.two_card]
        if self.equilibrium is not None:
            lines.append(str(self.equilibrium))
        lines.append(_("Chip EV from now on (folding is 0):"))
        lines += [f"  {o}" for o in self.options]
        lines.append(_("Verdict: {verdict}").format(verdict=self.verdict))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return rendering.html("advice", self)   # drawn by omaha_learn.display when it is there


def _signed(x: float) -> str:
    """A chip EV with its sign and one decimal, written the way the language writes numbers (+12.5, +12,5)."""
    return ("+" if x >= 0 else "-") + format_number(abs(x), 1)


_MODELS = (N_("exact: no more betting is possible"), N_("the rest checked down, no implied odds"),
           N_("fold-equity model: each opponent continues with the hands that have its price against your betting "
              "range (at least its minimum defence) and folds the rest; the rest checked down"),
           N_("fold-equity model: each opponent continues with its preflop-table share for the raises it faces and "
              "folds the rest, the top of it re-raises; the rest checked down"))
"""The EV models' names (ev_model.py's constants) for the catalogue; a name not listed shows as it is."""

EQUILIBRIUM_MODEL = N_("equilibrium: both players play the solved strategy from here on, against the ranges "
                       "above as the street began")
"""The model of an option whose EV is the equilibrium's (a heads-up spot the solver answered)."""


def model_text(model: str) -> str:
    """An EV model's name in the language in use."""
    return _(model)


def action_label(label: str) -> str:
    """An option's label ("call", "bet 8 (pot)") in the language in use."""
    return _action_label(label)


def _verb(action: Action) -> str:
    return _action_label(str(action)).capitalize()


_ACTIONS = {"fold": N_("fold"), "check": N_("check"), "call": N_("call")}


def _action_label(label: str) -> str:
    """An option's English label ("call", "call 5", "bet 8 (pot)", "raise to 20 (pot)") in the language in use."""
    kind, _space, rest = label.partition(" ")
    if kind in _ACTIONS:
        return pgettext("coach action", _ACTIONS[kind]) + (f" {rest}" if rest else "")
    if kind == "bet":
        return _("bet {rest}").format(rest=rest)
    if label.startswith("raise to "):
        return _("raise to {rest}").format(rest=label.removeprefix("raise to "))
    return label


def _action_names() -> None:  # pragma: no cover - never called: Babel finds the actions' names here
    pgettext("coach action", "fold")
    pgettext("coach action", "check")
    pgettext("coach action", "call")


def option(model: SpotModel, action: Action, words: str = "") -> Option:
    """The :class:`Option` of ``action`` (a bet or raise labelled with ``words``) under ``model``."""
    view = model.view
    if action.kind == "fold":
        return Option(action, "fold", 0.0, 0.0, EXACT_MODEL, exact=True)
    me = view.seat
    target = view.bets[me] if action.kind == "check" else (
        view.bets[me] + view.to_call if action.kind == "call" else int(action.amount or 0))
    n = model.option(action.kind, target)
    return Option(action, option_label(action, words), n.ev, n.stderr, n.model, exact=n.exact,
                  break_even=n.break_even, fold_share=n.fold_share, numbers=n)


def weigh_action(model: SpotModel, action: Action) -> Option:
    """The option of any legal ``action`` at the model's decision (a :class:`CoachError` names an illegal one)."""
    legal = model.view.legal
    assert legal is not None
    why = legal.why_not(action)
    if why is not None:
        raise CoachError(_("action: {action} is not legal here: {why}; legal: {describe}").format(action=action.words(), why=why, describe=legal.describe()))
    return option(model, action)
