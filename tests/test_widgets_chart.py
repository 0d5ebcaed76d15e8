"""StartingHandChart and RangeEquity widgets; chart figures."""

from __future__ import annotations

import json

import matplotlib

matplotlib.use("Agg")

from omaha_learn import equity, parse_range, starting_hands  # noqa: E402
from omaha_learn.display.chart import (  # noqa: E402
    chart_heatmap,
    chart_heatmap_mpl,
    chart_html,
    equity_histogram,
    equity_histogram_mpl,
)
from omaha_learn.widgets import RangeEquity, StartingHandChart  # noqa: E402


def test_starting_hand_chart_shows_rank_and_neighbours() -> None:
    app = StartingHandChart("Ad Ac 2d 3c", game="hilo", neighbours=3)
    row = starting_hands("hilo").lookup("As Ah 2s 3h")
    assert app.row == row
    assert f"rank {row.rank:,}" in app.info.value and "As" not in app.hand_w.value
    assert app.near.value.count("<tr") == 1 + min(row.rank - 1, 3) + 1 + 3
    assert "background:#fff3c4" in app.near.value  # the hand's own row is marked
    spec = app.figure_out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert spec["data"][0]["type"] == "heatmap" and len(spec["data"][0]["y"]) == 30


def test_starting_hand_chart_typing_dealing_and_game() -> None:
    app = StartingHandChart(game="plo", seed=4, overview=None)
    first = app.hand_w.value
    assert app.row is not None and app.row.game == "plo"
    app.deal_button.click()
    assert app.hand_w.value != first and app.row == app.chart.lookup(app.hand_w.value)
    again = StartingHandChart(game="plo", seed=4, overview=None)
    assert again.hand_w.value == first  # seeded
    app.hand_w.value = "Ks Kh Qs Qh"
    assert app.row.hand_text == "Ks Kh Qs Qh"
    app.game_w.value = "hilo"
    assert app.row.game == "hilo" and app.chart.game == "hilo"


def test_starting_hand_chart_bad_hand_is_a_message() -> None:
    app = StartingHandChart("As Ah 2s 3h", overview=None)
    before = app.row
    app.hand_w.value = "As Ah 2s"
    assert "4 cards" in app.message.value and app.row == before
    app.hand_w.value = "As Ah 2s 3h"
    assert app.message.value == ""


def test_starting_hand_chart_print_overview() -> None:
    app = StartingHandChart("As Ah 2s 3h", overview="mpl", top=10)
    assert "image/png" in app.figure_out.outputs[0]["data"]


def test_range_equity_exact_when_small_and_counts_combos() -> None:
    app = RangeEquity("As Ah 2s 3h", "KK**ds", board="Kc 7d 2h", game="hilo")
    assert app.result.exact and app.combos == 864 and app.live == 299
    direct = equity(["As Ah 2s 3h", "KK**ds"], board="Kc 7d 2h")
    assert app.result.equities == direct.equities
    assert "864 hands" in app.size_line.value and "299 left" in app.size_line.value
    assert "KK**ds" in app.table.value and "random" not in app.table.value


def test_range_equity_monte_carlo_is_seeded() -> None:
    a = RangeEquity("As Ah 2s 3h", "AA**", game="plo", trials=3000, seed=3)
    b = RangeEquity("As Ah 2s 3h", "AA**", game="plo", trials=3000, seed=3)
    assert not a.result.exact and a.result.boards == 3000 and a.result.equities == b.result.equities
    assert a.live == len(parse_range("AA**").without("As Ah 2s 3h")) == 1035
    assert "&plusmn;" in a.table.value


def test_range_equity_top_share_and_errors() -> None:
    app = RangeEquity("As Ah 2s 3h", "5%", game="hilo", trials=2000)
    assert app.combos == len(parse_range("5%", game="hilo")) and "chart" in app.size_line.value
    before = app.result
    app.range_w.value = "AA**,"
    assert "missing" in app.message.value and app.result is before
    app.range_w.value = "KK**"
    app.hand_w.value = "As Ah 2s"
    app.run_button.click()
    assert "4" in app.message.value and app.result is before


def test_chart_html_and_figures() -> None:
    chart = starting_hands("plo")
    page = chart_html(chart, limit=3, highlight=int(chart.classes[1]))
    assert page.count("<tr") == 4 and page.count("#fff3c4") == 1 and "16,432 classes" in page
    fig = chart_heatmap(chart, top=5, stat="equity6")
    assert len(fig.data[0].y) == 5 and fig.data[0].y[0][:2] == "AA"
    hist = equity_histogram(chart)
    assert [t.name for t in hist.data] == ["double-suited", "single-suited", "rainbow", "three suited", "four suited"]
    assert abs(sum(sum(t.y) for t in hist.data) - 270_725) < 1e-6
    for fig in (chart_heatmap_mpl(chart, top=5), equity_histogram_mpl(chart)):
        assert fig.axes
    assert "<table" in chart.top(0.01)._repr_html_()


def test_bad_input_shows_its_error_and_no_earlier_result() -> None:
    """A learner types a wrong hand or range after a good one: the message names it, no stale row or table stays."""
    from omaha_learn.widgets import RangeEquity, StartingHandChart

    chart = StartingHandChart("As Ah 2s 3h", overview=None)
    assert "rank" in chart.info.value
    chart.hand_w.value = "Xz Ah 2s 3s"
    assert "Xz" in chart.message.value and chart.info.value == "" and chart.near.value == ""
    rng = RangeEquity(trials=500)
    rng.run_button.click()
    assert rng.table.value
    rng.range_w.value = "AA**,"
    rng.run_button.click()
    assert "pattern is missing" in rng.message.value and rng.table.value == "" and rng.size_line.value == ""


def test_starting_hand_chart_six_handed_order_and_side_by_side() -> None:
    app = StartingHandChart("As Ah 7d 2c", game="plo", neighbours=2, overview=None)
    row = app.row
    assert "heads-up ranks" in app.near.value and f"{row.rank:,}" in app.near.value
    assert "six-handed order" in app.compare.value and app.compare.value.count("<tr>") == 1 + 8
    app.order_w.value = "six-handed"
    assert app.stat == "equity6" and "six-handed ranks" in app.near.value
    six = app.chart.six_handed()
    near = six[row.rank6 - 3:row.rank6 + 2]
    assert all(r.hand_text.split()[0] in app.near.value for r in near)   # the neighbours in six-handed order
    # issue 29: the headline and the columns follow the chosen order (rank, then percentile six-handed)
    assert app.info.value.index(f"<b>six-handed rank {row.rank6:,}</b>") < app.info.value.index("heads-up rank")
    assert "of hands six-handed" in app.info.value
    head = app.near.value[app.near.value.index("<thead>"):app.near.value.index("</thead>")]
    assert head.index("6h rank") < head.index("6h percentile") < head.index(">rank<")
    for word in ("position", "implied", "stack", "playability"):
        assert word in app.note.value


def test_starting_hand_chart_overview_follows_the_order() -> None:
    app = StartingHandChart("Js Th 9s 8h", game="plo", order="six-handed", top=8)
    spec = app.figure_out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    # issue 29: the heat map says "six-handed equity", not the column's code name "equity6"
    title = spec["layout"]["title"]["text"]
    assert "six-handed equity" in title and "equity6" not in title
    assert "equity6" not in json.dumps(spec["data"][0].get("colorbar", {}))


def test_range_equity_same_inputs_same_numbers_and_the_seed_it_was_given() -> None:
    """RangeEquity(seed=13) runs with seed 13, and running it again gives the same numbers."""
    app = RangeEquity("Ks Kh Qs Jh", "AA**", game="plo", trials=2000, seed=13)
    first = app.result
    assert first.seed == 13 and not first.exact
    app.run()
    assert app.result.seed == 13 and app.result.equities == first.equities
    app.trials_w.value = 3000
    app.run()
    assert app.result.seed == 13 and app.result.boards == 3000


def test_chart_tables_say_what_they_measure() -> None:
    from omaha_learn.display.chart import MEASURES, compare_html

    plo = starting_hands("plo")
    for page in (chart_html(plo, limit=3), compare_html(plo, rows=3), plo._repr_html_()):
        assert MEASURES in page
    for word in ("all-in equity", "position", "stack sizes"):
        assert word in MEASURES.lower()
