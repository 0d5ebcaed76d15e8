"""EquityLab widget and equity figures: exact and Monte Carlo, progress, chart (R11)."""

from __future__ import annotations

from omaha_learn.display.figures import equity_figure_mpl, rates_figure
from omaha_learn.widgets import EquityLab


def test_r11_exact_equity_table_and_chart():
    lab = EquityLab(hands=["Ann: As Ah 2s 3h", "Bob: Kd Kc Qd Jc"], board="4c 7d 9s")
    assert lab.result.exact and lab.result.boards == 820
    assert "Ann" in lab.table.value and "82.7%" in lab.table.value
    assert lab.progress.value == 100
    out = lab.chart.outputs[0]["data"]
    spec = out["application/vnd.plotly.v1+json"]
    assert [t["name"] for t in spec["data"]] == ["Equity", "Scoop", "Split", "Quartered"]
    assert spec["data"][0]["x"] == ["Ann", "Bob"]


def test_monte_carlo_is_seeded_and_reports_error():
    a = EquityLab(hands=["As Ah 2s 3h", "Kd Kc Qd Jc"], exact=False, trials=2000, seed=5)
    b = EquityLab(hands=["As Ah 2s 3h", "Kd Kc Qd Jc"], exact=False, trials=2000, seed=5)
    assert not a.result.exact and a.result.boards == 2000
    assert a.result.equities == b.result.equities
    assert "&plusmn;" in a.table.value


def test_deal_button_deals_and_runs():
    lab = EquityLab(seed=2, players=3)
    first = lab.hands_w.value
    assert len(lab.result) == 3
    lab.deal_button.click()
    assert lab.hands_w.value != first and len(lab.board_w.value.split()) == 3


def test_bad_input_is_a_message_and_keeps_result():
    lab = EquityLab(hands=["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    before = lab.result
    lab.hands_w.value = "As Ah 2s 3h\nAs Kc Qd Jc"
    lab.run_button.click()
    assert "dealt twice" in lab.message.value and lab.result is before
    lab.hands_w.value = "As Ah 2s 3h"
    lab.run_button.click()
    assert "at least two hands" in lab.message.value


def test_high_only_game_hides_low_columns():
    lab = EquityLab(hands=["As Ah Ks Kh", "Qd Jd Tc 9c"], board="2s 7h 8d Qh", game="high")
    assert "Low share" not in lab.table.value


def test_printable_matplotlib_figure_and_generic_rates():
    lab = EquityLab(hands=["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    fig = equity_figure_mpl(lab.result, names=["Ann", "Bob"])
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["Ann", "Bob"]
    f2 = rates_figure({"Scoop": [0.2, 0.3]}, ["A", "B"], title="t")
    assert f2.data[0].marker.pattern.shape == "/"
