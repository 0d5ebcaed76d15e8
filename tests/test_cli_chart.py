"""omaha-learn chart and range equity on the command line."""

from __future__ import annotations

import pytest

from omaha_learn import starting_hands
from omaha_learn.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_chart_top_share(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["chart", "--game", "hilo", "--top", "1", "--rows", "5"], capsys)
    top = starting_hands("hilo").top(0.01)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "Omaha Hi-Lo 8 or better: top 1% of hands (heads-up)"
    assert f"{len(top):,} classes, {top.combos:,} hands" in out and f"({len(top) - 5:,} more)" in out
    assert top[0].hand_text in out.splitlines()[2]


def test_chart_hand_lookup_any_suits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["chart", "--game", "plo", "--hand", "KdKcQdQc"], capsys)
    row = starting_hands("plo").lookup("Ks Kh Qs Qh")
    assert code == 0 and out.startswith(f"Ks Kh Qs Qh: rank {row.rank:,} of 16,432")
    code, out, _ = run(["chart", "--game", "hilo", "--hand", "As Ah 2s 3h"], capsys)
    assert "low share" in out


def test_chart_six_handed_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["chart", "--game", "plo", "--six", "--rows", "3"], capsys)
    assert code == 0 and "six-handed" in out.splitlines()[0]
    assert run(["chart", "--top", "150"], capsys)[0] == 2
    code, _, err = run(["chart", "--hand", "As Ah 2s"], capsys)
    assert code == 2 and "4 cards" in err


def test_equity_against_a_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["equity", "AsAh2s3h", "KKQJ:ds", "--board", "Kc7d2h"], capsys)
    assert code == 0 and "(exact)" in out and "range KKQJ:ds (6 of 12 hands" in out
    code, out, _ = run(["equity", "AsAh2s3h", "AA**", "--game", "plo"], capsys)   # too big to enumerate
    assert code == 0 and "Monte Carlo with 100,000 deals, seed 1" in out and "1,035 of 6,961" in out
    code, out, _ = run(["equity", "AsAh2s3h", "15%", "--trials", "2000", "--seed", "3"], capsys)
    assert code == 0 and "range 15%" in out
    code, _, err = run(["equity", "AsAh2s3h", "AA**!"], capsys)
    assert code == 2 and "player 2's range" in err
