"""Best high and low of many Omaha hands on five-card boards, a few lookups per hand.

A hole's best hand uses exactly two hole and three board cards (R2, R10), so
its best non-flush high (and its best low) is the best over its *pairs* of
one entry each in :func:`~omaha_learn.engine.evaluation.tables.board_pair_tables`,
indexed by the board's rank code and the pair's rank code
(:mod:`omaha_learn.engine.evaluation.keys`). Flushes need a suit with at
least three board cards and two hole cards of that suit: for those hands only,
one lookup per suited pair in :func:`~omaha_learn.engine.evaluation.tables.flush_pair_table`.

This is the kernel behind equity, :func:`evaluate_high_many` and the
starting-hand chart: 6 lookups per four-card hand and half (R8-R10) for the
low, instead of 60 five-card evaluations.

Small spots (known holes on a turn or river) have their own two functions,
where numpy's cost per call, not the work, is what counts:
:func:`river_strengths` (one board, plain Python) and :func:`turn_strengths`
(rivers of one rank share their non-flush strengths; flush rivers decided
from the turn's suit counts).

>>> import numpy as np
>>> from omaha_learn.engine.cards import parse_cards
>>> holes = np.array([parse_cards("Ac Kd Td 8h"), parse_cards("As 2d Kd Kh")])
>>> board = np.array(parse_cards("Kc 9c 6c 6h Qc"))
>>> hi, lo = deal_strengths(holes, np.broadcast_to(board, (1, 5)))
>>> hi[:, 0].tolist()                                  # R3: Ac Kd Td 8h has no flush: two pair; R4: kings full
[4796, 7276]
>>> from omaha_learn.engine.evaluation.hands import best_high
>>> best_high("As 2d Kd Kh", "Kc 9c 6c 6h Qc").strength
7276
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.evaluation.keys import (
    CARD_WEIGHTS,
    N_BOARD_CODES,
    N_PAIR_CODES,
    RANK_WEIGHTS,
    key_codes,
    multisets,
    pair_codes_by_cards,
    rank_pair_codes,
    suited_set_codes,
)
from omaha_learn.engine.evaluation.tables import board_pair_tables, flush_pair_table

__all__ = ["BoardInfo", "board_info", "deal_strengths", "fixed_strengths", "hand_strengths", "river_strengths",
           "turn_strengths"]

U16 = npt.NDArray[np.uint16]
Ints = npt.NDArray[np.intp]


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


# ------------------------------------------------------------ small spots

_RANK_BIT_PY = tuple(1 << (c >> 2) for c in range(52))
_FLUSH_ROW = 78  # entries in a row of the flush-pair table (rank pairs of different ranks)


@functools.cache
def _board_bases() -> dict[int, int]:
    """Row offset (board code times :data:`N_PAIR_CODES`) in the flat board-by-pair tables, by five-card key."""
    return {sum(RANK_WEIGHTS[r] for r in ms): i * N_PAIR_CODES for i, ms in enumerate(multisets(5))}


@functools.cache
def _suited_set_list() -> list[int]:
    """:func:`~omaha_learn.engine.evaluation.keys.suited_set_codes` as a list (Python indexing is faster)."""
    codes: list[int] = suited_set_codes().tolist()
    return codes


_FLUSH_START = N_BOARD_CODES * N_PAIR_CODES
"""Where the flush entries start in :func:`_small_spot_table`: a zero row (no flush), then a row of 78 per suited set."""


@functools.cache
def _small_spot_table() -> npt.NDArray[np.uint16]:
    """Shape ``(2, ...)``: the board-by-pair high (``[0]``) and low (``[1]``) tables flattened,
    then a row of zeros and the flush-pair table (zeros in the low half). One gather reads
    a hole's pairs and its suited pairs, both halves."""
    bph, bpl = board_pair_tables()
    flush = flush_pair_table()
    out = np.zeros((2, _FLUSH_START + (flush.shape[0] + 1) * flush.shape[1]), dtype=np.uint16)
    out[0, :_FLUSH_START] = bph.ravel()
    out[1, :_FLUSH_START] = bpl.ravel()
    out[0, _FLUSH_START + flush.shape[1]:] = flush.ravel()
    out.flags.writeable = False
    return out


@functools.cache
def _pair_lists() -> tuple[list[int], list[int]]:
    """:func:`~omaha_learn.engine.evaluation.keys.pair_codes_by_cards` and
    :func:`~omaha_learn.engine.evaluation.keys.rank_pair_codes` as lists (Python indexing is faster)."""
    return pair_codes_by_cards().tolist(), rank_pair_codes().tolist()


@functools.cache
def _pair_columns() -> Ints:
    """For :func:`turn_strengths`, by two cards ``52 * a + b``: their two columns as
    ``(offset, kind)``, shape ``(2704, 2, 2)``. First the pair's code (kind 0: added to the
    board code's row); then, for cards of one suit ``s``, their rank-pair code (kind ``1 + s``:
    added to that suit's flush row), else the pair's code again (kind 0: no maximum changes)."""
    pc = pair_codes_by_cards().astype(np.intp)
    rp = rank_pair_codes().astype(np.intp)
    a, b = np.divmod(np.arange(52 * 52), 52)
    same = (a & 3) == (b & 3)
    out = np.zeros((52 * 52, 2, 2), dtype=np.intp)
    out[:, 0, 0] = pc
    out[:, 1, 0] = np.where(same, rp[13 * (a >> 2) + (b >> 2)], pc)
    out[:, 1, 1] = np.where(same, 1 + (a & 3), 0)
    out.flags.writeable = False
    return out


def river_strengths(holes: Sequence[Sequence[int]], board: Sequence[int], *, low: bool = True
                    ) -> tuple[list[int], list[int] | None]:
    """Best high and unqualified low (``None`` unless ``low``) of each hole on one five-card
    ``board``: a few list lookups per hole, no numpy call per hole.

    >>> from omaha_learn.engine.cards import parse_cards
    >>> river_strengths([parse_cards("Ac Kd Td 8h"), parse_cards("As 2d Kd Kh")], parse_cards("Kc 9c 6c 6h Qc"),
    ...                 low=False)
    ([4796, 7276], None)
    """
    bph, bpl = board_pair_tables()
    code = _board_bases()[sum(CARD_WEIGHTS[c] for c in board)] // N_PAIR_CODES
    pc, rp = _pair_lists()
    pairs = _pairs(len(holes[0]))
    codes = [[pc[52 * h[i] + h[j]] for i, j in pairs] for h in holes]
    row: list[int] = bph[code].tolist()
    highs = [max(map(row.__getitem__, c)) for c in codes]
    lows: list[int] | None = None
    if low:
        row = bpl[code].tolist()
        lows = [max(map(row.__getitem__, c)) for c in codes]
    suits = sorted(c & 3 for c in board)
    suit = suits[2]  # the one suit that can have three of the five cards
    if suits.count(suit) >= 3:
        mask = sum(_RANK_BIT_PY[c] for c in board if c & 3 == suit)
        frow: list[int] = flush_pair_table()[_suited_set_list()[mask]].tolist()
        for i, h in enumerate(holes):
            ranks = [c >> 2 for c in h if c & 3 == suit]
            if len(ranks) >= 2:  # two hole cards of the suit: the best flush of any two of them
                best = max(frow[rp[13 * a + b]] for a, b in combinations(ranks, 2))
                highs[i] = max(highs[i], best)
    return highs, lows


def turn_strengths(holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int] = (), *,
                   low: bool = True) -> tuple[U16, list[int]]:
    """Best high and unqualified low of each hole on every river of a four-card ``board``
    (``dead`` cards out of the deck), grouped: ``(values, weights)``.

    ``values[0]`` holds the highs and ``values[1]`` (only when ``low``) the lows, shape
    ``(P, rows)``; row ``j`` stands for ``weights[j]`` rivers (0: none). The first 13 rows
    are the rivers, by rank, of the suits with at most one turn card: they make no flush
    board, or the same one, so their strengths depend on the rank alone. Then one row per
    river of a suit with two or more turn cards. At most one suit can flush; when the turn
    has three of it, every river's board is a flush board.

    One gather reads everything: each hole's pairs on its board code and its suited pairs
    on their suit's flush row of each river (:func:`_pair_columns`; the zero row where that
    suit makes no flush).

    >>> from omaha_learn.engine.cards import parse_cards
    >>> holes = [parse_cards("As Ah 2s 3h"), parse_cards("Kd Kc Qd Jc")]
    >>> values, weights = turn_strengths(holes, parse_cards("2c 7d 9s Qc"))
    >>> values.shape, sum(weights), weights[:13]      # 13 ranks, then the 9 clubs left
    ((2, 2, 22), 40, [2, 2, 3, 3, 3, 2, 3, 2, 3, 3, 2, 2, 1])
    """
    key = 0
    count = [0, 0, 0, 0]
    ranks = [0, 0, 0, 0]  # rank mask of the turn's cards of each suit
    for c in board:
        key += CARD_WEIGHTS[c]
        count[c & 3] += 1
        ranks[c & 3] |= _RANK_BIT_PY[c]
    flushy = [s for s in range(4) if count[s] >= 2]  # suits whose rivers make a flush board (or another one)
    used = {c for h in holes for c in h}.union(board, dead)
    weights = [4 - len(flushy)] * 13
    for c in used:
        if c & 3 not in flushy:
            weights[c >> 2] -= 1
    bases = _board_bases()
    rank_base = [bases.get(key + w, 0) for w in RANK_WEIGHTS]  # 0: a rank with none left (weight 0)
    pair_base = list(rank_base)  # per row: the board code's offset in the board-by-pair tables
    sets = _suited_set_list()
    suit_rows = []  # per suit in flushy: the flush-table offset of each of its rivers
    for s in flushy:
        cards = [4 * r + s for r in range(13) if 4 * r + s not in used]
        pair_base += [rank_base[c >> 2] for c in cards]
        suit_rows.append([_FLUSH_START + (sets[ranks[s] | _RANK_BIT_PY[c]] + 1) * _FLUSH_ROW for c in cards])
    rows = len(pair_base)
    weights += [1] * (rows - 13)
    row_bases = np.full((5, rows), _FLUSH_START, dtype=np.intp)  # per row: pairs' offset, then each suit's flush row
    row_bases[0] = pair_base
    done = 13
    for s, offsets in zip(flushy, suit_rows, strict=True):
        if count[s] >= 3:  # a flush board whatever the river: the turn's cards of the suit
            row_bases[1 + s, :13] = _FLUSH_START + (sets[ranks[s]] + 1) * _FLUSH_ROW
        row_bases[1 + s, done:done + len(offsets)] = offsets
        done += len(offsets)
    pairs = _pairs(len(holes[0]))
    two_cards = np.array([52 * h[i] + h[j] for h in holes for i, j in pairs], dtype=np.intp)
    col = _pair_columns().take(two_cards, axis=0).reshape(-1, 2)                   # (P * 2 * pairs, 2)
    idx = row_bases.take(col[:, 1], axis=0) + col[:, :1]                            # (P * 2 * pairs, rows)
    table = _small_spot_table()
    got = table.take(idx, axis=1) if low else table[0].take(idx)[None]             # (halves, P * 2 * pairs, rows)
    values: U16 = np.maximum.reduce(got.reshape(len(got), len(holes), 2 * len(pairs), rows), axis=2)
    return values, weights
