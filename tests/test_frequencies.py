"""Frequency studies: low-possible board counts (R8, R10) and pot-division rates (R11)."""

from __future__ import annotations

import pytest

from omaha_learn import frequencies
from omaha_learn.engine.equity.api import EquityError, equity
from omaha_learn.engine.equity.frequencies import low_possible_boards, pot_rates


def test_r8_r10_low_possible_on_60_09_percent_of_boards() -> None:
    assert low_possible_boards(5) == (1_561_728, 2_598_960)
    assert f"{1_561_728 / 2_598_960:.2%}" == "60.09%"


def test_r8_r10_low_possible_on_16_22_percent_of_flops() -> None:
    assert low_possible_boards(3) == (3_584, 22_100)
    assert f"{3_584 / 22_100:.2%}" == "16.22%"


def test_r12_nine_qualifier_makes_more_lows() -> None:
    assert low_possible_boards(5, qualifier=9)[0] > low_possible_boards(5)[0]
    with pytest.raises(ValueError, match="cards"):
        low_possible_boards(2)


def test_r11_low_possible_from_equity_matches_board_count() -> None:
    """With a wheel-capable hand for each player, equity's low rate is the share of boards with a low."""
    r = equity(["As 2s Kd Kh", "Ah 2h Qd Qs"], "3c 4d 9h", game="hilo")
    # a low is made exactly when the turn and river bring a third low rank (5, 6, 7 or 8, or a 3/4 doesn't count)
    assert 0 < r.low_possible < 1 and r.low_boards == sum(c for (_, kl), c in r.histogram.items() if kl)


def test_r11_pot_rates_add_up() -> None:
    r = equity(["As 2d 3c Kh", "Ac 2h 4d Qs", "Kc Ks 7s 7h"], "5s 8h Kd")
    rates = pot_rates(r)
    assert rates["scoop"] + rates["split"] == pytest.approx(1)
    assert 0 < rates["quartered"] <= rates["split"]
    assert rates["no_low"] == pytest.approx(1 - r.low_possible)
    hero = pot_rates(r, 0)
    assert hero["equity"] == r[0].equity and hero["scoop"] == r[0].scoop


def test_r11_frequencies_by_table_size_are_plain_data() -> None:
    f = frequencies(players=(2, 4, 6), trials=3_000, seed=1)
    assert f.column("players") == [2, 4, 6]
    assert set(f.columns) == {"players", "scoop", "split", "quartered", "no_low", "stderr"}
    scoops = f.column("scoop")
    assert scoops[0] > scoops[2]            # more players, fewer scoops
    quartered = f.column("quartered")
    assert quartered[0] < quartered[2]      # more players, more quartering
    assert all(0.3 < x < 0.6 for x in f.column("no_low"))
    assert "random deals" in str(f)
    again = frequencies(players=(2, 4, 6), trials=3_000, seed=1)
    assert again.rows == f.rows


def test_r11_frequencies_for_a_starting_hand() -> None:
    f = frequencies(players=(2, 3), hand="As 2s 3d Kd", trials=3_000, seed=2)
    eq = f.column("equity")
    assert eq[0] > eq[1] > 1 / 3
    assert "As 2s 3d Kd against random hands" in str(f)
    with pytest.raises(KeyError, match="no column"):
        f.column("nope")


def test_frequencies_bad_table_size() -> None:
    with pytest.raises(EquityError, match="table sizes from 2 to 6"):
        frequencies(players=(1, 2), trials=10)
