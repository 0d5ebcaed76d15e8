"""The omaha-learn command: equity tables, best hands, showdowns, frequencies, grade dispatch."""

from __future__ import annotations

import subprocess
import sys

import pytest

from omaha_learn.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_equity_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["equity", "As2s3dKd", "KhKcQhQc", "--board", "7s8dTh"], capsys)
    assert code == 0
    assert "820 boards (exact)" in out and "As 2s 3d Kd" in out and "51.22%" in out
    assert err == ""


def test_equity_monte_carlo_with_random_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["equity", "AsAhKsKh", "random", "--game", "high", "--trials", "3000", "--seed", "4"], capsys)
    assert code == 0 and "Monte Carlo, seed 4" in out and "random" in out


def test_long_run_shows_a_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["equity", "AsAh2s3h", "KdKcQdJc"], capsys)
    assert code == 0 and "100%" in err and "1,086,008/1,086,008" in err
    code, _, err = run(["equity", "AsAh2s3h", "KdKcQdJc", "--quiet"], capsys)
    assert err == ""


@pytest.mark.parametrize("args,message", [
    (["equity", "AsAs2s3h", "KdKcQdJc"], "duplicate card 'As'"),
    (["equity", "AsAh2s3h", "KdKcQdJc", "--board", "2c3c"], "board: 0 (preflop)"),
    (["equity", "AsAh2s3h", "KdKcQdJh", "--board", "Jh2c3c"], "dealt twice"),
    (["equity", "AsAh2s3h", "random"], "random hand"),
    (["best", "AsKd7h", "--board", "Kc9c6c"], "hole"),
])
def test_bad_input_is_one_clear_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    assert err.startswith("omaha-learn: error:") and message in err
    assert "Traceback" not in err


def test_best_explains_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["best", "AsKd7h2c", "--board", "Kc 9c 6c 6h Qc"], capsys)
    assert code == 0 and "Two pair, kings and sixes, ace kicker" in out and "R3" in out


def test_showdown_prints_payouts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["showdown", "As2s3dKd", "KhKcQhQc", "--board", "7s8dTh2c5h"], capsys)
    assert code == 0 and "Payouts: seat 0 +100, seat 1 +100" in out


def test_frequencies_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["frequencies", "--players", "2", "3", "--trials", "1000"], capsys)
    assert code == 0 and "scoop" in out and len(out.strip().splitlines()) == 4


def test_grade_is_dispatched_to_grading(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["grade", "--help"])
    except SystemExit as exc:  # argparse's --help may exit
        code = int(exc.code or 0)
    assert code == 0
    assert "usage: omaha-learn grade" in capsys.readouterr().out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "equity" in capsys.readouterr().out


def test_console_script_runs_as_a_module() -> None:
    out = subprocess.run([sys.executable, "-m", "omaha_learn.cli", "equity", "AsAh2s3h", "KdKcQdJc",
                          "--board", "4c7d9sKh"], capture_output=True, text=True, check=True)
    assert "40 boards (exact)" in out.stdout


def test_lessons_command_opens_the_start_page_in_jupyterlab(capsys):
    from omaha_learn.cli import main

    assert main(["lessons", "--dry-run", "--no-browser", "--port", "8899"]) == 0
    cmd = capsys.readouterr().out
    assert "-m jupyterlab" in cmd and "notebooks/00_start.ipynb" in cmd
    assert "--port=8899" in cmd and "--no-browser" in cmd

