"""Main and side pots on their own: omaha_learn.side_pots (R21)."""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import Pot, side_pots
from omaha_learn.engine.pots import PotError


def test_r21_seed_side_pot_example():
    """R21: A and B put in 1000 each, C only 100: main pot 300 (A, B, C), side pot 1800 (A, B)."""
    main, side = side_pots([1000, 1000, 100])
    assert (main.amount, main.eligible, main.contributors) == (300, (0, 1, 2), (0, 1, 2))
    assert (side.amount, side.eligible, side.contributors) == (1800, (0, 1), (0, 1))
    assert not main.uncalled and not side.uncalled


def test_r21_three_all_ins_make_three_pots():
    pots = side_pots([100, 250, 400, 400])
    assert [(p.amount, p.eligible) for p in pots] == [(400, (0, 1, 2, 3)), (450, (1, 2, 3)), (300, (2, 3))]


def test_r21_folded_chips_stay_in_the_pot_but_fold_wins_nothing():
    pots = side_pots([50, 200, 200], folded={0})
    assert pots == (Pot(450, (1, 2), (0, 1, 2)),)


def test_r21_folded_mask_and_seat_set_agree():
    assert side_pots([50, 200, 200, 10], folded=[True, False, False, True]) == side_pots([50, 200, 200, 10], {0, 3})


def test_r21_layer_nobody_eligible_reached_merges_into_pot_below():
    """C is all-in for 100; A and B go to 500 but B then folds: the 100..500 layer has only A
    eligible beside folded B, and A's chips above B's are matched by nobody."""
    pots = side_pots([500, 400, 100], folded={1})
    # 0..100: A, B, C -> 300 (A, C); 100..400: A, B -> 600 only A eligible; 400..500 A alone: uncalled
    assert [(p.amount, p.eligible) for p in pots] == [(300, (0, 2)), (600, (0,)), (100, (0,))]
    assert pots[2].uncalled and not pots[1].uncalled


def test_r21_everyone_above_a_level_folded_merges_down():
    """A all-in for 100 holds cards; B and C bet 300 then both fold: their extra chips join A's pot."""
    pots = side_pots([100, 300, 300], folded={1, 2})
    assert pots == (Pot(700, (0,), (0, 1, 2)),)


def test_r21_uncalled_excess_goes_back_to_its_owner():
    """A bets 500, B calls all-in for 200: the 300 nobody matched is a pot only A can win."""
    main, back = side_pots([500, 200])
    assert (main.amount, main.eligible) == (400, (0, 1))
    assert (back.amount, back.eligible, back.uncalled) == (300, (0,), True)
    assert str(back) == "300 (uncalled, returned to: seat 0)"


def test_r21_equal_contributions_make_one_pot():
    assert side_pots([40, 40, 40]) == (Pot(120, (0, 1, 2), (0, 1, 2)),)


def test_nobody_put_anything_in():
    assert side_pots([0, 0]) == (Pot(0, (0, 1), ()),)


@pytest.mark.parametrize(
    ("contributions", "folded", "message"),
    [
        ([10, -5], (), "contributions[1]: negative chips (-5)"),
        ([10, 2.5], (), "contributions[1]: 2.5 is not a whole number"),
        ([10, True], (), "contributions[1]: True is not a whole number"),
        ([10, 10], {0, 1}, "every seat folded"),
        ([10, 10], {2}, "folded: 2 is not a seat"),
    ],
)
def test_bad_input_raises_pot_error_naming_the_part(contributions, folded, message):
    with pytest.raises(PotError) as info:
        side_pots(contributions, folded)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 60), st.booleans()), min_size=2, max_size=9)
    .filter(lambda seats: not all(f for _, f in seats))
)
def test_r21_pots_hold_every_chip_and_only_live_seats_win(seats):
    contributions = [c for c, _ in seats]
    folded = {i for i, (_, f) in enumerate(seats) if f}
    pots = side_pots(contributions, folded)
    assert sum(p.amount for p in pots) == sum(contributions)
    for p in pots:
        assert p.eligible, p
        live_put_nothing = all(contributions[i] == 0 for i in range(len(seats)) if i not in folded)
        assert set(p.eligible) <= set(p.contributors) or live_put_nothing
        if not p.uncalled:
            assert not set(p.eligible) & folded
    # each seat's chips are spread over the pots it contributed to
    top_levels = sorted(set(contributions))
    assert len([p for p in pots if p.uncalled]) <= 1
    if len(top_levels) >= 2 and contributions.count(top_levels[-1]) == 1:
        # exactly one seat put in the most: its excess over the next seat comes back to it
        owner = contributions.index(top_levels[-1])
        assert pots[-1].uncalled and pots[-1].eligible == (owner,)
        assert pots[-1].amount == top_levels[-1] - top_levels[-2]
    # a seat eligible for a pot is eligible for every pot below it (the main pot is the widest)
    for lower, upper in zip(pots, pots[1:], strict=False):
        if not upper.uncalled:
            assert set(upper.eligible) <= set(lower.eligible)
