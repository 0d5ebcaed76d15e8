"""equity() with ranges: card removal, exact enumeration over the range's concrete
hands against an independent brute force (phevaluator high, a card-by-card low: R2, R8-R11),
Monte Carlo within its standard error of the exact value and of poker-equity's range sampler."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from test_equity_exact import brute_force

from omaha_learn import EquityError, RangeError, equity, parse_range
from omaha_learn.engine.cards import format_cards


def range_brute_force(holes: list[str], board: str, game: str) -> list[Fraction]:
    """Every combination of concrete hands (ranges expanded, card removal by hand), each
    brute-forced over every completion of the board, averaged with equal weights."""
    known = set(board.split()) | {c for h in holes if "*" not in h and "," not in h and ":" not in h
                                  for c in h.split()}
    options = []
    for h in holes:
        if any(ch in h for ch in "*,:!"):
            options.append([format_cards(x) for x in parse_range(h) if not known & {str(c) for c in x}])
        else:
            options.append([h])
    total = [Fraction(0)] * len(holes)
    n = 0
    for combo in product(*options):
        cards = [c for h in combo for c in h.split()]
        if len(set(cards)) < len(cards):
            continue
        shares, _, _ = brute_force(list(combo), board, game)
        total = [t + s for t, s in zip(total, shares, strict=True)]
        n += 1
    return [t / n for t in total]


@pytest.mark.parametrize(("holes", "board", "game"), [
    (["As Ah 2s 3h", "KKQJ:ds"], "Kc 7d 2h 9s", "hilo"),          # R11 halves, 6 hands left
    (["As Ah 2s 3h", "[Q-J][Q-J]87:xxyy"], "Kc 7d 2h 9s", "plo"),   # 45 hands left
    (["Td 9d 8c 7c", "AA**:ds!AAA*", "KdKcQdJc,KhKsQhJs"], "Ad 5h 6s 2c", "hilo"),  # two ranges, three-way
    (["As Ah 2s 3h", "KdKcQdJc,KhKsQhJs"], "4c 7d 9s", "hilo"),     # a flop, two hands
])
def test_exact_range_equity_equals_brute_force_over_concrete_hands(holes: list[str], board: str, game: str) -> None:
    r = equity(holes, board, game=game)
    assert r.exact
    expected = range_brute_force(holes, board, game)
    assert [p.equity_fraction for p in r] == expected


def test_card_removal_counts() -> None:
    r = equity(["As Ah 2s 3h", "AA**"], game="plo", trials=1000, seed=1)
    assert r.combos == (None, 1035)   # Ad Ac and two of the 46 non-aces left: C(46, 2)
    r = equity(["As Ah 2s 3h", "KK**"], board="Kd 7c 8h", dead="2d", game="plo", trials=1000, seed=1)
    assert r.combos[1] == len(parse_range("KK**").without("As Ah 2s 3h Kd 7c 8h 2d")) == 3 * 820 + 41  # two of Ks Kh Kc, or all three
    r = equity(["As Ah 2s 3h", "AA**,KK**"], trials=500, seed=2)
    overlap = 6  # Ad Ac with two kings
    assert r.combos[1] == 1035 + len(parse_range("KK**").without("As Ah 2s 3h")) - overlap


def test_monte_carlo_range_equity_is_within_its_standard_error_of_exact() -> None:
    holes, board = ["As Ah 2s 3h", "KKQJ:ds"], "Kc 7d 2h"
    exact = equity(holes, board)
    mc = equity(holes, board, trials=40_000, seed=4)
    assert not mc.exact and mc.boards == 40_000
    assert abs(mc[0].equity - exact[0].equity) <= 4 * mc[0].stderr
    assert mc.equities == equity(holes, board, trials=40_000, seed=4).equities


@pytest.mark.parametrize(("game", "variant"), [("plo", "omaha"), ("hilo", "omaha_hi_lo")])
def test_monte_carlo_range_equity_agrees_with_poker_equity(game: str, variant: str) -> None:
    pe = pytest.importorskip("poker_equity")
    for hero, villain in (("AsAh2s3h", "AA**"), ("KhQhJcTc", "T98*"), ("9s8s7d6d", "KK**,QQ**")):
        ours = equity([hero, villain], game=game, trials=60_000, seed=7)
        theirs = pe.chunk_from_text(variant, [hero, villain], samples=60_000, seed=7, threads=1)
        p = theirs["players"][0]
        assert abs(ours[0].equity - p["equity"]) <= 3 * np.hypot(ours[0].stderr, p["std_error"]), (hero, villain)


def test_range_results_name_the_range() -> None:
    r = equity(["As Ah 2s 3h", "KKQJ:ds"], "Kc 7d 2h")
    text = str(r)
    assert "range KKQJ:ds (6 of 12 hands after card removal)" in text and "random" not in text
    page = r._repr_html_()
    assert "<code>KKQJ:ds</code>" in page and "random" not in page
    mixed = equity(["As Ah 2s 3h", "KK**", None], trials=500, seed=1)
    assert "random" in str(mixed) and "range KK**" in str(mixed)


def test_range_errors_name_the_player_and_the_part() -> None:
    with pytest.raises(RangeError, match=r"player 2's range: '!' at position 4"):
        equity(["As Ah 2s 3h", "AA**!"], trials=100, seed=1)
    with pytest.raises(EquityError, match=r"player 2's range 'AsAh\*\*': no hand left"):
        equity(["As Ah 2s 3h", "AsAh**"], trials=100, seed=1)
    with pytest.raises(EquityError, match="pass trials=N"):
        equity(["As Ah 2s 3h", "AA**"])            # 1,035 hands x 1M boards: too much to enumerate
    with pytest.raises(EquityError, match="random hand"):
        equity(["As Ah 2s 3h", "KKQJ:ds", None])
    with pytest.raises(EquityError, match="game"):
        equity(["As Ah 2s 3h", "AA**"], game="holdem", trials=10)
    with pytest.raises(EquityError, match="player 3's range .* no hand left"):
        equity(["As Ah 2s 3h", "Ad Ac Kd Kc", "AdAcKdKc,AdAcQdQc"], trials=100, seed=1)
    clash = ["As Ah 2s 3h", "AdAcKdKc,AdAcKhKs", "AdAcQdQc,AdAcQhQs"]   # every pair shares Ad Ac
    with pytest.raises(EquityError, match="always share a card"):
        equity(clash)
    with pytest.raises(EquityError, match="almost never"):
        equity(clash, trials=100, seed=1)


def test_known_hands_still_go_the_old_way() -> None:
    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    assert type(r).__name__ == "EquityResult" and r[0].equity_fraction == Fraction(1357, 1640)


@pytest.mark.parametrize("text", ["As Ah 2s 3h", "As Ah 2s 3h 4d", "AsAh2s3h", "as ah 2s 3h", "As,Ah,2s,3h", "10h Ah 2s 3h",
                                  "As As 2s 3h", "As Ah 2s", "As Ah 2s 3h 4d 5d", "AA**", "AA**ds", "15%",
                                  "AdAcKdKc,AdAcQdQc", "As Ah 2s Xx", "AsAh2sXx", "", "  ", "Kd Kc Qd Jc"])
def test_the_edge_reads_as_a_range_exactly_what_is_range_text_calls_one(text: str) -> None:
    """read_ranges (the public edge) reads a hand through equity's parse cache and turns exactly the texts
    is_range_text accepts into ranges, first call or later; the rules core never takes text as a range."""
    from omaha_learn.engine.equity.range_equity import HandRange, has_range
    from omaha_learn.strategy import Range, read_ranges
    from omaha_learn.strategy.ranges import is_range_text

    for _ in range(2):
        try:
            read = [read_ranges([text, "Kd Kc Qd Jc"])[0], read_ranges(["Kd Kc Qd Jc", text])[1]]
        except RangeError:
            read = [None, None]   # range text that does not parse: still read as a range
            assert is_range_text(text)
            continue
        assert [isinstance(r, Range) for r in read] == [is_range_text(text)] * 2
        assert has_range([text, "Kd Kc Qd Jc"]) is False
        assert has_range([parse_range("AA**"), "Kd Kc Qd Jc"]) and isinstance(parse_range("AA**"), HandRange)
