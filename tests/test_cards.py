"""Card notation, parse_cards and the seeded Deck (R1 dealing, R5 cards speak)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn.engine.cards import FULL_DECK, Card, CardError, Deck, format_cards, parse_cards

AS_KD = (Card("As"), Card("Kd"))


@pytest.mark.parametrize("text", ["As Kd", "AsKd", "A♠ K♦", "as kd", "AS KD", "As,Kd", "[As, Kd]",
                                  "A♤K♢", "  As\tKd\n", ["As", "Kd"], ("as", "KD"), [51, 45],
                                  [Card("As"), "Kd"], np.array([51, 45]), [np.int8(51), np.int64(45)]])
def test_parse_cards_accepts_every_notation(text: object) -> None:
    assert parse_cards(text) == AS_KD  # type: ignore[arg-type]


def test_parse_cards_ten_as_10() -> None:
    assert parse_cards("10h 10S Td") == (Card("Th"), Card("Ts"), Card("Td"))
    assert parse_cards("10h10s") == (Card("Th"), Card("Ts"))
    assert Card("10c") == Card("Tc")


def test_card_is_an_int_0_to_51_like_phevaluator() -> None:
    assert [int(c) for c in parse_cards("2c 2d 2h 2s 3c As")] == [0, 1, 2, 3, 4, 51]
    assert Card("Qc").rank == 12 and Card("Qc").suit == "c" and Card("Ah").low_rank == 1
    assert Card("Td").pretty == "T♦" and Card("Td").name == "ten of diamonds"
    assert len(set(FULL_DECK)) == 52 and format_cards(FULL_DECK[:2], pretty=True) == "2♣ 2♦"
    assert pickle.loads(pickle.dumps(Card("As"))) == Card("As")
    assert f"{Card('As'):>4}" == "  As"


@pytest.mark.parametrize(("text", "token", "position"), [
    ("As Xz Kd", "Xz", 3),
    ("AsKd1h", "1h", 4),
    ("As Kd 11h", "11h", 6),
    ("Qs Kx", "Kx", 3),
    ("A", "A", 0),
])
def test_r5_bad_token_is_named_with_its_position(text: str, token: str, position: int) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert info.value.token == token and info.value.position == position
    assert repr(token) in str(info.value) and f"position {position}" in str(info.value)


def test_duplicates_are_named() -> None:
    with pytest.raises(CardError, match=r"duplicate card 'As' \(position 6 of 'As Ks as'\)"):
        parse_cards("As Ks as")
    with pytest.raises(CardError, match=r"duplicate card 'Kd' \(item 2\)"):
        parse_cards(["Kd", "As", 45])
    assert parse_cards("As As", allow_duplicates=True) == (Card("As"), Card("As"))


@pytest.mark.parametrize("bad", [[52], [-1], [True], [1.5], [None], [["As"]], ["As Kd"], 7, None])
def test_bad_items_are_card_errors(bad: object) -> None:
    with pytest.raises(CardError):
        parse_cards(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["", "Zz", "A", "1s", 52, -1, True, 2.0, None])
def test_card_constructor_errors(bad: object) -> None:
    with pytest.raises(CardError):
        Card(bad)  # type: ignore[arg-type]


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="AaKkTtQJ1023456789cdhsCDHS♠♦♣♥ ,;[]x\t")))
def test_any_string_parses_or_raises_card_error(text: str) -> None:
    try:
        out = parse_cards(text)
    except CardError as e:
        assert isinstance(e, ValueError)
        if e.token is not None and e.position is not None and not str(e).startswith("duplicate"):
            assert text[e.position:e.position + len(e.token)] == e.token
            assert repr(e.token) in str(e)
    else:
        assert all(isinstance(c, Card) for c in out)


_CARD_TEXT = st.sampled_from([str(c) for c in FULL_DECK] + ["10h", "a♠", "KD", "t♣"])


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_CARD_TEXT, max_size=8), st.sampled_from([" ", "", ", ", "\t"]))
def test_joined_cards_parse_back(tokens: list[str], sep: str) -> None:
    text = sep.join(tokens)
    try:
        out = parse_cards(text)
    except CardError as e:
        assert str(e).startswith("duplicate card")
    else:
        assert len(out) == len(tokens)
        assert parse_cards(format_cards(out)) == out


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from([str(c) for c in FULL_DECK] + ["", "10h", "as", "Xx"]), max_size=7),
       st.booleans())
def test_single_spaced_text_reads_as_the_full_scan_does(tokens: list[str], allow: bool) -> None:
    """Text such as "As Kd 7h" skips the scan; the answer, or the error, is the scan's."""
    text = " ".join(tokens)

    def read(t: str) -> object:
        try:
            return parse_cards(t, allow_duplicates=allow)
        except CardError as e:
            return (str(e).replace(f"of {t!r}", "of <text>"), e.token, e.position)

    assert read(text) == read(text + "\t")  # a trailing tab: the full scan, the same positions


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=4), st.none(), st.floats()), max_size=6))
def test_any_list_parses_or_raises_card_error(items: list[object]) -> None:
    try:
        parse_cards(items)  # type: ignore[arg-type]
    except CardError:
        pass


def test_deck_is_seeded_and_deals_in_order() -> None:
    a, b = Deck(seed=42), Deck(seed=42)
    assert a.deal(4) == b.deal(4) and a.deal(5) == b.deal(5)
    assert Deck(seed=1).remaining != Deck(seed=2).remaining
    assert len(a) == 52 - 9 and len(a.dealt) == 9
    assert set(a.dealt) | set(a.remaining) == set(FULL_DECK)


def test_deck_exclude_and_remove() -> None:
    d = Deck(seed=0, exclude="As Kd")
    assert len(d) == 50 and Card("As") not in d.remaining
    d.remove("Qh Qs")
    assert len(d) == 48
    with pytest.raises(CardError, match="'As' is not in the deck"):
        d.remove("2c As")
    assert len(d) == 48  # unchanged after the error


def test_deck_bad_deals_leave_the_deck_unchanged() -> None:
    d = Deck(seed=5)
    before = d.remaining
    for n in (53, -1, "2", 1.0, True):
        with pytest.raises(ValueError):
            d.deal(n)  # type: ignore[arg-type]
    assert d.remaining == before
