"""What happened at the table, as data, and the log line a learner reads for it.

:class:`~omaha_learn.engine.betting.state.HandState` applies the rules and
records an :class:`Event`; :func:`describe` turns the event into text, so the
rules and the prose can change apart.

>>> describe(Event("raise", "seat 2", 9, all_in=True))
'seat 2 raises to 9 (all-in)'
>>> describe(Event("bet", "ann", 3, full=False))
'ann bets 3: less than a full raise, so it does not reopen the betting for players who already acted (R17, R19)'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Event", "describe"]


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind`` is an action (fold, check, call, bet, raise), a forced bet
    (ante, small blind, big blind, post) or the end of a hand (wins, shows, collects).

    ``amount`` is the chips involved (for bets and raises the *to* total), ``all_in``
    whether the player has no chips left, ``full`` whether a bet or raise was a full
    one (R17, R19).
    """

    kind: str
    name: str
    amount: int | None = None
    all_in: bool = False
    full: bool = True
    cards: str = ""

    def __post_init__(self) -> None:
        if self.kind not in _TEXT:
            raise ValueError(f"unknown event kind {self.kind!r}")  # a bug in the engine, not a user's input


_TEXT = {
    "fold": "{name} folds",
    "check": "{name} checks",
    "call": "{name} calls {amount}{all_in}",
    "bet": "{name} bets {amount}{all_in}{short}",
    "raise": "{name} raises to {amount}{all_in}{short}",
    "ante": "{name} posts ante {amount}",
    "small blind": "{name} posts small blind {amount}{all_in}",
    "big blind": "{name} posts big blind {amount}{all_in}",
    "post": "{name} posts {amount} to play now (R28)",
    "kill": "{name} posts a kill, {amount} more (R25)",
    "dealt": "{name} is dealt {cards}",
    "shows": "{name} shows {cards}",
    "collects": "{name} collects {amount}",
    "wins uncontested": "{name} wins {amount} uncontested (R20)",
}
"""The log line of each kind of event."""

_SHORT = ": less than a full raise, so it does not reopen the betting for players who already acted (R17, R19)"


def describe(event: Event) -> str:
    """The log line for ``event``."""
    return _TEXT[event.kind].format(name=event.name, amount=event.amount, cards=event.cards,
                                    all_in=" (all-in)" if event.all_in else "", short="" if event.full else _SHORT)
