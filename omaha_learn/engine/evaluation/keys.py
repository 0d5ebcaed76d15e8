"""The one hand-strength key scheme every evaluator shares: the *additive rank key*.

Each rank has a weight (:data:`RANK_WEIGHTS`) chosen so that the sums over
every multiset of at most five ranks (no rank more than four times) differ.
So the key of five cards is the sum of their cards' weights, and the key of a
hole pair plus the key of a board triple is the key of the five-card hand:
no sorting, one addition. Strength tables are indexed by key, flush
strengths at ``FLUSH_OFFSET + key`` (R2, R6-R10).

The same key numbers the rank multisets densely (:func:`key_codes`): 91 pair
codes and 6,175 five-card (board) codes index the small ``board x pair``
tables of :mod:`omaha_learn.engine.evaluation.tables`. Those *codes* are the
key renumbered ``0 ..``, not a second scheme.

Users: :mod:`~omaha_learn.engine.evaluation.tables` (strength by key),
:mod:`~omaha_learn.engine.evaluation.hands` (one hand: a dict lookup per choice),
:mod:`~omaha_learn.engine.evaluation.batch` (a batch of deals) and
:mod:`~omaha_learn.engine.evaluation.sweep` (every board of a deck), and through them
:mod:`omaha_learn.engine.equity`.

>>> rank_key([48, 44, 40, 36, 32]) == sum(RANK_WEIGHTS[8:])   # Ac Kc Qc Jc Tc: T J Q K A
True
>>> int(key_codes(2)[rank_key([0, 1])]), int(key_codes(2)[rank_key([48, 49])])   # 2-2 is the first pair, A-A the last
(0, 90)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

__all__ = [
    "RANK_WEIGHTS",
    "CARD_WEIGHTS",
    "MAX_KEY",
    "FLUSH_OFFSET",
    "N_PAIR_CODES",
    "N_BOARD_CODES",
    "rank_key",
    "multisets",
    "key_codes",
    "card_weights",
    "pair_codes_by_cards",
    "rank_pair_codes",
    "suited_sets",
    "suited_set_codes",
]

RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Smallest increasing weights (ranks 2..A) whose five-card sums, no rank over four times, all differ."""
CARD_WEIGHTS = tuple(RANK_WEIGHTS[c >> 2] for c in range(52))
"""Weight of each card index ``rank * 4 + suit``."""
MAX_KEY = 4 * RANK_WEIGHTS[12] + RANK_WEIGHTS[11]
"""The largest key of five cards (four aces and a king)."""
FLUSH_OFFSET = MAX_KEY + 1
"""Flush strengths sit at ``FLUSH_OFFSET + key`` in a high table."""
N_PAIR_CODES = 91
"""Rank multisets of two cards."""
N_BOARD_CODES = 6175
"""Rank multisets of five cards (no rank five times)."""


def rank_key(cards: Iterable[int]) -> int:
    """The additive rank key of some cards (card indices ``0..51``)."""
    return sum(CARD_WEIGHTS[int(c)] for c in cards)


@functools.cache
def multisets(size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` rank indices (0 = deuce .. 12 = ace), no rank over four times,
    as ascending tuples in lexicographic order: the order of :func:`key_codes`.

    >>> len(multisets(2)), len(multisets(4)), len(multisets(5))
    (91, 1820, 6175)
    """
    if not 1 <= size <= 5:
        raise ValueError(f"size: 1 to 5 ranks, got {size!r}")
    return tuple(ms for ms in itertools.combinations_with_replacement(range(13), size)
                 if all(ms.count(r) <= 4 for r in set(ms)))


@functools.cache
def key_codes(size: int) -> npt.NDArray[np.int16]:
    """Dense code by key for multisets of ``size`` ranks: ``key_codes(size)[key]`` is the
    multiset's index in :func:`multisets` ``(size)``, ``-1`` for keys of no such multiset.
    Read-only."""
    out = np.full(size * RANK_WEIGHTS[12] + 1, -1, dtype=np.int16)
    for i, ms in enumerate(multisets(size)):
        out[sum(RANK_WEIGHTS[r] for r in ms)] = i
    out.flags.writeable = False
    return out


@functools.cache
def card_weights() -> npt.NDArray[np.int32]:
    """:data:`CARD_WEIGHTS` as a read-only numpy array."""
    out = np.array(CARD_WEIGHTS, dtype=np.int32)
    out.flags.writeable = False
    return out


@functools.cache
def pair_codes_by_cards() -> npt.NDArray[np.int16]:
    """Rank-pair code (0..90) of two cards ``a, b`` at ``[52 * a + b]`` (either order). Read-only.

    >>> int(pair_codes_by_cards()[52 * 48 + 49])      # Ac Ad: aces
    90
    """
    w = np.array(CARD_WEIGHTS, dtype=np.int64)
    out: npt.NDArray[np.int16] = key_codes(2)[w[:, None] + w[None, :]].ravel().astype(np.int16)
    out.flags.writeable = False
    return out


@functools.cache
def rank_pair_codes() -> npt.NDArray[np.int16]:
    """Code 0..77 of two *different* ranks ``a, b`` (0..12) at ``[13 * a + b]``; ``-1`` for a pair.

    Used for flushes, where the two hole cards share a suit and so differ in rank.
    """
    out = np.full(169, -1, dtype=np.int16)
    for i, (a, b) in enumerate(itertools.combinations(range(13), 2)):
        out[13 * a + b] = out[13 * b + a] = i
    out.flags.writeable = False
    return out


@functools.cache
def suited_sets() -> tuple[tuple[int, ...], ...]:
    """Every set of 3 to 5 different ranks: the ranks a board holds in its flush suit
    (a five-card board has at most one suit with three or more cards)."""
    return tuple(s for k in (3, 4, 5) for s in itertools.combinations(range(13), k))


@functools.cache
def suited_set_codes() -> npt.NDArray[np.int16]:
    """Index in :func:`suited_sets` of a 13-bit rank mask (bit ``r`` for rank ``r``), ``-1`` if not 3-5 bits."""
    out = np.full(1 << 13, -1, dtype=np.int16)
    for i, s in enumerate(suited_sets()):
        out[sum(1 << r for r in s)] = i
    out.flags.writeable = False
    return out
