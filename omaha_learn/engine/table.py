"""A cash table that plays hand after hand: seats, the moving button, blinds, joining and leaving (R13, R26-R32).

>>> from omaha_learn.engine.betting.state import Action
>>> class CallingStation:               # a scripted player: checks or calls every time
...     def decide(self, hand):
...         return Action("call" if hand.legal_actions().can_call else "check")
>>> t = Table(game="plo", blinds=(1, 2), seed=1)
>>> for name in ("ann", "bob"):
...     t.join(name, 100, player=CallingStation())
>>> t.can_start()                       # R27: a new table needs three players
False
>>> t.join("cy", 100, player=CallingStation())
>>> hand = t.start_hand()
>>> [t.name_at(s) for s in t.hand_seats], t.button_seat in t.hand_seats
(['ann', 'bob', 'cy'], True)
>>> _ = t.play_hand()                   # finish it with the scripted players
>>> sum(t.chips(n) for n in ("ann", "bob", "cy"))
300

Policies where the rules leave room, kept simple and documented:

* the button moves to the next seat clockwise that is dealt in (a "moving
  button"); on a new table it starts at a random dealt-in seat (seeded, R13);
* R27 is read literally: a hand starts with three or more players not sitting
  out, or with two when the previous hand had three or more;
* R28: a newcomer waits until the big blind would reach them, or posts a big
  blind at once (``post_now=True``) and plays the next hand;
* R29: sitting out keeps the seat; :meth:`tidy` removes players sitting out
  for ``sit_out_limit`` seconds (10 minutes) by the injected ``clock``;
* R30: :meth:`time_out` checks if possible, else folds, and sits the player out;
  :meth:`tick` does it by the clock once ``decision_seconds`` plus
  ``reconnect_seconds`` (20) have passed;
* R31: :meth:`cancel_hand` gives every player back what they had when it began;
* R26: :meth:`misdeal` redeals with a new deck if no betting action was taken;
  after that the hand is played out;
* R32 (returns and ratholing, as source 002 says): leaving with 100 big blinds
  or more and coming back within 30 minutes is *counted* (:meth:`returns`, the
  count starting afresh at 00:00 UTC each day by ``wall_clock``); only a
  ``shortstack`` table (the room's Omaha Shortstack) refuses a return with fewer
  chips than the player left with (ratholing);
* the waiting list (002): a player who cannot be seated at once, because the
  table is full, waits in :meth:`wait` order and may leave the list at any time;
  the first one waiting takes the next free seat;
* R25 kill pots: with ``kill=`` set, a player who alone wins a pot above it posts
  a kill blind of ``kill_blind`` chips (twice the big blind by default: a "full
  kill"; 1.5 times: a "half kill") on the next hand, as a live blind, even from a
  blind seat (the blind counts in it), acting in turn; in fixed limit the bets of
  that hand grow in the same proportion. Source 003 only names who owes a kill;
  the rest is Robert's Rules of Poker, section 13 (kill pots);
* R24: ``chip`` is the smallest chip in play, and every pot splits down to it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any

from omaha_learn.engine import arguments
from omaha_learn.engine.betting.settings import Limits, Stakes
from omaha_learn.engine.betting.state import Action, HandState, IllegalAction
from omaha_learn.engine.games import DECK_SIZE, DEFAULT_GAME, MAX_PLAYERS, Game, cards_needed
from omaha_learn.errors import BettingSetupError, TableError
from omaha_learn.i18n import gettext, ngettext
from omaha_learn.i18n import gettext as _

__all__ = ["Table", "TableError", "Seat", "MAX_HANDS"]

MAX_HANDS = 100_000
"""The most hands :meth:`Table.play_hands` and :func:`omaha_learn.simulate` play in one call."""


@dataclass
class Seat:
    """One occupied seat."""

    name: str
    stack: int
    player: Any = None
    sitting_out_since: float | None = None
    waiting_for_bb: bool = False
    post_now: bool = False

    @property
    def sitting_out(self) -> bool:
        return self.sitting_out_since is not None


@dataclass
class _Left:
    stack: int
    at: float


@dataclass
class Table:
    """A cash table of ``seats`` seats (six by default, R27) playing ``game`` hand after hand: a
    :class:`~omaha_learn.Game` or its name, Omaha Hi-Lo (``"hilo"``) by default, each hand dealt the
    game's hole cards in its usual betting structure (five-card games seat at most 9).

    ``clock`` returns seconds (``time.monotonic`` by default); tests pass a fake
    clock so nothing waits. ``seed`` fixes the first button and every deal.
    """

    seats: int = 6
    game: str | Game = DEFAULT_GAME
    blinds: tuple[int, int] = (1, 2)
    small_bet: int | None = None
    big_bet: int | None = None
    ante: int = 0
    seed: int | None = None
    clock: Callable[[], float] = time.monotonic
    sit_out_limit: float = 600.0
    decision_seconds: float = 30.0
    reconnect_seconds: float = 20.0
    rathole_minutes: float = 30.0
    shortstack: bool = False
    wall_clock: Callable[[], float] = time.time
    kill: int | None = None
    kill_blind: int | None = None
    chip: int = 1
    structure: str | None = None
    """``"pot"`` or ``"fixed"`` limit; ``None`` is the game's usual one (PLO pot limit, Hi-Lo fixed limit)."""
    min_start: int = 3
    """Players needed to start a new table: 3 (R27, a club table); a practice table may set 2 (heads-up)."""
    # the table's state, not settings: never passed in
    occupants: dict[int, Seat] = field(default_factory=dict, init=False)
    hand: HandState | None = field(default=None, init=False)
    hand_seats: list[int] = field(default_factory=list, init=False)
    button_seat: int | None = field(default=None, init=False)
    hands_played: int = field(default=0, init=False)
    last_hand_size: int = field(default=0, init=False)
    cashed_out: dict[str, int] = field(default_factory=dict, init=False)
    log: list[str] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        seats = arguments.whole(self.seats, "seats", TableError)
        if not 2 <= seats <= MAX_PLAYERS:
            raise TableError(_("seats: a table has 2-{max_players} seats, got {seats}").format(max_players=MAX_PLAYERS, seats=self.seats))
        self.game = Game.parse(self.game)
        if cards_needed(seats, self.game.hole_cards) > DECK_SIZE:   # R1: every seat dealt, and a board
            most = max(k for k in range(2, seats + 1) if cards_needed(k, self.game.hole_cards) <= DECK_SIZE)
            raise TableError(_("seats: {seats} seats of {label} need {cards_needed} cards ({hole_cards} each and a board); a deck has {deck_size}, so at most {most} seats").format(seats=seats, label=self.game.local_label, cards_needed=cards_needed(seats, self.game.hole_cards), hole_cards=self.game.hole_cards, deck_size=DECK_SIZE, most=most))
        try:   # the settings every hand will be dealt with, checked now (a bad one would jam a hand later)
            stakes = Stakes(blinds=self.blinds, ante=self.ante)
            if self.structure is None:
                self.structure = self.game.betting
            Limits(self.structure, small_bet=self.small_bet, big_bet=self.big_bet)
        except BettingSetupError as e:
            raise TableError(str(e)) from None
        self.blinds = stakes.blinds
        if self.min_start not in (2, 3):
            raise TableError(_("min_start: 3 players start a club table (R27), 2 a heads-up practice table; got {min_start!r}").format(min_start=self.min_start))
        self.seed = arguments.seed(self.seed, "seed", TableError)
        if not callable(self.clock):
            raise TableError(_("clock: {clock!r} is not a function returning seconds").format(clock=self.clock))
        for name in ("sit_out_limit", "decision_seconds", "reconnect_seconds", "rathole_minutes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
                raise TableError(_("{name}: {value!r} is not a number of seconds (minutes) >= 0").format(name=name, value=value))
        if not callable(self.wall_clock):
            raise TableError(_("wall_clock: {wall_clock!r} is not a function returning seconds since 1970 (UTC)").format(wall_clock=self.wall_clock))
        if not isinstance(self.shortstack, bool):
            raise TableError(_("shortstack: {shortstack!r} is not True or False").format(shortstack=self.shortstack))
        self.chip = arguments.chips(self.chip, "chip", TableError, positive=True)
        if any(b % self.chip for b in (*self.blinds, self.ante)):
            raise TableError(_("chip {chip}: the blinds {blinds} and ante {ante} must be whole numbers of the smallest chip").format(chip=self.chip, blinds=self.blinds, ante=self.ante))
        if self.kill is not None:
            self.kill = arguments.chips(self.kill, "kill", TableError, positive=True)
        if self.kill_blind is None:
            self.kill_blind = 2 * max(self.blinds)
        self.kill_blind = arguments.chips(self.kill_blind, "kill_blind", TableError, positive=True)
        if self.kill_blind <= max(self.blinds) or 2 * self.kill_blind not in (3 * max(self.blinds), 4 * max(self.blinds)):
            raise TableError(_("kill_blind {kill_blind}: a kill is more than the big blind ({max}): 1.5 times it (a half kill) or twice it (a full kill)").format(kill_blind=self.kill_blind, max=max(self.blinds)))
        self.rng = random.Random(self.seed)
        self._left: dict[str, _Left] = {}
        self._returns: dict[tuple[str, date], int] = {}
        self._waiting: list[tuple[str, int, Any]] = []
        self._kill_owed: str | None = None
        self._decision_started = 0.0
        self._banked = True
        self._hand_start: dict[int, int] = {}

    # ------------------------------------------------------------------ seating
    def _seat_of(self, name: str) -> int:
        for s, seat in self.occupants.items():
            if seat.name == name:
                return s
        raise TableError(_("{name!r} is not at this table").format(name=name))

    def name_at(self, seat: int) -> str:
        if seat not in self.occupants:
            raise TableError(_("seat {seat!r} is empty or not a seat").format(seat=seat))
        return self.occupants[seat].name

    def chips(self, name: str) -> int:
        """A seated player's chips (their current hand's chips included)."""
        self._sync()
        s = self._seat_of(name)
        if self.hand is not None and s in self.hand_seats and not self.hand.is_over:
            return self.hand.stacks[self.hand_seats.index(s)] + self.hand.contributions[self.hand_seats.index(s)]
        return self.occupants[s].stack

    def join(self, name: str, stack: int, *, seat: int | None = None, player: Any = None,
             post_now: bool = False) -> None:
        """Sit ``name`` down with ``stack`` chips (R28: wait for the big blind, or ``post_now``)."""
        self._sync()
        if not isinstance(name, str):
            raise TableError(_("name: {name!r} is not text").format(name=name))
        if any(o.name == name for o in self.occupants.values()):
            raise TableError(_("{name!r} is already seated").format(name=name))
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise TableError(_("stack {stack!r}: bring a positive whole number of chips").format(stack=stack))
        left = self._left.get(name)
        back_soon = left is not None and self.clock() - left.at < self.rathole_minutes * 60
        if back_soon and self.shortstack and left is not None and stack < left.stack:
            raise TableError(_("{name!r} left {rathole_minutes:g} minutes ago or less with {stack} (100 big blinds or more): at a shortstack table a player must bring back at least that much (R32, no ratholing)").format(name=name, rathole_minutes=self.rathole_minutes, stack=left.stack))
        free = [s for s in range(self.seats) if s not in self.occupants]
        if not free:
            raise TableError(_("the table is full ({seats} seats): join the waiting list with wait()").format(seats=self.seats))
        if back_soon:
            key = (name, self._today())
            self._returns[key] = self._returns.get(key, 0) + 1
            self.log.append(ngettext("{name} returns within {minutes} minute after leaving with 100 big blinds or "
                                     "more (counted, R32)",
                                     "{name} returns within {minutes} minutes after leaving with 100 big blinds or "
                                     "more (counted, R32)", int(self.rathole_minutes))
                            .format(name=name, minutes=f"{self.rathole_minutes:g}"))
        if seat is None:
            seat = free[0]
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise TableError(_("seat {seat!r} is not a seat (0-{last})").format(seat=seat, last=self.seats - 1))
        elif seat not in free:
            raise TableError(_("seat {seat} is taken").format(seat=seat))
        started = self.hands_played > 0 or self.hand is not None
        self.occupants[seat] = Seat(name, stack, player, waiting_for_bb=started and not post_now,
                                    post_now=started and post_now)
        self.log.append(gettext("{name} sits in seat {seat} with {stack}").format(name=name, seat=seat, stack=stack))

    def leave(self, name: str) -> int:
        """Stand up with your chips (not during a hand you are in); returns them.

        The first player on the waiting list takes the free seat.
        """
        self._sync()
        s = self._seat_of(name)
        if self.hand is not None and not self.hand.is_over and s in self.hand_seats:
            raise TableError(_("{name!r} is in a hand; leave after it ends").format(name=name))
        seat = self.occupants.pop(s)
        if seat.stack >= 100 * max(self.blinds):
            self._left[name] = _Left(seat.stack, self.clock())
        self.cashed_out[name] = self.cashed_out.get(name, 0) + seat.stack
        self.log.append(gettext("{name} leaves with {stack}").format(name=name, stack=seat.stack))
        if self._kill_owed == name:
            self._kill_owed = None
        self._seat_waiting()
        return seat.stack

    # ------------------------------------------------------------- waiting list
    def wait(self, name: str, stack: int, *, player: Any = None) -> int:
        """Put ``name`` on the waiting list (source 002): seated with ``stack`` when a seat frees.

        Returns the place on the list (1 = next). A player may wait only when the table is full.
        """
        self._sync()
        if not isinstance(name, str):
            raise TableError(_("name: {name!r} is not text").format(name=name))
        if any(o.name == name for o in self.occupants.values()):
            raise TableError(_("{name!r} is already seated").format(name=name))
        if any(w[0] == name for w in self._waiting):
            raise TableError(_("{name!r} is already on the waiting list").format(name=name))
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise TableError(_("stack {stack!r}: bring a positive whole number of chips").format(stack=stack))
        if len(self.occupants) < self.seats:
            raise TableError(_("a seat is free: {name!r} can join() now").format(name=name))
        self._waiting.append((name, stack, player))
        self.log.append(gettext("{name} joins the waiting list ({place})").format(name=name, place=len(self._waiting)))
        return len(self._waiting)

    def leave_waiting_list(self, name: str) -> None:
        """Leave the waiting list at any time (source 002)."""
        for i, w in enumerate(self._waiting):
            if w[0] == name:
                del self._waiting[i]
                self.log.append(gettext("{name} leaves the waiting list").format(name=name))
                return
        raise TableError(_("{name!r} is not on the waiting list").format(name=name))

    @property
    def waiting_list(self) -> list[str]:
        """Names on the waiting list, next first."""
        return [w[0] for w in self._waiting]

    def _seat_waiting(self) -> None:
        while self._waiting and len(self.occupants) < self.seats:
            name, stack, player = self._waiting.pop(0)
            try:
                self.join(name, stack, player=player)
            except TableError as e:       # e.g. a shortstack table refusing a rathole: the next one waiting
                self.log.append(gettext("{name} could not take the seat: {why}").format(name=name, why=e))
            else:
                self.log.append(gettext("{name} is seated from the waiting list").format(name=name))

    # ----------------------------------------------------------------- R32
    def _today(self) -> date:
        return datetime.fromtimestamp(self.wall_clock(), timezone.utc).date()

    def returns(self, name: str) -> int:
        """R32: how often ``name`` came back within ``rathole_minutes`` after leaving with 100 big
        blinds or more, today (the count starts afresh at 00:00 UTC)."""
        return self._returns.get((name, self._today()), 0)

    def add_chips(self, name: str, amount: int) -> None:
        """Top up between hands; a player who had busted is sat back in."""
        self._sync()
        s = self._seat_of(name)
        if self.hand is not None and not self.hand.is_over and s in self.hand_seats:
            raise TableError(_("{name!r} is in a hand; add chips after it ends").format(name=name))
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise TableError(_("amount {amount!r}: add a positive whole number of chips").format(amount=amount))
        seat = self.occupants[s]
        if seat.stack == 0:
            seat.sitting_out_since = None
        seat.stack += amount
        self.log.append(gettext("{name} adds {amount}").format(name=name, amount=amount))

    def sit_out(self, name: str) -> None:
        """Keep the seat but get no cards and pay no blinds (R29)."""
        seat = self.occupants[self._seat_of(name)]
        if seat.sitting_out_since is None:
            seat.sitting_out_since = self.clock()

    def sit_in(self, name: str) -> None:
        self.occupants[self._seat_of(name)].sitting_out_since = None

    def tidy(self) -> list[str]:
        """Remove players who have sat out for ``sit_out_limit`` seconds (R29); return their names."""
        self._sync()
        now = self.clock()
        gone = [o.name for o in self.occupants.values()
                if o.sitting_out_since is not None and now - o.sitting_out_since >= self.sit_out_limit]
        for name in gone:
            if self.hand is None or self.hand.is_over or self._seat_of(name) not in self.hand_seats:
                self.log.append(gettext("{name} removed after sitting out (R29)").format(name=name))
                self.leave(name)
        return gone

    # ------------------------------------------------------------------ hands
    def _ready(self) -> list[int]:
        return [s for s, o in sorted(self.occupants.items()) if not o.sitting_out and o.stack > 0]

    def can_start(self) -> bool:
        """R27: three players not sitting out, or two if the previous hand had three or more."""
        self._sync()
        if self.hand is not None and not self.hand.is_over:
            return False
        ready = self._ready()
        return len(ready) >= self.min_start or (len(ready) == 2 and self.last_hand_size >= 3)

    def _next_button(self, candidates: list[int]) -> int:
        """R13: a random seat on a new table, then one seat clockwise each hand (moving button)."""
        if self.button_seat is None:
            return self.rng.choice(candidates)
        after = [s for s in candidates if s > self.button_seat]
        return after[0] if after else candidates[0]

    def start_hand(self) -> HandState:
        """Move the button, post blinds and deal the next hand."""
        self._sync()
        if not self.can_start():
            raise TableError(_("cannot start a hand: one is in progress") if self.hand is not None
                             and not self.hand.is_over else _("cannot start a hand: not enough players (R27)"))
        self.tidy()
        ready = self._ready()
        regular = [s for s in ready if not self.occupants[s].waiting_for_bb]
        if len(regular) < 2:
            regular = ready
        button = self._next_button(regular)
        k = ready.index(button)
        bb = ready[(k + (1 if len(ready) == 2 else 2)) % len(ready)]
        dealt = sorted(set(regular) | {bb})            # R28: a waiting player is dealt in at the big blind
        for s in dealt:
            self.occupants[s].waiting_for_bb = False
        self.button_seat = button
        self.hand_seats = dealt
        self._hand_start = {s: self.occupants[s].stack for s in dealt}
        self._deal()
        assert self.hand is not None
        return self.hand

    def _deal(self) -> None:
        dealt = self.hand_seats
        assert self.button_seat is not None
        posts = {i: max(self.blinds) for i, s in enumerate(dealt) if self.occupants[s].post_now}
        killer = next((i for i, s in enumerate(dealt) if self.occupants[s].name == self._kill_owed), None)
        small_bet, big_bet = self.small_bet, self.big_bet
        if killer is not None:      # R25: a live kill blind, posted even from a blind seat (its blind counts in it)
            assert self.kill_blind is not None
            posts[killer] = min(self.kill_blind, self._hand_start[dealt[killer]])
            if self.structure == "fixed":          # the kill raises the limits in proportion (a full kill doubles)
                small_bet = (small_bet or max(self.blinds)) * self.kill_blind // max(self.blinds)
                big_bet = (big_bet or 2 * max(self.blinds)) * self.kill_blind // max(self.blinds)
            self.log.append(gettext("{name} posts a kill of {amount} (R25)").format(name=self._kill_owed,
                                                                                    amount=posts[killer]))
        self._banked = False
        self.hand = HandState([self._hand_start[s] for s in dealt], game=self.game, blinds=self.blinds,
                              structure=self.structure,
                              small_bet=small_bet, big_bet=big_bet, ante=self.ante,
                              button=dealt.index(self.button_seat), seed=self.rng.randrange(2**32),
                              names=[self.occupants[s].name for s in dealt], posts=posts,
                              chip=self.chip, kill=self.kill)
        self.log.append(gettext("hand {number}: button {name}").format(number=self.hands_played + 1,
                                                                       name=self.name_at(self.button_seat)))
        self._decision_started = self.clock()

    def act(self, action: Action | str, amount: int | None = None) -> None:
        """Play ``action`` for the player to act in the current hand."""
        if self.hand is None or self.hand.is_over:
            raise IllegalAction(_("no hand in progress"))
        self.hand.act(action, amount)
        self._decision_started = self.clock()
        if self.hand.is_over:
            self._finish()

    def _sync(self) -> None:
        """Bank a hand that ended, also when it was played on ``table.hand`` directly."""
        if self.hand is not None and self.hand.is_over and not self._banked:
            self._finish()

    def _finish(self) -> None:
        assert self.hand is not None
        if self._banked:
            return
        self._banked = True
        for i, s in enumerate(self.hand_seats):
            self.occupants[s].stack = self.hand.stacks[i]
            self.occupants[s].post_now = False
        self.hands_played += 1
        self.last_hand_size = len(self.hand_seats)
        self._kill_owed = None
        result = self.hand.result
        kill_seat = getattr(result, "kill_seat", None)
        winner = getattr(result, "winner", None)
        if self.kill is not None and winner is not None:    # everyone else folded: the pot won, less uncalled chips
            c = [self._hand_start[s] - self.hand.stacks[i] + result.payouts[i] for i, s in enumerate(self.hand_seats)]
            matched = max((x for i, x in enumerate(c) if i != winner), default=0)
            if sum(min(x, matched) for x in c) > self.kill:
                kill_seat = winner
        if self.kill is not None and kill_seat is not None:
            self._kill_owed = self.name_at(self.hand_seats[kill_seat])
            self.log.append(gettext("{name} scooped a pot above {kill} and owes a kill next hand (R25)")
                            .format(name=self._kill_owed, kill=self.kill))
        for s in self.hand_seats:
            if self.occupants[s].stack == 0:
                self.sit_out(self.occupants[s].name)   # busted: sits out until chips are added

    def to_act_name(self) -> str | None:
        if self.hand is None or self.hand.to_act is None:
            return None
        return self.name_at(self.hand_seats[self.hand.to_act])

    def time_out(self) -> Action:
        """R30: the player to act ran out of time: check if possible, else fold; they sit out."""
        self._sync()
        if self.hand is None or self.hand.to_act is None:
            raise TableError(_("nobody is to act"))
        name = self.to_act_name()
        assert name is not None
        action = Action("check") if self.hand.legal_actions().can_check else Action("fold")
        self.act(action)
        self.sit_out(name)
        self.log.append((gettext("{name} timed out: checks and sits out (R30)") if action.kind == "check"
                         else gettext("{name} timed out: folds and sits out (R30)")).format(name=name))
        return action

    def tick(self) -> Action | None:
        """R30 by the clock: if the player to act has used their decision time plus the
        reconnection time, play :meth:`time_out` for them and return the action taken."""
        self._sync()
        if self.hand is None or self.hand.to_act is None:
            return None
        if self.clock() - self._decision_started < self.decision_seconds + self.reconnect_seconds:
            return None
        return self.time_out()

    def cancel_hand(self) -> None:
        """R31: the hand cannot be completed: it is cancelled and every bet goes back."""
        self._sync()
        if self.hand is None or self.hand.is_over:
            raise TableError(_("no hand in progress to cancel"))
        for s, stack in self._hand_start.items():
            self.occupants[s].stack = stack
        self.hand = None
        self.log.append("hand cancelled, all bets returned (R31)")

    def misdeal(self) -> bool:
        """R26: a defective card found face down. Before any betting: new deck, redeal (True).

        After betting has started the hand is played out (False).
        """
        self._sync()
        if self.hand is None or self.hand.is_over:
            raise TableError(_("no hand in progress"))
        if self.hand.history:
            self.log.append("defective card found after betting started: the hand is played out (R26)")
            return False
        self._deal()
        self.log.append("misdeal: all cards back, new deck (R26)")
        return True

    def play_hand(self) -> HandState:
        """Finish the current hand (or start one) with the seated players' scripted ``player``s."""
        self._sync()
        if self.hand is None or self.hand.is_over:
            self.start_hand()
        hand = self.hand
        assert hand is not None
        while not hand.is_over:
            seat = self.occupants[self.hand_seats[hand.to_act or 0]]
            if seat.player is None:
                raise TableError(_("{name!r} has no scripted player; use act()").format(name=seat.name))
            self.act(seat.player.decide(hand))
        return hand

    def play_hands(self, n: int) -> list[HandState]:
        """Play up to ``n`` hands with the scripted players; stops when a hand cannot start."""
        n = arguments.chips(n, "n", TableError)
        if n > MAX_HANDS:
            raise TableError(_("n: at most {max_hands} hands at a time, got {n}").format(max_hands=MAX_HANDS, n=n))
        out = []
        for _hand in range(n):
            if not self.can_start():
                break
            out.append(self.play_hand())
        return out

    def __repr__(self) -> str:
        people = ", ".join((gettext("{seat}:{name}({stack}, out)") if o.sitting_out else "{seat}:{name}({stack})")
                           .format(seat=s, name=o.name, stack=o.stack) for s, o in sorted(self.occupants.items()))
        return f"<Table {self.game} {self.blinds[0]}/{self.blinds[1]} [{people}]>"
