"""LowComparator widget: lows as numbers, deciding card, qualifier (R8, R9, R12)."""

from __future__ import annotations

import html

from hypothesis import example, given, settings
from hypothesis import strategies as st

from omaha_learn import best_low
from omaha_learn.widgets import LowComparator
from omaha_learn.widgets._base import parse_lines


def test_r9_typed_lows_compared_as_numbers():
    lc = LowComparator(hands=["Ann: Ah 2c Kd Qs", "Bob: 3c 5s Kh Qh"], board="4s 6d 7c 8h 9d")
    assert lc.numbers == {"Ann": 76421, "Bob": 76543}
    assert lc.winners == ["Ann"]
    assert "Ann wins the low" in lc.view.value
    assert "decided by the third card" in lc.view.value


def test_r12_qualifier_change_recomputes():
    lc = LowComparator(hands=["Ann: Ah 2c Kd Qs", "Bob: 3c 6s Kh Qh"], board="5s 9d 4c Jh Qd")
    assert lc.numbers == {"Ann": None, "Bob": None}
    lc.qualifier_w.value = 9
    assert lc.numbers == {"Ann": 95421, "Bob": 96543} and lc.winners == ["Ann"]
    lc.qualifier_w.value = "none"
    assert lc.numbers["Ann"] is not None


def test_deal_button_deals_new_hands_reproducibly():
    a, b = LowComparator(seed=4), LowComparator(seed=4)
    assert a.hands_w.value == b.hands_w.value
    before = a.hands_w.value
    a.deal_button.click()
    assert a.hands_w.value != before and len(a.entries) == 3


def test_bad_typed_card_is_a_message_not_a_traceback():
    lc = LowComparator(hands=["Ah 2c Kd Qs", "3c 5s Kh Qh"], board="4s 6d 7c 8h 9d")
    view = lc.view.value
    lc.hands_w.value = "Ann: Ah 2c Kd Qz\nBob: 3c 5s Kh Qh"
    lc.compare_button.click()
    assert "Ann" in lc.message.value and "Qz" in lc.message.value
    assert lc.view.value == view  # last good result kept


def test_one_hand_is_not_enough():
    lc = LowComparator(hands=["Ah 2c Kd Qs", "3c 5s Kh Qh"], board="4s 6d 7c 8h 9d")
    lc.hands_w.value = "Ah 2c Kd Qs"
    lc.compare_button.click()
    assert "at least two hands" in lc.message.value


def test_r12_no_qualifier_stays_visible_in_the_dropdown():
    lc = LowComparator(hands=["Ann: Ah 2c Kd Qs", "Bob: 3c 6s Kh Qh"], board="5s 9d 4c Jh Qd", qualifier=None)
    assert lc.qualifier is None and lc.qualifier_w.label == "no qualifier (Razz-style)"
    assert lc.qualifier_w.index is not None and lc.qualifier_w.value == "none"
    assert lc.numbers == {"Ann": 95421, "Bob": 96543} and lc.winners == ["Ann"]   # R12: no 8-or-better needed
    assert "Qualifier: no qualifier" in lc.view.value


def test_r1_a_fifth_hole_card_in_any_typed_hand_is_named_as_extra():
    from omaha_learn.widgets import EquityLab, ShowdownViewer

    lc = LowComparator(hands=["Ann: Ah 2c Kd Qs 3d", "Bob: 3c 6s Kh Qh"], board="5s 9d 4c Jh Qd")
    assert "Ann: 5 hole cards, but Omaha deals exactly 4 (R1): the extra card is 3d" in lc.message.value
    sv = ShowdownViewer(preset=None, seed=1)
    sv.holes_w.value = "As 2s Kd Kc\nAd 2h Qd Qc 9c"
    sv.settle_button.click() if hasattr(sv, "settle_button") else sv.guard(sv.settle)
    assert "seat 1: 5 hole cards" in sv.message.value and "the extra card is 9c" in sv.message.value
    lab = EquityLab(hands=["Ann: As Ah 2s 3h Kc", "Bob: Kd Kc Qd Jc"], board="4c 7d 9s")
    assert "Ann: 5 hole cards" in lab.message.value and "the extra card is Kc" in lab.message.value


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=100_000), st.sampled_from([8, 9, "none"]))
@example(730, 8)   # three players tie for the low
def test_r9_r12_every_comparator_verdict_comes_from_the_engine(seed, qualifier):
    """Deal, then check each line of the view against best_low and the LowHand order."""
    lc = LowComparator(seed=seed, players=4)
    lc.qualifier_w.value = qualifier
    q = None if qualifier == "none" else qualifier
    lines = parse_lines(lc.hands_w.value)
    lows = {name: best_low(cards, lc.board_w.value, qualifier=q) for name, cards in lines}
    assert lc.numbers == {n: (lo.number if lo is not None else None) for n, lo in lows.items()}
    made = [lo for lo in lows.values() if lo is not None]
    best = max(made) if made else None
    assert lc.winners == [n for n, lo in lows.items() if lo is not None and lo == best]
    page = html.unescape(lc.view.value)
    if not made:
        assert "No qualifying low: the high hand takes the whole pot (R11)." in page
    elif len(lc.winners) == 1:
        assert f"{lc.winners[0]} wins the low." in page
    else:
        # "Player 1 and Player 2", or "Player 1, Player 2 and Player 3" when three tie (seed 730)
        names = ", ".join(lc.winners[:-1]) + " and " + lc.winners[-1]
        assert names + " tie for the low and split it" in page
