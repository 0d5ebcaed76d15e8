"""PlayTable: the practice table by clicks (buttons and slider from legal_actions, R15-R19), the coach panel
hidden until asked or shown after each decision, the review and the running chart at the end of a hand."""

from __future__ import annotations

import pytest

from omaha_learn import CoachError
from omaha_learn.widgets import PlayTable


def visible(w: object) -> bool:
    return w.layout.display != "none"  # type: ignore[attr-defined]


def test_buttons_follow_the_legal_actions_and_a_hand_plays_to_the_end() -> None:
    w = PlayTable(game="plo", seed=7, trials=400)
    hand = w.table.hand
    legal = hand.legal_actions()
    assert visible(w.fold_button) == legal.can_fold and visible(w.check_button) == legal.can_check
    assert w.call_button.description == f"Call {legal.to_call}"
    assert (w.amount.min, w.amount.max) == (legal.min_to, legal.max_to)
    w.amount.value = legal.max_to
    assert w.raise_button.description == f"Raise to {legal.max_to}"
    assert not visible(w.coach_panel)
    w.coach_button.click()
    assert visible(w.coach_panel) and "Verdict" in w.coach_panel.value and w.advice_seconds
    while not w.table.hand.is_over:
        legal = w.table.hand.legal_actions()
        (w.call_button if legal.can_call else w.check_button).click()
        if not w.table.hand.is_over:
            legal = w.table.hand.legal_actions()
            assert w.amount.layout.display == "none" or w.amount.min == legal.min_to
    assert visible(w.next_button) and not visible(w.actions_box)
    assert "Review of hand 1" in w.review.value and "<svg" in w.progress.value
    w.next_button.click()
    assert w.table.hand_number == 2 and w.review.value == "" and not visible(w.coach_panel)


def test_coach_after_each_decision() -> None:
    w = PlayTable(game="plo", seed=3, seats=4, trials=400, coach="after")
    w.fold_button.click() if w.table.hand.legal_actions().can_fold else w.check_button.click()
    assert visible(w.coach_panel) and "The coach on your preflop decision" in w.coach_panel.value


def test_bad_settings_are_refused() -> None:
    with pytest.raises(CoachError, match="coach"):
        PlayTable(coach="always")
