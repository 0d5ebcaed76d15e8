"""Table procedure as the sources state it: R32 returns and ratholing, the waiting list (source 002),
kill pots posted at the table (R25), the smallest chip in play (R24)."""

from __future__ import annotations

import pytest

from omaha_learn import Table
from omaha_learn.engine.betting.state import Action, HandState
from omaha_learn.errors import BettingSetupError, TableError


class CallingStation:
    def decide(self, hand: HandState) -> Action:
        return Action("call" if hand.legal_actions().can_call else "check")


class Clock:
    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def _table(**kw: object) -> tuple[Table, Clock, Clock]:
    clock, wall = Clock(), Clock(1_800_000_000.0)      # 2027-01-15 08:00 UTC
    t = Table(game="plo", blinds=(1, 2), seed=1, clock=clock, wall_clock=wall, **kw)  # type: ignore[arg-type]
    return t, clock, wall


def test_r32_a_quick_return_with_fewer_chips_is_counted_not_refused() -> None:
    """R32 (002): returns within 30 minutes after leaving with 100 big blinds or more are counted."""
    t, clock, wall = _table()
    for n in "abc":
        t.join(n, 300)
    t.leave("a")
    clock.t += 10 * 60
    t.join("a", 100)                         # ordinary tables: allowed, counted
    assert t.returns("a") == 1
    assert any("counted, R32" in line for line in t.log)
    wall.t += 24 * 3600                      # the count starts afresh at 00:00 UTC
    assert t.returns("a") == 0


def test_r32_no_count_after_thirty_minutes_or_below_100_big_blinds() -> None:
    t, clock, _ = _table()
    for n, stack in (("a", 300), ("b", 150), ("c", 300)):
        t.join(n, stack)
    t.leave("a")
    clock.t += 31 * 60
    t.join("a", 50)
    t.leave("b")                             # 150 chips = 75 big blinds: not a rathole candidate
    t.join("b", 10)
    assert t.returns("a") == 0 and t.returns("b") == 0


def test_r32_shortstack_tables_refuse_ratholing_and_leave_state_unchanged() -> None:
    """R32 (002): ratholing is not allowed at the room's Omaha Shortstack tables."""
    t, clock, _ = _table(shortstack=True)
    for n in "abc":
        t.join(n, 300)
    t.leave("a")
    before = dict(t.occupants)
    with pytest.raises(TableError, match="shortstack table.*R32"):
        t.join("a", 299)
    assert t.occupants == before
    t.join("a", 300)                          # bringing back as much is fine
    assert t.returns("a") == 1


def test_waiting_list_seats_the_first_waiting_player_when_a_seat_frees() -> None:
    """Source 002: a player who cannot be seated at once is put on a list, and may leave it any time."""
    t, _, _ = _table(seats=3)
    for n in "abc":
        t.join(n, 300)
    with pytest.raises(TableError, match="waiting list"):
        t.join("d", 300)
    assert t.wait("d", 200) == 1 and t.wait("e", 200) == 2
    with pytest.raises(TableError, match="already on the waiting list"):
        t.wait("d", 200)
    t.leave_waiting_list("d")
    assert t.waiting_list == ["e"]
    with pytest.raises(TableError, match="not on the waiting list"):
        t.leave_waiting_list("d")
    t.leave("b")
    assert "e" in [o.name for o in t.occupants.values()] and t.waiting_list == []
    assert t.chips("e") == 200
    with pytest.raises(TableError, match="a seat is free"):
        t.leave("c") and t.wait("f", 100)


def test_r25_kill_is_posted_live_next_hand_and_doubles_fixed_limit_bets() -> None:
    """R25 (003): a player who scoops a pot above the set size kills the next pot."""
    t = Table(game="hilo", blinds=(1, 2), seed=2, kill=4, seats=4)
    for n in "abcd":
        t.join(n, 300, player=CallingStation())
    first = t.play_hand()
    assert first.result is not None and first.result.kill_seat is not None
    owes = t.name_at(t.hand_seats[first.result.kill_seat])
    second = t.start_hand()
    i = [t.name_at(s) for s in t.hand_seats].index(owes)
    assert second.contributions[i] == 4                       # a full kill: twice the big blind, its blind counted
    assert any(f"{owes} posts a kill" in line for line in second.log)
    assert second.limits.small_bet == 4 and second.limits.big_bet == 8    # the bets double for the kill hand
    t.play_hand()
    assert sum(t.chips(n) for n in "abcd") == 1200                        # chips never created or lost


def test_r25_uncontested_pots_count_and_small_pots_do_not() -> None:
    t = Table(game="hilo", blinds=(1, 2), seed=2, kill=100, seats=3)
    for n in "abc":
        t.join(n, 300, player=CallingStation())
    t.play_hand()
    assert not any("owes a kill" in line for line in t.log)      # pots of 6 chips are below 100


@pytest.mark.parametrize("kw, match", [({"kill_blind": 2}, "more than the big blind"),
                                        ({"kill_blind": 5}, "half kill"),
                                        ({"chip": 0}, "chip"), ({"chip": 2}, "smallest chip"),
                                        ({"shortstack": "yes"}, "shortstack"), ({"wall_clock": 3}, "wall_clock")])
def test_bad_table_settings_name_the_setting(kw: dict[str, object], match: str) -> None:
    with pytest.raises(TableError, match=match):
        Table(game="hilo", blinds=(1, 2), kill=10, **kw)  # type: ignore[arg-type]


def test_r24_the_smallest_chip_reaches_the_showdown() -> None:
    """R24 (001): splits go down to the smallest chip in play."""
    h = HandState([100, 100, 100], game="plo", blinds=(5, 10), seed=3, chip=5,
                  holes=["As Ah Ks Kh", "Ad Ac Kd Kc", "2c 3d 4h 7s"], board="Qs Jd 9c 5h 2h")
    h.play("c c x x x x x x x x x x")
    assert h.result is not None and h.result.chip == 5
    assert all(p % 5 == 0 for p in h.result.payouts)
    with pytest.raises(BettingSetupError, match="chip"):
        HandState([100, 100], chip=0)
