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


def describe(event: Event) -> str:
    """The log line for ``event``."""
    name, amount, kind = event.name, event.amount, event.kind
    all_in = " (all-in)" if event.all_in else ""
    if kind == "fold":
        return f"{name} folds"
    if kind == "check":
        return f"{name} checks"
    if kind == "call":
        return f"{name} calls {amount}{all_in}"
    if kind in ("bet", "raise"):
        word = "bets" if kind == "bet" else "raises to"
        short = "" if event.full else (": less than a full raise, so it does not reopen the betting"
                                       " for players who already acted (R17, R19)")
        return f"{name} {word} {amount}{all_in}{short}"
    if kind == "ante":
        return f"{name} posts ante {amount}"
    if kind in ("small blind", "big blind"):
        return f"{name} posts {kind} {amount}{all_in}"
    if kind == "post":
        return f"{name} posts {amount} to play now (R28)"
    if kind == "dealt":
        return f"{name} is dealt {event.cards}"
    if kind == "shows":
        return f"{name} shows {event.cards}"
    if kind == "collects":
        return f"{name} collects {amount}"
    if kind == "wins uncontested":
        return f"{name} wins {amount} uncontested (R20)"
    raise ValueError(f"unknown event kind {kind!r}")  # pragma: no cover - a bug in the engine
