"""ShowdownViewer widget: side pots, halves, quartering, odd chips (R11, R21, R24)."""

from __future__ import annotations

from omaha_learn.widgets import ShowdownViewer
from omaha_learn.widgets.showdown_viewer import PRESETS


def test_r21_side_pot_preset():
    v = ShowdownViewer(preset="Side pots (R21)")
    assert v.result.payouts == (1575, 525, 0)
    assert "Main pot: 300" in v.view.value and "Side pot 1: 1800" in v.view.value


def test_r11_r24_every_preset_settles_with_reasons():
    v = ShowdownViewer(preset=None, seed=1)
    for name in PRESETS:
        v.preset_w.value = name
        assert v.message.value == ""
        assert v.result.pots[0].reason in v.view.value.replace("&#x27;", "'")
    v.preset_w.value = "Odd chip to the high (R24)"
    assert v.result.payouts == (8, 7, 0)
    assert "odd chip goes to the high half" in v.view.value


def test_deal_is_seeded_and_pays_out_everything():
    a, b = ShowdownViewer(preset=None, seed=3), ShowdownViewer(preset=None, seed=3)
    assert a.holes_w.value == b.holes_w.value and a.contrib_w.value == b.contrib_w.value
    a.deal_button.click()
    total = sum(int(x) for x in a.contrib_w.value.split())
    assert sum(a.result.payouts) == total


def test_folded_seat_and_typed_edit():
    v = ShowdownViewer()
    v.holes_w.value = "As 2s Kd Kc\nfold\n7c 7d 9h Ts"
    v.show_button.click()
    assert v.message.value == "" and v.result.payouts[1] == 0
    assert "folded" in v.view.value


def test_bad_input_messages():
    v = ShowdownViewer()
    good = v.view.value
    v.contrib_w.value = "100 lots 100"
    v.show_button.click()
    assert "'lots'" in v.message.value.replace("&#x27;", "'") and v.view.value == good
    v.contrib_w.value = "100 100 100"
    v.board_w.value = "Ks 4c 5d"
    v.show_button.click()
    assert "five board cards" in v.message.value
