"""HandReplayer and BettingTrainer widgets: stepping a hand, the pot-limit maximum (R15-R19, R21)."""

from __future__ import annotations

import pytest

from omaha_learn.engine.betting.state import HandState
from omaha_learn.widgets import BettingTrainer, HandReplayer


def _played_hand():
    h = HandState([100, 30, 100], game="plo", blinds=(1, 2), seed=1)
    h.act("r7")
    h.call()
    h.call()
    h.act("b10")
    h.act("r30")
    return h


def test_r18_replayer_steps_forward_and_back_showing_raise_range():
    r = HandReplayer(_played_hand())
    assert r.steps == 5 and r.step == 0
    assert "raise to 4-7" in r.view.value          # R18: blinds 1/2, first to act may raise to 7
    r.next_button.click()
    assert r.step == 1 and "last action: seat 0: raise to 7" in r.caption.value
    r.end_button.click()
    assert r.step == 5 and "raise to 50-93" in r.view.value   # capped by seat 0's 93 chips behind... all-in
    r.back_button.click()
    assert r.step == 4
    r.start_button.click()
    assert r.step == 0 and r.slider.value == 0
    r.back_button.click()
    assert r.step == 0


def test_r21_side_pots_shown_when_someone_is_all_in():
    h = HandState([100, 30, 100], game="plo", blinds=(1, 2), seed=1)
    h.act("r7")
    h.act("r21")
    h.call()
    h.call()        # flop: seat 1 has 9 left
    h.act("b9")     # seat 1 all-in
    h.call()
    h.act("r40")
    h.call()        # turn
    r = HandReplayer(h)
    r.go(r.steps - 1)
    assert "Side pot" not in r.view.value      # only an uncalled raise so far
    r.end_button.click()
    page = r.view.value
    assert "Main pot: 90 (eligible: seat 0, seat 1, seat 2)" in page
    assert "Side pot 1: 62 (eligible: seat 0, seat 2)" in page


def test_demo_hand_is_seeded_and_new_hand_changes_it():
    a, b = HandReplayer(seed=3), HandReplayer(seed=3)
    assert a.frames == b.frames
    a.new_button.click()
    assert a.frames != b.frames and a.step == 0


def test_slider_moves_the_view():
    r = HandReplayer(_played_hand())
    r.slider.value = 3
    assert r.step == 3 and "Step 3 of 5" in r.caption.value


def test_r18_trainer_checks_the_maximum_raise():
    t = BettingTrainer(seed=1)
    assert "maximum pot-limit" in t.question.value and "may:" not in t.view.value
    t.answer_w.value = t.legal.max_to - 1
    t.check_button.click()
    assert "not the maximum" in t.message.value
    t.answer_w.value = t.legal.max_to + 1
    t.check_button.click()
    assert "more than pot limit" in t.message.value
    t.answer_w.value = t.legal.max_to
    t.check_button.click()
    assert "Correct" in t.message.value and "(R18)" in t.message.value


def test_r18_trainer_explanation_adds_up():
    for seed in range(6):
        t = BettingTrainer(seed=seed)
        s, lg = t.state, t.legal
        assert lg.max_to == min(max(s.bets) + s.pot + lg.to_call, lg.all_in_to)
        t.answer_button.click()
        assert str(lg.max_to) in t.message.value


def test_trainer_new_spot_is_seeded():
    a, b = BettingTrainer(seed=9), BettingTrainer(seed=9)
    assert a.view.value == b.view.value
    a.new_button.click()
    assert a.view.value != b.view.value


PHH = """
variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 AsKsQsJs', 'p3 cbr 7', 'p1 cc', 'p2 cc',
           'd db 2c3c4c', 'p1 cbr 10', 'p2 f', 'p3 cc', 'd db 5d', 'p1 cbr 20', 'p3 f']
"""


def test_r18_r20_replay_from_phh_text():
    pytest.importorskip("omaha_learn.engine.phh")
    r = HandReplayer(phh=PHH)
    assert r.steps == 8 and r.actions[1] == "p3: raise to 7"
    assert "raise to 4-7" in r.view.value
    r.end_button.click()
    assert "p1 wins 61 uncontested (R20)" in r.view.value


def test_bad_phh_text_is_a_message():
    pytest.importorskip("omaha_learn.engine.phh")
    r = HandReplayer(seed=2)
    frames = r.frames
    r.phh_w.value = "variant = 'PO'\nstarting_stacks = [100, 100]\nactions = ['p1 cbr 999']"
    r.phh_button.click()
    assert r.message.value and r.frames is frames
    r.phh_w.value = ""
    r.phh_button.click()
    assert "paste a hand history" in r.message.value
