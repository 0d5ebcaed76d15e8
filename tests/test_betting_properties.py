"""Property tests (hypothesis): random legal play in both games, 2-6 players, random stacks.

Chips are conserved (R21), every hand ends (R20), and at every decision the
actions offered by ``legal_actions()`` are exactly those ``act`` accepts
(R15-R19); a refused action changes nothing.
"""

from __future__ import annotations

import random

from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_learn.engine.betting.state import Action, HandState, IllegalAction, LegalActions

SETTINGS = settings(max_examples=examples(1000), deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def hands(draw: st.DrawFn, game: str) -> HandState:
    n = draw(st.integers(2, 6))
    bb = draw(st.sampled_from([2, 4, 10]))
    stacks = draw(st.lists(st.integers(1, 40 * bb), min_size=n, max_size=n))
    ante = draw(st.sampled_from([0, 0, 1]))
    bb_ante = draw(st.sampled_from([0, 0, bb]))
    return HandState(stacks, game=game, blinds=(bb // 2, bb), ante=ante, bb_ante=bb_ante,
                     button=draw(st.integers(0, n - 1)), seed=draw(st.integers(0, 10**6)),
                     cap=draw(st.sampled_from([4, 3, None])))


def _snapshot(h: HandState) -> tuple[object, ...]:
    return (h.stacks, list(h.bets), h.to_act, h.street, len(h.log), list(h.folded), h.board)


def _candidates(legal: LegalActions) -> list[Action]:
    """Legal-looking and illegal-looking actions around the offered amounts."""
    out = [Action("fold"), Action("check"), Action("call")]
    lo = legal.min_to if legal.min_to is not None else legal.to_call + 1
    hi = legal.max_to if legal.max_to is not None else lo
    for amount in {lo - 1, lo, hi, hi + 1, (lo + hi) // 2, legal.all_in_to, max(1, lo // 2)}:
        if amount > 0:
            out += [Action("bet", amount), Action("raise", amount)]
    out.append(Action("call", legal.to_call + 1))
    return out


def _play(h: HandState, data: st.DataObject) -> None:
    rng = random.Random(data.draw(st.integers(0, 2**32), label="action seed"))   # cheap draws per step
    total = sum(h.starting_stacks)
    for _step in range(200):
        if h.is_over:
            break
        assert sum(h.stacks) + h.pot == total                     # chips conserved mid-hand
        legal = h.legal_actions()
        seat = legal.seat
        assert seat == h.to_act and not h.folded[seat] and h.stacks[seat] > 0
        cands = _candidates(legal)
        for a in rng.sample(cands, 3):
            before = _snapshot(h)
            trial = h.copy()
            try:
                trial.act(a)
                accepted = True
            except IllegalAction:
                accepted = False
                assert _snapshot(trial) == before                  # refused: state unchanged
            assert accepted == (a in legal), (a, legal)
        offered = legal.actions()
        assert offered and all(a in legal for a in offered)
        choice = rng.choice(offered)
        if choice.kind in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
            choice = Action(choice.kind, rng.randint(legal.min_to, legal.max_to))
        h.act(choice)
    assert h.is_over, "hand did not end"
    assert sum(h.stacks) == total                                 # chips conserved at the end
    assert h.pot == 0 and sum(h.result.payouts) == sum(h.contributions)
    assert all(s >= 0 for s in h.stacks)
    if len(h.in_hand) > 1:
        assert len(h.board) == 5                                  # showdown after the river (R20)


@SETTINGS
@given(st.data())
def test_r15_r19_random_legal_play_pot_limit(data: st.DataObject) -> None:
    _play(data.draw(hands("plo")), data)


@SETTINGS
@given(st.data())
def test_r17_r19_random_legal_play_fixed_limit_hilo(data: st.DataObject) -> None:
    _play(data.draw(hands("hilo")), data)


@settings(SETTINGS, max_examples=examples(300))
@given(st.data())
def test_r17_fixed_limit_amounts_are_single_steps(data: st.DataObject) -> None:
    h = data.draw(hands("hilo"))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while not h.is_over:
        legal = h.legal_actions()
        if legal.min_to is not None:
            assert legal.min_to == legal.max_to
            step = h.small_bet if h.street in ("preflop", "flop") else h.big_bet
            assert legal.min_to <= max(h.bets) + step
        h.act(rng.choice(legal.actions()))


@settings(SETTINGS, max_examples=examples(300))
@given(st.data())
def test_r17_cap_a_bet_and_three_raises_while_three_or_more_hold_cards(data: st.DataObject) -> None:
    n = data.draw(st.integers(3, 6))
    h = HandState([400] * n, game="hilo", blinds=(1, 2), seed=data.draw(st.integers(0, 10**6)),
                  button=data.draw(st.integers(0, n - 1)))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    street, count = h.street, 1          # the big blind is the preflop bet
    while not h.is_over:
        if h.street != street:
            street, count = h.street, 0
        legal = h.legal_actions()
        if count >= 4 and len(h.in_hand) > 2:
            assert not legal.can_raise and not legal.can_bet
        acts = legal.actions()
        a = rng.choice(acts + [x for x in acts if x.kind in ("bet", "raise")] * 3)   # lean aggressive
        h.act(a)
        if a.kind in ("bet", "raise"):
            count += 1
    assert sum(h.stacks) == 400 * n
