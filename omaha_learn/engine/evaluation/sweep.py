"""An exhaustive sweep: known holes against every board that can still come.

Strengths are those of :mod:`omaha_learn.engine.evaluation.batch` and
:mod:`omaha_learn.engine.evaluation.hands` (R2, R6-R10, R12). Exact equity sweeps
every remaining board; how depends on how many there are.

* **Every five-card board from a deck** (no board dealt yet, ``C(n, 5)`` boards): the
  best of a hole's pairs with each three-card subset of the deck is computed once
  (:func:`triple_values`, ``C(n, 3)`` values), then each board takes the best of its
  ten triples (:func:`board_blocks`, eight gathers per board). Boards come in the colex
  order of :func:`omaha_learn.engine.evaluation.tables.colex_combinations`;
  :func:`deck_boards` lists them and :func:`evaluate_high_boards` /
  :func:`evaluate_low_boards` are the checked, public face of the sweep.
* **Every river of a turn** (at most 48 boards): :func:`turn_strengths`, one gather for
  every player on every river; rivers of one rank share their non-flush strengths.
* **The river** (one board): :func:`river_strengths`, a few list lookups per hole in
  plain Python.

The turn and the river have their own functions because at a few dozen boards numpy's
cost per call, not the work, sets the time. After the flop (two cards to come, at most
1,081 boards) the boards are listed and read by
:func:`omaha_learn.engine.evaluation.batch.fixed_strengths`, a batch of deals.

>>> from omaha_learn.engine.cards import parse_cards
>>> from omaha_learn.engine.evaluation.hands import best_high
>>> hole, deck = parse_cards("Ac Kd Td 8h"), range(12)     # every board of the twelve deuces, treys and fours
>>> highs = evaluate_high_boards(hole, deck)
>>> highs.shape, int(highs[-1]) == best_high(hole, deck_boards(deck)[-1].tolist()).strength
((792,), True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from omaha_learn.engine.cards import CardError
from omaha_learn.engine.evaluation.batch import card_rows, check_distinct, subset_keys
from omaha_learn.engine.evaluation.keys import (
    CARD_WEIGHTS,
    FLUSH_OFFSET,
    N_BOARD_CODES,
    N_PAIR_CODES,
    RANK_WEIGHTS,
    multisets,
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
    "evaluate_high_boards",
    "evaluate_low_boards",
    "pair_triple_strengths",
    "triple_values",
    "board_blocks",
    "boards_from_triples",
    "best_over_boards",
    "deck_boards",
    "turn_strengths",
    "river_strengths",
]

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]
Ints = npt.NDArray[np.intp]


@functools.cache
def _subsets(n: int, k: int) -> Ints:
    return colex_combinations(n, k).astype(np.intp)


@functools.cache
def _pairs(h: int) -> tuple[tuple[int, int], ...]:
    return tuple(combinations(range(h), 2))


# ------------------------------------------------------- every board of a deck

@functools.lru_cache(maxsize=64)
def _deck_triples(deck: tuple[int, ...]) -> tuple[I32, npt.NDArray[np.int8]]:
    return subset_keys(np.asarray(deck, dtype=np.intp), 3, -2)


def _sorted_deck(deck_cards: npt.ArrayLike) -> tuple[int, ...]:
    flat = np.asarray(deck_cards).ravel()
    d = card_rows(flat[None, :], "deck_cards", (flat.size,))[0]
    if d.size < 5:
        raise CardError(_("deck_cards: need at least 5 cards to make a board, got {size}").format(size=d.size))
    check_distinct(d[None, :], "deck_cards")
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
    hole_a = card_rows(hole, "hole", (4, 5))[0]
    deck = _sorted_deck(deck_cards)
    if set(hole_a.tolist()) & set(deck):
        raise CardError(_("hole cards must not be among deck_cards"))
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
    """All five-card boards from ``deck_cards``, shape ``(C(n, 5), 5)``, in the order of the sweep's results.

    >>> deck_boards([7, 1, 2, 3, 4, 5]).tolist()[:2]
    [[1, 2, 3, 4, 5], [1, 2, 3, 4, 7]]
    """
    d = np.asarray(_sorted_deck(deck_cards), dtype=np.int8)
    return d[colex_combinations(d.size, 5)]


def _boards(holes: npt.ArrayLike, deck_cards: npt.ArrayLike, low: bool) -> U16:
    h = np.asarray(holes)
    single = h.ndim == 1
    rows = card_rows(h, "holes", (4, 5))
    deck = _sorted_deck(deck_cards)
    for r in rows:
        if set(r.tolist()) & set(deck):
            raise CardError(_("hole cards must not be among deck_cards"))
    values = np.stack([triple_values(r, deck, low=low) for r in rows])
    out = boards_from_triples(values, len(deck))
    return out[0] if single else out


def evaluate_high_boards(holes: npt.ArrayLike, deck_cards: npt.ArrayLike) -> U16:
    """High strength of each hole against every five-card board from ``deck_cards``.

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


# ---------------------------------------------------------- the turn and the river

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
