"""For evaluation and equity: arbitrary arguments give a result or the
library's error, never IndexError, KeyError, AttributeError or a numpy error from deep inside."""

from __future__ import annotations

import numpy as np
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_learn import best_high, best_low, equity, evaluate_high_many, evaluate_low_many
from omaha_learn.engine.equity.random_hands import against_random
from omaha_learn.errors import OmahaLearnError

CARDS = st.one_of(
    st.none(), st.integers(-3, 60), st.floats(allow_nan=True), st.text(max_size=12),
    st.sampled_from(["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td", "2c 7d 9s", "2c 7d 9s Qc", "Ks", ""]),
    st.lists(st.one_of(st.integers(-2, 55), st.text(max_size=3), st.none()), max_size=6),
    st.lists(st.lists(st.integers(0, 51), max_size=3), max_size=3),
)
ANY = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**13), st.floats(allow_nan=True), st.text(max_size=6),
                st.lists(st.integers(), max_size=3))


def _allowed(exc: BaseException) -> bool:
    return isinstance(exc, OmahaLearnError) or (isinstance(exc, TypeError) and "argument" in str(exc))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(holes=st.one_of(ANY, st.lists(CARDS, max_size=7)), board=CARDS, dead=CARDS, trials=ANY, seed=ANY,
       game=st.one_of(ANY, st.sampled_from(["hilo", "plo", "o8", "razz"])), qualifier=ANY, threads=ANY)
def test_equity_never_fails_from_inside(holes: object, board: object, dead: object, trials: object, seed: object,
                                        game: object, qualifier: object, threads: object) -> None:
    if isinstance(trials, int) and not isinstance(trials, bool) and trials > 2000:
        trials = 2000 if trials <= 10**8 else trials  # keep valid runs quick; the cap is still exercised
    try:
        equity(holes, board, dead, game=game, qualifier=qualifier, trials=trials, seed=seed,  # type: ignore[arg-type]
               threads=threads)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - the assertion is about which exceptions
        assert _allowed(exc), repr(exc)


@settings(max_examples=examples(80), deadline=None)
@given(hands=st.one_of(ANY, st.lists(CARDS, max_size=3)), opponents=ANY, trials=ANY, seed=ANY, game=ANY)
def test_against_random_never_fails_from_inside(hands: object, opponents: object, trials: object, seed: object,
                                                game: object) -> None:
    if isinstance(trials, int) and not isinstance(trials, bool) and 0 < trials <= 10**8:
        trials = min(trials, 200)
    try:
        against_random(hands, opponents, game=game if game is not None else "hilo", trials=trials,  # type: ignore[arg-type]
                       seed=seed)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001
        assert _allowed(exc), repr(exc)


@settings(max_examples=examples(150), deadline=None)
@given(hole=CARDS, board=CARDS, qualifier=ANY)
def test_best_high_and_low_never_fail_from_inside(hole: object, board: object, qualifier: object) -> None:
    for call in (lambda: best_high(hole, board), lambda: best_low(hole, board, qualifier)):  # type: ignore[arg-type]
        try:
            call()
        except Exception as exc:  # noqa: BLE001
            assert _allowed(exc) or isinstance(exc, ValueError), repr(exc)


@settings(max_examples=examples(100), deadline=None)
@given(holes=st.one_of(ANY, st.lists(st.lists(st.integers(-2, 60), max_size=6), max_size=3)),
       boards=st.one_of(ANY, st.lists(st.lists(st.integers(-2, 60), max_size=6), max_size=3)))
def test_bulk_evaluation_never_fails_from_inside(holes: object, boards: object) -> None:
    for fn in (evaluate_high_many, evaluate_low_many):
        try:
            out = fn(holes, boards)  # type: ignore[arg-type]
            assert isinstance(out, np.ndarray)
        except Exception as exc:  # noqa: BLE001
            assert _allowed(exc), repr(exc)
