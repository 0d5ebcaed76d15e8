"""Checking an equity request before any work: players, cards, board, game, qualifier,
trials, seed, threads and progress, each error naming the bad part.

>>> holes, board, dead, game = check_request(["As Ah 2s 3h", None], "4c 7d 9s", (), Game.HILO, 8, 1_000)
>>> holes[1], board, game.hole_cards
(None, (Card('4c'), Card('7d'), Card('9s')), 4)
>>> check_request(["As Ah 2s 3h 5d", None], "", (), Game.HILO, 8, 1_000)[3]     # five hole cards: Big O
<Game.BIGO: 'bigo'>
>>> check_trials(0)
Traceback (most recent call last):
...
omaha_learn.errors.EquityError: trials: a number of deals from 1 to 100,000,000, or None for exact, got 0
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import Card, CardError, CardsLike, format_cards, parse_cards
from omaha_learn.engine.games import HOLE_SIZES, Game
from omaha_learn.errors import EquityError, GameError
from omaha_learn.i18n import format_number, pgettext
from omaha_learn.i18n import gettext as _

__all__ = ["MAX_EQUITY_PLAYERS", "MAX_TRIALS", "Progress", "ProgressBar", "check_game", "check_progress",
           "check_request", "check_trials", "deck_left", "parse_text"]

MAX_EQUITY_PLAYERS = 6
"""The most players one equity calculation takes (a pot in 120 units splits evenly 1 to 6 ways);
a table seats more (:data:`omaha_learn.engine.games.MAX_PLAYERS`)."""
MAX_TRIALS = 100_000_000
"""The most deals one :func:`omaha_learn.equity` call samples (about a minute on two cores)."""

Progress = bool | Callable[[int, int], object] | None


def check_game(game: object) -> Game:
    """``game`` as a :class:`~omaha_learn.engine.games.Game`, or :class:`EquityError` naming it."""
    try:
        return Game.parse(game)
    except GameError as exc:
        raise EquityError(_("game: {game!r} is not a game ({exc})").format(game=game, exc=exc)) from None


def check_trials(trials: object, *, exact_allowed: bool = True) -> int | None:
    """``trials`` if it is None (exact, when allowed) or an int from 1 to :data:`MAX_TRIALS`."""
    if trials is None and exact_allowed:
        return None
    if (not isinstance(trials, (int, np.integer)) or isinstance(trials, bool)
            or not 1 <= trials <= MAX_TRIALS):
        if exact_allowed:
            message = _("trials: a number of deals from 1 to {max_trials}, or None for exact, got {trials!r}")
        else:
            message = _("trials: a number of deals from 1 to {max_trials}, got {trials!r}")
        raise EquityError(message.format(max_trials=format_number(MAX_TRIALS), trials=trials))
    return int(trials)


def check_progress(progress: object) -> Progress:
    """``progress`` if it is True, False, None or a callable(done, total)."""
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise EquityError(_("progress: True, False, None or a callable(done, total), got {progress!r}").format(progress=progress))
    return progress


@functools.lru_cache(maxsize=256)
def parse_text(text: str) -> tuple[Card, ...]:
    """:func:`~omaha_learn.engine.cards.parse_cards` of card text, remembered for the last 256
    texts: equity reads every hand through it, so a hand is parsed once however often it is asked about.

    >>> parse_text("As Kd 7h")
    (Card('As'), Card('Kd'), Card('7h'))
    """
    return parse_cards(text)


def _parse(cards: object, name: str) -> tuple[Card, ...]:
    if cards is None:
        raise CardError(_("{name}: no cards given (None); use () or '' for none").format(name=name))
    try:
        if isinstance(cards, str):
            return parse_text(cards)
        return parse_cards(cards)  # type: ignore[arg-type]
    except CardError as exc:
        raise CardError(f"{name}: {exc}", exc.token, exc.position) from None


def _dealt_twice(holes: list[tuple[Card, ...] | None], board: tuple[Card, ...], dead: tuple[Card, ...]) -> None:
    """Raise the :class:`CardError` naming the first card dealt twice, and where (holes, then board, then dead)."""
    where: dict[Card, str] = {}
    named = [(h, _("in player {player}'s hand").format(player=i + 1)) for i, h in enumerate(holes) if h is not None]
    for cards, name in named + [(board, _("on the board")), (dead, _("in the dead cards"))]:
        for c in cards:
            if c in where:
                raise CardError(_("card '{card}' is dealt twice: {first} and {second}").format(
                    card=c, first=where[c], second=name), token=str(c))
            where[c] = name


def check_request(holes: Sequence[CardsLike | None], board: CardsLike, dead: CardsLike, game: Game,
                  qualifier: int | None, trials: int | None
                  ) -> tuple[list[tuple[Card, ...] | None], tuple[Card, ...], tuple[Card, ...], Game]:
    """Check an equity request before any work: (parsed holes, board, dead cards, the game played), or
    the error naming the bad part. ``None`` in ``holes`` is a hand not known here (random, or a range's),
    dealt ``game.hole_cards`` cards. Known hands of five cards play ``game``'s five-card version and
    four cards its four-card one (:meth:`~omaha_learn.Game.with_hole_cards`): the hands say how many
    cards are dealt, ``game`` whether the pot splits with a low."""
    if isinstance(holes, (str, bytes)) or not isinstance(holes, (list, tuple)):
        raise EquityError(_("holes: give a list with one hand per player, e.g. ['As Ah 2s 3h', 'Kd Kc Qd Jc'], got {name}").format(name=type(holes).__name__))
    if game.has_low:
        arguments.qualifier(qualifier, "qualifier", EquityError)
    trials = check_trials(trials)
    holes = list(holes)
    if not 2 <= len(holes) <= MAX_EQUITY_PLAYERS:
        raise EquityError(_("holes: equity needs 2 to {max_equity_players} players, got {count}").format(max_equity_players=MAX_EQUITY_PLAYERS, count=len(holes)))
    parsed: list[tuple[Card, ...] | None] = []
    for i, h in enumerate(holes):
        if h is None:
            parsed.append(None)
            continue
        parsed.append(_parse(h, _("player {player}'s hand").format(player=i + 1)))
    sizes = {len(h) for h in parsed if h is not None}
    for i, h in enumerate(parsed):
        if h is not None and len(h) not in HOLE_SIZES:
            other = next(k for k in HOLE_SIZES if k != game.hole_cards)
            raise CardError(_("player {player}'s hand: Omaha needs {hole_cards} hole cards ({other} in {other_game}), "
                              "got {count} ({cards})").format(
                player=i + 1, hole_cards=game.hole_cards, other=other, other_game=game.with_hole_cards(other).local_label,
                count=len(h), cards=format_cards(h) or pgettext("no cards", "none")))
    if len(sizes) > 1:
        raise CardError(_("hole cards: every player needs the same number of cards ({label} deals {hole_cards})").format(label=game.local_label, hole_cards=game.hole_cards))
    if sizes:
        game = game.with_hole_cards(next(iter(sizes)))
    size = game.hole_cards
    seen = {c for h in parsed if h is not None for c in h}
    if len(seen) < size * (len(parsed) - parsed.count(None)):
        _dealt_twice(parsed, (), ())
    b = _parse(board, "board")
    d = () if isinstance(dead, tuple) and not dead else _parse(dead, "dead")
    if len(b) not in (0, 3, 4, 5):
        raise CardError(_("board: 0 (preflop), 3 (flop), 4 (turn) or 5 (river) cards, got {count} ({format_cards})").format(count=len(b), format_cards=format_cards(b)))
    if len(seen.union(b, d)) < len(seen) + len(b) + len(d):
        _dealt_twice(parsed, b, d)
    need = size * len(parsed) + 5 + len(d)
    if need > 52:
        raise EquityError(_("holes: {count} players with {size} cards, a board and {count2} dead cards need {need} cards; the deck has 52").format(count=len(parsed), size=size, count2=len(d), need=need))
    if trials is None and None in parsed:
        i = next(i for i, h in enumerate(parsed) if h is None)
        raise EquityError(_("player {player} holds a random hand (None): exact enumeration needs known hands; pass trials=N (and a seed) for a Monte Carlo estimate").format(player=i + 1))
    return parsed, b, d, game


def deck_left(holes: Sequence[tuple[Card, ...] | None], board: tuple[Card, ...], dead: tuple[Card, ...]
              ) -> npt.NDArray[np.intp]:
    """The cards not in ``holes``, on the ``board`` or ``dead``, in order.

    >>> deck_left([parse_text("As Ah 2s 3h"), None], parse_text("4c 7d 9s"), ()).size
    45
    """
    in_deck = np.ones(52, dtype=bool)
    in_deck[[int(c) for h in holes if h is not None for c in h] + [int(c) for c in board + dead]] = False
    return np.flatnonzero(in_deck)


class ProgressBar:
    """Progress as a callable(done, total): None, a user callable, or a text bar on stderr."""

    def __init__(self, progress: Progress) -> None:
        self.fn = progress if callable(progress) else None
        self.text = progress is True
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        if self.fn is not None:
            self.fn(done, total)
        if self.text:
            pct = 100 * done // max(total, 1)
            if pct != self.last:
                self.last = pct
                bar = "#" * (pct // 4)
                sys.stderr.write(f"\r[{bar:<25}] {pct:3d}% {done:,}/{total:,}")
                if done >= total:
                    sys.stderr.write("\n")
                sys.stderr.flush()
