"""Showdown rules, one test per example in R11, R20-R25 (plus R12 qualifiers and bad input)."""

from __future__ import annotations

import pytest

from omaha_learn import PotResult, ShowdownError, ShowdownResult, showdown

BOARD = "Ks 4c 5d 7h Jc"  # three low cards: 4, 5, 7
# hands on BOARD (high; low)
KINGS_WHEELISH = "As 2s Kd Kc"  # set of kings; 7-5-4-2-A
QUEENS_LOW = "Ad 2h Qd Qc"  # pair of queens; 7-5-4-2-A
SEVENS = "7c 7d 9h Ts"  # set of sevens; no low
KINGS_NO_LOW = "Kh Kd Th Td"  # set of kings; no low (Kd: do not combine with KINGS_WHEELISH)
NINES_LOW = "As 2s 9c 9d"  # pair of nines; 7-5-4-2-A


# ---------------------------------------------------------------- R11 halves

def test_r11_pot_split_between_best_high_and_best_low():
    r = showdown([NINES_LOW, KINGS_NO_LOW], BOARD, [100, 100], button=0)
    (pot,) = r.pots
    assert (pot.high_winners, pot.low_winners) == ((1,), (0,))
    assert (pot.high_shares, pot.low_shares) == ({1: 100}, {0: 100})
    assert r.payouts == (100, 100)
    assert "low half to seat 0 with 7-5-4-2-A low" in pot.reason


def test_r11_no_qualifying_low_high_takes_all():
    r = showdown(["As 3s Kd Kc", QUEENS_LOW, SEVENS], "Kh Qs 9c 9s 2c", [100, 100, 100], button=2)
    (pot,) = r.pots
    assert r.payouts == (300, 0, 0)
    assert pot.low_winners == () and not pot.has_low
    assert pot.reason == "Seat 0 scoops: best high (full house, kings full of nines) and no qualifying low"
    assert r.low_hands == (None, None, None)


def test_r11_one_player_best_high_and_best_low_scoops():
    r = showdown([KINGS_WHEELISH, "Ac 3h 9d 9s"], BOARD, [100, 100], button=1)
    assert r.payouts == (200, 0)
    assert r.pots[0].scooped_by == 0
    assert r.pots[0].reason.startswith("Seat 0 scoops: best high (three of a kind, kings")


def test_r11_quartered_two_share_the_low_third_has_the_high():
    """Two players hold the same low, a third the high: 1/2 high, 1/4 + 1/4 low (quartering)."""
    r = showdown([NINES_LOW, QUEENS_LOW, KINGS_NO_LOW], BOARD, [100, 100, 100], button=2)
    (pot,) = r.pots
    assert r.payouts == (75, 75, 150)
    assert pot.low_shares == {0: 75, 1: 75} and pot.high_shares == {2: 150}
    assert "low half split: seats 0 and 1 both hold 7-5-4-2-A low" in pot.reason


def test_r11_quartered_high_winner_who_also_ties_low_gets_three_quarters():
    r = showdown([KINGS_WHEELISH, QUEENS_LOW, SEVENS], BOARD, [100, 100, 100], button=2)
    assert r.payouts == (225, 75, 0)


def test_r11_tie_for_both_halves_splits_everything():
    r = showdown([NINES_LOW, "Ad 2h 9h 9s", "Qh Td 8h 3s"], BOARD, [100, 100, 100], button=2)
    assert r.payouts == (150, 150, 0)
    assert r.pots[0].reason.startswith("Seats 0 and 1 tie for both halves")


def test_r11_high_only_game_has_no_low_half():
    r = showdown([NINES_LOW, KINGS_NO_LOW], BOARD, [100, 100], button=0, game="high")
    assert r.payouts == (0, 200) and r.pots[0].low_winners == ()
    assert r.low_hands == (None, None)


def test_r12_qualifier_is_a_parameter():
    board = "Ks 4c 5d 9h Jc"  # only a nine-low is possible with A-2 in hand
    hands = ["As 2s Qh 8c", KINGS_NO_LOW]
    assert showdown(hands, board, [100, 100], button=0).payouts == (0, 200)
    assert showdown(hands, board, [100, 100], button=0, qualifier=9).payouts == (100, 100)


# ------------------------------------------------------------- R20 uncontested

def test_r20_last_player_wins_without_showing():
    r = showdown([None, "As Ks Qh Jh", None], "Ah 7c 2d", [10, 40, 20], button=0, last_aggressor=1)
    assert r.uncontested and r.payouts == (0, 70, 0)
    assert r.show_order == () and r.hands == (None, None, None)
    assert "wins without showing" in r.pots[0].reason and "R20" in r.pots[0].reason


def test_r20_uncontested_before_the_flop_needs_no_board():
    r = showdown(["As Ks Qh Jh", None], "", [3, 2], button=0)
    assert r.payouts == (5, 0)


def test_r20_contested_showdown_needs_the_whole_board():
    with pytest.raises(ShowdownError, match="contested showdown needs five board cards, got 3"):
        showdown(["As Ks Qh Jh", "2c 3c 4d 5d"], "Ah 7c 2d", [40, 40], button=0)


# --------------------------------------------------------------- R21 side pots

def test_r21_seed_side_pot_example_in_a_showdown():
    """A and B 1000 each, C 100: main pot 300 (A, B, C), side 1800 (A, B); C's best hand wins only the main."""
    # C (seat 2) has the best high and low; B (seat 1) beats A for the side pot
    r = showdown([SEVENS, "Qh Qs 8h 8s", KINGS_WHEELISH], BOARD, [1000, 1000, 100], button=0, game="high")
    main, side = r.pots
    assert (main.amount, main.eligible, main.high_winners) == (300, (0, 1, 2), (2,))
    assert (side.amount, side.eligible, side.high_winners) == (1800, (0, 1), (0,))
    assert r.payouts == (1800, 0, 300)
    assert (main.name, side.name) == ("main pot", "side pot 1")


def test_r21_r24_side_pot_without_low_while_main_pot_has_one():
    """Four-handed: seat 0 is all-in for 100 with the only low. The main pot is split high/low;
    the side pot among seats 1-3 has no eligible low, so its best high takes all of it."""
    hands = ["As 2s Qh Td", "Kh Kd Th Ts", "7c 7d 9h 9s", "Qd Qc Jh Js"]
    r = showdown(hands, BOARD, [100, 300, 300, 300], button=3)
    main, side = r.pots
    assert (main.amount, main.high_shares, main.low_shares) == (400, {1: 200}, {0: 200})
    assert (side.amount, side.eligible, side.high_shares, side.low_winners) == (600, (1, 2, 3), {1: 600}, ())
    assert r.payouts == (200, 800, 0, 0)
    assert side.reason.endswith("and no qualifying low")


def test_r21_uncalled_chips_go_back():
    r = showdown([NINES_LOW, KINGS_NO_LOW], BOARD, [100, 250], button=0)
    main, back = r.pots
    assert back.uncalled and back.amount == 150 and back.name == "uncalled bet"
    assert r.payouts == (100, 250)
    assert "nobody matched seat 1's last 150" in back.reason


def test_r21_folded_chips_stay_in_the_pot():
    r = showdown([NINES_LOW, None, KINGS_NO_LOW], BOARD, [100, 60, 100], button=0)
    assert r.payouts == (130, 0, 130)  # 260 chips: seat 2's high half, seat 0's low half
    assert r.pots[0].eligible == (0, 2)


# ----------------------------------------------------------------- R22 order

def test_r22_last_aggressor_shows_first_then_clockwise():
    hands = [NINES_LOW, QUEENS_LOW, None, KINGS_NO_LOW]
    r = showdown(hands, BOARD, [50, 50, 10, 50], button=1, last_aggressor=0)
    assert r.show_order == (0, 1, 3)
    r = showdown(hands, BOARD, [50, 50, 10, 50], button=1, last_aggressor=3)
    assert r.show_order == (3, 0, 1)


def test_r22_checked_through_first_live_seat_clockwise_from_the_button():
    hands = [NINES_LOW, QUEENS_LOW, None, KINGS_NO_LOW]
    r = showdown(hands, BOARD, [50, 50, 10, 50], button=1)
    assert r.show_order == (3, 0, 1)  # seat 2 folded; the button (1) shows last


def test_r22_last_aggressor_must_hold_cards():
    with pytest.raises(ShowdownError, match="last_aggressor: seat 2 folded"):
        showdown([NINES_LOW, QUEENS_LOW, None], BOARD, [50, 50, 10], button=1, last_aggressor=2)


# ------------------------------------------------------------------ R23 dead

def test_r23_hand_shown_with_two_cards_is_dead_and_cannot_win():
    hands = [NINES_LOW, KINGS_NO_LOW, SEVENS]
    alive = showdown(hands, BOARD, [100, 100, 100], button=2)
    assert alive.payouts == (150, 150, 0)
    r = showdown(hands, BOARD, [100, 100, 100], button=2, shown=[None, 2, 4])
    assert r.dead == frozenset({1}) and r.payouts == (150, 0, 150)
    assert r.high_hands[1] is None and r.hands[1] is None
    assert "seat 1 showed a dead hand (R23)" in r.pots[0].reason
    assert "dead hand" in r.summary()
    # the same as a set of dead seats, or a {seat: cards shown} dict
    assert showdown(hands, BOARD, [100, 100, 100], button=2, shown={1}).payouts == r.payouts
    assert showdown(hands, BOARD, [100, 100, 100], button=2, shown={1: 2}).payouts == r.payouts


def test_r23_every_hand_dead_is_an_error():
    with pytest.raises(ShowdownError, match="every hand left is dead"):
        showdown([NINES_LOW, KINGS_NO_LOW], BOARD, [100, 100], button=0, shown={0, 1})


def test_r23_dead_all_in_hand_leaves_its_pot_to_the_others():
    """Seat 0 all-in for 100 shows two cards: its main pot goes to the live hands."""
    r = showdown([KINGS_WHEELISH, QUEENS_LOW, SEVENS], BOARD, [100, 300, 300], button=2, shown=[2, 4, 4])
    assert sum(r.payouts) == 700 and r.payouts[0] == 0
    assert r.payouts == (0, 350, 350)  # seat 2 high everywhere, seat 1 the only low


# ------------------------------------------------------------- R24 odd chips

def test_r24_seventeen_chips_three_ways_six_six_five_clockwise_from_button():
    hands = ["Jc Td 9c 9d", "Jd Th 8h 8s", "Jh Ts 6c 6d", None]  # three broadway straights
    board = "Ah Kd Qc 4s 2h"
    r = showdown(hands, board, [5, 5, 5, 2], button=2, game="high")
    assert r.payouts == (6, 6, 5, 0)
    r = showdown(hands, board, [5, 5, 5, 2], button=0, game="high")
    assert r.payouts == (5, 6, 6, 0)  # seats 1 and 2 are first clockwise from the button
    r = showdown(hands, board, [5, 5, 5, 2], button=1, game="high")
    assert r.payouts == (6, 5, 6, 0)
    assert "odd chips of the pot to seats 0 and 2, first clockwise from the button (R24)" in r.pots[0].reason


def test_r24_odd_chip_between_the_halves_goes_to_the_high():
    r = showdown([KINGS_NO_LOW, NINES_LOW, None], BOARD, [2, 2, 1], button=2)
    assert r.payouts == (3, 2, 0)
    assert "the odd chip goes to the high half (R24)" in r.pots[0].reason


def test_r24_splits_go_down_to_the_smallest_chip():
    r = showdown([KINGS_NO_LOW, NINES_LOW, None], BOARD, [10, 10, 5], button=2, chip=5)
    assert r.payouts == (15, 10, 0)  # 5 units: 3 to the high, 2 to the low
    r = showdown([NINES_LOW, QUEENS_LOW, KINGS_NO_LOW], BOARD, [10, 10, 10], button=2, chip=5)
    assert r.payouts == (10, 5, 15)  # high 15 (3 units), low 15 split 2 units / 1 unit


def test_r24_odd_chip_inside_a_quartered_low():
    r = showdown([NINES_LOW, QUEENS_LOW, KINGS_NO_LOW], BOARD, [4, 3, 3], button=0)
    # pot 9 + uncalled 1: high 5 to seat 2, low 4 split 2/2; then button 0 -> seat 1 first
    assert r.payouts == (3, 2, 5)
    r = showdown([NINES_LOW, QUEENS_LOW, KINGS_NO_LOW], BOARD, [3, 3, 5], button=0)
    # pot 9 + uncalled 2: high 5, low 4: 2 + 2
    assert r.payouts == (2, 2, 7)
    r = showdown([NINES_LOW, QUEENS_LOW, KINGS_NO_LOW, None], BOARD, [3, 3, 3, 2], button=0)
    # pot 11: high 6, low 5 split 3 to seat 1 (first clockwise from the button), 2 to seat 0
    assert r.payouts == (2, 3, 6, 0)


def test_r24_every_pot_decides_its_own_low():
    """The only low (seat 0) is in the main pot alone; the side pot's low half does not exist."""
    hands = ["As 2s Qh Td", "Kh Kd Th Ts", "7c 7d 9h 9s"]
    r = showdown(hands, BOARD, [10, 31, 31], button=2)
    main, side = r.pots
    assert main.low_shares == {0: 15} and main.high_shares == {1: 15}
    assert side.low_shares == {} and side.high_shares == {1: 42}


# ----------------------------------------------------------------- R25 kill

def test_r25_scooping_a_pot_above_the_kill_size_posts_a_kill():
    r = showdown([KINGS_WHEELISH, "Ac 3h 9d 9s"], BOARD, [200, 200], button=1, kill=300)
    assert r.kill_seat == 0 and "posts a kill next hand (R25)" in r.summary()
    assert showdown([KINGS_WHEELISH, "Ac 3h 9d 9s"], BOARD, [200, 200], button=1, kill=400).kill_seat is None
    assert showdown([KINGS_WHEELISH, "Ac 3h 9d 9s"], BOARD, [200, 200], button=1).kill_seat is None


def test_r25_split_pot_posts_no_kill():
    r = showdown([NINES_LOW, KINGS_NO_LOW], BOARD, [200, 200], button=0, kill=100)
    assert r.kill_seat is None


def test_r25_uncalled_chips_do_not_count_towards_a_kill():
    r = showdown([KINGS_WHEELISH, "Ac 3h 9d 9s"], BOARD, [500, 100], button=1, kill=300)
    assert r.payouts == (600, 0) and r.kill_seat is None  # contested pot 200, 400 returned


# ------------------------------------------------------------------- display

def test_result_types_summary_and_hands():
    r = showdown([KINGS_WHEELISH, QUEENS_LOW, SEVENS], BOARD, [100, 100, 100], button=2)
    assert isinstance(r, ShowdownResult) and isinstance(r.pots[0], PotResult)
    text = str(r)
    assert "Omaha Hi-Lo 8 or better, button seat 2" in text and "Payouts: seat 0 +225, seat 1 +75" in text
    high, low = r.hands[0]
    assert high.describe().startswith("Three of a kind, kings") and low.number == 75421
    assert r.total == 300
    assert r.pots[0].reasons[1] == "Low half split: seats 0 and 1 both hold 7-5-4-2-A low"


def test_public_name_is_the_function_even_after_importing_the_module():
    import importlib

    import omaha_learn

    importlib.import_module("omaha_learn.engine.showdown")  # the module's name differs from the function's
    assert omaha_learn.showdown is showdown and callable(omaha_learn.showdown)


def test_five_card_omaha_hands():
    r = showdown(["As 2s Kd Kc 8c", "Ad 3h Qd Qc 9c"], BOARD, [50, 50], button=0)
    assert r.payouts == (100, 0)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"holes": ["As Ks Qs", "2c 3c 4c 5c"]}, "seat 0 has 3 hole cards"),
        ({"holes": ["As Ks Qs Js Ts", "2c 3c 4c 5c"]}, "seat 1 has 4 hole cards but others have 5"),
        ({"holes": ["As Qs Js Ts", "As 3c 4d 6h"]}, "card 'As' is in seat 1's hand and in seat 0's hand"),
        ({"holes": ["Ks Qs Js Ts", "2c 3c 4d 6h"]}, "card 'Ks' is in seat 0's hand and on the board"),
        ({"holes": ["As Ks Qs Xx", "2c 3c 8d 6h"]}, "seat 0's hole cards: 'Xx' is not a card"),
        ({"board": "Ks 4c 5d 7h Ks"}, "board: duplicate card 'Ks'"),
        ({"board": "Ks 4c 5d 7h Jc 2d"}, "board: at most five cards"),
        ({"contributions": [10, -10]}, "contributions[1]: negative chips (-10)"),
        ({"contributions": [10, 10, 10]}, "contributions: need one amount per seat (2 seats), got 3"),
        ({"contributions": [10, 7], "chip": 5}, "contributions[1]: 7 is not a multiple of the smallest chip (5)"),
        ({"chip": 0}, "chip: must be positive"),
        ({"button": 2}, "button: 2 is not a seat (seats are 0 to 1)"),
        ({"button": -1}, "button: -1 is not a seat"),
        ({"game": "razz"}, "game: unknown game 'razz'"),
        ({"qualifier": 4}, "qualifier: 4 is not a low qualifier: 8 (8-or-better), 9 (9-or-better) or None"),
        ({"holes": [None, None]}, "every seat folded"),
        ({"holes": ["As Ks Qs Js"]}, "at least two seats"),
        ({"shown": [4, 5]}, "shown[1]: seat 1 cannot show 5 of 4 hole cards"),
        ({"shown": [4]}, "shown: 1 entries for 2 seats"),
        ({"shown": {7}}, "shown: 7 is not a seat"),
        ({"kill": -5}, "kill: must be positive"),
        ({"last_aggressor": 9}, "last_aggressor: 9 is not a seat"),
    ],
)
def test_bad_input_raises_showdown_error_naming_the_part(kwargs, message):
    args = {"holes": ["As 2s Qh Td", "2c 3c 8d 6h"], "board": BOARD, "contributions": [10, 10], "button": 0}
    args.update(kwargs)
    holes, board, contributions = args.pop("holes"), args.pop("board"), args.pop("contributions")
    with pytest.raises(ShowdownError) as info:
        showdown(holes, board, contributions, **args)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)
