"""How often pots are scooped, split, quartered or have no low, by table size:
plain data a plot or a table can use (R11).

>>> low_possible_boards(3)
(3584, 22100)
>>> f = frequencies(players=(2, 3), trials=2_000, seed=1)
>>> [row["players"] for row in f.rows], f.columns[:3]
([2, 3], ('players', 'scoop', 'split'))
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import comb, prod, sqrt
from typing import Any

import numpy as np

from omaha_learn.engine.cards import CardsLike, format_cards, parse_cards
from omaha_learn.engine.equity.api import equity
from omaha_learn.engine.equity.request import MAX_EQUITY_PLAYERS
from omaha_learn.engine.equity.result import EquityResult
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.errors import EquityError
from omaha_learn.i18n import format_number, format_percent, ngettext, pgettext
from omaha_learn.i18n import gettext as _

__all__ = ["frequencies", "Frequencies", "low_possible_boards", "pot_rates"]


def low_possible_boards(cards: int = 5, qualifier: int = 8) -> tuple[int, int]:
    """``(boards on which a low can be made, all boards)`` of ``cards`` cards, exactly.

    A low needs three board cards of different ranks, none above the
    qualifier (R8, R10): that is the count of boards with at least three
    distinct ranks from ace to ``qualifier``.

    >>> n, total = low_possible_boards(5)
    >>> n, total, f"{n / total:.2%}"
    (1561728, 2598960, '60.09%')
    >>> f"{low_possible_boards(3)[0] / 22100:.2%}"
    '16.22%'
    """
    if not 3 <= cards <= 5:
        raise ValueError(f"cards: a board has 3, 4 or 5 cards, got {cards!r}")
    if not isinstance(qualifier, int) or not 5 <= qualifier <= 13:
        raise ValueError(f"qualifier: a rank from 5 to 13, got {qualifier!r}")
    low_ranks = set(range(qualifier))  # 0 = ace, 1 = deuce, ... qualifier - 1
    made = 0
    for ranks in itertools.combinations_with_replacement(range(13), cards):
        counts = {r: ranks.count(r) for r in set(ranks)}
        if max(counts.values()) > 4:
            continue
        if len(low_ranks & counts.keys()) >= 3:
            made += prod(comb(4, c) for c in counts.values())
    return made, comb(52, cards)


def pot_rates(result: EquityResult, hero: int | None = None) -> dict[str, float]:
    """Rates over the boards of one equity result: how the pot was divided.

    ``scoop``: one player took the whole pot; ``split``: the pot was divided;
    ``quartered``: someone took exactly a quarter; ``no_low``: no qualifying
    low. With ``hero`` (a player index) the rates are that player's instead,
    plus ``equity`` and ``no_low`` for the table.

    >>> r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s")
    >>> {k: round(v, 4) for k, v in pot_rates(r).items()}
    {'scoop': 0.8549, 'split': 0.1451, 'quartered': 0.0, 'no_low': 0.2561}
    """
    n = len(result)
    total = result.boards
    scoop = split = quartered = 0
    for code, c in result.counts.items():
        hm, lm = code >> n, code & ((1 << n) - 1)
        k, kl = bin(hm).count("1"), bin(lm).count("1")
        if k == 1 and (lm == 0 or lm == hm):
            scoop += c
        else:
            split += c
        shares = [((hm >> i) & 1) * (2 if not lm else 1) * 60 // k + (((lm >> i) & 1) * 60 // kl if kl else 0)
                  for i in range(n)]
        if any(s == 30 for s in shares):
            quartered += c
    out = {"scoop": scoop / total, "split": split / total, "quartered": quartered / total,
           "no_low": 1 - result.low_possible if result.game.has_low else 1.0}
    if hero is not None:
        p = result[hero]
        out = {"equity": p.equity, "scoop": p.scoop, "split": p.split, "quartered": p.quartered,
               "no_low": out["no_low"]}
    return out


@dataclass(frozen=True)
class Frequencies:
    """Rows of rates by number of players, with the standard error of the scoop rate.

    ``rows`` is a list of dicts (one per table size) with the keys in
    ``columns``; ``column(name)`` gives one column as a list, ready to plot.
    """

    rows: list[dict[str, Any]]
    columns: tuple[str, ...]
    hand: str | None
    game: str
    trials: int
    seed: int | None

    def column(self, name: str) -> list[Any]:
        if name not in self.columns:
            raise KeyError(f"no column {name!r}; columns are {', '.join(self.columns)}")
        return [row[name] for row in self.rows]

    def __str__(self) -> str:
        fields = {"hand": self.hand, "trials": format_number(self.trials), "seed": self.seed}
        if self.hand:
            head_line = ngettext("{hand} against random hands, {trials} deal per table size (seed {seed})",
                                 "{hand} against random hands, {trials} deals per table size (seed {seed})", self.trials)
        else:
            head_line = ngettext("random deals, {trials} deal per table size (seed {seed})",
                                 "random deals, {trials} deals per table size (seed {seed})", self.trials)
        lines = [head_line.format(**fields)]
        head = list(self.columns)
        lines.append("  ".join(f"{_column(h):>9}" for h in head))
        for row in self.rows:
            lines.append("  ".join(f"{row[h]:>9}" if h == "players" else f"{format_percent(row[h], 2):>9}"
                                   for h in head))
        return "\n".join(lines)


_COLUMNS = {"players": "players", "equity": "equity", "scoop": "scoop", "split": "split",
            "quartered": "quartered", "no_low": "no_low", "stderr": "stderr"}


def _column(name: str) -> str:
    """A column's title in the language in use (its key when it has none)."""
    return pgettext("column", _COLUMNS[name]) if name in _COLUMNS else name


def _column_names() -> None:  # pragma: no cover - never called: the column titles, for the catalogue
    pgettext("column", "players")
    pgettext("column", "no_low")
    pgettext("column", "stderr")


def frequencies(players: int | Iterable[int] = (2, 3, 4, 5, 6), hand: CardsLike | None = None, *,
                trials: int = 20_000, seed: int | None = 0, game: str | Game = DEFAULT_GAME, qualifier: int | None = 8,
                progress: Callable[[int, int], object] | None = None) -> Frequencies:
    """Scoop, split, quartered and no-low rates over random deals, by number of players.

    With ``hand`` the rates are that starting hand's against random hands
    (with its ``equity``); otherwise they describe the pot. Seeded Monte Carlo
    (``trials`` deals per table size; ``stderr`` is the scoop rate's).

    >>> f = frequencies(players=2, hand="As Ah Ks Kh", trials=4_000, seed=3, game="high")
    >>> row = f.rows[0]
    >>> abs(row["equity"] - 0.707) < 0.03, f.columns
    (True, ('players', 'equity', 'scoop', 'split', 'quartered', 'no_low', 'stderr'))
    """
    if isinstance(players, (int, np.integer)) and not isinstance(players, bool):
        sizes: Sequence[int] = [int(players)]
    elif isinstance(players, (list, tuple, range)) and players:
        sizes = list(players)
    else:
        raise EquityError(_("players: a table size from 2 to {max_equity_players} or a non-empty list of them, got {players!r}").format(max_equity_players=MAX_EQUITY_PLAYERS, players=players))
    for p in sizes:
        if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or not 2 <= p <= MAX_EQUITY_PLAYERS:
            raise EquityError(_("players: table sizes from 2 to {max_equity_players}, got {p!r}").format(max_equity_players=MAX_EQUITY_PLAYERS, p=p))
    sizes = [int(p) for p in sizes]
    hole = parse_cards(hand) if hand is not None else None
    rows: list[dict[str, Any]] = []
    done = 0
    for p in sizes:
        holes: list[CardsLike | None] = [hole] + [None] * (p - 1) if hole is not None else [None] * p

        def step(d: int, t: int, base: int = done) -> None:
            if progress is not None:
                progress(base + d, trials * len(sizes))

        r = equity(holes, game=game, qualifier=qualifier, trials=trials, seed=seed, progress=step)
        rates = pot_rates(r, 0 if hole is not None else None)
        s = rates["scoop"]
        rows.append({"players": p, **rates, "stderr": sqrt(s * (1 - s) / trials)})
        done += trials
    columns = tuple(rows[0].keys())
    return Frequencies(rows, columns, format_cards(hole) if hole else None, r.game, trials, seed)   # the game played
