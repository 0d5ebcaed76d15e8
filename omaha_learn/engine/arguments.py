"""Argument checks shared by the engine's public functions and constructors.

Each check returns the value in its plain form or raises the error class it is
given (a subclass of :class:`~omaha_learn.errors.OmahaLearnError`) with a message
that names the argument, before the caller changes anything.

>>> from omaha_learn.errors import PotError
>>> chips(5, "ante", PotError), seat(2, 3, "button", PotError)
(5, 2)
>>> chips(0.5, "blinds[0]", PotError)
Traceback (most recent call last):
...
omaha_learn.errors.PotError: blinds[0]: 0.5 is not a whole number of chips
>>> seed("abc", "seed", PotError)
Traceback (most recent call last):
...
omaha_learn.errors.PotError: seed: 'abc' is not a whole number or None
"""

from __future__ import annotations

import functools
import operator
import os
from collections.abc import Sequence
from typing import Any

from omaha_learn.errors import OmahaLearnError
from omaha_learn.i18n import gettext as _

__all__ = ["whole", "chips", "seat", "seed", "qualifier", "items", "cores", "available_cores", "QUALIFIERS"]

QUALIFIERS = (8, 9, None)
"""Low qualifiers a hand may be played with: 8-or-better, the 9-or-better house rule, none (R12)."""


def whole(value: object, what: str, error: type[OmahaLearnError]) -> int:
    """``value`` as an ``int``: Python and numpy integers; never a bool, float or text."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or isinstance(value, (str, bytes, float)):
        raise error(_("{what}: {value!r} is not a whole number").format(what=what, value=value))
    try:
        return int(operator.index(value))  # type: ignore[arg-type]
    except TypeError:
        raise error(_("{what}: {value!r} is not a whole number").format(what=what, value=value)) from None


def chips(value: object, what: str, error: type[OmahaLearnError], *, positive: bool = False) -> int:
    """A number of chips: a whole number, not negative (above zero with ``positive``)."""
    try:
        n = whole(value, what, error)
    except OmahaLearnError:
        raise error(_("{what}: {value!r} is not a whole number of chips").format(what=what, value=value)) from None
    if n < 0 or (positive and n == 0):
        message = _("{what}: must be positive ({n})") if positive else _("{what}: negative chips ({n})")
        raise error(message.format(what=what, n=n))
    return n


def seat(value: object, n: int, what: str, error: type[OmahaLearnError]) -> int:
    """A seat number ``0..n-1``."""
    index = _as_int(value)
    if index is None or not 0 <= index < n:
        raise error(_("{what}: {value!r} is not a seat (seats are 0 to {last})").format(what=what, value=value, last=n - 1))
    return index


def seed(value: object, what: str, error: type[OmahaLearnError], *, sampled: bool = False) -> int | None:
    """A seed for a shuffle: a whole number or ``None`` (a fresh random shuffle).

    ``sampled=True`` is a seed of the Monte Carlo sampler
    (:mod:`omaha_learn.engine.sampling`), which must not be negative.

    >>> from omaha_learn.errors import EquityError
    >>> seed(-1, "seed", EquityError, sampled=True)
    Traceback (most recent call last):
    ...
    omaha_learn.errors.EquityError: seed: a non-negative integer or None, got -1
    """
    if value is None:
        return None
    index = _as_int(value)
    if sampled and (index is None or index < 0):
        raise error(_("{what}: a non-negative integer or None, got {value!r}").format(what=what, value=value))
    if index is None:
        raise error(_("{what}: {value!r} is not a whole number or None").format(what=what, value=value))
    return index


@functools.cache
def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the system has one).

    >>> available_cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


def cores(value: object, what: str, error: type[OmahaLearnError]) -> int:
    """A number of cores (threads, worker processes or jobs) to use: an int of at least 1, or
    ``None`` for :func:`available_cores`.

    >>> from omaha_learn.errors import EquityError
    >>> cores(2, "threads", EquityError), cores(None, "threads", EquityError) == available_cores()
    (2, True)
    """
    if value is None:
        return available_cores()
    index = _as_int(value)
    if index is None or index < 1:
        raise error(_("{what}: {value!r} is not a positive number of cores to use (1 or more), "
                      "or None for every core").format(what=what, value=value))
    return index


def qualifier(value: object, what: str, error: type[OmahaLearnError]) -> int | None:
    """A low qualifier: 8, 9 or ``None`` (R12)."""
    if value is None:
        return None
    index = _as_int(value)
    if index in (8, 9):
        return index
    raise error(_("{what}: {value!r} is not a low qualifier: 8 (8-or-better), 9 (9-or-better) or None (R12)")
                .format(what=what, value=value))


def items(value: object, what: str, error: type[OmahaLearnError], *, n: int | None = None,
          per: str = "seat") -> list[Any]:
    """A list or tuple (or other sequence, not text) of one entry per ``per``; ``n`` entries when given."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise error(_("{what}: expected a list with one entry per seat, got {value!r}").format(what=what, value=value))
    out = list(value)
    if n is not None and len(out) != n:
        raise error(_("{what}: need one entry per seat ({n}), got {count}").format(what=what, n=n, count=len(out)))
    return out


def _as_int(value: object) -> int | None:
    """``value`` as an ``int`` if it is a Python or numpy integer (not a bool), else ``None``."""
    if isinstance(value, bool):
        return None
    try:
        return int(operator.index(value))  # type: ignore[arg-type]
    except TypeError:
        return None
