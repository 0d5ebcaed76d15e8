"""Scripted players for simulations and lessons: random, calling station, tight rule of thumb.

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

import random
from collections.abc import Mapping
from typing import Protocol

from omaha_learn.engine import arguments
from omaha_learn.engine.betting.state import Action, HandState, LegalActions
from omaha_learn.engine.cards import Card
from omaha_learn.engine.games import Game
from omaha_learn.errors import PlayerError

__all__ = ["Player", "RandomPlayer", "CallingStation", "TightPlayer", "ChartPlayer", "simulate", "preflop_score"]


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
        raise PlayerError(f"hand: {hand!r} is not a HandState")
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
    hole = _hole(hole)
    game = Game.parse(game)
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
        from omaha_learn.engine.evaluation.hands import best_high, best_low

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
            score = preflop_score(hole, hand.game)
            if score >= self.raise_at and aggressive is not None:
                return aggressive
            if score >= self.call_at and legal.can_call and small:
                return Action("call")
            return Action("check") if legal.can_check else passive
        strong = best_high(hole, hand.board).category >= 2        # two pair or better
        pair = best_high(hole, hand.board).category >= 1
        low = best_low(hole, hand.board, hand.qualifier) if hand.game.has_low else None
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

        legal = _legal(hand)
        seat = legal.seat
        hole = hand.holes[seat]
        if hole is None or len(hole) != 4 or hand.street != "preflop":
            return self._after_flop.decide(hand)
        position = model.positions(hand.n, hand.button)[seat]
        base = "UTG" if position.startswith("UTG") else position
        share = model.top_share(hole, hand.game)
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
        raise PlayerError(f"hole: {e}") from None
    if not cards:
        raise PlayerError("hole: no cards")
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
        raise PlayerError(f"players: expected a dict of 2 to 10 names -> players, got {players!r}")
    for name, player in players.items():
        if not isinstance(name, str) or not callable(getattr(player, "decide", None)):
            raise PlayerError(f"players[{name!r}]: need a name (text) -> a player with decide(hand), got {player!r}")
    from omaha_learn.engine.table import MAX_HANDS

    hands = arguments.chips(hands, "hands", PlayerError)
    if hands > MAX_HANDS:
        raise PlayerError(f"hands: at most {MAX_HANDS} hands in one session, got {hands}")
    stack = arguments.chips(stack, "stack", PlayerError, positive=True)
    try:
        table = Table(seats=max(6, len(players)), game=game, blinds=blinds, seed=seed)
    except TableError as e:
        raise PlayerError(str(e)) from None

    for name, player in players.items():
        table.join(name, stack, player=player)
    table.play_hands(hands)
    return {name: table.chips(name) + table.cashed_out.get(name, 0) - stack for name in players}
