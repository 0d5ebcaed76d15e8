"""TwoCardExplorer widget: the 60-choice grid, pitfalls and the quiz (R2-R4, R8, R10)."""

from __future__ import annotations

import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn.errors import CardError
from omaha_learn.widgets import TwoCardExplorer


def _msg(t):
    return t.message.value.replace("&#x27;", "'")


def test_r2_r3_grid_has_60_rows_best_high_and_flush_pitfall():
    t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    html = t.view.value
    assert html.count('class="ol-best-high') == 1
    assert html.count("<tr class=") == 60
    assert "Pitfall (R3)" in html and "no flush" in html
    assert "Two pair, kings and sixes, ace kicker" in html


def test_r4_full_house_pitfall_named():
    t = TwoCardExplorer("Th 9h 7c 6c", "Ks Kc Tc Td 5d")
    assert "Three of a kind, tens" in t.view.value and "Pitfall (R4)" in t.view.value


def test_r10_best_low_highlighted():
    t = TwoCardExplorer("As 2d Kc Kh", "3c 5d 8h Qs Js")
    assert "ol-best-low" in t.view.value and "8-5-3-2-A low" in t.view.value


def test_deal_is_seeded():
    a, b = TwoCardExplorer(seed=8), TwoCardExplorer(seed=8)
    assert (a.hole_w.value, a.board_w.value) == (b.hole_w.value, b.board_w.value)
    a.deal_button.click()
    assert a.hole_w.value != b.hole_w.value


def test_quiz_hides_grid_and_checks_answers():
    t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc", quiz=True)
    assert "ol-grid" not in t.view.value and t.quiz_box.layout.display == ""
    t.answer_w.value = "Ac Kc 9c 6c Qc"           # the flush a learner might see
    t.check_button.click()
    assert "1 hole card and 4 board cards" in _msg(t) and "(R2)" in _msg(t)
    t.answer_w.value = "Ac Kd Kc 9c Qc"
    t.check_button.click()
    assert "better high" in _msg(t) and "no flush" in _msg(t)
    t.answer_w.value = "Kd Kc 6c 6h Ac"
    t.check_button.click()
    assert "Correct! Two pair, kings and sixes" in _msg(t)
    t.answer_button.click()
    assert "ol-grid" in t.view.value


def test_quiz_low_and_none():
    t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc", quiz=True)
    t.kind_w.value = "low"
    t.answer_w.value = "none"
    t.check_button.click()
    assert "Correct" in _msg(t)
    t2 = TwoCardExplorer("As 2d Kc Kh", "3c 5d 8h Qs Js", quiz=True)
    t2.kind_w.value = "low"
    t2.answer_w.value = "no low"
    t2.check_button.click()
    assert "There is a low" in _msg(t2)
    t2.answer_w.value = "As 2d 3c 5d 8h"
    t2.check_button.click()
    assert "Correct! 8-5-3-2-A low" in _msg(t2)


def test_bad_typing_is_a_short_message():
    t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc", quiz=True)
    t.answer_w.value = "Ac Kd"
    t.check_button.click()
    assert "five cards" in _msg(t)
    t.answer_w.value = "Ac Kd 2s 6c 6h"
    t.check_button.click()
    assert "'2s' is neither in the hand nor on the board" in _msg(t)
    before = t.explanation
    t.hole_w.value = "Ac Kd Td"
    t.explain_button.click()
    assert "hole cards" in _msg(t) and t.explanation is before
    t.hole_w.value = "Ac Kd Td 8h"
    t.board_w.value = "Kc 9c 6c 6h Qz"
    t.explain_button.click()
    assert "'Qz' is not a card" in _msg(t)


def test_r1_a_fifth_hole_card_is_an_error_naming_it_unless_five_card_omaha_is_chosen():
    t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    before = t.explanation
    assert "<b>Omaha</b>: 60 choices" in t.heading.value
    t.hole_w.value = "Ac Kd Td 8h 9h"
    t.explain_button.click()
    assert "5 hole cards, but Omaha deals exactly 4" in _msg(t) and "the extra card is 9h" in _msg(t)
    assert t.explanation is before
    t.hole_cards_w.value = 5
    assert len(t.explanation.choices) == 100 and "<b>Five-card Omaha</b>: 100 choices" in t.heading.value
    five = TwoCardExplorer("Ac Kd Td 8h 9h", "Kc 9c 6c 6h Qc", hole_cards=5)
    assert len(five.explanation.choices) == 100 and five.hole_cards_w.label.startswith("Five-card Omaha")
    with pytest.raises(CardError, match="hole_cards"):
        TwoCardExplorer(hole_cards=6)


def test_no_qualifier_stays_visible_in_the_dropdown():
    t = TwoCardExplorer("As 2d Kc Kh", "3c 5d 9h Qs Js", qualifier=None)
    assert t.qualifier_w.label == "no qualifier (Razz-style)" and t.qualifier_w.index == 2
    assert t.explanation.best_low is not None   # 9-5-3-2-A plays with no qualifier (R12)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_r2_r10_every_quiz_answer_is_judged_by_the_engine(seed):
    """Type each of the 60 choices as the answer: it is right exactly when the engine
    calls it a best high (or low), and a wrong one is named with what it makes."""
    t = TwoCardExplorer(seed=seed, quiz=True)
    e = t.explanation
    for kind in ("high", "low"):
        t.kind_w.value = kind
        best = e.best_high if kind == "high" else e.best_low
        for choice in e.choices:
            t.answer_w.value = " ".join(map(str, choice.cards))
            ok = t.check()
            made = choice.high if kind == "high" else choice.low
            expected = bool(choice.is_best_high if kind == "high" else choice.is_best_low)
            assert ok == expected
            msg = html.unescape(t.message.value)
            if ok:
                assert f"Correct! {made.describe()}." in msg
            elif made is None:
                assert "make no qualifying low (R8)" in msg
            else:
                assert f"Those five make {made.describe()}, but there is a better {kind}" in msg
                assert best is not None and best > made
        t.answer_w.value = "none"
        assert t.check() == (best is None)
    # four hole cards or four board cards: named, never judged as a hand
    t.kind_w.value = "high"
    t.answer_w.value = " ".join(map(str, e.hole + e.board[:1]))
    assert not t.check() and "use 4 hole cards and 1 board card" in html.unescape(t.message.value)
