"""What one seat can see of a hand: its own hole cards, the board, the actions, the chips.

The coach (:mod:`omaha_learn.strategy.coach`) and the range estimate
(:mod:`omaha_learn.strategy.opponent_model`) read a hand only through a
:class:`SeatView`, which copies out the public facts and the seat's own cards
and nothing else: no other seat's hole cards, no deck, no result.

>>> from omaha_learn.engine.betting.state import HandState
>>> hand = HandState([100, 100, 100], game="plo", seed=1)
>>> view = seat_view(hand)
>>> view.seat, len(view.hole), view.to_call, view.pot
(0, 4, 2, 3)
>>> hasattr(view, "holes")
False
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_learn.engine.betting.actions import Action, LegalActions
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.cards import Card
from omaha_learn.engine.games import Game
from omaha_learn.errors import CoachError
from omaha_learn.i18n import gettext as _

__all__ = ["SeatView", "seat_view", "PublicStep"]


@dataclass(frozen=True)
class PublicStep:
    """One action as every seat saw it: the pot (bets included) and the largest bet of the round just before it."""

    street: int
    seat: int
    action: Action
    pot: int
    top_bet: int
    seat_bet: int


@dataclass(frozen=True)
class SeatView:
    """The public state of a hand plus one seat's own cards (see the module notes).

    ``history`` holds ``(street index, seat, action)`` (0 preflop .. 3 river);
    ``bets`` are the chips in front of each seat this round, ``contributions``
    each seat's chips in the middle this hand (antes and blinds included),
    ``stacks`` the chips behind. ``legal`` is the seat's legal actions when it
    is to act, else ``None``.
    """

    seat: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    game: Game
    qualifier: int | None
    n: int
    button: int
    sb_seat: int
    bb_seat: int
    big_blind: int
    street_index: int
    history: tuple[tuple[int, int, Action], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    names: tuple[str, ...]
    structure: str
    legal: LegalActions | None
    steps: tuple[PublicStep, ...] = ()
    """Every action with the pot and bets before it (public facts, replayed without any hole card)."""

    @property
    def to_call(self) -> int:
        return self.legal.to_call if self.legal is not None else 0

    @property
    def pot(self) -> int:
        """Chips in the middle, current bets included."""
        return sum(self.contributions)

    @property
    def opponents(self) -> list[int]:
        """Seats other than ``seat`` that have not folded."""
        return [i for i in range(self.n) if i != self.seat and not self.folded[i]]

    @property
    def street(self) -> str:
        return ("preflop", "flop", "turn", "river")[min(self.street_index, 3)]


def seat_view(hand: HandState, seat: int | None = None) -> SeatView:
    """The :class:`SeatView` of ``seat`` (default: the seat to act) in ``hand``.

    Raises :class:`~omaha_learn.errors.CoachError` for a finished hand, a seat
    that is not in the hand, or a seat whose cards are unknown.
    """
    if not isinstance(hand, HandState):
        raise CoachError(_("hand: expected a HandState, got {name}").format(name=type(hand).__name__))
    if hand.is_over:
        raise CoachError(_("hand: the hand is over; there is no decision to advise on"))
    if seat is None:
        seat = hand.to_act
        if seat is None:
            raise CoachError(_("hand: nobody is to act"))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.n:
        raise CoachError(_("seat: {seat!r} is not a seat of this hand (0-{value})").format(seat=seat, value=hand.n - 1))
    if hand.folded[seat]:
        raise CoachError(_("seat: seat {seat} has folded").format(seat=seat))
    hole = hand.holes[seat]
    if hole is None:
        raise CoachError(_("seat: the hole cards of seat {seat} are unknown").format(seat=seat))
    legal = hand.legal_actions() if hand.to_act == seat else None
    steps = _steps(hand)
    return SeatView(seat=seat, hole=tuple(hole), board=tuple(hand.board), game=hand.game, qualifier=hand.qualifier,
                    n=hand.n, button=hand.button, sb_seat=hand.sb_seat, bb_seat=hand.bb_seat,
                    big_blind=hand.big_blind, street_index=hand.street_index, history=tuple(hand.history),
                    stacks=tuple(hand.stacks), bets=tuple(hand.bets), contributions=tuple(hand.contributions),
                    folded=tuple(hand.folded), names=tuple(hand.names), structure=hand.structure, legal=legal, steps=steps)


def _steps(hand: HandState) -> tuple[PublicStep, ...]:
    """The public record of ``hand``'s actions, replayed from the starting stacks with no hole cards."""
    from omaha_learn.errors import OmahaLearnError

    try:
        replay = HandState(hand.starting_stacks, game=hand.game, stakes=hand.stakes, limits=hand.limits,
                           button=hand.button, hole_count=hand.hole_count, holes=[None] * hand.n,
                           board=hand.board, qualifier=hand.qualifier, deal_missing=False)
        out = []
        for street, seat, action in hand.history:
            out.append(PublicStep(street, seat, action, replay.pot, max(replay.bets), replay.bets[seat]))
            replay.act(action)
        return tuple(out)
    except OmahaLearnError:      # pragma: no cover - the same rules replay the same actions
        return ()
