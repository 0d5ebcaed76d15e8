"""Differential tests: showdown() against PokerKit 0.7.7's pot awarding (R11, R21, R24).

PokerKit plays the hand; we only need its showdown, so every seat posts its
whole contribution as an ante (``ante_trimming_status=True`` layers antes
into side pots like any other chips) with a stack of exactly that much, so
everyone is all-in before the flop and the board is dealt straight out.
A folded seat is modelled by clearing its PokerKit status after the antes
(its chips stay in the pot; it can win nothing). PokerKit's player 0 is the
first seat after the button, so our button is the last seat.

Where PokerKit 0.7.7 and the rules disagree (see the divergence tests below) the random
comparison must not meet the disagreement, and it never looks at our answer to avoid it:

* every contribution is a multiple of 120 chips, so every pot (and every half of one) splits
  evenly among up to six tied hands: no odd chip exists, so neither PokerKit's odd-chip rule
  (the whole remainder to the first winner) nor its merging of pots after mucking can differ;
* in Hi-Lo, a deal where some live hand makes a low and some contested pot has no eligible live
  hand with a low is set aside (PokerKit halves such a pot), decided from the deal alone: the pots
  come from the contributions and the lows from a brute force over every two-plus-three choice
  (:func:`makes_low`), not from :func:`omaha_learn.showdown`.
"""

from __future__ import annotations

import random
import warnings

import pytest

pokerkit = pytest.importorskip("pokerkit")
from itertools import combinations  # noqa: E402

from pokerkit import Automation, Mode  # noqa: E402

from omaha_learn import showdown  # noqa: E402
from omaha_learn.engine.cards import FULL_DECK, format_cards  # noqa: E402

CHIP_UNIT = 120
"""Every contribution is a multiple of this: a pot of k units halves and splits 1 to 6 ways evenly."""

AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)


def pokerkit_payouts(holes, board, contributions, game):
    """Chips each seat ends with in PokerKit (= what it won, since everyone was all-in)."""
    n = len(holes)
    antes = tuple(contributions)
    if game == "hilo":
        state = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            AUTOMATIONS, True, antes, 0, 2, 4, antes, n, mode=Mode.TOURNAMENT)
    else:
        state = pokerkit.PotLimitOmahaHoldem.create_state(AUTOMATIONS, True, antes, 0, 2, antes, n, mode=Mode.TOURNAMENT)
    spare = [c for c in FULL_DECK if c not in set(board).union(*(h for h in holes if h))]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # burn cards drawn from PokerKit's own deck
        for hole in holes:
            if hole is None:  # a folded seat still got cards
                hole, spare = spare[:4], spare[4:]
            state.deal_hole(format_cards(hole, sep=""))
        for seat, hole in enumerate(holes):
            if hole is None:
                state.statuses[seat] = False  # folded after posting its chips
        rest = list(board)
        while state.can_deal_board():
            k = state.street.board_dealing_count
            state.deal_board(format_cards(rest[:k], sep=""))
            rest = rest[k:]
    assert not state.status, "PokerKit hand did not finish"
    return tuple(state.stacks)


def makes_low(hole, board) -> bool:
    """Whether ``hole`` makes an 8-or-better low with ``board``: two hole cards and three board cards
    with five different ranks, ace to eight (read from the card text, R2, R8)."""
    low = {"A", "2", "3", "4", "5", "6", "7", "8"}
    for two in combinations([str(c)[0] for c in hole], 2):
        for three in combinations([str(c)[0] for c in board], 3):
            ranks = set(two + three)
            if len(ranks) == 5 and ranks <= low:
                return True
    return False


def pots_from_contributions(holes, contributions) -> list[set[int]]:
    """The live seats eligible for each layer of chips, from the contributions alone (R21)."""
    layers = []
    for level in sorted(set(contributions)):
        layers.append({i for i, c in enumerate(contributions) if c >= level and holes[i] is not None})
    return layers


def pokerkit_halves_a_pot_without_a_low(holes, board, contributions, game) -> bool:
    """Whether the deal has a contested pot with no eligible low while another live hand has one
    (PokerKit 0.7.7 halves such a pot; R24 does not). Decided from the deal, not from our showdown."""
    if game != "hilo":
        return False
    lows = {i for i, h in enumerate(holes) if h is not None and makes_low(h, board)}
    return bool(lows) and any(len(live) >= 2 and not live & lows
                              for live in pots_from_contributions(holes, contributions))


def random_deal(rng: random.Random):
    n = rng.randint(2, 6)
    cards = rng.sample(FULL_DECK, 4 * n + 5)
    holes = [tuple(cards[4 * i: 4 * i + 4]) for i in range(n)]
    if rng.random() < 0.4 and n >= 2:  # same ranks in other suits: ties are common
        ranks = rng.sample(range(13), 4)
        twin_a = tuple(FULL_DECK[4 * r + (k % 2)] for k, r in enumerate(ranks))
        twin_b = tuple(FULL_DECK[4 * r + 2 + (k % 2)] for k, r in enumerate(ranks))
        rest = [c for c in FULL_DECK if c not in twin_a + twin_b]
        rng.shuffle(rest)
        holes = [twin_a, twin_b] + [tuple(rest[4 * i: 4 * i + 4]) for i in range(n - 2)]
        board = tuple(rest[4 * (n - 2): 4 * (n - 2) + 5])
    else:
        board = tuple(cards[4 * n:])
    contributions = [CHIP_UNIT * rng.choice([rng.randint(1, 40), rng.randint(1, 5) * 10]) for _ in range(n)]
    live = [i for i in range(n) if rng.random() < 0.8]
    if len(live) < 2:
        live = [0, 1]
    holes = [h if i in live else None for i, h in enumerate(holes)]
    # a seat folds facing a bigger bet, so some live seat put in more than any folded seat
    top = max(contributions[i] for i in live)
    if top < 2 * CHIP_UNIT:
        contributions[live[0]] = top = 2 * CHIP_UNIT
    contributions = [c if i in live else min(c, top - CHIP_UNIT) for i, c in enumerate(contributions)]
    return holes, board, contributions


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_r11_r21_r24_payouts_match_pokerkit_on_random_showdowns(game):
    rng = random.Random(20240 if game == "hilo" else 7)
    compared = set_aside = 0
    for _ in range(250):
        holes, board, contributions = random_deal(rng)
        assert all(c % CHIP_UNIT == 0 for c in contributions)
        if pokerkit_halves_a_pot_without_a_low(holes, board, contributions, game):
            set_aside += 1   # decided from the deal; our showdown is not consulted
            continue
        ours = showdown(holes, board, contributions, button=len(holes) - 1, game=game)
        theirs = pokerkit_payouts(holes, board, contributions, game)
        assert ours.payouts == theirs, (holes, board, contributions, ours.summary())
        compared += 1
    assert compared + set_aside == 250
    assert compared == 250 if game == "high" else compared >= 150, (compared, set_aside)


def test_the_set_aside_rule_finds_the_pokerkit_divergence_without_our_showdown():
    """The deals of the two Hi-Lo divergence tests below are set aside; a plain Hi-Lo deal is not."""
    a = [_cards(h) for h in ("As 2s Qh Td", "Kd Qc 9c 9d", "Kh Qs 9h 9s")]
    assert pokerkit_halves_a_pot_without_a_low(a, _cards("Ks 4c 5d 7h Jc"), [10, 13, 13], "hilo")
    b = [None if h is None else _cards(h) for h in ("As 2s Qh Td", "7c 7d 9h 9s", None, "Kh Kd Th Ts")]
    assert pokerkit_halves_a_pot_without_a_low(b, _cards("Ks 4c 5d 7h Jc"), [10, 40, 30, 20], "hilo")
    assert not pokerkit_halves_a_pot_without_a_low(a, _cards("Ks 4c 5d 7h Jc"), [10, 13, 13], "high")
    c = [_cards(h) for h in ("As 2s Qh Td", "Kd Qc 3c 4d")]
    assert not pokerkit_halves_a_pot_without_a_low(c, _cards("Ks 6c 5d 7h Jc"), [240, 240], "hilo")
    assert makes_low(_cards("As 2s Qh Td"), _cards("Ks 4c 5d 7h Jc")) and not makes_low(
        _cards("Kd Qc 9c 9d"), _cards("Ks 4c 5d 7h Jc"))


def test_r24_pokerkit_gives_one_player_several_odd_chips():
    """17 chips, three tied straights. R24: 6, 6, 5 (no player gets more than one odd chip).

    PokerKit 0.7.7 (``State.push_chips``) divides with ``divmod`` and hands the whole
    remainder to the first winner: 7, 5, 5.
    """
    holes = ["Jc Td 9c 9d", "Jd Th 8h 8s", "Jh Ts 6c 6d", None]
    holes_cards = [None if h is None else tuple(FULL_DECK[int(c)] for c in _cards(h)) for h in holes]
    board = "Ah Kd Qc 4s 2h"
    ours = showdown(holes, board, [5, 5, 5, 2], button=3, game="high")
    assert ours.payouts == (6, 6, 5, 0)
    assert pokerkit_payouts(holes_cards, _cards(board), [5, 5, 5, 2], "high") == (7, 5, 5, 0)


def test_r24_r21_pokerkit_splits_a_side_pot_with_no_eligible_low_into_halves():
    """Seat 0 (all-in for 10) holds the only low; seats 1 and 2 tie for the high and have no low.

    R24: every pot decides its own low among its own eligible seats. The 6-chip side pot
    (seats 1, 2) has no qualifying low, so it is not halved: the tied highs split it 3 / 3.
    PokerKit 0.7.7 decides the hand types for every pot from all players' hands
    (``_begin_chips_pushing``), so it halves the side pot because seat 0, who is not
    eligible for it, has a low; the low half then goes to the side-pot players whose
    (missing) low equals the "best" missing low, i.e. to the high winners again, and each
    half's odd chip goes to seat 1: 4 / 2.
    """
    holes = ["As 2s Qh Td", "Kd Qc 9c 9d", "Kh Qs 9h 9s"]
    board = "Ks 4c 5d 7h Jc"
    ours = showdown(holes, board, [10, 13, 13], button=2)
    main, side = ours.pots
    assert (main.amount, main.low_shares, main.high_shares) == (30, {0: 15}, {1: 8, 2: 7})
    assert (side.amount, side.eligible, side.has_low, side.high_shares) == (6, (1, 2), False, {1: 3, 2: 3})
    assert ours.payouts == (15, 11, 10)
    theirs = pokerkit_payouts([_cards(h) for h in holes], _cards(board), [10, 13, 13], "hilo")
    assert theirs == (15, 12, 9)  # side pot: high 3 -> 2 + 1, phantom low 3 -> 2 + 1


def test_r24_r21_pokerkit_gives_part_of_a_side_pots_low_half_to_a_seat_that_won_nothing_there():
    """Seat 0 (all-in for 10) holds the only low; seat 3 has the best high; seat 1 has no low
    and loses the high, and is alone in the top side pot (seat 2 folded to its bet).

    R24/R21: side pot 1 (seats 1 and 3, 30 chips) has no eligible low, so seat 3's high takes
    all 30. PokerKit 0.7.7 halves it because seat 0, who is not eligible for it, has a low,
    and then gives the low half to every side-pot player still holding cards (none has a low,
    so all "tie"): seat 1, which won nothing in that pot, gets 8 of its chips.
    """
    holes = ["As 2s Qh Td", "7c 7d 9h 9s", None, "Kh Kd Th Ts"]
    board = "Ks 4c 5d 7h Jc"
    ours = showdown(holes, board, [10, 40, 30, 20], button=3)
    main, side1, side2, back = ours.pots
    assert (main.amount, main.high_shares, main.low_shares) == (40, {3: 20}, {0: 20})
    assert (side1.amount, side1.eligible, side1.has_low, side1.high_shares) == (30, (1, 3), False, {3: 30})
    assert (side2.amount, side2.eligible, back.uncalled, back.amount) == (20, (1,), True, 10)
    assert ours.payouts == (20, 30, 0, 50)
    theirs = pokerkit_payouts([None if h is None else _cards(h) for h in holes], _cards(board), [10, 40, 30, 20], "hilo")
    assert theirs == (20, 38, 0, 42)  # side pot 1: high 15 to seat 3, "low" 15 split 8 (seat 1) + 7 (seat 3)


def test_r24_pokerkit_merges_pots_after_mucking_so_odd_chips_differ():
    """Seats 0 and 1 tie with wheels in three pots (30, 25, 49 chips); seats 3-5 lose.

    R24: every pot is split on its own: 15/15, 13/12, 25/24, so seat 0 (first clockwise
    from the button) takes the odd chip of each odd pot. PokerKit 0.7.7 mucks the losing hands,
    recomputes the pots, merges the three into one 104-chip pot and splits it 52/52.
    """
    holes = ["Kc 5d 3c 4d", "Kh 5s 3h 4s", None, "5c Qh 8h 7s", "2c 9d Ac Ts", "Kd 6h Tc 8s"]
    board = "As Qc 4c Th 2s"
    contributions = [33, 23, 20, 10, 40, 5]
    ours = showdown(holes, board, contributions, button=5, game="high")
    assert [p.high_shares for p in ours.pots[:3]] == [{0: 15, 1: 15}, {0: 13, 1: 12}, {0: 25, 1: 24}]
    assert ours.payouts == (73, 51, 0, 0, 7, 0)
    theirs = pokerkit_payouts([None if h is None else _cards(h) for h in holes], _cards(board), contributions, "high")
    assert theirs == (72, 52, 0, 0, 7, 0)


def _cards(text):
    from omaha_learn import parse_cards

    return parse_cards(text)
