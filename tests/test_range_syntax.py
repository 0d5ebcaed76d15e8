"""ProPokerTools' generic syntax in the range language: rank spans, trailing +/-, brackets, rank, suit and
card lists, macros, the no-pair constraint and weighted ranges. Every form is compared with a brute force
over all 270,725 four-card hands: plain Python predicates over ``itertools.combinations`` of the 52 cards,
written from the meaning of the form, not from the parser.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import OmahaLearnError, RangeError, parse_range, starting_hands
from omaha_learn.engine.cards import RANKS, Card
from omaha_learn.strategy.canonical import all_hands
from omaha_learn.strategy.range_set import Range
from omaha_learn.strategy.ranges import is_range_text

Hand = tuple[int, ...]
ALL: list[Hand] = []
RANKS_OF: list[list[int]] = []
COUNTS: list[Counter[int]] = []
SHAPES: list[list[int]] = []


def tables() -> None:
    """Fill the tables over all 270,725 hands (ALL, and each hand's ranks, rank counts and suit shape) on first
    use, not at import: collecting this file (in every worker of a parallel run, and in a fast run that leaves
    its brute-force tests to the full one) builds nothing. They stay plain lists, read by the predicates."""
    if not ALL:
        ALL.extend(combinations(range(52), 4))
        RANKS_OF.extend([c // 4 for c in h] for h in ALL)
        COUNTS.extend(Counter(r) for r in RANKS_OF)
        SHAPES.extend(sorted(Counter(c % 4 for c in h).values(), reverse=True) for h in ALL)


R = {ch: RANKS.index(ch) for ch in RANKS}
A, K, Q, J, T = (R[c] for c in "AKQJT")


def ranks(*text: str) -> set[int]:
    return {R[c] for t in text for c in t}


def card(text: str) -> int:
    return int(Card(text))


def brute(predicate: Callable[[int], bool]) -> set[Hand]:
    """The hands (ascending card tuples) whose index ``i`` in ALL satisfies ``predicate(i)``."""
    tables()
    return {ALL[i] for i in range(len(ALL)) if predicate(i)}


def got(text: str, game: str | None = None) -> set[Hand]:
    return {tuple(int(c) for c in row) for row in parse_range(text, game).hands}


def pair_of(i: int, rs: set[int]) -> bool:
    return any(COUNTS[i][r] >= 2 for r in rs)


Key = tuple[int, ...]


@functools.cache
def rank_keys() -> dict[Key, list[Hand]]:
    """Every hand by its sorted ranks (1,820 keys)."""
    tables()
    keys: dict[Key, list[Hand]] = {}
    for h, r in zip(ALL, RANKS_OF, strict=True):
        keys.setdefault(tuple(sorted(r)), []).append(h)
    return keys


def brute_ranks(predicate: Callable[[Key], bool]) -> set[Hand]:
    """The hands whose ranks (sorted) satisfy ``predicate``: each of the 1,820 rank multisets is tested once."""
    return {h for key, hands in rank_keys().items() if predicate(key) for h in hands}


def fits(key: Key, *sets: set[int]) -> bool:
    """Whether distinct cards of a hand with ranks ``key`` have ranks in ``sets``, one card each."""
    return any(all(r in s for r, s in zip(p, sets, strict=False)) for p in permutations(key, len(sets)))


def pair_in(key: Key, rs: set[int]) -> bool:
    return any(key.count(r) >= 2 for r in rs)


def runs(key: Key, top: list[int], steps: int) -> bool:
    """Whether the ranks are exactly ``top`` moved down by 0..steps."""
    return any(list(key) == sorted(r - k for r in top) for k in range(steps + 1))


WHEEL, LOW = ranks("A2345"), ranks("A2345678")
BROADWAY, BIG, FACE = ranks("AKQJT"), ranks("AKQJ"), ranks("KQJ")
MIDDLE, SMALL, NON_LOW = ranks("T987"), ranks("65432"), ranks("KQJT9")
KQJT = [K, Q, J, T]

RANK_CASES: list[tuple[str, Callable[[Key], bool]]] = [
    # rank spans: the ranks written out move together
    ("KK-TT", lambda k: pair_in(k, ranks("KQJT"))),
    ("TT-KK", lambda k: pair_in(k, ranks("KQJT"))),
    ("TT+", lambda k: pair_in(k, ranks("TJQKA"))),
    ("99-", lambda k: pair_in(k, ranks("98765432"))),
    ("KQJT-9876", lambda k: runs(k, KQJT, 4)),
    ("KQJT+", lambda k: runs(k, [A, K, Q, J], 1)),
    ("AK-AT", lambda k: fits(k, {A}, ranks("KQJT"))),
    ("A2-A5", lambda k: fits(k, {A}, ranks("2345"))),
    ("AKK-AJJ", lambda k: A in k and pair_in(k, ranks("KQJ"))),
    ("RRKQ-RRJT", lambda k: sorted(Counter(k).values()) == [1, 1, 2] and any(
        k.count(a) == 1 and k.count(a - 1) == 1 for a in ranks("KQJ"))),
    # brackets: one card from a span or list, or a span of several cards
    ("[K-T]", lambda k: any(r in ranks("KQJT") for r in k)),
    ("[K-T][K-T]**", lambda k: fits(k, ranks("KQJT"), ranks("KQJT"))),
    ("A[K-T]", lambda k: fits(k, {A}, ranks("KQJT"))),
    ("[KK-TT][55-22]", lambda k: pair_in(k, ranks("KQJT")) and pair_in(k, ranks("5432"))),
    ("[KQ-T9]**", lambda k: any(r in k and r - 1 in k for r in ranks("KQJT"))),
    # rank macros, one card each, and the no-pair constraint
    ("$B$B**", lambda k: fits(k, BIG, BIG)),
    ("$R$R$R$R", lambda k: all(r in BROADWAY for r in k)),
    ("$W$W$L$L", lambda k: fits(k, WHEEL, WHEEL, LOW, LOW)),
    ("$F$N", lambda k: fits(k, FACE, NON_LOW)),
    ("$M$M$Z$Z", lambda k: fits(k, MIDDLE, MIDDLE, SMALL, SMALL)),
    ("$np", lambda k: len(set(k)) == 4),
    ("$B$B$B$B:$np", lambda k: len(set(k)) == 4 and all(r in BIG for r in k)),
    ("[A-T][A-T]**:$np", lambda k: len(set(k)) == 4 and sum(r in BROADWAY for r in k) >= 2),
    ("(KK-TT)!($B$B$B*)", lambda k: pair_in(k, ranks("KQJT")) and not fits(k, BIG, BIG, BIG)),
]

CASES: list[tuple[str, Callable[[int], bool]]] = [
    ("AxKx-AxTx", lambda i: any(a // 4 == A and b // 4 in ranks("KQJT") and a % 4 == b % 4
                                for a in ALL[i] for b in ALL[i] if a != b)),
    ("AsKs-AsQs", lambda i: card("As") in ALL[i] and (card("Ks") in ALL[i] or card("Qs") in ALL[i])),
    ("A[s,h]", lambda i: card("As") in ALL[i] or card("Ah") in ALL[i]),
    ("[sh]***", lambda i: any(c % 4 in (2, 3) for c in ALL[i])),
    ("[As,Kh,2c]", lambda i: bool({card("As"), card("Kh"), card("2c")} & set(ALL[i]))),
    ("[As,Kh][As,Kh]", lambda i: card("As") in ALL[i] and card("Kh") in ALL[i]),
    ("[A,K]s[A,K]s", lambda i: sum(1 for c in ALL[i] if c % 4 == 3 and c // 4 in (A, K)) >= 2),
    ("$Bs$Bs", lambda i: sum(1 for c in ALL[i] if c % 4 == 3 and c // 4 in BIG) >= 2),
    ("$ds", lambda i: SHAPES[i] == [2, 2]),
    ("$ss", lambda i: SHAPES[i] == [2, 1, 1]),
    ("AA**$ds", lambda i: COUNTS[i][A] >= 2 and SHAPES[i] == [2, 2]),
    ("TT+:$ss,KQJT-9876:$ds", lambda i: (SHAPES[i] == [2, 1, 1] and any(COUNTS[i][r] >= 2 for r in ranks("TJQKA")))
     or (SHAPES[i] == [2, 2] and runs(tuple(sorted(RANKS_OF[i])), KQJT, 4))),
]


@pytest.mark.parametrize(("text", "predicate"), RANK_CASES, ids=[c[0] for c in RANK_CASES])
def test_rank_forms_match_brute_force(text: str, predicate: Callable[[Key], bool]) -> None:
    r = parse_range(text)
    assert got(text) == brute_ranks(predicate)
    assert r.weights is None and is_range_text(text)


@pytest.mark.parametrize(("text", "predicate"), CASES, ids=[c[0] for c in CASES])
def test_suit_and_card_forms_match_brute_force(text: str, predicate: Callable[[int], bool]) -> None:
    r = parse_range(text)
    assert got(text) == brute(predicate)
    assert r.weights is None and is_range_text(text)


RANK_CHARS = "23456789TJQKA"


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=4), st.data())
def test_any_span_is_the_union_of_its_steps(start: list[int], data: st.DataObject) -> None:
    """A span `XY..-ZW..` of written ranks, all moving by the same d, is the hands holding one of its
    steps as a sub-multiset of their ranks (a pattern shorter than four is padded with `*`)."""
    moves = [d for d in range(-min(start), 13 - max(start)) if d]
    if not moves:
        return
    d = data.draw(st.sampled_from(moves))
    text = "".join(RANK_CHARS[r] for r in start) + "-" + "".join(RANK_CHARS[r + d] for r in start)
    sign = 1 if d > 0 else -1
    steps = [Counter(r + sign * k for r in start) for k in range(abs(d) + 1)]
    assert got(text) == brute_ranks(lambda k: any(all(k.count(r) >= m for r, m in s.items()) for s in steps)), text


@settings(max_examples=8, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=4), st.booleans())
def test_trailing_plus_and_minus_move_every_written_rank(start: list[int], up: bool) -> None:
    text = "".join(RANK_CHARS[r] for r in start) + ("+" if up else "-")
    top = 12 - max(start) if up else min(start)
    steps = [Counter(r + (k if up else -k) for r in start) for k in range(top + 1)]
    assert got(text) == brute_ranks(lambda k: any(all(k.count(r) >= m for r, m in s.items()) for s in steps)), text


def test_existing_forms_are_unchanged_by_the_new_syntax() -> None:
    assert len(parse_range("[A-T][2-5]**")) == len(parse_range("[AKQJT][2345]**"))
    assert parse_range("AA**ds") == parse_range("AA**:$ds") == parse_range("AA**$ds") == parse_range("AA:ds")
    assert parse_range("RROO:$np").combos == 0
    assert parse_range("KK-QQ") == parse_range("KK,QQ") == parse_range("QQ+") - parse_range("AA!KK!QQ")


# ----------------------------------------------------------------- weights

def weight_of(r: Range) -> dict[Hand, float]:
    w = r.weight_array()
    return {tuple(int(c) for c in row): float(x) for row, x in zip(r.hands, w, strict=True)}


@pytest.mark.parametrize(("text", "weigh"), [
    ("AA@100,KK@50", lambda i: max(1.0 if COUNTS[i][A] >= 2 else 0, 0.5 if COUNTS[i][K] >= 2 else 0)),
    ("AA@30,AA:KK@60", lambda i: 0.6 if COUNTS[i][A] >= 2 and COUNTS[i][K] >= 2 else 0.3 if COUNTS[i][A] >= 2 else 0),
    ("(AA,KK)@50", lambda i: 0.5 if COUNTS[i][A] >= 2 or COUNTS[i][K] >= 2 else 0),
    ("AA:$ds@25, KK-QQ@75", lambda i: max(0.25 if COUNTS[i][A] >= 2 and SHAPES[i] == [2, 2] else 0,
                                         0.75 if pair_of(i, {K, Q}) else 0)),
    ("(AA@50,KK@20):$ds", lambda i: (max(0.5 if COUNTS[i][A] >= 2 else 0, 0.2 if COUNTS[i][K] >= 2 else 0)
                                     if SHAPES[i] == [2, 2] else 0)),
    ("(AA@50,KK@20)!AAA", lambda i: 0 if COUNTS[i][A] >= 3 else
     max(0.5 if COUNTS[i][A] >= 2 else 0, 0.2 if COUNTS[i][K] >= 2 else 0)),
])
def test_weights_match_brute_force(text: str, weigh: Callable[[int], float]) -> None:
    tables()
    expected = {ALL[i]: w for i in range(len(ALL)) if (w := weigh(i)) > 0}
    r = parse_range(text)
    assert r.weights is not None and r.weights.dtype == np.float64 and r.weights.shape == (len(r),)
    assert weight_of(r) == pytest.approx(expected)


def test_weight_100_everywhere_is_no_weight() -> None:
    assert parse_range("AA@100").weights is None and parse_range("AA@100") == parse_range("AA")
    assert parse_range("AA@50") != parse_range("AA") and parse_range("AA@50") == parse_range("AA@50")
    assert "weighted" in repr(parse_range("AA@50"))


def test_set_operations_on_weighted_ranges() -> None:
    """| keeps the larger weight, & the smaller, - and without() keep the left range's weights."""
    a, b = parse_range("AA@50,KK@100"), parse_range("AA@80,QQ@10")
    wa, wb = weight_of(a), weight_of(b)
    union, inter, diff = weight_of(a | b), weight_of(a & b), weight_of(a - b)
    assert union == {h: max(wa.get(h, 0), wb.get(h, 0)) for h in set(wa) | set(wb)}
    assert inter == {h: min(wa[h], wb[h]) for h in set(wa) & set(wb)}
    assert diff == {h: wa[h] for h in set(wa) - set(wb)}
    plain = parse_range("AA")
    wp = weight_of(plain)
    assert weight_of(a | plain) == {h: max(wa.get(h, 0), wp.get(h, 0)) for h in set(wa) | set(wp)}
    assert (plain | plain).weights is None
    left = a.without("As Kd")
    assert weight_of(left) == {h: w for h, w in wa.items() if card("As") not in h and card("Kd") not in h}
    with pytest.raises(RangeError, match="one weight per hand"):
        Range("x", a.rows, None, np.ones(3))
    with pytest.raises(RangeError, match="positive"):
        Range("x", a.rows[:1], None, np.zeros(1))


def test_weights_are_honoured_by_range_equity() -> None:
    """Exact equity against `(AA!QQ)@1,(QQ!AA)@100` on the river is the weighted mean of the two parts."""
    from omaha_learn import equity

    hero, board = "Ks Kh 3c 4d", "Jc 7d 2h 5s 9c"
    aces = equity([hero, "AA!QQ"], board=board, game="plo")
    queens = equity([hero, "QQ!AA"], board=board, game="plo")
    both = equity([hero, "(AA!QQ)@1,(QQ!AA)@100"], board=board, game="plo")
    na, nq = aces.combos[1], queens.combos[1]
    assert na and nq and abs(aces[0].equity - queens[0].equity) > 0.5
    expected = (na * aces[0].equity + 100 * nq * queens[0].equity) / (na + 100 * nq)
    assert both[0].equity == pytest.approx(expected, abs=1e-9)


# ----------------------------------------------------------------- shares of the chart

def test_six_handed_slices_use_the_six_handed_order() -> None:
    for game in ("plo", "hilo"):
        six = starting_hands(game)
        assert parse_range("5%-15%6h", game=game) == (six.top(0.15, six_handed=True).range()
                                                      - six.top(0.05, six_handed=True).range())
        assert parse_range("15%6h", game=game) != parse_range("15%", game=game)


# ----------------------------------------------------------------- refusals

@pytest.mark.parametrize(("text", "part", "position", "words"), [
    ("AA@50,KK", "KK", 6, "every comma-separated part has a weight"),
    ("AA@0", "@0", 2, "whole number from 1 to 100"),
    ("AA@101", "@101", 2, "whole number from 1 to 100"),
    ("AA@12.5", "@12.5", 2, "whole number"),
    ("AA@", "@", 2, "weight is missing"),
    ("AA@50@20", "@", 5, "one weight per part"),
    ("AA@50:KK", ":", 5, "ends its comma-separated part"),
    ("AA**@SET", "@SET", 4, "board-texture"),
    ("toppair", "toppair", 0, "needs a board"),
    ("AA:lo", "lo", 3, "hi-lo half"),
    ("AA<KK", "<", 2, "'<' and '>'"),
    ("AKo", "o", 2, "offsuit"),
    ("$s", "$s", 0, "hold'em macro"),
    ("$Q$Q", "$Q", 0, "unknown macro"),
    ("AA$ds**", "$ds", 2, "whole-hand macro"),
    ("15%9h", "9h", 3, "six-handed"),
    ("KQJT-9875", "KQJT-9875", 0, "move together"),
    ("KQ-T", "KQ-T", 0, "as many cards"),
    ("KK-KK", "KK-KK", 0, "the same"),
    ("AxK-AyQ", "AxK-AyQ", 0, "only the ranks written out change"),
    ("AA-KK-QQ", "-", 5, "one '-'"),
    ("**+", "+", 2, "none"),
    ("[A,s]", "[A,s]", 0, "not a mix"),
    ("[KK-TT]+", "[KK-TT]", 0, "bracketed span"),
    ("KQJT9-87654", "KQJT9", 0, "at most 4 cards"),
])
def test_unsupported_and_malformed_forms_name_the_feature(text: str, part: str, position: int, words: str) -> None:
    with pytest.raises(RangeError, match=words) as info:
        parse_range(text)
    assert info.value.part == part and info.value.position == position, str(info.value)
    assert isinstance(info.value, OmahaLearnError)
    assert f"at position {position}" in str(info.value)


def test_is_range_text_knows_the_new_forms() -> None:
    for text in ("TT+", "99-", "KK-TT", "$B$B**", "AA@50,KK@50", "[As,Kh]***", "$np"):
        assert is_range_text(text), text
    assert not is_range_text("As Ah 2s 3h") and not is_range_text("As Ah 2s Zq")


def test_weights_line_up_with_hands() -> None:
    r = parse_range("AA@100,KK@50")
    hands = all_hands()[r.rows]
    assert np.array_equal(hands, r.hands)
    aces = (hands // 4 == A).sum(axis=1) >= 2
    assert (r.weights[aces] == 1.0).all() and (r.weights[~aces] == 0.5).all()  # type: ignore[index]


def test_the_table_in_docs_rules_md_counts_right() -> None:
    """Every example of the range-language table in docs/rules.md has the count of hands printed next to it."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## The range language"):]
    rows = re.findall(r"^\|[^|\n]+\| `([^`]+)`(?: \(`game=\"(\w+)\"`\))? \| ([\d,]+)", section, flags=re.M)
    assert len(rows) >= 35
    for example, game, count in rows:
        assert parse_range(example, game or None).combos == int(count.replace(",", "")), example


def test_chart_and_ranges_import_in_one_direction_only() -> None:
    """The chart imports Range from range_set; the range reader imports the chart; nothing goes back,
    not even inside a function."""
    import ast
    from pathlib import Path

    engine = Path(__file__).resolve().parent.parent / "omaha_learn" / "strategy"

    def imported(name: str) -> set[str]:
        tree = ast.parse((engine / name).read_text(encoding="utf-8"))
        return {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
            alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}

    ranges = {"omaha_learn.strategy.ranges", "omaha_learn.strategy.range_syntax"}
    assert not imported("chart.py") & ranges
    assert not imported("range_set.py") & (ranges | {"omaha_learn.strategy.chart"})
    assert "omaha_learn.strategy.chart" in imported("range_syntax.py")
    assert "omaha_learn.strategy.range_set" in imported("chart.py")
