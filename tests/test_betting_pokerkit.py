"""Differential tests: our Pot-Limit Omaha against PokerKit 0.7.7's ``PotLimitOmahaHoldem``.

Same stacks, blinds, antes, cards and actions -> the same player to act, the
same pot-limit raise range (R18, R19) and the same finishing stacks (R20-R24).
PokerKit numbers players from the small blind (heads-up: from the big blind),
so PokerKit player ``j`` is our seat ``(button + 1 + j) % n``.

PokerKit's fixed-limit Omaha hi-lo class uses pot-limit betting, so fixed
limit is checked against the rules themselves (test_betting_rules.py).

Known difference, kept out of the random hands: when a player is all-in on
the antes alone (no live chips), PokerKit merges the ante pot with the pots
above it and splits the odd chips of the merged pot once, where we split
every pot on its own (R24); so stacks are always above the antes.
"""

from __future__ import annotations

import random

import pytest

pokerkit = pytest.importorskip("pokerkit")

from omaha_learn.engine.betting.state import Action, HandState  # noqa: E402
from omaha_learn.engine.cards import format_cards  # noqa: E402

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION, pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING, pokerkit.Automation.CHIPS_PULLING,
)


def pk_seat(h: HandState, j: int) -> int:
    return (h.button + 1 + j) % h.n


def random_hand(rng: random.Random) -> HandState:
    n = rng.randint(2, 6)
    bb = rng.choice([2, 2, 4, 10])
    ante = rng.choice([0, 0, 0, 1])
    bb_ante = rng.choice([0, 0, 0, bb])
    low = ante + bb_ante + 1     # see the module docstring: nobody all-in on the antes alone
    stacks = [rng.choice([rng.randint(low, 10 * bb), rng.randint(10 * bb, 100 * bb)]) for _ in range(n)]
    return HandState(stacks, game="plo", blinds=(bb // 2, bb), ante=ante, bb_ante=bb_ante,
                     button=rng.randrange(n), seed=rng.randrange(10**9))


def pokerkit_state(h: HandState) -> object:
    n = h.n
    seats = [pk_seat(h, j) for j in range(n)]
    antes = [h.ante + (h.bb_ante if s == h.bb_seat else 0) for s in seats]
    if n == 2:   # PokerKit swaps antes heads-up, as it swaps the blinds
        antes = antes[::-1]
    state = pokerkit.PotLimitOmahaHoldem.create_state(
        AUTOMATIONS, False, antes, h.blinds, h.blinds[1], [h.starting_stacks[s] for s in seats], n,
        mode=pokerkit.Mode.CASH_GAME)
    for s in seats:
        state.deal_hole(format_cards(h.holes[s] or (), sep=""))
    return state


def play_both(h: HandState, rng: random.Random) -> None:
    pk = pokerkit_state(h)
    seats = [pk_seat(h, j) for j in range(h.n)]
    dealt = 0
    while pk.status:
        if pk.can_deal_board():
            cards = h.board[dealt:dealt + (3 if dealt == 0 else 1)]
            pk.deal_board(format_cards(cards, sep=""))
            dealt += len(cards)
            continue
        if pk.actor_index is None:
            break
        if (h.is_over or h.to_act != seats[pk.actor_index]) and pk.checking_or_calling_amount == 0:
            pk.check_or_call()   # PokerKit asks for a check nobody can bet against; we skip it
            continue
        assert not h.is_over
        legal = h.legal_actions()
        assert seats[pk.actor_index] == legal.seat, (str(h), pk.actor_index)
        pk_min = pk.min_completion_betting_or_raising_to_amount
        pk_max = pk.max_completion_betting_or_raising_to_amount
        ours = (legal.min_to, legal.max_to) if (legal.can_bet or legal.can_raise) else (None, None)
        if ours != (pk_min, pk_max):
            # Known difference: PokerKit measures the first bet or raise of a round from zero, not
            # from the big blind, so an all-in bet or raise smaller than the big blind reopens the
            # betting there; by R18/R19 it does not. Play on with fold or call, which both accept.
            assert ours == (None, None) and 0 < h._round.raise_size < h.blinds[1], (
                str(h), ours, (pk_min, pk_max))
        options = legal.actions()
        a = rng.choice(options)
        if a.kind in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
            a = Action(a.kind, rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)]))
        h.act(a)
        if a.kind == "fold":
            pk.fold()
        elif a.kind in ("check", "call"):
            pk.check_or_call()
        else:
            pk.complete_bet_or_raise_to(a.amount)
    assert h.is_over, str(h)
    assert [pk.stacks[j] for j in range(h.n)] == [h.stacks[s] for s in seats], str(h)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", range(4))
def test_r18_r19_r21_pot_limit_matches_pokerkit_on_random_hands(block: int) -> None:
    rng = random.Random(1000 + block)
    for _ in range(125):
        play_both(random_hand(rng), rng)


def test_r18_pokerkit_agrees_blinds_1_2_max_raise_7() -> None:
    h = HandState([100, 100, 100], game="plo", blinds=(1, 2), seed=5)
    pk = pokerkit_state(h)
    assert pk.max_completion_betting_or_raising_to_amount == h.legal_actions().max_to == 7
