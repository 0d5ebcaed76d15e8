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
            raise IllegalAction(f"{self.kind!r} is not an action kind (use one of {', '.join(ACTION_KINDS)})",
                                action=self.kind)
        if self.amount is not None and (isinstance(self.amount, bool) or not isinstance(self.amount, int)):
            raise IllegalAction(f"amount {self.amount!r} must be a whole number of chips", action=self.kind)
        if self.kind in ("bet", "raise") and self.amount is None:
            raise IllegalAction(f"{self.kind} needs an amount (the total to {self.kind} to)", action=self.kind)
        if self.kind in ("fold", "check") and self.amount is not None:
            raise IllegalAction(f"{self.kind} takes no amount", action=self.kind)

    @classmethod
    def parse(cls, text: str | Action, amount: int | None = None) -> Action:
        """Read ``"fold"``, ``"check"``, ``"call"``, ``"bet 4"``, ``"raise to 7"``, ``"r7"``, ``"x"``..."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not an action", action=text)
        m = _TEXT_RE.match(text.lower())
        kind = _ALIASES.get(m.group(1)) if m else None
        if m is None or kind is None:
            raise IllegalAction(f"{text!r} is not an action (use fold, check, call, bet N or raise N, "
                                "or f, x, c, bN, rN)", action=text)
        if m.group(2) is not None:
            if len(m.group(2)) > _MAX_DIGITS:
                raise IllegalAction(f"{text[:40]!r}...: an amount of {len(m.group(2))} digits is not a number of chips",
                                    action=text[:40])
            if amount is not None and amount != int(m.group(2)):
                raise IllegalAction(f"{text!r} and amount {amount} disagree", action=text)
            amount = int(m.group(2))
        return cls(kind, amount)

    def __str__(self) -> str:
        if self.kind == "raise":
            return f"raise to {self.amount}"
        if self.kind == "bet" or (self.kind == "call" and self.amount is not None):
            return f"{self.kind} {self.amount}"
        return self.kind

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
            return None if self.can_fold else "there is nothing to call, so there is no reason to fold; check instead"
        if k == "check":
            return None if self.can_check else f"cannot check facing a bet: {self.to_call} to call"
        if k == "call":
            if not self.can_call:
                return "there is nothing to call; check instead"
            if amt is not None and amt != self.to_call:
                return f"call {amt} is wrong: the call is {self.to_call}"
            return None
        word = "bet" if k == "bet" else "raise to"
        can = self.can_bet if k == "bet" else self.can_raise
        if not can:
            if k == "bet" and self.can_raise:
                return "there is already a bet: raise instead of bet"
            if k == "raise" and self.can_bet:
                return "there is no bet to raise: bet instead"
            return f"{'betting' if k == 'bet' else 'raising'} is not allowed now"
        assert amt is not None and self.min_to is not None and self.max_to is not None
        if amt > self.all_in_to:
            return f"{word} {amt} is more than the {self.all_in_to} this player has"
        if self.structure == "fixed" and not self.min_to <= amt <= self.max_to:
            return f"{word} {amt} is not the fixed-limit amount: {word} {self.min_to} (R17)"
        if amt < self.min_to:
            return f"{word} {amt} is below the {self.structure}-limit minimum of {self.min_to}"
        if amt > self.max_to:
            return f"{word} {amt} is above the {self.structure}-limit maximum of {self.max_to}"
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
