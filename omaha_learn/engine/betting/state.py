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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from omaha_learn import rendering
from omaha_learn.engine import arguments
from omaha_learn.engine.betting.actions import Action, IllegalAction, LegalActions
from omaha_learn.engine.betting.antes import antes_due
from omaha_learn.engine.betting.events import Event, describe
from omaha_learn.engine.betting.limits import fixed_limit_amount, is_full_raise, pot_limit_range, reopens_for
from omaha_learn.engine.betting.settings import Limits, Stakes
from omaha_learn.engine.cards import Card, CardError, CardsLike, Deck, format_cards, is_parsed, parse_cards
from omaha_learn.engine.games import BOARD_AFTER, DEFAULT_GAME, HOLE_SIZES, MAX_PLAYERS, STREETS, Game, deal_holes
from omaha_learn.errors import BettingSetupError, ShowdownError
from omaha_learn.i18n import gettext, ngettext, pgettext, street_word
from omaha_learn.i18n import gettext as _

__all__ = ["HandState", "Action", "LegalActions", "IllegalAction", "UncontestedResult", "STREETS", "Stakes",
           "Limits"]


class _Unset(Enum):
    UNSET = "unset"


_UNSET = _Unset.UNSET


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
        return gettext("seat {seat} wins {pot} uncontested").format(seat=self.winner, pot=self.pot)


@dataclass
class _Round:
    """Betting bookkeeping for the current street."""

    pending: set[int] = field(default_factory=set)   # seats that still must act
    current: int = 0            # highest bet in front of anyone this round
    raise_size: int = 0         # largest bet/raise increment this round (pot limit)
    level: int = 0              # bet level of the last full bet or raise (fixed limit)
    count: int = 0              # full bets and raises this round (fixed-limit cap)
    aggressor: int | None = None


def _group(given: object, loose: dict[str, Any], cls: type[Any], keyword: str) -> Any:
    """``given`` (a :class:`Stakes` or :class:`Limits`), or one built from the loose keywords; not both."""
    set_loose = {k: v for k, v in loose.items() if v is not _UNSET}
    if given is None:
        return cls(**set_loose)
    if not isinstance(given, cls):
        raise BettingSetupError(_("{keyword}: expected a {kind}, got {given!r}").format(keyword=keyword, kind=cls.__name__,
                                                                                       given=given))
    if set_loose:
        raise BettingSetupError(_("give {names} inside {keyword}= or as keywords, not both").format(
            names=", ".join(set_loose), keyword=keyword))
    return given


def _check_cards(holes: object, board: object, n: int, hole_count: int | None, default_count: int,
                 deal_missing: bool) -> tuple[list[tuple[Card, ...] | None], list[Card], int]:
    """Given hole cards (``None`` for seats to deal) and the planned board, checked: sizes, no card twice,
    and a deck that holds every card the deal needs (R1); and the hole count: ``hole_count``, else the
    given hands' (4 or 5), else ``default_count`` (the game's)."""
    given: list[tuple[Card, ...] | None] = [None] * n
    if holes is not None:
        for i, h in enumerate(arguments.items(holes, "holes", BettingSetupError, n=n)):
            if h is None:
                continue
            try:
                cards = h if is_parsed(h) else parse_cards(h)   # cards parsed already (a replay) are not read again
            except CardError as e:
                raise BettingSetupError(f"holes[{i}]: {e}") from None
            if hole_count is None and len(cards) in HOLE_SIZES:
                hole_count = len(cards)
            if len(cards) != hole_count:
                if hole_count is None:
                    message = _("holes: seat {seat} has {count} cards, needs 4 or 5")
                else:
                    message = _("holes: seat {seat} has {count} cards, needs {needs}")
                raise BettingSetupError(message.format(seat=i, count=len(cards), needs=hole_count))
            given[i] = cards
    try:
        board_plan = list(board if is_parsed(board) else parse_cards(board))  # type: ignore[arg-type]
    except CardError as e:
        raise BettingSetupError(f"board: {e}") from None
    if len(board_plan) > 5:
        raise BettingSetupError(_("board: at most 5 cards, got {count}").format(count=len(board_plan)))
    if hole_count is None:
        hole_count = default_count
    known = [c for h in given if h is not None for c in h] + board_plan
    dup = {c for c in known if known.count(c) > 1}
    if dup:
        raise BettingSetupError(_("card '{card}' is dealt twice").format(card=min(dup)))
    to_deal = sum(h is None for h in given) if holes is None or deal_missing else 0
    needed = len(known) + to_deal * hole_count + 5 - len(board_plan)
    if needed > 52:
        raise BettingSetupError(_("stacks, hole_count: {n} players with {hole_count} hole cards each and a board"
                                  " of 5 need {needed} cards; a deck has 52").format(n=n, hole_count=hole_count,
                                                                                   needed=needed))
    return given, board_plan, hole_count


class HandState:
    """One hand of Omaha, from the blinds to the payouts.

    Parameters: ``stacks`` (chips per seat, 2-10 seats, each > 0); ``game`` a
    :class:`~omaha_learn.Game` or any spelling of one: ``"hilo"`` (the default: Omaha Hi-Lo
    8-or-better, fixed limit unless ``structure`` says otherwise), ``"plo"`` (Pot-Limit Omaha
    high), ``"plo5"`` (five-card PLO) or ``"bigo"`` (Big O, pot limit); ``button`` seat;
    ``hole_count`` the game's (4, or 5 in PLO5 and Big O) unless given: 5 (or five-card
    ``holes``) with a four-card game plays its five-card version; cards from ``seed`` (a
    :class:`~omaha_learn.engine.cards.Deck`), or ``holes`` (one entry per seat;
    ``None`` entries are dealt from the deck, or left unknown with
    ``deal_missing=False``) and ``board`` (cards to deal in order, the rest from
    the deck); ``qualifier`` for the low (8, 9 or ``None``, R12); ``names`` one
    per seat.

    The forced bets are a :class:`Stakes` (``stakes=``) or its keywords:
    ``blinds`` (small, big), ``ante`` per player and ``bb_ante`` posted by the
    big blind, ``posts`` seats -> a big blind posted at once by a new player
    (R28). The betting limits are a :class:`Limits` (``limits=``) or its
    keywords: ``structure`` (``"fixed"`` or ``"pot"``; by default the game's
    usual one), ``small_bet``/``big_bet`` the fixed-limit steps (default: big
    blind and twice it, R17), ``cap`` bets+raises per round multiway and
    ``cap_heads_up`` once two players remain (``None`` = no cap).

    Every setting is checked before anything is dealt: a bad one raises
    :class:`~omaha_learn.errors.BettingSetupError` (or ``GameError``) naming it,
    so a hand that starts always plays to its end. (One exception by design: with
    ``deal_missing=False`` a seat whose cards are unknown must fold before the
    showdown; reaching one raises :class:`~omaha_learn.errors.ShowdownError`.)

    ``chip`` is the smallest chip in play: pots split down to it (R24). ``kill``
    is a pot size: a player who alone wins a pot above it owes a kill next hand
    (R25), named in ``result.kill_seat`` (a :class:`~omaha_learn.engine.table.Table`
    with ``kill=`` collects it).

    >>> h = HandState([20, 20], game="hilo", blinds=(1, 2), seed=3)
    >>> h.button, h.to_act          # heads-up: button posts SB and acts first (R14)
    (0, 0)
    >>> h.call(); h.check()          # BB's option (R15)
    >>> h.street, h.to_act           # after the flop the BB acts first
    ('flop', 1)
    >>> HandState([20, 20], stakes=Stakes(blinds=(5, 10), ante=1), limits=Limits("pot")).pot
    17
    """

    def __init__(self, stacks: Sequence[int], *, game: str | Game = DEFAULT_GAME, stakes: Stakes | None = None,
                 limits: Limits | None = None, structure: str | None = None,
                 blinds: tuple[int, int] | _Unset = _UNSET, small_bet: int | None = None,
                 big_bet: int | None = None, ante: int | _Unset = _UNSET, bb_ante: int | _Unset = _UNSET,
                 button: int = 0, hole_count: int | None = None, seed: int | None = None,
                 holes: Sequence[CardsLike | None] | None = None, board: CardsLike = (),
                 cap: int | None | _Unset = _UNSET, cap_heads_up: int | None | _Unset = _UNSET,
                 qualifier: int | None = 8, names: Sequence[str] | None = None,
                 posts: Mapping[int, int] | None | _Unset = _UNSET, deal_missing: bool = True,
                 chip: int = 1, kill: int | None = None) -> None:
        # every check first: nothing is dealt or posted until the settings are known to play to the end
        stack_list = arguments.items(stacks, "stacks", BettingSetupError)
        n = len(stack_list)
        if not 2 <= n <= MAX_PLAYERS:
            raise BettingSetupError(_("stacks: a hand needs 2-{most} players, got {n}").format(most=MAX_PLAYERS, n=n))
        stack_list = [arguments.chips(s, _("stacks: seat {seat}").format(seat=i), BettingSetupError, positive=True)
                      for i, s in enumerate(stack_list)]
        the_game = Game.parse(game)
        if hole_count is not None and (isinstance(hole_count, bool) or hole_count not in HOLE_SIZES):
            raise BettingSetupError(_("hole_count {hole_count!r}: Omaha deals 4 or 5 ({game} deals {count})").format(
                hole_count=hole_count, game=the_game.local_label, count=the_game.hole_cards))
        if not isinstance(deal_missing, bool):
            raise BettingSetupError(_("deal_missing: {value!r} is not True or False").format(value=deal_missing))
        given, board_plan, hole_count = _check_cards(holes, board, n, hole_count, the_game.hole_cards, deal_missing)
        the_game = the_game.with_hole_cards(hole_count)   # five hole cards: the game's five-card version
        the_stakes: Stakes = _group(stakes, {"blinds": blinds, "ante": ante, "bb_ante": bb_ante, "posts": posts},
                                    Stakes, "stakes")
        loose_limits = {"structure": structure if structure is not None else _UNSET,
                        "small_bet": small_bet if small_bet is not None else _UNSET,
                        "big_bet": big_bet if big_bet is not None else _UNSET,
                        "cap": cap, "cap_heads_up": cap_heads_up}
        if limits is None and structure is None:
            loose_limits["structure"] = the_game.betting
        the_limits: Limits = _group(limits, loose_limits, Limits, "limits")
        button = arguments.seat(button, n, "button", BettingSetupError)
        if the_limits.structure not in the_game.structures:
            if len(the_game.structures) == 1:
                message = _("structure {structure!r}: {game} is played {only} limit")
            else:
                message = _("structure {structure!r}: {game} is played {first} or {second} limit")
            raise BettingSetupError(message.format(structure=the_limits.structure, game=the_game.local_label,
                                                   only=the_game.structures[0], first=the_game.structures[0],
                                                   second=the_game.structures[-1]))
        for seat in the_stakes.posts:
            if not 0 <= seat < n:
                raise BettingSetupError(_("posts: {seat!r} is not a seat (0-{last})").format(seat=seat, last=n - 1))
        seed = arguments.seed(seed, "seed", BettingSetupError)
        qualifier = arguments.qualifier(qualifier, "qualifier", BettingSetupError)
        if names is None:
            name_list = [gettext("seat {seat}").format(seat=i) for i in range(n)]
        else:
            name_list = arguments.items(names, "names", BettingSetupError, n=n)
            for i, name in enumerate(name_list):
                if not isinstance(name, str):
                    raise BettingSetupError(_("names[{index}]: {name!r} is not text").format(index=i, name=name))

        self.n = n
        self.game = the_game
        self.stakes = the_stakes
        self.limits = the_limits.for_big_blind(the_stakes.big_blind)
        self.button = button
        self.hole_count = hole_count
        self.qualifier = qualifier
        self.chip = arguments.chips(chip, "chip", BettingSetupError, positive=True)   # R24: smallest chip in play
        self.kill = None if kill is None else arguments.chips(kill, "kill", BettingSetupError, positive=True)  # R25
        self.names = name_list
        self.posts = dict(the_stakes.posts)   # R28: a new player's big blind posted at once (live)
        self.seed = seed
        self.starting_stacks = list(stack_list)
        self._stacks = list(stack_list)
        self.bets = [0] * n
        self.contributions = [0] * n
        self.folded = [False] * n
        self.antes_paid = [0] * n
        self.street_index = 0
        self.history: list[tuple[int, int, Action]] = []   # (street, seat, action)
        self.log: list[str] = []
        self.events: list[tuple[int, Event]] = []
        """What happened, as data: (street index, event), in the log's order (display/narration.py tells it)."""
        self.result: Any = None
        self._round = _Round()
        self._acted: set[int] = set()
        self._to_act: int | None = None
        self._last_aggressor: int | None = None
        self._deal(seed, given, board_plan, deal_unknown=holes is None or deal_missing)
        self._post_forced_bets()
        self._begin_round(first=True)

    # ------------------------------------------------------------------ settings
    @property
    def blinds(self) -> tuple[int, int]:
        return self.stakes.blinds

    @property
    def big_blind(self) -> int:
        """The blind a bet is measured against: the big blind, or the one blind of a single-blind game."""
        return self.stakes.big_blind

    @property
    def ante(self) -> int:
        return self.stakes.ante

    @property
    def bb_ante(self) -> int:
        return self.stakes.bb_ante

    @property
    def structure(self) -> str:
        return self.limits.structure

    @property
    def small_bet(self) -> int:
        assert self.limits.small_bet is not None
        return self.limits.small_bet

    @property
    def big_bet(self) -> int:
        assert self.limits.big_bet is not None
        return self.limits.big_bet

    @property
    def cap(self) -> int | None:
        return self.limits.cap

    @property
    def cap_heads_up(self) -> int | None:
        return self.limits.cap_heads_up

    # ------------------------------------------------------------------ setup
    def seat_after(self, seat: int) -> int:
        return (seat + 1) % self.n

    @property
    def sb_seat(self) -> int:
        return self.button if self.n == 2 else self.seat_after(self.button)

    @property
    def bb_seat(self) -> int:
        return self.seat_after(self.sb_seat)

    def _deal(self, seed: int | None, given: list[tuple[Card, ...] | None], board_plan: list[Card], *,
              deal_unknown: bool) -> None:
        known = [c for h in given if h is not None for c in h] + board_plan
        self._board_plan = list(board_plan)
        self.deck = Deck(seed, exclude=tuple(known))
        # R1: one card at a time, starting left of the button, to every seat whose cards are not given
        to_deal = [i for i in range(self.n) if given[i] is None] if deal_unknown else []
        dealt = deal_holes(self.deck, self.n, self.hole_count, first=self.button + 1, to=to_deal)
        self.holes: list[tuple[Card, ...] | None] = [g if g is not None else dealt[i] for i, g in enumerate(given)]
        self.board: tuple[Card, ...] = ()

    def _put(self, seat: int, amount: int) -> int:
        amount = min(amount, self._stacks[seat])
        self._stacks[seat] -= amount
        self.bets[seat] += amount
        self.contributions[seat] += amount
        return amount

    def _post_forced_bets(self) -> None:
        n = self.n
        head = (ngettext("fixed-limit {game}: blinds {small}/{big}, {n} player, button seat {button}",
                         "fixed-limit {game}: blinds {small}/{big}, {n} players, button seat {button}", n)
                if self.structure == "fixed" else
                ngettext("pot-limit {game}: blinds {small}/{big}, {n} player, button seat {button}",
                         "pot-limit {game}: blinds {small}/{big}, {n} players, button seat {button}", n))
        self.log.append(head.format(game=self.game.short_name, small=self.blinds[0], big=self.blinds[1], n=n,
                                    button=self.button))
        for i in range(n):
            if self.holes[i] is not None:
                self._note(Event("dealt", self.names[i], cards=format_cards(self.holes[i] or ())))
        order = [(self.button + 1 + k) % n for k in range(n)]
        for i, paid in antes_due(ante=self.ante, bb_ante=self.bb_ante, seats=order, bb_seat=self.bb_seat,
                                 stacks=self._stacks).items():
            self._stacks[i] -= paid
            self.contributions[i] += paid
            self.antes_paid[i] = paid
            self._note(Event("ante", self.names[i], paid))
        for seat, blind, word in ((self.sb_seat, self.blinds[0], "small"), (self.bb_seat, self.blinds[1], "big")):
            if blind:
                paid = self._put(seat, blind)
                self._note(Event(f"{word} blind", self.names[seat], paid, all_in=self._stacks[seat] == 0))
        for seat, amount in sorted(self.posts.items()):
            blind = self.bets[seat] if seat in (self.sb_seat, self.bb_seat) else 0
            # a blind seat's post counts its blind (R28's post is no more than the big blind; a kill, R25, is more)
            if amount > blind and (blind == 0 or amount > self.blinds[1]):
                paid = self._put(seat, amount - blind)
                self._note(Event("kill" if amount > self.blinds[1] else "post", self.names[seat], paid))

    def _note(self, event: Event) -> None:
        self.events.append((self.street_index, event))
        self.log.append(describe(event))

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
        from omaha_learn.engine.pots import side_pots, with_dead_money

        if self.is_over:
            return ()
        live = [c - a for c, a in zip(self.contributions, self.antes_paid, strict=True)]
        return tuple(with_dead_money(side_pots(live, self.folded), sum(self.antes_paid), self.in_hand, self.n))

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
            raise IllegalAction(_("the hand is over: nobody is to act") if self.is_over else _("nobody is to act"))
        r = self._round
        stack, bet = self._stacks[seat], self.bets[seat]
        all_in_to = stack + bet
        to_call = min(r.current - bet, stack)
        can_raise = self._raise_allowed(seat)
        lo = hi = None
        if can_raise and self.structure == "pot":
            lo, hi = pot_limit_range(current=r.current, bet=bet, pot=sum(self.contributions),
                                     big_blind=self.big_blind, raise_size=r.raise_size, all_in_to=all_in_to)
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
            return reopens_for(structure=self.structure, grown=r.current - bet, big_blind=self.big_blind,
                               raise_size=r.raise_size, step=self._step())
        return True

    # ------------------------------------------------------------------ actions
    def act(self, action: Action | str, amount: int | None = None, *, fold_anyway: bool = False) -> None:
        """Apply ``action`` for the player to act: an :class:`Action`, ``"fold"``, ``"r7"``, ``("raise", 7)``.

        An illegal action raises :class:`IllegalAction` saying what is legal and changes nothing.
        When only one amount is legal (fixed limit), ``"bet"``/``"raise"`` need none.
        ``fold_anyway=True`` lets a player fold when checking is free (hand histories
        record such folds; they are binding).

        >>> h = HandState([50, 50, 50], game="hilo", seed=1)
        >>> h.act("raise"); h.bets
        [4, 1, 2]
        """
        if self.is_over or self._to_act is None:
            raise IllegalAction(_("the hand is over; {action!r} cannot be played").format(action=action), action=action)
        legal = self.legal_actions()
        if isinstance(action, Action):
            a = action if amount is None else Action(action.kind, amount)
        elif (amount is None and isinstance(action, str) and action.strip().lower() in ("bet", "raise", "b", "r")
              and legal.min_to is not None and legal.min_to == legal.max_to):
            a = Action("bet" if action.strip().lower()[0] == "b" else "raise", legal.min_to)   # the one amount
        else:
            a = Action.parse(action, amount)
        why = legal.why_not(a)
        if fold_anyway and a.kind == "fold":
            why = None
        seat = legal.seat
        if why is not None:
            name = self.names[seat]
            if name == f"seat {seat}":      # the default name, in the language in use
                name = pgettext("player name", "seat {seat}").format(seat=seat)
            raise IllegalAction(_("{name} cannot {action}: {reason}; legal: {legal}").format(
                name=name, action=a.words(), reason=why, legal=legal.describe()), action=a, legal=legal)
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
        if not isinstance(actions, str):
            raise IllegalAction(_("actions: {actions!r} is not text like 'c c x b2 r4 f'").format(actions=actions),
                                action=actions)
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
        for name in ("_stacks", "bets", "contributions", "folded", "antes_paid", "history", "log", "events",
                     "holes", "_board_plan"):
            setattr(new, name, list(getattr(self, name)))
        new._acted = set(self._acted)
        new._round = dataclasses.replace(self._round, pending=set(self._round.pending))
        new.deck = self.deck.copy()
        return new

    def check_or_call(self) -> None:
        self.act(Action("call" if self.legal_actions().can_call else "check"))

    def _apply(self, seat: int, a: Action, legal: LegalActions) -> None:
        """The rules of one action (R16-R19); the log line comes from :func:`describe`."""
        r = self._round
        self.history.append((self.street_index, seat, a))
        r.pending.discard(seat)
        self._acted.add(seat)
        amount: int | None = None
        full = True
        if a.kind == "fold":
            self.folded[seat] = True
        elif a.kind == "call":
            amount = self._put(seat, legal.to_call)
        elif a.kind in ("bet", "raise"):
            assert a.amount is not None
            amount = a.amount
            self._put(seat, amount - self.bets[seat])
            full = is_full_raise(structure=self.structure, target=amount, previous=r.current, level=r.level,
                                 step=self._step(), big_blind=self.big_blind, raise_size=r.raise_size)
            r.raise_size = max(r.raise_size, amount - r.current)
            if full:
                r.level = amount
                r.count += 1
                self._acted = {seat}
            r.current = amount
            r.aggressor = seat
            r.pending = {i for i in range(self.n) if i != seat and self._can_act(i)}
        self._note(Event(a.kind, self.names[seat], amount, all_in=self._stacks[seat] == 0, full=full))
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
        # R15: preflop the seat after the big blind (after the one blind, when a single blind is posted)
        start = (self.bb_seat if self.blinds[1] else self.sb_seat) if first else self.button
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
        self._deal_board(BOARD_AFTER[self.street_index])
        self.log.append(gettext("{street}: {board}").format(street=street_word(STREETS[self.street_index]),
                                                            board=format_cards(self.board)))
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
        self._note(Event("wins uncontested", self.names[winner], pot))

    def _showdown(self) -> None:
        from omaha_learn.engine.showdown import showdown

        self._deal_board(5)
        holes = [None if self.folded[i] else self.holes[i] for i in range(self.n)]
        for i in self.in_hand:
            if holes[i] is None:
                raise ShowdownError(_("seat {seat} reached the showdown but its hole cards are unknown"
                                      " (dealt with deal_missing=False)").format(seat=i))
        live = [c - a for c, a in zip(self.contributions, self.antes_paid, strict=True)]
        result = showdown(holes, self.board, live, button=self.button, game=self.game, qualifier=self.qualifier,
                          chip=self.chip, kill=self.kill,
                          last_aggressor=None if self._last_aggressor is None or self.folded[self._last_aggressor]
                          else self._last_aggressor, dead_money=sum(self.antes_paid))
        self._settle(result)
        for i in self.in_hand:
            self._note(Event("shows", self.names[i], cards=format_cards(self.holes[i] or ())))
        for i, p in enumerate(result.payouts):
            if p:
                self._note(Event("collects", self.names[i], p))

    def _settle(self, result: Any) -> None:
        self._stacks = [s + p for s, p in zip(self._stacks, result.payouts, strict=True)]
        self.bets = [0] * self.n
        self.result = result
        self.street_index = max(self.street_index, 4) if len(self.in_hand) > 1 else self.street_index

    # ------------------------------------------------------------------ display
    def __str__(self) -> str:
        return "\n".join(self.log)

    def __repr__(self) -> str:
        if self.is_over:
            text = ngettext("<HandState {game} {n} player, over, pot {pot}>",
                            "<HandState {game} {n} players, over, pot {pot}>", self.n)
        else:
            text = ngettext("<HandState {game} {n} player, {street}, seat {seat} to act, pot {pot}>",
                            "<HandState {game} {n} players, {street}, seat {seat} to act, pot {pot}>", self.n)
        return text.format(game=self.game, n=self.n, street=street_word(self.street), seat=self._to_act, pot=self.pot)

    def _repr_html_(self) -> str:
        return rendering.html("hand_state", self)   # drawn by omaha_learn.display when it is there

