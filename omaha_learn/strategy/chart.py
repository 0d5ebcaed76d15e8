"""The starting-hand chart: every one of the 16,432 suit-isomorphic four-card
classes, ranked, for Pot-Limit Omaha and for Omaha Hi-Lo.

Each row holds the class's equity against one random hand (``equity``, with
its standard error ``stderr``), its scoop rate and its shares of the high and
low halves (R11), its equity against five random hands (``equity6``, the
six-handed view), its ``rank`` (1 is best, by heads-up equity) and
``percentile`` (the share of all 270,725 hands it ranks above, in percent).
Both orders measure all-in equity before the flop (the share of the pot won if
nobody bets again): not position, implied or reverse implied odds, the
stack-to-pot ratio or what real opponents hold, so they rank raw strength, not
playability. ``rank6`` orders the classes six-handed; :meth:`StartingHands.compare`
prints the two orders side by side and :meth:`StartingHands.rank_shifts` finds the
classes they disagree on most.
The numbers are Monte Carlo estimates computed by ``scripts/build_chart.py``
and shipped in ``omaha_learn/data/starting_hands.npz``; ``chart.meta`` records
the command, date and trials.

>>> chart = starting_hands("hilo")
>>> row = chart.lookup("Ad Ac 2d 3c")          # any suits: the class of As Ah 3s 2h
>>> row.hand_text, row.combos, row.rank < 100, row.percentile > 99
('As Ah 3s 2h', 12, True, True)
>>> row == chart.lookup("As Ah 2h 3s")
True
>>> len(chart), len(chart.top(0.10)) < len(chart) // 5
(16432, True)
>>> chart[0].rank, chart[0].equity > chart[-1].equity
(1, True)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from omaha_learn import rendering
from omaha_learn.engine.cards import Card, CardsLike, format_cards
from omaha_learn.engine.games import Game
from omaha_learn.errors import ChartError, GameError, RangeError
from omaha_learn.i18n import format_number, format_percent, ngettext, pgettext
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.canonical import HANDS, canonical_key, class_label, hand_classes, rank_pattern, suit_pattern
from omaha_learn.strategy.range_set import Range

__all__ = ["starting_hands", "StartingHands", "ChartRow", "CHART_FILE", "CHART_HOLE_CARDS", "STATS", "ChartError",
           "share_slice", "percent_text"]

CHART_FILE = Path(__file__).resolve().parent.parent / "data" / "starting_hands.npz"
"""The shipped chart data (built by ``scripts/build_chart.py``)."""
CHART_HOLE_CARDS = 4
"""Hole cards of the hands the chart ranks: it covers the four-card games (PLO, Omaha Hi-Lo)."""

STATS = ("equity", "scoop", "high", "low", "equity6", "scoop6")
"""Statistics stored per class and game, each with a standard error (``<name>_se``)."""



@dataclass(frozen=True)
class ChartRow:
    """One class of the chart. Rates are fractions (0..1); ``*_stderr`` their standard errors.

    ``hand`` is the canonical hand (high to low, suits relabelled spades first);
    ``combos`` how many concrete hands the class holds; ``trials`` and
    ``trials6`` the deals simulated heads-up and six-handed.
    """

    game: str
    index: int
    hand: tuple[Card, ...]
    combos: int
    equity: float
    stderr: float
    scoop: float
    scoop_stderr: float
    high: float
    high_stderr: float
    low: float
    low_stderr: float
    equity6: float
    equity6_stderr: float
    scoop6: float
    scoop6_stderr: float
    trials: int
    trials6: int
    rank: int
    percentile: float
    top: float
    rank6: int

    @property
    def hand_text(self) -> str:
        return format_cards(self.hand)

    @property
    def label(self) -> str:
        """The class named with its suited cards, e.g. ``"AA32 ss (A3 suited)"``
        (see :func:`~omaha_learn.strategy.canonical.class_label`)."""
        return class_label(self.hand)

    @property
    def ranks(self) -> str:
        """Rank pattern, e.g. ``"AA32"``."""
        return rank_pattern(self.hand)

    @property
    def suits(self) -> str:
        """Suit pattern: ``"ds"``, ``"ss"``, ``"r"``, ``"3s"`` or ``"4s"``."""
        return suit_pattern(self.hand)

    def __str__(self) -> str:
        return _("{hand}: rank {rank} of {classes} (top {top} of hands), equity {equity} ± {err} heads-up, "
                 "{equity6} six-handed (rank {rank6})").format(
            hand=self.hand_text, rank=format_number(self.rank), classes=format_number(16_432),
            top=percent_text(self.top), equity=format_percent(self.equity, 2), err=format_percent(self.stderr, 2),
            equity6=format_percent(self.equity6, 2), rank6=format_number(self.rank6))


def _share_g(share: float) -> str:
    """A chosen share (0.15, 0.125) as the percentage it was given as: 15%, 12.5% (12,5 % in Russian)."""
    text = f"{100 * share:g}"
    if "e" in text:
        return text + "%"
    return format_percent(share, len(text.partition(".")[2]))


def _columns() -> dict[str, str]:
    """The text chart's column titles in the language in use."""
    return {"rank": pgettext("chart column", "rank"), "hand": pgettext("chart column", "hand"),
            "combos": pgettext("chart column", "combos"), "equity": pgettext("chart column", "equity"),
            "scoop": pgettext("chart column", "scoop"), "six-handed": pgettext("chart column", "six-handed"),
            "6h rank": pgettext("chart column", "6h rank"), "hu rank": pgettext("chart column", "hu rank"),
            "class": pgettext("chart column", "class")}


def percent_text(share: float) -> str:
    """``share`` (0..1) as a percentage with two decimals, or with enough digits not to
    read as 0.00% or 100.00% when it is neither.

    >>> percent_text(0.1234), percent_text(6 / 270_725), percent_text(1 - 6 / 270_725), percent_text(1.0)
    ('12.34%', '0.0022%', '99.9978%', '100.00%')
    """
    pct = 100 * share
    digits = 2
    while digits < 8 and 0 < pct < 100 and (round(pct, digits) == 0 or round(pct, digits) == 100):
        digits += 1
    if digits > 2:
        digits += 1
    return format_percent(share, digits)


@functools.cache
def _class_suit_patterns() -> npt.NDArray[np.str_]:
    """The suit pattern of every class, by class index (computed once)."""
    return np.array([suit_pattern(tuple(Card(int(c)) for c in h)) for h in hand_classes().hands])


@functools.cache
def _class_rank_patterns() -> tuple[str, ...]:
    """The rank pattern of every class, by class index (computed once)."""
    return tuple(rank_pattern(tuple(Card(int(c)) for c in h)) for h in hand_classes().hands)


@dataclass(frozen=True)
class _Data:
    game: str
    meta: dict[str, Any]
    stats: dict[str, npt.NDArray[np.float64]]
    trials: npt.NDArray[np.int64]
    trials6: npt.NDArray[np.int64]
    rank: npt.NDArray[np.int64]      # rank[k]: 1-based rank of class k
    order: npt.NDArray[np.int64]     # order[r]: class at rank r+1
    order6: npt.NDArray[np.int64]    # by six-handed equity
    rank6: npt.NDArray[np.int64]     # rank6[k]: 1-based rank of class k by six-handed equity
    above: npt.NDArray[np.float64]   # combos of classes ranked strictly above class k


class StartingHands(Sequence[ChartRow]):
    """The chart of one game (or a filtered part of it): a sequence of :class:`ChartRow`, best first.

    ``lookup(hand)`` finds any concrete hand's row; ``top(0.10)`` the classes
    holding the best 10% of hands; ``filter(pred)`` and ``sorted(key)`` make
    sub-charts; ``combos`` counts concrete hands; ``range()`` turns it into a
    :class:`~omaha_learn.strategy.ranges.Range`. In a notebook it draws itself.
    """

    def __init__(self, data: _Data | str | Game, classes: npt.NDArray[np.int64] | None = None, title: str = "", *,
                 six_handed_order: bool = False) -> None:
        self.six_handed_order = six_handed_order
        """Whether the classes are in six-handed order (:meth:`six_handed`): the display puts its columns first."""
        # StartingHands("hilo") is starting_hands("hilo")
        loaded: _Data = data if isinstance(data, _Data) else starting_hands(data).data
        if classes is not None and not isinstance(classes, np.ndarray):
            raise RangeError(_("classes: an array of class indices, got {name}").format(name=type(classes).__name__))
        self._data = loaded
        data = loaded
        self._classes = data.order if classes is None else np.asarray(classes, dtype=np.int64)
        self.title = title or _("{game}: starting hands").format(game=Game(data.game).label)

    @property
    def data(self) -> _Data:
        """The loaded chart file this view reads."""
        return self._data

    @property
    def game(self) -> str:
        return self._data.game

    @property
    def meta(self) -> dict[str, Any]:
        """How the data was made: command, date, seed, trials, engine."""
        return dict(self._data.meta)

    @property
    def classes(self) -> npt.NDArray[np.int64]:
        """Class numbers (see :func:`~omaha_learn.strategy.canonical.hand_classes`) in display order."""
        return self._classes

    @property
    def combos(self) -> int:
        return int(hand_classes().combos[self._classes].sum())

    def row(self, k: int) -> ChartRow:
        """The row of class number ``k``."""
        d = self._data
        s = d.stats
        combos = int(hand_classes().combos[k])
        return ChartRow(
            game=d.game, index=int(k), hand=tuple(Card(int(c)) for c in hand_classes().hands[k]),
            combos=combos,
            equity=float(s["equity"][k]), stderr=float(s["equity_se"][k]),
            scoop=float(s["scoop"][k]), scoop_stderr=float(s["scoop_se"][k]),
            high=float(s["high"][k]), high_stderr=float(s["high_se"][k]),
            low=float(s["low"][k]), low_stderr=float(s["low_se"][k]),
            equity6=float(s["equity6"][k]), equity6_stderr=float(s["equity6_se"][k]),
            scoop6=float(s["scoop6"][k]), scoop6_stderr=float(s["scoop6_se"][k]),
            trials=int(d.trials[k]), trials6=int(d.trials6[k]), rank=int(d.rank[k]),
            percentile=float(100.0 * (HANDS - d.above[k] - combos) / HANDS),
            top=float((d.above[k] + combos) / HANDS), rank6=int(d.rank6[k]))

    def lookup(self, hand: CardsLike) -> ChartRow:
        """The row of ``hand``'s class, whatever its suits (raises :class:`CardError` on bad cards)."""
        return self.row(hand_classes().index_of_key(canonical_key(hand)))

    def __len__(self) -> int:
        return int(len(self._classes))

    @overload
    def __getitem__(self, i: int) -> ChartRow: ...
    @overload
    def __getitem__(self, i: slice) -> StartingHands: ...

    def __getitem__(self, i: int | slice) -> ChartRow | StartingHands:
        if isinstance(i, slice):
            return StartingHands(self._data, self._classes[i], self.title, six_handed_order=self.six_handed_order)
        return self.row(int(self._classes[i]))

    def __iter__(self) -> Iterator[ChartRow]:
        for k in self._classes:
            yield self.row(int(k))

    def top(self, share: float, *, six_handed: bool = False) -> StartingHands:
        """The best classes holding ``share`` (0..1) of all 270,725 hands, best first.

        The class that crosses the line is included (as ProPokerTools does for ``15%``).
        """
        if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share <= 1:
            raise ChartError(_("share: a fraction of all hands between 0 and 1 (0.10 for the top 10%), got {share!r}").format(share=share))
        chosen = share_slice(self.order(six_handed=six_handed), 0.0, share)
        keep = np.isin(self._classes, chosen)
        title = (_("{game}: top {share} of hands (six-handed)") if six_handed
                 else _("{game}: top {share} of hands (heads-up)")).format(game=Game(self.game).label,
                                                                          share=_share_g(share))
        return StartingHands(self._data, self._classes[keep] if not six_handed else chosen[np.isin(chosen, self._classes)],
                             title)

    def order(self, *, six_handed: bool = False) -> npt.NDArray[np.int64]:
        """Every class number, best first (by heads-up equity, or six-handed)."""
        return self._data.order6 if six_handed else self._data.order

    def filter(self, predicate: Callable[[ChartRow], bool], title: str = "") -> StartingHands:
        """The rows for which ``predicate(row)`` is true, in the same order."""
        keep = [k for k in self._classes if predicate(self.row(int(k)))]
        return StartingHands(self._data, np.array(keep, dtype=np.int64), title or self.title)

    def sorted(self, key: Callable[[ChartRow], Any], reverse: bool = False, title: str = "") -> StartingHands:
        """The rows sorted by ``key(row)`` (stable)."""
        rows = sorted((self.row(int(k)) for k in self._classes), key=key, reverse=reverse)
        return StartingHands(self._data, np.array([r.index for r in rows], dtype=np.int64), title or self.title)

    def column(self, name: str) -> npt.NDArray[np.float64]:
        """One statistic (``"equity"``, ``"equity_se"``, ``"scoop"``, ... or ``"combos"``,
        ``"rank"``, ``"trials"``) for the rows in display order, as an array."""
        d = self._data
        if name == "combos":
            return hand_classes().combos[self._classes].astype(np.float64)
        if name in ("rank", "trials", "trials6"):
            return np.asarray(getattr(d, name)[self._classes], dtype=np.float64)
        if name not in d.stats:
            raise ChartError(_("column: {name!r} is not one of {join}, combos, rank, trials").format(name=name, join=', '.join(sorted(d.stats))))
        return d.stats[name][self._classes]

    def pattern_table(self, stat: str = "equity", *, top: int | None = None
                      ) -> tuple[list[str], list[str], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
        """Rank pattern × suit pattern: ``(rank_patterns, suit_patterns, values, combos)``.

        ``values[i, j]`` is the combo-weighted mean of ``stat`` over this chart's
        classes with rank pattern ``i`` (e.g. ``"AAKK"``) and suit pattern ``j``
        (``ds ss r 3s 4s``; NaN where none), ``combos[i, j]`` their hands. Rank
        patterns are ordered by their best value; ``top`` keeps the first ones.

        >>> ranks, suits, values, combos = starting_hands("plo").pattern_table(top=3)
        >>> ranks[0][:2], suits, int(combos.sum()) > 0
        ('AA', ['ds', 'ss', 'r', '3s', '4s'], True)
        """
        from omaha_learn.strategy.canonical import SUIT_PATTERNS

        suits = list(SUIT_PATTERNS)
        col = self.column(stat)
        weights = hand_classes().combos[self._classes]
        rank_patterns, suit_patterns = _class_rank_patterns(), _class_suit_patterns().tolist()
        rank_of: dict[str, int] = {}
        cells: dict[tuple[int, int], list[float]] = {}
        best: list[float] = []
        for k, v, w in zip(self._classes.tolist(), col.tolist(), weights.tolist(), strict=True):
            rp, sp = rank_patterns[k], suit_patterns[k]
            i = rank_of.setdefault(rp, len(rank_of))
            if i == len(best):
                best.append(v)
            best[i] = max(best[i], v)
            acc = cells.setdefault((i, suits.index(sp)), [0.0, 0.0])
            acc[0] += v * w
            acc[1] += w
        order = sorted(range(len(best)), key=lambda i: -best[i])[:top]
        names = {i: rp for rp, i in rank_of.items()}
        values = np.full((len(order), len(suits)), np.nan)
        combos = np.zeros((len(order), len(suits)), dtype=np.int64)
        for row, i in enumerate(order):
            for j in range(len(suits)):
                if (i, j) in cells:
                    total, w = cells[(i, j)]
                    values[row, j] = total / w
                    combos[row, j] = int(w)
        return [names[i] for i in order], suits, values, combos

    def suit_patterns(self) -> npt.NDArray[np.str_]:
        """Each row's suit pattern (``ds ss r 3s 4s``), in display order.

        >>> starting_hands("plo").suit_patterns()[:2].tolist()
        ['ds', 'ds']
        """
        return _class_suit_patterns()[self._classes]

    def mean_by_suits(self, stat: str = "equity") -> dict[str, float]:
        """The combo-weighted mean of ``stat`` for each suit pattern (``ds ss r 3s 4s``) among these classes.

        >>> means = starting_hands("plo").mean_by_suits()
        >>> list(means), means["ds"] > means["r"]
        (['ds', 'ss', 'r', '3s', '4s'], True)
        """
        from omaha_learn.strategy.canonical import SUIT_PATTERNS

        col, weights = self.column(stat), hand_classes().combos[self._classes].astype(np.float64)
        patterns = _class_suit_patterns()[self._classes]
        out: dict[str, float] = {}
        for s in SUIT_PATTERNS:
            w = weights[patterns == s]
            if w.sum():
                out[s] = float((col[patterns == s] * w).sum() / w.sum())
        return out

    def range(self) -> Range:
        """These classes as a :class:`~omaha_learn.strategy.ranges.Range` of concrete hands."""
        idx = np.flatnonzero(np.isin(hand_classes().class_of, self._classes)).astype(np.int64)
        return Range(self.title, idx, self.game)

    def __repr__(self) -> str:
        return f"<StartingHands {self.game}: {len(self):,} classes, {self.combos:,} hands>"

    def table(self, rows: int | None = 12) -> str:
        """The chart as text: a line per class, best first (``rows``: at most that many; None: all)."""
        c = _columns()
        lines = [self.title,
                 f"{c['rank']:>6}  {c['hand']:<12} {c['combos']:>6} {c['equity']:>8} {'±':>6} {c['scoop']:>7} "
                 f"{c['six-handed']:>10} {c['6h rank']:>7}"]
        shown = list(self) if rows is None or len(self) <= rows else list(self[:rows])
        for r in shown:
            lines.append(f"{format_number(r.rank):>6}  {r.hand_text:<12} {r.combos:>6} "
                         f"{format_percent(r.equity, 2):>8} {format_percent(r.stderr, 2):>6} "
                         f"{format_percent(r.scoop, 2):>7} {format_percent(r.equity6, 2):>10} "
                         f"{format_number(r.rank6):>7}")
        if len(shown) < len(self):
            more = len(self) - len(shown)
            lines.append(f"{'...':>6}  " + ngettext("({n} more)", "({n} more)", more).format(n=format_number(more)))
        lines.append(ngettext("{classes} classes, {hands} hands ({share} of all hands)",
                              "{classes} classes, {hands} hands ({share} of all hands)", len(self)).format(
            classes=format_number(len(self)), hands=format_number(self.combos),
            share=format_percent(self.combos / HANDS, 2)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        return rendering.html("chart", self)   # drawn by omaha_learn.display when it is there

    # ----------------------------------------------- heads-up and six-handed orders side by side
    def six_handed(self) -> StartingHands:
        """These classes in six-handed order (by equity against five random hands), best first.

        >>> six = starting_hands("plo").six_handed()
        >>> six[0].rank6, six[0].rank6 < six[1].rank6
        (1, True)
        """
        order = self._data.order6
        keep = order[np.isin(order, self._classes)]
        return StartingHands(self._data, keep, _("{title} (six-handed order)").format(title=self.title),
                             six_handed_order=True)

    def rank_shifts(self, *, within: int = 2000, limit: int = 10, direction: str = "both") -> StartingHands:
        """The classes whose heads-up and six-handed ranks differ most, as a chart.

        Only classes ranked in the best ``within`` of either order count (a hand
        moving from 14,000th to 12,000th matters to nobody). The shift is the
        ratio of the two ranks, so 100th -> 400th counts as much as 1,000th ->
        4,000th. ``direction``: ``"up"`` (better six-handed), ``"down"`` (worse),
        or ``"both"``. :meth:`compare` prints them side by side.

        >>> plo = starting_hands("plo")
        >>> up, down = plo.rank_shifts(limit=3, direction="up"), plo.rank_shifts(limit=3, direction="down")
        >>> all(r.rank6 < r.rank for r in up), all(r.rank6 > r.rank for r in down)
        (True, True)
        """
        if direction not in ("up", "down", "both"):
            raise ChartError(_("direction: 'up', 'down' or 'both', got {direction!r}").format(direction=direction))
        for name, value in (("within", within), ("limit", limit)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ChartError(_("{name}: a whole number 1 or more, got {value!r}").format(name=name, value=value))
        d = self._data
        k = self._classes
        rank, rank6 = d.rank[k].astype(np.float64), d.rank6[k].astype(np.float64)
        shift = np.log(rank / rank6)                   # > 0: better six-handed
        keep = (np.minimum(rank, rank6) <= within) & (
            shift > 0 if direction == "up" else shift < 0 if direction == "down" else shift != 0)
        chosen = np.flatnonzero(keep)
        chosen = chosen[np.lexsort((k[chosen], -np.abs(shift[chosen])))][:limit]
        title = {"up": _("{game}: ranks that better six-handed (best {within} of either order)"),
                 "down": _("{game}: ranks that worse six-handed (best {within} of either order)"),
                 "both": _("{game}: ranks that moved most (best {within} of either order)")}[direction]
        return StartingHands(d, k[chosen], title.format(game=Game(self.game).label, within=format_number(within)))

    def compare(self, rows: int = 10) -> str:
        """The heads-up and the six-handed orders side by side, as text: the first ``rows``
        classes of each, with each class's rank in the other order.

        >>> print(starting_hands("plo").compare(2))      # doctest: +ELLIPSIS
        Pot-Limit Omaha (high only): starting hands
        heads-up (against one random hand) ...six-handed (against five random hands)
        ...
        """
        if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
            raise ChartError(_("rows: a whole number 1 or more, got {rows!r}").format(rows=rows))
        left, right = list(self[:rows]), list(self.six_handed()[:rows])
        width = max(len(r.label) for r in left + right) + 2
        head_l = _("heads-up (against one random hand)")
        c = _columns()
        lines = [self.title,
                 f"{head_l:<{width + 26}}   " + _("six-handed (against five random hands)"),
                 f"{c['rank']:>5}  {c['class']:<{width}}{c['equity']:>7} {c['6h rank']:>8}   "
                 f"{c['rank']:>5}  {c['class']:<{width}}{c['equity']:>7} {c['hu rank']:>8}"]
        for a, b in zip(left, right, strict=False):
            lines.append(f"{format_number(a.rank):>5}  {a.label:<{width}}{format_percent(a.equity, 2):>7} "
                         f"{format_number(a.rank6):>8}   "
                         f"{format_number(b.rank6):>5}  {b.label:<{width}}{format_percent(b.equity6, 2):>7} "
                         f"{format_number(b.rank):>8}")
        return "\n".join(lines)


def share_slice(order: npt.NDArray[np.int64], lo: float, hi: float) -> npt.NDArray[np.int64]:
    """The classes of ``order`` (best first) from the share ``lo`` to ``hi`` (0..1) of all 270,725 hands.

    A class is taken when the hands ranked above it are at least ``lo`` and
    less than ``hi`` of all hands: the class crossing each line is in the
    slice below it, as ProPokerTools does for ``15%`` and ``5%-15%``. This is
    the one place the chart's ``top`` and the range language's ``%`` count shares.

    >>> order = starting_hands("plo").order()
    >>> len(share_slice(order, 0, 1)), len(share_slice(order, 0.05, 0.05))
    (16432, 0)
    """
    combos = hand_classes().combos[order]
    before = np.cumsum(combos) - combos
    return order[(before >= lo * HANDS) & (before < hi * HANDS)]


def _ranking(values: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    # best first; ties by class number (the canonical order), so the ranking is deterministic
    return np.lexsort((np.arange(len(values)), -values)).astype(np.int64)


@functools.cache
def _load(game: str, path: str) -> _Data:
    file = Path(path)
    if not file.is_file():
        raise ChartError(_("the chart data {file} is missing; build it with `python scripts/build_chart.py`").format(file=file))
    with np.load(file, allow_pickle=False) as z:
        meta = json.loads(str(z["meta"]))
        hands = z["hands"]
        if hands.shape != hand_classes().hands.shape or not np.array_equal(hands, hand_classes().hands):
            raise ChartError(_("{file}: its classes do not match this library's canonical classes; rebuild it").format(file=file))
        if f"{game}_equity" not in z.files:
            raise ChartError(_("{file}: no data for game {game!r}").format(file=file, game=game))
        stats = {}
        for name in STATS:
            for suffix in ("", "_se"):
                stats[name + suffix] = z[f"{game}_{name}{suffix}"].astype(np.float64)
        trials = z[f"{game}_trials"].astype(np.int64)
        trials6 = z[f"{game}_trials6"].astype(np.int64)
    order = _ranking(stats["equity"])
    rank = np.empty_like(order)
    rank[order] = np.arange(1, len(order) + 1)
    combos = hand_classes().combos
    cum = np.cumsum(combos[order]) - combos[order]
    above = np.empty(len(order), dtype=np.float64)
    above[order] = cum
    order6 = _ranking(stats["equity6"])
    rank6 = np.empty_like(order6)
    rank6[order6] = np.arange(1, len(order6) + 1)
    return _Data(game, meta, stats, trials, trials6, rank, order, order6, rank6, above)


def class_statistics(game: str, opponents: int, trials: int, seed: int,
                     hands: npt.NDArray[np.integer]) -> dict[str, npt.NDArray[np.float64]]:
    """One job of ``scripts/build_chart.py``: ``hands`` against ``opponents`` random hands, every chart
    statistic with its standard error, and the deals used (a library function, so the one process pool
    of :func:`omaha_learn.jobs.run_jobs` can load it in its workers)."""
    from omaha_learn.engine.equity.random_hands import against_random

    r = against_random(hands, opponents, game=game, trials=trials, seed=seed, threads=1)
    return {"equity": r.equity, "equity_se": r.stderr, "scoop": r.scoop, "scoop_se": r.scoop_stderr,
            "high": r.high, "high_se": r.high_stderr, "low": r.low, "low_se": r.low_stderr,
            "deals": r.deals.astype(np.float64)}


def starting_hands(game: str | Game = "hilo", *, path: str | Path | None = None) -> StartingHands:
    """The starting-hand chart of ``game`` (``"plo"`` or ``"hilo"``), loaded on first use; a five-card
    game has none (:class:`ChartError` naming it).

    >>> plo = starting_hands("plo")
    >>> best = plo[0]
    >>> best.ranks[:2], best.suits, best.rank      # double-suited aces lead
    ('AA', 'ds', 1)
    """
    try:
        g = Game.parse(game)
    except GameError as exc:
        raise GameError(_("game: {exc}").format(exc=exc)) from None
    if g.hole_cards != CHART_HOLE_CARDS:
        raise ChartError(_("game: the starting-hand chart covers four-card games; {label} has none").format(label=g.local_label))
    return StartingHands(_load(g.value, str(path or CHART_FILE)))
