"""Dealer widget, driven headlessly: deal, streets, show/hide, reveal (R1, R2, R10)."""

from __future__ import annotations

import pytest

from omaha_learn import best_high
from omaha_learn.errors import TableError
from omaha_learn.widgets import Dealer


def test_r1_deal_gives_four_hole_cards_each_and_no_board():
    d = Dealer(players=4, seed=3)
    assert len(d.holes) == 4 and all(len(h) == 4 for h in d.holes)
    assert d.board == () and d.street == "preflop"
    cards = [c for h in d.holes for c in h]
    assert len(set(cards)) == 16
    for c in cards:
        assert c.name in d.table.value


def test_same_seed_same_deals_for_the_whole_class():
    a, b = Dealer(seed=11), Dealer(seed=11)
    assert a.holes == b.holes
    a.deal_button.click()
    b.deal_button.click()
    assert a.holes == b.holes
    assert a.table.value == b.table.value


def test_r1_deal_button_changes_the_cards():
    d = Dealer(seed=5)
    before = d.table.value
    d.deal_button.click()
    assert d.table.value != before
    assert d.deals == 2


def test_r1_streets_flop_turn_river_then_stop():
    d = Dealer(seed=5)
    sizes = []
    for _ in range(3):
        d.street_button.click()
        sizes.append((d.street, len(d.board)))
    assert sizes == [("flop", 3), ("turn", 4), ("river", 5)]
    d.street_button.click()
    assert len(d.board) == 5 and "last street" in d.message.value
    assert all(c.name in d.table.value for c in d.board)
    assert not set(d.board) & {c for h in d.holes for c in h}


def test_hide_hands_shows_backs():
    d = Dealer(seed=5, show_hands=False)
    assert "face-down card" in d.table.value
    assert d.holes[0][0].name not in d.table.value
    d.show_w.value = True
    assert d.holes[0][0].name in d.table.value


def test_r2_reveal_before_flop_is_a_message_then_names_best_hands():
    d = Dealer(seed=9, players=2)
    d.reveal_button.click()
    assert "three board cards" in d.message.value and not d.revealed
    d.street_button.click()
    d.street_button.click()
    d.street_button.click()
    d.reveal_button.click()
    for h in d.holes:
        assert best_high(h, d.board).describe().replace(",", ",") in d.table.value.replace("&#x27;", "'")
    assert "Low (" in d.table.value or "Low: none" in d.table.value


def test_high_only_game_has_no_low_line():
    d = Dealer(seed=9, game="high")
    for _ in range(3):
        d.street_button.click()
    d.reveal_button.click()
    assert "Low" not in d.table.value.replace("low may", "") and "High (" in d.table.value


def test_player_count_slider_redeals():
    d = Dealer(seed=2)
    d.players_w.value = 6
    assert len(d.holes) == 6


def test_four_colour_and_big_cards():
    d = Dealer(seed=2)
    d.four_w.value = True
    d.big_w.value = True
    assert 'width="96"' in d.table.value


def test_bad_arguments_raise_value_error():
    with pytest.raises(ValueError, match="players"):
        Dealer(players=7)
    with pytest.raises(ValueError, match="game"):
        Dealer(game="razz")


def test_stable_repr():
    assert repr(Dealer(players=2, seed=1)) == "Dealer(players=2, game='hilo', seed=1)"


def test_r11_river_reveal_names_the_showdown_winners():
    from omaha_learn.engine.showdown import showdown

    d = Dealer(seed=7, names=["Ann", "Bob", "Cy", "Dee"])
    for _ in range(3):
        d.street_button.click()
    d.reveal_button.click()
    pot = showdown(d.holes, d.board, [10] * 4, button=0).pots[0]
    page = d.table.value
    assert "ol-verdict" in page and f"(pot {pot.amount})" in page
    high = ", ".join(f"{d.names[s]} {a}" for s, a in pot.high_shares.items())
    assert f"High half: {high}" in page
    for seat, amount in (pot.low_shares or {}).items():
        assert f"{d.names[seat]} {amount}" in page
    assert "Seat 0" not in page


def test_r1_first_deal_is_the_deal_of_deck_with_the_same_seed_as_in_lesson_1():
    from omaha_learn import Deck

    deck = Deck(seed=3)
    names = ["Ann", "Bob", "Cy", "Dee"]
    holes = {n: [] for n in names}
    for _ in range(4):
        for n in names:
            holes[n].extend(deck.deal(1))
    board = deck.deal(5)
    d = Dealer(names=names, seed=3)
    assert d.names == names and [list(h) for h in d.holes] == [holes[n] for n in names]
    for _ in range(3):
        d.next_street()
    assert d.board == board
    assert all(f">{n}</div>" in d.table.value for n in names)


def test_names_and_players_must_agree():
    with pytest.raises(TableError, match="names: 2 names for players=3"):
        Dealer(players=3, names=["Ann", "Bob"])
    with pytest.raises(TableError, match="names"):
        Dealer(names=["Ann", "Ann"])
    d = Dealer(names=["Ann", "Bob"], seed=1)
    d.players_w.value = 3
    assert d.names == ["Ann", "Bob", "Player 3"]


def test_big_cards_enlarge_captions_too():
    d = Dealer(seed=2, names=["Ann", "Bob"])
    for _ in range(3):
        d.next_street()
    d.reveal()
    small = d.table.value
    d.big_w.value = True
    big = d.table.value
    assert 'class="ol-caption" style="font-size:1.05em"' in small
    assert 'class="ol-caption" style="font-size:1.45em"' in big and 'width="96"' in big


def test_a_bug_is_not_dressed_up_as_a_message(monkeypatch):
    d = Dealer(seed=2)

    def broken() -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(d, "deal", broken)
    with pytest.raises(ZeroDivisionError):
        d.guard(d.deal)
    assert d.message.value == ""


def test_a_widget_stores_a_picture_of_itself_for_notebooks_opened_before_running():
    d = Dealer(names=["Ann", "Bob"], seed=3)
    bundle = d._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and bundle["text/plain"] == repr(d)
    page = bundle["text/html"]
    assert page.startswith('<div class="ol-preview">') and "Run this cell (Shift+Enter)" in page
    assert d.table.value in page and "<svg" not in page and page.count('<img class="ol-card"') == 8
    assert "<button" not in page and "<input" not in page   # no controls drawn as if they worked


def test_hidden_parts_stay_out_of_the_picture():
    from omaha_learn.widgets import FrequencyPlots, TwoCardExplorer

    t = TwoCardExplorer("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    assert "What is this player" not in t._repr_mimebundle_()["text/html"]      # the quiz box is hidden
    f = FrequencyPlots(players=(2, 3), trials=200, seed=1)
    assert "Its chart appears when the cell runs." in f._repr_mimebundle_()["text/html"]
