"""The practice table: seeded hands with random learner actions conserve chips, stay legal, replay
from their PHH (R13 the moving button, R16-R21 betting and pots), and the review gives the coach's verdicts."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_learn import ChartPlayer, CoachError, IllegalAction, PracticeTable, load_phh
from omaha_learn.engine.betting.actions import Action


def random_action(t: PracticeTable, rng: random.Random) -> Action:
    legal = t.hand.legal_actions()
    a = rng.choice(legal.actions())
    if a.kind in ("bet", "raise") and legal.min_to is not None and legal.max_to is not None:
        a = Action(a.kind, rng.randint(legal.min_to, legal.max_to))
    return a


def play(t: PracticeTable, rng: random.Random, hands: int) -> list[list[Action]]:
    taken: list[list[Action]] = []
    for k in range(hands):
        if k:
            t.next_hand()
        mine = []
        while not t.hand.is_over:
            assert t.hand.to_act == 0                      # the opponents act by themselves
            a = random_action(t, rng)
            assert a in t.hand.legal_actions()
            t.act(a)
            mine.append(a)
        taken.append(mine)
    return taken


FAST = ("tag", "lag", "rock", "calling", "tag")
"""Tendency players only (the solver player weighs every decision with the coach's model: slower)."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), game=st.sampled_from(["plo", "hilo"]), seats=st.integers(2, 6),
       hands=st.integers(6, 14))
def test_random_learner_conserves_chips_stays_legal_and_replays(seed: int, game: str, seats: int, hands: int) -> None:
    t = PracticeTable(game=game, seats=seats, stack=60, seed=seed, opponents=FAST[: seats - 1])
    taken = play(t, random.Random(seed), hands)
    bought = sum(chips for _, _, chips in t.rebuys)
    assert sum(t.stacks) == seats * 60 + bought
    assert len(t.history) == len(t.results) == hands
    for text in t.history:
        replay = load_phh(text)
        finishing = re.search(r"finishing_stacks = \[(.*)\]", text)
        assert finishing is not None
        assert replay.stacks == [int(x) for x in finishing.group(1).split(",")]
        assert sum(replay.stacks) == sum(replay.starting_stacks)
    # the same seed and the same actions: the same table, hand for hand
    again = PracticeTable(game=game, seats=seats, stack=60, seed=seed, opponents=FAST[: seats - 1])
    for k, mine in enumerate(taken):
        if k:
            again.next_hand()
        for a in mine:
            again.act(a)
    assert again.history == t.history and again.stacks == t.stacks


def test_the_button_moves_and_stacks_carry_over() -> None:
    t = PracticeTable(game="plo", seed=5, trials=300)
    assert t.stack == 100 * t.blinds[1]                    # 100 big blinds by default
    buttons = []
    for _ in range(6):
        buttons.append(t.hand.button)
        start = t.stacks
        assert sum(start) == 6 * t.stack + sum(c for _, _, c in t.rebuys)
        while not t.hand.is_over:
            t.act("check" if t.hand.legal_actions().can_check else "fold")
        t.next_hand()
    assert len(set(buttons)) == 6                          # one seat clockwise each hand (R13)


def test_advice_offers_only_legal_actions_and_review_gives_verdicts() -> None:
    t = PracticeTable(game="plo", seed=11, trials=600)
    rng = random.Random(3)
    asked = 0
    while not t.hand.is_over:
        advice = t.advice()
        asked += 1
        legal = t.hand.legal_actions()
        assert all(o.action in legal for o in advice.options)
        assert advice is t.advice()                          # computed once per decision
        t.act(random_action(t, rng))
    review = t.review()
    assert len(review) == asked and all(d.asked for d in review)
    for d in review:
        assert d.verdict in ("best", "close", "mistake")
        assert str(d).startswith(f"hand 1, {d.street}")
    # decisions not asked about are weighed at the review, with the seed they would have had
    t.next_hand()
    while not t.hand.is_over:
        t.act("call" if t.hand.legal_actions().can_call else "check")
    later = t.review()
    assert all(not d.asked and d.advice is not None for d in later)


def test_review_advice_matches_advice_asked_during_the_hand() -> None:
    a, b = PracticeTable(game="plo", seed=21, trials=500), PracticeTable(game="plo", seed=21, trials=500)
    asked = []
    while not a.hand.is_over:
        asked.append(a.advice().equity)
        act = "call" if a.hand.legal_actions().can_call else "check"
        a.act(act)
        b.act(act)
    assert [d.advice.equity for d in b.review() if d.advice is not None] == asked


def test_errors_and_settings() -> None:
    with pytest.raises(CoachError, match="seats"):
        PracticeTable(seats=7)
    with pytest.raises(CoachError, match="seats"):
        PracticeTable(seats=1)
    with pytest.raises(CoachError, match="structure"):
        PracticeTable(structure="no-limit")
    with pytest.raises(CoachError, match="opponents"):
        PracticeTable(seats=3, opponents=["chart"])
    with pytest.raises(CoachError, match="'shark' is not one of"):
        PracticeTable(seats=3, opponents=["chart", "shark"])
    t = PracticeTable(game="plo", seats=3, opponents=[ChartPlayer(), "station"], seed=1)
    with pytest.raises(CoachError, match="not over"):
        t.next_hand()
    before = t.stacks
    with pytest.raises(IllegalAction, match="you cannot"):
        t.act("raise", 10_000)
    assert t.stacks == before
    while not t.hand.is_over:
        t.act("fold" if t.hand.legal_actions().can_fold else "check")
    with pytest.raises(IllegalAction, match="over"):
        t.act("call")
    with pytest.raises(CoachError, match="over"):
        t.advice()
    assert "PracticeTable" in repr(t) and "hand 1" in t._repr_html_() or "Hand 1" in t._repr_html_()


def test_the_table_never_shows_hidden_cards_before_a_showdown() -> None:
    t = PracticeTable(game="plo", seed=7, trials=300)
    page, text = t._repr_html_(), t.text()
    for seat in range(1, 6):
        for card in t.hand.holes[seat] or ():
            assert f'data-card="{card}"' not in page and card.name not in page and str(card) not in text
    assert page.count(" dealt ") == 1                      # only the learner's own deal line ("you (SB) are dealt")
