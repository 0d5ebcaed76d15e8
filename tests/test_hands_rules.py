"""Every hand-reading example of RULES.md R2-R4 and R6-R12, and explain()'s pitfalls."""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import Category, best_high, best_low, explain, parse_cards
from omaha_learn.engine.cards import FULL_DECK, CardError
from omaha_learn.engine.evaluation.five_card import high_value, low_value


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


# ------------------------------------------------------------------ R2

def test_r2_exactly_two_hole_cards_and_three_board_cards() -> None:
    h = best_high("As Ks 2c 3d", "Qs Js Ts 9h 8h")
    assert len(h.hole_cards) == 2 and len(h.board_cards) == 3
    assert set(h.hole_cards) <= set(parse_cards("As Ks 2c 3d"))
    assert h.category == Category.ROYAL_FLUSH  # As Ks + Qs Js Ts


def test_r2_the_board_never_plays() -> None:
    # The board is a royal flush; the player holds nothing that uses it.
    h = best_high("2c 3d 4h 7c", "As Ks Qs Js Ts")
    assert h.category == Category.ONE_PAIR or h.category == Category.HIGH_CARD
    assert h.category < Category.STRAIGHT
    e = explain("2c 3d 4h 7c", "As Ks Qs Js Ts")
    assert any(p.kind == "board_plays" and p.rule == "R2" for p in e.pitfalls)


def test_r2_never_three_or_four_hole_cards() -> None:
    # Four spades in hand and two on the board: no flush (three hole cards would be needed).
    h = best_high("Ks Qs Js 2s", "9s 3s 4d 7c 8h")
    assert h.category != Category.FLUSH
    e = explain("Ks Qs Js 2s", "9s 3s 4d 7c 8h")
    [flush] = [p for p in e.pitfalls if p.kind == "flush"]
    assert "four spades" in flush.message and "three board cards" in flush.message


def test_r2_straight_with_a_single_hole_card_is_not_a_straight() -> None:
    h = best_high("Th 2c 3d Kd", "9s 8h 7d 6c Qs")
    assert h.category < Category.STRAIGHT
    e = explain("Th 2c 3d Kd", "9s 8h 7d 6c Qs")
    [st] = [p for p in e.pitfalls if p.kind == "straight"]
    assert "only one hole card (Th)" in st.message
    assert set(st.cards) == set(parse_cards("Th 9s 8h 7d 6c"))


# ------------------------------------------------------------------ R3, R4 seeds

def test_r3_seed_flush_pitfall() -> None:
    h = best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    assert h.category == Category.TWO_PAIR
    assert list(map(str, h.cards)) == ["Kd", "Kc", "6c", "6h", "Ac"]
    assert h.describe() == "Two pair, kings and sixes, ace kicker"
    e = explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    [flush] = [p for p in e.pitfalls if p.kind == "flush"]
    assert flush.rule == "R3"
    assert flush.message == ("The board has four clubs but you hold only one club (Ac): no flush. "
                             "Omaha needs exactly two hole cards.")
    assert set(flush.cards) == set(parse_cards("Ac Kc 9c 6c Qc"))


def test_r3_two_suited_hole_cards_do_make_the_flush() -> None:
    h = best_high("Ac 2c Td 8h", "Kc 9c 6c 6h Qc")
    assert h.category == Category.FLUSH
    assert not [p for p in explain("Ac 2c Td 8h", "Kc 9c 6c 6h Qc").pitfalls if p.kind == "flush"]


def test_r3_five_suited_board_and_no_suited_hole_card() -> None:
    e = explain("Ad Kd Th 8h", "2c 5c 7c 9c Jc")
    assert e.best_high.category < Category.FLUSH
    [flush] = [p for p in e.pitfalls if p.kind == "flush"]
    assert "five clubs" in flush.message and "no clubs" in flush.message


def test_r4_seed_full_house_pitfall() -> None:
    h = best_high("Th 9h 7c 6c", "Ks Kc Tc Td 5d")
    assert h.category == Category.THREE_OF_A_KIND
    assert list(map(str, h.cards)) in (["Th", "Tc", "Td", "Ks", "9h"], ["Th", "Tc", "Td", "Kc", "9h"])
    assert cards(str(h)) in (cards("Th Tc Td Ks 9h"), cards("Th Tc Td Kc 9h"))
    e = explain("Th 9h 7c 6c", "Ks Kc Tc Td 5d")
    [fh] = [p for p in e.pitfalls if p.kind == "full_house"]
    assert fh.rule == "R4"
    assert "only one hole card (Th)" in fh.message and "tens full of kings" in fh.message
    assert "three of a kind, tens" in fh.message


def test_r4_two_hole_cards_of_the_pair_rank_do_make_the_full_house() -> None:
    h = best_high("Th Ts 7c 6c", "Ks Kc Tc 2d 5d")
    assert h.category == Category.FULL_HOUSE and h.describe() == "Full house, tens full of kings"


# ------------------------------------------------------------------ R6 order

R6_HANDS = [  # worst first, one per category
    ("7c 5d", "4h 3s 2c"),  # high card
    ("7c 7d", "4h 3s 2c"),  # pair
    ("7c 7d", "4h 4s 2c"),  # two pair
    ("7c 7d", "7h 4s 2c"),  # trips
    ("6c 5d", "4h 3s 2c"),  # straight
    ("9c 7c", "4c 3c 2c"),  # flush
    ("7c 7d", "7h 2s 2c"),  # full house
    ("7c 7d", "7h 7s 2c"),  # quads
    ("6c 5c", "4c 3c 2c"),  # straight flush
    ("Ac Kc", "Qc Jc Tc"),  # royal flush
]


def test_r6_category_order() -> None:
    values = [high_value(parse_cards(f"{a} {b}")) for a, b in R6_HANDS]
    assert [v[0] for v in values] == list(range(10))
    assert values == sorted(values)
    # Same order through the Omaha reader: two hole cards plus a three-card board.
    strengths = []
    for a, b in R6_HANDS:
        strengths.append(best_high(f"{a} Kh Qd", b))
    assert [h.category for h in strengths] == list(Category)
    assert all(x < y for x, y in zip(strengths, strengths[1:], strict=False))


# ------------------------------------------------------------------ R7 ties

@pytest.mark.parametrize(("better", "worse"), [
    ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),    # wheel is the lowest straight
    ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"),    # ace high straight is the highest
    ("Ac 6d 4h 3s 2c", "Kc Qd Jh 9s 7c"),    # ace plays high outside straights
    ("6h 5h 4h 3h 2h", "5d 4d 3d 2d Ad"),    # steel wheel is the lowest straight flush
    ("Kc Kd Kh Ks 2c", "Qc Qd Qh Qs Ac"),    # quads by rank
    ("Kc Kd Kh Ks 3c", "Kc Kd Kh Ks 2d"),    # then kicker
    ("4c 4d 4h 2s 2c", "3c 3d 3h As Ac"),    # full house by the three
    ("4c 4d 4h 3s 3c", "4c 4d 4h 2s 2c"),    # then the pair
    ("Ac 9c 7c 5c 3c", "Ac 9c 7c 5c 2c"),    # flush card by card
    ("Kd Jd 4d 3d 2d", "Kc Tc 9c 8c 6c"),
    ("9c 9d 9h Ks 2c", "9c 9d 9h Qs Jc"),    # trips then kickers
    ("Ac Ad 3h 3s 2c", "Kc Kd Qh Qs Jc"),    # two pair: top pair
    ("Ac Ad 4h 4s 2c", "Ac Ad 3h 3s Kc"),    # second pair
    ("Ac Ad 4h 4s 3c", "Ac Ad 4h 4s 2c"),    # kicker
    ("Tc Td 4h 3s 2c", "9c 9d Ah Ks Qc"),    # pair, then kickers
    ("Tc Td Ah 3s 2c", "Tc Td Kh Qs Jc"),
    ("Kc Jd 9h 7s 6c", "Kc Jd 9h 7s 5c"),    # high card, card by card
])
def test_r7_ties_inside_a_category(better: str, worse: str) -> None:
    b, w = parse_cards(better, allow_duplicates=True), parse_cards(worse, allow_duplicates=True)
    assert high_value(b) > high_value(w)
    from omaha_learn.engine.evaluation.tables import high_classes

    assert high_classes().index(high_value(b)) > high_classes().index(high_value(w))


def test_r7_equal_hands_tie() -> None:
    a = best_high("Ah Kh 2c 3c", "Qs Js Ts 4d 5d")
    b = best_high("Ac Kc 2h 3h", "Qs Js Ts 4d 5d")
    assert a == b and not a > b and not a < b


# ------------------------------------------------------------------ R8, R9 lows

def test_r8_low_is_five_different_ranks_eight_or_lower() -> None:
    assert best_low("Ah 2h Kc Kd", "3h 4h 5h Qs Js").number == 54321     # flush/straight do not spoil it
    assert best_low("Ah 2h Kc Kd", "3h 4h 9h Qs Js") is None              # nine is not eight or better
    assert best_low("Ah Ad Kc Kd", "3h 4h 5h Qs Js") is None              # two aces pair: 5-4-3-A-A is no low
    assert best_low("As 8d Kc Kd", "2h 4h 6h Qs Js").number == 86421      # ace counts low


def test_r9_compare_from_the_highest_card_down() -> None:
    a = best_low("As 2d Kc Kh", "6c 4d 3h Qs Js")   # 6-4-3-2-A
    b = best_low("As 2d Kc Kh", "6c 5d 4h Qs Js")   # 6-5-4-2-A
    assert a is not None and b is not None and a > b and a.number == 64321 and b.number == 65421


def test_r9_76543_beats_84321() -> None:
    a = best_low("7s 6d Kc Kh", "5c 4d 3h Qs Js")
    b = best_low("8s As Kc Kh", "4c 3d 2h Qs Js")
    assert a is not None and b is not None
    assert (a.number, b.number) == (76543, 84321) and a > b
    assert low_value(a.cards) < low_value(b.cards)


def test_r9_wheel_best_and_87654_worst() -> None:
    wheel = best_low("As 2d Kc Kh", "3c 4d 5h Qs Js")
    worst = best_low("8s 7d Kc Kh", "6c 5d 4h Qs Js")
    assert wheel is not None and worst is not None
    assert wheel.strength == 6175 and "the wheel" in wheel.describe()
    from omaha_learn.engine.evaluation.tables import low_threshold

    assert worst.number == 87654 and worst.strength == low_threshold(8)


def test_r9_equal_lows_split() -> None:
    a = best_low("As 2d Kc Kh", "3c 4d 8h Qs Js")
    b = best_low("Ac 2h Qc Qh", "3c 4d 8h Ks Js")
    assert a == b


# ------------------------------------------------------------------ R10 halves

def test_r10_same_cards_serve_both_halves() -> None:
    h = best_high("Ah 2h Kc Kd", "3h 4h 5h Qs Js")
    lo = best_low("Ah 2h Kc Kd", "3h 4h 5h Qs Js")
    assert h.category == Category.STRAIGHT_FLUSH and lo is not None
    assert set(h.hole_cards) == set(lo.hole_cards) == set(parse_cards("Ah 2h"))


def test_r10_different_cards_serve_each_half() -> None:
    h = best_high("Ks Qs 2d 3c", "Js Ts 4s 5h 8d")
    lo = best_low("Ks Qs 2d 3c", "Js Ts 4s 5h 8d")
    assert h.category == Category.FLUSH and lo is not None
    assert set(h.hole_cards) == set(parse_cards("Ks Qs"))
    assert set(lo.hole_cards) == set(parse_cards("2d 3c")) and lo.number == 85432


def test_r10_one_low_card_in_hand_is_no_low() -> None:
    e = explain("Ac 9d Td Jd", "2c 3c 4h 5d Kh")
    assert e.best_low is None
    [low] = [p for p in e.pitfalls if p.kind == "low"]
    assert low.rule == "R10" and "only one hole card (Ac)" in low.message


# ------------------------------------------------------------------ R11, R12

def test_r11_no_qualifying_low_means_no_low_half() -> None:
    # With no qualifying low every player's best_low is None, so the high takes the whole pot.
    board = "9c Td Jh Qs Ks"
    assert all(best_low(h, board) is None for h in ("As 2d 3c 4h", "5s 6d 7c 8h"))


def test_r12_nine_or_better() -> None:
    assert best_low("Ah 2c Kd Qs", "3s 4d 9c") is None
    lo = best_low("Ah 2c Kd Qs", "3s 4d 9c", qualifier=9)
    assert lo is not None and lo.number == 94321


def test_r12_no_qualifier_razz_style() -> None:
    lo = best_low("Ah Ac Kd Qs", "Js Td 9c", qualifier=None)
    assert lo is not None  # even a pair makes a low with no qualifier
    q = best_low("Kh Qc Kd Qs", "Js Td 9c", qualifier=None)
    assert q is not None and lo > q  # A-A-J-T-9 ... vs K-Q-J-T-9: compare as lows
    nine = best_low("9h 8c Kd Qs", "2s 3d 4c", qualifier=None)
    qlow = best_low("Qh 8c Kd Js", "2s 3d 4c", qualifier=None)
    assert nine is not None and qlow is not None and nine > qlow


def test_r12_bad_qualifier_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="qualifier"):
        best_low("Ah 2c Kd Qs", "3s 4d 9c", qualifier=4)


# ------------------------------------------------------------------ explain()

def test_explain_counts_every_choice() -> None:
    assert len(explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc").choices) == 60
    assert len(explain("Ac Kd Td 8h", "Kc 9c 6c").choices) == 6
    assert len(explain("Ac Kd Td 8h", "Kc 9c 6c 2d").choices) == 24
    assert len(explain("Ac Kd Td 8h 2s", "Kc 9c 6c 6h Qc").choices) == 100


def test_explain_best_matches_best_high_and_best_low() -> None:
    e = explain("As 2d 3c Kh", "4s 5d 8h Ks Js")
    assert e.best_high == best_high("As 2d 3c Kh", "4s 5d 8h Ks Js")
    assert e.best_low == best_low("As 2d 3c Kh", "4s 5d 8h Ks Js")
    assert all(c.high <= e.best_high for c in e.choices)
    assert any(c.is_best_low for c in e.choices)
    assert all(c.is_best_high == (c.high == e.best_high) for c in e.choices)


def test_explain_qualifier_none_gives_every_choice_a_low() -> None:
    e = explain("Kd Kc Qh Qs", "Jd Jc Th", qualifier=None)
    assert all(c.low is not None for c in e.choices) and e.best_low is not None


def test_explain_summary_is_a_readable_table() -> None:
    text = str(explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc"))
    assert "Best high: Two pair, kings and sixes, ace kicker" in text
    assert "R3 flush" in text and "60 choices" in text
    assert len(text.splitlines()) > 60


def test_explain_bad_input_names_the_problem() -> None:
    with pytest.raises(CardError, match="'Kc' is both in the hand and on the board"):
        explain("Ac Kc Td 8h", "Kc 9c 6c 6h Qc")
    with pytest.raises(CardError, match="hole cards"):
        explain("Ac Kd", "Kc 9c 6c 6h Qc")
    with pytest.raises(CardError, match="'Zz'"):
        explain("Ac Kd Td Zz", "Kc 9c 6c 6h Qc")


def test_explain_no_false_pitfalls_on_a_plain_hand() -> None:
    assert explain("As Ks Qd Jd", "2c 7h 9s Kd Jh").pitfalls == ()


def test_explain_one_low_card_with_four_low_board_cards() -> None:
    e = explain("As Ks Qd Jd", "2c 7h 9s 3d 4h")
    assert [p.kind for p in e.pitfalls] == ["low"] and e.best_low is None


def test_r4_pitfall_names_the_paired_board_ranks() -> None:
    [fh] = [p for p in explain("6h 9h 7c 2c", "Ks Kc 6c 6d 5d").pitfalls if p.kind == "full_house"]
    assert fh.message.startswith("The board is paired (kings, sixes) and you use only one hole card (6h)")


def test_no_straight_pitfall_when_a_straight_is_made_legally() -> None:
    e = explain("Th 9h 2c 3c", "8s 7c 6d 5d Kh")
    assert e.best_high.category == Category.STRAIGHT
    assert not [p for p in e.pitfalls if p.kind == "straight"]


# ------------------------------------------------------------------ properties (hypothesis)

_DEALS = st.tuples(st.permutations(range(52)), st.sampled_from([4, 5]), st.sampled_from([3, 4, 5]))


@settings(max_examples=examples(150), deadline=None)
@given(_DEALS, st.permutations("cdhs"))
def test_r2_best_hand_is_the_best_two_plus_three_choice_and_ignores_order_and_suit_names(
        deal: tuple[list[int], int, int], suits: list[str]) -> None:
    deck, n_hole, n_board = deal
    hole = [FULL_DECK[c] for c in deck[:n_hole]]
    board = [FULL_DECK[c] for c in deck[n_hole:n_hole + n_board]]
    e = explain(hole, board, qualifier=None)
    h, lo = best_high(hole, board), best_low(hole, board, qualifier=None)
    assert h == max(c.high for c in e.choices) == e.best_high
    assert lo is not None and lo == max(c.low for c in e.choices if c.low is not None)
    assert set(h.hole_cards) <= set(hole) and set(h.board_cards) <= set(board)
    assert best_high(hole[::-1], board[::-1]) == h
    rename = dict(zip("cdhs", suits, strict=True))
    hole2 = [f"{c.rank_char}{rename[c.suit]}" for c in hole]
    board2 = [f"{c.rank_char}{rename[c.suit]}" for c in board]
    assert best_high(hole2, board2).strength == h.strength
    assert best_low(hole2, board2, qualifier=None) == lo
    q8 = best_low(hole, board)
    assert (q8 is None) == (lo.strength < 6120) and (q8 is None or q8 == lo)
