"""Betting actions, the set of legal actions at a decision, and the error for illegal ones.

These are the small value objects :class:`omaha_learn.engine.betting.state.HandState` hands
out and accepts (R15-R19). Amounts of bets and raises are always *to* totals:
``raise to 7`` means the player's chips in front of them this round become 7.

>>> Action.parse("r7")
Action('raise', 7)
>>> str(Action.parse("call"))
'call'
>>> legal = LegalActions(seat=2, to_call=2, can_check=False, can_call=True, can_fold=True,
...                      can_bet=False, can_raise=True, min_to=4, max_to=7, all_in_to=100)
>>> legal.describe()
'fold, call 2, raise to 4-7'
>>> Action("raise", 9) in legal
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from omaha_learn.errors import IllegalAction
from omaha_learn.i18n import gettext, pgettext
from omaha_learn.i18n import gettext as _

__all__ = ["Action", "LegalActions", "IllegalAction", "ACTION_KINDS"]

ACTION_KINDS = ("fold", "check", "call", "bet", "raise")
"""The five kinds of betting action."""

_ALIASES = {
    "f": "fold", "fold": "fold",
    "x": "check", "k": "check", "check": "check",
    "c": "call", "call": "call",
    "b": "bet", "bet": "bet",
    "r": "raise", "raise": "raise", "raise_to": "raise", "raiseto": "raise",
}
_MAX_DIGITS = 100
"""Longest amount read from text (Python refuses to read integers of more than 4300 digits)."""
_TEXT_RE = re.compile(r"^\s*([a-z_]+?)\s*(?:to\s*)?(\d+)?\s*$")


@dataclass(frozen=True)
class Action:
    """One betting decision: ``kind`` is fold, check, call, bet or raise.

    ``amount`` is the bet or raise *to* total (chips in front of the player this
    round afterwards); for a call it may be given and must then equal the amount
    to call; fold and check take none.

    >>> Action("bet", 4)
    Action('bet', 4)
    >>> Action.parse("raise to 25"), Action.parse("f"), Action.parse("x")
    (Action('raise', 25), Action('fold'), Action('check'))
    >>> Action.parse("jump")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.IllegalAction: 'jump' is not an action (use fold, check, call, bet N or raise N, or f, x, c, bN, rN)
    """

    kind: str
    amount: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise IllegalAction(_("{kind!r} is not an action kind (use one of {kinds})").format(
                kind=self.kind, kinds=", ".join(ACTION_KINDS)),
                                action=self.kind)
        if self.amount is not None and (isinstance(self.amount, bool) or not isinstance(self.amount, int)):
            raise IllegalAction(_("amount {amount!r} must be a whole number of chips").format(amount=self.amount),
                                action=self.kind)
        if self.kind in ("bet", "raise") and self.amount is None:
            message = (_("bet needs an amount (the total to bet to)") if self.kind == "bet"
                       else _("raise needs an amount (the total to raise to)"))
            raise IllegalAction(message, action=self.kind)
        if self.kind in ("fold", "check") and self.amount is not None:
            raise IllegalAction(_("{kind} takes no amount").format(kind=self.kind), action=self.kind)

    @classmethod
    def parse(cls, text: str | Action, amount: int | None = None) -> Action:
        """Read ``"fold"``, ``"check"``, ``"call"``, ``"bet 4"``, ``"raise to 7"``, ``"r7"``, ``"x"``..."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalAction(_("{text!r} is not an action").format(text=text), action=text)
        m = _TEXT_RE.match(text.lower())
        kind = _ALIASES.get(m.group(1)) if m else None
        if m is None or kind is None:
            raise IllegalAction(_("{text!r} is not an action (use fold, check, call, bet N or raise N, "
                                  "or f, x, c, bN, rN)").format(text=text), action=text)
        if m.group(2) is not None:
            if len(m.group(2)) > _MAX_DIGITS:
                raise IllegalAction(_("{text!r}...: an amount of {digits} digits is not a number of chips").format(
                    text=text[:40], digits=len(m.group(2))),
                                    action=text[:40])
            if amount is not None and amount != int(m.group(2)):
                raise IllegalAction(_("{text!r} and amount {amount} disagree").format(text=text, amount=amount), action=text)
            amount = int(m.group(2))
        return cls(kind, amount)

    def __str__(self) -> str:
        if self.kind == "raise":
            return f"raise to {self.amount}"
        if self.kind == "bet" or (self.kind == "call" and self.amount is not None):
            return f"{self.kind} {self.amount}"
        return self.kind

    def words(self) -> str:
        """The action as :meth:`__str__` writes it, in the language in use (for messages)."""
        if self.kind == "raise":
            return _("raise to {amount}").format(amount=self.amount)
        if self.kind == "bet":
            return _("bet {amount}").format(amount=self.amount)
        if self.kind == "call" and self.amount is not None:
            return _("call {amount}").format(amount=self.amount)
        if self.kind == "fold":
            return pgettext("legal action", "fold")
        if self.kind == "check":
            return pgettext("legal action", "check")
        return pgettext("legal action", "call")

    def __repr__(self) -> str:
        return f"Action({self.kind!r})" if self.amount is None else f"Action({self.kind!r}, {self.amount})"


@dataclass(frozen=True)
class LegalActions:
    """What the player to act (``seat``) may do now, with amounts.

    ``to_call`` is the chips needed to call (capped by the stack: a short stack
    calls all-in). ``min_to``/``max_to`` bound the bet or raise-to total when
    ``can_bet`` or ``can_raise``; ``min_to`` may be below a full raise only
    when it is the player's all-in (R18, R19). ``all_in_to`` is the player's
    total if they put in every chip.
    """

    seat: int
    to_call: int
    can_check: bool
    can_call: bool
    can_fold: bool
    can_bet: bool
    can_raise: bool
    min_to: int | None
    max_to: int | None
    all_in_to: int
    structure: str = "pot"

    def __contains__(self, action: object) -> bool:
        try:
            a = Action.parse(action)  # type: ignore[arg-type]
        except IllegalAction:
            return False
        return self.why_not(a) is None

    def why_not(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal, else the reason it is not (without the legal list)."""
        k, amt = action.kind, action.amount
        if k == "fold":
            return None if self.can_fold else _("there is nothing to call, so there is no reason to fold; check instead")
        if k == "check":
            return None if self.can_check else _("cannot check facing a bet: {to_call} to call").format(
                to_call=self.to_call)
        if k == "call":
            if not self.can_call:
                return _("there is nothing to call; check instead")
            if amt is not None and amt != self.to_call:
                return _("call {amount} is wrong: the call is {to_call}").format(amount=amt, to_call=self.to_call)
            return None
        bet = k == "bet"
        can = self.can_bet if bet else self.can_raise
        if not can:
            if bet and self.can_raise:
                return _("there is already a bet: raise instead of bet")
            if k == "raise" and self.can_bet:
                return _("there is no bet to raise: bet instead")
            return _("betting is not allowed now") if bet else _("raising is not allowed now")
        assert amt is not None and self.min_to is not None and self.max_to is not None
        fields = {"amount": amt, "have": self.all_in_to, "min": self.min_to, "max": self.max_to}
        if amt > self.all_in_to:
            return (_("bet {amount} is more than the {have} this player has") if bet
                    else _("raise to {amount} is more than the {have} this player has")).format(**fields)
        if self.structure == "fixed" and not self.min_to <= amt <= self.max_to:
            return (_("bet {amount} is not the fixed-limit amount: bet {min} (R17)") if bet
                    else _("raise to {amount} is not the fixed-limit amount: raise to {min} (R17)")).format(**fields)
        if self.structure == "pot":
            if amt < self.min_to:
                return (_("bet {amount} is below the pot-limit minimum of {min}") if bet
                        else _("raise to {amount} is below the pot-limit minimum of {min}")).format(**fields)
            if amt > self.max_to:
                return (_("bet {amount} is above the pot-limit maximum of {max}") if bet
                        else _("raise to {amount} is above the pot-limit maximum of {max}")).format(**fields)
        else:
            if amt < self.min_to:
                return (_("bet {amount} is below the fixed-limit minimum of {min}") if bet
                        else _("raise to {amount} is below the fixed-limit minimum of {min}")).format(**fields)
            if amt > self.max_to:
                return (_("bet {amount} is above the fixed-limit maximum of {max}") if bet
                        else _("raise to {amount} is above the fixed-limit maximum of {max}")).format(**fields)
        return None

    def actions(self) -> list[Action]:
        """Representative legal actions: fold/check/call and the smallest and largest bet or raise."""
        out: list[Action] = []
        if self.can_fold:
            out.append(Action("fold"))
        if self.can_check:
            out.append(Action("check"))
        if self.can_call:
            out.append(Action("call"))
        if (self.can_bet or self.can_raise) and self.min_to is not None and self.max_to is not None:
            kind = "bet" if self.can_bet else "raise"
            out.append(Action(kind, self.min_to))
            if self.max_to != self.min_to:
                out.append(Action(kind, self.max_to))
        return out

    def describe(self) -> str:
        """The legal actions in words, e.g. ``'fold, call 2, raise to 4-7'``."""
        parts: list[str] = []
        if self.can_fold:
            parts.append(pgettext("legal action", "fold"))
        if self.can_check:
            parts.append(pgettext("legal action", "check"))
        if self.can_call:
            call = (gettext("call {amount} (all-in)") if self.to_call == self.all_in_to else gettext("call {amount}"))
            parts.append(call.format(amount=self.to_call))
        if (self.can_bet or self.can_raise) and self.min_to is not None and self.max_to is not None:
            rng = str(self.min_to) if self.min_to == self.max_to else f"{self.min_to}-{self.max_to}"
            parts.append((gettext("bet {amounts}") if self.can_bet else gettext("raise to {amounts}")).format(amounts=rng))
        return ", ".join(parts)

    @staticmethod
    def _messages() -> None:  # pragma: no cover - never called: the actions' names, for the catalogue
        pgettext("legal action", "fold")
        pgettext("legal action", "check")

    def __str__(self) -> str:
        return self.describe()
