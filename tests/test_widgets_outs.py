"""OutsExplorer: typing, dealing, the turn button and errors as text (R2, R3, R8-R11)."""

from __future__ import annotations

from omaha_learn import outs
from omaha_learn.widgets import OutsExplorer


def test_typed_hand_draws_the_grid_and_the_draws() -> None:
    x = OutsExplorer("Ah 2h Kd Ks", "3c 7h Qh")
    assert x.result is not None and x.result.game.value == "hilo"
    assert "nut flush draw" in x.view.value and "counterfeit risk" in x.view.value
    assert x.view.value.count('class="ol-chip"') == 45 and x.message.value == ""


def test_changing_the_boxes_recomputes() -> None:
    x = OutsExplorer("Ah 2h Kd Ks", "3c 7h Qh")
    x.game_w.value = "plo"
    assert x.result is not None and not x.result.game.has_low and "counterfeit" not in x.view.value
    x.hole_w.value = "9s 8d 5c 4h"
    x.board_w.value = "7c 6d Ks"
    assert x.result.draws[0].name == "20-card wrap"
    x.dead_w.value = "Tc Td"
    assert len(x.result) == 43 and len(x.result.draws[0].cards) == 18


def test_errors_are_text_and_keep_the_last_result() -> None:
    x = OutsExplorer("Ah 2h Kd Ks", "3c 7h Qh")
    before = x.result
    x.hole_w.value = "Ah 2h Kd Xz"
    assert "Xz&#x27; is not a card" in x.message.value and x.result is before
    x.hole_w.value = "Ah 2h Kd Ks"
    assert x.message.value == "" and x.result is not before
    x.board_w.value = "3c 7h Qh 9d 8d"
    assert "flop (3 cards) or a turn" in x.message.value
    x.turn_button.click()
    assert "the turn comes after a flop" in x.message.value


def test_deal_is_seeded_and_turn_adds_a_card() -> None:
    a, b = OutsExplorer(seed=3), OutsExplorer(seed=3)
    assert a.hole_w.value == b.hole_w.value and len(a.board_w.value.split()) == 3
    a.turn_button.click()
    board = a.board_w.value.split()
    assert len(board) == 4 and a.result is not None and len(a.result) == 44
    assert a.result.summary() == outs(a.hole_w.value, a.board_w.value, "hilo").summary()
    first = a.hole_w.value
    a.deal_button.click()
    assert a.hole_w.value != first and len(a.board_w.value.split()) == 3


def test_repr_is_stable() -> None:
    assert repr(OutsExplorer(seed=1)) == "OutsExplorer(seed=1)"
