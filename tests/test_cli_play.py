"""`omaha-learn play`: the practice table in a terminal, the coach on request."""

from __future__ import annotations

import io

import pytest

from omaha_learn.cli import main


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: str, *args: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(["play", "--seed", "3", "--seats", "3", *args]) == 0
    return capsys.readouterr().out


def test_play_a_hand_with_the_coach(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(monkeypatch, capsys, "?\n" + "c\nx\n" * 8, "--hands", "1")
    assert "Practice table" in out and "Coach for seat 0" in out and "Verdict:" in out
    assert "Hand 1, over" in out and "You played 1 hand:" in out
    assert "hand 1, preflop: you chose" in out            # the review after the hand


def test_bad_input_is_explained_and_quit_works(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = run(monkeypatch, capsys, "jump\nr 100000\nq\n")
    assert "'jump' is not an action" in out and "you cannot raise to 100000" in out
    assert "You played 0 hands" in out


def test_end_of_input_stops_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(monkeypatch, capsys, "", "--coach")
    assert "Verdict:" in out and "You played 0 hands" in out


def test_quitting_mid_hand_counts_the_chips_in_the_pot(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29: `q` mid-hand reported "+0 chips" with the learner's chips in the pot."""
    out = run(monkeypatch, capsys, "c\nq\n")
    last = out.strip().splitlines()[-1]
    assert "+0 chips in all" not in last and "You quit hand 1 before it ended" in last
    put_in = int(last.split("with ")[1].split(" chip")[0])
    assert put_in > 0 and f"{-put_in:+d} chips in all" in last


def test_help_says_what_each_command_does_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29: `--help` said "equity, best hands, showdowns"; `play --help` listed no in-game commands."""
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    assert "practice table" in top and "lessons" in top and "examples:" in top
    for command in ("equity", "best", "outs", "showdown", "frequencies", "chart", "play", "lessons",
                    "export-nbgrader"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert f"example:\n  omaha-learn {command}" in text, command
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    play = capsys.readouterr().out
    for key in ("f ", "x ", "c ", "b N", "r N", "pot", "?", "q "):
        assert f"\n  {key}" in play, key
