"""Exact equity (R2, R8-R11) against an independent brute force: phevaluator for
the high half and a plain low reader written here, every board dealt one by one.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_omaha_cards

from omaha_learn import equity, parse_cards
from omaha_learn.engine.cards import Card


def _low(hole: tuple[Card, ...], board: tuple[Card, ...], qualifier: int | None) -> tuple[int, ...] | None:
    """Best ace-to-five low from exactly two hole and three board cards, read card by card (R8-R10, R12)."""
    best: tuple[int, ...] | None = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            ranks = sorted((1 if c.rank == 14 else c.rank for c in pair + triple), reverse=True)
            if qualifier is not None and (len(set(ranks)) < 5 or ranks[0] > qualifier):
                continue
            # without a qualifier, paired hands rank below five different ranks, by
            # pattern (pair, two pair, trips, ...) then ranks from the highest group down
            pattern = tuple(sorted((ranks.count(r) for r in set(ranks)), reverse=True))
            key = (*pattern, 0, *sorted(ranks, key=lambda r: (-ranks.count(r), -r)))
            if best is None or key < best:
                best = key
    return best


def _high(hole: tuple[Card, ...], board: tuple[Card, ...]) -> int:
    """phevaluator rank, smaller is better; five hole cards: best over the four-card subsets."""
    return min(evaluate_omaha_cards(*map(int, board), *map(int, sub)) for sub in combinations(hole, 4))


def brute_force(holes: list[str], board: str, game: str = "hilo", qualifier: int | None = 8
                ) -> tuple[list[Fraction], list[int], int]:
    """(equity fractions, scoop counts, boards with a low) over every completion of the board."""
    hs = [parse_cards(h) for h in holes]
    b = parse_cards(board)
    used = {c for h in hs for c in h} | set(b)
    deck = [Card(i) for i in range(52) if Card(i) not in used]
    shares = [Fraction(0)] * len(hs)
    scoops = [0] * len(hs)
    low_boards = 0
    total = 0
    for extra in combinations(deck, 5 - len(b)):
        full = b + extra
        total += 1
        highs = [_high(h, full) for h in hs]
        best = min(highs)
        hw = [i for i, v in enumerate(highs) if v == best]
        lw: list[int] = []
        if game == "hilo":
            lows = [_low(h, full, qualifier) for h in hs]
            made = [v for v in lows if v is not None]
            if made:
                lw = [i for i, v in enumerate(lows) if v == min(made)]
        if lw:
            low_boards += 1
            for i in hw:
                shares[i] += Fraction(1, 2 * len(hw))
            for i in lw:
                shares[i] += Fraction(1, 2 * len(lw))
        else:
            for i in hw:
                shares[i] += Fraction(1, len(hw))
        for i in range(len(hs)):
            if hw == [i] and (not lw or lw == [i]):
                scoops[i] += 1
    return [s / total for s in shares], scoops, low_boards


SPOTS = [
    # (holes, board, game) -- flop and turn, heads-up and three-way
    (["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s", "hilo"),
    (["As 2d 3c Kh", "Ac 2h 4d Qs"], "5s 8h Kd", "hilo"),          # ties on low and quartering
    (["Ah Kh 3c 2d", "8s 7s 6d 5d", "Qc Qd Js Th"], "4h 9h 2s", "hilo"),
    (["As Ks Qd Jd", "Ah Kh Qc Jc"], "Ts 9s 2s 3d", "hilo"),       # R3: a flush needs two suited hole cards
    (["Th 9h 7c 6c", "Ad Kd 5s 4s", "2c 3d 8h 8d"], "Ks Kc Tc 5d", "high"),  # R4 board
    (["As Ah Ks Kh", "Qd Jd Tc 9c"], "2s 7h 8d", "high"),
]


@pytest.mark.parametrize("holes,board,game", SPOTS)
def test_r2_r11_exact_equity_matches_brute_force(holes: list[str], board: str, game: str) -> None:
    r = equity(holes, board, game=game)
    shares, scoops, low_boards = brute_force(holes, board, game)
    assert [p.equity_fraction for p in r] == shares
    assert [p.scoops for p in r] == scoops
    assert r.low_boards == low_boards
    assert sum(p.equity_fraction for p in r) == 1
    assert r.exact and r.boards == len(list(combinations(range(52 - 4 * len(holes) - len(parse_cards(board))),
                                                         5 - len(parse_cards(board)))))


def test_r12_qualifier_nine_and_none_match_brute_force() -> None:
    holes = ["As 9d Kh Kc", "2c 3d Qs Js"]
    for q in (9, None):
        r = equity(holes, "4h 6s 9c 8d", qualifier=q)
        assert [p.equity_fraction for p in r] == brute_force(holes, "4h 6s 9c 8d", qualifier=q)[0]


def test_five_card_omaha_matches_brute_force() -> None:
    holes = ["As Ah 2s 3h 9c", "Kd Kc Qd Jc 4s"]
    r = equity(holes, "4c 7d 9s 5h")
    assert [p.equity_fraction for p in r] == brute_force(holes, "4c 7d 9s 5h")[0]


def test_river_board_is_one_showdown() -> None:
    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s Kh 5c")
    assert r.boards == 1
    assert [p.equity_fraction for p in r] == brute_force(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s Kh 5c")[0]


def test_r11_known_flop_figure_1357_of_1640() -> None:
    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s")
    assert r[0].equity_fraction == Fraction(1357, 1640)
    assert r[1].equity_fraction == Fraction(283, 1640)


def test_preflop_exact_matches_poker_equity_figure() -> None:
    """All 1,086,008 boards; poker-equity's exact enumeration gives 753,423 pots to player 1."""
    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"])
    assert r.boards == 1_086_008
    assert r[0].equity_fraction == Fraction(753_423, 1_086_008)


def test_preflop_three_way_exact_matches_poker_equity() -> None:
    pe = pytest.importorskip("poker_equity")
    holes = ["As Ah 2s 3h", "Kd Kc Qd Jc", "7h 8h 9d Td"]
    theirs = pe.exact_from_text("omaha_hi_lo", [h.replace(" ", "") for h in holes])
    r = equity(holes)
    assert r.boards == theirs["samples"]
    for p, s in zip(r, theirs["share_sum"], strict=True):
        assert p.equity_fraction * r.boards == Fraction(s)


def test_r11_histogram_and_rates_are_consistent() -> None:
    r = equity(["As 2d 3c Kh", "Ac 2h 4d Qs", "Kc Ks 7s 7h"], "5s 8h Kd")
    assert sum(r.histogram.values()) == r.boards
    assert sum(c for (_, kl), c in r.histogram.items() if kl) == r.low_boards
    for p in r:
        assert p.high_wins + p.high_ties <= r.boards
        assert 0 <= p.quartered <= p.split <= 1
        assert p.scoop + p.split <= 1
    assert sum(p.high_fraction for p in r) == 1
    assert sum(p.low_fraction for p in r) == Fraction(r.low_boards, r.boards)


def test_game_high_has_no_low_fields() -> None:
    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4c 7d 9s", game="high")
    assert r.low_possible == 0 and all(p.low == 0 and p.low_wins == 0 for p in r)
    assert all(kl == 0 for _, kl in r.histogram)


_SUIT_PERMS = ["cdhs", "hscd", "sdch"]


@st.composite
def turn_deals(draw: st.DrawFn) -> tuple[list[str], str]:
    players = draw(st.integers(2, 3))
    cards = draw(st.permutations(range(52)))[: 4 * players + 4]
    holes = [" ".join(str(Card(c)) for c in cards[4 * i:4 * i + 4]) for i in range(players)]
    board = " ".join(str(Card(c)) for c in cards[4 * players:])
    return holes, board


@settings(max_examples=25, deadline=None)
@given(turn_deals(), st.sampled_from(["hilo", "high"]))
def test_r2_r11_random_turn_deals_match_brute_force(deal: tuple[list[str], str], game: str) -> None:
    holes, board = deal
    assert [p.equity_fraction for p in equity(holes, board, game=game)] == brute_force(holes, board, game)[0]


@settings(max_examples=10, deadline=None)
@given(turn_deals(), st.sampled_from(_SUIT_PERMS), st.permutations([0, 1, 2]))
def test_equity_ignores_suit_names_and_seat_order(deal: tuple[list[str], str], suits: str, order: list[int]) -> None:
    holes, board = deal

    def rename(text: str) -> str:
        return text.translate(str.maketrans("cdhs", suits))

    base = equity(holes, board)
    renamed = equity([rename(h) for h in holes], rename(board))
    assert [p.equity_fraction for p in renamed] == [p.equity_fraction for p in base]
    seats = [i for i in order if i < len(holes)]
    moved = equity([holes[i] for i in seats], board)
    assert [p.equity_fraction for p in moved] == [base[i].equity_fraction for i in seats]
