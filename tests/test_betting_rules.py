"""Every betting example in RULES.md R13-R20, one test each, on HandState."""

from __future__ import annotations

import pytest

from omaha_learn.engine.betting.state import Action, HandState, IllegalAction
from omaha_learn.engine.cards import parse_cards


def plo(stacks: list[int], **kw: object) -> HandState:
    return HandState(stacks, game="plo", blinds=(1, 2), seed=7, **kw)  # type: ignore[arg-type]


def hilo(stacks: list[int], **kw: object) -> HandState:
    return HandState(stacks, game="hilo", blinds=(1, 2), small_bet=2, big_bet=4, seed=7, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- R13-R16 positions and order

def test_r13_button_then_small_then_big_blind() -> None:
    h = plo([100] * 5, button=2)
    assert (h.button, h.sb_seat, h.bb_seat) == (2, 3, 4)
    assert h.bets == [0, 0, 0, 1, 2]
    assert h.to_act == 0          # R15: the player after the big blind


def test_r14_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    h = plo([100, 100], button=1)
    assert (h.sb_seat, h.bb_seat) == (1, 0)
    assert h.bets == [2, 1]
    assert h.to_act == 1
    h.call()
    assert h.to_act == 0          # BB's option
    h.check()
    assert h.street == "flop" and h.to_act == 0   # the button acts last after the flop
    h.check()
    assert h.to_act == 1


def test_r15_big_blind_may_check_or_raise_if_nobody_raised() -> None:
    h = plo([100] * 3)
    h.call()
    h.call()
    legal = h.legal_actions()
    assert h.to_act == h.bb_seat == 2
    assert legal.can_check and not legal.can_fold and legal.can_raise
    assert (legal.min_to, legal.max_to) == (4, 8)   # pot 6 -> raise to 2 + 6 + 0
    h.check()
    assert h.street == "flop"


def test_r15_postflop_first_active_clockwise_from_button() -> None:
    h = plo([100] * 4, button=0)    # SB 1, BB 2, UTG 3
    h.call()                        # 3
    h.call()                        # 0 (button)
    h.fold()                        # 1 (SB) folds
    h.check()                       # 2 (BB)
    assert h.street == "flop"
    assert h.to_act == 2            # SB folded: BB is the first active seat after the button


def test_r16_everyone_acts_once_and_round_runs_until_bets_match() -> None:
    h = plo([100] * 4, button=0)
    h.play("c c c x")
    acted = []
    for _ in range(4):
        acted.append(h.to_act)
        h.check()
    assert acted == [1, 2, 3, 0] and h.street == "turn"
    h.check()                       # seat 1
    h.bet(4)                        # seat 2
    order = []
    while h.street == "turn":
        order.append(h.to_act)
        h.call()
    assert order == [3, 0, 1]       # the checker (seat 1) must act again


# ---------------------------------------------------------------- R17 fixed limit

def test_r17_fixed_limit_steps_small_bet_then_big_bet() -> None:
    h = hilo([100] * 3)
    assert (h.legal_actions().min_to, h.legal_actions().max_to) == (4, 4)   # preflop raise to 2 + 2
    h.play("c c x")
    assert (h.legal_actions().min_to, h.legal_actions().max_to) == (2, 2)   # flop: small bet
    h.play("b2 c c")
    assert h.street == "turn" and h.legal_actions().min_to == 4            # turn: big bet
    h.bet(4)
    assert h.legal_actions().min_to == 8
    h.play("c c")
    assert h.street == "river" and h.legal_actions().min_to == 4


def test_r17_fixed_limit_wrong_amount_is_refused_with_the_right_amount() -> None:
    h = hilo([100] * 3)
    with pytest.raises(IllegalAction, match="fixed-limit amount: raise to 4"):
        h.raise_to(5)


def test_r17_cap_bet_and_three_raises_multiway() -> None:
    h = hilo([100] * 3)
    h.play("c c x")
    h.play("b2 r4 r6 r8")  # bet + three raises
    legal = h.legal_actions()
    assert not legal.can_raise and legal.can_call and legal.to_call == 4
    with pytest.raises(IllegalAction, match="raising is not allowed"):
        h.raise_to(10)


def test_r17_preflop_big_blind_counts_as_the_bet_for_the_cap() -> None:
    h = hilo([100] * 4)
    h.play("r4 r6 r8")
    assert not h.legal_actions().can_raise


def test_r17_heads_up_uncapped_by_default() -> None:
    h = hilo([200, 200])
    h.play("c x")
    h.bet(2)
    for k in range(2, 12):
        h.raise_to(2 * k)
    assert h.legal_actions().can_raise


def test_r17_cap_lifts_when_two_players_remain_and_cap_parameters() -> None:
    h = hilo([200] * 3)
    h.play("c c x")
    h.play("b2 r4 f")  # two players remain
    h.play("r6 r8 r10")
    assert h.legal_actions().can_raise
    h2 = HandState([200, 200], game="hilo", seed=1, cap_heads_up=4)
    h2.play("c x b2 r4 r6 r8")
    assert not h2.legal_actions().can_raise


def _turn_bet_4_call(short_stack: int) -> HandState:
    """2/4 limit, three players; on the turn A (seat 0) bets 4, B (seat 1) calls, C (seat 2) has ``short_stack`` left."""
    h = hilo([100, 100, short_stack + 2], button=2)   # SB 0, BB 1, C is the button
    h.play("c c x")                                     # preflop: 2 each
    h.play("x x x")                                     # flop checked through
    h.play("b4 c")
    assert h.to_act == 2 and h.stacks[2] == short_stack
    return h


def test_r17_all_in_of_half_a_bet_counts_as_a_raise_and_reopens() -> None:
    h = _turn_bet_4_call(6)
    h.raise_to(6)                        # all-in: a raise of 2, half the big bet
    legal = h.legal_actions()
    assert h.to_act == 0 and legal.can_raise and legal.min_to == 10   # counts as a full raise: 6 + 4
    h.raise_to(10)
    assert h.legal_actions().can_raise   # and B may re-raise too


def test_r17_all_in_of_less_than_half_a_bet_does_not_reopen() -> None:
    h = _turn_bet_4_call(5)
    h.raise_to(5)                        # all-in: a raise of 1, less than half a bet
    legal = h.legal_actions()
    assert not legal.can_raise and legal.describe() == "fold, call 1"
    with pytest.raises(IllegalAction, match="raising is not allowed"):
        h.raise_to(9)


def test_r17_full_all_in_raise_counts_toward_the_cap() -> None:
    h = _turn_bet_4_call(8)
    h.raise_to(8)                        # all-in for exactly a raise
    assert h.legal_actions().min_to == 12
    h.raise_to(12)
    h.raise_to(16)                       # bet + three raises: capped (three players in the hand)
    assert not h.legal_actions().can_raise


def test_r14_heads_up_fixed_limit_button_small_blind_first_preflop() -> None:
    h = hilo([50, 50], button=0)
    assert (h.sb_seat, h.bb_seat, h.to_act) == (0, 1, 0)
    h.play("r4 c")
    assert h.street == "flop" and h.to_act == 1


def test_r17_short_all_in_does_not_stop_players_who_have_not_acted() -> None:
    h = hilo([100, 100, 100, 7], button=3)    # SB 0, BB 1, UTG 2, button 3 short
    h.play("c c c x")
    h.play("x x x x")
    h.bet(4)                                  # turn: seat 0 bets 4
    h.call()                                  # seat 1 calls
    h.call()                                  # seat 2 calls
    h.raise_to(5)                             # seat 3 all-in for 5 (incomplete)
    assert h.legal_actions().describe() == "fold, call 1"


# ---------------------------------------------------------------- R18 pot limit

def test_r18_blinds_1_2_first_to_act_raises_to_at_most_7() -> None:
    h = plo([100] * 3)
    legal = h.legal_actions()
    assert (legal.to_call, legal.min_to, legal.max_to) == (2, 4, 7)
    with pytest.raises(IllegalAction) as err:
        h.raise_to(9)
    assert str(err.value) == ("seat 0 cannot raise to 9: raise to 9 is above the pot-limit maximum of 7; "
                              "legal: fold, call 2, raise to 4-7")
    h.raise_to(7)
    assert h.bets == [7, 1, 2]


def test_r18_bet_5_raise_to_15_next_raise_at_least_25() -> None:
    h = plo([500] * 3)
    h.play("r7 c c")  # pot 21
    h.bet(5)                                     # seat 1
    assert h.legal_actions().min_to == 10
    h.raise_to(15)                               # raise of 10
    legal = h.legal_actions()
    assert legal.min_to == 25
    with pytest.raises(IllegalAction, match="below the pot-limit minimum of 25"):
        h.raise_to(24)
    assert h.to_act == 0 and h.bets == [0, 5, 15]   # unchanged


def test_r18_minimum_bet_is_the_big_blind() -> None:
    h = plo([100] * 3)
    h.play("c c x")
    legal = h.legal_actions()
    assert legal.can_bet and legal.min_to == 2 and legal.max_to == 6
    with pytest.raises(IllegalAction):
        h.bet(1)


def test_r18_max_raise_is_current_bet_plus_pot_plus_call() -> None:
    h = plo([1000] * 4)
    h.raise_to(7)                  # seat 3
    # seat 0 (button, nothing in): P = 7 + 1 + 2 = 10, C = 7 -> raise to 7 + 10 + 7 = 24
    assert h.legal_actions().max_to == 24
    h.call()
    # seat 1 (SB, 1 in): P = 17, C = 6 -> 7 + 17 + 6 = 30
    assert h.legal_actions().max_to == 30


def test_r18_short_stack_may_go_all_in_for_less() -> None:
    h = plo([3, 100, 100])          # seat 0 is first to act with 3 chips
    legal = h.legal_actions()
    assert legal.can_raise and legal.min_to == 3 and legal.max_to == 3   # all-in to 3 < min raise 4
    h.raise_to(3)
    assert h.stacks[0] == 0


def test_r18_short_stack_facing_a_bet_may_only_call_all_in() -> None:
    h = plo([5, 100, 100, 100])
    h.raise_to(7)                  # seat 3
    legal = h.legal_actions()      # seat 0 has 5
    assert legal.to_call == 5 and not legal.can_raise and legal.describe() == "fold, call 5 (all-in)"


# ---------------------------------------------------------------- R19 all-in

def _flop_10_18_25() -> HandState:
    # A=0, B=1, C=2, D=3 (button); everyone in for 6 preflop, pot 24
    h = plo([200, 200, 24, 31], button=3)
    h.play("r6 c c c")
    assert h.street == "flop" and h.stacks == [194, 194, 18, 25]
    return h


def test_r19_seed_short_all_ins_together_make_a_full_raise_and_reopen() -> None:
    h = _flop_10_18_25()
    h.play("b10 c")  # A bets 10, B calls
    h.raise_to(18)                       # C all-in to 18: +8, not a full raise
    h.raise_to(25)                       # D all-in to 25: +7; 8 + 7 >= 10
    assert h.to_act == 0
    assert h.legal_actions().can_raise   # A may raise again
    h.call()
    assert h.legal_actions().can_raise   # and so may B


def test_r19_one_short_all_in_does_not_reopen_for_players_who_acted() -> None:
    h = _flop_10_18_25()
    h.play("b10 c")
    h.raise_to(18)                       # C all-in +8
    assert "does not reopen" in h.log[-1]
    h.call()                             # D calls 18 (has 25)
    legal = h.legal_actions()
    assert h.to_act == 0 and not legal.can_raise and legal.describe() == "fold, call 8"
    with pytest.raises(IllegalAction, match="raising is not allowed"):
        h.raise_to(40)


def test_r19_players_who_have_not_acted_may_raise_over_a_short_all_in() -> None:
    h = _flop_10_18_25()
    h.play("x x")
    h.bet(18)                            # C all-in bet 18
    legal = h.legal_actions()            # D has not acted
    assert legal.can_raise and legal.min_to == 25 and legal.max_to == 25   # all-in for 25
    h2 = _flop_10_18_25()
    h2.play("b10 c r18")
    assert h2.legal_actions().min_to == 25     # D: all-in 25 < 28 (18 + 10), allowed for less


def test_r19_all_in_full_raise_counts_as_a_raise() -> None:
    h = plo([200, 200, 40, 200], button=3)
    h.play("r6 c c c")
    h.play("b10 c")
    h.raise_to(34)                       # C all-in to 34: a full raise of 24
    h.call()                             # D
    legal = h.legal_actions()
    assert legal.can_raise and legal.min_to == 58


def test_r19_call_all_in_when_unable_to_match() -> None:
    h = plo([4, 100, 100, 100])
    h.raise_to(7)
    h.call()
    assert h.stacks[0] == 0 and h.bets[0] == 4 and h.to_act == 1


def test_r19_all_in_runout_deals_the_remaining_board() -> None:
    h = plo([50, 50, 50])
    h.play("r7 f r21 r50 c")
    assert h.is_over and len(h.board) == 5
    assert sum(h.stacks) == 150


# ---------------------------------------------------------------- R20 uncontested

def test_r20_all_fold_winner_takes_pot_and_shows_nothing() -> None:
    h = plo([100] * 3)
    h.play("r7 f f")
    assert h.is_over and h.stacks == [103, 99, 98]
    assert h.result.winner == 0 and h.result.pot == 10
    assert "uncontested" in str(h)
    with pytest.raises(IllegalAction, match="over"):
        h.check()


# ---------------------------------------------------------------- actions and errors

def test_illegal_action_leaves_state_unchanged_and_lists_legal_actions() -> None:
    h = plo([100] * 3)
    before = (h.stacks, h.bets, h.to_act, list(h.log))
    for bad in ("check", "bet 4", "raise 3", Action("raise", 200), "jump"):
        with pytest.raises(IllegalAction):
            h.act(bad)
    assert (h.stacks, h.bets, h.to_act, list(h.log)) == before
    assert isinstance(IllegalAction("x"), ValueError)


def test_act_accepts_text_and_kind_amount_forms() -> None:
    h = plo([100] * 3)
    h.act("raise", 7)
    h.act("f")
    h.act("c")
    h.act("x")
    h.act("b10")
    assert h.bets[0] == 10


def test_bad_setup_is_a_value_error_naming_the_part() -> None:
    with pytest.raises(ValueError, match="2-10 players"):
        HandState([100])
    with pytest.raises(ValueError, match="seat 1"):
        HandState([100, 0])
    with pytest.raises(ValueError, match="game"):
        HandState([100, 100], game="holdem")
    with pytest.raises(ValueError, match="dealt twice"):
        HandState([100, 100], holes=["AsKsQsJs", "AsKdQdJd"])


def test_antes_and_big_blind_ante_go_to_the_pot_not_the_bet() -> None:
    h = plo([100] * 3, ante=1)
    assert h.pot == 6 and h.bets == [0, 1, 2]
    assert h.legal_actions().max_to == 2 + 6 + 2
    h2 = plo([100] * 3, bb_ante=2)
    assert h2.pot == 5 and h2.stacks == [100, 99, 96]


def test_five_card_omaha_deals_five_hole_cards_and_reaches_showdown() -> None:
    h = HandState([100] * 3, game="hilo", hole_count=5, seed=2)
    assert all(len(x or ()) == 5 for x in h.holes)
    h.play("c c x x x x x x x x x x")
    assert h.is_over and sum(h.stacks) == 300 and len(h.result.show_order) == 3


def test_r22_last_bettor_on_the_river_shows_first_else_first_from_button() -> None:
    h = HandState([100] * 3, game="plo", seed=9, button=0)
    h.play("c c x x x x x x x")          # to the river, checked so far
    h.play("x x b4 c c")                 # river: seats 1, 2 check, seat 0 bets, both call
    assert h.result.show_order[0] == 0
    h2 = HandState([100] * 3, game="plo", seed=9, button=0)
    h2.play("c c x b2 c c x x x x x x")   # flop bet, turn and river checked through
    assert h2.result.show_order[0] == 1  # first clockwise from the button


def test_explicit_cards_deal_those_cards() -> None:
    h = HandState([100, 100], game="hilo", holes=["As 2s 3d Kc", "Qh Qd 9c 8c"], board="Ac 4d 5h Ts Js")
    h.play("c x x x x x x x")
    assert h.board == parse_cards("Ac 4d 5h Ts Js")
    assert h.stacks[0] > h.stacks[1]     # wheel for low and the better high


def test_log_text_and_html_display() -> None:
    h = plo([100] * 3)
    h.play("r7 f c")
    text = str(h)
    assert "posts small blind 1" in text and "raises to 7" in text and "flop:" in text
    assert text.splitlines() == h.log
    html = h._repr_html_()
    assert "<" in html and "7" in html
    assert "seat 0 to act" not in repr(h) and "flop" in repr(h)


def test_r1_given_hole_cards_and_the_rest_dealt_from_a_seeded_deck() -> None:
    h = HandState([100] * 3, game="hilo", holes=["As 2s 3d Kc", None, None], seed=4)
    assert h.holes[0] == parse_cards("As 2s 3d Kc")
    dealt = [c for x in h.holes for c in (x or ())]
    assert len(dealt) == len(set(dealt)) == 12
    assert HandState([100] * 3, game="hilo", holes=["As 2s 3d Kc", None, None], seed=4).holes == h.holes
    unknown = HandState([100] * 3, holes=["As 2s 3d Kc", None, None], deal_missing=False)
    assert unknown.holes[1] is None
