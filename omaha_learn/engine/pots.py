"""Main and side pots: who can win which chips (R21).

Chips are layered by contribution level. Each layer holds, from every seat,
the chips it put in between two consecutive levels; the seats still holding
cards that reached the top of the layer are eligible for it. Consecutive
layers with the same eligible seats are one pot.

>>> pots = side_pots([1000, 1000, 100])   # R21: A and B put in 1000, C only 100
>>> [(p.amount, p.eligible) for p in pots]
[(300, (0, 1, 2)), (1800, (0, 1))]

Folded seats' chips stay in the pot, but folded seats win nothing:

>>> [(p.amount, p.eligible) for p in side_pots([50, 200, 200], folded={0})]
[(450, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

from omaha_learn.engine import arguments
from omaha_learn.errors import PotError
from omaha_learn.i18n import gettext as _
from omaha_learn.i18n import ngettext

__all__ = ["Pot", "PotError", "side_pots", "with_dead_money", "odd_chip_order", "split_evenly"]


@dataclass(frozen=True)
class Pot:
    """One main or side pot.

    ``eligible`` are the seats (still holding cards) that can win it, in seat
    order; ``contributors`` every seat that put chips into it, folded or not.
    A pot whose only contributor is also its only eligible seat is an
    *uncalled* bet: nobody matched those chips, so they go back (``uncalled``).
    """

    amount: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...]

    @property
    def uncalled(self) -> bool:
        """True for chips nobody else matched: the one seat that put them in gets them back."""
        return len(self.contributors) == 1 and self.eligible == self.contributors

    def __str__(self) -> str:
        seats, n = ", ".join(map(str, self.eligible)), len(self.eligible)
        if self.uncalled:
            text = ngettext("{amount} (uncalled, returned to: seat {seats})",
                            "{amount} (uncalled, returned to: seats {seats})", n)
        else:
            text = ngettext("{amount} (eligible: seat {seats})", "{amount} (eligible: seats {seats})", n)
        return text.format(amount=self.amount, seats=seats)


def odd_chip_order(seats: Iterable[int], button: int, n: int) -> list[int]:
    """Seats in the order they receive odd chips: first clockwise from the button first (R24).

    >>> odd_chip_order([0, 1, 2], button=1, n=3)
    [2, 0, 1]
    """
    return sorted(seats, key=lambda s: (s - button - 1) % n)


def split_evenly(units: int, winners: Sequence[int], chip: int = 1) -> dict[int, int]:
    """Share ``units`` chips of size ``chip`` among ``winners`` (in :func:`odd_chip_order`), one odd chip each (R24).

    >>> split_evenly(17, [2, 0, 1])            # 17 among three: 6, 6, 5, the first two clockwise get 6
    {2: 6, 0: 6, 1: 5}
    """
    q, r = divmod(units, len(winners))
    return {s: (q + (k < r)) * chip for k, s in enumerate(winners)}


def _folded_seats(folded: Collection[int] | Sequence[bool], n: int) -> frozenset[int]:
    if isinstance(folded, (str, bytes)) or not isinstance(folded, Iterable):
        raise PotError(_("folded: expected seat numbers or one True/False per seat, got {folded!r}").format(folded=folded))
    items = list(folded)
    if len(items) == n and items and all(isinstance(x, bool) for x in items):
        return frozenset(i for i, x in enumerate(items) if x)  # a per-seat mask
    out = set()
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n:
            raise PotError(_("folded: {x!r} is not a seat (seats are 0 to {value})").format(x=x, value=n - 1))
        out.add(x)
    return frozenset(out)


def side_pots(contributions: Sequence[int], folded: Collection[int] | Sequence[bool] = ()) -> tuple[Pot, ...]:
    """Split the chips every seat put in into a main pot and side pots (R21).

    ``contributions[i]`` is what seat ``i`` put in this hand; ``folded`` the
    seats that folded (a set of seat numbers, or a per-seat list of booleans).
    The main pot comes first. The rules followed:

    * uncalled chips first: when one seat put in more than every other seat,
      the excess is a pot only that seat can win, so it gets it back
      (``Pot.uncalled``, always the last pot; even for a seat marked folded,
      which real betting never produces);
    * every distinct contribution level of the rest starts a layer; a seat is
      eligible for a layer when it has not folded and reached the layer's top;
    * consecutive layers with the same eligible seats form one pot;
    * a layer nobody eligible reached (everyone above a level folded) joins
      the pot below it; at the bottom it joins the first pot above it, and if
      there is none (the live seats put in less than the folded ones), the
      live seats that put in the most share it;
    * with no live seat at all, raise :class:`PotError`.

    >>> [str(p) for p in side_pots([100, 250, 400, 400])]
    ['400 (eligible: seats 0, 1, 2, 3)', '450 (eligible: seats 1, 2, 3)', '300 (eligible: seats 2, 3)']
    >>> [str(p) for p in side_pots([100, 300, 0], folded=[False, False, True])]
    ['200 (eligible: seats 0, 1)', '200 (uncalled, returned to: seat 1)']
    >>> side_pots([10, -5])
    Traceback (most recent call last):
    ...
    omaha_learn.errors.PotError: contributions[1]: negative chips (-5)
    """
    amounts = [arguments.chips(c, f"contributions[{i}]", PotError)
               for i, c in enumerate(arguments.items(contributions, "contributions", PotError))]
    n = len(amounts)
    out = _folded_seats(folded, n)
    live = [i for i in range(n) if i not in out]
    if not live:
        raise PotError(_("every seat folded: at least one seat must still hold cards to win the pot"))
    # the top seat's chips above everyone else's: nobody matched them, they go back
    uncalled: Pot | None = None
    if n and amounts.count(max(amounts)) == 1 and max(amounts) > 0:
        owner = amounts.index(max(amounts))
        second = max((a for i, a in enumerate(amounts) if i != owner), default=0)
        uncalled = Pot(amounts[owner] - second, (owner,), (owner,))
        amounts = list(amounts)
        amounts[owner] = second
    levels = sorted({a for a in amounts if a > 0})
    merged: list[tuple[int, tuple[int, ...], set[int]]] = []  # (amount, eligible, contributors), bottom first
    pending = 0  # chips of bottom layers nobody eligible reached
    pending_from: set[int] = set()
    prev = 0
    for level in levels:
        contributors = {i for i in range(n) if amounts[i] >= level}
        amount = (level - prev) * len(contributors)
        prev = level
        eligible = tuple(i for i in live if amounts[i] >= level)
        if not eligible:
            if merged:
                a, e, c = merged[-1]
                merged[-1] = (a + amount, e, c | contributors)
            else:
                pending += amount
                pending_from |= contributors
            continue
        amount += pending
        contributors |= pending_from
        pending, pending_from = 0, set()
        if merged and merged[-1][1] == eligible:
            a, e, c = merged[-1]
            merged[-1] = (a + amount, e, c | contributors)
        else:
            merged.append((amount, eligible, contributors))
    pots = [Pot(a, e, tuple(sorted(c))) for a, e, c in merged]
    if pending or (not pots and uncalled is None):
        # no live seat reached the folded seats' chips: the live seats that put in most share them
        top = max(amounts[i] for i in live)
        pots.append(Pot(pending, tuple(i for i in live if amounts[i] == top), tuple(sorted(pending_from))))
    if uncalled is not None:
        pots.append(uncalled)
    return tuple(pots)


def with_dead_money(pots: Sequence[Pot], amount: int, live: Sequence[int], n: int) -> list[Pot]:
    """``pots`` with ``amount`` chips of dead money (antes) added where every live hand can win them.

    They join the main pot when its eligible seats are all of ``live``; otherwise (a live seat
    put no live chips in, e.g. all-in for its ante) they make a pot of their own, first.

    >>> [str(p) for p in with_dead_money(side_pots([10, 10, 10]), 3, [0, 1, 2], 3)]
    ['33 (eligible: seats 0, 1, 2)']
    >>> [str(p) for p in with_dead_money(side_pots([0, 10, 10]), 3, [0, 1, 2], 3)]
    ['3 (eligible: seats 0, 1, 2)', '20 (eligible: seats 1, 2)']
    """
    out = list(pots)
    if not amount:
        return out
    main = next((k for k, p in enumerate(out) if not p.uncalled), None)
    if main is not None and set(out[main].eligible) == set(live):
        out[main] = replace(out[main], amount=out[main].amount + amount)
    else:
        out.insert(0, Pot(amount, tuple(sorted(live)), tuple(range(n))))
    return out
