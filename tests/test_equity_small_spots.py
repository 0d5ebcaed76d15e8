"""Turn and river spots (R2, R3, R8-R12): the small-spot path of :func:`omaha_learn.equity`
against an independent reference, every field of the result.

The reference deals every river one by one and reads each hand with
:func:`~omaha_learn.engine.evaluation.hands.high_strength` and
:func:`~omaha_learn.engine.evaluation.hands.low_strength` (every two-plus-three
choice, no board-by-pair or flush tables), then tallies shares with Fractions.
The general exact path (:func:`~omaha_learn.engine.evaluation.batch.fixed_strengths`
on every board) must give the same outcome counts too.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from depth import examples

from omaha_learn import equity
from omaha_learn.engine.cards import Card
from omaha_learn.engine.equity.exact import exact_counts
from omaha_learn.engine.equity.request import ProgressBar
from omaha_learn.engine.equity.result import EquityResult
from omaha_learn.engine.evaluation.hands import high_strength, low_strength
from omaha_learn.engine.evaluation.tables import low_threshold
from omaha_learn.engine.games import Game

SPOTS = examples(800)
"""Random spots over the four chunks: 800 in the whole proof, 200 in the fast run (``tests/depth.py``)."""


def _board(rng: random.Random, deck: list[int], size: int) -> list[int]:
    """A random board, often with suits piled up (two pairs of suits, three or four of one, a
    five-card flush) so that every flush case of a turn or river comes up."""
    shape = rng.choice(["any", "any", "two", "two-two", "three", "four", "five"])
    want = {"two": [2], "two-two": [2, 2], "three": [3], "four": [4], "five": [5]}.get(shape, [])
    suits = rng.sample(range(4), 4)
    board: list[int] = []
    for suit, n in zip(suits[:len(want)], want, strict=True):
        board += rng.sample([c for c in deck if c & 3 == suit and c not in board], min(n, size - len(board)))
    board += rng.sample([c for c in deck if c not in board], size - len(board))
    rng.shuffle(board)
    return board[:size]


def _spot(rng: random.Random) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], tuple[Card, ...], str, int | None]:
    players = rng.randint(2, 6)
    size = 5 if players <= 5 and rng.random() < 0.3 else 4
    deck = list(range(52))
    board = _board(rng, deck, rng.choice([4, 5]))
    deck = [c for c in deck if c not in board]
    room = 52 - players * size - 5
    dead = rng.sample(deck, rng.randint(0, min(3, room)))
    deck = [c for c in deck if c not in dead]
    rng.shuffle(deck)
    holes = [tuple(Card(c) for c in deck[i * size:(i + 1) * size]) for i in range(players)]
    game = rng.choice(["hilo", "hilo", "high"])
    qualifier = rng.choice([8, 8, 9, None])
    return holes, tuple(Card(c) for c in board), tuple(Card(c) for c in dead), game, qualifier


def _reference(holes: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...], game: str,
               qualifier: int | None) -> dict[str, object]:
    """Every figure of the result, river by river, from the hand readers of hands.py."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    rivers = [()] if len(board) == 5 else [(Card(c),) for c in range(52) if c not in used]
    n = len(holes)
    threshold = low_threshold(qualifier) if game == "hilo" else None
    share = [Fraction(0)] * n
    high = [Fraction(0)] * n
    low = [Fraction(0)] * n
    keys = ("high_wins", "high_ties", "low_wins", "low_ties", "scoops", "splits", "quarters")
    tally = {k: [0] * n for k in keys}
    hist: dict[tuple[int, int], int] = {}
    counts: dict[int, int] = {}
    low_boards = 0
    for river in rivers:
        full = board + river
        highs = [high_strength(h, full)[0] for h in holes]
        hw = [i for i, v in enumerate(highs) if v == max(highs)]
        lw: list[int] = []
        if threshold is not None:
            lows = [low_strength(h, full)[0] for h in holes]
            if max(lows) >= threshold:
                lw = [i for i, v in enumerate(lows) if v == max(lows)]
        low_boards += bool(lw)
        hist[(len(hw), len(lw))] = hist.get((len(hw), len(lw)), 0) + 1
        code = sum(1 << (n + i) for i in hw) | sum(1 << i for i in lw)
        counts[code] = counts.get(code, 0) + 1
        for i in range(n):
            h = Fraction(1, len(hw)) if i in hw else Fraction(0)
            lo = Fraction(1, len(lw)) if i in lw else Fraction(0)
            s = (h + lo) / 2 if lw else h
            share[i] += s
            high[i] += h
            low[i] += lo
            for k, hit in zip(keys, (hw == [i], i in hw and len(hw) > 1, lw == [i], i in lw and len(lw) > 1,
                                     s == 1, 0 < s < 1, s == Fraction(1, 4)), strict=True):
                tally[k][i] += hit
    m = len(rivers)
    return {"boards": m, "low_boards": low_boards, "histogram": dict(sorted(hist.items())),
            "counts": dict(sorted(counts.items())), "equity_fraction": [s / m for s in share],
            "high_fraction": [x / m for x in high], "low_fraction": [x / m for x in low], **tally}


def _general_counts(holes: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...], game: str,
                    qualifier: int | None) -> dict[int, int]:
    """Outcome counts from the general exact path (a BoardInfo of every board), bypassing the small spots."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.intp)
    low = game == "hilo"
    return exact_counts(holes, board, deck, low, low_threshold(qualifier) if low else 0, ProgressBar(None))


def _check(r: EquityResult, holes: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...],
           game: str, qualifier: int | None) -> None:
    ref = _reference(holes, board, dead, game, qualifier)
    assert r.counts == ref["counts"] == dict(sorted(_general_counts(holes, board, dead, game, qualifier).items()))
    assert list(r.counts) == sorted(r.counts) and list(r.histogram) == sorted(r.histogram)
    assert (r.boards, r.low_boards, r.histogram) == (ref["boards"], ref["low_boards"], ref["histogram"])
    assert (r.board, r.dead, r.game, r.exact, r.seed) == (board, dead, Game.parse(game).with_hole_cards(len(holes[0])), True, None)
    assert r.qualifier == (qualifier if game == "hilo" else None)
    assert len(r) == len(holes)
    for i, p in enumerate(r):
        assert (p.hole, p.boards, p.stderr) == (holes[i], ref["boards"], None)
        for name in ("equity_fraction", "high_fraction", "low_fraction", "high_wins", "high_ties", "low_wins",
                     "low_ties", "scoops", "splits", "quarters"):
            got, want = getattr(p, name), ref[name][i]  # type: ignore[index]
            assert got == want and type(got) is type(want), (name, i, got, want)


@pytest.mark.parametrize("chunk", range(4))
def test_turn_and_river_spots_equal_an_independent_reference(chunk: int) -> None:
    rng = random.Random(13_000 + chunk)
    for _ in range(SPOTS // 4):
        holes, board, dead, game, qualifier = _spot(rng)
        if rng.random() < 0.7:  # text, as most callers write it
            r = equity([" ".join(map(str, h)) for h in holes], " ".join(map(str, board)), list(map(str, dead)),
                       game=game, qualifier=qualifier)
        else:  # card indices
            r = equity([list(map(int, h)) for h in holes], list(map(int, board)), tuple(map(int, dead)),
                       game=game, qualifier=qualifier)
        _check(r, holes, board, dead, game, qualifier)


@pytest.mark.parametrize("holes,board", [
    (["As Ks Qd Jd", "Ah Kh Qc Jc"], "Ts 9s 2s 3d"),           # a three-flush turn: every river a flush board
    (["As Ks Qs Js", "Ah Kh Qc Jc", "2s 3s 4d 5d"], "Ts 9s 8s 7s"),  # four of a suit on the turn
    (["Ac Kc Qd Jd", "Ah Kh Qc Jc"], "2c 7c 9d 8d"),           # two suits of two: either can flush
    (["As Ah 2s 3h", "Kd Kc Qd Jc"], "2c 7d 9s Qh"),           # rainbow turn: no flush at all
    (["Ac Kc Qd Jd", "2h 3h 4d 5d"], "7c 7d 7h 7s"),           # quads on the turn: no seven left to come
    (["As Ks Qd Jd", "Ah Kh Qc Jc"], "Ts 9s 2s 3s 4s"),         # a five-card flush river
])
@pytest.mark.parametrize("game", ["hilo", "high"])
def test_flush_shapes_of_turn_and_river(holes: list[str], board: str, game: str) -> None:
    from omaha_learn import parse_cards

    hs = [parse_cards(h) for h in holes]
    r = equity(holes, board, game=game)
    _check(r, hs, parse_cards(board), (), game, 8)


def test_the_same_spot_is_the_same_result_given_cards_as_text_lists_or_indices() -> None:
    holes, board = ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td"], "2c 7d 9s Qc"
    a = equity(holes, board)
    b = equity([h.split() for h in holes], board.split())
    c = equity([[int(Card(x)) for x in h.split()] for h in holes], [int(Card(x)) for x in board.split()])
    assert a == b == c


def test_results_built_without_init_equal_the_dataclass_constructor() -> None:
    import dataclasses
    import pickle

    from omaha_learn.engine.equity.result import PlayerEquity

    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td"], "2c 7d 9s Qc")
    for obj, cls in [(p, PlayerEquity) for p in r] + [(r, EquityResult)]:
        again = cls(**{f.name: getattr(obj, f.name) for f in dataclasses.fields(cls)})  # type: ignore[arg-type]
        assert again == obj and repr(again) == repr(obj)
        assert cls is EquityResult or hash(again) == hash(obj)  # a result holds dicts: no hash either way
        assert vars(again) == vars(obj) and pickle.loads(pickle.dumps(obj)) == obj
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.boards = 0  # type: ignore[misc]


def test_progress_on_a_turn_and_a_river(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int]] = []
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "2c 7d 9s Qc", progress=lambda d, t: calls.append((d, t)))
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "2c 7d 9s Qc 3s", progress=lambda d, t: calls.append((d, t)))
    assert calls == [(40, 40), (1, 1)]
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "2c 7d 9s Qc", progress=True)
    equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "2c 7d 9s Qc", progress=False)
    assert capsys.readouterr().err.count("100% 40/40") == 1
