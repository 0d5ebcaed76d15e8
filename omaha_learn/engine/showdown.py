"""Showdown: who wins which chips, and why (R11, R20-R25).

>>> r = showdown(["As 2s Kd Kc", "Ad 2h Qd Qc", "7c 7d 9h Ts"], "Ks 4c 5d 7h Jc",
...              [100, 100, 100], button=2)
>>> r.payouts                     # seat 0: set of kings; seats 0 and 1 tie for the low
(225, 75, 0)
>>> print(r.pots[0].reason)
Seat 0 wins the high half with three of a kind, kings, kickers jack, seven; low half split: seats 0 and 1 both hold 7-5-4-2-A low
>>> r.show_order                   # checked through: first seat clockwise from the button
(0, 1, 2)

Rules followed (see ``docs/rules.md``):

* R11: in Hi-Lo each pot is split between the best high and the best
  qualifying low; no qualifying low, the high takes it all; ties split each
  half again (quartering).
* R20: when every other seat has folded, the last seat wins without showing.
* R21: main and side pots (:func:`omaha_learn.side_pots`); each pot is
  awarded among its eligible seats only.
* R22: the last aggressor shows first, then clockwise; checked through, the
  first live seat clockwise from the button.
* R23: a hand shown with fewer than all its hole cards is dead.
* R24: splits go down to ``chip``; the odd chip between the halves goes to
  the high; inside a tied half odd chips go one each, clockwise from the
  button; every pot has a low half or not on its own.
* R25: optional kill pots (``kill``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Union

from omaha_learn import rendering
from omaha_learn.engine import arguments
from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.engine.evaluation.hands import HighHand, LowHand, high_strength, low_strength, make_high, make_low
from omaha_learn.engine.games import DEFAULT_GAME, HOLE_SIZES, Game
from omaha_learn.engine.pots import Pot, PotError, odd_chip_order, side_pots, split_evenly, with_dead_money
from omaha_learn.errors import GameError, ShowdownError
from omaha_learn.i18n import get_language, gettext, ngettext, pgettext
from omaha_learn.i18n import gettext as _

__all__ = ["ShowdownError", "PotResult", "ShowdownResult", "showdown"]

_Best = tuple[int, tuple[Card, ...], tuple[Card, ...]]
"""(strength, hole pair, board triple), as :func:`omaha_learn.engine.evaluation.hands.high_strength` returns."""

ShownLike = Union[Collection[int], Sequence[Union[int, None]], Mapping[int, int], None]  # noqa: UP007


# ----------------------------------------------------------------- results

@dataclass(frozen=True)
class PotResult:
    """How one main or side pot was awarded.

    ``high_shares``/``low_shares`` map each winning seat to the chips it got
    from that half; ``low_winners`` is empty when no eligible hand made a
    qualifying low (or in a high-only game), and then the high half is the
    whole pot.
    """

    index: int
    """0 for the main pot, 1, 2, ... for side pots."""
    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_shares: dict[int, int]
    low_shares: dict[int, int]
    uncalled: bool = False
    """Chips nobody matched, handed back to the seat that put them in."""
    _explain: Callable[[], str] | None = field(default=None, repr=False, compare=False)

    @property
    def reason(self) -> str:
        """Why the pot went where it did, in words a learner can read, in the language in use (built on first
        use in each language)."""
        texts: dict[str, str] = self.__dict__.setdefault("_reason_texts", {})
        code = get_language()
        if code not in texts:
            texts[code] = self._explain() if self._explain is not None else ""
        return texts[code]

    @property
    def name(self) -> str:
        """``'main pot'``, ``'side pot 1'``, ...; ``'uncalled bet'`` for returned chips."""
        if self.uncalled:
            return "uncalled bet"
        return "main pot" if self.index == 0 else f"side pot {self.index}"

    @property
    def reasons(self) -> tuple[str, ...]:
        """:attr:`reason` as separate sentences."""
        return tuple(part[:1].upper() + part[1:] for part in self.reason.split("; "))

    @property
    def has_low(self) -> bool:
        return bool(self.low_winners)

    @property
    def payouts(self) -> dict[int, int]:
        """Chips each winning seat takes from this pot, both halves together."""
        out = dict(self.high_shares)
        for seat, amount in self.low_shares.items():
            out[seat] = out.get(seat, 0) + amount
        return out

    @property
    def scooped_by(self) -> int | None:
        """The seat that won every chip of this pot alone, if one did."""
        winners = [s for s, a in self.payouts.items() if a]
        return winners[0] if len(winners) == 1 and not self.uncalled else None

    def __str__(self) -> str:
        fields = {"amount": self.amount, "index": self.index, "seats": _seats_text(self.eligible), "reason": self.reason}
        if self.uncalled:
            return gettext("Uncalled bet {amount} ({seats}): {reason}").format(**fields)
        if self.index == 0:
            return gettext("Main pot {amount} ({seats}): {reason}").format(**fields)
        return gettext("Side pot {index} {amount} ({seats}): {reason}").format(**fields)


@dataclass(frozen=True)
class ShowdownResult:
    """The outcome of :func:`showdown`: payouts, one :class:`PotResult` per pot, hands, show order.

    ``payouts[i]`` is what seat ``i`` takes back from the middle (its own
    uncalled chips included); they add up to the whole pot exactly.
    """

    payouts: tuple[int, ...]
    pots: tuple[PotResult, ...]
    show_order: tuple[int, ...]
    """Seats in the order they show (R22); empty when uncontested (R20)."""
    holes: tuple[tuple[Card, ...] | None, ...]
    board: tuple[Card, ...]
    button: int
    game: Game
    """:class:`~omaha_learn.Game` (a ``str`` enum: ``result.game == "hilo"`` works)."""
    qualifier: int | None
    chip: int
    dead: frozenset[int]
    """Seats whose shown hand is dead (R23)."""
    uncontested: bool
    """True when every other seat folded and the last one won without showing (R20)."""
    kill: int | None = None
    kill_seat: int | None = None
    """The seat that must post a kill next hand (R25), when ``kill`` was given and triggered."""
    dead_money: int = 0
    """Chips no seat bet live (antes), added to the main pot that every live hand can win."""
    _high: tuple[_Best | None, ...] = field(default=(), repr=False)
    _low: tuple[_Best | None, ...] = field(default=(), repr=False)
    _threshold: int = field(default=0, repr=False)

    @property
    def total(self) -> int:
        """All chips in the middle."""
        return sum(self.payouts)

    @functools.cached_property
    def high_hands(self) -> tuple[HighHand | None, ...]:
        """Each seat's best high, ``None`` for seats that did not show."""
        return tuple(None if h is None else make_high(h[1], h[2], h[0]) for h in self._high)

    @functools.cached_property
    def low_hands(self) -> tuple[LowHand | None, ...]:
        """Each seat's best qualifying low, ``None`` for no low (or a high-only game)."""
        return tuple(None if lo is None or lo[0] < self._threshold else make_low(lo[1], lo[2], lo[0], self.qualifier)
                     for lo in self._low)

    @property
    def hands(self) -> tuple[tuple[HighHand, LowHand | None] | None, ...]:
        """Per seat ``(high, low)`` as shown, or ``None`` for folded seats and an uncontested win."""
        return tuple(None if h is None else (h, lo) for h, lo in zip(self.high_hands, self.low_hands, strict=True))

    def summary(self) -> str:
        """A few lines a learner can read: hands, pots, reasons and payouts."""
        lines = [gettext("{game}, button seat {button}, board {board}").format(
            game=self.game.label, button=self.button, board=format_cards(self.board) or gettext("(none)"))]
        if self.uncontested:
            lines.append(gettext("Everyone else folded: no showdown, nothing is shown (R20)."))
        else:
            order = ", ".join(gettext("seat {seat}").format(seat=s) for s in self.show_order)
            lines.append(gettext("Show order: {seats} (R22)").format(seats=order))
            for seat, hole in enumerate(self.holes):
                if hole is None:
                    continue
                if seat in self.dead:
                    lines.append(gettext("  seat {seat}: {cards}  dead hand, not all cards shown (R23)").format(
                        seat=seat, cards=format_cards(hole)))
                    continue
                high, low = self.high_hands[seat], self.low_hands[seat]
                fields = {"seat": seat, "cards": format_cards(hole), "high": high.describe() if high else "-",
                          "low": low.describe() if low else gettext("none")}
                if self.game.has_low:
                    lines.append(gettext("  seat {seat}: {cards}  high: {high}; low: {low}").format(**fields))
                else:
                    lines.append(gettext("  seat {seat}: {cards}  high: {high}").format(**fields))
        for pot in self.pots:
            lines.append(str(pot))
        paid = ", ".join(gettext("seat {seat} +{amount}").format(seat=s, amount=a)
                         for s, a in enumerate(self.payouts) if a)
        lines.append(gettext("Payouts: {payouts}").format(payouts=paid))
        if self.kill_seat is not None:
            lines.append(gettext("Seat {seat} scooped a pot above {kill}: it posts a kill next hand (R25).").format(
                seat=self.kill_seat, kill=self.kill))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        return rendering.html("showdown", self)   # drawn by omaha_learn.display when it is there


# ------------------------------------------------------------------- checks

@dataclass(frozen=True)
class _Setup:
    """:func:`showdown`'s arguments, checked and parsed."""

    holes: tuple[tuple[Card, ...] | None, ...]
    board: tuple[Card, ...]
    amounts: tuple[int, ...]
    button: int
    game: Game
    qualifier: int | None
    threshold: int
    chip: int
    dead: frozenset[int]
    kill: int | None
    last_aggressor: int | None
    dead_money: int

    @property
    def n(self) -> int:
        return len(self.holes)

    @property
    def live(self) -> list[int]:
        """Seats still holding cards (dead hands included)."""
        return [i for i in range(self.n) if self.holes[i] is not None]

    @property
    def uncontested(self) -> bool:
        return len(self.live) == 1


def _check(holes: object, board: object, contributions: object, *, button: object, game: object,
           qualifier: object, chip: object, shown: ShownLike, kill: object, last_aggressor: object,
           dead_money: object) -> _Setup:
    """Check every argument of :func:`showdown`, raising :class:`ShowdownError` naming the bad one."""
    try:
        g = Game.parse(game)
    except GameError:
        raise ShowdownError(_("game: unknown game {game!r}; choose one of {join}").format(game=game, join=', '.join(f'{g.value!r} ({g.local_label})' for g in Game))) from None
    seats = arguments.items(holes, "holes", ShowdownError)
    n = len(seats)
    if n < 2:
        raise ShowdownError(_("holes: a showdown needs at least two seats, got {n}").format(n=n))
    if isinstance(contributions, (str, bytes)) or not isinstance(contributions, Sequence) or len(contributions) != n:
        got = len(contributions) if isinstance(contributions, Sequence) else "no list"
        raise ShowdownError(_("contributions: need one amount per seat ({n} seats), got {got}").format(n=n, got=got))
    chip = arguments.chips(chip, "chip", ShowdownError, positive=True)
    amounts = tuple(arguments.chips(c, f"contributions[{i}]", ShowdownError) for i, c in enumerate(contributions))
    for i, a in enumerate(amounts):
        if a % chip:
            raise ShowdownError(_("contributions[{i}]: {a} is not a multiple of the smallest chip ({chip})").format(i=i, a=a, chip=chip))
    dead_money = arguments.chips(dead_money, "dead_money", ShowdownError)
    if dead_money % chip:
        raise ShowdownError(_("dead_money: {dead_money} is not a multiple of the smallest chip ({chip})").format(dead_money=dead_money, chip=chip))
    button = arguments.seat(button, n, "button", ShowdownError)
    if last_aggressor is not None:
        last_aggressor = arguments.seat(last_aggressor, n, "last_aggressor", ShowdownError)
    if kill is not None:
        kill = arguments.chips(kill, "kill", ShowdownError, positive=True)
    qualifier = arguments.qualifier(qualifier, "qualifier", ShowdownError)
    threshold = 0
    if g.has_low:
        from omaha_learn.engine.evaluation.tables import low_threshold

        threshold = low_threshold(qualifier)
    parsed = _parse_holes(seats)
    size = next((len(h) for h in parsed if h is not None), g.hole_cards)
    g = g.with_hole_cards(size)   # five hole cards play the game's five-card version (PLO5, Big O)
    try:
        cards_on_board = parse_cards(board)  # type: ignore[arg-type]
    except CardError as e:
        raise ShowdownError(_("board: {e}").format(e=e)) from None
    if len(cards_on_board) > 5:
        raise ShowdownError(_("board: at most five cards, got {count}").format(count=len(cards_on_board)))
    _check_cards_once(parsed, cards_on_board)
    live = [i for i in range(n) if parsed[i] is not None]
    if not live:
        raise ShowdownError(_("holes: every seat folded; one seat at least must still hold cards"))
    uncontested = len(live) == 1
    if not uncontested and len(cards_on_board) != 5:
        raise ShowdownError(_("board: a contested showdown needs five board cards, got {count}").format(count=len(cards_on_board)))
    dead = frozenset() if uncontested else _dead_seats(shown, parsed)
    if last_aggressor is not None and not uncontested and last_aggressor not in live:
        raise ShowdownError(_("last_aggressor: seat {last_aggressor} folded, so it cannot have made the last bet").format(last_aggressor=last_aggressor))
    if not uncontested and len(dead) == len(live):
        raise ShowdownError(_("shown: every hand left is dead (R23); nobody can win the pot"))
    return _Setup(holes=tuple(parsed), board=cards_on_board, amounts=amounts, button=button, game=g,
                  qualifier=qualifier, threshold=threshold, chip=chip, dead=dead, kill=kill,
                  last_aggressor=last_aggressor, dead_money=dead_money)


def _parse_holes(holes: Sequence[object]) -> list[tuple[Card, ...] | None]:
    out: list[tuple[Card, ...] | None] = []
    size = None
    for seat, hole in enumerate(holes):
        if hole is None:
            out.append(None)
            continue
        try:
            cards = parse_cards(hole)  # type: ignore[arg-type]
        except CardError as e:
            raise ShowdownError(_("seat {seat}'s hole cards: {e}").format(seat=seat, e=e)) from None
        if len(cards) not in HOLE_SIZES:
            raise ShowdownError(_("seat {seat} has {count} hole cards ({cards}); Omaha needs 4 or 5").format(seat=seat, count=len(cards), cards=format_cards(cards) or pgettext("no cards", "none")))
        if size is None:
            size = len(cards)
        elif len(cards) != size:
            raise ShowdownError(_("seat {seat} has {count} hole cards but others have {size}: every seat gets the same number").format(seat=seat, count=len(cards), size=size))
        out.append(cards)
    return out


def _check_cards_once(holes: Sequence[tuple[Card, ...] | None], board: tuple[Card, ...]) -> None:
    where: dict[Card, str] = {c: _("on the board") for c in board}
    for seat, hole in enumerate(holes):
        for c in hole or ():
            if c in where:
                raise ShowdownError(_("card '{card}' is in seat {seat}'s hand and {where}").format(card=c, seat=seat, where=where[c]))
            where[c] = _("in seat {seat}'s hand").format(seat=seat)


def _dead_seats(shown: ShownLike, holes: Sequence[tuple[Card, ...] | None]) -> frozenset[int]:
    n = len(holes)
    if shown is None:
        return frozenset()

    def seat_ok(s: object) -> int:
        return arguments.seat(s, n, "shown", ShowdownError)

    counts: dict[int, object]
    if isinstance(shown, Mapping):
        counts = {seat_ok(s): c for s, c in shown.items()}
    elif isinstance(shown, (set, frozenset)):
        return frozenset(seat_ok(s) for s in shown if holes[seat_ok(s)] is not None)
    elif isinstance(shown, Sequence) and not isinstance(shown, (str, bytes)):
        if len(shown) != n:
            raise ShowdownError(_("shown: {count} entries for {n} seats (one count per seat, or a set of dead seats)").format(count=len(shown), n=n))
        counts = dict(enumerate(shown))
    else:
        raise ShowdownError(_("shown: {shown!r} is neither a per-seat count of cards shown nor a set of dead seats").format(shown=shown))
    dead = set()
    for seat, count in counts.items():
        hole = holes[seat]
        if count is None or hole is None:
            continue
        c = arguments.chips(count, f"shown[{seat}]", ShowdownError)
        if c > len(hole):
            raise ShowdownError(_("shown[{seat}]: seat {seat} cannot show {c} of {count} hole cards").format(seat=seat, c=c, count=len(hole)))
        if c < len(hole):
            dead.add(seat)
    return frozenset(dead)


def _seat_list(seats: Sequence[int]) -> str:
    """Seat numbers as a list a sentence reads: ``0``, ``0 and 1``, ``0, 1 and 2``."""
    seats = sorted(seats)
    if len(seats) == 1:
        return str(seats[0])
    return gettext("{items} and {last}").format(items=", ".join(map(str, seats[:-1])), last=seats[-1])


def _seats_text(seats: Sequence[int]) -> str:
    """``seat 0``, ``seats 0 and 1``, in the language in use."""
    return ngettext("seat {seats}", "seats {seats}", len(seats)).format(seats=_seat_list(seats))


# ------------------------------------------------------------------ showdown

def showdown(
    holes: Sequence[CardsLike | None],
    board: CardsLike,
    contributions: Sequence[int],
    *,
    button: int,
    game: str | Game = DEFAULT_GAME,
    qualifier: int | None = 8,
    chip: int = 1,
    shown: ShownLike = None,
    kill: int | None = None,
    last_aggressor: int | None = None,
    dead_money: int = 0,
) -> ShowdownResult:
    """Settle a hand: award every main and side pot, with reasons (R11, R20-R25).

    ``holes[i]`` is seat ``i``'s hole cards, ``None`` if it folded;
    ``contributions[i]`` the chips seat ``i`` put in this hand (folded seats'
    chips stay in the pot); ``button`` the button's seat; ``game`` a
    :class:`~omaha_learn.Game` or its name (``"hilo"``, the default; ``"plo"``, also
    ``"high"``; ``"plo5"``; ``"bigo"``: five hole cards play the game's five-card version);
    ``qualifier`` the low qualifier (8; 9 or ``None``, R12);
    ``chip`` the smallest chip in play: every amount is a multiple of it.

    ``dead_money``: chips in the middle that no seat bet live, such as antes.
    They go into the main pot, which every live hand can win (if some live
    hand is not eligible for the main pot, they make a pot of their own that
    every live hand can win, shown first).

    ``shown`` (R23): a per-seat number of hole cards shown (``None`` entries
    show everything), a ``{seat: count}`` dict, or a set of dead seats. A
    dead hand wins nothing; its chips stay in the pot.

    ``kill`` (R25): a pot size. A seat that alone wins a whole pot (main or
    side, not counting its own uncalled chips) of more than ``kill`` chips
    must post a kill next hand: ``result.kill_seat`` (the winner of the
    largest such pot; ``None`` when none).

    ``last_aggressor`` (R22): the seat that made the last bet or raise, who
    shows first; ``None`` when the last round was checked through.

    With one seat left holding cards the pot is won uncontested (R20): the
    board may then have fewer than five cards, nothing is shown and
    ``shown`` does not apply. Otherwise the board must have five cards.

    Pots come from :func:`omaha_learn.side_pots` with dead hands counted as
    folded; chips one seat put in above everyone else come back to it as an
    ``uncalled`` :class:`PotResult`.

    >>> r = showdown([None, "As Ks Qh Jh", None], "Ah 7c 2d", [10, 40, 20], button=0)
    >>> r.uncontested, r.payouts
    (True, (0, 70, 0))
    >>> showdown(["As Ks Qh Jh", "2c 3c 4d 5d"], "Ah 7c 2d", [40, 40], button=0)
    Traceback (most recent call last):
    ...
    omaha_learn.errors.ShowdownError: board: a contested showdown needs five board cards, got 3
    >>> showdown(["As Ks Qh Jh", "As 2c 3d 4h"], "5c 6c 7c 8h 9h", [10, 10], button=0)
    Traceback (most recent call last):
    ...
    omaha_learn.errors.ShowdownError: card 'As' is in seat 1's hand and in seat 0's hand
    >>> showdown(["As Ks Qh Jh", "2c 3c 4d 5d"], "5c 6c 7c 8h 9h", [10, 10], button=0, dead_money=3).payouts
    (0, 23)
    """
    setup = _check(holes, board, contributions, button=button, game=game, qualifier=qualifier, chip=chip,
                   shown=shown, kill=kill, last_aggressor=last_aggressor, dead_money=dead_money)
    n, live, dead, uncontested = setup.n, setup.live, setup.dead, setup.uncontested
    folded = [i for i in range(n) if setup.holes[i] is None or i in dead]
    try:
        pots_found = side_pots(setup.amounts, folded)
    except PotError as e:  # pragma: no cover - inputs were checked above
        raise ShowdownError(str(e)) from None
    pots = with_dead_money(pots_found, setup.dead_money, [i for i in live if i not in dead], n)

    # R22: last aggressor first, else first live seat clockwise from the button
    if uncontested:
        show_order: tuple[int, ...] = ()
    else:
        start = setup.last_aggressor if setup.last_aggressor is not None else setup.button + 1
        show_order = tuple(sorted(live, key=lambda s: (s - start) % n))

    highs: list[_Best | None] = [None] * n
    lows: list[_Best | None] = [None] * n
    if not uncontested:
        for i in live:
            hole = setup.holes[i]
            if i in dead or hole is None:
                continue
            highs[i] = high_strength(hole, setup.board)
            if setup.game.has_low:
                lows[i] = low_strength(hole, setup.board)

    awarder = _Awarder(setup, highs, lows, _Describer(highs, lows, setup.qualifier))
    payouts = [0] * n
    results: list[PotResult] = []
    k = 0
    for pot in pots:
        res = awarder.award(pot, k)
        if not res.uncalled:
            k += 1
        results.append(res)
        for seat, amount in res.payouts.items():
            payouts[seat] += amount

    kill_seat = None
    if setup.kill is not None:
        best = 0
        for res in results:
            s = res.scooped_by
            if s is not None and res.amount > setup.kill and res.amount > best:
                kill_seat, best = s, res.amount
    hilo = setup.game.has_low
    return ShowdownResult(
        payouts=tuple(payouts), pots=tuple(results), show_order=show_order, holes=setup.holes,
        board=setup.board, button=setup.button, game=setup.game, qualifier=setup.qualifier if hilo else None,
        chip=setup.chip, dead=dead, uncontested=uncontested, kill=setup.kill, kill_seat=kill_seat,
        dead_money=setup.dead_money, _high=tuple(highs), _low=tuple(lows),
        _threshold=setup.threshold if hilo else 10**9,
    )


class _Describer:
    """Hand descriptions for reasons, built only for the seats that need one."""

    def __init__(self, highs: Sequence[_Best | None], lows: Sequence[_Best | None], qualifier: int | None):
        self.highs, self.lows, self.qualifier = highs, lows, qualifier
        self.texts: dict[tuple[str, int, str], str] = {}

    def high(self, seat: int) -> str:
        text = self.texts.get(("high", seat, get_language()))
        if text is None:
            h = self.highs[seat]
            assert h is not None
            text = make_high(h[1], h[2], h[0]).describe()
            text = self.texts[("high", seat, get_language())] = text[:1].lower() + text[1:]  # read mid-sentence
        return text

    def low(self, seat: int) -> str:
        text = self.texts.get(("low", seat, get_language()))
        if text is None:
            lo = self.lows[seat]
            assert lo is not None
            text = self.texts[("low", seat, get_language())] = make_low(lo[1], lo[2], lo[0], self.qualifier).describe()
        return text


@dataclass(frozen=True)
class _Awarder:
    """What every pot of one showdown is awarded by: the checked setup and each seat's best hands."""

    setup: _Setup
    highs: Sequence[_Best | None]
    lows: Sequence[_Best | None]
    describe: _Describer

    def award(self, pot: Pot, index: int) -> PotResult:
        """Split one pot between its best high and best qualifying low (R11, R24)."""
        eligible = pot.eligible
        if pot.uncalled:
            seat = eligible[0]
            amount = pot.amount
            return PotResult(index, amount, eligible, eligible, (), {seat: amount}, {}, uncalled=True,
                             _explain=lambda: gettext("Uncalled: nobody matched seat {seat}'s last {amount}, so it goes back")
                             .format(seat=seat, amount=amount))
        setup = self.setup
        if len(eligible) == 1:
            return PotResult(index, pot.amount, eligible, eligible, (), {eligible[0]: pot.amount}, {},
                             _explain=lambda: _alone_reason(pot, setup.uncontested, setup.dead))
        order = odd_chip_order(eligible, setup.button, setup.n)
        high_winners = _best(order, self.highs, 0)
        low_winners = _best(order, self.lows, setup.threshold) if setup.game.has_low else []
        units = pot.amount // setup.chip
        low_units = units // 2 if low_winners else 0
        high_shares = split_evenly(units - low_units, high_winners, setup.chip)
        low_shares = split_evenly(low_units, low_winners, setup.chip) if low_winners else {}
        game, dead, describe = setup.game, setup.dead, self.describe
        return PotResult(index, pot.amount, eligible, tuple(sorted(high_winners)), tuple(sorted(low_winners)),
                         high_shares, low_shares,
                         _explain=lambda: _split_reason(pot, high_shares, low_shares, units, game, dead, describe))


def _best(order: Sequence[int], hands: Sequence[_Best | None], threshold: int) -> list[int]:
    """The seats of ``order`` holding the strongest hand, if it reaches ``threshold`` (in ``order``)."""
    strengths = {s: h[0] for s in order if (h := hands[s]) is not None}
    top = max(strengths.values())
    return [s for s in order if strengths[s] == top] if top >= threshold else []


def _alone_reason(pot: Pot, uncontested: bool, dead: frozenset[int]) -> str:
    seat = pot.eligible[0]
    if uncontested:
        return gettext("Seat {seat} wins without showing: every other seat folded (R20)").format(seat=seat)
    dead_here = sorted(set(pot.contributors) & dead)
    if dead_here:
        return ngettext("Seat {seat} wins: the only hand left in this pot (seat {dead} showed a dead hand, R23)",
                        "Seat {seat} wins: the only hand left in this pot (seats {dead} showed a dead hand, R23)",
                        len(dead_here)).format(seat=seat, dead=_seat_list(dead_here))
    return gettext("Seat {seat} wins: the only hand left in this pot").format(seat=seat)


def _split_reason(pot: Pot, high_shares: dict[int, int], low_shares: dict[int, int], units: int, game: Game,
                  dead: frozenset[int], describe: _Describer) -> str:
    """The reason for a contested pot, in words: clauses joined by "; " (:attr:`PotResult.reasons`)."""
    hw = sorted(high_shares)
    lw = sorted(low_shares)
    high_text = describe.high(hw[0])
    parts: list[str] = []
    if lw and hw == lw:
        if len(hw) == 1:
            parts.append(gettext("Seat {seat} scoops: best high ({high}) and best low ({low})").format(
                seat=hw[0], high=high_text, low=describe.low(hw[0])))
        else:
            parts.append(gettext("Seats {seats} tie for both halves: {high} and {low}").format(
                seats=_seat_list(hw), high=high_text, low=describe.low(hw[0])))
    elif not lw:
        if len(hw) == 1:
            text = (gettext("Seat {seat} scoops: best high ({high}) and no qualifying low") if game.has_low
                    else gettext("Seat {seat} scoops: best high ({high})"))
            parts.append(text.format(seat=hw[0], high=high_text))
        else:
            if len(hw) == 2:
                text = (gettext("Pot split: seats {seats} both hold {high} and no qualifying low") if game.has_low
                        else gettext("Pot split: seats {seats} both hold {high}"))
            else:
                text = (gettext("Pot split: seats {seats} all hold {high} and no qualifying low") if game.has_low
                        else gettext("Pot split: seats {seats} all hold {high}"))
            parts.append(text.format(seats=_seat_list(hw), high=high_text))
    else:
        if len(hw) == 1:
            parts.append(gettext("Seat {seat} wins the high half with {high}").format(seat=hw[0], high=high_text))
        else:
            text = (gettext("High half split: seats {seats} both hold {high}") if len(hw) == 2
                    else gettext("High half split: seats {seats} all hold {high}"))
            parts.append(text.format(seats=_seat_list(hw), high=high_text))
        low_text = describe.low(lw[0])
        if len(lw) == 1:
            parts.append(gettext("low half to seat {seat} with {low}").format(seat=lw[0], low=low_text))
        else:
            text = (gettext("low half split: seats {seats} both hold {low}") if len(lw) == 2
                    else gettext("low half split: seats {seats} all hold {low}"))
            parts.append(text.format(seats=_seat_list(lw), low=low_text))
        if units % 2:
            parts.append(gettext("the odd chip goes to the high half (R24)"))
    for shares, label in ((high_shares, "high"), (low_shares, "low")):
        values = set(shares.values())
        if len(values) > 1:
            top = max(values)
            firsts = [s for s, a in shares.items() if a == top]
            if not lw:
                text = ngettext("odd chip of the pot to seat {seats}, first clockwise from the button (R24)",
                                "odd chips of the pot to seats {seats}, first clockwise from the button (R24)",
                                len(firsts))
            elif label == "high":
                text = ngettext("odd chip of the high half to seat {seats}, first clockwise from the button (R24)",
                                "odd chips of the high half to seats {seats}, first clockwise from the button (R24)",
                                len(firsts))
            else:
                text = ngettext("odd chip of the low half to seat {seats}, first clockwise from the button (R24)",
                                "odd chips of the low half to seats {seats}, first clockwise from the button (R24)",
                                len(firsts))
            parts.append(text.format(seats=_seat_list(firsts)))
    dead_here = sorted(set(pot.contributors) & dead)
    if dead_here:
        parts.append(ngettext("seat {seats} showed a dead hand (R23)", "seats {seats} showed a dead hand (R23)",
                              len(dead_here)).format(seats=_seat_list(dead_here)))
    return "; ".join(parts)
