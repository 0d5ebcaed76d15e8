"""FrequencyPlots widget and frequency figures: scoop/split/quartered/no-low by table size (R11)."""

from __future__ import annotations

from omaha_learn.display.figures import frequency_figure, frequency_figure_mpl
from omaha_learn.widgets import FrequencyPlots


def test_r11_rates_table_and_interactive_chart():
    fp = FrequencyPlots(players=(2, 3), trials=400, seed=1)
    assert [r["players"] for r in fp.data.rows] == [2, 3]
    assert "2 players" in fp.table.value and "quartered" in fp.table.value
    spec = fp.chart.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert [t["name"] for t in spec["data"]] == ["Scoop", "Split", "Quartered", "No low"]
    assert spec["data"][0]["x"] == ["2 players", "3 players"]
    assert fp.progress.value == 100


def test_printable_switch_gives_png():
    fp = FrequencyPlots(players=(2,), trials=300, seed=1)
    fp.style_w.value = "printable"
    data = fp.chart.outputs[0]["data"]
    assert "image/png" in data and len(data["image/png"]) > 1000
    fp.style_w.value = "interactive"
    assert "application/vnd.plotly.v1+json" in fp.chart.outputs[0]["data"]


def test_seeded_and_hand_column():
    a = FrequencyPlots(players=(2,), trials=300, seed=4)
    b = FrequencyPlots(players=(2,), trials=300, seed=4)
    assert a.data.rows == b.data.rows
    a.hand_w.value = "As Ah 2s 3h"
    a.run_button.click()
    assert "equity" in a.data.columns and "Equity" in [t.name for t in frequency_figure(a.data).data]


def test_bad_hand_is_a_message():
    fp = FrequencyPlots(players=(2,), trials=300, seed=4)
    before = fp.data
    fp.hand_w.value = "As Ah 2s"
    fp.run_button.click()
    assert fp.message.value and fp.data is before


def test_high_only_drops_low_series():
    fp = FrequencyPlots(players=(2,), trials=300, seed=4, game="high")
    assert [t.name for t in frequency_figure(fp.data).data] == ["Scoop", "Split"]
    fig = frequency_figure_mpl(fp.data)
    assert fig.axes[0].get_title().startswith("How pots end")
