"""The coach: a truthful second opinion at one decision of a hand.

:func:`coach` looks at a hand only as the seat to act sees it (a
:class:`~omaha_learn.strategy.seat_view.SeatView`: its own hole cards, the board,
the actions and the chips; never another seat's cards) and answers:

* the **price**: ``to_call / (pot + to_call)``, the share of the final pot a call must win;
* the **equity**: the seat's expected share of the pot at the showdown (hi-lo
  halves and quarters counted, R11) against a range for each opponent still in,
  by seeded Monte Carlo with its standard error; the ranges are the
  :mod:`~omaha_learn.strategy.opponent_model` estimate unless given;
* the **chip EV** of folding, checking or calling and of a minimum and a
  pot-sized bet or raise, under one stated model (:data:`EV_MODEL`): every
  opponent still in puts in the same bet (up to its stack), nobody folds, and
  the rest is checked down. When no more betting is possible after the action
  (the last bet put someone all in), the EV is exact for those ranges;
* ``best``, the action of highest EV, and the reading of the hand: nut status,
  draws and what the two-card rule (R2) does to it.

Chip EV counts chips from now on: folding is 0; the chips already in the
middle are the pot, not a cost. No implied odds, no fold equity.

>>> from omaha_learn.engine.betting.state import HandState
>>> hand = HandState([40, 40], game="plo", holes=["7c 6d 5h 4s", "As Ad Ks Kd"], button=0, seed=1)
>>> hand.play("r6 r18 r40")                # the button is all in: the big blind's call is the last chip
>>> advice = coach(hand, ranges={0: "KK**,QQ**"}, trials=4_000, seed=1)
>>> advice.to_call, advice.pot, advice.price
(22, 58, Fraction(11, 40))
>>> advice.exact, advice.best
(True, Action('call'))
>>> advice.ev["fold"], advice.ev["call"] > 0
(0.0, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import sqrt
from typing import Any

from omaha_learn import rendering
from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.cards import FULL_DECK, Card, format_cards
from omaha_learn.engine.equity.range_equity import RANGE_HOLE_CARDS
from omaha_learn.engine.evaluation.hands import best_high, best_low, five_card_strengths, make_high
from omaha_learn.engine.games import Game
from omaha_learn.errors import CoachError, RangeError, RangesDoNotFit
from omaha_learn.strategy.opponent_model import RangeEstimate, estimate_ranges, positions, top_share
from omaha_learn.strategy.ranges import Range, parse_range
from omaha_learn.strategy.seat_view import SeatView, seat_view

__all__ = ["coach", "Advice", "Option", "EV_MODEL", "EXACT_MODEL", "DEFAULT_TRIALS", "hand_notes", "nut_status",
           "CLOSE"]

DEFAULT_TRIALS = 10_000
"""Monte Carlo deals per advice (the equity's standard error is then about 0.4%)."""
EV_MODEL = "if every player still in calls and the rest is checked down"
"""The chip-EV model when more betting could follow: no folds, no later bets, no implied odds."""
EXACT_MODEL = "exact: no more betting is possible"
"""The label of an EV that no later action can change (the ranges and the Monte Carlo error aside)."""
CLOSE = 2.0
"""Two actions whose EVs differ by less than this many standard errors are called a close decision."""


@dataclass(frozen=True)
class Option:
    """One action the coach weighed: its chip EV from now on, the EV's standard error and its model."""

    action: Action
    label: str
    ev: float
    stderr: float
    model: str
    break_even: float = 0.0
    """The equity at which this action's EV is 0: chips added / the pot it can win (0 for fold and check)."""

    @property
    def exact(self) -> bool:
        return self.model in ("exact", EXACT_MODEL)

    def __str__(self) -> str:
        err = f" ± {self.stderr:.1f}" if self.stderr else ""
        return f"{self.label}: EV {self.ev:+.1f}{err} chips ({self.model})"


@dataclass(frozen=True)
class Advice:
    """The coach's advice at one decision (see :func:`coach`).

    ``price`` is ``to_call / (pot + to_call)`` (0 when checking is free);
    ``equity`` and ``stderr`` the share of the pot the seat wins at the showdown
    against ``ranges`` (seat -> range text); ``reasons`` say why each range was
    assumed (``estimated`` is False when the ranges were given); ``options`` the
    actions weighed with their EVs, ``ev`` the same as label -> EV and ``best``
    the action of highest EV; ``nuts``, ``draws`` and ``two_card`` read the hand.
    """

    seat: int
    position: str
    street: str
    game: Game
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    to_call: int
    pot: int
    price: Fraction
    equity: float
    stderr: float
    ranges: dict[int, str]
    reasons: dict[int, str]
    estimated: bool
    options: tuple[Option, ...]
    best: Action
    nuts: str
    draws: tuple[str, ...]
    two_card: tuple[str, ...]
    trials: int
    seed: int | None
    names: tuple[str, ...] = field(default=(), repr=False)

    @property
    def ev(self) -> dict[str, float]:
        """Chip EV of each option by label: ``'fold'``, ``'check'``, ``'call'``, ``'raise pot'``, ``'bet min'``..."""
        return {o.label: o.ev for o in self.options}

    @property
    def best_option(self) -> Option:
        return max(self.options, key=lambda o: o.ev)

    @property
    def exact(self) -> bool:
        """Whether the best action's EV is exact (no more betting can follow it)."""
        return self.best_option.exact

    @property
    def close(self) -> bool:
        """Whether the runner-up is within :data:`CLOSE` standard errors of the best action."""
        ranked = sorted(self.options, key=lambda o: -o.ev)
        if len(ranked) < 2:
            return False
        a, b = ranked[0], ranked[1]
        return a.ev - b.ev < CLOSE * sqrt(a.stderr ** 2 + b.stderr ** 2)

    def option(self, action: Action | str) -> Option | None:
        """The weighed option matching ``action`` (same kind, and amount for bets and raises), if any."""
        a = Action.parse(action)
        for o in self.options:
            if o.action.kind == a.kind and (a.kind not in ("bet", "raise") or o.action.amount == a.amount):
                return o
        return None

    def ev_of(self, action: Action | str) -> tuple[float, float, str]:
        """(EV, standard error, model) of any legal ``action`` of this decision, weighed on demand."""
        a = Action.parse(action)
        found = self.option(a)
        if found is not None:
            return found.ev, found.stderr, found.model
        raise CoachError(f"action: {a} is not one of the options weighed ({', '.join(o.label for o in self.options)})")

    @property
    def verdict(self) -> str:
        """The recommendation in one sentence, drawn from the EVs above (never from anything else)."""
        best = self.best_option
        ranked = sorted(self.options, key=lambda o: -o.ev)
        runner = ranked[1] if len(ranked) > 1 else None
        text = f"{_verb(best.action)}: its EV {best.ev:+.1f} chips is the highest"
        if runner is not None:
            text += f" ({_verb(runner.action).lower()} {runner.ev:+.1f})"
        if self.close:
            text += "; a close decision: the difference is within the Monte Carlo error"
        return text + "."

    def price_text(self) -> str:
        if not self.to_call:
            return f"Nothing to call; the pot is {self.pot}."
        return (f"Price: call {self.to_call} to win a pot of {self.pot + self.to_call} after the call: "
                f"you need {100 * float(self.price):.1f}% equity ({self.price.numerator}/{self.price.denominator}).")

    def equity_text(self) -> str:
        seats = ", ".join(f"seat {s}" for s in self.ranges) or "nobody"
        need = ""
        call = self.option("call")
        if call is not None:
            side = "above" if call.ev > 0 else "not above"
            need = f" ({side} the {100 * call.break_even:.1f}% a call needs under the EV model)"
        return (f"Equity: {100 * self.equity:.1f}% ± {100 * self.stderr:.1f}% of the pot at the showdown "
                f"against {seats}{need}, {self.trials:,} deals.")

    def range_lines(self) -> list[str]:
        if not self.estimated:
            return [f"seat {s}: {self.ranges[s]} (given)" for s in self.ranges]
        return [f"seat {s}: {self.ranges[s]} (coach's estimate: {self.reasons[s]})" for s in self.ranges]

    def __str__(self) -> str:
        lines = [f"Coach for seat {self.seat} ({self.position}), {self.street}: "
                 f"{format_cards(self.hole)}" + (f" on {format_cards(self.board)}" if self.board else ""),
                 self.price_text(), self.equity_text(), "Ranges assumed:"]
        lines += [f"  {x}" for x in self.range_lines()]
        lines.append(f"Hand: {self.nuts}")
        lines += [f"  {d}" for d in self.draws]
        lines += [f"Two-card rule: {t}" for t in self.two_card]
        lines.append("Chip EV from now on (folding is 0):")
        lines += [f"  {o}" for o in self.options]
        lines.append(f"Verdict: {self.verdict}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return rendering.html("advice", self)   # drawn by omaha_learn.display when it is there


def _verb(action: Action) -> str:
    return str(action).capitalize()


# ----------------------------------------------------------------- the hand in words

def nut_status(hole: tuple[Card, ...], board: tuple[Card, ...], game: Game, qualifier: int | None = 8) -> str:
    """Whether the hand holds the nut high (and the nut low in Hi-Lo) on this board, from the seat's view.

    The nuts are the best hand any two unseen cards could make with three board cards (R2).

    >>> from omaha_learn.engine.cards import parse_cards
    >>> nut_status(parse_cards("As Ks 7d 2c"), parse_cards("Qs Js 4s"), Game.PLO)
    'Flush, ace high (ace, king, queen, jack, four): the nut high.'
    """
    if len(board) < 3:
        return "Before the flop: no made hand yet."
    mine = best_high(hole, board)
    seen = set(hole) | set(board)
    unseen = [c for c in FULL_DECK if c not in seen]
    triples = list(combinations(board, 3))
    top, top_cards = mine.strength, None
    for pair in combinations(unseen, 2):
        for t in triples:
            s = five_card_strengths(pair + t)[0]
            if s > top:
                top, top_cards = s, (pair, t)
    if top_cards is None:
        text = f"{mine.describe()}: the nut high."
    else:
        nuts = make_high(top_cards[0], top_cards[1], top)
        text = f"{mine.describe()}: not the nuts (the nut high is {nuts.describe().lower()})."
    if game.has_low:
        from omaha_learn.engine.evaluation.nuts import nut_low

        low = best_low(hole, board, qualifier)
        best = nut_low(board, qualifier, dead=hole)
        if best is None:
            text += " No low is possible on this board yet."
        elif low is None:
            text += f" No low (the nut low is {best.describe().lower()})."
        elif low == best or low > best:
            text += f" {low.describe()}: the nut low."
        else:
            text += f" {low.describe()}: not the nut low ({best.describe().lower()} is)."
    return text


def hand_notes(hole: tuple[Card, ...], board: tuple[Card, ...], game: Game, qualifier: int | None = 8
               ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(draws, two-card-rule notes) of a hand on a flop or turn, in words; the one place the draws text is made.

    Draws come from :func:`~omaha_learn.outs` (wraps, nut and non-nut flush
    draws, low draws and counterfeit risk, then how many next cards improve the
    high, make a low and make the nuts); the notes are
    :func:`~omaha_learn.explain`'s pitfalls (R2-R4, R10). Only the seat's own
    cards and the board are read: every other card counts as unseen.

    >>> from omaha_learn.engine.cards import parse_cards
    >>> draws, rule = hand_notes(parse_cards("As 9s 8d 2c"), parse_cards("Ks 7s 6h"), Game.PLO)
    >>> [d.split(":")[0] for d in draws]
    ['open-ended straight draw', 'nut flush draw', 'Next card']
    >>> draws[-1]
    'Next card: 33 of 45 unseen cards improve your high, 14 of them to the nuts.'
    >>> rule    # no low half in PLO: the three-hole-card low is not a pitfall here
    ()
    """
    from omaha_learn.engine.evaluation.explanation import explain
    from omaha_learn.strategy.outs import outs

    if len(board) < 3:
        return (), ()
    notes = tuple(p.message for p in explain(hole, board, qualifier).pitfalls
                  if game.has_low or p.kind != "low")   # PLO has no low half: no low pitfall to warn of
    if len(board) >= 5:
        return (), notes
    o = outs(hole, board, game, qualifier=qualifier)
    n = len(o)
    draws = [f"{d.name}: {d.message}" for d in o.draws]
    nut_improves = sum(1 for c in o.next_cards if c.improves_high and c.nut_high)
    if o.improves_high:
        draws.append(f"Next card: {len(o.improves_high)} of {n} unseen cards improve your high, "
                     f"{nut_improves} of them to the nuts.")
    if game.has_low and o.makes_low:
        draws.append(f"Next card: {len(o.makes_low)} of {n} unseen cards make you a low, "
                     f"{len([c for c in o.next_cards if c.makes_low and c.nut_low])} of them the nut low.")
    if game.has_low and o.counterfeits:
        draws.append(f"Next card: {len(o.counterfeits)} of {n} unseen cards counterfeit your low "
                     f"({format_cards(o.counterfeits)}).")
    return tuple(draws), notes


def _preflop_notes(hole: tuple[Card, ...], game: Game) -> tuple[str, ...]:
    share = top_share(hole, game)
    return (f"Before the flop: {format_cards(hole)} starts in the top {100 * share:.1f}% of hands "
            f"(six-handed order of the chart).",)


def _preflop_two_card(hole: tuple[Card, ...]) -> tuple[str, ...]:
    """What R2 (exactly two hole cards) does to a starting hand, in words."""
    out = []
    suits = [c.suit for c in hole]
    for s in sorted(set(suits)):
        k = suits.count(s)
        if k >= 3:
            out.append(f"{k} cards of one suit: only two can make a flush (R3), and they take flush cards "
                       "from your other draws.")
    ranks = [c.rank for c in hole]
    for r in sorted(set(ranks), reverse=True):
        if ranks.count(r) >= 3:
            out.append("Three of a rank: only two can play, so the third is a dead card (no set with it, R2).")
    if not out:
        out.append("Any two of your cards can play with three board cards (R2): six pairs of hole cards.")
    return tuple(out)


# ----------------------------------------------------------------- chip EV

def _final(view: SeatView, target: int) -> tuple[list[int], int]:
    """Contributions after the seat puts its bet this round to ``target`` and every opponent still in
    matches it up to its stack; and the seat's added chips."""
    contrib = list(view.contributions)
    me = view.seat
    mine = min(target, view.bets[me] + view.stacks[me])
    added = mine - view.bets[me]
    contrib[me] += added
    for j in view.opponents:
        reach = min(mine, view.bets[j] + view.stacks[j])
        if reach > view.bets[j]:
            contrib[j] += reach - view.bets[j]
    return contrib, added


def _ev(view: SeatView, equity: float, stderr: float, target: int) -> tuple[float, float, bool, float]:
    """(EV, stderr, exact, break-even equity) of putting the seat's bet to ``target`` (see the module notes)."""
    contrib, added = _final(view, target)
    me = view.seat
    live_top = max((contrib[j] for j in view.opponents), default=0)
    mine = min(contrib[me], live_top)           # above what anyone still in can match comes back
    winnable = sum(min(c, mine) for c in contrib)
    ev = equity * winnable - (mine - view.contributions[me])
    mine_after = view.bets[me] + added
    stacks_after = {j: view.stacks[j] - max(0, min(mine_after, view.bets[j] + view.stacks[j]) - view.bets[j])
                    for j in view.opponents}
    my_stack = view.stacks[me] - added
    # exact when nobody can put in another chip: every opponent has matched (or is all in) already, no more
    # than one player still in has chips behind, and a single pot holds every player still in
    matched = all(view.bets[j] >= mine_after or view.stacks[j] == 0 for j in view.opponents)
    with_chips = sum(1 for j in view.opponents if stacks_after[j] > 0) + (my_stack > 0)
    one_pot = all(min(contrib[j], mine) == mine for j in view.opponents)
    exact = matched and with_chips <= 1 and one_pot
    return ev, stderr * winnable, exact, (mine - view.contributions[me]) / winnable if winnable else 0.0


def _options(view: SeatView, equity: float, stderr: float) -> list[Option]:
    legal = view.legal
    assert legal is not None
    me = view.seat
    out: list[Option] = []
    if legal.can_fold:
        out.append(Option(Action("fold"), "fold", 0.0, 0.0, "exact"))
    passive = [("check", Action("check"), view.bets[me])] if legal.can_check else []
    if legal.can_call:
        passive.append(("call", Action("call"), view.bets[me] + legal.to_call))
    aggressive: list[tuple[str, Action, int]] = []
    if (legal.can_bet or legal.can_raise) and legal.min_to is not None and legal.max_to is not None:
        kind = "bet" if legal.can_bet else "raise"
        if legal.max_to == legal.min_to:
            aggressive.append((kind, Action(kind, legal.min_to), legal.min_to))
        else:
            aggressive.append((f"{kind} min", Action(kind, legal.min_to), legal.min_to))
            aggressive.append((f"{kind} pot", Action(kind, legal.max_to), legal.max_to))
    for label, action, target in passive + aggressive:
        ev, se, exact, break_even = _ev(view, equity, stderr, target)
        model = EXACT_MODEL if exact else (EV_MODEL if action.kind in ("check", "call") else
                                           "if every player still in calls and the rest is checked down (no fold equity)")
        out.append(Option(action, label, ev, se, model, break_even))
    return out


# ----------------------------------------------------------------- the coach

def _given_ranges(view: SeatView, ranges: object) -> dict[int, Range]:
    game = view.game.value
    if isinstance(ranges, (str, Range)):
        items = {s: ranges for s in view.opponents}
    elif isinstance(ranges, Mapping):
        items = dict(ranges)
        extra = [s for s in items if s not in view.opponents]
        if extra:
            raise CoachError(f"ranges: seat {extra[0]!r} is not an opponent still in (seats {view.opponents})")
        missing = [s for s in view.opponents if s not in items]
        if missing:
            raise CoachError(f"ranges: no range for seat {missing[0]}, still in; give one per opponent still in")
    else:
        raise CoachError(f"ranges: a range text for every opponent, or a dict seat -> range text, got {ranges!r}")
    out = {}
    for s, text in items.items():
        try:
            out[s] = parse_range(text, game=game)
        except RangeError as exc:
            raise RangeError(f"ranges: seat {s}: {exc}", exc.part, exc.position) from None
    return out


WIDEN_TRIES = 5
"""How many times the coach doubles estimated ranges that cannot hold the opponents' hands together."""


def widened(estimate: RangeEstimate) -> RangeEstimate:
    """``estimate`` with its share doubled (a slice keeps its lower end), the reason saying so."""
    hi = min(1.0, 2 * estimate.hi)
    reason = estimate.reason.split("; widened to")[0] + f"; widened to {100 * hi:g}% because the narrower ranges cannot all hold hands beside your cards"
    return dataclasses.replace(estimate, hi=hi, reason=reason)


def _equity(view: SeatView, ranges: list[Range], trials: int, seed: int | None) -> Any:
    from omaha_learn.engine.equity.api import equity

    holes: list[Any] = [view.hole, *ranges]
    return equity(holes, view.board, game=view.game.value, qualifier=view.qualifier, trials=trials, seed=seed)


def coach(hand: HandState, seat: int | None = None, ranges: object = None, trials: int = DEFAULT_TRIALS,
          seed: int | None = None) -> Advice:
    """Advice for ``seat`` (default: the seat to act) of ``hand`` (see the module notes).

    ``ranges`` is ``None`` (the coach's estimate from the chart, positions and
    preflop actions: :mod:`~omaha_learn.strategy.opponent_model`), one range
    text for every opponent, or a dict seat -> range text for each opponent
    still in. ``trials`` Monte Carlo deals with ``seed`` give the equity.
    Only what ``seat`` can see is read; another seat's hole cards never are.
    """
    from omaha_learn.engine import arguments
    from omaha_learn.engine.equity.request import check_trials

    view = seat_view(hand, seat)
    if view.legal is None:
        raise CoachError(f"seat: seat {view.seat} is not to act (seat {hand.to_act} is)")
    trials_n = check_trials(trials, exact_allowed=False)
    assert trials_n is not None
    seed = arguments.seed(seed, "seed", CoachError, sampled=True)
    if view.game.hole_cards != RANGE_HOLE_CARDS:
        raise CoachError(f"hand: the coach weighs ranges from the starting-hand chart, which covers four-card games;"
                         f" {view.game.label} has none")
    opponents = view.opponents
    if not 1 <= len(opponents) <= 5:
        raise CoachError(f"hand: the coach weighs 1 to 5 opponents still in, this hand has {len(opponents)}")
    if ranges is None:
        estimates = estimate_ranges(view)
        for _ in range(WIDEN_TRIES):
            try:
                result = _equity(view, [estimates[s].range for s in opponents], trials_n, seed)
                break
            except RangesDoNotFit:   # the estimated ranges cannot hold these hands together with the seat's cards
                estimates = {s: widened(e) for s, e in estimates.items()}
        else:
            raise CoachError("ranges: the estimated ranges do not fit with the cards this seat can see; "
                             "give ranges= for the opponents")
        texts = {s: estimates[s].text for s in opponents}
        reasons = {s: estimates[s].reason for s in opponents}
    else:
        chosen = _given_ranges(view, ranges)
        texts = {s: chosen[s].text for s in opponents}
        reasons = {s: "given to the coach" for s in opponents}
        result = _equity(view, [chosen[s] for s in opponents], trials_n, seed)
    eq, se = result[0].equity, float(result[0].stderr or 0.0)
    options = _options(view, eq, se)
    best = max(options, key=lambda o: o.ev)
    to_call = view.to_call
    pot = view.pot
    price = Fraction(to_call, pot + to_call) if to_call else Fraction(0)
    if view.board:
        nuts = nut_status(view.hole, view.board, view.game, view.qualifier)
        draws, two_card = hand_notes(view.hole, view.board, view.game, view.qualifier)
    else:
        nuts = _preflop_notes(view.hole, view.game)[0]
        draws, two_card = (), _preflop_two_card(view.hole)
    return Advice(seat=view.seat, position=positions(view.n, view.button)[view.seat], street=view.street,
                  game=view.game, hole=view.hole, board=view.board, to_call=to_call, pot=pot, price=price,
                  equity=eq, stderr=se, ranges=texts, reasons=reasons, estimated=ranges is None,
                  options=tuple(options), best=best.action, nuts=nuts, draws=draws, two_card=two_card,
                  trials=trials_n, seed=seed, names=view.names)

