"""Equity of Omaha hands: each player's expected share of the pot, with the
high and low halves, scoops, splits and quarterings (R2, R8-R12).

Exact by default: every remaining board is dealt once (1,086,008 boards
heads-up before the flop, in a few hundredths of a second). With
``trials=N`` a seeded Monte Carlo estimate with a standard error instead;
a player given as ``None`` holds a random hand (Monte Carlo only).

>>> r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
>>> r[0].equity_fraction, r.boards, r.exact
(Fraction(1357, 1640), 820, True)
>>> print(r)   # doctest: +NORMALIZE_WHITESPACE
Omaha Hi-Lo 8 or better, board 4c 7d 9s: 820 boards (exact)
player  hand         equity    high     low   scoop   split  quartered
1       As Ah 2s 3h  82.74%  75.49%  74.39%  75.49%  14.51%      0.00%
2       Kd Kc Qd Jc  17.26%  24.51%   0.00%  10.00%  14.51%      0.00%
a low is made on 74.39% of boards
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import CardsLike
from omaha_learn.engine.equity.exact import exact_boards, exact_counts, small_exact_counts
from omaha_learn.engine.equity.kernel import DealSpec, monte_carlo_counts
from omaha_learn.engine.equity.range_equity import HandRange, has_range, range_equity
from omaha_learn.engine.equity.request import (
    MAX_TRIALS,
    Progress,
    ProgressBar,
    check_game,
    check_progress,
    check_request,
    deck_left,
    parse_text,
)
from omaha_learn.engine.equity.result import GAMES, EquityResult, PlayerEquity, result_from_counts, tally_codes
from omaha_learn.engine.evaluation.tables import low_threshold
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.errors import EquityError

__all__ = ["equity", "sampled_counts", "EquityResult", "PlayerEquity", "EquityError", "tally_codes", "GAMES",
           "MAX_TRIALS", "exact_boards", "parse_text"]


def equity(holes: Sequence[CardsLike | HandRange | None], board: CardsLike = (), dead: CardsLike = (), *,
           game: str | Game = DEFAULT_GAME, qualifier: int | None = 8, trials: int | None = None,
           seed: int | None = None, progress: Progress = None, threads: int | None = None) -> EquityResult:
    """Each player's share of the pot over every remaining board, or over ``trials`` random deals.

    ``holes`` lists 2 to 6 hands of the game's hole cards (4; 5 in five-card PLO and Big O); ``None``
    is a random hand (Monte Carlo only); a typed range (a
    :class:`~omaha_learn.engine.equity.range_equity.HandRange` such as
    :class:`omaha_learn.strategy.Range`) is a random hand from that range (see
    :mod:`omaha_learn.engine.equity.range_equity`); range *text* such as ``"AA**ds"``
    or ``"15%"`` is read by the public :func:`omaha_learn.equity`. ``board`` has 0, 3, 4 or 5 cards;
    ``dead`` cards are out of the deck. ``game`` is a :class:`~omaha_learn.Game` or its name: the
    default :data:`~omaha_learn.games.DEFAULT_GAME` ``"hilo"`` (Omaha Hi-Lo, R11: halves, ``qualifier``
    8, 9 or ``None`` per R12), ``"plo"`` (also ``"high"``), ``"plo5"`` or ``"bigo"``; five-card hands
    play the game's five-card version (``"hilo"`` with five cards is Big O). ``trials`` is at most
    :data:`MAX_TRIALS` (100 million deals, about a minute); ``seed`` an int or
    ``None``. ``threads`` is how many cores Monte Carlo uses: that many
    worker processes (:mod:`~omaha_learn.jobs`, default every
    core; ``threads=1`` stays in this process); a seeded result is the same,
    bit for bit, for any count. Exact enumeration runs on one thread (the
    heads-up preflop, 1,086,008 boards, takes about 15 ms). ``progress`` is ``True`` for a bar on stderr or a
    ``callable(done, total)``.

    >>> r = equity(["As Ah Ks Kh", "Qd Jd Tc 9c"], board="2s 7h 8d Qh", game="high")
    >>> r[0].equity_fraction, r[1].win
    (Fraction(29, 40), 0.275)
    >>> r = equity(["As Ah Ks Kh", None], game="high", trials=20_000, seed=1)
    >>> abs(r[0].equity - 0.707) < 4 * r[0].stderr
    True
    >>> equity(["As Ah Ks Kh", "As 2d 3c 4h"])
    Traceback (most recent call last):
    ...
    omaha_learn.errors.CardError: card 'As' is dealt twice: in player 1's hand and in player 2's hand
    """
    if has_range(holes):  # a player holds a typed range (card removal, exact when small)
        return range_equity(holes, board, dead, game=game, qualifier=qualifier, trials=trials, seed=seed,
                            progress=progress, threads=threads)
    parsed, b, d, g = check_request(cast(Sequence[CardsLike | None], holes), board, dead, check_game(game), qualifier,
                                    trials)
    seed = arguments.seed(seed, "seed", EquityError, sampled=True)
    nthreads = arguments.cores(threads, "threads", EquityError)
    progress = check_progress(progress)
    low = g.has_low
    threshold = low_threshold(qualifier) if low else 0
    if trials is None and len(b) >= 4:  # a turn or river: known hands (checked), a few dozen boards
        counts = small_exact_counts([h for h in parsed if h is not None], b, d, low, threshold)
        if progress is not None and progress is not False:
            total = sum(counts.values())
            ProgressBar(progress)(total, total)
        return result_from_counts(counts, parsed, b, d, g, qualifier if low else None, True, seed)
    bar = ProgressBar(progress)
    deck = deck_left(parsed, b, d)
    if trials is None:
        counts = exact_counts([h for h in parsed if h is not None], b, deck, low, threshold, bar)
    else:
        spec = DealSpec(tuple(None if h is None else tuple(int(c) for c in h) for h in parsed),
                        tuple(int(c) for c in b), deck, g.hole_cards, low, threshold)
        counts = monte_carlo_counts(spec, trials, seed, nthreads, bar)
    return result_from_counts(counts, parsed, b, d, g, qualifier if low else None, trials is None, seed)


def sampled_counts(holes: Sequence[CardsLike | None], *, game: str | Game = DEFAULT_GAME, qualifier: int | None = 8,
                   trials: int, seed: int, chunks: range, threads: int | None = 1) -> dict[int, int]:
    """The outcome counts of some chunks of ``equity(holes, game=..., trials=trials, seed=seed)``
    (known or random hands, before the flop): the pieces a study splits a request into. The
    counts of all its chunks, summed, are that call's ``counts``.

    >>> holes = ["As Ah Ks Kh", None]
    >>> a = sampled_counts(holes, game="high", trials=10_000, seed=3, chunks=range(0, 1))
    >>> b = sampled_counts(holes, game="high", trials=10_000, seed=3, chunks=range(1, 2))
    >>> whole = equity(holes, game="high", trials=10_000, seed=3).counts
    >>> all(whole[k] == a.get(k, 0) + b.get(k, 0) for k in whole)
    True
    """
    parsed, b, d, g = check_request(holes, (), (), check_game(game), qualifier, trials)
    checked = arguments.seed(seed, "seed", EquityError, sampled=True)
    assert checked is not None
    low = g.has_low
    spec = DealSpec(tuple(None if h is None else tuple(int(c) for c in h) for h in parsed), (),
                    deck_left(parsed, b, d), g.hole_cards, low, low_threshold(qualifier) if low else 0)
    return monte_carlo_counts(spec, trials, checked, arguments.cores(threads, "threads", EquityError),
                              chunks=chunks)
