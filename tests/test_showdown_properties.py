"""Properties of showdown() over random deals and contributions (R11, R21, R22, R24)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import best_high, best_low, showdown, side_pots
from omaha_learn.engine.cards import FULL_DECK


@dataclass
class Deal:
    holes: list[tuple | None]
    board: tuple
    contributions: list[int]
    button: int
    game: str
    chip: int
    last_aggressor: int | None

    def run(self, **kw):
        return showdown(self.holes, self.board, self.contributions, button=self.button, game=self.game,
                        chip=self.chip, last_aggressor=self.last_aggressor, **kw)

    @property
    def n(self) -> int:
        return len(self.holes)


@st.composite
def deals(draw, games=("hilo", "high")):
    """Random deals; with ``twins`` seat 1 holds seat 0's ranks in other suits, so ties are common."""
    n = draw(st.integers(2, 6))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    deck = list(FULL_DECK)
    holes: list[tuple | None] = []
    if draw(st.booleans()):  # twins: same ranks, suits c/d for seat 0 and h/s for seat 1
        ranks = rng.sample(range(13), 4)
        holes.append(tuple(FULL_DECK[4 * r + (k % 2)] for k, r in enumerate(ranks)))
        holes.append(tuple(FULL_DECK[4 * r + 2 + (k % 2)] for k, r in enumerate(ranks)))
        for c in holes[0] + holes[1]:
            deck.remove(c)
    rng.shuffle(deck)
    while len(holes) < n:
        holes.append(tuple(deck.pop() for _ in range(4)))
    board = tuple(deck.pop() for _ in range(5))
    chip = draw(st.sampled_from([1, 1, 1, 5, 25]))
    contributions = [chip * draw(st.integers(0, 30)) for _ in range(n)]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    live = [i for i in range(n) if not folded[i]]
    if len(live) < 2:
        live = sorted(set(live) | {0, 1})
    for i in range(n):
        if i not in live:
            holes[i] = None
    button = draw(st.integers(0, n - 1))
    last_aggressor = draw(st.none() | st.sampled_from(live))
    return Deal(holes, board, contributions, button, draw(st.sampled_from(games)), chip, last_aggressor)


SETTINGS = settings(max_examples=examples(250), deadline=None)


@SETTINGS
@given(deals())
def test_r21_r24_payouts_add_up_to_the_pot_in_chip_units(deal):
    r = deal.run()
    assert sum(r.payouts) == sum(deal.contributions)
    assert all(p % deal.chip == 0 for p in r.payouts)
    for pot in r.pots:
        assert sum(pot.high_shares.values()) + sum(pot.low_shares.values()) == pot.amount
        assert all(a % deal.chip == 0 for a in list(pot.high_shares.values()) + list(pot.low_shares.values()))
    # the pots are exactly the side pots of the contributions
    folded = [i for i in range(deal.n) if deal.holes[i] is None]
    assert [(p.amount, p.eligible) for p in r.pots] == [(p.amount, p.eligible) for p in side_pots(deal.contributions, folded)]


@SETTINGS
@given(deals())
def test_r21_a_seat_wins_only_from_pots_it_is_eligible_for(deal):
    r = deal.run()
    for pot in r.pots:
        assert set(pot.payouts) <= set(pot.eligible)
        if not pot.uncalled:
            assert all(deal.holes[s] is not None for s in pot.eligible)
    for seat in range(deal.n):
        if deal.holes[seat] is None:
            assert r.payouts[seat] == sum(p.amount for p in r.pots if p.uncalled and p.eligible == (seat,))


@SETTINGS
@given(deals())
def test_r24_tied_shares_differ_by_one_chip_first_clockwise_get_more(deal):
    r = deal.run()
    n = deal.n
    for pot in r.pots:
        for shares in (pot.high_shares, pot.low_shares):
            if len(shares) < 2:
                continue
            order = sorted(shares, key=lambda s: (s - deal.button - 1) % n)
            amounts = [shares[s] for s in order]
            assert max(amounts) - min(amounts) <= deal.chip
            assert amounts == sorted(amounts, reverse=True)  # larger shares first clockwise from the button
        if pot.low_shares:  # R24: the odd chip between the halves goes to the high
            high, low = sum(pot.high_shares.values()), sum(pot.low_shares.values())
            assert high - low in (0, deal.chip)


@SETTINGS
@given(deals(), st.integers(1, 5))
def test_relabelling_seats_with_the_button_relabels_the_payouts(deal, k):
    n = deal.n
    k %= n

    def move(s: int) -> int:
        return (s + k) % n

    rotated = Deal([None] * n, deal.board, [0] * n, move(deal.button), deal.game, deal.chip,
                   None if deal.last_aggressor is None else move(deal.last_aggressor))
    for i in range(n):
        rotated.holes[move(i)] = deal.holes[i]
        rotated.contributions[move(i)] = deal.contributions[i]
    a, b = deal.run(), rotated.run()
    assert tuple(b.payouts[move(i)] for i in range(n)) == a.payouts
    assert b.show_order == tuple(move(s) for s in a.show_order)
    assert len(a.pots) == len(b.pots)
    for pa, pb in zip(a.pots, b.pots, strict=True):
        assert pa.amount == pb.amount and pa.uncalled == pb.uncalled
        assert sorted(move(s) for s in pa.eligible) == list(pb.eligible)
        assert {move(s): v for s, v in pa.high_shares.items()} == pb.high_shares
        assert {move(s): v for s, v in pa.low_shares.items()} == pb.low_shares


@settings(max_examples=examples(80), deadline=None)
@given(deals(games=("hilo",)))
def test_r11_winners_hold_the_best_hands_by_the_public_hand_reader(deal):
    """The fast internal evaluation agrees with best_high/best_low on who wins each half."""
    r = deal.run()
    for pot in r.pots:
        if pot.uncalled or len(pot.eligible) < 2:
            continue
        highs = {s: best_high(deal.holes[s], deal.board) for s in pot.eligible}
        lows = {s: best_low(deal.holes[s], deal.board) for s in pot.eligible}
        top = max(highs.values())
        assert pot.high_winners == tuple(s for s in pot.eligible if highs[s] == top)
        qualified = [lo for lo in lows.values() if lo is not None]
        if qualified:
            best = max(qualified)
            assert pot.low_winners == tuple(s for s in pot.eligible if lows[s] == best)
        else:
            assert pot.low_winners == ()
    for s in range(deal.n):
        if deal.holes[s] is not None:
            assert r.high_hands[s] == best_high(deal.holes[s], deal.board)
            assert r.low_hands[s] == best_low(deal.holes[s], deal.board)


@settings(max_examples=examples(60), deadline=None)
@given(deals(games=("high",)))
def test_r22_show_order_starts_with_the_aggressor_or_left_of_the_button(deal):
    r = deal.run()
    live = [s for s in range(deal.n) if deal.holes[s] is not None]
    assert sorted(r.show_order) == live
    if deal.last_aggressor is not None:
        assert r.show_order[0] == deal.last_aggressor
    else:
        assert r.show_order[0] == min(live, key=lambda s: (s - deal.button - 1) % deal.n)
    steps = [(b - a) % deal.n for a, b in zip(r.show_order, r.show_order[1:], strict=False)]
    assert sum(steps) < deal.n  # one lap clockwise


@settings(max_examples=examples(100), deadline=None)
@given(deals(), st.data())
def test_r23_a_dead_hand_pays_out_like_a_fold(deal, data):
    live = [s for s in range(deal.n) if deal.holes[s] is not None]
    dead = set(data.draw(st.lists(st.sampled_from(live), max_size=len(live) - 1)))
    folded = Deal([None if s in dead else h for s, h in enumerate(deal.holes)], deal.board, deal.contributions,
                  deal.button, deal.game, deal.chip, None)
    assert deal.run(shown=dead).payouts == folded.run().payouts
    counts = [None if s not in dead else data.draw(st.integers(0, 3)) for s in range(deal.n)]
    assert deal.run(shown=counts).payouts == folded.run().payouts


@settings(max_examples=examples(100), deadline=None)
@given(deals(), st.integers(1, 200))
def test_r25_kill_seat_scooped_a_pot_above_the_kill_size(deal, kill):
    r = deal.run(kill=kill)
    scoops = [(p.amount, p.scooped_by) for p in r.pots if p.scooped_by is not None and p.amount > kill]
    if not scoops:
        assert r.kill_seat is None
    else:
        assert r.kill_seat == max(scoops, key=lambda x: x[0])[1]
        assert not any(p.uncalled for p in r.pots if p.scooped_by == r.kill_seat and p.amount > kill)
