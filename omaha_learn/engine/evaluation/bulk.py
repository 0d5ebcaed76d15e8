"""Omaha hands in bulk with numpy: many deals at once, or one hole against many boards.

Strengths are the same numbers as :attr:`HighHand.strength` (``0 .. 7461``)
and :attr:`LowHand.strength` (``1 .. 6175``, here ``0`` for no qualifying
low), so they compare directly with the one-hand functions in
:mod:`omaha_learn.engine.evaluation.hands` (R2, R6-R10, R12). Every path uses
the additive rank keys of :mod:`omaha_learn.engine.evaluation.keys`.

Two paths:

* :func:`evaluate_high_many` / :func:`evaluate_low_many`: any deals, one
  row per deal. Five-card boards go through the board-by-pair tables of
  :mod:`omaha_learn.engine.evaluation.fast` (one lookup per hole pair);
  flop and turn boards through ``pair key + triple key`` lookups.
* The shared-board path (:func:`evaluate_high_boards`,
  :func:`evaluate_low_boards`) for one or several holes against *every* board
  drawn from a set of cards, as exact equity needs: the best of the hole's
  pairs with each board triple is computed once (:func:`pair_triple_strengths`),
  then each board takes the best of its ten triples (:func:`board_blocks`).
  Boards come in the colex order of
  :func:`omaha_learn.engine.evaluation.tables.colex_combinations`;
  :func:`deck_boards` lists them.

>>> import numpy as np
>>> from omaha_learn.engine.cards import parse_cards
>>> holes = np.array([parse_cards("Ac Kd Td 8h"), parse_cards("Th 9h 7c 6c")])
>>> boards = np.array([parse_cards("Kc 9c 6c 6h Qc"), parse_cards("Ks Kc Tc Td 5d")])
>>> evaluate_high_many(holes, boards).tolist()     # R3 two pair, R4 three tens
[4796, 5575]
>>> evaluate_high_many(holes, boards[:, :3]).tolist()   # on the flops
[3887, 4837]
>>> from omaha_learn.engine.evaluation.hands import best_high
>>> best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc").strength
4796
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import CardError
from omaha_learn.engine.evaluation.fast import board_info, hand_strengths
from omaha_learn.engine.evaluation.keys import FLUSH_OFFSET, card_weights
from omaha_learn.engine.evaluation.tables import colex_combinations, key_tables, low_threshold

__all__ = [
    "evaluate_high_many",
    "evaluate_low_many",
    "evaluate_high_boards",
    "evaluate_low_boards",
    "pair_triple_strengths",
    "best_over_boards",
    "board_blocks",
    "boards_from_triples",
    "deck_boards",
    "subset_keys",
    "triple_values",
]

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]

_CHUNK = 16384  # rows per block in evaluate_*_many (keeps temporaries in cache)


# ------------------------------------------------------------------- keys

@functools.cache
def _subsets(n: int, k: int) -> npt.NDArray[np.intp]:
    return colex_combinations(n, k).astype(np.intp)


def subset_keys(cards: npt.ArrayLike, k: int, none: int = -2) -> tuple[I32, npt.NDArray[np.int8]]:
    """Additive rank key and common suit (``none`` when mixed) of every ``k``-subset of the
    last axis of ``cards``, in colex order (last axis ``C(n, k)``).

    >>> key, suit = subset_keys([[0, 4, 8], [1, 5, 10]], 3)   # 2c3c4c, 2d3d4h
    >>> key.tolist(), suit.tolist()
    ([[6], [6]], [[0], [-2]])
    """
    a = np.asarray(cards, dtype=np.intp)
    idx = _subsets(a.shape[-1], k)
    weight = card_weights()[a]
    suit = (a & 3).astype(np.int8)
    key = weight[..., idx[:, 0]]
    s0 = suit[..., idx[:, 0]]
    same = np.ones(s0.shape, dtype=bool)
    for j in range(1, k):
        key = key + weight[..., idx[:, j]]
        same &= suit[..., idx[:, j]] == s0
    return key, np.where(same, s0, np.int8(none)).astype(np.int8)


# ----------------------------------------------------------------- validation

def _as_rows(cards: npt.ArrayLike, what: str, widths: tuple[int, ...]) -> npt.NDArray[np.intp]:
    try:
        a = np.asarray(cards)
    except (ValueError, TypeError) as exc:
        raise CardError(f"{what}: not a rectangular array of card indices ({exc})") from None
    if a.ndim == 1 and a.shape[0] in widths:
        a = a[None, :]
    if a.ndim != 2 or a.shape[1] not in widths:
        raise CardError(f"{what}: expected shape (N, {' or '.join(map(str, widths))}), got {a.shape}")
    if a.size and not np.issubdtype(a.dtype, np.integer):
        raise CardError(f"{what}: card indices must be integers 0-51, got dtype {a.dtype}")
    a = a.astype(np.intp, copy=False)
    bad = (a < 0) | (a > 51)
    if bad.any():
        row, col = map(int, np.argwhere(bad)[0])
        raise CardError(f"{what}: {int(a[row, col])} at row {row}, column {col} is not a card index 0-51",
                        token=str(int(a[row, col])), position=row)
    return a


def _check_distinct(rows: npt.NDArray[np.intp], what: str) -> None:
    # Distinct cards <=> the sum of their bits equals the OR of their bits.
    bits = np.left_shift(np.uint64(1), rows.astype(np.uint64))
    total, union = bits[:, 0].copy(), bits[:, 0].copy()
    for col in range(1, rows.shape[1]):
        total += bits[:, col]
        union |= bits[:, col]
    if not np.array_equal(total, union):
        s = np.sort(rows, axis=1)
        dup = (s[:, 1:] == s[:, :-1]).any(axis=1)
        row = int(np.argmax(dup))
        from omaha_learn.engine.cards import Card

        card = Card(int(s[row, 1:][s[row, 1:] == s[row, :-1]][0]))
        raise CardError(f"{what}: card '{card}' appears twice in row {row}", token=str(card), position=row)


def _deal_arrays(holes: npt.ArrayLike, boards: npt.ArrayLike
                 ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    h = _as_rows(holes, "holes", (4, 5))
    b = _as_rows(boards, "boards", (3, 4, 5))
    if h.shape[0] != b.shape[0]:
        raise CardError(f"holes has {h.shape[0]} rows but boards has {b.shape[0]}: one board per hole")
    _check_distinct(np.concatenate([h, b], axis=1), "holes and boards")
    return h, b


# ----------------------------------------------------------------- many deals

def _many(h: npt.NDArray[np.intp], b: npt.NDArray[np.intp], high: bool) -> U16:
    n = h.shape[0]
    out = np.zeros(n, dtype=np.uint16)
    hi_t, lo_t = key_tables()
    for start in range(0, n, _CHUNK):
        hs, bs = h[start:start + _CHUNK], b[start:start + _CHUNK]
        if bs.shape[1] == 5:
            info = board_info(bs)
            hi, lo = hand_strengths(hs, info, low=not high)
            out[start:start + hs.shape[0]] = hi if high or lo is None else lo
            continue
        pk, ps = subset_keys(hs, 2, -1)
        tk, ts = subset_keys(bs, 3, -2)
        key = pk[:, :, None] + tk[:, None, :]
        if high:
            key += np.where(ps[:, :, None] == ts[:, None, :], np.int32(FLUSH_OFFSET), np.int32(0))
            out[start:start + hs.shape[0]] = hi_t[key].reshape(key.shape[0], -1).max(axis=1)
        else:
            out[start:start + hs.shape[0]] = lo_t[key].reshape(key.shape[0], -1).max(axis=1)
    return out


def evaluate_high_many(holes: npt.ArrayLike, boards: npt.ArrayLike) -> U16:
    """Best Omaha high strength of each deal: ``holes`` (N, 4 or 5), ``boards`` (N, 3-5) card indices.

    Exactly two hole and three board cards per hand (R2); the result equals
    ``best_high(holes[i], boards[i]).strength`` row by row.

    >>> evaluate_high_many([[48, 45, 33, 26]], [[44, 28, 16, 18, 40]]).tolist()  # Ac Kd Td 8h | Kc 9c 6c 6h Qc
    [4796]
    """
    h, b = _deal_arrays(holes, boards)
    return _many(h, b, high=True)


def evaluate_low_many(holes: npt.ArrayLike, boards: npt.ArrayLike, qualifier: int | None = 8) -> U16:
    """Best ace-to-five low strength of each deal, ``0`` where no low qualifies (R8-R10, R12).

    >>> from omaha_learn.engine.cards import parse_cards
    >>> evaluate_low_many([parse_cards("As 2d Kc Kh")], [parse_cards("3c 5d 8h Qs Js")]).tolist()
    [6153]
    >>> evaluate_low_many([parse_cards("As 2d Kc Kh")], [parse_cards("9c Td Jh Qs Js")]).tolist()
    [0]
    """
    threshold = low_threshold(qualifier)
    h, b = _deal_arrays(holes, boards)
    out = _many(h, b, high=False)
    out[out < threshold] = 0
    return out


# ----------------------------------------------------------- shared boards

@functools.lru_cache(maxsize=64)
def _deck_triples(deck: tuple[int, ...]) -> tuple[I32, npt.NDArray[np.int8]]:
    return subset_keys(np.asarray(deck, dtype=np.intp), 3, -2)


def _sorted_deck(deck_cards: npt.ArrayLike) -> tuple[int, ...]:
    flat = np.asarray(deck_cards).ravel()
    d = _as_rows(flat[None, :], "deck_cards", (flat.size,))[0]
    if d.size < 5:
        raise CardError(f"deck_cards: need at least 5 cards to make a board, got {d.size}")
    _check_distinct(d[None, :], "deck_cards")
    return tuple(sorted(int(c) for c in d))


def triple_values(hole: npt.NDArray[np.intp], deck: tuple[int, ...], *, low: bool) -> U16:
    """Best strength of ``hole``'s pairs with each 3-subset of the sorted ``deck`` (no checks)."""
    tk, ts = _deck_triples(deck)
    hi_t, lo_t = key_tables()
    table = lo_t if low else hi_t
    pk, ps = subset_keys(hole, 2, -1)
    best = np.zeros(tk.shape[0], dtype=np.uint16)
    key = np.empty(tk.shape[0], dtype=np.int32)
    for p in range(pk.shape[0]):
        np.add(tk, pk[p], out=key)
        if not low and ps[p] >= 0:
            key[ts == ps[p]] += FLUSH_OFFSET
        np.maximum(best, table[key], out=best)
    return best


def pair_triple_strengths(hole: npt.ArrayLike, deck_cards: npt.ArrayLike, *, low: bool = False) -> U16:
    """Best strength of ``hole``'s pairs with each three-card subset of ``deck_cards``.

    Triples are the colex-ordered 3-subsets of ``sorted(deck_cards)``
    (``C(n, 3)`` of them). Hole cards must not be in ``deck_cards``. With
    ``low=True`` the values are unqualified low strengths (threshold them with
    :func:`omaha_learn.engine.evaluation.tables.low_threshold` after taking maxima).

    >>> best = pair_triple_strengths([48, 49, 0, 1], range(40, 48))   # Ac Ad 2c 2d with Q-Q-Q-Q-K-K-K-K: kings full of aces
    >>> best.shape, int(best.max())
    ((56,), 7283)
    """
    hole_a = _as_rows(hole, "hole", (4, 5))[0]
    deck = _sorted_deck(deck_cards)
    if set(hole_a.tolist()) & set(deck):
        raise CardError("hole cards must not be among deck_cards")
    return triple_values(hole_a, deck, low=low)


@functools.cache
def _block_indices(n: int) -> tuple[npt.NDArray[np.intp], ...]:
    """Index arrays for :func:`board_blocks` on ``range(n)``, valid for every highest card ``e``.

    Over the triples ``x<y<d`` of ``range(n - 1)`` (colex): the colex index of ``xyd``, and
    of ``xye``, ``xde``, ``yde`` less ``C(e, 3)``. Over the 4-subsets ``a<b<c<d`` (colex):
    the triple indices of ``abc``, ``abd``, ``acd``, ``bcd``. Colex order is prefix-closed,
    so the boards whose highest card is ``e`` use the first ``C(e, 3)`` and ``C(e, 4)`` rows.
    """
    t = _subsets(n - 1, 3)
    x, y, d = t[:, 0], t[:, 1], t[:, 2]
    pair = x + y * (y - 1) // 2
    xd = x + d * (d - 1) // 2
    yd = y + d * (d - 1) // 2
    q = _subsets(n - 1, 4)
    a, b, c, dd = q[:, 0], q[:, 1], q[:, 2], q[:, 3]

    def tri(i: npt.NDArray[np.intp], j: npt.NDArray[np.intp], k: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        out: npt.NDArray[np.intp] = i + j * (j - 1) // 2 + k * (k - 1) * (k - 2) // 6
        return out

    return pair, xd, yd, tri(a, b, c), tri(a, b, dd), tri(a, c, dd), tri(b, c, dd)


def board_blocks(values: U16, n: int) -> Iterator[tuple[int, U16]]:
    """Yield ``(start, block)``: the best-of-ten-triples values of boards ``start ..``, in colex order.

    ``values`` has shape ``(rows, C(n, 3))``: a value per triple of ``range(n)``.
    Each block holds the boards whose highest card is ``e`` (``C(e, 4)`` of
    them), for ``e = 4 .. n-1``; the block's buffer is reused, so use it before
    asking for the next. A board ``a<b<c<d<e`` has the ten triples ``abc`` and,
    for each pair ``xy`` of ``abc``, ``xyd, xye, xde, yde``. So per ``e`` one pass
    over the triples ``xyd`` of ``range(e)`` takes ``w[xyd]`` = the best of those four,
    and each board is ``max(values[abc], w[abd], w[acd], w[bcd])``: eight gathers
    per board, in a few large numpy calls per block.
    """
    rows = values.shape[0]
    if values.shape[1] != comb(n, 3):
        raise ValueError(f"values has {values.shape[1]} columns, expected C({n}, 3) = {comb(n, 3)}")
    if n < 5:
        return
    pair, xd, yd, t_abc, t_abd, t_acd, t_bcd = _block_indices(n)
    # Triple-major and packed: one gather moves every row's value of a triple at once.
    width = -(-rows // 4) * 4
    item = np.dtype((np.void, 2 * width))
    packed = np.zeros((comb(n, 3), width), dtype=np.uint16)
    packed[:, :rows] = values.T
    v = packed.view(item).ravel()
    n3, n4 = comb(n - 1, 3), comb(n - 1, 4)
    w = np.empty(n3, dtype=item)
    wt = np.empty(n3, dtype=item)
    o = np.empty(n4, dtype=item)
    t = np.empty(n4, dtype=item)
    idx = np.empty(n3, dtype=np.intp)

    def lanes(a: npt.NDArray[np.void]) -> U16:
        out: U16 = a.view(np.uint16)
        return out

    for e in range(4, n):
        e3, e4 = comb(e, 3), comb(e, 4)
        we, wte, ie = w[:e3], wt[:e3], idx[:e3]
        np.add(pair[:e3], e3, out=ie)
        np.take(v, ie, out=we)
        np.maximum(lanes(we), lanes(v[:e3]), out=lanes(we))
        np.add(xd[:e3], e3, out=ie)
        np.take(v, ie, out=wte)
        np.maximum(lanes(we), lanes(wte), out=lanes(we))
        np.add(yd[:e3], e3, out=ie)
        np.take(v, ie, out=wte)
        np.maximum(lanes(we), lanes(wte), out=lanes(we))
        oe, te = o[:e4], t[:e4]
        np.take(v, t_abc[:e4], out=oe)
        for tri in (t_abd, t_acd, t_bcd):
            np.take(we, tri[:e4], out=te)
            np.maximum(lanes(oe), lanes(te), out=lanes(oe))
        yield comb(e, 5), np.ascontiguousarray(lanes(oe).reshape(e4, width)[:, :rows].T)


def boards_from_triples(values: U16, n: int) -> U16:
    """Best over each five-card board's ten triples, for every board of ``range(n)``.

    ``values`` has shape ``(rows, C(n, 3))`` (a per-triple strength, colex
    order); the result ``(rows, C(n, 5))`` is in board colex order.

    >>> v = np.arange(comb(6, 3), dtype=np.uint16)[None, :]
    >>> brute = [max(int(v[0, j]) for j, t in enumerate(colex_combinations(6, 3)) if set(t) <= set(b))
    ...          for b in colex_combinations(6, 5)]
    >>> boards_from_triples(v, 6)[0].tolist() == brute
    True
    """
    out = np.empty((values.shape[0], comb(n, 5)), dtype=np.uint16)
    for start, block in board_blocks(values, n):
        out[:, start:start + block.shape[1]] = block
    return out


def _n_from_triples(count: int) -> int:
    n = 3
    while comb(n, 3) < count:
        n += 1
    if comb(n, 3) != count:
        raise ValueError(f"{count} is not C(n, 3) for any n: pass one value per triple")
    return n


def best_over_boards(triple_best: npt.ArrayLike) -> U16:
    """Best over each board's ten triples: ``C(n, 3)`` per-triple values -> ``C(n, 5)`` per-board values.

    >>> best_over_boards(np.arange(10, dtype=np.uint16)).tolist()   # n = 5: one board
    [9]
    """
    tb = np.asarray(triple_best, dtype=np.uint16)
    n = _n_from_triples(tb.shape[0])
    out: U16 = boards_from_triples(tb[None, :], n)[0]
    return out


def deck_boards(deck_cards: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """All five-card boards from ``deck_cards``, shape ``(C(n, 5), 5)``, in the order of the shared-board results.

    >>> deck_boards([7, 1, 2, 3, 4, 5]).tolist()[:2]
    [[1, 2, 3, 4, 5], [1, 2, 3, 4, 7]]
    """
    d = np.asarray(_sorted_deck(deck_cards), dtype=np.int8)
    return d[colex_combinations(d.size, 5)]


def _boards(holes: npt.ArrayLike, deck_cards: npt.ArrayLike, low: bool) -> U16:
    h = np.asarray(holes)
    single = h.ndim == 1
    rows = _as_rows(h, "holes", (4, 5))
    deck = _sorted_deck(deck_cards)
    for r in rows:
        if set(r.tolist()) & set(deck):
            raise CardError("hole cards must not be among deck_cards")
    values = np.stack([triple_values(r, deck, low=low) for r in rows])
    out = boards_from_triples(values, len(deck))
    return out[0] if single else out


def evaluate_high_boards(holes: npt.ArrayLike, deck_cards: npt.ArrayLike) -> U16:
    """High strength of each hole against every five-card board from ``deck_cards`` (the shared-board fast path).

    ``holes`` is one hole (4 or 5 cards) -> shape ``(C(n, 5),)``, or several
    -> ``(P, C(n, 5))``; boards in the order of :func:`deck_boards`.

    >>> s = evaluate_high_boards([48, 49, 50, 51], range(0, 8))   # four aces; full houses from 2-2-2-2-3-3-3-3
    >>> s.shape, int(s.max()), int(s.min())
    ((56,), 7163, 7151)
    """
    return _boards(holes, deck_cards, low=False)


def evaluate_low_boards(holes: npt.ArrayLike, deck_cards: npt.ArrayLike, qualifier: int | None = 8) -> U16:
    """Low strength (0 = no qualifying low) of each hole against every board from ``deck_cards``.

    >>> s = evaluate_low_boards([48, 4, 44, 45], [0, 8, 12, 16, 20, 24])    # Ac 3c Kc Kd, boards of 2-4-5-6-7-8
    >>> s.shape, int((s > 0).sum())
    ((6,), 6)
    """
    threshold = low_threshold(qualifier)
    out = _boards(holes, deck_cards, low=True)
    out[out < threshold] = 0
    return out
