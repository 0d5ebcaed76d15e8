"""The coach (omaha_learn.coach): price, equity against ranges, chip EV, and that it sees only its own seat.

All-in spots, where chip EV is exact, are checked against a brute force over every
concrete range hand and every board completion (R2, R11 halves and quarters), and
against poker-equity on a flop.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from test_range_equity import range_brute_force

from omaha_learn import CoachError, HandState, RangeError, coach
from omaha_learn.engine.games import Game
from omaha_learn.strategy.coach import EXACT_MODEL, FOLD_MODEL, PASSIVE_MODEL
from omaha_learn.strategy.opponent_model import chart_range, estimate_ranges, positions, top_share
from omaha_learn.strategy.ranges import parse_range
from omaha_learn.strategy.seat_view import seat_view


def turn_shove(game: str, mine: str, theirs: str | None, board: str, stacks: tuple[int, int]) -> HandState:
    """Heads-up, seat 0 on the button (R14): limp, check; the big blind bets the flop, seat 0 calls;
    on the turn the big blind bets (all in when it is the shorter stack) and seat 0 is to act."""
    hand = HandState(list(stacks), game=game, holes=[mine, theirs], board=board, button=0, blinds=(1, 2),
                     deal_missing=theirs is not None, seed=5)
    hand.play("c x")
    hand.act("bet", hand.legal_actions().max_to if game == "plo" else None)
    hand.call()
    legal = hand.legal_actions()
    hand.act("bet", min(legal.all_in_to, legal.max_to or 0) if game == "plo" else None)
    assert hand.to_act == 0 and hand.street == "turn"
    return hand


# (game, my hand, the opponent's range, board (turn + river plan), stacks)
SPOTS = [
    ("plo", "As Ks Qd Jd", "KKQJ:ds", "Ts 9s 2c 3h 4d", (40, 10)),       # the big blind is all in for less
    ("plo", "9c 8c 7d 6d", "AA**:ds!AAA*", "Ac Td 5s Kh", (40, 10)),
    ("plo", "Ah Kh 7c 7s", "[Q-J][Q-J]87:xxyy", "7h 2h 9s Qc", (10, 40)),   # calling puts seat 0 all in
    ("hilo", "As 2s 3d Kd", "KKQJ:ds", "Kc 7d 4h 9s", (40, 7)),          # R11: halves and quarters
    ("hilo", "Qc Qd Jh Ts", "A234:ds", "4c 5d Qh 9s", (40, 7)),
]


@pytest.mark.parametrize(("game", "mine", "villain", "board", "stacks"), SPOTS)
def test_all_in_advice_against_brute_force(game: str, mine: str, villain: str, board: str,
                                           stacks: tuple[int, int]) -> None:
    hand = turn_shove(game, mine, None, board[:11], stacks)
    advice = coach(hand, ranges={1: villain}, trials=6_000, seed=11)
    legal = hand.legal_actions()
    assert advice.to_call == legal.to_call and advice.pot == hand.pot
    exact = float(range_brute_force([mine, villain], board[:11], "hilo" if game == "hilo" else "high")[0])
    assert abs(advice.equity - exact) <= 3 * advice.stderr
    # exact chip EV: the pot seat 0 can win is the chips matched by both; the rest comes back
    me = hand.contributions[0] + min(legal.to_call, hand.stacks[0])
    matched = min(me, hand.contributions[1])
    winnable = 2 * matched
    call_ev = exact * winnable - (matched - hand.contributions[0])
    call = advice.option("call")
    assert call is not None and call.model == EXACT_MODEL and advice.exact
    assert abs(call.ev - call_ev) <= 3 * call.stderr + 1e-9
    right = "call" if call_ev > 0 else "fold"
    assert abs(call_ev) > 4 * call.stderr        # the spots are chosen so the right choice is clear
    assert advice.best.kind == right
    assert advice.ev["fold"] == 0.0
    assert right in advice.verdict.lower()
    # one definition of what a call needs: the price shown is the call's break-even equity (side pots counted)
    assert advice.price == Fraction(matched - hand.contributions[0], winnable) and call.break_even == float(advice.price)
    assert ("below" in advice.equity_text()) == (call.ev <= 0)


def test_all_in_equity_agrees_with_poker_equity_on_a_flop() -> None:
    pe = pytest.importorskip("poker_equity")
    # seat 0 limps on the button, the big blind (6 chips) checks, then bets its last 4 on the flop
    hand = HandState([40, 6], game="plo", holes=["Ah Kh 7c 7s", None], board="7h 2h 9s", button=0,
                     deal_missing=False, seed=3)
    hand.play("c x b4")
    assert hand.to_act == 0 and hand.stacks[1] == 0
    advice = coach(hand, ranges={1: "QQ**,99**"}, trials=20_000, seed=2)
    theirs = pe.chunk_from_text("omaha", ["AhKh7c7s", "QQ**,99**"], board="7h2h9s", samples=20_000, seed=2, threads=1)
    p = theirs["players"][0]
    assert abs(advice.equity - p["equity"]) <= 3 * np.hypot(advice.stderr, p["std_error"])
    assert advice.exact and advice.best.kind == ("call" if advice.ev["call"] > 0 else "fold")


def test_equity_does_not_change_when_an_opponents_real_cards_change() -> None:
    spots = [turn_shove("plo", "As Ks Qd Jd", other, "Ts 9s 2c 3h", (40, 10))
             for other in ("Kh Kc Qh Jc", "8c 8d 4s 5s", "Ac Ad 3c 3d")]
    unknown = turn_shove("plo", "As Ks Qd Jd", None, "Ts 9s 2c 3h", (40, 10))   # never dealt at all
    advice = [coach(h, trials=3_000, seed=9) for h in spots + [unknown]]
    assert len({a.equity for a in advice}) == 1
    assert len({str(a) for a in advice}) == 1
    given = [coach(h, ranges="AA**", trials=3_000, seed=9).equity for h in spots]
    assert len(set(given)) == 1


def test_the_coach_reads_only_the_seat_view(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = turn_shove("plo", "As Ks Qd Jd", "Kh Kc Qh Jc", "Ts 9s 2c 3h", (40, 10))
    view = seat_view(hand)
    assert view.hole == hand.holes[0]
    assert not any(hasattr(view, name) for name in ("holes", "deck", "result", "_board_plan"))
    # the coach must not touch another seat's cards: hide them behind a tripwire
    class Tripwire(list):  # type: ignore[type-arg]
        def __getitem__(self, i: object) -> object:
            if i != 0:
                raise AssertionError(f"the coach looked at seat {i}'s cards")
            return super().__getitem__(i)   # type: ignore[index]

        def __iter__(self):  # type: ignore[no-untyped-def]
            raise AssertionError("the coach looked at every seat's cards")

    monkeypatch.setattr(hand, "holes", Tripwire(hand.holes))
    monkeypatch.setattr(hand, "deck", None)
    monkeypatch.setattr(hand, "_board_plan", None)
    advice = coach(hand, trials=2_000, seed=1)
    assert advice.seat == 0 and advice.hole == tuple(hand.holes[0])


def test_ev_model_is_labelled_and_best_is_the_highest_ev() -> None:
    hand = HandState([100] * 3, game="plo", seed=4, button=2)
    hand.play("r7 c c")                       # three to the flop; seat 0 (small blind) first
    advice = coach(hand, trials=3_000, seed=1)
    assert advice.street == "flop" and advice.to_call == 0 and advice.price == 0
    labels = [o.label for o in advice.options]
    assert labels[0] == "check" and any(x.endswith("(0.5 pot)") for x in labels) and any(x.endswith("(pot)") for x in labels)
    assert not any(x.endswith("(min)") for x in labels)     # a bet of 2 into 21 is no coach's size (MIN_SIZE_SHARE)
    assert advice.options[0].model == PASSIVE_MODEL and all(o.model == FOLD_MODEL for o in advice.options[1:])
    assert not any(o.exact for o in advice.options)
    assert advice.best == max(advice.options, key=lambda o: o.ev).action
    legal = hand.legal_actions()
    assert all(o.action in legal for o in advice.options)
    text = str(advice)
    for piece in ("Equity:", "Ranges assumed:", "raised first in", "Chip EV", "Verdict:", "checked down"):
        assert piece in text
    assert set(advice.ranges) == {1, 2}


def test_price_and_pot_include_current_bets() -> None:
    hand = HandState([100] * 3, game="plo", seed=4, button=2)
    hand.play("r7")                           # the button raises to 7; seat 0 (small blind) to act
    advice = coach(hand, trials=1_000, seed=1)
    assert (advice.to_call, advice.pot, advice.price) == (6, 10, Fraction(6, 16))
    assert advice.ranges == {1: "any hand", 2: "40%pf"}     # the big blind has not acted: any hand, for now


def test_estimates_follow_position_and_action() -> None:
    assert positions(6, 5) == {0: "SB", 1: "BB", 2: "UTG", 3: "HJ", 4: "CO", 5: "BTN"}
    hand = HandState([100] * 6, game="plo", button=5, seed=2)
    hand.play("f f r7 r24")                   # CO opens, the button re-raises
    est = estimate_ranges(seat_view(hand))
    assert est[4].text == "27%pf" and "raised first in from CO" in est[4].reason
    assert est[5].text == "5%pf" and "re-raised" in est[5].reason
    assert est[1].text == "30%pf" and "has not acted" in est[1].reason
    for e in est.values():                     # the text reads back as the same hands
        assert parse_range(e.text, game="plo") == e.range
    best = chart_range(Game.PLO, 0.0, 0.05)
    assert all(top_share(h, "plo") < 0.05 for h in list(best)[:: max(1, len(best) // 50)])


def test_errors_name_the_bad_part() -> None:
    hand = HandState([100] * 3, game="plo", seed=4)
    with pytest.raises(CoachError, match="seat: seat 1 is not to act"):
        coach(hand, seat=1)
    with pytest.raises(CoachError, match="not a seat"):
        coach(hand, seat=7)
    with pytest.raises(CoachError, match="no range for seat"):
        coach(hand, ranges={1: "AA**"})
    with pytest.raises(RangeError, match="seat 1"):
        coach(hand, ranges={1: "AA**!", 2: "KK**"}, trials=100)
    hand.play("f f")
    with pytest.raises(CoachError, match="over"):
        coach(hand)
    state = HandState([100] * 3, game="plo", seed=4)
    before = (state.stacks, state.to_act, list(state.history))
    coach(state, trials=200, seed=1)
    assert (state.stacks, state.to_act, list(state.history)) == before


def test_html_shows_the_same_numbers() -> None:
    hand = turn_shove("plo", "As Ks Qd Jd", None, "Ts 9s 2c 3h", (40, 10))
    advice = coach(hand, ranges={1: "KKQJ:ds"}, trials=2_000, seed=3)
    page = advice._repr_html_()
    assert f"{100 * advice.equity:.1f}%" in page and "KKQJ:ds" in page
    assert advice.verdict.split(":")[0] in page
    assert "<img" in page                      # the cards as pictures



def test_no_message_disagrees_with_the_numbers() -> None:
    """Over many decisions of seeded practice hands: the verdict names the best EV, the equity line says
    "above" exactly when calling gains chips, and every option is a legal action."""
    from omaha_learn import PracticeTable

    table = PracticeTable(game="plo", seed=31, trials=500)
    seen = 0
    for _ in range(4):
        while not table.hand.is_over:
            advice = table.advice()
            best = max(advice.options, key=lambda o: o.ev)
            assert advice.best == best.action and advice.verdict.startswith(str(best.action).capitalize())
            call = advice.option("call")
            if call is not None:     # one definition of what a call needs: the price, shown beside the equity
                assert ("below" in advice.equity_text()) == (advice.equity < float(advice.price))
                assert f"{100 * float(advice.price):.1f}%" in advice.equity_text()
                assert call.break_even == float(advice.price)
            assert all(o.action in table.hand.legal_actions() for o in advice.options)
            table.act(advice.best if seen % 2 else advice.options[0].action)
            seen += 1
        table.next_hand()
    assert seen >= 4


def test_a_range_that_card_removal_empties_is_relaxed_and_says_so() -> None:
    """No silent widening: a given range that cannot hold a hand beside the seat's cards is replaced by
    any hand, and the advice says which range and why."""
    hand = turn_shove("plo", "As Ah Ks Kh", None, "Ad Kd 2c 3h", (40, 10))
    advice = coach(hand, ranges={1: "AAKK"}, trials=500, seed=1)
    assert any("no hand of its range (AAKK) fits beside the cards you can see" in n for n in advice.notes)
    assert "Note: seat 1: no hand of its range" in str(advice)


def test_the_deal_sampler_reports_dropped_deals_instead_of_widening() -> None:
    """Two opponents whose ranges share their only cards cannot both be dealt: every deal is dropped and
    the coach refuses, naming the ranges; a range is never widened to make them fit."""
    hand = HandState([100] * 3, game="plo", seed=4, button=2)
    hand.play("r7")
    with pytest.raises(CoachError, match="cannot hold hands together"):
        coach(hand, ranges={1: "AsAhKsKh", 2: "AsAdKdKc"}, trials=300, seed=1)
