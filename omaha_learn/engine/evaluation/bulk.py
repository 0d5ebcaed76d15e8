"""Omaha hands in bulk with numpy: many deals at once, or one hole against many boards.

Strengths are the same numbers as :attr:`HighHand.strength` (``0 .. 7461``)
and :attr:`LowHand.strength` (``1 .. 6175``, here ``0`` for no qualifying
low), so they compare directly with the one-hand functions in
:mod:`omaha_learn.engine.evaluation.hands` (R2, R6-R10, R12).

Two paths:

* :func:`evaluate_high_many` / :func:`evaluate_low_many`: any deals, one
  row per deal. Every hole pair and every board triple is reduced to a small
  *rank code* (91 pair rank multisets, 455 triple rank multisets) plus a suit,
  so each of the 60 two-plus-three choices is one addition and one lookup in a
  165 kB table.
* The shared-board path (:func:`evaluate_high_boards`,
  :func:`evaluate_low_boards`) for one or several holes against *every* board
  drawn from a set of cards, as exact equity needs: the best of the hole's
  pairs with each board triple is computed once (:func:`pair_triple_strengths`),
  then each board takes the best of its ten triples (:func:`best_over_boards`,
  with the triple indices of :func:`board_triple_index` precomputed per deck
  size). Boards come in the colex order of :func:`omaha_learn.engine.evaluation.tables.colex_combinations`;
  :func:`deck_boards` lists them.

>>> import numpy as np
>>> from omaha_learn.engine.cards import parse_cards
>>> holes = np.array([parse_cards("Ac Kd Td 8h"), parse_cards("Th 9h 7c 6c")])
>>> boards = np.array([parse_cards("Kc 9c 6c 6h Qc"), parse_cards("Ks Kc Tc Td 5d")])
>>> evaluate_high_many(holes, boards).tolist()     # R3 two pair, R4 three tens
[4796, 5575]
>>> from omaha_learn.engine.evaluation.hands import best_high
>>> best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc").strength
4796
"""

from __future__ import annotations

import functools
from itertools import combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import CardError

__all__ = [
    "evaluate_high_many",
    "evaluate_low_many",
    "evaluate_high_boards",
    "evaluate_low_boards",
    "pair_triple_strengths",
    "best_over_boards",
    "board_triple_index",
    "deck_boards",
    "triple_codes",
]

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]

_N_PAIRS = 91     # rank multisets of two cards
_N_TRIPLES = 455  # rank multisets of three cards
_FLUSH_OFFSET = _N_PAIRS * _N_TRIPLES
_CHUNK = 16384  # rows per block in evaluate_*_many (keeps temporaries in cache)


# ----------------------------------------------------------------- rank codes

@functools.lru_cache(maxsize=1)
def _rank_code_tables() -> tuple[I32, I32]:
    """(pair code by 13*r1+r2, triple code by 169*r1+13*r2+r3) for rank indices 0..12."""
    pair = np.zeros(169, dtype=np.int32)
    for i, (a, b) in enumerate(combinations_with_replacement(range(13), 2)):
        pair[13 * a + b] = pair[13 * b + a] = i
    triple = np.zeros(13**3, dtype=np.int32)
    for i, t in enumerate(combinations_with_replacement(range(13), 3)):
        for a, b, c in set(permutations(t)):
            triple[169 * a + 13 * b + c] = i
    return pair, triple


def _build_strengths(kind: str) -> U16:
    from omaha_learn.engine.evaluation.tables import _class_lookups

    nonflush, flush, low = _class_lookups()[:3]
    pr = np.array(list(combinations_with_replacement(range(13), 2)), dtype=np.int64)
    tr = np.array(list(combinations_with_replacement(range(13), 3)), dtype=np.int64)
    five = np.concatenate([np.repeat(pr[:, None, :], _N_TRIPLES, axis=1),
                           np.repeat(tr[None, :, :], _N_PAIRS, axis=0)], axis=2)
    five.sort(axis=2)
    key = (five @ (13 ** np.arange(5, dtype=np.int64))).ravel()
    # Five of one rank cannot be dealt; its key reads 0 in the lookups, never used.
    if kind == "low":
        return low[key].astype(np.uint16)
    return np.concatenate([nonflush[key], flush[key]]).astype(np.uint16)


@functools.lru_cache(maxsize=1)
def _high_pt() -> U16:
    """High strength by ``flush * 41405 + pair_code * 455 + triple_code``."""
    from omaha_learn.engine.evaluation.tables import cached_array

    return cached_array("high_pair_triple", (2 * _FLUSH_OFFSET,), lambda: _build_strengths("high"))


@functools.lru_cache(maxsize=1)
def _low_pt() -> U16:
    """Unqualified low strength by ``pair_code * 455 + triple_code``."""
    from omaha_learn.engine.evaluation.tables import cached_array

    return cached_array("low_pair_triple", (_FLUSH_OFFSET,), lambda: _build_strengths("low"))


def _pair_codes(a: npt.NDArray[np.intp], b: npt.NDArray[np.intp]) -> tuple[I32, npt.NDArray[np.int8]]:
    """(pair code * 455, common suit or -1) of card arrays ``a`` and ``b``."""
    pair, _ = _rank_code_tables()
    code = pair[13 * (a >> 2) + (b >> 2)] * _N_TRIPLES
    sa, sb = (a & 3).astype(np.int8), (b & 3).astype(np.int8)
    return code.astype(np.int32), np.where(sa == sb, sa, np.int8(-1)).astype(np.int8)


def triple_codes(cards: npt.ArrayLike) -> tuple[I32, npt.NDArray[np.int8]]:
    """(rank code 0..454, common suit or -2) for rows of three cards (last axis of length 3).

    Reusable by kernels that pair these codes with :func:`pair_triple_strengths`' tables.

    >>> code, suit = triple_codes([[0, 4, 8], [1, 5, 10]])   # 2c3c4c, 2d3d4h
    >>> code.tolist(), suit.tolist()
    ([14, 14], [0, -2])
    """
    t = np.asarray(cards, dtype=np.intp)
    _, triple = _rank_code_tables()
    r = t >> 2
    code = triple[169 * r[..., 0] + 13 * r[..., 1] + r[..., 2]].astype(np.int32)
    s = (t & 3).astype(np.int8)
    same = (s[..., 0] == s[..., 1]) & (s[..., 1] == s[..., 2])
    return code, np.where(same, s[..., 0], np.int8(-2)).astype(np.int8)


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
    table = _high_pt() if high else _low_pt()
    pair_t, triple_t = _rank_code_tables()
    pair_t64, triple_t64 = pair_t.astype(np.intp) * _N_TRIPLES, triple_t.astype(np.intp)
    n = h.shape[0]
    out = np.zeros(n, dtype=np.uint16)
    pairs = list(combinations(range(h.shape[1]), 2))
    triples = list(combinations(range(b.shape[1]), 3))
    for start in range(0, n, _CHUNK):
        hs, bs = h[start:start + _CHUNK].T, b[start:start + _CHUNK].T  # (cards, rows)
        m = hs.shape[1]
        hr, br = hs >> 2, bs >> 2
        hbit = np.left_shift(1, hs & 3).astype(np.uint8)   # suit as a bit: c=1, d=2, h=4, s=8
        bbit = np.left_shift(1, bs & 3).astype(np.uint8)
        tkey = np.empty((len(triples), m), dtype=np.intp)
        tmask = np.empty((len(triples), m), dtype=np.uint8)
        for row, (i, j, k) in enumerate(triples):
            np.take(triple_t64, 169 * br[i] + 13 * br[j] + br[k], out=tkey[row])
            np.bitwise_and(bbit[i] & bbit[j], bbit[k], out=tmask[row])  # nonzero only if one suit
        best = out[start:start + m]
        key = np.empty_like(tkey)
        # Only suited triples (about 5%) can make a flush: list them once per block.
        srow, scol = np.nonzero(tmask)
        sbits = tmask[srow, scol]
        for i, j in pairs:
            np.add(tkey, pair_t64[13 * hr[i] + hr[j]], out=key)
            if high:  # a flush: the pair suited in the triple's suit
                hit = (sbits & (hbit[i] & hbit[j])[scol]).astype(bool)
                if hit.any():
                    key[srow[hit], scol[hit]] += _FLUSH_OFFSET
            np.maximum(best, np.take(table, key).max(axis=0), out=best)
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
    from omaha_learn.engine.evaluation.tables import low_threshold

    threshold = low_threshold(qualifier)
    h, b = _deal_arrays(holes, boards)
    out = _many(h, b, high=False)
    out[out < threshold] = 0
    return out


# ----------------------------------------------------------- shared boards

@functools.lru_cache(maxsize=64)
def _deck_triples(deck: tuple[int, ...]) -> tuple[I32, npt.NDArray[np.int8]]:
    from omaha_learn.engine.evaluation.tables import colex_combinations

    d = np.asarray(deck, dtype=np.intp)
    return triple_codes(d[colex_combinations(len(deck), 3)])


def _sorted_deck(deck_cards: npt.ArrayLike) -> tuple[int, ...]:
    flat = np.asarray(deck_cards).ravel()
    d = _as_rows(flat[None, :], "deck_cards", (flat.size,))[0]
    if d.size < 5:
        raise CardError(f"deck_cards: need at least 5 cards to make a board, got {d.size}")
    _check_distinct(d[None, :], "deck_cards")
    return tuple(sorted(int(c) for c in d))


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
    tcode, tsuit = _deck_triples(deck)
    table = _low_pt() if low else _high_pt()
    best = np.zeros(tcode.shape[0], dtype=np.uint16)
    for i, j in combinations(range(hole_a.shape[0]), 2):
        pcode, psuit = _pair_codes(hole_a[i:i + 1], hole_a[j:j + 1])
        key = tcode + pcode[0]
        if not low:
            key += (tsuit == psuit[0]).astype(np.int32) * _FLUSH_OFFSET
        np.maximum(best, table[key], out=best)
    return best


@functools.lru_cache(maxsize=4)
def board_triple_index(n: int) -> npt.NDArray[np.int16]:
    """Shape ``(10, C(n, 5))``: column ``k`` holds the colex indices of board ``k``'s ten triples.

    Boards are the colex-ordered 5-subsets of ``range(n)``, triples the
    colex-ordered 3-subsets. Triple-major, so the best of ten triples is a
    contiguous reduction over axis 0. Read-only and cached (34 MB for n = 48).

    >>> board_triple_index(5)[:, 0].tolist()
    [0, 1, 4, 2, 5, 7, 3, 6, 8, 9]
    """
    from omaha_learn.engine.evaluation.tables import binomials, colex_combinations

    if not 5 <= n <= 52:
        raise ValueError(f"boards need 5 to 52 cards to choose from, got n={n}")
    c5 = colex_combinations(n, 5)
    b = binomials().astype(np.int32)
    cols = [c5[:, i].astype(np.intp) for i in range(5)]
    b1, b2, b3 = ([b[c, k] for c in cols] for k in (1, 2, 3))
    out = np.empty((10, c5.shape[0]), dtype=np.int16)
    for row, (i, j, k) in enumerate(combinations(range(5), 3)):
        out[row] = b1[i] + b2[j] + b3[k]
    out.flags.writeable = False
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
    tb = np.asarray(triple_best)
    idx = board_triple_index(_n_from_triples(tb.shape[0]))
    out = np.empty(idx.shape[1], dtype=tb.dtype)
    step = 1 << 16
    for start in range(0, idx.shape[1], step):
        block = idx[:, start:start + step]
        o = out[start:start + step]
        o[:] = tb[block[0]]
        for row in block[1:]:
            np.maximum(o, tb[row], out=o)
    return out


def deck_boards(deck_cards: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """All five-card boards from ``deck_cards``, shape ``(C(n, 5), 5)``, in the order of the shared-board results.

    >>> deck_boards([7, 1, 2, 3, 4, 5]).tolist()[:2]
    [[1, 2, 3, 4, 5], [1, 2, 3, 4, 7]]
    """
    from omaha_learn.engine.evaluation.tables import colex_combinations

    d = np.asarray(_sorted_deck(deck_cards), dtype=np.int8)
    return d[colex_combinations(d.size, 5)]


def _boards(holes: npt.ArrayLike, deck_cards: npt.ArrayLike, low: bool) -> U16:
    h = np.asarray(holes)
    single = h.ndim == 1
    rows = _as_rows(h, "holes", (4, 5))
    out = [best_over_boards(pair_triple_strengths(r, deck_cards, low=low)) for r in rows]
    return out[0] if single else np.stack(out)


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
    from omaha_learn.engine.evaluation.tables import low_threshold

    threshold = low_threshold(qualifier)
    out = _boards(holes, deck_cards, low=True)
    out[out < threshold] = 0
    return out
