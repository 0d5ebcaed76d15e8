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

from omaha_learn.i18n import N_, gettext

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
        if self.kind not in _KINDS:
            raise ValueError(f"unknown event kind {self.kind!r}")  # a bug in the engine, not a user's input


_SHORT = ": less than a full raise, so it does not reopen the betting for players who already acted (R17, R19)"
"""How a short bet or raise ends its log line (English; each language writes the whole line)."""

_TEXT = {
    ("fold", False, True): N_("{name} folds"),
    ("check", False, True): N_("{name} checks"),
    ("call", False, True): N_("{name} calls {amount}"),
    ("call", True, True): N_("{name} calls {amount} (all-in)"),
    ("bet", False, True): N_("{name} bets {amount}"),
    ("bet", True, True): N_("{name} bets {amount} (all-in)"),
    ("bet", False, False): N_("{name} bets {amount}: less than a full raise, so it does not reopen the betting "
                              "for players who already acted (R17, R19)"),
    ("bet", True, False): N_("{name} bets {amount} (all-in): less than a full raise, so it does not reopen the "
                             "betting for players who already acted (R17, R19)"),
    ("raise", False, True): N_("{name} raises to {amount}"),
    ("raise", True, True): N_("{name} raises to {amount} (all-in)"),
    ("raise", False, False): N_("{name} raises to {amount}: less than a full raise, so it does not reopen the "
                                "betting for players who already acted (R17, R19)"),
    ("raise", True, False): N_("{name} raises to {amount} (all-in): less than a full raise, so it does not reopen "
                               "the betting for players who already acted (R17, R19)"),
    ("ante", False, True): N_("{name} posts ante {amount}"),
    ("small blind", False, True): N_("{name} posts small blind {amount}"),
    ("small blind", True, True): N_("{name} posts small blind {amount} (all-in)"),
    ("big blind", False, True): N_("{name} posts big blind {amount}"),
    ("big blind", True, True): N_("{name} posts big blind {amount} (all-in)"),
    ("post", False, True): N_("{name} posts {amount} to play now (R28)"),
    ("kill", False, True): N_("{name} posts a kill, {amount} more (R25)"),
    ("dealt", False, True): N_("{name} is dealt {cards}"),
    ("shows", False, True): N_("{name} shows {cards}"),
    ("collects", False, True): N_("{name} collects {amount}"),
    ("wins uncontested", False, True): N_("{name} wins {amount} uncontested (R20)"),
}
"""The log line of each kind of event, all-in or not, full or short: whole sentences for the catalogue."""

_KINDS = {kind for kind, _, _ in _TEXT}


def describe(event: Event) -> str:
    """The log line for ``event``, in the language in use."""
    kind = event.kind
    key = (kind, event.all_in and (kind, True, True) in _TEXT, event.full or (kind, event.all_in, False) not in _TEXT)
    if key not in _TEXT:          # a kind whose line says nothing of all-in or short (an ante, a fold)
        key = (kind, False, True)
    return gettext(_TEXT[key]).format(name=event.name, amount=event.amount, cards=event.cards)
