"""Omaha Hi-Lo in the solver: halves, quarters, scoops, no low (R9-R12), and a solved river.

With no betting (``bets=()``) a hand's value is its share of the pot, so each case below
is stated in closed form. Odd chips are not split: values are fractions of a chip.
"""

from __future__ import annotations

import pytest

from omaha_learn.engine.evaluation.hands import best_high, best_low
from omaha_learn.strategy.solver import solve

LOW_BOARD = "2h 4d 7c Kh Ks"
CASES = [
    # (board, oop, ip, oop's share, reason)
    (LOW_BOARD, "Ac 3c Qd Qs", "Ad 3d Jc Jh", 0.75, "both 7-4-3-2-A: low split; kings and queens win high: 1/2 + 1/4"),
    (LOW_BOARD, "Qd Qs Tc Td", "Ac 3c 9d 9c", 0.5, "OOP the high, IP the only low: halves"),
    (LOW_BOARD, "Ac 3c Kd 5s", "Qd Qs Tc Td", 1.0, "kings full and the only low: a scoop"),
    (LOW_BOARD, "Ac 3c 9d 9h", "Ad 3d 9c 9s", 0.5, "same high, same low: halves of halves"),
    ("Kc Ks 9d Tc Jh", "Qd Qs 8c 8d", "Ac 2c 3d 4d", 1.0, "no low on the board: the high takes all"),
    (LOW_BOARD, "Ac 5c Qd Qs", "As 3s Jc Jh", 0.5, "OOP high; IP's 7-4-3-2-A beats 7-5-4-2-A: halves"),
    (LOW_BOARD, "Ac 3c Jd Js", "Ad 3d Qc Qh", 0.25, "low split; IP's queens up win high: OOP is quartered"),
]


@pytest.mark.parametrize(("board", "oop", "ip", "share", "reason"), CASES)
def test_pot_shares(board: str, oop: str, ip: str, share: float, reason: str) -> None:
    sol = solve(board, ranges=([oop], [ip]), pot=100, stack=50, game="hilo", bets=(), raises=())
    assert sol.actions("") == ["x"] and sol.actions("x") == ["x"]
    assert sol.ev(oop, "") == pytest.approx(100 * share), reason
    assert sol.ev(ip, "") == pytest.approx(100 * (1 - share)), reason
    plo = solve(board, ranges=([oop], [ip]), pot=100, stack=50, game="plo", bets=(), raises=())
    hh, hi = best_high(oop, board).strength, best_high(ip, board).strength
    assert plo.ev(oop, "") == pytest.approx(100 if hh > hi else 50 if hh == hi else 0)


def test_the_cases_hold_the_hands_they_say() -> None:
    assert best_low("Ac 3c Qd Qs", LOW_BOARD) == best_low("Ad 3d Jc Jh", LOW_BOARD)
    assert best_low("Qd Qs Tc Td", LOW_BOARD) is None
    assert best_low("Ac 2c 3d 4d", "Kc Ks 9d Tc Jh") is None


VALUE = ["Ac 3c Kd 7d", "As 3s Kc 7s"]      # kings full and the nut low 7-4-3-2-A
AIR = ["Qc Jc 9c 9h", "Qd Js 9d 9s", "Qh Tc 9c 8h"]   # kings and nines at best, no low
SCOOPED = ["Jd Jh Td Th"]                    # kings and jacks, no low: loses both halves to the value
QUARTERED = ["Ad 3d Jd Jh"]                  # kings and jacks with the same nut low: a quarter back


@pytest.mark.parametrize(("catcher", "quarter"), [(SCOOPED, False), (QUARTERED, True)])
def test_quartering_changes_the_bluffing_ratio(catcher: list[str], quarter: bool) -> None:
    """Polarised OOP against a bluff-catcher, bet b = p (pot). A catcher that is scooped by the
    value calls b to win p + b from a bluff and loses b to value: bluffs : value = b : (p + b) = 1/2.
    A catcher that ties the low gets back a quarter of the final pot, (p + 2b) / 4, when it
    meets value: bluffs : value = (b - (p + 2b)/4) : (p + b) = 1/8. Either way IP calls p / (p + b)."""
    p = b = 100
    sol = solve(LOW_BOARD, ranges=(VALUE + AIR, catcher), pot=p, stack=b, game="hilo", bets=("pot",), raises=(),
                ip_bets=(), accuracy=0.0005)
    value = sum(sol.strategy("", h)["b100"] for h in VALUE)
    bluffs = sum(sol.strategy("", h)["b100"] for h in AIR)
    ratio = (b - (p + 2 * b) / 4) / (p + b) if quarter else b / (p + b)
    assert value == pytest.approx(len(VALUE), abs=0.01)
    assert bluffs / value == pytest.approx(ratio, abs=0.02)
    assert sol.strategy("b100", catcher[0])["c"] == pytest.approx(p / (p + b), abs=0.03)
    back = (p + 2 * b) / 4 if quarter else 0.0
    assert sol.ev(catcher[0], "b100 c") == pytest.approx(
        (bluffs * (p + 2 * b) + value * back) / (bluffs + value))
