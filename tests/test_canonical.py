"""Suit isomorphism of four-card starting hands (R1: four hole cards; suits are interchangeable before the flop).

The reference is independent of the library: two hands are suit-isomorphic exactly when
the multisets of their per-suit rank sets are equal.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations

import numpy as np
import pytest
from depth import examples

from omaha_learn import CardError, canonical_hand, parse_cards
from omaha_learn.engine.cards import Card, format_cards
from omaha_learn.strategy.canonical import (
    CLASSES,
    HANDS,
    all_hands,
    canonical,
    canonical_key,
    combos,
    hand_classes,
    hand_index,
    rank_pattern,
    suit_pattern,
)


def signature(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Suit-free description: the sorted per-suit rank tuples."""
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c % 4, []).append(c // 4)
    return tuple(sorted(tuple(sorted(r)) for r in by_suit.values()))


@pytest.fixture(scope="module")
def reference() -> Counter[tuple[tuple[int, ...], ...]]:
    return Counter(signature(h) for h in combinations(range(52), 4))


def test_r1_there_are_16432_classes_of_270725_hands(reference: Counter) -> None:
    classes = hand_classes()
    assert len(reference) == CLASSES == len(classes.hands) == 16_432
    assert sum(reference.values()) == HANDS == int(classes.combos.sum()) == 270_725


def test_r1_every_hand_is_in_the_class_of_its_signature(reference: Counter) -> None:
    classes = hand_classes()
    hands = all_hands()
    seen: dict[tuple[tuple[int, ...], ...], int] = {}
    for row, k in zip(hands.tolist(), classes.class_of.tolist(), strict=True):
        sig = signature(tuple(row))
        assert seen.setdefault(sig, k) == k  # one class per signature ...
    assert len(set(seen.values())) == len(seen)  # ... and one signature per class
    for sig, k in seen.items():
        assert int(classes.combos[k]) == reference[sig]
        assert signature(tuple(int(c) for c in classes.hands[k])) == sig


def test_the_class_keys_are_the_one_hand_canonical_key() -> None:
    """The class table's keys (all 270,725 hands at once, a sorting network per suit relabelling) are
    :func:`canonical_key` of the same hands, one at a time."""
    classes = hand_classes()
    hands = all_hands()
    rows = np.random.default_rng(270_725).choice(len(hands), examples(2_000), replace=False)
    for i in rows.tolist():
        assert int(classes.keys[classes.class_of[i]]) == canonical_key([Card(int(c)) for c in hands[i]]), i


def test_canonical_is_invariant_under_suit_relabelling() -> None:
    rng = random.Random(14)
    for _ in range(300):
        hand = rng.sample(range(52), 4)
        canon = canonical(tuple(Card(c) for c in hand))
        for perm in rng.sample(list(permutations(range(4))), 5):
            relabelled = tuple(Card(c // 4 * 4 + perm[c % 4]) for c in hand)
            assert canonical(relabelled) == canon
        assert canonical(canon) == canon
        assert signature(tuple(int(c) for c in canon)) == signature(tuple(hand))
        assert list(canon) == sorted(canon, key=int, reverse=True)


def test_canonical_names_spades_first_then_hearts() -> None:
    assert format_cards(canonical_hand("Ad Ac 2d 3c")) == "As Ah 3s 2h"
    assert format_cards(canonical_hand("Kc Qc Jd Td")) == "Ks Qs Jh Th"
    assert format_cards(canonical_hand("2c 2d 2h 2s")) == "2s 2h 2d 2c"
    assert canonical_key("As Ah 2s 3h") == canonical_key("Ac Ad 2c 3d") != canonical_key("As Ah 2h 3s") - 1


@pytest.mark.parametrize(("shape", "count"), [("ds", 36_504), ("ss", 158_184), ("r", 28_561), ("3s", 44_616),
                                              ("4s", 2_860)])
def test_suit_patterns_count_by_formula(shape: str, count: int) -> None:
    """ds: C(4,2)*C(13,2)^2; ss: 4*C(13,2)*3*13^2; r: 13^4; 3s: 4*C(13,3)*3*13; 4s: 4*C(13,4)."""
    classes = hand_classes()
    total = sum(int(classes.combos[k]) for k in range(CLASSES)
                if suit_pattern(tuple(Card(int(c)) for c in classes.hands[k])) == shape)
    assert total == count


def test_rank_pattern_and_combos() -> None:
    assert rank_pattern("3h Ah 2s As") == "AA32"
    hands = ("As Ah Ad Ac", "As Ks Qs Js", "As Ah Ks Kh", "As Ah 3s 2h", "As Ah Ks Kd", "As Kh Qd Jc")
    assert [combos(h) for h in hands] == [
        1, 4, 6, 12, 24, 24]


def test_hand_index_is_the_row_of_all_hands() -> None:
    hands = all_hands()
    rows = np.random.default_rng(3).integers(0, HANDS, 500)
    shuffled = np.random.default_rng(4).permuted(hands[rows].astype(np.int64), axis=1)
    assert np.array_equal(hand_index(shuffled), rows)


@pytest.mark.parametrize(("bad", "message"), [
    ("As Ah 2s", "hand: an Omaha starting hand has 4 cards, got 3"),
    ("As Ah 2s 3h 4d", "got 5"),
    ("As As 2s 3h", "As"),
    ("As Ah 2s Xx", "'Xx' is not a card"),
])
def test_bad_hands_raise_card_error_naming_the_hand(bad: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        canonical_hand(bad)
    with pytest.raises(CardError):
        suit_pattern(bad)


def test_parse_cards_round_trip() -> None:
    assert canonical_hand(parse_cards("Ad Ac 2d 3c")) == canonical_hand("Ad Ac 2d 3c")
