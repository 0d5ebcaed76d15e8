"""The table: button, starting rules, joining, sitting out, time-outs, cancelled hands, misdeals
(R13, R26-R32), and the scripted players and simulate()."""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn.engine.betting.state import Action
from omaha_learn.engine.table import Table, TableError
from omaha_learn.strategy.players import CallingStation, RandomPlayer, TightPlayer, preflop_score, simulate


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table(n: int = 3, *, clock: FakeClock | None = None, **kw: object) -> Table:
    t = Table(game="plo", blinds=(1, 2), seed=4, clock=clock or FakeClock(), **kw)  # type: ignore[arg-type]
    for i in range(n):
        t.join(f"p{i}", 200, player=CallingStation())
    return t


def test_r13_button_random_on_new_table_then_moves_clockwise() -> None:
    firsts = set()
    for seed in range(12):
        t = Table(game="plo", seed=seed)
        for i in range(4):
            t.join(f"p{i}", 100, player=CallingStation())
        t.start_hand()
        firsts.add(t.button_seat)
    assert len(firsts) > 1                                  # random first button (seeded)
    t = table(4)
    buttons = []
    for _ in range(6):
        t.play_hand()
        buttons.append(t.button_seat)
    assert all((b - a) % 4 == 1 for a, b in zip(buttons, buttons[1:], strict=False))
    h = t.start_hand()
    assert h.sb_seat == (h.button + 1) % 4 and h.bb_seat == (h.button + 2) % 4


def test_r13_same_seed_same_table_history() -> None:
    a, b = table(3), table(3)
    a.play_hands(5)
    b.play_hands(5)
    assert [a.chips(f"p{i}") for i in range(3)] == [b.chips(f"p{i}") for i in range(3)]


def test_r27_six_seats_and_first_hand_needs_three_players() -> None:
    t = table(2)
    assert t.seats == 6 and not t.can_start()
    with pytest.raises(TableError, match="not enough players"):
        t.start_hand()
    t.join("p2", 200, player=CallingStation())
    assert t.can_start()
    for i in range(3, 6):
        t.join(f"p{i}", 100)
    with pytest.raises(TableError, match="full"):
        t.join("p6", 100)


def test_r27_two_players_may_continue_after_a_hand_of_three_or_more() -> None:
    t = table(3)
    t.play_hand()
    t.sit_out("p2")
    assert t.can_start()                                    # previous hand had 3
    t.play_hand()
    assert len(t.hand_seats) == 2
    assert not t.can_start()                                # previous hand had only 2 (R27 literally)
    t.sit_in("p2")
    assert t.can_start()


def test_r28_new_player_waits_for_the_big_blind() -> None:
    """R28: by default a newcomer is first dealt in when the big blind reaches them."""
    t = table(3)
    t.play_hand()
    t.join("new", 200, player=CallingStation())
    dealt_in = []
    for _ in range(5):
        h = t.play_hand()
        names = [t.name_at(s) for s in t.hand_seats]
        if "new" in names:
            dealt_in.append(h.names.index("new") == h.bb_seat)
    assert dealt_in and dealt_in[0] is True                 # first hand for "new": in the big blind


def test_r28_new_player_may_post_a_big_blind_at_once() -> None:
    """R28: posting a big blind at once deals the newcomer into the next hand."""
    waited = 0
    for seed in range(8):
        t = Table(game="plo", blinds=(1, 2), seed=seed)
        for i in range(4):
            t.join(f"p{i}", 200, player=CallingStation())
        t.play_hand()
        t.join("new", 200, player=CallingStation(), post_now=True)
        t.join("later", 200, player=CallingStation())
        h = t.start_hand()
        i = h.names.index("new")                      # dealt in at once
        assert h.bets[i] >= 1 and (h.bets[i] == 2 or i == h.sb_seat)
        waited += "later" not in h.names or h.names.index("later") == h.bb_seat
    assert waited == 8


def test_r29_sitting_out_keeps_seat_no_cards_no_blinds_removed_after_ten_minutes() -> None:
    """R29, with an injected clock: nothing waits."""
    clock = FakeClock()
    t = table(4, clock=clock)
    t.sit_out("p1")
    h = t.start_hand()
    assert "p1" not in h.names and t._seat_of("p1") == 1   # keeps the seat
    t.play_hand()
    clock.now = 599
    assert t.tidy() == []
    clock.now = 600
    assert t.tidy() == ["p1"]
    with pytest.raises(TableError):
        t.chips("p1")


def test_r30_time_out_checks_if_possible_else_folds_and_sits_out() -> None:
    t = table(3)
    h = t.start_hand()
    first = t.to_act_name()
    assert t.time_out().kind == "fold"                      # facing the big blind: fold
    assert t.occupants[t._seat_of(first)].sitting_out      # type: ignore[arg-type]
    h.call()
    name = t.to_act_name()
    assert h.legal_actions().can_check                      # big blind's option
    assert t.time_out().kind == "check"
    assert t.occupants[t._seat_of(name)].sitting_out       # type: ignore[arg-type]


def test_r30_clock_time_out_after_decision_time_plus_20_seconds() -> None:
    clock = FakeClock()
    t = table(3, clock=clock, decision_seconds=15)
    t.start_hand()
    name = t.to_act_name()
    clock.now = 34.9
    assert t.tick() is None                                 # 15 + 20 seconds not yet up
    clock.now = 35
    assert t.tick() == Action("fold")
    assert t.occupants[t._seat_of(name)].sitting_out       # type: ignore[arg-type]
    assert t.tick() is None                                 # the next player's clock restarted


def test_r31_cancelled_hand_returns_every_bet() -> None:
    t = table(3)
    t.play_hand()
    before = {f"p{i}": t.chips(f"p{i}") for i in range(3)}
    h = t.start_hand()
    h.raise_to(7)
    h.call()
    t.cancel_hand()
    assert {f"p{i}": t.occupants[t._seat_of(f"p{i}")].stack for i in range(3)} == before
    assert t.hand is None and t.can_start()


def test_r26_misdeal_before_betting_redeals_new_deck_after_betting_plays_on() -> None:
    t = table(3)
    h = t.start_hand()
    old = h.holes
    assert t.misdeal() is True
    assert t.hand is not None and t.hand.holes != old and t.hand.bets == h.bets
    t.hand.call()
    kept = t.hand
    assert t.misdeal() is False and t.hand is kept


def test_r32_rathole_must_bring_back_what_you_left_with_at_a_shortstack_table() -> None:
    """R32 (002): ratholing is refused only at the room's Omaha Shortstack tables; elsewhere it is counted
    (tests/test_table_procedure.py)."""
    clock = FakeClock()
    t = table(3, clock=clock, shortstack=True)
    t.join("rich", 400)
    assert t.leave("rich") == 400                           # 200 big blinds
    clock.now = 29 * 60
    with pytest.raises(TableError, match="R32"):
        t.join("rich", 100)
    t.join("rich", 400)
    t.leave("rich")
    clock.now += 31 * 60
    t.join("rich", 100)                                     # after 30 minutes: any buy-in


def test_busted_player_sits_out_until_chips_are_added() -> None:
    t = Table(game="plo", seed=2)
    t.join("short", 3, player=CallingStation())
    for i in range(3):
        t.join(f"p{i}", 300, player=CallingStation())
    while t.chips("short") > 0 and t.can_start():
        t.play_hand()
    seat = t.occupants[t._seat_of("short")]
    assert seat.stack == 0 and seat.sitting_out
    t.add_chips("short", 50)
    assert not seat.sitting_out and t.chips("short") == 50
    with pytest.raises(TableError, match="positive"):
        t.add_chips("short", -5)


def test_table_errors_are_clear() -> None:
    t = table(3)
    with pytest.raises(TableError, match="already seated"):
        t.join("p0", 100)
    with pytest.raises(TableError, match="positive"):
        t.join("x", 0)
    with pytest.raises(TableError, match="not at this table"):
        t.sit_out("nobody")
    t.start_hand()
    with pytest.raises(TableError, match="in a hand"):
        t.leave("p0")


def test_players_scripted_sessions_conserve_chips() -> None:
    res = simulate({"a": RandomPlayer(seed=1), "b": CallingStation(), "c": TightPlayer(), "d": RandomPlayer(seed=2)},
                   hands=40, stack=100, game="hilo", seed=3)
    assert sum(res.values()) == 0
    res2 = simulate({"a": RandomPlayer(seed=1), "b": TightPlayer(), "c": CallingStation()},
                    hands=40, stack=100, game="plo", seed=3)
    assert sum(res2.values()) == 0


def test_tight_player_folds_junk_and_raises_aces() -> None:
    from omaha_learn.engine.betting.state import HandState

    h = HandState([100, 100, 100], game="hilo", holes=["Kc 9d 5h 2c", "Qd Jd 8c 4h", "As Ad 2s 3d"], seed=1)
    assert h.to_act == 0 and TightPlayer().decide(h).kind == "fold"
    h.fold()
    h.call()
    assert TightPlayer().decide(h).kind == "raise"
    from omaha_learn.engine.cards import parse_cards
    assert preflop_score(parse_cards("As Ad 2s 3d")) > preflop_score(parse_cards("Kc 9d 5h 2s"))


@settings(max_examples=examples(60), deadline=None, derandomize=True)
@given(st.data())
def test_r26_r31_random_table_sessions_conserve_chips(data: st.DataObject) -> None:
    """Random joins, sit-outs, time-outs (R30), cancellations (R31) and misdeals (R26): no chip is lost."""
    clock = FakeClock()
    t = Table(game=data.draw(st.sampled_from(["plo", "hilo"])), seed=data.draw(st.integers(0, 99)), clock=clock)
    bank = 0
    for i in range(data.draw(st.integers(3, 6))):
        t.join(f"p{i}", data.draw(st.integers(5, 300)), player=RandomPlayer(seed=i))
        bank += t.occupants[i].stack
    for _ in range(15):
        if not t.can_start():
            break
        t.start_hand()
        event = data.draw(st.sampled_from(["play", "play", "timeout", "cancel", "misdeal", "sitout"]))
        if event == "timeout":
            t.time_out()
        elif event == "cancel":
            t.cancel_hand()
            continue
        elif event == "misdeal":
            t.misdeal()
        elif event == "sitout":
            t.sit_out(t.name_at(data.draw(st.sampled_from(sorted(t.occupants)))))
        if t.hand is not None and not t.hand.is_over:
            t.play_hand()
        clock.now += 60
        assert sum(o.stack for o in t.occupants.values()) + sum(t.cashed_out.values()) == bank


def test_hand_played_on_table_hand_directly_is_banked() -> None:
    t = table(3)
    h = t.start_hand()
    h.fold()
    h.fold()
    assert h.is_over and sum(t.chips(f"p{i}") for i in range(3)) == 600
    assert t.hands_played == 1 and t.can_start()
