"""The range language (ProPokerTools style): every count is checked against a brute force
over all 270,725 four-card hands with plain Python predicates written independently of the parser.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest

from omaha_learn import CardError, OmahaLearnError, RangeError, parse_range
from omaha_learn.engine.cards import RANKS, Card
from omaha_learn.strategy.ranges import is_range_text

Hand = tuple[int, ...]
ALL: list[Hand] = list(combinations(range(52), 4))

A, K, Q, J, T = (RANKS.index(c) for c in "AKQJT")


def ranks(h: Hand) -> list[int]:
    return [c // 4 for c in h]


def suits(h: Hand) -> list[int]:
    return [c % 4 for c in h]


def rank_counts(h: Hand) -> Counter[int]:
    return Counter(ranks(h))


def suit_shape(h: Hand) -> list[int]:
    return sorted(Counter(suits(h)).values(), reverse=True)


def card(text: str) -> int:
    return int(Card(text))


def has_two_distinct(h: Hand, first: set[int], second: set[int]) -> bool:
    return any(h[i] // 4 in first and h[j] // 4 in second for i in range(4) for j in range(4) if i != j)


def suited(h: Hand, r1: int, r2: int) -> bool:
    return any(a // 4 == r1 and b // 4 == r2 and a % 4 == b % 4 for a in h for b in h if a != b)


CASES: list[tuple[str, Callable[[Hand], bool]]] = [
    ("AA**", lambda h: rank_counts(h)[A] >= 2),
    ("AA", lambda h: rank_counts(h)[A] >= 2),
    ("AA**!AAA*", lambda h: rank_counts(h)[A] == 2),
    ("AAA*", lambda h: rank_counts(h)[A] >= 3),
    ("A2**", lambda h: rank_counts(h)[A] >= 1 and rank_counts(h)[0] >= 1),
    ("KQJT", lambda h: sorted(ranks(h)) == [T, J, Q, K]),
    ("RROO", lambda h: sorted(rank_counts(h).values()) == [2, 2]),
    ("RRON", lambda h: sorted(rank_counts(h).values()) == [1, 1, 2]),
    ("RRR*", lambda h: max(rank_counts(h).values()) >= 3),
    ("AsAh**", lambda h: card("As") in h and card("Ah") in h),
    ("AA**ds", lambda h: rank_counts(h)[A] >= 2 and suit_shape(h) == [2, 2]),
    ("AxAyxy", lambda h: rank_counts(h)[A] >= 2 and suit_shape(h) == [2, 2]),
    ("AA** ss", lambda h: rank_counts(h)[A] >= 2 and suit_shape(h) == [2, 1, 1]),
    ("AA**:r", lambda h: rank_counts(h)[A] >= 2 and suit_shape(h) == [1, 1, 1, 1]),
    ("xxyy", lambda h: suit_shape(h) == [2, 2]),
    ("wxyz", lambda h: suit_shape(h) == [1, 1, 1, 1]),
    ("sshh", lambda h: sorted(suits(h)) == [2, 2, 3, 3]),
    ("s", lambda h: 3 in suits(h)),
    ("AA**,KK**", lambda h: rank_counts(h)[A] >= 2 or rank_counts(h)[K] >= 2),
    ("AA:KK", lambda h: rank_counts(h)[A] >= 2 and rank_counts(h)[K] >= 2),
    ("(AA,KK)!(AAKK)", lambda h: (rank_counts(h)[A] >= 2) != (rank_counts(h)[K] >= 2)),
    ("[A-T][2-5]**", lambda h: has_two_distinct(h, {A, K, Q, J, T}, {0, 1, 2, 3})),
    ("[A,K]AA*", lambda h: rank_counts(h)[A] >= 3 or (rank_counts(h)[A] >= 2 and rank_counts(h)[K] >= 1)),
    ("AxKx**", lambda h: suited(h, A, K)),
    ("RxRyOxOy", lambda h: sorted(rank_counts(h).values()) == [2, 2] and suit_shape(h) == [2, 2]
     and all(len({c // 4 for c in h if c % 4 == s}) == 2 for s in set(suits(h)))),
    ("AA*x", lambda h: rank_counts(h)[A] >= 2),
    ("KsQs*s*", lambda h: card("Ks") in h and card("Qs") in h and sum(1 for c in h if c % 4 == 3) >= 3),
    ("As Ah 2s 3h", lambda h: set(h) == {card("As"), card("Ah"), card("2s"), card("3h")}),
    ("*", lambda h: True),
]


@pytest.mark.parametrize(("text", "predicate"), CASES, ids=[c[0] for c in CASES])
def test_parse_range_counts_match_brute_force(text: str, predicate: Callable[[Hand], bool]) -> None:
    expected = {h for h in ALL if predicate(h)}
    r = parse_range(text)
    got = {tuple(sorted(int(c) for c in hand)) for hand in r}
    assert len(r) == r.combos == len(expected)
    assert got == expected


def test_issue_14_aa_is_6961_hands_by_number_of_aces() -> None:
    r = parse_range("AA**")
    by_aces = Counter(sum(1 for c in hand if c.rank == 14) for hand in r)
    assert len(r) == 6_961
    assert by_aces == {2: 6_768, 3: 192, 4: 1}


def test_range_object() -> None:
    r = parse_range("AsAh2s3h,AA:KK")
    assert str(r) == "AsAh2s3h,AA:KK" and repr(r) == "Range('AsAh2s3h,AA:KK', 37 hands)"
    assert "3h 2s As Ah" in r and "Ks Kh Ad Ac" in r and "Ks Kh Qd Qc" not in r and "nonsense" not in r
    assert r.classes == 2 + 2  # AA32 double-suited; AAKK ds, ss (one suit shared), and with three shared suits
    assert all(list(h) == sorted(h, key=int, reverse=True) for h in r)
    assert len(r[:3]) == 3 and r[-1] == list(r)[-1]
    assert parse_range("AA**") | parse_range("KK**") == parse_range("AA**,KK**")
    assert parse_range("AA**") - parse_range("AAA*") == parse_range("AA**!AAA*")
    assert parse_range("AA**") & parse_range("KK**") == parse_range("AA:KK")
    assert parse_range(r) is r


def test_card_removal() -> None:
    r = parse_range("AA**")
    left = r.without("As Kd")
    expected = [h for h in ALL if rank_counts(h)[A] >= 2 and card("As") not in h and card("Kd") not in h]
    assert len(left) == len(expected)
    assert all(Card("As") not in h and Card("Kd") not in h for h in left)
    assert r.without("") is r
    with pytest.raises(CardError, match="cards to remove"):
        r.without("Zz")


@pytest.mark.parametrize(("text", "part", "position", "words"), [
    ("", "", 0, "empty"),
    ("aa**", "a", 0, "upper case"),
    ("AAKK*", "AAKK*", 0, "at most 4 cards, got 5"),
    ("AA**,KQ!", "!", 7, "missing"),
    ("AA**,,KK", ",", 5, "missing"),
    ("(AA**", "(", 0, "never closed"),
    ("AA**)", ")", 4, "unexpected"),
    ("A10s", "10", 1, "T"),
    ("[A-Z]**", "[A-Z]", 0, "'A-Z'"),
    ("[AK**", "[", 0, "never closed"),
    ("AA*#", "#", 3, "not a rank"),
    ("15%", "15%", 0, "needs a game"),
    ("0%-0%", "0%-0%", 0, "between"),
])
def test_errors_name_the_bad_part(text: str, part: str, position: int, words: str) -> None:
    with pytest.raises(RangeError, match=words) as info:
        parse_range(text)
    assert info.value.part == part and info.value.position == position
    assert isinstance(info.value, OmahaLearnError)


def test_errors_for_bad_arguments() -> None:
    with pytest.raises(RangeError, match="as text"):
        parse_range(["AA**"])  # type: ignore[arg-type]
    with pytest.raises(RangeError, match="game"):
        parse_range("AA**", game="holdem")


def test_share_of_the_chart_takes_the_best_classes() -> None:
    """'10%' is the best classes of the chart until 10% of all hands (the crossing class included)."""
    from omaha_learn import starting_hands

    for game in ("plo", "hilo"):
        r = parse_range("10%", game=game)
        top = starting_hands(game).top(0.10)
        assert r == top.range()
        assert 0.10 <= r.share < 0.10 + 24 / 270_725
        assert parse_range("5%-10%", game=game) == r - parse_range("5%", game=game)
        six = parse_range("10%6h", game=game)
        assert six == starting_hands(game).top(0.10, six_handed=True).range()
    assert parse_range("100%", game="plo").combos == 270_725


def test_is_range_text() -> None:
    assert is_range_text("AA**") and is_range_text("KQJT") and is_range_text("15%") and is_range_text(parse_range("AA"))
    assert not is_range_text("As Ah 2s 3h") and not is_range_text(None) and not is_range_text("As Ah 2s 1h")
    assert not is_range_text("As Ah 2s Zq") and not is_range_text(42)
