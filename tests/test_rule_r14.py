"""R14, the heads-up exception (seed text 002): with two players the button posts
the small blind and the other player the big blind; the button acts first before
the flop and last after it.

The reference is the rule itself, written out seat by seat below, checked for
both seats on the button, both betting structures (pot limit, fixed limit), every
street of a hand played to the river, and a Table that goes down to two players.
R13 (three or more players: the seat after the button posts the small blind) is
checked alongside, so the test shows that R14 is an exception and not the rule.
"""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import CallingStation, HandState, Table


def _heads_up_reference(button: int) -> dict[str, int]:
    """R14 written out: who posts what and who acts first on each street."""
    other = 1 - button
    return {"small blind": button, "big blind": other, "preflop": button, "flop": other, "turn": other,
            "river": other}


@pytest.mark.parametrize("game", ["plo", "hilo"])
@pytest.mark.parametrize("button", [0, 1])
def test_r14_heads_up_button_posts_small_blind_first_preflop_last_after(game: str, button: int) -> None:
    ref = _heads_up_reference(button)
    h = HandState([300, 300], game=game, blinds=(1, 2), button=button, seed=14)
    assert (h.sb_seat, h.bb_seat) == (ref["small blind"], ref["big blind"])
    assert h.bets[ref["small blind"]] == 1 and h.bets[ref["big blind"]] == 2
    assert h.street == "preflop" and h.to_act == ref["preflop"]
    h.call()                                   # the button completes the small blind
    assert h.to_act == ref["big blind"]        # the big blind's option (R15)
    h.check()
    for street in ("flop", "turn", "river"):
        assert h.street == street and h.to_act == ref[street], street
        h.check()
        assert h.to_act == button, f"{street}: the button acts last"
        h.check()
    assert h.is_over


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(min_value=3, max_value=400), st.integers(min_value=3, max_value=400), st.integers(0, 1),
       st.sampled_from(["plo", "hilo"]))
def test_r14_holds_for_any_stacks(a: int, b: int, button: int, game: str) -> None:
    h = HandState([a, b], game=game, blinds=(1, 2), button=button, seed=1)
    assert h.sb_seat == button and h.bb_seat == 1 - button and h.to_act == button


@pytest.mark.parametrize("players", [3, 4, 6])
def test_r13_with_three_or_more_the_seat_after_the_button_posts_the_small_blind(players: int) -> None:
    for button in range(players):
        h = HandState([100] * players, game="plo", blinds=(1, 2), button=button, seed=1)
        assert h.sb_seat == (button + 1) % players != button
        assert h.to_act == (button + 3) % players          # R15: after the big blind


def test_r14_at_a_table_that_goes_down_to_two_players() -> None:
    table = Table(seats=6, blinds=(1, 2), seed=14)
    for name in ("Ann", "Bob", "Cy"):
        table.join(name, 200, player=CallingStation())
    table.start_hand()
    table.play_hand()                           # a three-player hand first (R27)
    table.sit_out("Cy")
    hand = table.start_hand()                   # two left: heads-up
    assert len(hand.stacks) == 2
    assert hand.sb_seat == hand.button and hand.to_act == hand.button
