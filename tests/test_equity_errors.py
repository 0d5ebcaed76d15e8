"""Bad equity requests raise a clear CardError / ValueError naming the bad part (R1, R2)."""

from __future__ import annotations

import pytest

from omaha_learn import CardError, equity
from omaha_learn.engine.equity.api import EquityError

HU = ["As Ah 2s 3h", "Kd Kc Qd Jc"]


@pytest.mark.parametrize("holes,board,dead,match", [
    (["As Ah 2s 3h", "As Kc Qd Jc"], "", "", r"'As' is dealt twice: in player 1's hand and in player 2's hand"),
    (HU, "Kd 7c 8c", "", r"'Kd' is dealt twice: in player 2's hand and on the board"),
    (HU, "7c 8c 9c", "9c", r"'9c' is dealt twice: on the board and in the dead cards"),
    (HU, "7c", "", r"board: 0 \(preflop\), 3 \(flop\), 4 \(turn\) or 5 \(river\) cards, got 1"),
    (HU, "7c 8c", "", r"got 2"),
    (HU, "7c 8c 9c Tc Jc Qd", "", r"got 6"),
    (["As Ah 2s", "Kd Kc Qd Jc"], "", "", r"player 1's hand: Omaha needs 4 hole cards"),
    (["As Ah 2s 3h 4h 5h", "Kd Kc Qd Jc"], "", "", r"player 1's hand"),
    (["As Ah 2s 3h 4h", "Kd Kc Qd Jc"], "", "", r"same number of cards"),
    (["As Ah 2s Xx", "Kd Kc Qd Jc"], "", "", r"player 1's hand: 'Xx' is not a card"),
    (HU, "7c 8c Zz", "", r"'Zz' is not a card"),
])
def test_r1_r2_bad_cards_raise_card_error(holes: list[str], board: str, dead: str, match: str) -> None:
    with pytest.raises(CardError, match=match):
        equity(holes, board, dead)


@pytest.mark.parametrize("kwargs,match", [
    ({"holes": ["As Ah 2s 3h"]}, r"2 to 6 players, got 1"),
    ({"holes": ["As Ah 2s 3h"] + [None] * 6, "trials": 10}, r"2 to 6 players, got 7"),
    ({"holes": "As Ah 2s 3h Kd Kc Qd Jc"}, r"one hand per player"),
    ({"holes": HU, "game": "razz"}, r"game: 'razz'"),
    ({"holes": HU, "qualifier": 4}, r"qualifier"),
    ({"holes": HU, "trials": 0}, r"trials: a number of deals from 1 to 100,000,000"),
    ({"holes": HU, "trials": 2.5}, r"trials"),
    ({"holes": HU, "trials": True}, r"trials"),
    ({"holes": HU, "trials": "100"}, r"trials"),
    # trials=10**12 ran unbounded; now a documented cap (MAX_TRIALS)
    ({"holes": HU, "trials": 10**12}, r"trials: a number of deals from 1 to 100,000,000"),
    # a seed is an int or None
    ({"holes": HU, "trials": 10, "seed": "abc"}, r"seed: a non-negative integer or None, got 'abc'"),
    ({"holes": HU, "trials": 10, "seed": 1.5}, r"seed"),
    ({"holes": HU, "trials": 10, "seed": -1}, r"seed"),
    ({"holes": HU, "trials": 10, "seed": True}, r"seed"),
    ({"holes": HU, "threads": 0}, r"threads: 0 is not a positive number"),
    ({"holes": HU, "threads": "2"}, r"threads"),
    ({"holes": HU, "progress": 5}, r"progress"),
    ({"holes": None}, r"holes: give a list with one hand per player"),
    ({"holes": 5}, r"holes: give a list"),
    ({"holes": {"a": 1}}, r"holes: give a list"),
    ({"holes": [HU[0], None]}, r"player 2 holds a random hand \(None\).*trials=N"),
])
def test_bad_requests_raise_equity_error(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(EquityError, match=match):
        equity(**kwargs)  # type: ignore[arg-type]


def test_too_many_players_for_the_deck() -> None:
    holes = ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 6s", "7c 7d 7h 7s 8c",
             "8d 8h 8s 9c 9d"]
    with pytest.raises(EquityError, match=r"need 53 cards; the deck has 52"):
        equity(holes, dead="Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Ks Kh As Ah")


def test_errors_are_value_errors() -> None:
    assert issubclass(EquityError, ValueError) and issubclass(CardError, ValueError)


@pytest.mark.parametrize("kwargs,match", [
    ({"holes": [HU[0], 5]}, r"player 2's hand"),
    ({"holes": [HU[0], 5.5]}, r"player 2's hand"),
    ({"holes": [HU[0], [["Kd", "Kc"], ["Qd", "Jc"]]]}, r"player 2's hand"),
    ({"holes": [HU[0], [53, 1, 2, 3]]}, r"player 2's hand"),
    ({"holes": HU, "board": None}, r"board: no cards given"),
    ({"holes": HU, "board": 7}, r"board"),
    ({"holes": HU, "board": [[1, 2, 3]]}, r"board"),
    ({"holes": HU, "dead": None}, r"dead: no cards given"),
    ({"holes": HU, "dead": 3.5}, r"dead"),
])
def test_issue_11_bad_card_arguments_name_the_argument(kwargs: dict[str, object], match: str) -> None:
    """None, numbers and nested lists give a CardError naming the argument, never a TypeError or IndexError."""
    with pytest.raises(CardError, match=match):
        equity(**kwargs)  # type: ignore[arg-type]
