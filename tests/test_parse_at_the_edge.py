"""Parse at the edge (issue 27): a public function reads card text once; everything inside takes parsed
cards (tuples of :class:`Card`) and never reads them again. And one nut routine (R2, R8-R10).

The card parser is watched with a profile hook on its code object, so every call counts, whatever name
a module imported it under.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import combinations
from types import FrameType
from typing import Any

import pytest

from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.cards import FULL_DECK, Card, is_parsed, parse_cards
from omaha_learn.engine.equity.request import parse_text
from omaha_learn.engine.evaluation.explanation import explain, explain_cards
from omaha_learn.engine.evaluation.hands import best_high, best_low, check_cards, high_hand, low_hand
from omaha_learn.engine.evaluation.nuts import nut_high, nut_high_of, nut_low, nut_low_of, nut_strengths
from omaha_learn.engine.games import Game
from omaha_learn.strategy import outs as outs_module
from omaha_learn.strategy.coach import coach, hand_notes, nut_status
from omaha_learn.strategy.outs import outs, outs_of
from omaha_learn.strategy.range_equity import equity

HOLE, BOARD = "As 9s 8d 2c", "Ks 7s 6h"


@contextmanager
def parser_calls() -> Iterator[list[Any]]:
    """The argument of every call of ``parse_cards`` made inside the block."""
    code = parse_cards.__code__
    seen: list[Any] = []
    before = sys.getprofile()

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_code is code:
            seen.append(frame.f_locals["cards"])

    sys.setprofile(hook)
    try:
        yield seen
    finally:
        sys.setprofile(before)


def test_the_watch_sees_every_parse() -> None:
    """The check can fail: a parse through any imported name is seen, typed or not."""
    with parser_calls() as seen:
        parse_cards(HOLE)
        best_high(HOLE, "Ks 7s 6h 5d 4c")
        best_high(parse_cards(HOLE), parse_cards("Ks 7s 6h 5d 4c"))   # the old way inside: typed, read again
    assert seen.count(HOLE) == 3 and sum(is_parsed(a) for a in seen) == 2


def test_the_coach_reads_no_card_text_and_reparses_nothing() -> None:
    """The hand is parsed once, when the HandState is made (the edge); coach() reads it as cards from the
    SeatView: no call of the parser at all (it was 199 calls, 190 on cards already parsed)."""
    hand = HandState([40, 40, 40], game="hilo", holes=["7c 6d 5h 4s", "As Ad Ks Kd", "2c 3c Jh Qh"], button=0,
                     seed=1)
    hand.play("c c k")
    with parser_calls() as seen:
        advice = coach(hand, trials=500, seed=1, solver=False)
    assert seen == []
    assert advice.draws and advice.nuts      # the hand was read: draws and nut status from typed cards


def test_outs_reads_the_hand_and_the_board_once() -> None:
    with parser_calls() as seen:
        o = outs(HOLE, BOARD, "plo")
    assert seen.count(HOLE) == 1 and seen.count(BOARD) == 1
    assert not [a for a in seen if is_parsed(a) and a]      # nothing parsed already is read again
    assert len(o) == 45


def test_equity_reads_the_hand_once() -> None:
    parse_text.cache_clear()
    with parser_calls() as seen:
        r = equity([HOLE, None], board=BOARD, game="plo", trials=2_000, seed=1, threads=1)
    assert seen.count(HOLE) == 1 and seen.count(BOARD) == 1
    assert not [a for a in seen if is_parsed(a) and a]
    assert 0 < r[0].equity < 1


def test_the_internal_functions_take_parsed_cards_and_give_the_public_answers() -> None:
    h, b = parse_cards(HOLE), parse_cards(BOARD)
    river = parse_cards("Ks 7s 6h 5d 3c")
    game = Game.parse("hilo")
    with parser_calls() as seen:
        typed = (check_cards(h, b), high_hand(h, river), low_hand(h, river, 8), explain_cards(h, river, 8),
                 nut_high_of(b, h), nut_low_of(river, 8, h), outs_of(h, b, game, 8),
                 nut_status(h, b, game), hand_notes(h, b, game))
    assert seen == []
    assert typed[0] == (h, b)
    assert typed[1] == best_high(HOLE, river) and typed[2] == best_low(HOLE, river)
    assert typed[3].best_high == explain(HOLE, river).best_high
    assert typed[4] == nut_high(BOARD, dead=HOLE) and typed[5] == nut_low(river, dead=HOLE)
    assert typed[6].next_cards == outs(HOLE, BOARD, "hilo").next_cards


def _brute_nuts(board: tuple[Card, ...], dead: tuple[Card, ...]) -> tuple[int, int | None]:
    """The nut high strength and nut low number by trying every unseen pair with the public functions."""
    unseen = [c for c in FULL_DECK if c not in board and c not in dead]
    best_hi, best_lo = -1, None
    for pair in combinations(unseen, 2):
        filler = [c for c in unseen if c not in pair][:2]
        hand = (*pair, *filler)
        best_hi = max(best_hi, best_high(hand, board).strength)
        lo = best_low(hand, board)
        if lo is not None and (best_lo is None or lo.number < best_lo):
            best_lo = lo.number
    return best_hi, best_lo


@pytest.mark.parametrize(("board", "dead"), [("3c 5d 8h Kc Qs", ""), ("Qs Js 4s", "As Ks 7d 2c"),
                                             ("9c Tc Jd", ""), ("Ad 2d 7h 7s", "3d 4d 5c 6c")])
def test_one_nut_routine_agrees_with_brute_force(board: str, dead: str) -> None:
    """nut_high, nut_low and the outs' nut strengths are one vectorised routine (evaluation/nuts.py); checked
    against every unseen pair tried one by one (R2, R8)."""
    b, d = parse_cards(board), parse_cards(dead)
    hi, lo = _brute_nuts(b, d)
    assert nut_high_of(b, d).strength == hi
    low = nut_low_of(b, 8, d)
    assert (None if low is None else low.number) == lo
    unseen = [c for c in FULL_DECK if c not in b and c not in d]
    assert nut_strengths(unseen, [b], [-1])[0] == [hi]


def test_no_second_nut_routine() -> None:
    """outs and the coach use the evaluation's nut routine; neither keeps one of its own."""
    import inspect

    from omaha_learn.strategy import coach as coach_module

    assert not hasattr(outs_module, "_nuts") and vars(outs_module)["nut_strengths"] is nut_strengths
    source = inspect.getsource(coach_module)
    assert "nut_high_of" in source and "nut_low_of" in source and "rank_lookups" not in source
    assert "rank_lookups" not in inspect.getsource(outs_module)


def test_a_parsed_hand_that_is_not_a_hand_is_still_refused() -> None:
    """Skipping the parser for parsed cards keeps the checks: counts and overlaps are checked typed."""
    from omaha_learn.errors import BettingSetupError, CardError

    with pytest.raises(CardError, match="both in the hand and on the board"):
        check_cards(parse_cards("As 9s 8d 2c"), parse_cards("As 7s 6h"))
    with pytest.raises(BettingSetupError, match="twice|more than once|dealt"):
        HandState([40, 40], holes=[parse_cards("As Ad Ks Kd"), parse_cards("As 2c 3d 4h")], seed=1)
    check: Callable[..., object] = outs_of
    with pytest.raises(CardError, match="dead card 'As'"):
        check(parse_cards(HOLE), parse_cards(BOARD), Game.parse("plo"), 8, parse_cards("As"))


@contextmanager
def parser_callers() -> Iterator[list[tuple[str, ...]]]:
    """For every call of ``parse_cards`` made inside the block, the files of the frames that led to it."""
    code = parse_cards.__code__
    seen: list[tuple[str, ...]] = []
    before = sys.getprofile()

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_code is code:
            files = []
            f = frame.f_back
            while f is not None:
                files.append(f.f_code.co_filename.replace("\\", "/"))
                f = f.f_back
            seen.append(tuple(files))

    sys.setprofile(hook)
    try:
        yield seen
    finally:
        sys.setprofile(before)


def test_the_practice_players_read_no_card_text() -> None:
    """A practice table's scripted players decide from the hand's parsed cards: over seeded hands of PLO and Hi-Lo,
    no decision of the tendency presets, the chart and tight players or the coach-model player calls the parser
    (the tight player read its hole cards again for every decision, the tendency players for every preflop one).
    The project's solver (``strategy/solver``, which the coach-model player asks on a heads-up river) reads its
    ranges at its own edge and is left out of the count."""
    from omaha_learn.engine.betting.state import Action
    from omaha_learn.strategy.players import ChartPlayer, SolverPlayer, TightPlayer, tendency_player

    class Watched:
        def __init__(self, player: Any, calls: list[tuple[str, ...]]) -> None:
            self.player, self.calls = player, calls

        def decide(self, hand: HandState) -> Action:
            with parser_callers() as seen:
                action: Action = self.player.decide(hand)
            self.calls += [c for c in seen if not any("/strategy/solver/" in f for f in c)]
            return action

    from omaha_learn.engine.table import Table

    for game in ("plo", "hilo"):
        calls: list[tuple[str, ...]] = []
        decisions = 0
        players = {"solver": SolverPlayer(trials=100, seed=1), "tag": tendency_player("tag", seed=2),
                   "lag": tendency_player("lag", seed=3), "rock": tendency_player("rock", seed=4),
                   "chart": ChartPlayer(), "tight": TightPlayer()}
        table = Table(seats=6, game=game, blinds=(1, 2), seed=11)
        watched = {name: Watched(p, calls) for name, p in players.items()}
        for name, w in watched.items():
            table.join(name, 200, player=w)
        for _ in range(6):
            hand = table.play_hand()
            decisions += sum(1 for street, _, _ in hand.history)
        assert decisions > 30
        assert calls == [], (game, len(calls), calls[0][:4])


def test_solve_reads_the_board_and_each_listed_hand_once_and_its_answers_read_nothing_parsed() -> None:
    """solve() is an edge: the board text is read once, each hand of a listed range once (and a hand already
    parsed, as the coach passes its ranges, not at all); range text goes to the range reader, never through the
    card parser hand by hand (each range text is tried once as cards, to tell a hand from a range). A Solution's questions read a hand given as text once and a parsed hand not at all."""
    from omaha_learn.strategy.solver import solve

    board = "Kc 9c 6c 6h 2d"
    listed = ["As Ad 7c 5c", "Qs Qd Jh Th", "8c 7c 5d 4d"]
    parsed = {parse_cards("Ks Kd 3h 3s"): 1.0, parse_cards("Qh Qc 4h 4s"): 0.5, parse_cards("Ah 2h 3d 4c"): 1.0}
    with parser_calls() as seen:
        sol = solve(board, ranges=(listed, parsed), pot=100, stack=100, bets=("pot",), raises=(), ip_bets=())
    assert seen.count(board) == 1 and all(seen.count(h) == 1 for h in listed)
    assert not [a for a in seen if is_parsed(a) and a], [a for a in seen if is_parsed(a)]
    with parser_calls() as seen:
        sol_text = solve(board, ranges=("KK**,7c5c**", "QQ**"), pot=100, stack=100, bets=("pot",), raises=(),
                         ip_bets=())
    assert seen == [board, "KK**,7c5c**", "QQ**"]
    hand = parse_cards("As Ad 7c 5c")
    with parser_calls() as seen:
        typed = (sol.strategy("", hand), sol.ev(hand), sol.ev(hand, "x"), sol_text.actions("b100"))
    assert seen == []
    with parser_calls() as seen:
        texts = (sol.strategy("", "As Ad 7c 5c"), sol.ev("As Ad 7c 5c"), sol.ev("As Ad 7c 5c", "x"))
    assert seen == ["As Ad 7c 5c"] * 3
    assert typed[:3] == texts and typed[3] == ["f", "c"]
