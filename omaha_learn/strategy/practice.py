"""A practice table: the learner at seat 0 against scripted opponents, with the coach on call.

:class:`PracticeTable` deals hand after hand at a :class:`~omaha_learn.Table`
(the button moves, stacks carry over; a player who goes broke buys back in to
the starting stack before the next hand). The opponents act by themselves until
it is the learner's decision; :meth:`PracticeTable.advice` asks the coach
(:func:`~omaha_learn.strategy.coach.coach`, which sees only the learner's view);
:meth:`PracticeTable.review` gives the coach's verdict on each decision of the
last hand. Every finished hand is kept as PHH text (:attr:`PracticeTable.history`).

>>> t = PracticeTable(game="plo", seed=7, trials=400)
>>> t.hand.to_act, t.hand.street
(0, 'preflop')
>>> t.act("fold")
>>> t.hand.is_over, sum(t.stacks)
(True, 1200)
>>> t.next_hand(); t.hands_played
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from omaha_learn import rendering
from omaha_learn.engine import arguments
from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.engine.phh import dump_phh
from omaha_learn.engine.table import Table
from omaha_learn.errors import CoachError, IllegalAction, PHHError, PlayerError, TableError
from omaha_learn.i18n import N_, format_number, pgettext, street_word
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.chart import CHART_HOLE_CARDS
from omaha_learn.strategy.coach import DEFAULT_TRIALS, Advice, coach
from omaha_learn.strategy.players import (
    TENDENCIES,
    CallingStation,
    ChartPlayer,
    Player,
    RandomPlayer,
    SolverPlayer,
    TightPlayer,
    tendency_player,
)

__all__ = ["PracticeTable", "Decision", "OPPONENTS", "LEARNER", "DEFAULT_LINEUP", "BIG_BLINDS"]

LEARNER = "you"
"""The learner's name at the table (seat 0)."""

OPPONENTS: dict[str, object] = {"solver": SolverPlayer, **{k: k for k in TENDENCIES}, "chart": ChartPlayer,
                                 "tight": TightPlayer, "station": CallingStation, "random": RandomPlayer}
"""Scripted opponents by name (``opponents=["solver", "tag", ...]``): the coach-model player, the tendency
presets (:data:`~omaha_learn.strategy.players.TENDENCIES`) and the older rule-of-thumb players."""
DEFAULT_LINEUP = ("solver", "tag", "lag", "rock", "calling")
"""The opponents of a default table, seat 1 onwards (the first ``seats - 1`` of them)."""
BIG_BLINDS = 100
"""Default stack, in big blinds."""


@dataclass
class Decision:
    """One decision of the learner: the hand as it was (a copy), the action taken, the coach's advice
    (given when the learner asked for it, else computed by :meth:`PracticeTable.review`).

    ``verdict`` is ``"best"`` (the coach's best action), ``"close"`` (within
    the Monte Carlo error of the difference from the best) or ``"mistake"``; every
    legal size is weighed (one the advice did not list is weighed on demand).
    """

    hand_number: int
    street: str
    state: HandState
    action: Action
    seed: int
    advice: Advice | None = None
    asked: bool = False

    def _advised(self) -> Advice:
        if self.advice is None:
            raise CoachError(_("this decision has not been reviewed yet: call PracticeTable.review()"))
        return self.advice

    @property
    def ev_lost(self) -> float | None:
        """Chips of EV given up against the coach's best action (0 or less when the action was the best)."""
        advice = self._advised()
        return advice.best_option.ev - advice.weigh(self.action).ev

    @property
    def verdict(self) -> str:
        advice = self._advised()
        taken = advice.weigh(self.action)
        best = advice.best_option
        if taken.ev >= best.ev:
            return "best"
        return "close" if advice.is_close(taken) else "mistake"

    def __str__(self) -> str:
        lost = self.ev_lost
        verdict = self.verdict
        costly = lost is not None and lost > 0
        template = _REVIEW_LINE[(verdict, costly)] if (verdict, costly) in _REVIEW_LINE else _REVIEW_LINE[(verdict, False)]
        return _(template).format(hand=self.hand_number, street=street_word(self.street), action=self.action.words(),
                                  best=self._advised().best.words(), lost=format_number(lost or 0.0, 1))


_REVIEW_LINE = {
    ("best", False): N_("hand {hand}, {street}: you chose {action}; the coach: {best} (best)"),
    ("close", False): N_("hand {hand}, {street}: you chose {action}; the coach: {best} (close)"),
    ("mistake", False): N_("hand {hand}, {street}: you chose {action}; the coach: {best} (mistake)"),
    ("best", True): N_("hand {hand}, {street}: you chose {action}; the coach: {best} (best, {lost} chips of EV "
                       "below the best)"),
    ("close", True): N_("hand {hand}, {street}: you chose {action}; the coach: {best} (close, {lost} chips of EV "
                        "below the best)"),
    ("mistake", True): N_("hand {hand}, {street}: you chose {action}; the coach: {best} (mistake, {lost} chips of "
                          "EV below the best)"),
}
"""A reviewed decision in one line, for each verdict, with or without the EV given up: whole sentences."""


class PracticeTable:
    """The learner (seat 0, named ``"you"``) against ``seats - 1`` scripted opponents.

    ``game`` ``"hilo"`` (the default, :data:`~omaha_learn.games.DEFAULT_GAME`) or ``"plo"`` (a five-card
    game is refused: the opponents and the coach read the four-card chart); ``seats`` 2 (heads-up) to 6; ``stack`` chips
    each (default :data:`BIG_BLINDS` big blinds); ``blinds``; ``structure`` ``"pot"``
    or ``"fixed"`` limit (default: the game's usual one); ``seed`` fixes the button,
    every deal and the opponents' choices, so a seeded table replays identically for
    the same actions; ``opponents`` a list of players (objects with
    ``decide(hand)``) or names from :data:`OPPONENTS`, one per other seat (default:
    :data:`DEFAULT_LINEUP`). ``trials`` is the coach's Monte Carlo deals per advice.
    """

    def __init__(self, game: str | Game = DEFAULT_GAME, seats: int = 6, stack: int | None = None,
                 blinds: tuple[int, int] = (1, 2), seed: int | None = None,
                 opponents: Sequence[object] | None = None, *, trials: int = DEFAULT_TRIALS,
                 structure: str | None = None) -> None:
        self.game = Game.parse(game)
        if self.game.hole_cards != CHART_HOLE_CARDS:
            raise CoachError(_("game: the practice table's opponents and coach read the starting-hand chart, which covers four-card games; {label} has none").format(label=self.game.local_label))
        seats = arguments.whole(seats, "seats", CoachError)
        if not 2 <= seats <= 6:
            raise CoachError(_("seats: a practice table has 2 (heads-up) to 6 seats (the coach weighs up to 5 opponents), got {seats}").format(seats=seats))
        if structure not in (None, "pot", "fixed"):
            raise CoachError(_("structure: 'pot' or 'fixed' limit, got {structure!r}").format(structure=structure))
        big = blinds[1] if isinstance(blinds, tuple) and len(blinds) == 2 and isinstance(blinds[1], int) else 2
        self.stack = arguments.chips(BIG_BLINDS * big if stack is None else stack, "stack", CoachError,
                                     positive=True)
        self.seed = arguments.seed(seed, "seed", CoachError)
        self.trials = arguments.whole(trials, "trials", CoachError)
        if not 1 <= self.trials <= 10_000_000:
            raise CoachError(_("trials: the coach's Monte Carlo deals, 1 to 10,000,000, got {trials!r}").format(trials=trials))
        rng = random.Random(self.seed)
        players = self._players(opponents, seats - 1, rng)
        try:
            self.table = Table(seats=seats, game=self.game, blinds=blinds, seed=rng.randrange(2**32),
                               structure=structure, min_start=2 if seats == 2 else 3)
        except TableError as e:
            raise CoachError(str(e)) from None
        self.blinds = self.table.blinds
        self.table.join(LEARNER, self.stack, seat=0)
        for i, p in enumerate(players, start=1):
            self.table.join(f"p{i}", self.stack, seat=i, player=p)
        self._coach_rng = random.Random(rng.randrange(2**32))
        self.opponents = players
        self.history: list[str] = []
        """Every finished hand as PHH text, oldest first (``load_phh`` replays each); pot-limit Omaha Hi-Lo
        has no PHH variant, so its hands are kept as the hand's log in comment lines."""
        self.results: list[int] = []
        """The learner's net chips in each finished hand."""
        self.decisions: list[Decision] = []
        """Every decision of the learner so far, with the coach's advice."""
        self.rebuys: list[tuple[int, str, int]] = []
        """(hand number, name, chips) of every buy-back before a hand."""
        self._advice: Advice | None = None
        self._advice_seed = 0
        self._start = 0
        self._deal()

    @staticmethod
    def _players(opponents: Sequence[object] | None, n: int, rng: random.Random) -> list[Player]:
        names: Sequence[object] = opponents if opponents is not None else DEFAULT_LINEUP[:n]
        if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) or len(names) != n:
            raise CoachError(_("opponents: give {n} players (one per other seat), got {names!r}").format(n=n, names=names))
        out: list[Player] = []
        for i, p in enumerate(names):
            if isinstance(p, str):
                if p not in OPPONENTS:
                    raise CoachError(_("opponents[{i}]: {p!r} is not one of {join}").format(i=i, p=p, join=', '.join(OPPONENTS)))
                kind = OPPONENTS[p]
                seed = rng.randrange(2**32)
                if isinstance(kind, str):
                    out.append(tendency_player(kind, seed))
                elif kind in (RandomPlayer, SolverPlayer):
                    out.append(kind(seed=seed))
                else:
                    out.append(kind())  # type: ignore[operator]
            elif callable(getattr(p, "decide", None)):
                out.append(p)  # type: ignore[arg-type]
            else:
                raise CoachError(_("opponents[{i}]: {p!r} has no decide(hand)").format(i=i, p=p))
        return out

    # ------------------------------------------------------------------ state
    @property
    def hand(self) -> HandState:
        """The current hand: at the learner's decision, or finished."""
        assert self.table.hand is not None
        return self.table.hand

    @property
    def hands_played(self) -> int:
        """Finished hands (the current one counts once it is over)."""
        return len(self.history)

    @property
    def stacks(self) -> list[int]:
        """Chips of each seat now (behind plus in the current hand's pot until it ends)."""
        return [self.table.chips(self.table.name_at(s)) for s in range(self.table.seats)]

    @property
    def hand_number(self) -> int:
        return len(self.history) + (0 if self.hand.is_over else 1)

    def _deal(self) -> None:
        for s in range(self.table.seats):
            name = self.table.name_at(s)
            seat = self.table.occupants[s]
            if seat.stack == 0:
                self.table.add_chips(name, self.stack)
                self.rebuys.append((len(self.history) + 1, name, self.stack))
        self.table.start_hand()
        self._start = self.table.chips(LEARNER)
        self._new_decision()
        self._run()

    def _run(self) -> None:
        """Let the opponents act until it is the learner's turn or the hand is over."""
        hand = self.hand
        while not hand.is_over and hand.to_act != 0:
            player = self.opponents[(hand.to_act or 0) - 1]
            try:
                action = player.decide(hand)
            except PlayerError as e:
                raise CoachError(_("opponent at seat {to_act}: {e}").format(to_act=hand.to_act, e=e)) from None
            self.table.act(action)
        if hand.is_over:
            self._finish()

    def _finish(self) -> None:
        try:
            self.history.append(dump_phh(self.hand))
        except PHHError:       # pot-limit Omaha Hi-Lo has no PHH variant: keep the hand's own log instead
            self.history.append("# pot-limit Omaha Hi-Lo has no PHH variant; the hand's log:\n"
                                + "\n".join(f"# {line}" for line in self.hand.log))
        self.results.append(self.table.chips(LEARNER) - self._start)

    # ------------------------------------------------------------------ the learner
    def legal_actions(self) -> object:
        return self.hand.legal_actions()

    def advice(self) -> Advice:
        """The coach's advice for the learner's current decision (computed once per decision, seeded by the table)."""
        if self.hand.is_over or self.hand.to_act != 0:
            raise CoachError(_("advice: the hand is over; deal the next one with next_hand()"))
        if self._advice is None:
            self._advice = coach(self.hand, 0, trials=self.trials, seed=self._advice_seed)
        return self._advice

    def act(self, kind: Action | str, amount: int | None = None) -> None:
        """Play the learner's action (``"fold"``, ``"call"``, ``"raise", 20``, ``"r20"``...), then the opponents'.

        ``"bet"`` or ``"raise"`` without an amount is the minimum.
        """
        hand = self.hand
        if hand.is_over or hand.to_act != 0:
            raise IllegalAction(_("the hand is over; deal the next one with next_hand()"), action=kind)
        legal = hand.legal_actions()
        action = kind if isinstance(kind, Action) else None
        if action is None and amount is None and isinstance(kind, str) and kind.strip().lower() in ("bet", "raise"):
            action = Action(kind.strip().lower(), legal.min_to if legal.min_to is not None else 0)
        if action is None:
            action = Action.parse(kind, amount)
        why = legal.why_not(action)
        if why is not None:
            raise IllegalAction(_("you cannot {action}: {why}; legal: {describe}").format(action=action.words(), why=why, describe=legal.describe()), action=action, legal=legal)
        decision = Decision(self.hand_number, hand.street, hand.copy(), action, self._advice_seed, self._advice,
                            asked=self._advice is not None)
        self.table.act(action)
        self.decisions.append(decision)
        self._new_decision()
        self._run()

    def _new_decision(self) -> None:
        self._advice = None
        self._advice_seed = self._coach_rng.randrange(2**32)

    def review(self, hand_number: int | None = None) -> list[Decision]:
        """The learner's decisions in hand ``hand_number`` (default: the last finished hand, or the current
        one so far) with the coach's verdicts; advice not asked for during the hand is computed now,
        with the seed it would have had."""
        if hand_number is None:
            hand_number = len(self.history) if self.hand.is_over else len(self.history) + 1
        out = [d for d in self.decisions if d.hand_number == hand_number]
        for d in out:
            if d.advice is None:
                d.advice = coach(d.state, 0, trials=self.trials, seed=d.seed)
        return out

    def next_hand(self) -> None:
        """Deal the next hand (the current one must be over); players who went broke buy back in."""
        if not self.hand.is_over:
            raise CoachError(_("next_hand: the current hand is not over; act until it ends"))
        self._deal()

    def text(self) -> str:
        """The table from the learner's seat, in plain text: board, seats (other hands face down until
        shown), pot and, when it is the learner's turn, the legal actions.

        >>> print(PracticeTable(game="plo", seed=7).text().splitlines()[0])
        Hand 1, preflop, pot 3, board: (none)
        """
        from omaha_learn.engine.cards import format_cards

        hand = self.hand
        shown = set(getattr(hand.result, "show_order", ()) or ()) if hand.is_over else set()
        board = format_cards(hand.board) or pgettext("no board cards", "(none)")
        if hand.is_over:
            head = _("Hand {number}, over, pot {pot}, board: {board}")
        else:
            head = _("Hand {number}, {street}, pot {pot}, board: {board}")
        lines = [head.format(number=self.hand_number, street=street_word(hand.street), pot=hand.pot, board=board)]
        for i in range(hand.n):
            visible = i == 0 or (i in shown and not hand.folded[i])
            cards = format_cards(hand.holes[i] or ()) if visible else "?? ?? ?? ??"
            flags = [pgettext("seat", w) for w, on in (("button", i == hand.button), ("folded", hand.folded[i]),
                                                       ("to act", hand.to_act == i)) if on]
            name = pgettext("the learner at the table", "you") if hand.names[i] == LEARNER else hand.names[i]
            row = (_("{name} {cards} stack {stack}, bet {bet}") if hand.bets[i] else _("{name} {cards} stack {stack}"))
            lines.append("  " + row.format(name=f"{name:<4}", cards=f"{cards:<12}", stack=hand.stacks[i], bet=hand.bets[i])
                         + (f" ({', '.join(flags)})" if flags else ""))
        if hand.is_over:
            summary = getattr(hand.result, "summary", None) or getattr(hand.result, "describe", None)
            lines.append(str(summary() if callable(summary) else hand.result))
            lines.append(_("Your result this hand: {result}").format(result=f"{self.results[-1]:+d}"))
        else:
            lines.append(_("You may: {actions}").format(actions=hand.legal_actions().describe()))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<PracticeTable {self.game} {self.table.seats} seats, hand {self.hand_number}, "
                f"stacks {self.stacks}>")

    def _repr_html_(self) -> str:
        return rendering.html("practice", self)   # drawn by omaha_learn.display when it is there


def _seat_flag_names() -> None:  # pragma: no cover - never called: Babel finds the seats' flags here
    pgettext("seat", "button")
    pgettext("seat", "folded")
    pgettext("seat", "to act")
    pgettext("seat", "all in")
