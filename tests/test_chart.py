"""The starting-hand chart: shipped data, lookup by any suits, ranking and
filtering, and agreement with an independent engine (poker-equity) within 3 standard errors.
R11 (halves, scoops) is what the Hi-Lo columns measure."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import permutations

import numpy as np
import pytest

from omaha_learn import CardError, starting_hands
from omaha_learn.engine.cards import Card, format_cards
from omaha_learn.engine.equity.random_hands import against_random
from omaha_learn.strategy.canonical import CLASSES, HANDS, hand_classes
from omaha_learn.strategy.chart import CHART_FILE, STATS, ChartError

GAMES = ("hilo", "plo")
VARIANT = {"hilo": "omaha_hi_lo", "plo": "omaha"}


@pytest.fixture(scope="module", params=GAMES)
def chart(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return starting_hands(request.param)


def test_data_file_is_package_data_and_records_how_it_was_made(chart) -> None:  # type: ignore[no-untyped-def]
    assert CHART_FILE.is_file() and CHART_FILE.parent.name == "data"
    meta = chart.meta
    assert meta["command"].startswith("python scripts/build_chart.py")
    assert meta["started"][:4] == "2026" and meta["finished"] >= meta["started"]
    assert meta["settings"]["seed"] == 2026 and "against_random" in meta["engine"]
    assert meta["wall_seconds"] > 0 and meta["classes"] == CLASSES
    assert (chart.column("trials") >= meta["settings"]["trials"]).all()
    assert (chart.column("trials6") >= meta["settings"]["trials6"]).all()


def test_every_class_once_with_its_combos(chart) -> None:  # type: ignore[no-untyped-def]
    assert len(chart) == CLASSES == 16_432 and chart.combos == HANDS
    assert sorted(r.rank for r in chart[:50]) == list(range(1, 51))
    assert sorted(chart.classes.tolist()) == list(range(CLASSES))
    ranks = chart.column("rank")
    assert sorted(ranks.tolist()) == list(range(1, CLASSES + 1))


def test_standard_errors_match_the_deals_recorded(chart) -> None:  # type: ignore[no-untyped-def]
    """A share of the pot (or of a half, or a scoop) lies in [0, 1], so its standard error is at
    most 0.5 / sqrt(deals - 1)."""
    for name in STATS:
        bound = 0.5 / np.sqrt(chart.column("trials6" if name.endswith("6") else "trials") - 1)
        se = chart.column(name + "_se")
        assert np.isfinite(se).all() and (se <= bound + 1e-7).all(), name
    assert (chart.column("equity_se") > 0).all() and (chart.column("equity6_se") > 0).all()


def test_standard_errors_are_at_most_0_19_points_heads_up_and_0_3_six_handed(chart) -> None:  # type: ignore[no-untyped-def]
    """the heads-up equity of every class to within 0.2 percentage points (one standard error);
    the chart does better, 0.19 heads-up and 0.3 six-handed."""
    assert float(chart.column("equity_se").max()) <= 0.0019
    assert float(chart.column("equity6_se").max()) <= 0.0030
    assert chart.column("trials").min() >= 20_000


def test_rows_are_ranked_by_equity_and_percentiles_rise(chart) -> None:  # type: ignore[no-untyped-def]
    eq = chart.column("equity")
    assert (np.diff(eq) <= 0).all()
    rows = [chart[i] for i in (0, 1, 100, 5000, -1)]
    pct = [r.percentile for r in rows]
    assert pct == sorted(pct, reverse=True) and 99.99 < pct[0] <= 100 and pct[-1] == 0.0
    assert rows[0].top == rows[0].combos / HANDS and rows[-1].top == 1.0


@pytest.mark.parametrize("game", GAMES)
def test_r1_lookup_ignores_which_suits(game: str) -> None:
    chart = starting_hands(game)
    rng = random.Random(11)
    for _ in range(40):
        hand = rng.sample(range(52), 4)
        row = chart.lookup(tuple(Card(c) for c in hand))
        perm = rng.choice(list(permutations(range(4))))
        other = tuple(Card(c // 4 * 4 + perm[c % 4]) for c in reversed(hand))
        assert chart.lookup(other) == row
        assert sorted(int(c) % 4 for c in row.hand) != [] and len(row.hand) == 4
    row = chart.lookup("Ad Ac 2d 3c")
    assert row.hand_text == "As Ah 3s 2h" and row.combos == 12 and row.suits == "ds" and row.ranks == "AA32"


def test_lookup_errors_name_the_hand() -> None:
    chart = starting_hands("hilo")
    with pytest.raises(CardError, match="hand: an Omaha starting hand has 4 cards, got 3"):
        chart.lookup("As Ah 2s")
    with pytest.raises(CardError):
        chart.lookup("As As 2s 3h")
    with pytest.raises(ChartError, match="share"):
        chart.top(0)
    with pytest.raises(ChartError, match="column"):
        chart.column("nonsense")


def test_top_share_filter_and_sort(chart) -> None:  # type: ignore[no-untyped-def]
    top = chart.top(0.10)
    assert 0.10 * HANDS <= top.combos < 0.10 * HANDS + 24
    assert [r.rank for r in top] == list(range(1, len(top) + 1))
    assert top[-1].top >= 0.10 > top[-2].top
    ds = chart.filter(lambda r: r.suits == "ds")
    assert ds.combos == 36_504 and all(r.suits == "ds" for r in ds[:20])
    by_six = chart.sorted(key=lambda r: r.equity6, reverse=True)
    assert by_six[0].equity6 == float(chart.column("equity6").max())
    six = chart.top(0.05, six_handed=True)
    assert six[0].equity6 >= six[-1].equity6 and six.combos >= 0.05 * HANDS
    assert top.range().combos == top.combos


def test_plo_has_no_low_and_hilo_columns_fit_together() -> None:
    plo, hilo = starting_hands("plo"), starting_hands("hilo")
    assert (plo.column("low") == 0).all()
    assert np.allclose(plo.column("high"), plo.column("equity"), atol=1e-6)
    # Hi-Lo: the pot share lies between half the high share and the mean of the two halves plus the no-low pots
    eq, hi, lo = hilo.column("equity"), hilo.column("high"), hilo.column("low")
    assert (eq >= hi / 2 - 1e-6).all() and (eq <= (hi + lo) / 2 + hi / 2 + 1e-6).all()
    assert (hilo.column("scoop") <= eq + 1e-6).all()


def test_known_shape_of_the_chart() -> None:
    """Published rankings agree on these: double-suited aces lead both games;
    A-A-2-3 double-suited is near the top in Hi-Lo; 2-2-2-2 and K-7-3-2 rainbow type hands are near the bottom."""
    plo, hilo = starting_hands("plo"), starting_hands("hilo")
    for chart in (plo, hilo):
        assert chart[0].ranks[:2] == "AA" and chart[0].suits == "ds"
        assert chart.lookup("2s 2h 2d 2c").percentile < 1
    assert hilo.lookup("As Ah 2s 3h").percentile > 99.9
    assert hilo.lookup("As Ah 2s 3h").rank < plo.lookup("As Ah 2s 3h").rank


@pytest.mark.parametrize("game", GAMES)
def test_chart_agrees_with_poker_equity_within_three_standard_errors(game: str) -> None:
    """20 classes per game, drawn with a seed; poker-equity samples 100,000 deals of each
    class's hand against one random hand, 20,000 against five."""
    pe = pytest.importorskip("poker_equity")
    chart = starting_hands(game)
    rng = random.Random(2026 + len(game))
    picks = rng.sample(range(CLASSES), 20)
    for k in picks:
        row = chart.row(k)
        hand = format_cards(row.hand, sep="")
        theirs = pe.chunk_from_text(VARIANT[game], [hand, "****"], samples=100_000, seed=k, threads=1)
        p = theirs["players"][0]
        tol = 3 * np.hypot(row.stderr, p["std_error"])
        assert abs(row.equity - p["equity"]) <= tol, (hand, row.equity, p["equity"], tol)
        n = theirs["samples"]
        scoop_se = np.sqrt(p["scoop"] * (1 - p["scoop"]) / n)
        assert abs(row.scoop - p["scoop"]) <= 3 * np.hypot(row.scoop_stderr, scoop_se), (hand, "scoop")
    for k in picks[:5]:
        row = chart.row(k)
        theirs = pe.chunk_from_text(VARIANT[game], [format_cards(row.hand, sep="")] + ["****"] * 5,
                                    samples=20_000, seed=k, threads=1)
        p = theirs["players"][0]
        assert abs(row.equity6 - p["equity"]) <= 3 * np.hypot(row.equity6_stderr, p["std_error"])


def test_build_script_is_reproducible_and_gives_against_randoms_rows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Five classes, a few deals: the same file whatever the batches and workers, and each row is what
    against_random gives for that hand alone with the recorded seed and trials."""
    script = [sys.executable, "scripts/build_chart.py", "--trials", "300", "--trials6", "100", "--limit", "5"]
    cwd = str(CHART_FILE.parent.parent.parent)
    for name, extra in (("a", ["--jobs", "1"]), ("b", ["--jobs", "2", "--batch", "2"])):
        run = subprocess.run(script + extra + ["--out", str(tmp_path / f"{name}.npz")], capture_output=True,
                             text=True, cwd=cwd)
        assert run.returncode == 0 and "wrote" in run.stderr, run.stderr
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        assert sorted(a.files) == sorted(b.files) and set(a.files) >= {"meta", "hands", "plo_equity6_se"}
        for key in a.files:
            if key != "meta":
                assert np.array_equal(a[key], b[key], equal_nan=True), key
        assert (a["hilo_trials"][:5] >= 300).all() and (a["plo_trials6"][:5] >= 100).all()
        assert np.isnan(a["plo_equity"][5:]).all() and (a["plo_trials"][5:] == 0).all()
        hand = tuple(Card(int(c)) for c in hand_classes().hands[3])
        alone = against_random([hand], 1, game="hilo", trials=300, seed=2026)
        assert a["hilo_equity"][3] == np.float32(alone.equity[0]) and a["hilo_trials"][3] == alone.deals[0]
        assert a["hilo_low_se"][3] == np.float32(alone.low_stderr[0])
        six = against_random([hand], 5, game="plo", trials=100, seed=2026)
        assert a["plo_scoop6_se"][3] == np.float32(six.scoop_stderr[0])


def test_hand_classes_line_up_with_the_file() -> None:
    with np.load(CHART_FILE) as z:
        assert np.array_equal(z["hands"], hand_classes().hands)


@pytest.mark.slow
def test_build_script_on_a_dask_cluster_gives_the_same_rows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """the chart build runs on a Dask cluster (--scheduler) and gives the rows a local run gives."""
    distributed = pytest.importorskip("distributed")
    script = [sys.executable, "scripts/build_chart.py", "--trials", "300", "--trials6", "100", "--limit", "3",
              "--games", "plo"]
    cwd = str(CHART_FILE.parent.parent.parent)
    local = subprocess.run(script + ["--jobs", "1", "--out", str(tmp_path / "a.npz")], capture_output=True, text=True,
                           cwd=cwd)
    assert local.returncode == 0, local.stderr
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = subprocess.run(script + ["--scheduler", cluster.scheduler_address, "--batch", "2",
                                          "--out", str(tmp_path / "b.npz")],
                                capture_output=True, text=True, cwd=cwd)
    assert remote.returncode == 0, remote.stderr
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        assert np.array_equal(a["plo_equity"][:3], b["plo_equity"][:3])
        assert np.array_equal(a["plo_equity6"][:3], b["plo_equity6"][:3])


# ------------------------------------------- class labels, the six-handed order, side by side


def test_class_labels_name_every_class_once_and_say_which_cards_are_suited() -> None:
    """R3: which hole cards share a suit decides the flushes, so a label must tell apart AA32 ss's three classes."""
    from omaha_learn.strategy.canonical import class_label

    labels = {class_label(tuple(Card(int(c)) for c in hand)) for hand in hand_classes().hands}
    assert len(labels) == CLASSES
    three = {class_label(h) for h in ("As Ah 3s 2d", "As Ah 2s 3d", "Ad Ac 3h 2h")}
    assert three == {"AA32 ss (A3 suited)", "AA32 ss (A2 suited)", "AA32 ss (32 suited)"}
    assert starting_hands("plo").lookup("Kd Kc Ad Ac").label == class_label("As Ah Ks Kh")


def test_six_handed_ranks_follow_equity_against_five_hands(chart) -> None:  # type: ignore[no-untyped-def]
    six = chart.six_handed()
    ranks6 = [r.rank6 for r in six[:50]]
    assert ranks6 == list(range(1, 51))
    eq6 = six.column("equity6")
    assert np.all(np.diff(eq6) <= 0)
    row = chart.lookup(six[0].hand)
    assert row.rank6 == 1 and f"six-handed (rank {row.rank6:,})" in str(row)


def test_heads_up_and_six_handed_orders_reverse_the_lesson_pair() -> None:
    """The example of lesson 12 and exercise 8: the aces lead heads-up, the double-suited rundown six-handed."""
    plo = starting_hands("plo")
    aces, rundown = plo.lookup("As Ah 7d 2c"), plo.lookup("Js Th 9s 8h")
    assert aces.rank < rundown.rank and aces.rank6 > rundown.rank6


def test_rank_shifts_are_the_largest_rank_ratios_within_the_best_of_either_order() -> None:
    plo = starting_hands("plo")
    up = plo.rank_shifts(within=500, limit=5, direction="up")
    down = plo.rank_shifts(within=500, limit=5, direction="down")
    assert len(up) == len(down) == 5
    assert all(r.rank6 < r.rank and min(r.rank, r.rank6) <= 500 for r in up)
    assert all(r.rank6 > r.rank and min(r.rank, r.rank6) <= 500 for r in down)
    ratios = [r.rank / r.rank6 for r in up]
    assert ratios == sorted(ratios, reverse=True)
    # brute force over the whole chart: nobody within 500 moves up more than the first
    best = max(r.rank / r.rank6 for r in plo if min(r.rank, r.rank6) <= 500)
    assert ratios[0] == best
    both = plo.rank_shifts(within=500, limit=10)
    shift = {r.index: abs(np.log(r.rank / r.rank6)) for r in (up[0], down[0])}
    assert both[0].index == max(shift, key=shift.__getitem__)
    for bad in ({"direction": "sideways"}, {"limit": 0}, {"within": True}):
        with pytest.raises(ChartError):
            plo.rank_shifts(**bad)  # type: ignore[arg-type]


def test_compare_prints_both_orders_with_each_rank_in_the_other() -> None:
    plo = starting_hands("plo")
    lines = plo.compare(5).splitlines()
    assert len(lines) == 3 + 5
    first = lines[3].split()
    assert first[0] == "1" and plo[0].label.split()[0] in lines[3] and plo.six_handed()[0].label.split()[0] in lines[3]
    assert str(plo[0].rank6) in lines[3]
    with pytest.raises(ChartError):
        plo.compare(0)


def test_percent_text_never_reads_zero_or_a_hundred_for_a_share_that_is_neither() -> None:
    from omaha_learn.display.chart import row_html
    from omaha_learn.strategy.chart import percent_text

    plo = starting_hands("plo")
    best, worst = plo[0], plo[-1]
    for row in (best, worst):
        for share in (row.top, row.percentile / 100):
            if 0 < share < 1:
                assert percent_text(share) not in ("0.00%", "100.00%"), (row.rank, share)
    assert "top 0.00%" not in str(best) and "100.00%" not in row_html(best)
    assert percent_text(0.5) == "50.00%" and percent_text(1.0) == "100.00%" and percent_text(0.0) == "0.00%"
