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
    assert "Hand 1, over" in out and "You played 1 hand(s)" in out
    assert "hand 1, preflop: you chose" in out            # the review after the hand


def test_bad_input_is_explained_and_quit_works(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = run(monkeypatch, capsys, "jump\nr 100000\nq\n")
    assert "'jump' is not an action" in out and "you cannot raise to 100000" in out
    assert "You played 0 hand(s)" in out


def test_end_of_input_stops_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(monkeypatch, capsys, "", "--coach")
    assert "Verdict:" in out and "You played 0 hand(s)" in out
