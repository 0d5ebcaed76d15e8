"""A batch of deals with numpy: the best high and low of many Omaha hands at once.

Strengths are the same numbers as :attr:`~omaha_learn.engine.evaluation.hands.HighHand.strength`
(``0 .. 7461``) and :attr:`~omaha_learn.engine.evaluation.hands.LowHand.strength`
(``1 .. 6175``; :func:`evaluate_low_many` gives ``0`` for no qualifying low), so they
compare directly with the one-hand path of :mod:`omaha_learn.engine.evaluation.hands`
(R2, R6-R10, R12).

On a five-card board a hole's best hand uses exactly two hole and three board cards
(R2, R10), so its best non-flush high (and its best low) is the best over its *pairs*
of one entry each in :func:`~omaha_learn.engine.evaluation.tables.board_pair_tables`,
indexed by the board's rank code and the pair's rank code
(:mod:`omaha_learn.engine.evaluation.keys`). Flushes need a suit with at least three
board cards and two hole cards of that suit: for those hands only, one lookup per
suited pair in :func:`~omaha_learn.engine.evaluation.tables.flush_pair_table`. That
is 6 lookups per four-card hand and half as many for the low (R8-R10), instead of 60
five-card evaluations: :func:`hand_strengths` (a hole per board, or one hole on every
board) and :func:`fixed_strengths` (every player's hole on every board at once).

:func:`evaluate_high_many` and :func:`evaluate_low_many` check their input and take
any deals: five-card boards go through :func:`hand_strengths`, flop and turn boards
(which have no board-by-pair table) through ``pair key + triple key`` lookups in
:func:`~omaha_learn.engine.evaluation.tables.key_tables`.

>>> from omaha_learn.engine.cards import parse_cards
>>> holes = np.array([parse_cards("Ac Kd Td 8h"), parse_cards("Th 9h 7c 6c")])
>>> boards = np.array([parse_cards("Kc 9c 6c 6h Qc"), parse_cards("Ks Kc Tc Td 5d")])
>>> evaluate_high_many(holes, boards).tolist()     # R3 two pair, R4 three tens
[4796, 5575]
>>> evaluate_high_many(holes, boards[:, :3]).tolist()   # on the flops
[3887, 4837]
>>> hi, lo = deal_strengths([parse_cards("Ac Kd Td 8h"), parse_cards("As 2d Ks Kh")], boards[:1])
>>> hi[:, 0].tolist()                                   # two players on the first board: R4 kings full
[4796, 7276]
>>> from omaha_learn.engine.evaluation.hands import best_high
>>> best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc").strength
4796
"""

from __future__ import annotations

import functools
from itertools import combinations

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import Card, CardError
from omaha_learn.engine.evaluation.keys import (
    CARD_WEIGHTS,
    FLUSH_OFFSET,
    N_PAIR_CODES,
    card_weights,
    key_codes,
    pair_codes_by_cards,
    rank_pair_codes,
    suited_set_codes,
)
from omaha_learn.engine.evaluation.tables import (
    board_pair_tables,
    colex_combinations,
    flush_pair_table,
    key_tables,
    low_threshold,
)
from omaha_learn.i18n import gettext as _

__all__ = [
    "BoardInfo",
    "board_info",
    "hand_strengths",
    "fixed_strengths",
    "deal_strengths",
    "evaluate_high_many",
    "evaluate_low_many",
    "evaluate_high_low_many",
    "subset_keys",
    "card_rows",
    "check_distinct",
]

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]
Ints = npt.NDArray[np.intp]

_CHUNK = 16384  # rows per block in evaluate_*_many (keeps temporaries in cache)


# ------------------------------------------------------------ five-card boards

@functools.cache
def _flush_suit_lookup() -> npt.NDArray[np.int8]:
    """Suit with three or more cards, or -1, by ``sum(8 ** suit)`` over five cards."""
    out = np.full(8**4, -1, dtype=np.int8)
    for packed in range(8**4):
        counts = [(packed >> (3 * s)) & 7 for s in range(4)]
        for s, n in enumerate(counts):
            if n >= 3:
                out[packed] = s
    return out


# Per card, two numbers whose sums over a board say all BoardInfo needs (cards differ, so no
# field overflows into the next): the rank key << 12 | 8 ** suit (suit counts in octal digits),
# and the card's bit in a 52-bit mask of 13 ranks per suit.
_KEY_AND_SUITS = np.array([(CARD_WEIGHTS[c] << 12) | 8 ** (c & 3) for c in range(52)], dtype=np.int64)
_SUIT_RANKS = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)


class BoardInfo:
    """What the hand lookups need from ``m`` five-card boards: the row offset of each
    board in the board-by-pair tables, and for boards with a flush suit (three or more
    cards of one suit) that suit and the row of its ranks in the flush table."""

    __slots__ = ("base", "flush_rows", "flush_suit", "flush_base", "size")

    def __init__(self, boards: Ints) -> None:
        b = np.asarray(boards, dtype=np.intp)
        cols = [b[:, j] for j in range(5)]
        both = _KEY_AND_SUITS[cols[0]]
        masks = _SUIT_RANKS[cols[0]]
        for c in cols[1:]:
            both += _KEY_AND_SUITS[c]
            masks += _SUIT_RANKS[c]
        self.size = b.shape[0]
        self.base: Ints = key_codes(5)[both >> 12].astype(np.intp) * N_PAIR_CODES
        suit = _flush_suit_lookup()[both & 4095]
        rows = np.flatnonzero(suit >= 0)
        self.flush_rows: Ints = rows
        fs = suit[rows].astype(np.intp)
        self.flush_suit: Ints = fs
        ranks = (masks[rows] >> (13 * fs)) & 8191
        self.flush_base: Ints = suited_set_codes()[ranks].astype(np.intp) * 78


def board_info(boards: npt.ArrayLike) -> BoardInfo:
    """:class:`BoardInfo` of ``boards`` (card indices, shape ``(m, 5)``), computed once for every hand."""
    return BoardInfo(np.asarray(boards, dtype=np.intp))


@functools.cache
def _pairs(h: int) -> tuple[tuple[int, int], ...]:
    return tuple(combinations(range(h), 2))


@functools.cache
def _packed_pair_table() -> npt.NDArray[np.uint32]:
    """The board-by-pair high and low tables in one: ``high | low << 16`` (read as two uint16 lanes)."""
    bph, bpl = board_pair_tables()
    first, second = (bph, bpl) if np.little_endian else (bpl, bph)
    both: npt.NDArray[np.uint32] = (first.astype(np.uint32) | (second.astype(np.uint32) << np.uint32(16))).ravel()
    return both


def _fixed_rows(hole: tuple[int, ...], low: bool) -> tuple[U16, U16 | None]:
    """Best non-flush high (and low) of one hole on every board code: one row per hole."""
    bph, bpl = board_pair_tables()
    pc = pair_codes_by_cards()
    codes = [int(pc[52 * hole[i] + hole[j]]) for i, j in _pairs(len(hole))]
    hi = bph[:, codes].max(axis=1)
    lo = bpl[:, codes].max(axis=1) if low else None
    return hi, lo


def hand_strengths(hole: npt.ArrayLike, info: BoardInfo, *, low: bool = True) -> tuple[U16, U16 | None]:
    """Best high and unqualified low (``None`` unless ``low``) of a hole on each board of ``info``.

    ``hole`` is one hole, shape ``(h,)`` with ``h`` 4 or 5 (the same on every board),
    or one per board, shape ``(m, h)``. Cards must not repeat between a hole and its board.
    """
    hole_a = np.asarray(hole, dtype=np.intp)
    m = info.size
    h = hole_a.shape[-1]
    pairs = _pairs(h)
    bph, bpl = board_pair_tables()
    fph, fpl = bph.ravel(), bpl.ravel()
    hi: U16
    lo: U16 | None = None
    if hole_a.ndim == 1:
        if m > 2000:
            row_hi, row_lo = _fixed_rows(tuple(int(c) for c in hole_a), low)
            code = info.base // N_PAIR_CODES
            hi = row_hi[code]
            lo = row_lo[code] if row_lo is not None else None
        else:
            pc = pair_codes_by_cards()
            codes = [int(pc[52 * int(hole_a[i]) + int(hole_a[j])]) for i, j in pairs]
            hi = fph[info.base + codes[0]]
            lo = fpl[info.base + codes[0]] if low else None
            for c in codes[1:]:
                np.maximum(hi, fph[info.base + c], out=hi)
                if lo is not None:
                    np.maximum(lo, fpl[info.base + c], out=lo)
    else:
        pc = pair_codes_by_cards()
        idx = np.empty(m, dtype=np.intp)
        code = np.empty(m, dtype=np.int16)
        cols = [np.ascontiguousarray(hole_a[:, i]) for i in range(h)]
        scaled = [c * 52 for c in cols]
        if low:
            # High and low in one gather: a uint32 holds both, maxima taken lane by lane.
            both = _packed_pair_table()
            best = np.zeros(m, dtype=np.uint32)
            got = np.empty(m, dtype=np.uint32)
            lanes, got_lanes = best.view(np.uint16), got.view(np.uint16)
            for i, j in pairs:
                np.add(scaled[i], cols[j], out=idx)
                np.take(pc, idx, out=code)
                np.add(code, info.base, out=idx)
                np.take(both, idx, out=got)
                np.maximum(lanes, got_lanes, out=lanes)
            pair_view = lanes.reshape(m, 2)
            hi = np.ascontiguousarray(pair_view[:, 0])
            lo = np.ascontiguousarray(pair_view[:, 1])
        else:
            hi = np.zeros(m, dtype=np.uint16)
            got16 = np.empty(m, dtype=np.uint16)
            for i, j in pairs:
                np.add(scaled[i], cols[j], out=idx)
                np.take(pc, idx, out=code)
                np.add(code, info.base, out=idx)
                np.take(fph, idx, out=got16)
                np.maximum(hi, got16, out=hi)
    rows = info.flush_rows
    if rows.size:
        _add_flushes(hole_a, info, hi)
    return hi, lo


@functools.cache
def _pair_card_indices(h: int) -> tuple[Ints, Ints]:
    """First and second card of each pair of a hole of ``h`` cards, as index arrays."""
    pairs = _pairs(h)
    return np.array([i for i, _ in pairs], dtype=np.intp), np.array([j for _, j in pairs], dtype=np.intp)


def _add_flushes(hole: Ints, info: BoardInfo, hi: U16) -> None:
    """Raise ``hi`` to the best flush where the hole has two cards of the board's flush suit."""
    rows = info.flush_rows
    fs = info.flush_suit
    cards = hole[None, :] if hole.ndim == 1 else hole[rows]
    suited = (cards & 3) == fs[:, None]
    two = np.flatnonzero(np.count_nonzero(suited, axis=1) >= 2)
    if not two.size:
        return
    if hole.ndim == 1:
        cards = np.broadcast_to(cards, (two.size, cards.shape[1]))
    else:
        cards = cards[two]
    suited = suited[two]
    ranks = cards >> 2
    a, b = _pair_card_indices(cards.shape[1])
    # every pair at once: (hands, pairs) lookups, unsuited pairs read as 0
    idx = rank_pair_codes()[13 * ranks[:, a] + ranks[:, b]].astype(np.intp)
    idx += info.flush_base[two][:, None]
    v = flush_pair_table().ravel()[idx]
    v[~(suited[:, a] & suited[:, b])] = 0
    best = v.max(axis=1)
    where = rows[two]
    hi[where] = np.maximum(hi[where], best)


def fixed_strengths(holes: npt.ArrayLike, info: BoardInfo, *, low: bool = True) -> tuple[U16, U16 | None]:
    """Best high and unqualified low of ``P`` fixed holes (``(P, h)``) on each board of ``info``,
    shape ``(P, m)``: every player at once, a dozen numpy calls (for small exact spots)."""
    h = np.asarray(holes, dtype=np.intp)
    players, size = h.shape
    a, b = _pair_card_indices(size)
    codes = pair_codes_by_cards()[52 * h[:, a] + h[:, b]].astype(np.intp)      # (P, pairs)
    idx = info.base[None, None, :] + codes[:, :, None]                         # (P, pairs, m)
    bph, bpl = board_pair_tables()
    hi: U16 = bph.ravel()[idx].max(axis=1)
    lo: U16 | None = bpl.ravel()[idx].max(axis=1) if low else None
    rows = info.flush_rows
    if rows.size:
        suit = h & 3
        rank = h >> 2
        both = (suit[:, a] == suit[:, b])[:, :, None] & (suit[:, a, None] == info.flush_suit[None, None, :])
        rp = rank_pair_codes()[13 * rank[:, a] + rank[:, b]].astype(np.intp)
        v = flush_pair_table().ravel()[info.flush_base[None, None, :] + np.maximum(rp, 0)[:, :, None]]
        best = np.where(both, v, np.uint16(0)).max(axis=1)                     # (P, flush boards)
        hi[:, rows] = np.maximum(hi[:, rows], best)
    return hi, lo


def deal_strengths(holes: npt.ArrayLike, boards: npt.ArrayLike, *, low: bool = True
                   ) -> tuple[U16, U16 | None]:
    """Best high and unqualified low of ``P`` holes on ``m`` boards: arrays of shape ``(P, m)``.

    ``holes`` is ``(P, h)`` (each hole on every board) or ``(P, m, h)`` (a hole per board);
    ``boards`` is ``(m, 5)`` card indices. Low strengths are unqualified: compare them
    with :func:`~omaha_learn.engine.evaluation.tables.low_threshold`.
    """
    info = board_info(boards)
    h = np.asarray(holes, dtype=np.intp)
    his, los = [], []
    for p in range(h.shape[0]):
        hi, lo = hand_strengths(h[p], info, low=low)
        his.append(hi)
        los.append(lo)
    return np.stack(his), (np.stack(los) if low else None)  # type: ignore[arg-type]


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

def card_rows(cards: npt.ArrayLike, what: str, widths: tuple[int, ...]) -> Ints:
    """``cards`` as an ``(N, width)`` array of card indices, ``width`` one of ``widths``
    (one row may be given flat); :class:`~omaha_learn.errors.CardError` naming ``what``,
    the row and the column of anything else.

    >>> card_rows([0, 1, 2, 3], "hole", (4, 5)).tolist()
    [[0, 1, 2, 3]]
    """
    try:
        a = np.asarray(cards)
    except (ValueError, TypeError) as exc:
        raise CardError(_("{what}: not a rectangular array of card indices ({exc})").format(what=what, exc=exc)) from None
    if a.ndim == 1 and a.shape[0] in widths:
        a = a[None, :]
    if a.ndim != 2 or a.shape[1] not in widths:
        if len(widths) == 1:
            message = _("{what}: expected shape (N, {first}), got {shape}")
        elif len(widths) == 2:
            message = _("{what}: expected shape (N, {first} or {last}), got {shape}")
        else:
            message = _("{what}: expected shape (N, {first} or {second} or {last}), got {shape}")
        raise CardError(message.format(what=what, first=widths[0], second=widths[1 % len(widths)], last=widths[-1],
                                       shape=a.shape))
    if a.size and not np.issubdtype(a.dtype, np.integer):
        raise CardError(_("{what}: card indices must be integers 0-51, got dtype {dtype}").format(what=what, dtype=a.dtype))
    a = a.astype(np.intp, copy=False)
    bad = (a < 0) | (a > 51)
    if bad.any():
        row, col = map(int, np.argwhere(bad)[0])
        raise CardError(_("{what}: {a} at row {row}, column {col} is not a card index 0-51").format(what=what, a=int(a[row, col]), row=row, col=col),
                        token=str(int(a[row, col])), position=row)
    return a


def check_distinct(rows: Ints, what: str) -> None:
    """:class:`~omaha_learn.errors.CardError` naming the card and the row when a row of
    ``rows`` (card indices) holds a card twice."""
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
        card = Card(int(s[row, 1:][s[row, 1:] == s[row, :-1]][0]))
        raise CardError(_("{what}: card '{card}' appears twice in row {row}").format(what=what, card=card, row=row), token=str(card), position=row)


def _deal_arrays(holes: npt.ArrayLike, boards: npt.ArrayLike) -> tuple[Ints, Ints]:
    h = card_rows(holes, "holes", (4, 5))
    b = card_rows(boards, "boards", (3, 4, 5))
    if h.shape[0] != b.shape[0]:
        raise CardError(_("holes has {shape} rows but boards has {shape2}: one board per hole").format(shape=h.shape[0], shape2=b.shape[0]))
    check_distinct(np.concatenate([h, b], axis=1), "holes and boards")
    return h, b


# ----------------------------------------------------------------- any deals

def _many(h: Ints, b: Ints, high: bool) -> U16:
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


def _many_high_low(h: Ints, b: Ints) -> tuple[U16, U16]:
    """:func:`_many`'s high and unqualified low together: the boards read once, each hand's pairs looked up once."""
    n = h.shape[0]
    hi_out = np.zeros(n, dtype=np.uint16)
    lo_out = np.zeros(n, dtype=np.uint16)
    hi_t, lo_t = key_tables()
    for start in range(0, n, _CHUNK):
        hs, bs = h[start:start + _CHUNK], b[start:start + _CHUNK]
        end = start + hs.shape[0]
        if bs.shape[1] == 5:
            hi, lo = hand_strengths(hs, board_info(bs), low=True)
            assert lo is not None
            hi_out[start:end], lo_out[start:end] = hi, lo
            continue
        pk, ps = subset_keys(hs, 2, -1)
        tk, ts = subset_keys(bs, 3, -2)
        key = pk[:, :, None] + tk[:, None, :]
        lo_out[start:end] = lo_t[key].reshape(key.shape[0], -1).max(axis=1)
        key += np.where(ps[:, :, None] == ts[:, None, :], np.int32(FLUSH_OFFSET), np.int32(0))
        hi_out[start:end] = hi_t[key].reshape(key.shape[0], -1).max(axis=1)
    return hi_out, lo_out


def evaluate_high_low_many(holes: npt.ArrayLike, boards: npt.ArrayLike, qualifier: int | None = 8
                           ) -> tuple[U16, U16]:
    """:func:`evaluate_high_many` and :func:`evaluate_low_many` of the same deals at once (Omaha Hi-Lo's two
    halves, R11), checked once and looked up together: equal, row by row, to the two calls.

    >>> from omaha_learn.engine.cards import parse_cards
    >>> hi, lo = evaluate_high_low_many([parse_cards("As 2d Kc Kh")], [parse_cards("3c 5d 8h Qs Js")])
    >>> hi.tolist() == evaluate_high_many([parse_cards("As 2d Kc Kh")], [parse_cards("3c 5d 8h Qs Js")]).tolist()
    True
    >>> lo.tolist()
    [6153]
    """
    threshold = low_threshold(qualifier)
    h, b = _deal_arrays(holes, boards)
    hi, lo = _many_high_low(h, b)
    lo[lo < threshold] = 0
    return hi, lo


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

