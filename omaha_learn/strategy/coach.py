"""The coach: a truthful second opinion at one decision of a hand.

:func:`coach` looks at a hand only as the seat to act sees it (a
:class:`~omaha_learn.strategy.seat_view.SeatView`: its own hole cards, the board,
the actions and the chips; never another seat's cards) and answers:

* the **price**: ``to_call / (pot + to_call)``, the share of the final pot a call must win;
* the **equity**: the seat's share of the pot if it checks or calls (hi-lo halves
  and quarters counted, R11) against a range for each opponent still in, narrowed
  by the opponents' actions after the flop; the ranges are the
  :mod:`~omaha_learn.strategy.opponent_model` estimate unless given;
* the **chip EV** of folding, checking or calling and of several bet or raise
  sizes (any other legal size on demand: :meth:`Advice.ev_of`), under the
  fold-equity model of :mod:`~omaha_learn.strategy.ev_model`;
* ``best``, the action of highest EV, and the reading of the hand: nut status,
  draws and what the two-card rule (R2) does to it;
* at a heads-up turn or river, the **equilibrium** strategy for the hand when a
  solver is installed (:mod:`~omaha_learn.strategy.equilibrium`).

This module parses and checks the request, then hands parsed ranges and a
:class:`~omaha_learn.strategy.seat_view.SeatView` to :func:`advise`; the numbers
live in :mod:`~omaha_learn.strategy.ev_model` and the text in
:mod:`~omaha_learn.strategy.advice`.

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

from collections.abc import Mapping

from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.cards import Card, format_cards
from omaha_learn.engine.equity.range_equity import RANGE_HOLE_CARDS
from omaha_learn.engine.evaluation.hands import high_hand, low_hand
from omaha_learn.engine.evaluation.nuts import nut_high_of, nut_low_of
from omaha_learn.engine.games import Game
from omaha_learn.errors import CoachError, RangeError
from omaha_learn.i18n import format_number, ngettext
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.advice import CLOSE, EQUILIBRIUM_MODEL, Advice, Option, option_label, weigh_action
from omaha_learn.strategy.advice import option as _option
from omaha_learn.strategy.equilibrium import Equilibrium, EquilibriumSource, default_source
from omaha_learn.strategy.ev_model import EXACT_MODEL, FOLD_MODEL, PASSIVE_MODEL, SpotModel, call_price
from omaha_learn.strategy.opponent_model import estimate_range, estimate_ranges, positions
from omaha_learn.strategy.ranges import Range, parse_range
from omaha_learn.strategy.seat_view import SeatView, seat_view

__all__ = ["coach", "advise", "Advice", "Option", "EXACT_MODEL", "PASSIVE_MODEL", "FOLD_MODEL", "DEFAULT_TRIALS",
           "hand_notes", "nut_status", "CLOSE", "weigh_action", "POT_FRACTIONS", "call_price"]

DEFAULT_TRIALS = 10_000
"""Monte Carlo deals per advice (the equity's standard error is then about 0.4%)."""
POT_FRACTIONS = (0.5, 1.0)
"""The bet and raise sizes weighed besides the minimum, as fractions of the pot (1.0 is the pot limit)."""


# ----------------------------------------------------------------- the hand in words

def nut_status(hole: tuple[Card, ...], board: tuple[Card, ...], game: Game, qualifier: int | None = 8) -> str:
    """Whether the hand holds the nut high (and the nut low in Hi-Lo) on this board, from the seat's view.

    The nuts are the best hand any two unseen cards could make with three board cards (R2).

    >>> from omaha_learn.engine.cards import parse_cards
    >>> nut_status(parse_cards("As Ks 7d 2c"), parse_cards("Qs Js 4s"), Game.PLO)
    'Flush, ace high (ace, king, queen, jack, four): the nut high.'
    """
    if len(board) < 3:
        return _("Before the flop: no made hand yet.")
    mine = high_hand(hole, board)
    nuts = nut_high_of(board, hole)
    if mine.strength >= nuts.strength:
        text = _("{hand}: the nut high.").format(hand=mine.describe())
    else:
        text = _("{hand}: not the nuts (the nut high is {nuts}).").format(hand=mine.describe(),
                                                                        nuts=nuts.describe().lower())
    if game.has_low:
        low = low_hand(hole, board, qualifier)
        best = nut_low_of(board, qualifier, hole)
        if best is None:
            text += " " + _("No low is possible on this board yet.")
        elif low is None:
            text += " " + _("No low (the nut low is {nuts}).").format(nuts=best.describe().lower())
        elif low == best or low > best:
            text += " " + _("{low}: the nut low.").format(low=low.describe())
        else:
            text += " " + _("{low}: not the nut low ({nuts} is).").format(low=low.describe(),
                                                                          nuts=best.describe().lower())
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
    'Next card: 25 of 45 unseen cards improve your high, 14 of them to the nuts.'
    >>> rule    # no low half in PLO: the three-hole-card low is not a pitfall here
    ()
    """
    from omaha_learn.engine.evaluation.explanation import explain_cards
    from omaha_learn.strategy.outs import outs_of

    if len(board) < 3:
        return (), ()
    notes = tuple(p.message for p in explain_cards(hole, board, qualifier).pitfalls
                  if game.has_low or p.rule not in LOW_RULES)   # PLO has no low half: no low pitfall to warn of
    if len(board) >= 5:
        return (), notes
    o = outs_of(hole, board, game.with_hole_cards(len(hole)), qualifier)
    n = len(o)
    draws = [f"{d.name}: {d.message}" for d in o.draws]
    nut_improves = sum(1 for c in o.next_cards if c.improves_high and c.nut_high)
    if o.improves_high:
        draws.append(ngettext("Next card: {k} of {n} unseen cards improves your high, {nuts} of them to the nuts.",
                              "Next card: {k} of {n} unseen cards improve your high, {nuts} of them to the nuts.",
                              len(o.improves_high)).format(k=len(o.improves_high), n=n, nuts=nut_improves))
    if game.has_low and o.makes_low:
        nut_lows = len([c for c in o.next_cards if c.makes_low and c.nut_low])
        draws.append(ngettext("Next card: {k} of {n} unseen cards makes you a low, {nuts} of them the nut low.",
                              "Next card: {k} of {n} unseen cards make you a low, {nuts} of them the nut low.",
                              len(o.makes_low)).format(k=len(o.makes_low), n=n, nuts=nut_lows))
    if game.has_low and o.counterfeits:
        draws.append(ngettext("Next card: {k} of {n} unseen cards counterfeits your low ({cards}).",
                              "Next card: {k} of {n} unseen cards counterfeit your low ({cards}).",
                              len(o.counterfeits)).format(k=len(o.counterfeits), n=n,
                                                          cards=format_cards(o.counterfeits)))
    return tuple(draws), notes


LOW_RULES = ("R8", "R9", "R10", "R12")
"""The rules of the low half: their pitfalls are not shown in PLO."""


def _preflop_notes(hole: tuple[Card, ...], game: Game) -> tuple[str, ...]:
    from omaha_learn.strategy.preflop import preflop_share_of

    share = preflop_share_of(hole, game)
    return (_("Before the flop: {hole} starts in the top {share}% of hands (the coach's preflop order).")
            .format(hole=format_cards(hole), share=format_number(100 * share, 1)),)


def _preflop_two_card(hole: tuple[Card, ...]) -> tuple[str, ...]:
    """What R2 (exactly two hole cards) does to a starting hand, in words."""
    out = []
    suits = [c.suit for c in hole]
    for s in sorted(set(suits)):
        k = suits.count(s)
        if k >= 3:
            out.append(_("{k} cards of one suit: only two can make a flush (R3), and they take flush cards from "
                         "your other draws.").format(k=k))
    ranks = [c.rank for c in hole]
    for r in sorted(set(ranks), reverse=True):
        if ranks.count(r) >= 3:
            out.append(_("Three of a rank: only two can play, so the third is a dead card (no set with it, R2)."))
    if not out:
        out.append(_("Any two of your cards can play with three board cards (R2): six pairs of hole cards."))
    return tuple(out)


# ----------------------------------------------------------------- options

MIN_SIZE_SHARE = 1 / 3
"""The minimum bet or raise is weighed only when it adds at least this share of the pot (after calling): a
coach suggests a third of the pot or more, never a blocking bet of 2 into 97 (it wins no folds:
:data:`~omaha_learn.strategy.ev_model.NO_FOLD_SHARE`). Any legal size is still weighed on demand
(:meth:`Advice.ev_of`); a fixed-limit bet, the one size there is, is always weighed."""


def _sizes(view: SeatView) -> list[tuple[str, Action]]:
    """The bets or raises weighed: half the pot and the pot (the pot limit), and the minimum when it adds at
    least :data:`MIN_SIZE_SHARE` of the pot; deduplicated."""
    legal = view.legal
    assert legal is not None
    if not (legal.can_bet or legal.can_raise) or legal.min_to is None or legal.max_to is None:
        return []
    kind = "bet" if legal.can_bet else "raise"
    if legal.max_to == legal.min_to:
        return [("", Action(kind, legal.min_to))]
    top = max(view.bets)
    call = top - view.bets[view.seat]
    out: list[tuple[str, Action]] = []
    if legal.min_to - top >= MIN_SIZE_SHARE * (view.pot + call):
        out.append(("min", Action(kind, legal.min_to)))
    for f in POT_FRACTIONS:
        target = top + round(f * (view.pot + call))
        words = "pot" if f == 1.0 else f"{f:g} pot"
        target = max(legal.min_to, min(legal.max_to, target))
        out.append((words if target < legal.all_in_to else "all in", Action(kind, target)))
    seen: dict[int | None, tuple[str, Action]] = {}
    for words, a in out:
        seen[a.amount] = (words, a)        # a later name wins: "pot" over "min" when they coincide
    return list(seen.values())


def _options(model: SpotModel) -> list[Option]:
    legal = model.view.legal
    assert legal is not None
    out: list[Option] = []
    if legal.can_fold:
        out.append(_option(model, Action("fold")))
    if legal.can_check:
        out.append(_option(model, Action("check")))
    if legal.can_call:
        out.append(_option(model, Action("call")))
    out += [_option(model, a, words) for words, a in _sizes(model.view)]
    return out


# ----------------------------------------------------------------- the coach

def _given_ranges(view: SeatView, ranges: object) -> dict[int, Range]:
    game = view.game
    if isinstance(ranges, (str, Range)):
        items: dict[object, object] = {s: ranges for s in view.opponents}
    elif isinstance(ranges, Mapping):
        items = dict(ranges)
        extra = [s for s in items if s not in view.opponents]
        if extra:
            raise CoachError(_("ranges: seat {extra!r} is not an opponent still in (seats {opponents})").format(extra=extra[0], opponents=view.opponents))
        missing = [s for s in view.opponents if s not in items]
        if missing:
            raise CoachError(_("ranges: no range for seat {missing}, still in; give one per opponent still in").format(missing=missing[0]))
    else:
        raise CoachError(_("ranges: a range text for every opponent, or a dict seat -> range text, got {ranges!r}").format(ranges=ranges))
    out = {}
    for s, text in items.items():
        assert isinstance(s, int)
        if isinstance(text, Range):
            out[s] = text
            continue
        try:
            out[s] = parse_range(text, game=game)  # type: ignore[arg-type]
        except RangeError as exc:
            raise RangeError(_("ranges: seat {s}: {exc}").format(s=s, exc=exc), exc.part, exc.position) from None
    return out


def coach(hand: HandState, seat: int | None = None, ranges: object = None, trials: int = DEFAULT_TRIALS,
          seed: int | None = None, *, solver: EquilibriumSource | None | bool = True, words: bool = True) -> Advice:
    """Advice for ``seat`` (default: the seat to act) of ``hand`` (see the module notes).

    ``ranges`` is ``None`` (the coach's estimate from the preflop table,
    positions and actions: :mod:`~omaha_learn.strategy.opponent_model`), one range
    text for every opponent, or a dict seat -> range text for each opponent
    still in. ``trials`` Monte Carlo deals with ``seed`` give the numbers.
    ``solver`` is ``True`` (the installed solver when there is one, at heads-up
    turn and river decisions), ``False`` (none) or an
    :class:`~omaha_learn.strategy.equilibrium.EquilibriumSource`.
    ``words=False`` leaves out what only a reader needs (the hand's nut status, draws, two-card notes and
    how the ranges were narrowed: empty), for a player that acts on the options alone; the numbers and the
    verdict are the same.
    Only what ``seat`` can see is read; another seat's hole cards never are.
    """
    from omaha_learn.engine import arguments
    from omaha_learn.engine.equity.request import check_trials

    view = seat_view(hand, seat)
    if view.legal is None:
        raise CoachError(_("seat: seat {seat} is not to act (seat {to_act} is)").format(seat=view.seat, to_act=hand.to_act))
    trials_n = check_trials(trials, exact_allowed=False)
    assert trials_n is not None
    seed = arguments.seed(seed, "seed", CoachError, sampled=True)
    if view.game.hole_cards != RANGE_HOLE_CARDS:
        raise CoachError(_("hand: the coach weighs ranges from the starting-hand chart, which covers four-card games; {label} has none").format(label=view.game.local_label))
    if not 1 <= len(view.opponents) <= 5:
        raise CoachError(_("hand: the coach weighs 1 to 5 opponents still in, this hand has {count}").format(count=len(view.opponents)))
    if not isinstance(words, bool):
        raise CoachError(_("words: {words!r} is not True or False").format(words=words))
    given = None if ranges is None else _given_ranges(view, ranges)
    source = default_source() if solver is True else (solver or None)
    return advise(view, given, trials_n, seed, source, words=words)


def advise(view: SeatView, given: dict[int, Range] | None, trials: int, seed: int | None,
           source: EquilibriumSource | None = None, *, words: bool = True) -> Advice:
    """The advice for a checked :class:`SeatView` with parsed ranges (``None``: the coach's estimate);
    ``words=False``: no nut status, draws, two-card notes or narrowing text (see :func:`coach`)."""
    opponents = view.opponents
    pools: dict[int, Range | None]
    if given is None:
        estimates = estimate_ranges(view)
        pools, texts, reasons = {}, {}, {}
        for s in opponents:
            e = estimates[s]
            if view.street_index == 0 and not e.acted:
                pools[s] = None
                texts[s] = _("any hand")
                reasons[s] = _("{reason}: any hand now; facing a bet it continues with the preflop table's share "
                               "for its seat and folds the rest").format(reason=e.reason.split(":")[0])
            else:
                pools[s], texts[s], reasons[s] = e.range, e.text, e.reason
    else:
        pools = dict(given)
        texts = {s: given[s].text for s in opponents}
        reasons = {s: _("given to the coach") for s in opponents}
    mine = estimate_range(view, view.seat)
    my_range = mine.range if mine.acted else None
    fixed = frozenset() if given is None else frozenset(given)
    model = SpotModel.build(view, pools, my_range, trials, seed, fixed)
    eq, se = model.equity()
    options = _options(model)
    best = max(options, key=lambda o: o.ev)
    to_call, pot = view.to_call, view.pot
    price = call_price(view)
    nuts, draws, two_card = "", (), ()   # type: str, tuple[str, ...], tuple[str, ...]
    if words and view.board:
        nuts = nut_status(view.hole, view.board, view.game, view.qualifier)
        draws, two_card = hand_notes(view.hole, view.board, view.game, view.qualifier)
    elif words:
        nuts = _preflop_notes(view.hole, view.game)[0]
        two_card = _preflop_two_card(view.hole)
    narrowed = {}
    for s in opponents if words else ():
        kept, hands, steps = model.range_summary(s)
        if steps:
            narrowed[s] = ngettext("narrowed by its actions ({steps}) to {kept}% of that range, about {hands} hand",
                                   "narrowed by its actions ({steps}) to {kept}% of that range, about {hands} hands",
                                   hands).format(steps="; ".join(steps), kept=format_number(100 * kept),
                                                 hands=format_number(hands))
    my_text = ""
    if mine.acted and words:
        my_text = f"{mine.text} ({mine.reason})"
        if model.me.history:
            my_text += "; " + _("narrowed by your actions ({steps}) to {kept}%").format(
                steps="; ".join(model.me.history), kept=format_number(100 * model.me.kept))
    equilibrium: Equilibrium | None = None
    if source is not None and view.street_index >= 2 and len(opponents) == 1:
        other = opponents[0]
        equilibrium = source(view, _weighted(model.me, model.street_start.get(view.seat)),
                             _weighted(model.pools[other], model.street_start.get(other)))
        if equilibrium is not None:
            solved = _equilibrium_options(view, equilibrium)
            if solved:      # the verdict follows the equilibrium: its EVs for this hand are the table
                options = solved
                best = max(options, key=lambda o: o.ev)
            else:           # say plainly which model the verdict follows, and why
                model.notes.append(_("the equilibrium above has an action that is not legal here, so the EV "
                                     "table and the verdict are the fold-equity model's, not the equilibrium's"))
    return Advice(seat=view.seat, position=positions(view.n, view.button)[view.seat], street=view.street,
                  game=view.game, hole=view.hole, board=view.board, to_call=to_call, pot=pot, price=price,
                  equity=eq, stderr=se, ranges=texts, reasons=reasons, estimated=given is None,
                  options=tuple(options), best=best.action, nuts=nuts, draws=draws, two_card=two_card,
                  trials=trials, seed=seed, names=view.names, narrowed=narrowed, notes=tuple(model.notes),
                  my_range=my_text, equilibrium=equilibrium, model=model)


def _equilibrium_options(view: SeatView, eq: Equilibrium) -> list[Option]:
    """The options of a solved spot: each action of the solved tree at this node with the equilibrium's EV for
    the hand (net of the chips the action puts in, folding 0); ``[]`` when an action is not legal here."""
    legal = view.legal
    assert legal is not None
    words = {a.amount: w for w, a in _sizes(view)}
    out = []
    for token, ev in eq.evs.items():
        if token in ("x", "c", "f"):
            action = Action({"x": "check", "c": "call", "f": "fold"}[token])
        else:
            action = Action("bet" if token.startswith("b") else "raise", int(token[1:]))
        if legal.why_not(action) is not None:
            return []
        exact = action.kind == "fold"
        out.append(Option(action, option_label(action, words.get(action.amount, "")), float(ev), 0.0,
                          EXACT_MODEL if exact else EQUILIBRIUM_MODEL, exact=exact))
    return out


def _weighted(pool: object, weights: object = None) -> dict[tuple[Card, ...], float]:
    """A pool's hands with their weights (by default after narrowing; the solver gets them as the street began)."""
    import numpy as np

    from omaha_learn.strategy.range_pools import Pool

    assert isinstance(pool, Pool)
    w = pool.weights if weights is None else np.asarray(weights)
    return {tuple(Card(int(c)) for c in pool.hands[i]): float(w[i]) for i in range(pool.m) if w[i] > 0}
