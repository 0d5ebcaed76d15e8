"""against_random: many hands against random opponents over shared deals (the
starting-hand chart's engine) agrees with equity()'s independent Monte Carlo,
is reproducible, and does not depend on the batch or the thread count (R11)."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_learn import CardError, equity
from omaha_learn.engine.cards import parse_cards
from omaha_learn.engine.equity.random_hands import against_random
from omaha_learn.errors import EquityError

HANDS = ["As Ah Ks Kh", "7c 2d 9h 4s", "As 2s 3d Kd", "Tc Jc Qd Kd"]


@pytest.mark.parametrize(("game", "opponents"), [("hilo", 1), ("high", 1), ("hilo", 3), ("high", 5)])
def test_r11_agrees_with_equity_monte_carlo(game: str, opponents: int) -> None:
    r = against_random(HANDS, opponents, game=game, trials=12_000, seed=5)
    assert (r.deals >= 12_000).all()
    for i, hand in enumerate(HANDS):
        ref = equity([hand] + [None] * opponents, game=game, trials=60_000, seed=9)[0]
        se = float(np.hypot(r.stderr[i], ref.stderr or 0))
        assert abs(r.equity[i] - ref.equity) < 4 * se, (hand, r.equity[i], ref.equity)
        assert abs(r.scoop[i] - ref.scoop) < 4 * np.sqrt(ref.scoop * (1 - ref.scoop) / 12_000) + 0.004
        assert abs(r.high[i] - ref.high) < 0.02
        assert abs(r.low[i] - ref.low) < 0.02
        if game == "high":
            assert r.low[i] == 0 and r.low_made[i] == 0 and r.equity[i] == r.high[i]


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_standard_errors_of_scoop_high_and_low(game: str) -> None:
    """Each rate's standard error is that of its per-deal values: the scoop's is the binomial one;
    in a high-only game the high share is the pot share, and the low share is 0."""
    r = against_random(HANDS, 2, game=game, trials=4_000, seed=3)
    n = r.deals
    assert np.allclose(r.scoop_stderr, np.sqrt(r.scoop * (1 - r.scoop) / (n - 1)), rtol=1e-9, atol=0)
    for name in ("scoop", "high", "low"):   # a share in [0, 1] has a variance of at most 1/4
        se = getattr(r, name + "_stderr")
        assert (se >= 0).all() and (se <= 0.5 / np.sqrt(n - 1)).all()
        assert ((se > 0) == (getattr(r, name) > 0)).all()
    if game == "high":
        assert np.allclose(r.high_stderr, r.stderr, rtol=1e-12) and (r.low_stderr == 0).all()
    row = r.row(1)
    assert row["scoop_stderr"] == r.scoop_stderr[1] and row["low_stderr"] == r.low_stderr[1]


def test_five_card_hands() -> None:
    hands = ["As Ah Ks Kh Qd", "7c 2d 9h 4s 5s"]
    r = against_random(hands, 2, trials=8_000, seed=2)
    for i, hand in enumerate(hands):
        ref = equity([hand, None, None], trials=40_000, seed=3)[0]
        assert abs(r.equity[i] - ref.equity) < 4 * float(np.hypot(r.stderr[i], ref.stderr or 0))


def test_a_hands_result_does_not_depend_on_the_batch_or_the_threads() -> None:
    alone = against_random(["As 2s 3d Kd"], trials=3_000, seed=7, threads=1)
    batch = against_random(["Tc Jc Qd Kd", "As 2s 3d Kd", "7c 2d 9h 4s"], trials=3_000, seed=7, threads=2)
    assert alone.equity[0] == batch.equity[1] and alone.deals[0] == batch.deals[1]
    assert alone.scoop[0] == batch.scoop[1] and alone.stderr[0] == batch.stderr[1]
    assert alone.high_stderr[0] == batch.high_stderr[1] and alone.low_stderr[0] == batch.low_stderr[1]
    again = against_random(["As 2s 3d Kd"], trials=3_000, seed=7, threads=3)
    assert again.equity[0] == alone.equity[0]
    other = against_random(["As 2s 3d Kd"], trials=3_000, seed=8)
    assert other.equity[0] != alone.equity[0]


def test_card_index_arrays_and_rows() -> None:
    cards = np.array([parse_cards(h) for h in HANDS[:2]], dtype=np.int64)
    a = against_random(cards, trials=2_000, seed=1)
    b = against_random(HANDS[:2], trials=2_000, seed=1)
    assert np.array_equal(a.equity, b.equity)
    row = a.row(0)
    assert row["hand"] == "As Ah Ks Kh" and set(row) >= {"equity", "stderr", "scoop", "high", "low", "deals"}
    assert len(a) == 2


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"hands": None}, EquityError, "hands: give a list"),
    ({"hands": "As Ah Ks Kh"}, EquityError, "hands: give a list"),
    ({"hands": 5}, EquityError, "hands: give a list"),
    ({"hands": []}, EquityError, "at least one hand"),
    ({"hands": ["As Ah Ks Kh", None]}, CardError, "hand 2"),
    ({"hands": ["As Ah Ks"]}, CardError, "hand 1: Omaha needs 4"),
    ({"hands": ["As Ah Ks Kh", "2c 3c 4c 5c 6c"]}, CardError, "same number of cards"),
    ({"hands": ["As As Ks Kh"]}, CardError, "hand 1"),
    ({"hands": np.zeros((2, 4))}, EquityError, "integer array"),
    ({"hands": HANDS, "opponents": 0}, EquityError, "opponents: 1 to 5"),
    ({"hands": HANDS, "opponents": 6}, EquityError, "opponents"),
    ({"hands": HANDS, "opponents": True}, EquityError, "opponents"),
    ({"hands": HANDS, "trials": 0}, EquityError, "trials"),
    ({"hands": HANDS, "trials": 10**12}, EquityError, "trials"),
    ({"hands": HANDS, "trials": None}, EquityError, "trials"),
    ({"hands": HANDS, "seed": "x"}, EquityError, "seed"),
    ({"hands": HANDS, "game": "razz"}, EquityError, "game"),
    ({"hands": HANDS, "qualifier": 3}, EquityError, "qualifier"),
    ({"hands": HANDS, "threads": 0}, EquityError, "threads"),
    ({"hands": HANDS, "progress": 3}, EquityError, "progress"),
])
def test_bad_arguments_name_the_argument(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        against_random(**kwargs)  # type: ignore[arg-type]


def test_progress_reports_chunks() -> None:
    seen: list[tuple[int, int]] = []
    against_random(HANDS[:1], trials=2_000, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] >= 2_000 and all(d <= t for d, t in seen)
