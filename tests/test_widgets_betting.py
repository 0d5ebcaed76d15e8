"""HandReplayer and BettingTrainer widgets: stepping a hand, the pot-limit maximum (R15-R19, R21)."""

from __future__ import annotations

import html

from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn.engine.betting.actions import Action
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
    assert (t.legal.min_to, t.legal.max_to) == (8, 24)
    t.answer_w.value = 3   # was called "legal but not the maximum"
    t.check_button.click()
    assert "3 is illegal" in t.message.value and "below the pot-limit minimum of 8" in t.message.value
    assert "raise to 8\u201324" in t.message.value
    t.answer_w.value = t.legal.max_to - 1
    t.check_button.click()
    assert "23 is legal but not the maximum" in t.message.value
    t.answer_w.value = t.legal.max_to + 1
    t.check_button.click()
    assert "25 is illegal" in t.message.value and "above the pot-limit maximum of 24" in t.message.value
    t.answer_w.value = t.legal.max_to
    t.check_button.click()
    assert "Correct" in t.message.value and "(R18)" in t.message.value


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(min_value=0, max_value=2**31 - 1))
def test_r18_r19_every_trainer_message_agrees_with_legal_actions(seed):
    """Every amount from -1 to the stack + 1: the maximum is correct, other legal
    amounts are called legal (not the maximum), illegal ones illegal with the range."""
    t = BettingTrainer(seed=seed)
    lg = t.state.legal_actions()
    assert lg == t.legal and lg.max_to is not None and lg.min_to is not None
    word = "raise to" if lg.can_raise else "bet"
    span = str(lg.min_to) if lg.min_to == lg.max_to else f"{lg.min_to}\u2013{lg.max_to}"
    kind = "raise" if lg.can_raise else "bet"
    for amount in range(-1, lg.all_in_to + 2):
        t.answer_w.value = amount
        ok = t.check()
        msg = html.unescape(t.message.value)
        legal = lg.min_to <= amount <= lg.max_to          # pot limit: one interval (R18), all-in below it (R19)
        assert legal == (Action(kind, amount) in lg)
        if amount == lg.max_to:
            assert ok and f"Correct: {lg.max_to}." in msg
        elif legal:
            assert not ok and f"{amount} is legal but not the maximum" in msg
            assert f"the legal range is {word} {span} (R18)" in msg and "illegal" not in msg
        else:
            assert not ok and f"{amount} is illegal" in msg and f"the legal range is {word} {span} (R18)" in msg
            assert "is legal" not in msg


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
    r = HandReplayer(phh=PHH)
    assert r.steps == 8 and r.actions[1] == "p3: raise to 7"
    assert "raise to 4-7" in r.view.value
    r.end_button.click()
    assert "p1 wins 61 uncontested (R20)" in r.view.value


def test_bad_phh_text_is_a_message():
    r = HandReplayer(seed=2)
    frames = r.frames
    r.phh_w.value = "variant = 'PO'\nstarting_stacks = [100, 100]\nactions = ['p1 cbr 999']"
    r.phh_button.click()
    assert r.message.value and r.frames is frames
    r.phh_w.value = ""
    r.phh_button.click()
    assert "paste a hand history" in r.message.value
