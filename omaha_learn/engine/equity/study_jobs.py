"""Frequency studies split into independent seeded chunks, run by :func:`omaha_learn.jobs.run_jobs`.

A study of many deals (``omaha-learn frequencies --trials 2000000``) is the
same Monte Carlo deal ``chunk_trials`` deals at a time: each chunk has its own
seed, derived from the study's seed, the table size and the chunk's number
(numpy ``SeedSequence``), so the chunks can run one after another, on local
workers or on a Dask cluster and the merged counts are identical whatever ran
them. (They are not the numbers of the unsplit
:func:`~omaha_learn.engine.equity.frequencies.frequencies` with the same seed:
other random streams, the same rates within their standard errors.)

>>> f = frequencies_study(players=(2, 3), trials=3_000, seed=5, chunk_trials=1_000, jobs=1)
>>> g = frequencies_study(players=(2, 3), trials=3_000, seed=5, chunk_trials=1_000, jobs=2)
>>> f.rows == g.rows, [r["players"] for r in f.rows]
(True, [2, 3])
>>> len(study_chunks((2, 3), None, trials=3_000, seed=5, chunk_trials=1_000))
6
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Any

import numpy as np

from omaha_learn.engine.cards import CardsLike, format_cards, parse_cards
from omaha_learn.engine.equity.api import MAX_PLAYERS, EquityError, equity, result_from_counts
from omaha_learn.engine.equity.frequencies import Frequencies, pot_rates

__all__ = ["CHUNK_TRIALS", "StudyChunk", "study_chunks", "run_chunk", "frequencies_study"]

CHUNK_TRIALS = 50_000
"""Deals per chunk by default: a few seconds of work, small enough to spread over a cluster."""


@dataclass(frozen=True)
class StudyChunk:
    """One independent piece of a study: ``trials`` deals at one table size with their own seed."""

    players: int
    hand: str | None
    trials: int
    seed: int
    game: str
    qualifier: int | None
    index: int
    row: int = 0


def _whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise EquityError(f"{name}: a whole number of at least {low}, got {value!r}")
    return value


def _holes(chunk: StudyChunk) -> list[CardsLike | None]:
    rest: list[CardsLike | None] = [None] * (chunk.players - 1)
    return [chunk.hand, *rest] if chunk.hand is not None else [None, *rest]


def study_chunks(players: int | Iterable[int], hand: CardsLike | None, *, trials: int, seed: int | None,
                 game: str = "hilo", qualifier: int | None = 8,
                 chunk_trials: int = CHUNK_TRIALS) -> list[StudyChunk]:
    """The chunks of a study, table size by table size; checks every argument first.

    ``seed=None`` draws one fresh seed for the whole study (then the chunks
    are still consistent with each other).
    """
    sizes: Sequence[int] = [players] if isinstance(players, int) else list(players)
    if not sizes:
        raise EquityError("players: give at least one table size")
    for p in sizes:
        if isinstance(p, bool) or not isinstance(p, int) or not 2 <= p <= MAX_PLAYERS:
            raise EquityError(f"players: table sizes from 2 to {MAX_PLAYERS}, got {p!r}")
    _whole("trials", trials, 1)
    _whole("chunk_trials", chunk_trials, 1)
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint32)[0])
    _whole("seed", seed, 0)
    text = format_cards(parse_cards(hand)) if hand is not None else None
    # one deal of the first size checks the game, the qualifier and the hand with equity's own messages
    probe = StudyChunk(sizes[0], text, 1, 0, game, qualifier, 0, 0)
    equity(_holes(probe), game=game, qualifier=qualifier, trials=1, seed=0)
    chunks = []
    for row, p in enumerate(sizes):
        n = -(-trials // chunk_trials)
        for i in range(n):
            size = min(chunk_trials, trials - i * chunk_trials)
            s = int(np.random.SeedSequence([seed, p, i]).generate_state(1, dtype=np.uint32)[0])
            chunks.append(StudyChunk(p, text, size, s, game, qualifier, i, row))
    return chunks


def run_chunk(chunk: StudyChunk) -> dict[int, int]:
    """The outcome counts of one chunk (what :class:`EquityResult.counts` holds)."""
    r = equity(_holes(chunk), game=chunk.game, qualifier=chunk.qualifier, trials=chunk.trials, seed=chunk.seed)
    return r.counts


def frequencies_study(players: int | Iterable[int] = (2, 3, 4, 5, 6), hand: CardsLike | None = None, *,
                      trials: int = 20_000, seed: int | None = 0, game: str = "hilo",
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
    for (_, p), c in sorted(merged.items()):
        holes = [hole] + [None] * (p - 1)
        r = result_from_counts(c, holes, (), (), game, qualifier if game == "hilo" else None, False, first.seed)
        rates = pot_rates(r, 0 if hole is not None else None)
        s = rates["scoop"]
        rows.append({"players": p, **rates, "stderr": sqrt(s * (1 - s) / trials)})
    return Frequencies(rows, tuple(rows[0].keys()), first.hand, game, trials,
                       seed if seed is not None else None)
