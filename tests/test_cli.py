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


def test_lessons_command_prints_the_start_page_url_with_its_token(capsys):
    assert main(["lessons", "--dry-run", "--no-browser", "--port", "8899"]) == 0
    cmd, url = capsys.readouterr().out.strip().splitlines()
    assert "-m jupyterlab" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert "--IdentityProvider.token=TOKEN" in cmd
    assert url == "http://127.0.0.1:8899/doc/tree/notebooks/00_start.ipynb?token=TOKEN"


def test_lessons_serve_lessons_and_learner_copies_but_not_the_keys(tmp_path):
    from omaha_learn.cli import learner_root, project_root

    root = project_root()
    assert root is not None
    base = learner_root(root, tmp_path)
    assert (base / "notebooks" / "00_start.ipynb").is_file() and (base / "docs" / "rules.md").is_file()
    served = sorted(p.name for p in (base / "exercises").iterdir())
    learner = sorted(p.name for p in (root / "exercises").glob("*.ipynb"))
    assert learner and set(learner) <= set(served)
    assert "solutions" not in served and not list(base.rglob("solutions"))
    assert learner_root(root, tmp_path) == base      # idempotent: run the command again
    assert sorted(p.name for p in (base / "exercises").iterdir()) == served


@pytest.mark.parametrize("args,message", [
    (["showdown", "As2s3dKd", "KhKcQhQc", "--board", "7s8dTh2c5h", "--pot", "0"], "--pot: 0 must be at least 1"),
    (["showdown", "As2s3dKd", "KhKcQhQc", "--board", "7s8dTh2c5h", "--each", "-5"], "--each: -5 must be at least 1"),
    (["showdown", "As2s3dKd", "KhKcQhQc", "--board", "7s8dTh2c5h", "--qualifier", "7"], "'7' is not a qualifier"),
    (["best", "AsKd7h2c", "--board", "Kc9c6c", "--qualifier", "0"], "'0' is not a qualifier"),
    (["equity", "AsAh2s3h", "random", "--trials", "100", "--seed", "-1"], "-1 is not a seed"),
    (["frequencies", "--seed", "x"], "'x' is not a seed"),
    (["equity", "AsAh2s3h", "KdKcQdJc", "--game", "holdem"], "game 'holdem' is not one of"),
])
def test_bad_options_are_named_in_our_own_words(args, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("command", [["equity", "AsAh2s3h", "KdKcQdJc", "--board", "4c7d9sKh"],
                                     ["showdown", "AsAh2s3h", "KdKcQdJc", "--board", "4c7d9sKh2c"],
                                     ["frequencies", "--players", "2", "--trials", "200"]])
@pytest.mark.parametrize("game", ["plo", "PLO", "high", "hilo", "o8", "omaha8"])
def test_every_game_subcommand_takes_the_game_vocabulary(command, game, capsys):
    assert main([*command, "--game", game]) == 0


def test_showdown_pot_is_the_whole_pot_and_each_is_per_seat(capsys):
    args = ["showdown", "As2s3dKd", "KhKcQhQc", "--board", "7s8dTh2c5h"]
    code, out, _ = run([*args, "--pot", "100"], capsys)
    assert code == 0 and "Main pot 100" in out and "seat 0 +50, seat 1 +50" in out
    code, out, _ = run([*args, "--each", "100"], capsys)
    assert code == 0 and "Main pot 200" in out
    code, _, err = run([*args, "--pot", "101"], capsys)
    assert code == 2 and "--pot 101 cannot be put in equally by 2 seats" in err


def test_r1_five_hole_cards_are_an_error_naming_the_extra_card_unless_chosen(capsys):
    code, _, err = run(["best", "AcKdTd8h9h", "--board", "Kc 9c 6c 6h Qc"], capsys)
    assert code == 2 and "hand: 5 hole cards, but Omaha deals exactly 4 (R1): the extra card is 9h" in err
    code, out, _ = run(["best", "AcKdTd8h9h", "--board", "Kc 9c 6c 6h Qc", "--hole-cards", "5"], capsys)
    assert code == 0 and out.startswith("Five-card Omaha (5 hole cards): 100 choices")
    code, _, err = run(["equity", "AsAh2s3hKc", "KdKcQdJc", "--board", "4c7d9s"], capsys)
    assert code == 2 and "hand 1: 5 hole cards" in err and "the extra card is Kc" in err
    code, _, err = run(["showdown", "As2s3dKd", "KhKcQhQc4d", "--board", "7s8dTh2c5h"], capsys)
    assert code == 2 and "seat 1: 5 hole cards" in err and "extra card is 4d" in err
    code, out, _ = run(["equity", "AsAh2s3hKc", "KdQcQdJc9h", "--board", "4c7d9s", "--hole-cards", "5"], capsys)
    assert code == 0 and out.startswith("Five-card Omaha (5 hole cards)")
    code, out, _ = run(["showdown", "As2s3dKd9c", "KhKcQhQc4d", "--board", "7s8dTh2c5h", "--hole-cards", "5"], capsys)
    assert code == 0 and out.startswith("Five-card Omaha (5 hole cards)")


def test_ctrl_c_exits_quietly_with_130(monkeypatch, capsys):
    import omaha_learn.cli as cli

    def interrupted(_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_best", interrupted)
    assert main(["best", "AsKd7h2c", "--board", "Kc9c6c"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_a_bug_is_not_dressed_up_as_bad_input(monkeypatch):
    import omaha_learn.cli as cli

    def broken(_args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli, "_best", broken)
    with pytest.raises(ZeroDivisionError):
        main(["best", "AsKd7h2c", "--board", "Kc9c6c"])



def test_lessons_without_symlinks_serve_the_checkout_with_the_keys_hidden(monkeypatch, capsys):
    import omaha_learn.cli as cli

    def no_links(*_a, **_k):
        raise OSError("symbolic links are not allowed here")

    monkeypatch.setattr(cli, "learner_root", no_links)
    monkeypatch.setattr(cli, "_cache_dir", no_links)
    assert main(["lessons", "--dry-run"]) == 0
    cmd = capsys.readouterr().out.splitlines()[0]
    assert "--ContentsManager.hide_globs=" in cmd and "'solutions'" in cmd
    assert f"--ServerApp.root_dir={cli.project_root()}" in cmd


def test_lessons_say_so_when_no_browser_can_be_opened(monkeypatch, capsys):
    import webbrowser

    import omaha_learn.cli as cli

    class Up:
        def poll(self):
            return None

    class Conn:
        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

    def no_browser(*_a, **_k):
        raise webbrowser.Error("could not locate runnable browser")

    monkeypatch.setattr(cli.socket, "create_connection", lambda *a, **k: Conn())
    monkeypatch.setattr(webbrowser, "get", no_browser)
    cli._open_when_up("http://127.0.0.1:1/lab?token=x", "127.0.0.1", 1, Up())  # type: ignore[arg-type]
    assert "No web browser found here: open the URL above" in capsys.readouterr().out
