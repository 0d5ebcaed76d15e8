"""The one Monte Carlo sampler and the one seeding scheme every sampled result uses.

* **Seeding.** A request of ``trials`` deals with seed ``s`` is cut into chunks of
  :data:`CHUNK` deals; chunk ``i`` draws from ``numpy.random.default_rng(chunk_seed(s, i))``,
  its own stream, whoever runs it (this process, a worker process, a job on a
  cluster) and however many chunks run at once. A seeded result is therefore the
  same for any thread or job count.
* **Dealing.** :func:`deal_cards` is a partial Fisher-Yates shuffle of many decks at
  once; :func:`deal_around` first takes given cards out of each deck (the range
  members drawn for that deal), then deals from the rest the same way;
  :func:`draw_members` draws one member of a list of hands per deal, uniformly or
  in proportion to weights.

>>> [chunk_sizes(20_000)[i] for i in (0, 1, 2)], len(chunk_sizes(20_000))
([8192, 8192, 3616], 3)
>>> rng = np.random.default_rng(chunk_seed(1, 0))
>>> deal_cards(rng, np.arange(10), 3, 2).shape
(2, 3)
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["CHUNK", "SCRATCH", "Scratch", "chunk_seed", "chunk_sizes", "deal_around", "deal_cards",
           "deal_positions", "draw_members", "fresh_seed"]

CHUNK = 8_192
"""Deals per chunk: the unit of seeding and of work for the worker processes."""

Ints = npt.NDArray[np.intp]


def chunk_seed(seed: int | None, i: int) -> np.random.SeedSequence:
    """The seed of chunk ``i`` of a request seeded ``seed``: ``SeedSequence(seed).spawn(i + 1)[i]``.

    ``seed=None`` takes fresh entropy (call :func:`fresh_seed` once per request so
    that its chunks share it).

    >>> a = chunk_seed(7, 3).generate_state(2).tolist()
    >>> a == np.random.SeedSequence(7).spawn(4)[3].generate_state(2).tolist()
    True
    """
    return np.random.SeedSequence(seed, spawn_key=(i,))


def fresh_seed() -> int:
    """A new random seed, for a request given ``seed=None`` that runs in several pieces."""
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint32)[0])


def chunk_sizes(trials: int) -> list[int]:
    """Deals in each chunk of a request of ``trials`` deals: :data:`CHUNK` each, the last one what is left."""
    return [min(CHUNK, trials - start) for start in range(0, trials, CHUNK)]


class Scratch(threading.local):
    """Work arrays reused from chunk to chunk, one set per thread.

    A fresh array of a megabyte or more is new memory from the system, and
    touching its pages for the first time took about half of a six-handed
    chunk's time; reused arrays are already resident.
    """

    def __init__(self) -> None:
        self.arrays: dict[str, npt.NDArray[Any]] = {}

    def get(self, name: str, shape: tuple[int, ...], dtype: type[np.generic]) -> npt.NDArray[Any]:
        a = self.arrays.get(name)
        if a is None or a.shape != shape or a.dtype != dtype:
            a = self.arrays[name] = np.empty(shape, dtype=dtype)
        return a


SCRATCH = Scratch()
_CARDS_I8 = np.arange(52, dtype=np.int8)


def deal_positions(rng: np.random.Generator, n: int, m: int, k: int) -> Ints:
    """``m`` independent draws of ``k`` distinct positions out of ``range(n)`` (``n <= 52``),
    shape ``(k, m)``: row ``i`` is the ``i``-th card dealt. A partial Fisher-Yates shuffle
    of each deck, with ``k * m`` uniform draws from ``rng`` in row order.

    >>> d = deal_positions(np.random.default_rng(0), 10, 1000, 4)
    >>> d.shape, bool((np.sort(d, axis=0)[1:] != np.sort(d, axis=0)[:-1]).all()), int(d.max())
    ((4, 1000), True, 9)
    """
    if not 0 <= k <= n <= 52:
        raise ValueError(f"cannot deal {k} cards from {n}")
    return deal_cards(rng, _CARDS_I8[:n], m, k).astype(np.intp)


def deal_cards(rng: np.random.Generator, cards: npt.ArrayLike, m: int, k: int) -> npt.NDArray[np.int8]:
    """:func:`deal_positions` dealing the ``cards`` themselves: ``cards[deal_positions(rng, len(cards), m, k)]``,
    as ``int8``.

    >>> a = deal_cards(np.random.default_rng(5), np.arange(52)[::-1], 100, 9)
    >>> bool((a == 51 - deal_positions(np.random.default_rng(5), 52, 100, 9)).all())
    True
    """
    return deal_around(rng, cards, None, m, k)


def deal_around(rng: np.random.Generator, cards: npt.ArrayLike, taken: npt.NDArray[np.integer] | None,
                m: int, k: int) -> npt.NDArray[np.int8]:
    """``k`` cards for each of ``m`` deals from ``cards``, without deal ``d``'s own ``taken[d]`` cards.

    ``taken`` is ``(m, j)`` cards of ``cards`` (distinct within a row), or ``None``.
    They are swapped to the front of each deck first (no draws), then the partial
    Fisher-Yates shuffle deals from the rest: each deal's ``k`` cards are uniformly random among
    its cards left. With ``taken=None`` this is :func:`deal_cards`.

    >>> cards = np.arange(8)
    >>> taken = np.array([[0, 1], [6, 7]] * 50)
    >>> d = deal_around(np.random.default_rng(0), cards, taken, 100, 6)
    >>> sorted(d[:, 0].tolist()), sorted(d[:, 1].tolist())
    ([2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5])
    """
    c = np.asarray(cards, dtype=np.int8)
    n = len(c)
    j = 0 if taken is None else taken.shape[1]
    if not 0 <= k <= n - j or n > 52:
        raise ValueError(f"cannot deal {k} cards from {n - j}")
    # One row per deck, so each step touches every deck's own few bytes in order.
    deck = SCRATCH.get("deck", (m, n), np.int8)
    deck[:] = c[None, :]
    flat = deck.reshape(-1)
    base = SCRATCH.get("base", (m,), np.intp)
    np.multiply(np.arange(m, dtype=np.intp), n, out=base)
    if taken is not None and j:
        # Swap each deck's taken cards to its front, in order: a taken card is where ``cards`` has it,
        # unless an earlier swap moved it (it sat in a front slot, and went where that taken card was).
        at = np.zeros(52, dtype=np.intp)
        at[c.astype(np.intp)] = np.arange(n, dtype=np.intp)
        moved: list[Ints] = []
        for i in range(j):
            card = taken[:, i].astype(np.intp)
            pos = at[card]
            for slot, went in enumerate(moved):
                pos = np.where(pos == slot, went, pos)
            flat[base + pos] = deck[:, i]
            deck[:, i] = card
            moved.append(pos)
    # Row by row, so the work arrays stay small (in cache); the draws come in the same order.
    r = SCRATCH.get("uniform", (m,), np.float64)
    idx = SCRATCH.get("index", (m,), np.intp)
    out = np.empty((k, m), dtype=np.int8)
    for i in range(j, j + k):
        rng.random(out=r)
        np.multiply(r, n - i, out=r)               # [0, n - i)
        np.copyto(idx, r, casting="unsafe")        # truncated, as int(r * (n - i))
        idx += base
        idx += i                                   # a position from i .. n-1 of each deck
        np.take(flat, idx, out=out[i - j])
        flat[idx] = deck[:, i]                     # position i is never drawn again
    return out


def draw_members(rng: np.random.Generator, count: int, cumulative: npt.NDArray[np.float64] | None, m: int) -> Ints:
    """``m`` indices of members of a list of ``count`` hands: uniform when ``cumulative`` is
    ``None``, else in proportion to the weights whose running sums ``cumulative`` holds.

    >>> cum = np.cumsum([0.0, 1.0, 3.0])
    >>> np.bincount(draw_members(np.random.default_rng(0), 3, cum, 4000), minlength=3).tolist()[0]
    0
    """
    if cumulative is None:
        return rng.integers(0, count, m).astype(np.intp)
    u = rng.random(m) * cumulative[-1]
    idx: Ints = np.searchsorted(cumulative, u, side="right").astype(np.intp)
    np.minimum(idx, count - 1, out=idx)
    return idx
