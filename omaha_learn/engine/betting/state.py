"""Playing one hand: fixed-limit Omaha Hi-Lo and Pot-Limit Omaha betting (R13-R20).

:class:`HandState` deals a hand (seeded, or from given cards), posts antes and
blinds, offers :meth:`HandState.legal_actions` to the player to act, applies
actions with :meth:`HandState.act` and, when the betting is over, deals any
remaining board and settles the pot with :func:`omaha_learn.showdown`.

Seats are numbered ``0..n-1`` clockwise. The button is ``button``; the small
blind is the next seat and the big blind the one after, except heads-up, where
the button posts the small blind (R14).

Readings of the rules where they leave room:

* R19 per player: a player who already acted this round may raise again only
  if the bet has grown since by a full raise (the largest bet or raise of the
  round, at least the big blind; in fixed limit half a bet, R17), whether by
  one raise or by several short all-ins together. An all-in *bet* smaller
  than the big blind does not reopen for players who checked.
* Fixed limit: the cap counts the big blind as the preflop bet; it applies
  while more than two players hold cards (``cap``), else ``cap_heads_up``.
* Folding is offered only when facing a bet; a player who has matched the bet
  and has nobody left with chips to bet against is not asked to act.
* Antes (and the big-blind ante) are dead money in the main pot.
* Known differences from PokerKit 0.7.7 (see tests/test_betting_pokerkit.py):
  PokerKit lets a first bet or raise smaller than the big blind reopen the
  betting, and lets a player fold when checking is free.

>>> hand = HandState([100, 100, 100], game="plo", blinds=(1, 2), seed=1)
>>> hand.to_act, hand.legal_actions().describe()
(0, 'fold, call 2, raise to 4-7')
>>> hand.act("r7"); hand.fold(); hand.call()
>>> hand.street, hand.pot
('flop', 15)
>>> hand.act("raise", 9)
Traceback (most recent call last):
...
omaha_learn.errors.IllegalAction: seat 2 cannot raise to 9: there is no bet to raise: bet instead; legal: check, bet 2-15
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from omaha_learn.engine.betting.actions import Action, IllegalAction, LegalActions
from omaha_learn.engine.betting.antes import add_dead_antes
from omaha_learn.engine.betting.limits import fixed_limit_amount, is_full_raise, pot_limit_range, reopens_for
from omaha_learn.engine.cards import Card, CardsLike, Deck, format_cards, parse_cards
from omaha_learn.engine.games import Game

__all__ = ["HandState", "Action", "LegalActions", "IllegalAction", "UncontestedResult", "STREETS"]

STREETS = ("preflop", "flop", "turn", "river")
"""The four betting rounds (R1)."""
_BOARD_AFTER = (0, 3, 4, 5)

GAMES = {"hilo": "fixed", "plo": "pot"}
"""Game name -> default betting structure: fixed-limit Hi-Lo 8-or-better, Pot-Limit Omaha high."""


@dataclass(frozen=True)
class UncontestedResult:
    """All but one player folded: ``winner`` takes the pot and shows nothing (R20)."""

    winner: int
    pot: int
    payouts: list[int]
    board: tuple[Card, ...] = ()
    show_order: tuple[int, ...] = ()
    uncontested: bool = True

    def describe(self) -> str:
        return f"seat {self.winner} wins {self.pot} uncontested"


@dataclass
class _Round:
    """Betting bookkeeping for the current street."""

    pending: set[int] = field(default_factory=set)   # seats that still must act
    current: int = 0            # highest bet in front of anyone this round
    raise_size: int = 0         # largest bet/raise increment this round (pot limit)
    level: int = 0              # bet level of the last full bet or raise (fixed limit)
    count: int = 0              # full bets and raises this round (fixed-limit cap)
    aggressor: int | None = None


class HandState:
    """One hand of Omaha, from the blinds to the payouts.

    Parameters: ``stacks`` (chips per seat, 2-10 seats, each > 0); ``game``
    ``"hilo"`` (fixed-limit Omaha Hi-Lo 8-or-better) or ``"plo"`` (Pot-Limit
    Omaha high); ``structure`` overrides the betting (``"fixed"`` or ``"pot"``);
    ``blinds`` (small, big); ``small_bet``/``big_bet`` the fixed-limit steps
    (default: big blind and twice it, R17); ``ante`` per player and ``bb_ante``
    posted by the big blind; ``button`` seat; ``hole_count`` 4 or 5 (five-card
    Omaha); cards from ``seed`` (a :class:`~omaha_learn.engine.cards.Deck`), or
    ``holes`` (one entry per seat; ``None`` entries are dealt from the deck, or
    left unknown with ``deal_missing=False``) and ``board`` (cards to deal in
    order, the rest from the deck); ``posts`` maps seats to a big blind posted
    at once by a new player (R28); ``cap`` bets+raises per round
    multiway and ``cap_heads_up`` once two players remain (``None`` = no cap);
    ``qualifier`` for the low.

    >>> h = HandState([20, 20], game="hilo", blinds=(1, 2), seed=3)
    >>> h.button, h.to_act          # heads-up: button posts SB and acts first (R14)
    (0, 0)
    >>> h.call(); h.check()          # BB's option (R15)
    >>> h.street, h.to_act           # after the flop the BB acts first
    ('flop', 1)
    """

    def __init__(self, stacks: Sequence[int], *, game: str = "hilo", structure: str | None = None,
                 blinds: tuple[int, int] = (1, 2), small_bet: int | None = None, big_bet: int | None = None,
                 ante: int = 0, bb_ante: int = 0, button: int = 0, hole_count: int = 4,
                 seed: int | None = None, holes: Sequence[CardsLike | None] | None = None,
                 board: CardsLike = (), cap: int | None = 4, cap_heads_up: int | None = None,
                 qualifier: int | None = 8, names: Sequence[str] | None = None,
                 posts: dict[int, int] | None = None, deal_missing: bool = True) -> None:
        n = len(stacks)
        if not 2 <= n <= 10:
            raise ValueError(f"stacks: a hand needs 2-10 players, got {n}")
        for i, s in enumerate(stacks):
            if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
                raise ValueError(f"stacks: seat {i} has {s!r}; every stack must be a positive whole number")
        game = Game.parse(game).value
        if game not in GAMES:
            raise ValueError(f"game {game!r} is not one of {', '.join(GAMES)} (or 'high' for plo)")
        structure = structure or GAMES[game]
        if structure not in ("fixed", "pot"):
            raise ValueError(f"structure {structure!r} must be 'fixed' or 'pot'")
        sb, bb = blinds
        if not (0 <= sb <= bb and bb > 0):
            raise ValueError(f"blinds {blinds!r}: need 0 <= small <= big and big > 0")
        if ante < 0 or bb_ante < 0:
            raise ValueError("antes cannot be negative")
        if not 0 <= button < n:
            raise ValueError(f"button {button!r} is not a seat (0-{n - 1})")
        if hole_count not in (4, 5):
            raise ValueError(f"hole_count {hole_count!r}: Omaha deals 4 (or 5 for five-card Omaha)")
        self.n = n
        self.game = game
        self.structure = structure
        self.blinds = (sb, bb)
        self.small_bet = bb if small_bet is None else small_bet
        self.big_bet = 2 * self.small_bet if big_bet is None else big_bet
        self.ante, self.bb_ante = ante, bb_ante
        self.button = button
        self.hole_count = hole_count
        self.cap, self.cap_heads_up = cap, cap_heads_up
        self.qualifier = qualifier
        self.names = list(names) if names is not None else [f"seat {i}" for i in range(n)]
        self.posts = dict(posts or {})   # R28: a new player's big blind posted at once (live)
        for seat in self.posts:
            if not 0 <= seat < n:
                raise ValueError(f"posts: {seat!r} is not a seat (0-{n - 1})")
        self.seed = seed
        self.starting_stacks = list(stacks)
        self._stacks = list(stacks)
        self.bets = [0] * n
        self.contributions = [0] * n
        self.folded = [False] * n
        self.antes_paid = [0] * n
        self.street_index = 0
        self.history: list[tuple[int, int, Action]] = []   # (street, seat, action)
        self.log: list[str] = []
        self.result: Any = None
        self._round = _Round()
        self._acted: set[int] = set()
        self._to_act: int | None = None
        self._last_aggressor: int | None = None
        self._deal(seed, holes, board, deal_missing)
        self._post_forced_bets()
        self._begin_round(first=True)

    # ------------------------------------------------------------------ setup
    def seat_after(self, seat: int) -> int:
        return (seat + 1) % self.n

    @property
    def sb_seat(self) -> int:
        return self.button if self.n == 2 else self.seat_after(self.button)

    @property
    def bb_seat(self) -> int:
        return self.seat_after(self.sb_seat)

    def _deal(self, seed: int | None, holes: Sequence[CardsLike | None] | None, board: CardsLike,
              deal_missing: bool) -> None:
        known: list[Card] = []
        given: list[tuple[Card, ...] | None] = [None] * self.n
        if holes is not None:
            if len(holes) != self.n:
                raise ValueError(f"holes: need one entry per seat ({self.n}), got {len(holes)}")
            for i, h in enumerate(holes):
                if h is None:
                    continue
                cards = parse_cards(h)
                if len(cards) != self.hole_count:
                    raise ValueError(f"holes: seat {i} has {len(cards)} cards, needs {self.hole_count}")
                given[i] = cards
                known.extend(cards)
        self._board_plan = list(parse_cards(board))
        if len(self._board_plan) > 5:
            raise ValueError(f"board: at most 5 cards, got {len(self._board_plan)}")
        known.extend(self._board_plan)
        dup = {c for c in known if known.count(c) > 1}
        if dup:
            raise ValueError(f"card '{min(dup)}' is dealt twice")
        self.deck = Deck(seed, exclude=known)
        # R1: one card at a time, starting left of the button, to every seat whose cards are not given
        to_deal = [i for i in range(self.n) if given[i] is None] if holes is None or deal_missing else []
        dealt: list[list[Card]] = [[] for _ in range(self.n)]
        for _ in range(self.hole_count):
            for k in range(self.n):
                if (self.button + 1 + k) % self.n in to_deal:
                    dealt[(self.button + 1 + k) % self.n].extend(self.deck.deal(1))
        self.holes: list[tuple[Card, ...] | None] = [
            given[i] if given[i] is not None else (tuple(dealt[i]) if i in to_deal else None) for i in range(self.n)]
        self.board: tuple[Card, ...] = ()

    def _put(self, seat: int, amount: int) -> int:
        amount = min(amount, self._stacks[seat])
        self._stacks[seat] -= amount
        self.bets[seat] += amount
        self.contributions[seat] += amount
        return amount

    def _post_forced_bets(self) -> None:
        n = self.n
        self.log.append(f"{self.structure}-limit {'Omaha Hi-Lo 8' if self.game == 'hilo' else 'Omaha'}: "
                        f"blinds {self.blinds[0]}/{self.blinds[1]}, {n} players, button seat {self.button}")
        for i in range(n):
            if self.holes[i] is not None:
                self.log.append(f"{self.names[i]} is dealt {format_cards(self.holes[i] or ())}")
        order = [(self.button + 1 + k) % n for k in range(n)]
        for i in order:
            a = (self.ante if self.ante else 0) + (self.bb_ante if i == self.bb_seat else 0)
            if a:
                paid = min(a, self._stacks[i])
                self._stacks[i] -= paid
                self.contributions[i] += paid
                self.antes_paid[i] = paid
                self.log.append(f"{self.names[i]} posts ante {paid}")
        for seat, blind, word in ((self.sb_seat, self.blinds[0], "small"), (self.bb_seat, self.blinds[1], "big")):
            if blind:
                paid = self._put(seat, blind)
                self.log.append(f"{self.names[seat]} posts {word} blind {paid}"
                                + (" (all-in)" if self._stacks[seat] == 0 else ""))
        for seat, amount in sorted(self.posts.items()):
            if seat not in (self.sb_seat, self.bb_seat) and amount > 0:
                paid = self._put(seat, amount)
                self.log.append(f"{self.names[seat]} posts {paid} to play now (R28)")

    # ------------------------------------------------------------------ queries
    @property
    def stacks(self) -> list[int]:
        """Chips behind each seat now; once the hand is over, the finishing stacks."""
        return list(self._stacks)

    @property
    def pot(self) -> int:
        """All chips in the middle: earlier rounds, antes and the bets now in front of players."""
        return sum(self.contributions) if self.result is None else 0

    @property
    def street(self) -> str:
        return "showdown" if self.street_index >= 4 else STREETS[self.street_index]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or ``None`` when nobody can act."""
        return self._to_act

    @property
    def in_hand(self) -> list[int]:
        """Seats that have not folded."""
        return [i for i in range(self.n) if not self.folded[i]]

    def side_pots(self) -> tuple[Any, ...]:
        """The main pot and side pots so far (R21), antes counted in the main pot; empty when over.

        >>> h = HandState([10, 100, 100], game="plo", seed=1)
        >>> h.play("r7 r22 c c")            # seat 0 calls all-in for 10
        >>> [str(p) for p in h.side_pots()]
        ['30 (eligible: seats 0, 1, 2)', '24 (eligible: seats 1, 2)']
        """
        from dataclasses import replace

        from omaha_learn.engine.pots import side_pots

        if self.is_over:
            return ()
        live = [c - a for c, a in zip(self.contributions, self.antes_paid, strict=True)]
        pots = list(side_pots(live, self.folded))
        antes = sum(self.antes_paid)
        if antes and pots:
            pots[0] = replace(pots[0], amount=pots[0].amount + antes)
        return tuple(pots)

    def _can_act(self, i: int) -> bool:
        return not self.folded[i] and self._stacks[i] > 0

    def _step(self) -> int:
        return self.small_bet if self.street_index < 2 else self.big_bet

    def _next_to_act(self, after: int) -> int | None:
        r = self._round
        for k in range(1, self.n + 1):
            s = (after + k) % self.n
            if s in r.pending:
                return s
        return None

    def legal_actions(self) -> LegalActions:
        """The actions the player to act may take now, with amounts (R15-R19)."""
        seat = self._to_act
        if seat is None:
            raise IllegalAction("the hand is over: nobody is to act" if self.is_over else "nobody is to act")
        r = self._round
        stack, bet = self._stacks[seat], self.bets[seat]
        all_in_to = stack + bet
        to_call = min(r.current - bet, stack)
        can_raise = self._raise_allowed(seat)
        lo = hi = None
        if can_raise and self.structure == "pot":
            lo, hi = pot_limit_range(current=r.current, bet=bet, pot=sum(self.contributions),
                                     big_blind=self.blinds[1], raise_size=r.raise_size, all_in_to=all_in_to)
        elif can_raise:
            lo = hi = fixed_limit_amount(level=r.level, step=self._step(), all_in_to=all_in_to)
        aggressive = can_raise and lo is not None
        return LegalActions(seat=seat, to_call=to_call, can_check=to_call == 0, can_call=to_call > 0,
                            can_fold=to_call > 0, can_bet=aggressive and r.current == 0,
                            can_raise=aggressive and r.current > 0, min_to=lo, max_to=hi, all_in_to=all_in_to,
                            structure=self.structure)

    def _raise_allowed(self, seat: int) -> bool:
        r = self._round
        stack, bet = self._stacks[seat], self.bets[seat]
        if stack <= r.current - bet:          # covered: can only call all-in
            return False
        if not any(i != seat and not self.folded[i] and self._stacks[i] + self.bets[i] > r.current
                   for i in range(self.n)):   # nobody could call a raise
            return False
        if self.structure == "fixed":
            cap = self.cap if len(self.in_hand) > 2 else self.cap_heads_up
            if cap is not None and r.count >= cap:
                return False
        # R19: a player who already acted may raise again only if the bet grew by a full raise since
        # (one full raise, or several short all-ins that together make one); R17 half-bet rule in limit.
        if seat in self._acted:
            return reopens_for(structure=self.structure, grown=r.current - bet, big_blind=self.blinds[1],
                               raise_size=r.raise_size, step=self._step())
        return True

    # ------------------------------------------------------------------ actions
    def act(self, action: Action | str, amount: int | None = None) -> None:
        """Apply ``action`` for the player to act: an :class:`Action`, ``"fold"``, ``"r7"``, ``("raise", 7)``.

        An illegal action raises :class:`IllegalAction` saying what is legal and changes nothing.
        When only one amount is legal (fixed limit), ``"bet"``/``"raise"`` need none.

        >>> h = HandState([50, 50, 50], game="hilo", seed=1)
        >>> h.act("raise"); h.bets
        [4, 1, 2]
        """
        if self.is_over or self._to_act is None:
            raise IllegalAction(f"the hand is over; {action!r} cannot be played", action=action)
        legal = self.legal_actions()
        if isinstance(action, Action):
            a = action if amount is None else Action(action.kind, amount)
        elif (amount is None and isinstance(action, str) and action.strip().lower() in ("bet", "raise", "b", "r")
              and legal.min_to is not None and legal.min_to == legal.max_to):
            a = Action("bet" if action.strip().lower()[0] == "b" else "raise", legal.min_to)   # the one amount
        else:
            a = Action.parse(action, amount)
        why = legal.why_not(a)
        seat = legal.seat
        if why is not None:
            raise IllegalAction(f"{self.names[seat]} cannot {a}: {why}; legal: {legal.describe()}",
                                action=a, legal=legal)
        self._apply(seat, a, legal)

    def fold(self) -> None:
        self.act(Action("fold"))

    def check(self) -> None:
        self.act(Action("check"))

    def call(self) -> None:
        self.act(Action("call"))

    def bet(self, amount: int) -> None:
        self.act(Action("bet", amount))

    def raise_to(self, amount: int) -> None:
        self.act(Action("raise", amount))

    def play(self, actions: str) -> None:
        """Apply several actions written short, separated by spaces: ``"c c x b2 r4 f"``.

        Each must be legal when its turn comes; the first illegal one raises
        :class:`IllegalAction` (the earlier ones stay played).

        >>> h = HandState([50, 50, 50], game="plo", seed=1)
        >>> h.play("r7 f c")
        >>> h.street, h.pot
        ('flop', 15)
        """
        for token in actions.split():
            self.act(token)

    def copy(self) -> HandState:
        """An independent copy, to try an action without changing this hand ("what if I raise?").

        >>> h = HandState([50, 50], game="plo", seed=1)
        >>> trial = h.copy(); trial.fold()
        >>> trial.is_over, h.is_over
        (True, False)
        """
        new = copy.copy(self)
        for name in ("_stacks", "bets", "contributions", "folded", "antes_paid", "history", "log",
                     "holes", "_board_plan"):
            setattr(new, name, list(getattr(self, name)))
        new._acted = set(self._acted)
        new._round = dataclasses.replace(self._round, pending=set(self._round.pending))
        new.deck = copy.copy(self.deck)
        new.deck._cards = list(self.deck._cards)
        new.deck._dealt = list(self.deck._dealt)
        return new

    def check_or_call(self) -> None:
        self.act(Action("call" if self.legal_actions().can_call else "check"))

    def _apply(self, seat: int, a: Action, legal: LegalActions) -> None:
        r = self._round
        name = self.names[seat]
        self.history.append((self.street_index, seat, a))
        r.pending.discard(seat)
        self._acted.add(seat)
        if a.kind == "fold":
            self.folded[seat] = True
            self.log.append(f"{name} folds")
        elif a.kind == "check":
            self.log.append(f"{name} checks")
        elif a.kind == "call":
            paid = self._put(seat, legal.to_call)
            self.log.append(f"{name} calls {paid}" + (" (all-in)" if self._stacks[seat] == 0 else ""))
        else:
            assert a.amount is not None
            target = a.amount
            self._put(seat, target - self.bets[seat])
            full = is_full_raise(structure=self.structure, target=target, previous=r.current, level=r.level,
                                 step=self._step(), big_blind=self.blinds[1], raise_size=r.raise_size)
            r.raise_size = max(r.raise_size, target - r.current)
            if full:
                r.level = target
                r.count += 1
            r.current = target
            r.aggressor = seat
            if full:
                self._acted = {seat}
            r.pending = {i for i in range(self.n) if i != seat and self._can_act(i)}
            word = "bets" if a.kind == "bet" else "raises to"
            self.log.append(f"{name} {word} {target}" + (" (all-in)" if self._stacks[seat] == 0 else "")
                            + ("" if full else ": less than a full raise, so it does not reopen the betting"
                               " for players who already acted (R17, R19)"))
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        if len(self.in_hand) == 1:
            self._finish_uncontested()
            return
        r = self._round
        # a player who has matched the bet and has nobody left to bet against has nothing to decide
        for i in list(r.pending):
            if self.bets[i] >= r.current and not any(self._can_act(j) for j in range(self.n) if j != i):
                r.pending.discard(i)
        nxt = self._next_to_act(seat)
        if nxt is not None:
            self._to_act = nxt
            return
        self._end_round()

    # ------------------------------------------------------------------ streets
    def _begin_round(self, first: bool = False) -> None:
        r = self._round
        if first:
            r.current = max(self.bets)
            r.level = r.current
            r.count = 1 if r.current > 0 else 0
        self._acted = set()
        r.pending = {i for i in range(self.n) if self._can_act(i)}
        # nobody left to bet against: a lone player with chips who already matched does not act
        if len(r.pending) <= 1 and all(self.bets[i] >= r.current for i in r.pending):
            r.pending.clear()
            self._end_round()
            return
        start = self.bb_seat if first else self.button   # R15
        self._to_act = self._next_to_act(start)

    def _end_round(self) -> None:
        self._to_act = None
        if self._acted:   # R22: the last bettor of the last round that was played shows first
            self._last_aggressor = self._round.aggressor
        self.bets = [0] * self.n
        self._round = _Round()
        if self.street_index >= 3:
            self.street_index = 4
            self._showdown()
            return
        self.street_index += 1
        self._deal_board(_BOARD_AFTER[self.street_index])
        self.log.append(f"{STREETS[self.street_index]}: {format_cards(self.board)}")
        self._begin_round()

    def _deal_board(self, size: int) -> None:
        while len(self.board) < size:
            if self._board_plan:
                self.board += (self._board_plan.pop(0),)
            else:
                self.board += self.deck.deal(1)

    # ------------------------------------------------------------------ endings
    def _finish_uncontested(self) -> None:
        self._to_act = None
        winner = self.in_hand[0]
        pot = sum(self.contributions)
        payouts = [0] * self.n
        payouts[winner] = pot
        self._settle(UncontestedResult(winner=winner, pot=pot, payouts=payouts, board=self.board))
        self.log.append(f"{self.names[winner]} wins {pot} uncontested (R20)")

    def _showdown(self) -> None:
        from omaha_learn.engine.showdown import showdown

        self._deal_board(5)
        holes = [None if self.folded[i] else self.holes[i] for i in range(self.n)]
        for i in self.in_hand:
            if holes[i] is None:
                raise ValueError(f"seat {i} reached the showdown but their hole cards are unknown")
        live = [c - a for c, a in zip(self.contributions, self.antes_paid, strict=True)]
        result = showdown(holes, self.board, live, button=self.button,
                          game="hilo" if self.game == "hilo" else "high", qualifier=self.qualifier,
                          last_aggressor=None if self._last_aggressor is None or self.folded[self._last_aggressor]
                          else self._last_aggressor)
        if sum(self.antes_paid):
            result = add_dead_antes(result, sum(self.antes_paid), self.in_hand)
        self._settle(result)
        for i in self.in_hand:
            self.log.append(f"{self.names[i]} shows {format_cards(self.holes[i] or ())}")
        for i, p in enumerate(result.payouts):
            if p:
                self.log.append(f"{self.names[i]} collects {p}")

    def _settle(self, result: Any) -> None:
        self._stacks = [s + p for s, p in zip(self._stacks, result.payouts, strict=True)]
        self.bets = [0] * self.n
        self.result = result
        self.street_index = max(self.street_index, 4) if len(self.in_hand) > 1 else self.street_index

    # ------------------------------------------------------------------ display
    def __str__(self) -> str:
        return "\n".join(self.log)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.street}, seat {self._to_act} to act"
        return f"<HandState {self.game} {self.n} players, {state}, pot {self.pot}>"

    def _repr_html_(self) -> str:
        from omaha_learn.display.html import hand_state_html

        return str(hand_state_html(self))

