"""Scripted players for simulations, lessons and practice: random, calling station, tight rule of thumb,
players with adjustable tendencies, and a player that follows the coach's model.

A player is anything with ``decide(hand) -> Action`` for the seat to act
(``hand.to_act``); it sees what that seat may see (its hole cards, the board,
the bets). :func:`simulate` seats players at a :class:`~omaha_learn.engine.table.Table`
and plays a session.

>>> from omaha_learn.engine.betting.state import HandState
>>> hand = HandState([100, 100, 100], game="plo", seed=3)
>>> CallingStation().decide(hand)
Action('call')
>>> results = simulate({"ann": CallingStation(), "bob": RandomPlayer(seed=1), "cy": TightPlayer()},
...                    hands=20, stack=200, game="hilo", seed=5)
>>> sum(results.values())
0
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Protocol

import numpy as np
import numpy.typing as npt

from omaha_learn.engine import arguments
from omaha_learn.engine.betting.state import Action, HandState, LegalActions
from omaha_learn.engine.cards import Card
from omaha_learn.engine.games import Game
from omaha_learn.errors import PlayerError
from omaha_learn.i18n import gettext as _

__all__ = ["DEFENCE", "Player", "RandomPlayer", "CallingStation", "TightPlayer", "ChartPlayer", "simulate", "preflop_score",
           "TendencyPlayer", "SolverPlayer", "TENDENCIES", "tendency_player", "hand_strength", "MAX_STREET_RAISES",
           "street_raises"]


class Player(Protocol):
    """Decides the action of the seat to act."""

    def decide(self, hand: HandState) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the kinds of legal action (seeded), with a random legal amount."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(arguments.seed(seed, "seed", PlayerError))

    def decide(self, hand: HandState) -> Action:
        legal = _legal(hand)
        a = self.rng.choice(legal.actions())
        if a.kind in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
            a = Action(a.kind, self.rng.randint(legal.min_to, legal.max_to))
        return a

    def __repr__(self) -> str:
        return "RandomPlayer()"


def _legal(hand: object) -> LegalActions:
    if not isinstance(hand, HandState):
        raise PlayerError(_("hand: {hand!r} is not a HandState").format(hand=hand))
    return hand.legal_actions()


class CallingStation:
    """Never folds, never raises: checks or calls every time."""

    def decide(self, hand: HandState) -> Action:
        return Action("call" if _legal(hand).can_call else "check")

    def __repr__(self) -> str:
        return "CallingStation()"


def preflop_score(hole: tuple[Card, ...], game: str = "hilo") -> int:
    """A rough 0-100 rule-of-thumb score for Omaha starting cards.

    Pairs (aces most), suited aces, four cards working together (connected,
    few gaps) score high; in Hi-Lo, an ace with a deuce or trey (nut-low draw)
    and several low cards add points; dangling cards and trips cost.

    >>> from omaha_learn.engine.cards import parse_cards
    >>> preflop_score(parse_cards("As Ad 2s 3d")) > preflop_score(parse_cards("Kc 9d 5h 2s"))
    True
    """
    return _score(_hole(hole), Game.parse(game))


def _score(hole: tuple[Card, ...], game: Game) -> int:
    """:func:`preflop_score` of parsed cards (no parsing: the players hold a hand's parsed cards)."""
    ranks = sorted((c.rank for c in hole), reverse=True)
    suits = [c.suit for c in hole]
    score = 0
    counts = {r: ranks.count(r) for r in ranks}
    for r, k in counts.items():
        if k == 2:
            score += 12 + (10 if r == 14 else r // 2)
        elif k >= 3:
            score -= 10
    for c in hole:
        if c.rank == 14 and suits.count(c.suit) >= 2:
            score += 10          # nut-flush draw
    for s in set(suits):
        if suits.count(s) == 2:
            score += 4
    distinct = sorted(set(ranks), reverse=True)
    span = distinct[0] - distinct[-1] if distinct else 0
    if len(distinct) >= 3 and span <= 4:
        score += 10              # connected
    if game.has_low:
        lows = {1 if r == 14 else r for r in ranks if r == 14 or r <= 8}
        if 1 in lows and (2 in lows or 3 in lows):
            score += 20
        score += 3 * len(lows)
        if 1 in lows:
            score += 5
    else:
        score += sum(2 for r in ranks if r >= 10)
    return max(0, min(100, score))


class TightPlayer:
    """A tight rule-of-thumb player: good starting cards only, bets made hands, folds the rest.

    Preflop it raises with a score of ``raise_at`` or more, calls a small bet with
    ``call_at`` or more, else checks or folds. After the flop it bets or raises
    with two pair or better (or a low of 6 or better in Hi-Lo), calls with a pair or
    a low when the call is small, and otherwise checks or folds.
    """

    def __init__(self, call_at: int = 30, raise_at: int = 45) -> None:
        self.call_at = arguments.whole(call_at, "call_at", PlayerError)
        self.raise_at = arguments.whole(raise_at, "raise_at", PlayerError)

    def decide(self, hand: HandState) -> Action:
        from omaha_learn.engine.evaluation.hands import high_hand, low_hand

        legal = _legal(hand)
        seat = legal.seat
        hole = hand.holes[seat]
        passive = Action("check") if legal.can_check else Action("fold")
        if hole is None:
            return Action("call") if legal.can_call else Action("check")
        aggressive = None
        if legal.min_to is not None:
            aggressive = Action("bet" if legal.can_bet else "raise", legal.min_to)
        small = legal.to_call <= max(hand.big_blind, hand.pot // 4)
        if hand.street == "preflop":
            score = _score(hole, hand.game)
            if score >= self.raise_at and aggressive is not None:
                return aggressive
            if score >= self.call_at and legal.can_call and small:
                return Action("call")
            return Action("check") if legal.can_check else passive
        made = high_hand(hole, hand.board).category
        strong = made >= 2        # two pair or better
        pair = made >= 1
        low = low_hand(hole, hand.board, hand.qualifier) if hand.game.has_low else None
        if low is not None and low.ranks[0] <= 6:
            strong = True
        if strong:
            return aggressive or (Action("call") if legal.can_call else Action("check"))
        if (pair or low is not None) and legal.can_call and small:
            return Action("call")
        return passive

    def __repr__(self) -> str:
        return f"TightPlayer(call_at={self.call_at}, raise_at={self.raise_at})"


class ChartPlayer:
    """Opens and calls by position from the starting-hand chart; after the flop, :class:`TightPlayer`'s rule.

    Preflop it plays exactly the ranges of :mod:`omaha_learn.strategy.opponent_model`
    (the coach's model of its opponents): with nobody in for a raise it raises
    (pot-sized) the top :data:`~omaha_learn.strategy.opponent_model.OPEN` share for
    its position, else checks or folds (it never limps); facing one raise it
    re-raises the top 5% and calls the rest of its
    :data:`~omaha_learn.strategy.opponent_model.CALL` share; facing a re-raise it
    raises again with the top 2% and calls the top 8%. Shares are of the chart's
    six-handed order.

    >>> from omaha_learn.engine.betting.state import HandState
    >>> hand = HandState([100] * 6, game="plo", button=5, holes=[None, None, "As Ad Ks Qd"] + [None] * 3, seed=1)
    >>> ChartPlayer().decide(hand)       # UTG with aces: open pot-sized
    Action('raise', 7)
    """

    def __init__(self) -> None:
        self._after_flop = TightPlayer()

    def decide(self, hand: HandState) -> Action:
        from omaha_learn.strategy import opponent_model as model
        from omaha_learn.strategy import preflop

        legal = _legal(hand)
        seat = legal.seat
        hole = hand.holes[seat]
        if hole is None or len(hole) != 4 or hand.street != "preflop":
            return self._after_flop.decide(hand)
        position = model.positions(hand.n, hand.button)[seat]
        base = "UTG" if position.startswith("UTG") else position
        share = preflop.preflop_share_of(hole, hand.game)
        raises = sum(1 for street, _, a in hand.history if street == 0 and a.kind in ("bet", "raise"))
        aggressive = None
        if legal.max_to is not None:
            aggressive = Action("bet" if legal.can_bet else "raise", legal.max_to)
        passive = Action("check") if legal.can_check else Action("fold")
        if raises == 0:
            return aggressive if aggressive is not None and share < model.OPEN[base] else passive
        raise_at, call_at = (model.RERAISE, model.CALL[base]) if raises == 1 else (model.FOUR_BET, model.CALL_RERAISE)
        if share < raise_at and aggressive is not None:
            return aggressive
        if share < call_at:
            return Action("call") if legal.can_call else Action("check")
        return passive

    def __repr__(self) -> str:
        return "ChartPlayer()"


def _hole(hole: object) -> tuple[Card, ...]:
    from omaha_learn.engine.cards import CardError, parse_cards

    try:
        cards = parse_cards(hole)  # type: ignore[arg-type]
    except CardError as e:
        raise PlayerError(_("hole: {e}").format(e=e)) from None
    if not cards:
        raise PlayerError(_("hole: no cards"))
    return cards


def simulate(players: dict[str, Player], *, hands: int = 100, stack: int = 200, game: str = "hilo",
             blinds: tuple[int, int] = (1, 2), seed: int | None = None) -> dict[str, int]:
    """Seat ``players`` (name -> player) at a new table and play ``hands`` hands; return each one's net chips.

    ``players`` maps 2 to 10 names to objects with ``decide(hand) -> Action``; ``hands``
    is a whole number up to 100,000, ``stack`` the positive chips each one brings; ``game``,
    ``blinds`` and ``seed`` as for :class:`~omaha_learn.Table`. Players who go broke
    leave; the session stops early if fewer than two remain.
    """
    from omaha_learn.engine.table import Table
    from omaha_learn.errors import TableError

    if not isinstance(players, Mapping) or not 2 <= len(players) <= 10:
        raise PlayerError(_("players: expected a dict of 2 to 10 names -> players, got {players!r}").format(players=players))
    for name, player in players.items():
        if not isinstance(name, str) or not callable(getattr(player, "decide", None)):
            raise PlayerError(_("players[{name!r}]: need a name (text) -> a player with decide(hand), got {player!r}").format(name=name, player=player))
    from omaha_learn.engine.table import MAX_HANDS

    hands = arguments.chips(hands, "hands", PlayerError)
    if hands > MAX_HANDS:
        raise PlayerError(_("hands: at most {max_hands} hands in one session, got {hands}").format(max_hands=MAX_HANDS, hands=hands))
    stack = arguments.chips(stack, "stack", PlayerError, positive=True)
    try:
        table = Table(seats=max(6, len(players)), game=game, blinds=blinds, seed=seed)
    except TableError as e:
        raise PlayerError(str(e)) from None

    for name, player in players.items():
        table.join(name, stack, player=player)
    table.play_hands(hands)
    return {name: table.chips(name) + table.cashed_out.get(name, 0) - stack for name in players}


# ----------------------------------------------------------------- opponents worth practising against

DEFENCE = 1.6
"""A :class:`TendencyPlayer` continues against a raise with ``DEFENCE`` times the preflop table's share (before its
looseness): it defends wider than the coach's model of its opponents assumes, as real players do."""
BETTOR_TOP = 0.5
"""After the flop a :class:`TendencyPlayer` facing a bet of ``b`` times the pot judges its hand against the best
``BETTOR_TOP / (1 + b)`` of hands (by what they make on the board now): a half-pot bet a third of hands, a pot-sized
bet a quarter..."""
RAISED_TOP = 0.6
"""... and each raise on the street narrows that share by this factor."""
CBET_LEAN = (0.2, 0.1)
"""A :class:`TendencyPlayer`'s flop c-bet: with a strong hand ``cbet + 0.2``, else ``cbet - 0.1`` (so about ``cbet``
over its range, value more often than air)."""
PRESSURE = (0.6, 0.6)
"""Facing a bet after the flop a :class:`TendencyPlayer` calls when its share of the pot reaches the price times
``0.6 + 0.6 x fold_to_pressure`` (a loose caller, 0.1, 0.66 of the price; a tight-aggressive player, 0.5,
0.9 of it; a rock, 0.8, 1.08 times it): its share is judged against a betting range, which it rates a little
tighter than the bettor's range often is, so the tight-aggressive preset folds about what the minimum defence
allows)."""
MAX_STREET_RAISES = 4
"""No street sees more than this many bets and raises from the scripted players (a bet and three raises;
the fixed-limit cap, R17, is the same; in pot limit the players stop there themselves)."""


def _read(fold_to_pressure: float) -> float:
    """How wide a :class:`TendencyPlayer` reads a bettor's range, as a factor on :data:`BETTOR_TOP`: ``1.5 -
    fold_to_pressure`` (a loose caller, 0.1, credits the bettor with 1.4 times the hands and so calls lighter;
    a rock, 0.8, with 0.7 times: it folds all but the hands that hold up against a value range)."""
    return max(0.5, 1.5 - fold_to_pressure)


def street_raises(hand: HandState) -> int:
    """Bets and raises made so far on the current street."""
    return sum(1 for street, _, a in hand.history if street == hand.street_index and a.kind in ("bet", "raise"))


def _own_raises(hand: HandState, seat: int) -> int:
    return sum(1 for street, s, a in hand.history
               if street == hand.street_index and s == seat and a.kind in ("bet", "raise"))


def _was_aggressor(hand: HandState, seat: int) -> bool:
    """Whether ``seat`` made the last bet or raise before the flop."""
    last = [s for street, s, a in hand.history if street == 0 and a.kind in ("bet", "raise")]
    return bool(last) and last[-1] == seat


def _betting_hands(deck: list[int], board: tuple[Card, ...], top: float, deals: int,
                   rng: random.Random, game: Game, qualifier: int | None = 8) -> list[list[int]]:
    """``deals`` hands from the best ``top`` share of random hands out of ``deck``: the likely holdings of a
    player who bets or raises. In PLO the best by the made hand on ``board`` now; in Hi-Lo by the hand's
    expected share of the pot (:func:`_expected_shares`: high and low halves, quarters), so a nut-low draw
    that makes nothing yet is in the bettor's range beside the made high hands."""
    from omaha_learn.engine.evaluation.batch import evaluate_high_many

    pool = [rng.sample(deck, 4) for _ in range(max(deals, math.ceil(deals / top)))]
    if game.has_low:
        score = _expected_shares(pool, deck, board, rng, qualifier)
    else:
        score = evaluate_high_many(np.array(pool), np.array([[int(c) for c in board]] * len(pool))).astype(np.float64)
    order = np.argsort(-score, kind="stable")[:deals]
    return [pool[int(k)] for k in order]


def _expected_shares(pool: list[list[int]], deck: list[int], board: tuple[Card, ...], rng: random.Random,
                     qualifier: int | None, runs: int = 16) -> npt.NDArray[np.float64]:
    """Each Hi-Lo hand of ``pool``'s share of a heads-up pot (halves and quarters, R11) against a random hand
    on ``runs`` random completions of ``board`` (a quick seeded estimate, enough to rank the hands).

    The completions are drawn at once with numpy, from a generator seeded by ``rng`` (one draw of ``rng``):
    for every hand and run, the cards of ``deck`` outside the hand in a random order (sorted random keys),
    the first four the opponent's hand and the next the rest of the board."""
    from omaha_learn.engine.evaluation.batch import evaluate_high_low_many

    need = 5 - len(board)
    cards = np.array(deck, dtype=np.int64)
    hands = np.array(pool, dtype=np.int64)
    held = (cards[None, :, None] == hands[:, None, :]).any(axis=2)            # (hands, deck): the hand's own cards
    keys = np.random.default_rng(rng.getrandbits(64)).random((len(pool), runs, len(deck)))
    keys[np.broadcast_to(held[:, None, :], keys.shape)] = 2.0                # never drawn: past every key in [0, 1)
    drawn = cards[np.argsort(keys, axis=2, kind="stable")[:, :, :4 + need]].reshape(len(pool) * runs, 4 + need)
    mine = np.repeat(hands, runs, axis=0)
    theirs = drawn[:, :4]
    b = np.concatenate([np.broadcast_to(np.array([int(c) for c in board], dtype=np.int64),
                                        (len(drawn), len(board))), drawn[:, 4:]], axis=1)
    hi_both, lo_both = evaluate_high_low_many(np.concatenate([mine, theirs]), np.concatenate([b, b]), qualifier)
    hx, ha = np.split(hi_both.astype(np.int32), 2)
    lx, la = np.split(lo_both.astype(np.int32), 2)
    hi = (np.sign(hx - ha) + 1) / 2
    lo = (np.sign(lx - la) + 1) / 2
    share = np.where((lx > 0) | (la > 0), 0.5 * hi + 0.5 * lo, hi)
    return np.asarray(share.reshape(len(pool), runs).mean(axis=1), dtype=np.float64)


def hand_strength(hole: tuple[Card, ...], board: tuple[Card, ...], game: Game, opponents: int,
                  rng: random.Random, deals: int = 48, bettor_top: float | None = None) -> float:
    """The share of the pot ``hole`` wins at the showdown against ``opponents`` random hands (a quick
    seeded Monte Carlo of ``deals`` deals; halves and quarters in Hi-Lo).

    With ``bettor_top`` (a share from 0 to 1; a board of three cards or more), the first opponent is the one
    who bet: its hand is drawn from the ``bettor_top`` best of random hands by what they make on the board
    now, so the strength is judged against the bettor's likely range rather than any hand."""
    import numpy as np

    from omaha_learn.engine.evaluation.batch import evaluate_high_low_many, evaluate_high_many

    known = {int(c) for c in hole} | {int(c) for c in board}
    deck = [c for c in range(52) if c not in known]
    need = 5 - len(board)
    bettors: list[list[int]] | None = None
    if bettor_top is not None and len(board) >= 3 and 0 < bettor_top < 1:
        bettors = _betting_hands(deck, board, bettor_top, deals, rng, game)
    hero, boards, opps = [], [], []
    for d in range(deals):
        if bettors is None:
            cards = rng.sample(deck, need + 4 * opponents)
        else:
            taken = set(bettors[d])
            cards = rng.sample([c for c in deck if c not in taken], need + 4 * (opponents - 1)) + bettors[d]
        b = [int(c) for c in board] + cards[:need]
        boards.append(b)
        hero.append([int(c) for c in hole])
        opps.append([cards[need + 4 * k: need + 4 * k + 4] for k in range(opponents)])
    bs = np.array(boards)
    # the opponents' hands in one call, seat after seat on the same boards (one lookup of high and low in Hi-Lo)
    others = np.concatenate([np.array([o[k] for o in opps]) for k in range(opponents)])
    every = np.tile(bs, (opponents, 1))
    lmine_u: npt.NDArray[np.uint16] | None = None
    ltheirs_u: npt.NDArray[np.uint16] | None = None
    if game.has_low:
        (mine_u, lmine_u), (theirs_u, ltheirs_u) = (evaluate_high_low_many(np.array(hero), bs),
                                                    evaluate_high_low_many(others, every))
    else:
        mine_u, theirs_u = evaluate_high_many(np.array(hero), bs), evaluate_high_many(others, every)
    mine = mine_u.astype(np.int64)
    theirs = theirs_u.astype(np.int64).reshape(opponents, deals)
    top = theirs.max(axis=0)
    ties = (theirs == top).sum(axis=0)
    hi = np.where(mine > top, 1.0, np.where(mine == top, 1.0 / (1 + ties), 0.0))
    if lmine_u is None or ltheirs_u is None:
        return float(hi.mean())
    lmine = lmine_u.astype(np.int64)
    ltheirs = ltheirs_u.astype(np.int64).reshape(opponents, deals)
    ltop = ltheirs.max(axis=0)
    lties = ((ltheirs == ltop) & (ltop > 0)).sum(axis=0)
    lo = np.where(lmine > ltop, 1.0, np.where((lmine == ltop) & (lmine > 0), 1.0 / (1 + lties), 0.0))
    return float(np.where((lmine > 0) | (ltop > 0), 0.5 * hi + 0.5 * lo, hi).mean())


class TendencyPlayer:
    """A player with adjustable tendencies, for practice.

    * ``looseness`` scales the coach's preflop table (:mod:`~omaha_learn.strategy.preflop`):
      it opens the top ``OPEN[position] x looseness`` of hands, re-raises the top
      ``RERAISE x looseness``, calls a raise with the top ``CALL[position] x looseness``;
    * ``bet_sizes``: the sizes it bets and raises, as fractions of the pot (pot limit;
      fixed limit has one size), never the minimum unless that is all it may bet;
    * ``cbet``: how often it bets the flop after raising before it, whatever it holds;
    * ``bluff``: how often it bets a weak hand when checked to (and, a fifth as often, raises one);
    * ``fold_to_pressure`` (0-1): how much more than the price it needs to continue
      against a bet (0: it calls whenever its equity beats the price; 1: it wants
      the price plus a quarter of the bet-to-pot ratio more);
    * ``aggression`` (0-1): how often it bets or raises a strong hand rather than checking or calling.

    Its strength after the flop is its share of the pot against one random hand per
    opponent still in (:func:`hand_strength`); facing a bet, the bettor's hand is drawn from the
    hands that make the most on the board (:data:`BETTOR_TOP`), so it folds what loses to a betting range. It never makes more than
    ``max_raises`` bets and raises in a street, and no street goes past
    :data:`MAX_STREET_RAISES`: no min-raise wars.
    """

    def __init__(self, *, looseness: float = 1.0, bet_sizes: tuple[float, ...] = (0.5, 0.75, 1.0),
                 cbet: float = 0.6, bluff: float = 0.2, fold_to_pressure: float = 0.5, aggression: float = 0.6,
                 max_raises: int = 2, seed: int | None = None, name: str = "tendency") -> None:
        for label, value in (("cbet", cbet), ("bluff", bluff), ("fold_to_pressure", fold_to_pressure),
                             ("aggression", aggression)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise PlayerError(_("{label}: a frequency from 0 to 1, got {value!r}").format(label=label, value=value))
        if isinstance(looseness, bool) or not isinstance(looseness, (int, float)) or not 0 < looseness <= 3:
            raise PlayerError(_("looseness: a factor above 0 and at most 3, got {looseness!r}").format(looseness=looseness))
        sizes = tuple(bet_sizes) if isinstance(bet_sizes, (tuple, list)) else ()
        if not sizes or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0.25 <= x <= 1
                                for x in sizes):
            raise PlayerError(_("bet_sizes: pot fractions from 0.25 to 1 (the pot limit), got {bet_sizes!r}").format(bet_sizes=bet_sizes))
        self.looseness, self.bet_sizes = float(looseness), tuple(float(x) for x in sizes)
        self.cbet, self.bluff, self.fold_to_pressure, self.aggression = cbet, bluff, fold_to_pressure, aggression
        self.max_raises = arguments.whole(max_raises, "max_raises", PlayerError)
        self.rng = random.Random(arguments.seed(seed, "seed", PlayerError))
        self.name = name

    def _sized(self, hand: HandState, legal: LegalActions) -> Action | None:
        if legal.min_to is None or legal.max_to is None or not (legal.can_bet or legal.can_raise):
            return None
        kind = "bet" if legal.can_bet else "raise"
        top = max(hand.bets)
        call = top - hand.bets[legal.seat]
        target = top + round(self.rng.choice(self.bet_sizes) * (hand.pot + call))
        return Action(kind, max(legal.min_to, min(legal.max_to, target)))

    def _may_raise(self, hand: HandState, seat: int) -> bool:
        return street_raises(hand) < MAX_STREET_RAISES and _own_raises(hand, seat) < self.max_raises

    def decide(self, hand: HandState) -> Action:
        from omaha_learn.strategy import opponent_model as model
        from omaha_learn.strategy import preflop

        legal = _legal(hand)
        seat = legal.seat
        hole = hand.holes[seat]
        passive = Action("check") if legal.can_check else Action("fold")
        call = Action("call") if legal.can_call else Action("check")
        if hole is None:
            return call
        sized = self._sized(hand, legal) if self._may_raise(hand, seat) else None
        if hand.street == "preflop":
            position = model.positions(hand.n, hand.button)[seat]
            base = "UTG" if position.startswith("UTG") else position
            share = preflop.preflop_share_of(hole, hand.game) / self.looseness
            raises = street_raises(hand) - 0          # the blinds are not raises
            if raises == 0:
                if share < preflop.OPEN[base] and sized is not None:
                    return sized
                if legal.can_check:
                    return Action("check")
                return call if share < preflop.LIMP * 0.5 and self.rng.random() < 0.2 else passive
            raise_at = preflop.RERAISE if raises == 1 else preflop.FOUR_BET
            call_at = preflop.CALL[base] if raises == 1 else preflop.CALL_RERAISE if raises == 2 else preflop.FOUR_BET
            call_at *= DEFENCE          # real players defend wider than the coach's model assumes
            if share < raise_at and sized is not None:
                return sized
            return call if share < call_at else passive
        opponents = sum(1 for i in range(hand.n) if i != seat and not hand.folded[i])
        top = None
        if legal.to_call > 0:          # judge the hand against what the bettor likely holds, not any hand
            bet = legal.to_call / max(1, hand.pot - legal.to_call)
            top = min(0.9, BETTOR_TOP / (1 + bet) * RAISED_TOP ** max(0, street_raises(hand) - 1)
                      * _read(self.fold_to_pressure))
        strength = hand_strength(tuple(hole), tuple(hand.board), hand.game, max(1, opponents), self.rng,
                                 bettor_top=top)
        fair = 1.0 / (1 + max(1, opponents))
        strong = strength >= min(0.9, fair + (1 - fair) * 0.45)
        if legal.to_call == 0:
            if hand.street == "flop" and _was_aggressor(hand, seat) and sized is not None:
                # the c-bet: its stated frequency, leaning to the strong hands (value) over the weak ones
                lean = min(1.0, self.cbet + CBET_LEAN[0]) if strong else max(0.0, self.cbet - CBET_LEAN[1])
                return sized if self.rng.random() < lean else Action("check")
            if strong and sized is not None and self.rng.random() < 0.5 + 0.5 * self.aggression:
                return sized
            if strength < fair and sized is not None and self.rng.random() < self.bluff:
                return sized
            return Action("check")
        price = legal.to_call / (hand.pot + legal.to_call)
        need = price * (PRESSURE[0] + PRESSURE[1] * self.fold_to_pressure)
        if strong and sized is not None and self.rng.random() < self.aggression:
            return sized
        if strength < fair * 0.6 and sized is not None and self.rng.random() < self.bluff / 5:
            return sized
        return call if strength >= need else passive

    def __repr__(self) -> str:
        return (f"TendencyPlayer(looseness={self.looseness:g}, bet_sizes={self.bet_sizes}, cbet={self.cbet:g}, "
                f"bluff={self.bluff:g}, fold_to_pressure={self.fold_to_pressure:g}, "
                f"aggression={self.aggression:g}, name={self.name!r})")


TENDENCIES: dict[str, dict[str, object]] = {
    "tag": {"looseness": 1.0, "cbet": 0.65, "bluff": 0.25, "fold_to_pressure": 0.5, "aggression": 0.7},
    "lag": {"looseness": 1.5, "cbet": 0.8, "bluff": 0.4, "fold_to_pressure": 0.3, "aggression": 0.8},
    "rock": {"looseness": 0.7, "cbet": 0.4, "bluff": 0.05, "fold_to_pressure": 0.8, "aggression": 0.5,
             "bet_sizes": (0.75, 1.0)},
    "calling": {"looseness": 1.8, "cbet": 0.3, "bluff": 0.05, "fold_to_pressure": 0.1, "aggression": 0.2},
}
"""Preset tendencies: tight-aggressive, loose-aggressive, a rock and a loose caller."""


def tendency_player(kind: str, seed: int | None = None) -> TendencyPlayer:
    """A :class:`TendencyPlayer` with the preset ``kind`` of :data:`TENDENCIES`."""
    if kind not in TENDENCIES:
        raise PlayerError(_("kind: {kind!r} is not one of {join}").format(kind=kind, join=', '.join(TENDENCIES)))
    return TendencyPlayer(seed=seed, name=kind, **TENDENCIES[kind])  # type: ignore[arg-type]


class SolverPlayer:
    """Plays what the coach's model says is best, from its own seat's view.

    Where an equilibrium is solved (a heads-up turn or river, with a solver
    installed: :mod:`~omaha_learn.strategy.equilibrium`) it plays the equilibrium,
    drawing an action with the solved frequencies; elsewhere it takes the action of
    highest EV under the coach's fold-equity model (:mod:`~omaha_learn.strategy.ev_model`),
    with ``trials`` deals per decision. After the flop it calls only when its hand also pays
    against the bettor's likely range (as a :class:`TendencyPlayer` judges it, :data:`BETTOR_TOP`),
    else it folds. It never raises a street past :data:`MAX_STREET_RAISES`, and when the minimum bet or raise
    is its best action it bets the best of the bigger sizes instead (no min-raise wars).
    """

    def __init__(self, trials: int = 300, seed: int | None = None) -> None:
        self.trials = arguments.whole(trials, "trials", PlayerError)
        if not 50 <= self.trials <= 100_000:
            raise PlayerError(_("trials: 50 to 100,000 deals per decision, got {trials!r}").format(trials=trials))
        self.rng = random.Random(arguments.seed(seed, "seed", PlayerError))

    def decide(self, hand: HandState) -> Action:
        from omaha_learn.strategy.coach import coach

        legal = _legal(hand)
        opponents = sum(1 for i in range(hand.n) if i != legal.seat and not hand.folded[i])
        if hand.holes[legal.seat] is None or not 1 <= opponents <= 5:
            return Action("call") if legal.can_call else Action("check")
        advice = coach(hand, legal.seat, trials=self.trials, seed=self.rng.randrange(2**32), words=False)
        eq = advice.equilibrium
        if eq is not None:
            actions, weights = zip(*eq.frequencies.items(), strict=True)
            token = self.rng.choices(actions, weights=weights)[0]
            try:
                chosen = Action.parse(token)
                if legal.why_not(chosen) is None:
                    return chosen
            except Exception:  # noqa: BLE001 - a token the table does not know: fall back to the EV model
                pass
        ranked = sorted(advice.options, key=lambda o: -o.ev)
        sized = [o for o in ranked if o.action.kind in ("bet", "raise") and o.action.amount != legal.min_to]
        for option in ranked:
            if option.action.kind in ("bet", "raise") and street_raises(hand) >= MAX_STREET_RAISES:
                continue
            if option.action.kind in ("bet", "raise") and option.action.amount == legal.min_to and sized:
                option = sized[0]        # never the minimum when a bigger size is there: no min-raise wars
            if option.action.kind == "call" and not self._worth_calling(hand, legal, opponents):
                return Action("fold")
            return option.action
        return Action("call") if legal.can_call else Action("check")

    def _worth_calling(self, hand: HandState, legal: LegalActions, opponents: int) -> bool:
        """After the flop, a call the model likes must also pay against the bettor's likely range
        (:data:`BETTOR_TOP`): the model's betting range holds its share of bluffs, which real bettors
        often do not have, so a bluff-catcher that loses to their value hands folds to a big bet."""
        hole = hand.holes[legal.seat]
        if hand.street == "preflop" or hole is None or legal.to_call <= 0:
            return True
        bet = legal.to_call / max(1, hand.pot - legal.to_call)
        top = BETTOR_TOP / (1 + bet) * RAISED_TOP ** max(0, street_raises(hand) - 1)
        strength = hand_strength(tuple(hole), tuple(hand.board), hand.game, max(1, opponents), self.rng,
                                 bettor_top=top)
        return strength >= legal.to_call / (hand.pot + legal.to_call)

    def __repr__(self) -> str:
        return f"SolverPlayer(trials={self.trials})"
