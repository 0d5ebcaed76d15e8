"""Seeded Monte Carlo equity: known figures within their standard error, agreement
with exact enumeration, reproducibility and progress reporting (R11)."""

from __future__ import annotations

import pytest

from omaha_learn import equity


def test_pocket_aces_kings_double_suited_vs_random_hand_plo_is_about_70_7_percent() -> None:
    """AsAhKsKh against a random hand in Pot-Limit Omaha: about 70.7%."""
    r = equity(["As Ah Ks Kh", None], game="high", trials=200_000, seed=2024)
    p = r[0]
    assert p.stderr is not None and p.stderr < 0.002
    assert abs(p.equity - 0.707) < 4 * p.stderr + 0.002
    assert abs(r[0].equity + r[1].equity - 1) < 1e-12
    assert not r.exact and r.boards == 200_000


@pytest.mark.parametrize("board", ["", "4c 7d 9s"])
def test_r11_monte_carlo_agrees_with_exact_within_stderr(board: str) -> None:
    holes = ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td"]
    exact = equity(holes, board)
    mc = equity(holes, board, trials=60_000, seed=7)
    for e, m in zip(exact, mc, strict=True):
        assert m.stderr is not None and m.stderr > 0
        assert abs(e.equity - m.equity) < 5 * m.stderr
        assert abs(e.scoop - m.scoop) < 0.02
    assert abs(exact.low_possible - mc.low_possible) < 0.02


def test_same_seed_same_result_other_seed_differs() -> None:
    a = equity(["As Ah 2s 3h", None, None], trials=5_000, seed=11)
    b = equity(["As Ah 2s 3h", None, None], trials=5_000, seed=11)
    c = equity(["As Ah 2s 3h", None, None], trials=5_000, seed=12)
    assert a.counts == b.counts
    assert a.counts != c.counts


@pytest.mark.parametrize("holes,board", [
    (["As Ah 2s 3h", None, None], ""),
    ([None] * 6, ""),
    (["As Ah 2s 3h 9c", None], "4c 7d 9s"),
])
def test_seeded_result_is_the_same_for_any_thread_count(holes: list[str | None], board: str) -> None:
    one = equity(holes, board, trials=40_000, seed=3, threads=1)
    two = equity(holes, board, trials=40_000, seed=3, threads=2)
    four = equity(holes, board, trials=40_000, seed=3, threads=4)
    assert one.counts == two.counts == four.counts


def test_random_hands_fixed_board_and_dead_cards() -> None:
    r = equity([None, None], board="Ah Kh Qh", dead="Jh Th", game="high", trials=3_000, seed=1)
    # nobody can make the royal flush: Jh and Th are dead; equities are symmetric in expectation
    assert abs(r[0].equity - 0.5) < 5 * (r[0].stderr or 1)


def test_five_card_omaha_monte_carlo() -> None:
    holes = ["As Ah 2s 3h 9c", "Kd Kc Qd Jc 4s"]
    exact = equity(holes, "4c 7d 9s")
    mc = equity(holes, "4c 7d 9s", trials=20_000, seed=5)
    assert abs(exact[0].equity - mc[0].equity) < 5 * (mc[0].stderr or 1)


def test_progress_callable_and_text_bar(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int]] = []
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], trials=70_000, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (70_000, 70_000) and len(calls) >= 2
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:], strict=False))
    calls.clear()
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td"], progress=lambda d, t: calls.append((d, t)))
    assert calls[-1][0] == calls[-1][1] == 658_008  # C(40, 5)
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s", progress=True)
    err = capsys.readouterr().err
    assert "100%" in err and "820/820" in err


def test_str_and_html_show_every_player() -> None:
    r = equity(["As Ah 2s 3h", None], trials=2_000, seed=3)
    text = str(r)
    assert "random" in text and "Monte Carlo, seed 3" in text and "±" in text
    html = r._repr_html_()
    assert "<table" in html and "2,000 boards" in html
