"""The public :func:`omaha_learn.equity`: range *text* is read here, at the edge, and the rules core
(:func:`omaha_learn.engine.equity.api.equity`) gets typed ranges.

A player's text that reads as four or five cards is a hand; any other text that
:func:`~omaha_learn.strategy.ranges.is_range_text` accepts (``"AA**ds"``, ``"15%"``,
``"AA**@50,KK**"``) is parsed once into a :class:`~omaha_learn.strategy.Range` for the
game (the Hi-Lo chart for ``"hilo"``, the PLO chart for ``"high"``). Calls with cards
only never load the range parser or the starting-hand chart.

>>> r = equity(["As Ah 2s 3h", "KK**ds"], board="Kc 7d 2h", game="hilo")   # exact: 299 hands x 820 boards
>>> r.exact, r.combos, f"{r[0].equity:.4f}"
(True, (None, 299), '0.3902')
>>> r = equity(["As Ah 2s 3h", "AA**"], game="plo", trials=20_000, seed=1)
>>> r.exact, r.combos[1], abs(r[0].equity - 0.5) < 0.1, r[0].stderr < 0.005
(False, 1035, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from omaha_learn.engine.cards import CardError, CardsLike
from omaha_learn.engine.equity import api
from omaha_learn.engine.equity.range_equity import HandRange
from omaha_learn.engine.equity.request import Progress, check_game, parse_text
from omaha_learn.engine.equity.result import EquityResult
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.i18n import gettext as _

__all__ = ["equity", "read_ranges"]


def _maybe_range(text: str) -> bool:
    """Whether ``text`` may be a range: it does not read as four or five different cards."""
    try:
        return len(parse_text(text)) not in (4, 5)
    except CardError:
        return True


def read_ranges(holes: Sequence[CardsLike | HandRange | None], game: str | Game = DEFAULT_GAME
                ) -> Sequence[CardsLike | HandRange | None]:
    """``holes`` with every range text parsed into a :class:`~omaha_learn.strategy.Range`
    (other entries as given; ``holes`` itself when it holds no range text).

    >>> read_ranges(["As Ah 2s 3h", "AA**ds"])[1].combos
    864
    """
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        return holes   # the core names the mistake
    if not any(type(h) is str and _maybe_range(h) for h in holes):
        return holes
    from omaha_learn.errors import RangeError
    from omaha_learn.strategy.ranges import is_range_text, parse_range

    chart_game = check_game(game)   # a five-card game has no ranges: parse_range names it
    out: list[CardsLike | HandRange | None] = []
    for i, h in enumerate(holes):
        if type(h) is str and _maybe_range(h) and is_range_text(h):
            try:
                out.append(parse_range(h, game=chart_game))
            except RangeError as exc:
                raise RangeError(_("player {value}'s range: {exc}").format(value=i + 1, exc=exc), exc.part, exc.position) from None
        else:
            out.append(h)
    return out


def equity(holes: Sequence[CardsLike | HandRange | str | None], board: CardsLike = (), dead: CardsLike = (), *,
           game: str | Game = DEFAULT_GAME, qualifier: int | None = 8, trials: int | None = None,
           seed: int | None = None, progress: Progress = None, threads: int | None = None) -> EquityResult:
    """Each player's share of the pot over every remaining board, or over ``trials`` random deals.

    ``holes`` lists 2 to 6 players: a hand of the game's hole cards (4; 5 in five-card PLO and Big O), ``None`` for a
    random hand (Monte Carlo only), or a range: text such as ``"AA**ds"`` or ``"15%"`` (read
    once by :func:`read_ranges`) or a :class:`~omaha_learn.strategy.Range`, a random hand from
    that range after card removal. Every other argument is the rules core's
    (:func:`omaha_learn.engine.equity.api.equity`): ``board`` 0, 3, 4 or 5 cards, ``dead``
    cards, ``game`` (default :data:`~omaha_learn.games.DEFAULT_GAME`, ``"hilo"``: ``qualifier`` 8, 9 or
    ``None``; ``"plo"`` or ``"high"``; ``"plo5"``; ``"bigo"``; ranges are four-card hands), ``trials`` and
    ``seed`` for Monte Carlo, ``progress`` and ``threads``.

    >>> r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    >>> r[0].equity_fraction, r.boards, r.exact
    (Fraction(1357, 1640), 820, True)
    >>> equity(["As Ah 2s 3h", "AA[**"])
    Traceback (most recent call last):
    ...
    omaha_learn.errors.RangeError: player 2's range: '[' at position 2: this '[' is never closed
    """
    return api.equity(read_ranges(holes, game), board, dead, game=game, qualifier=qualifier, trials=trials,
                      seed=seed, progress=progress, threads=threads)

