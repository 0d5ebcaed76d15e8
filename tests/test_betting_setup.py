"""Settings a hand, a table or a session cannot be played with are refused up front.

Every case raises the library's error (an :class:`OmahaLearnError`) naming the bad argument,
when the object is made, so no hand stops part way with ``is_over`` False and the pot unpaid.
"""

from __future__ import annotations

import re

import pytest

from omaha_learn import HandState, OmahaLearnError, Table, showdown
from omaha_learn.engine.betting.actions import Action
from omaha_learn.engine.betting.settings import Limits, Stakes
from omaha_learn.errors import BettingSetupError, GameError, IllegalAction, PlayerError, TableError
from omaha_learn.strategy.players import CallingStation, RandomPlayer, TightPlayer, simulate

S3 = [100, 100, 100]


@pytest.mark.parametrize(("kwargs", "names"), [
    ({"stacks": None}, "stacks"),
    ({"stacks": "100 100"}, "stacks"),
    ({"stacks": 300}, "stacks"),
    ({"stacks": [100]}, "stacks"),
    ({"stacks": [100] * 11}, "stacks"),
    ({"stacks": [100, 0]}, "stacks"),
    ({"stacks": [100, 1.5]}, "stacks"),
    ({"stacks": [100, True]}, "stacks"),
    ({"blinds": None}, "blinds"),
    ({"blinds": (0.5, 1)}, r"blinds\[0\]"),
    ({"blinds": (1, 2.0)}, r"blinds\[1\]"),
    ({"blinds": (1,)}, "blinds"),
    ({"blinds": "12"}, "blinds"),
    ({"blinds": (2, 1)}, "blinds"),
    ({"blinds": (0, 0)}, "blinds"),
    ({"blinds": (-1, 2)}, r"blinds\[0\]"),
    ({"blinds": (True, 2)}, r"blinds\[0\]"),
    ({"ante": 0.5}, "ante"),
    ({"ante": -1}, "ante"),
    ({"ante": None}, "ante"),
    ({"bb_ante": "1"}, "bb_ante"),
    ({"posts": {9: 2}}, "posts"),
    ({"posts": [1]}, "posts"),
    ({"posts": {1: 2.5}}, "posts"),
    ({"button": 1.0}, "button"),
    ({"button": -1}, "button"),
    ({"button": 3}, "button"),
    ({"button": True}, "button"),
    ({"button": None}, "button"),
    ({"structure": "no-limit"}, "structure"),
    ({"small_bet": -2}, "small_bet"),
    ({"small_bet": 1.5}, "small_bet"),
    ({"big_bet": 0}, "big_bet"),
    ({"cap": -1}, "cap"),
    ({"cap": 0}, "cap"),
    ({"cap_heads_up": "4"}, "cap_heads_up"),
    ({"hole_count": 3}, "hole_count"),
    ({"hole_count": True}, "hole_count"),
    ({"seed": "abc"}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"seed": [1]}, "seed"),
    ({"holes": 5}, "holes"),
    ({"holes": "As Ks Qs Js"}, "holes"),
    ({"holes": ["As Ks Qs Js"]}, "holes"),
    ({"holes": ["As Ks Qs", None, None]}, "holes"),
    ({"holes": ["As Ks Qs Xx", None, None]}, r"holes\[0\]"),
    ({"holes": ["As Ks Qs Js", "As 2c 3c 4c", None]}, "dealt twice"),
    ({"board": "Xx"}, "board"),
    ({"board": "2c 3c 4c 5c 6c 7c"}, "board"),
    ({"board": 7}, "board"),
    ({"qualifier": 3}, "qualifier"),
    ({"qualifier": 7}, "qualifier"),
    ({"qualifier": "8"}, "qualifier"),
    ({"qualifier": True}, "qualifier"),
    ({"names": ["ann", "bob"]}, "names"),
    ({"names": "abc"}, "names"),
    ({"names": [1, 2, 3]}, r"names\[0\]"),
    ({"deal_missing": "yes"}, "deal_missing"),
    ({"stacks": [100] * 10, "hole_count": 5}, "hole_count"),
    ({"stakes": "1/2"}, "stakes"),
    ({"stakes": Stakes(), "blinds": (1, 2)}, "blinds"),
    ({"limits": Limits("pot"), "cap": 3}, "cap"),
])
def test_hand_settings_that_would_jam_are_refused_naming_the_argument(kwargs: dict[str, object], names: str) -> None:
    args: dict[str, object] = {"stacks": S3, "seed": 1} | kwargs
    stacks = args.pop("stacks")
    with pytest.raises(BettingSetupError, match=names):
        HandState(stacks, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [["hilo"], "holdem", None, 8])
def test_a_game_outside_the_vocabulary_is_a_game_error(game: object) -> None:
    with pytest.raises(GameError, match="game"):
        HandState(S3, game=game)  # type: ignore[arg-type]


def test_the_deck_must_hold_every_card_the_deal_needs() -> None:
    """R1: 9 players x 5 hole cards + 5 board = 50 cards fit in a deck; 10 x 5 + 5 = 55 do not."""
    h = HandState([100] * 9, hole_count=5, seed=1)
    assert len({c for hole in h.holes if hole for c in hole}) == 45
    with pytest.raises(BettingSetupError, match="55 cards"):
        HandState([100] * 10, hole_count=5, seed=1)


def test_stakes_and_limits_value_objects_play_the_same_hand_as_the_keywords() -> None:
    a = HandState(S3, game="hilo", blinds=(2, 4), ante=1, small_bet=4, big_bet=8, cap=3, seed=5)
    b = HandState(S3, game="hilo", stakes=Stakes(blinds=(2, 4), ante=1), limits=Limits("fixed", 4, 8, cap=3), seed=5)
    for h in (a, b):
        h.play("r8 r12 c c")
    assert a.log == b.log and a.stacks == b.stacks and str(a.legal_actions()) == str(b.legal_actions())
    assert (a.blinds, a.ante, a.small_bet, a.big_bet, a.cap, a.structure) == ((2, 4), 1, 4, 8, 3, "fixed")


def test_r15_single_blind_the_next_seat_acts_first_and_the_blind_has_the_option() -> None:
    h = HandState(S3, game="hilo", blinds=(2, 0), button=0, seed=1)
    assert h.log[-1] == "seat 1 posts small blind 2" and h.to_act == 2
    assert str(h.legal_actions()) == "fold, call 2, raise to 4"      # R17: small bet = the blind
    h.play("c c")
    assert str(h.legal_actions()) == "check, raise to 4" and h.to_act == 1
    h.check()
    assert h.street == "flop" and h.to_act == 1                        # R15: first clockwise from the button


def test_bad_actions_and_action_texts_are_illegal_actions_and_change_nothing() -> None:
    h = HandState(S3, game="plo", seed=1)
    before = (h.log[:], h.stacks, h.to_act)
    for bad in (None, 5, ["call"], "r" + "9" * 5000, "raise to 1e9"):
        with pytest.raises(IllegalAction):
            h.act(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="actions"):
        h.play(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        h.act("raise", 7.5)  # type: ignore[arg-type]
    assert (h.log, h.stacks, h.to_act) == before
    with pytest.raises(IllegalAction, match="digits"):
        Action.parse("b" + "1" * 200)


@pytest.mark.parametrize(("kwargs", "names"), [
    ({"blinds": (0.5, 1)}, r"blinds\[0\]"),
    ({"blinds": (1, 2.5)}, r"blinds\[1\]"),
    ({"ante": -1}, "ante"),
    ({"small_bet": -2}, "small_bet"),
    ({"seats": 11}, "seats"),
    ({"seats": 2.5}, "seats"),
    ({"seed": "abc"}, "seed"),
    ({"clock": 5}, "clock"),
    ({"sit_out_limit": -1}, "sit_out_limit"),
])
def test_table_settings_are_checked_when_the_table_is_made(kwargs: dict[str, object], names: str) -> None:
    with pytest.raises(TableError, match=names):
        Table(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        Table(game=["hilo"])  # type: ignore[arg-type]


def test_table_join_checks_its_arguments_before_seating_anyone() -> None:
    t = Table(seed=1)
    for name, stack, seat in ((None, 100, None), ("ann", 1.5, None), ("ann", 100, 1.0), ("ann", True, None)):
        with pytest.raises(TableError):
            t.join(name, stack, seat=seat)  # type: ignore[arg-type]
    assert t.occupants == {}
    with pytest.raises(TableError, match="seat"):
        t.name_at(3)


def test_players_and_simulate_check_their_arguments() -> None:
    with pytest.raises(PlayerError, match="seed"):
        RandomPlayer(seed="abc")  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="call_at"):
        TightPlayer(call_at="x")  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="hand"):
        CallingStation().decide(None)  # type: ignore[arg-type]
    ok = {"ann": CallingStation(), "bob": CallingStation(), "cy": CallingStation()}
    for kwargs in ({"players": None}, {"players": {"a": 1, "b": 2}}, {"players": ["ann", "bob"]},
                   {"players": ok, "hands": -1}, {"players": ok, "hands": 1.5}, {"players": ok, "stack": 0},
                   {"players": ok, "blinds": (0.5, 1)}, {"players": ok, "seed": "abc"}):
        players = kwargs.pop("players")
        with pytest.raises(PlayerError):
            simulate(players, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        simulate(ok, game=["hilo"])  # type: ignore[arg-type]
    assert sum(simulate(ok, hands=3, seed=1).values()) == 0


def test_every_refusal_is_an_omaha_learn_error_and_a_value_error() -> None:
    for cls in (BettingSetupError, TableError, PlayerError, GameError, IllegalAction):
        assert issubclass(cls, OmahaLearnError) and issubclass(cls, ValueError)


def test_r21_dead_money_joins_the_main_pot_or_makes_its_own_when_a_live_hand_cannot_win_the_main_pot() -> None:
    board = "2c 7d 9h Jc Qs"
    # every live hand can win the main pot: the antes join it
    r = showdown(["As Ah Kd Kc", "3c 4d 5h 8s", "Td Tc 6s 6h"], board, [10, 10, 10], button=0, game="plo",
                 dead_money=3)
    assert r.payouts == (33, 0, 0) and [p.amount for p in r.pots] == [33] and r.dead_money == 3
    # seat 0 is all-in for its ante only (no live chips): the antes are a pot of their own it can win
    r = showdown(["As Ah Kd Kc", "3c 4d 5h 8s", "Td Tc 6s 6h"], board, [0, 10, 10], button=0, game="plo",
                 dead_money=3)
    assert [(p.name, p.amount, p.eligible) for p in r.pots] == [("main pot", 3, (0, 1, 2)),
                                                                ("side pot 1", 20, (1, 2))]
    assert r.payouts == (3, 0, 20)
    with pytest.raises(OmahaLearnError, match="dead_money"):
        showdown(["As Ah Kd Kc", "3c 4d 5h 8s"], board, [10, 10], button=0, dead_money=-1)
    with pytest.raises(OmahaLearnError, match=re.escape("dead_money: 3 is not a multiple")):
        showdown(["As Ah Kd Kc", "3c 4d 5h 8s"], board, [10, 10], button=0, dead_money=3, chip=2)
