"""Frequency studies split into independent seeded chunks, run by :func:`omaha_learn.jobs.run_jobs`.

A study of many deals (``omaha-learn frequencies --trials 2000000``) is the
same Monte Carlo request as the unsplit
:func:`~omaha_learn.engine.equity.frequencies.frequencies`, cut along the
sampler's own chunks (:data:`~omaha_learn.engine.sampling.CHUNK` deals, each
with its own seed from the study's seed and its number,
:func:`~omaha_learn.engine.sampling.chunk_seed`): a study chunk is a run of
whole sampler chunks (``chunk_trials`` is rounded up to a multiple of
:data:`~omaha_learn.engine.sampling.CHUNK`). The chunks can run one after
another, on local workers or on a Dask cluster, and the merged counts are
those of :func:`~omaha_learn.engine.equity.frequencies.frequencies` with the
same seed, whatever ran them.

>>> from omaha_learn.engine.equity.frequencies import frequencies
>>> f = frequencies_study(players=(2, 3), trials=20_000, seed=5, chunk_trials=8_192, jobs=1)
>>> g = frequencies_study(players=(2, 3), trials=20_000, seed=5, chunk_trials=8_192, jobs=2)
>>> f.rows == g.rows == frequencies((2, 3), trials=20_000, seed=5).rows, [r["players"] for r in f.rows]
(True, [2, 3])
>>> len(study_chunks((2, 3), None, trials=20_000, seed=5, chunk_trials=1_000))
6
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Any

from omaha_learn.engine import arguments
from omaha_learn.engine.cards import CardsLike, format_cards, parse_cards
from omaha_learn.engine.equity.api import equity, sampled_counts
from omaha_learn.engine.equity.frequencies import Frequencies, pot_rates
from omaha_learn.engine.equity.request import MAX_EQUITY_PLAYERS
from omaha_learn.engine.equity.result import result_from_counts
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.engine.sampling import CHUNK, fresh_seed
from omaha_learn.errors import EquityError
from omaha_learn.i18n import gettext as _

__all__ = ["CHUNK_TRIALS", "StudyChunk", "study_chunks", "run_chunk", "frequencies_study"]

CHUNK_TRIALS = 6 * CHUNK
"""Deals per chunk by default (49,152): a few seconds of work, small enough to spread over a cluster."""


@dataclass(frozen=True)
class StudyChunk:
    """One independent piece of a study: ``trials`` deals at one table size, the sampler chunks
    ``first_chunk`` onwards of the table size's request of ``total_trials`` deals seeded ``seed``."""

    players: int
    hand: str | None
    trials: int
    seed: int
    game: str
    qualifier: int | None
    index: int
    row: int = 0
    first_chunk: int = 0
    total_trials: int = 0


def _whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise EquityError(_("{name}: a whole number of at least {low}, got {value!r}").format(name=name, low=low, value=value))
    return value


def _holes(chunk: StudyChunk) -> list[CardsLike | None]:
    rest: list[CardsLike | None] = [None] * (chunk.players - 1)
    return [chunk.hand, *rest] if chunk.hand is not None else [None, *rest]


def study_chunks(players: int | Iterable[int], hand: CardsLike | None, *, trials: int, seed: int | None,
                 game: str | Game = DEFAULT_GAME, qualifier: int | None = 8,
                 chunk_trials: int = CHUNK_TRIALS) -> list[StudyChunk]:
    """The chunks of a study, table size by table size; checks every argument first.

    ``seed=None`` draws one fresh seed for the whole study (then the chunks
    are still consistent with each other). ``chunk_trials`` is rounded up to a
    whole number of sampler chunks (:data:`~omaha_learn.engine.sampling.CHUNK` deals).
    """
    sizes: Sequence[int] = [players] if isinstance(players, int) else list(players)
    if not sizes:
        raise EquityError(_("players: give at least one table size"))
    for p in sizes:
        if isinstance(p, bool) or not isinstance(p, int) or not 2 <= p <= MAX_EQUITY_PLAYERS:
            raise EquityError(_("players: table sizes from 2 to {max_equity_players}, got {p!r}").format(max_equity_players=MAX_EQUITY_PLAYERS, p=p))
    _whole("trials", trials, 1)
    _whole("chunk_trials", chunk_trials, 1)
    seed = arguments.seed(seed, "seed", EquityError, sampled=True)
    if seed is None:
        seed = fresh_seed()
    text = format_cards(parse_cards(hand)) if hand is not None else None
    # one deal of the first size checks the game, the qualifier and the hand with equity's own messages
    probe = StudyChunk(sizes[0], text, 1, 0, game, qualifier, 0, 0)
    equity(_holes(probe), game=game, qualifier=qualifier, trials=1, seed=0)
    per = -(-chunk_trials // CHUNK)    # sampler chunks per study chunk
    step = per * CHUNK
    chunks = []
    for row, p in enumerate(sizes):
        for i in range(-(-trials // step)):
            size = min(step, trials - i * step)
            chunks.append(StudyChunk(p, text, size, seed, game, qualifier, i, row, i * per, trials))
    return chunks


def run_chunk(chunk: StudyChunk) -> dict[int, int]:
    """The outcome counts of one chunk (what :class:`EquityResult.counts` holds), in this process."""
    first = chunk.first_chunk
    return sampled_counts(_holes(chunk), game=chunk.game, qualifier=chunk.qualifier,
                          trials=chunk.total_trials or chunk.trials, seed=chunk.seed,
                          chunks=range(first, first + -(-chunk.trials // CHUNK)), threads=1)


def frequencies_study(players: int | Iterable[int] = (2, 3, 4, 5, 6), hand: CardsLike | None = None, *,
                      trials: int = 20_000, seed: int | None = 0, game: str | Game = DEFAULT_GAME,
                      qualifier: int | None = 8, chunk_trials: int = CHUNK_TRIALS, jobs: int | None = None,
                      scheduler: Any = None, kind: str = "thread",
                      progress: Callable[[int, int], None] | None = None) -> Frequencies:
    """:func:`~omaha_learn.engine.equity.frequencies.frequencies` in chunks run by ``run_jobs``.

    ``jobs``, ``scheduler`` and ``kind`` go to :func:`omaha_learn.jobs.run_jobs`
    (default: the available cores; a scheduler address or Client runs the
    chunks on a Dask cluster); ``progress(done, total)`` counts chunks.
    """
    from omaha_learn.jobs import run_jobs

    chunks = study_chunks(players, hand, trials=trials, seed=seed, game=game, qualifier=qualifier,
                          chunk_trials=chunk_trials)
    counts = run_jobs(run_chunk, chunks, jobs=jobs, scheduler=scheduler, kind=kind,  # type: ignore[arg-type]
                      progress=progress)
    merged: dict[tuple[int, int], dict[int, int]] = {}   # (row, players) -> counts
    for chunk, c in zip(chunks, counts, strict=True):
        into = merged.setdefault((chunk.row, chunk.players), {})
        for code, n in c.items():
            into[code] = into.get(code, 0) + n
    first = chunks[0]
    hole = parse_cards(first.hand) if first.hand is not None else None
    rows: list[dict[str, Any]] = []
    for (_hand, p), c in sorted(merged.items()):
        holes = [hole] + [None] * (p - 1)
        played = Game.parse(game) if hole is None else Game.parse(game).with_hole_cards(len(hole))
        r = result_from_counts(c, holes, (), (), played, qualifier if played.has_low else None, False, first.seed)
        rates = pot_rates(r, 0 if hole is not None else None)
        s = rates["scoop"]
        rows.append({"players": p, **rates, "stderr": sqrt(s * (1 - s) / trials)})
    return Frequencies(rows, tuple(rows[0].keys()), first.hand, played, trials,
                       seed if seed is not None else None)
