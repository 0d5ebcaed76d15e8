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


# ---------------------------------------------- stored outputs render on first open, trusted or not

# JupyterLab 4's HTML sanitizer (@jupyterlab/apputils Sanitizer) keeps these tags in untrusted outputs;
# <svg> and <style> are not among them, and of the attributes only class, style, title (all tags) and
# img's alt, src, width, height are needed here.
SANITIZER_TAGS = set("""a abbr acronym address area article aside audio b bdi bdo big blockquote br button canvas caption
center cite code col colgroup colspan command data datalist dd del details dfn dir div dl dt em fieldset figcaption
figure font footer form h1 h2 h3 h4 h5 h6 header hgroup hr i img input ins kbd label legend li map mark menu meter nav
nobr ol optgroup option output p pre progress q rowspan s samp section select small source span strike strong sub
summary sup table tbody td textarea tfoot th thead time tr track tt u ul var video wbr""".split())


def _tags(page: str) -> list[tuple[str, dict[str, str | None]]]:
    from html.parser import HTMLParser

    found: list[tuple[str, dict[str, str | None]]] = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):  # noqa: ANN001
            found.append((tag, dict(attrs)))

    P().feed(page)
    return found


def _pages() -> dict[str, str]:
    from omaha_learn import HandState, equity, explain, showdown, starting_hands
    from omaha_learn.display.chart import row_html
    from omaha_learn.display.deal import deal_html
    from omaha_learn.display.reveal import answers

    r = showdown(["As 2s Kd Kc", "Ad 2h Qd Qc", "7c 7d 9h Ts"], "Ks 4c 5d 7h Jc", [1000, 1000, 100], button=2)
    h = HandState([100, 100, 30], game="plo", blinds=(1, 2), seed=1)
    h.play("r7 c")
    return {
        "hand": hand_html(best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")),
        "explanation": explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")._repr_html_(),
        "showdown": showdown_html(r),
        "equity": equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], board="4c 7d 9s")._repr_html_(),
        "hand state": h._repr_html_(),
        "lows": low_comparison_html([("Ann", best_low("Ah 2c Kd Qs", "4s 6d 7c 8h 9d")), ("Bob", None)]),
        "deal": deal_html("flop", "Ks 4c 5d", [("Ann", "As 2s Kd Kc"), ("Bob", "Ad 2h Qd Qc")], hidden=True),
        "answers": answers("one", "two")._repr_html_(),
        "chart row": row_html(starting_hands("plo").lookup("Js Th 9s 8h")),
        "chart": starting_hands("hilo").top(0.001)._repr_html_(),
        "range equity": equity(["As Ah 2s 3h", "AA**"], trials=2_000, seed=1)._repr_html_(),
    }


@pytest.mark.parametrize("name", ["hand", "explanation", "showdown", "equity", "hand state", "lows", "deal", "answers",
                                  "chart row", "chart", "range equity"])
def test_html_uses_only_what_jupyterlabs_sanitizer_keeps(name):
    page = _pages()[name]
    tags = _tags(page)
    assert tags and {t for t, _ in tags} <= SANITIZER_TAGS, {t for t, _ in tags} - SANITIZER_TAGS
    for tag, attrs in tags:
        if tag == "img":
            assert attrs["src"].startswith("data:image/svg+xml;base64,") and attrs.get("alt")
            assert attrs.get("width") and attrs.get("height")


def test_stored_lessons_draw_cards_as_pictures_not_inline_svg():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "notebooks"
    pictures = 0
    for path in sorted(root.glob("0*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            for out in cell.get("outputs", []):
                page = out.get("data", {}).get("text/html")
                if page is None:
                    continue
                page = page if isinstance(page, str) else "".join(page)
                assert "<svg" not in page and "<style" not in page, f"{path.name}: {page[:80]}"
                pictures += page.count('<img class="ol-card"')
    assert pictures > 20


def test_one_colour_blind_safe_palette_for_both_figure_libraries():
    from omaha_learn.display.figures import (
        OKABE_ITO,
        SERIES_STYLE,
        rates_figure,
        rates_figure_mpl,
        series_style,
    )

    outcomes = ["Scoop", "Split", "Quartered", "No low"]
    colours = [SERIES_STYLE[o][0] for o in outcomes]
    assert len(set(colours)) == 4 and set(colours) <= set(OKABE_ITO.values())
    assert len({SERIES_STYLE[o][1] for o in outcomes}) == 4 and all(SERIES_STYLE[o][2] for o in outcomes)  # hatching
    series = {o: [0.1, 0.2] for o in outcomes}
    fig = rates_figure(series, ["2 players", "3 players"])
    assert [t.marker.color for t in fig.data] == colours
    assert [t.marker.pattern.shape for t in fig.data] == [SERIES_STYLE[o][1] for o in outcomes]
    mpl = rates_figure_mpl(series, ["2 players", "3 players"])
    from matplotlib.colors import to_hex

    bars = [c.patches[0] for c in mpl.axes[0].containers]
    assert [to_hex(b.get_facecolor()).upper() for b in bars] == [c.upper() for c in colours]
    assert [b.get_hatch() for b in bars] == [SERIES_STYLE[o][2] for o in outcomes]
    assert series_style("quartered") == (OKABE_ITO["reddish purple"], "xx")
