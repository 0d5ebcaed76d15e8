"""HTML/SVG rendering: cards, hands, lows, explanations, showdowns (presentation layer)."""

from __future__ import annotations

import base64
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import best_high, best_low, parse_cards
from omaha_learn.display.cards import FOUR_COLOR, TWO_COLOR, card_svg, cards_row
from omaha_learn.display.html import cards_html, hand_html, message_html, showdown_html
from omaha_learn.display.results import low_comparison_html
from omaha_learn.engine.cards import FULL_DECK


def test_every_card_has_an_accessible_name_and_title():
    for c in FULL_DECK:
        svg = card_svg(c)
        assert f'aria-label="{c.name}"' in svg
        assert f"<title>{c.name}</title>" in svg
        assert 'role="img"' in svg


def test_suits_drawn_as_distinct_shapes_not_font_glyphs():
    shapes = {s: re.sub(r'fill="#[0-9a-f]+"', "", card_svg(parse_cards(f"A{s}")[0]).split("</text>")[1])
              for s in "cdhs"}
    assert len(set(shapes.values())) == 4
    assert all(ch not in card_svg(c) for c in FULL_DECK for ch in "♣♦♥♠")


def test_four_colour_deck_gives_each_suit_its_own_colour():
    assert len(set(FOUR_COLOR.values())) == 4
    assert TWO_COLOR["d"] == TWO_COLOR["h"] and TWO_COLOR["c"] == TWO_COLOR["s"]
    assert f'fill="{FOUR_COLOR["c"]}"' in card_svg(parse_cards("7c")[0], four_color=True)
    assert f'fill="{FOUR_COLOR["d"]}"' in card_svg(parse_cards("7d")[0], four_color=True)
    assert f'fill="{TWO_COLOR["d"]}"' in card_svg(parse_cards("7d")[0])


def test_sizes_and_bad_size():
    assert 'width="128"' in card_svg(parse_cards("As")[0], size="projector")
    with pytest.raises(ValueError, match="card size 'huge'"):
        card_svg(parse_cards("As")[0], size="huge")


def test_back_hides_the_card():
    row = cards_row("As Kd", hidden=True)
    assert "ace of" not in row and "As" not in row and row.count('alt="face-down card"') == 2
    inner = [base64.b64decode(src).decode() for src in re.findall(r'base64,([A-Za-z0-9+/=]+)"', row)]
    assert len(inner) == 2 and all("face-down card" in svg and " of " not in svg for svg in inner)


def test_cards_html_rejects_bad_cards_with_card_error():
    with pytest.raises(ValueError, match="'Xz' is not a card"):
        cards_html("As Xz")


def test_r3_hand_html_names_hand_and_frames_hole_cards():
    page = hand_html(best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc"))
    assert "Two pair, kings and sixes, ace kicker" in page
    assert "king of diamonds, hole card, highlighted" in page
    assert "king of clubs, board card" in page and "king of clubs, board card, highlighted" not in page


def test_r9_low_hand_html_reads_as_number():
    page = hand_html(best_low("As 2d Kc Kh", "3c 5d 8h Qs Js"))
    assert "85321" in page and "8-5-3-2-A low" in page
    assert "no qualifying low" in hand_html(None)


def test_r9_low_comparison_highlights_deciding_card():
    a = best_low("Ah 2c Kd Qs", "4s 6d 7c 8h 9d")
    b = best_low("3c 5s Kh Qh", "4s 6d 7c 8h 9d")
    page = low_comparison_html([("Ann", a), ("Bob", b), ("Cy", None)])
    assert "Ann wins the low" in page
    assert "five of spades, highlighted" in page
    assert "decided by the third card: 5 against 4" in page
    assert page.index("Ann") < page.index("Bob") < page.index("Cy")


def test_r11_low_comparison_tie_and_no_low():
    a = best_low("Ah 2c Kd Qs", "4s 6d 7c 8h 9d")
    b = best_low("As 2d Kc Qh", "4s 6d 7c 8h 9d")
    assert "Ann and Bob tie for the low" in low_comparison_html([("Ann", a), ("Bob", b)])
    assert "No qualifying low" in low_comparison_html([("Ann", None), ("Bob", None)])


def test_r21_showdown_html_lists_pots_shares_and_reasons():
    from omaha_learn.engine.showdown import showdown

    r = showdown(["As 2s Kd Kc", "Ad 2h Qd Qc", "7c 7d 9h Ts"], "Ks 4c 5d 7h Jc", [1000, 1000, 100], button=2)
    page = showdown_html(r)
    assert "Main pot: 300" in page and "Side pot 1: 1800" in page
    assert "low half split" in page and "Show order (R22)" in page
    assert r._repr_html_() == page


def test_message_is_escaped_and_alert():
    m = message_html("<b>bad</b>")
    assert "&lt;b&gt;" in m and 'role="alert"' in m


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=7, unique=True), st.booleans())
def test_any_cards_render_one_picture_each(cards, four):
    html = cards_html(cards, four_color=four)
    assert "<svg" not in html  # inline SVG is stripped from untrusted notebooks: each card is an <img>
    imgs = re.findall(r'<img class="ol-card" data-card="(..)" src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)"',
                      html)
    assert [c for c, _, _ in imgs] == [str(c) for c in cards]
    for (_, data, alt), c in zip(imgs, cards, strict=True):
        assert alt == c.name
        svg = base64.b64decode(data).decode()
        assert svg.startswith("<svg") and f"<title>{c.name}</title>" in svg


def test_render_does_not_import_ipywidgets_or_plotting():
    code = ("import sys, omaha_learn.display.html, omaha_learn.display.results;"
            "print(any(m in sys.modules for m in ('ipywidgets', 'plotly', 'matplotlib')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_engine_objects_display_themselves_through_render_hooks():
    from omaha_learn.engine.betting.state import HandState
    from omaha_learn.engine.equity.api import equity
    from omaha_learn.engine.evaluation.explanation import explain

    e = explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")
    assert "Pitfall (R3)" in e._repr_html_() and e._repr_html_().count("<tr class=") == 60
    r = equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")
    page = r._repr_html_()
    assert "82.7%" in page and "820 boards (exact)" in page
    h = HandState([100, 100, 100], game="plo", blinds=(1, 2), seed=1)
    page = h._repr_html_()
    assert "raise to 4-7" in page and "pot-limit raise to range <b>4&ndash;7</b> (R18)" in page
    h.act("r7")
    h.fold()
    h.fold()
    assert "may:" not in h._repr_html_()


def test_import_omaha_learn_and_render_stay_light():
    code = ("import sys, omaha_learn; omaha_learn.best_high; import omaha_learn.display.html;"
            "print(sorted(m for m in ('ipywidgets', 'plotly', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
