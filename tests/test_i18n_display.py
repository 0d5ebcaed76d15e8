"""Issue 31: what the lessons print and draw, in the learner's language.

The printed (``str``) and HTML (``_repr_html_``) output of the engine's objects and the coach, rendered in
English and in Russian and Estonian, must hold no English beyond the allow-list of
tests/test_i18n_no_english.py (names, codes, card codes): a hi-lo showdown with a quartered pot and side pots
(R11, R21-R24), a hand in progress and its log (R15-R19), a table (R29-R32), an equity result, outs,
an explanation with its pitfalls (R2-R4, R10), a low comparison (R9), and the coach's advice. Numbers are
written the language's way (Babel: 40,0 % in Russian, a decimal comma in Estonian).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from test_i18n_no_english import english_left

from omaha_learn import HandState, equity, explain, frequencies, outs, showdown
from omaha_learn.engine.table import Table
from omaha_learn.i18n import format_number, format_percent, language, set_language

LANGS = ("ru", "et")

EXTRA_ALLOWED = {"handstate", "outs", "game", "text", "none", "see"}
"""Code shown as code: the class names of a repr (``<HandState ...>``, ``Outs(...)``), ``game=`` in a repr,
``.text()``, the answer 'none' a learner types; and "see", an Estonian word (this)."""


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language(None)


def _quartered_side_pots():  # type: ignore[no-untyped-def]
    """Seat 0 (40 chips) and seat 1 tie for the main pot's low (quartered), seat 2 wins the side pot's high,
    seat 3 shows first (R11, R21, R22, R24)."""
    return showdown(["As 2s Kd Kc", "Ad 2h Qd Qc", "7c 7d 9h Ts", "3c 3d 8h 8c"], "Ks 4c 5d 7h Jc",
                    [40, 100, 100, 100], button=2)


def _odd_chips():  # type: ignore[no-untyped-def]
    """A split pot with an odd chip to the high half and odd chips of a tied half (R24)."""
    return showdown(["As 2s Kd Kc", "Ad 2h Kh Ks", "7c 7d 9h Ts"], "Qs 4c 5d 7h Jc", [5, 5, 5], button=0)


def _hand() -> HandState:
    """A pot-limit hand on the turn with an all-in and side pots so far (R15-R19, R21)."""
    h = HandState([20, 100, 100], game="plo", holes=["Ah Kh 7c 7s", "Qs Qd 2c 3c", "9h 8h 6d 5d"],
                  board="7h 2h 9s Td 4c", button=0, deal_missing=False, seed=3)
    h.play("r7 c c")            # preflop: the button raises, both blinds call
    h.play("x b13 c c")          # flop: a bet, the button calls all-in, a call
    return h


def _finished_hand() -> HandState:
    h = _hand()
    h.play("x x x x")
    return h


def _table() -> Table:
    t = Table(seats=3, game="plo", blinds=(1, 2))
    t.join("Ann", 100)
    t.join("Bob", 100)
    t.join("Cy", 100)
    t.sit_out("Cy")
    return t


CASES: dict[str, Callable[[], object]] = {
    "showdown": _quartered_side_pots,
    "odd chips": _odd_chips,
    "pot": lambda: _quartered_side_pots().pots[1],
    "hand in progress": _hand,
    "finished hand": _finished_hand,
    "legal actions": lambda: _hand().legal_actions(),
    "table": _table,
    "equity": lambda: equity(["As 2s Kd Kc", "Ad 2h Qd Qc", None], "Ks 4c 5d", game="hilo", trials=3_000, seed=1),
    "range equity": lambda: equity(["As 2s Kd Kc", "AA**"], "Ks 4c 5d", game="hilo", trials=2_000, seed=1),
    "outs": lambda: outs("Ah 2h Kd Qc", "3h 7h Jd", game="hilo"),
    "frequencies": lambda: frequencies(players=(2, 3), hand="As Ah 2s 3h", trials=300, seed=1),
    "explanation": lambda: explain("Ac Kd Td 8h", "Kc 9c 6c 6h Qc"),
    "paired board": lambda: explain("Th 9h 7c 6c", "Ks Kc Tc Td 5d"),
    "low pitfall": lambda: explain("Ah 2c Kd Qs", "3h 4s 9d Tc Jh"),
}


def _renders(obj: object) -> list[str]:
    """``str``, ``repr`` where it is prose (not a dataclass's ``Name(field=...)``) and the HTML."""
    out = [str(obj)]
    if not re.match(r"\w+\(\w+=", repr(obj)):
        out.append(repr(obj))
    page = getattr(obj, "_repr_html_", None)
    if callable(page):
        out.append(page())
    return out


def _in(lang: str, make: Callable[[], object]) -> tuple[list[str], list[str]]:
    """The object's text, repr and HTML made and shown in English, then made and shown in ``lang``."""
    with language("en"):
        english = _renders(make())
    with language(lang):
        translated = _renders(make())
    return english, translated


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CASES))
def test_what_an_object_prints_and_draws_is_in_the_language(lang: str, case: str) -> None:
    english, translated = _in(lang, CASES[case])
    assert translated != english, case
    for en, text in zip(english, translated, strict=True):
        left = english_left(text, en) - EXTRA_ALLOWED
        assert left == set(), (case, left, text[:400])


def test_the_detector_would_see_an_english_showdown() -> None:
    """The check can fail: the English showdown page holds words the detector reports."""
    with language("en"):
        page = _quartered_side_pots()._repr_html_()
    assert {"main", "side", "half", "shows"} <= english_left(page, page)


@pytest.mark.parametrize("lang, main, side, scoop, order", [
    ("ru", "Основной банк 160 (места 0, 1, 2 и 3)", "Побочный банк 1 180 (места 1, 2 и 3)",
     "половина лоу делится: у обоих мест 0 и 1", "Порядок вскрытия: место 3, место 0, место 1, место 2 (R22)"),
    ("et", "Põhipott 160 (kohad 0, 1, 2 ja 3)", "Kõrvalpott 1 180 (kohad 1, 2 ja 3)",
     "madala käe pool jagatakse: mõlemal kohal 0 ja 1", "Kaartide avamise järjekord: koht 3, koht 0, koht 1, koht 2"),
])
def test_a_quartered_pot_and_a_side_pot_in_words(lang: str, main: str, side: str, scoop: str, order: str) -> None:
    """R11 (a tied low half is quartered), R21 (main and side pots), R22 (show order), in the glossary's terms
    (основной банк, побочный банк; põhipott, kõrvalpott)."""
    r = _quartered_side_pots()
    with language(lang):
        text = str(r)
        page = r._repr_html_()
    assert main in text and side in text and scoop in text and order in text
    assert ("Основной банк: 160" if lang == "ru" else "Põhipott: 160") in page


def test_a_reason_is_kept_in_each_language() -> None:
    """A pot's reason, read first in Russian, still reads in English afterwards (and back)."""
    pot = _quartered_side_pots().pots[0]
    with language("ru"):
        ru = pot.reason
    en = pot.reason
    assert ru.startswith("Место 0 выигрывает половину хай") and en.startswith("Seat 0 wins the high half")
    with language("ru"):
        assert pot.reason == ru
    assert pot.reasons[0] == "Seat 0 wins the high half with three of a kind, kings, kickers jack, seven"


@pytest.mark.parametrize("lang, seats2, seats5", [("ru", "места 0 и 1", "места 0, 1, 2, 3 и 4"),
                                                  ("et", "kohad 0 ja 1", "kohad 0, 1, 2, 3 ja 4")])
def test_seat_lists_take_the_plural(lang: str, seats2: str, seats5: str) -> None:
    from omaha_learn.engine.showdown import _seats_text

    with language(lang):
        assert _seats_text([1, 0]) == seats2 and _seats_text(range(5)) == seats5
        assert _seats_text([3]) == ("место 3" if lang == "ru" else "koht 3")


@pytest.mark.parametrize("lang, players", [("ru", ("2 игрока", "5 игроков")), ("et", ("2 mängijat", "5 mängijat"))])
def test_the_hand_log_counts_players(lang: str, players: tuple[str, str]) -> None:
    for n, words in zip((2, 5), players, strict=True):
        with language(lang):
            h = HandState([100] * n, game="plo", seed=1)
        assert words in h.log[0]


@pytest.mark.parametrize("lang, share, big", [("ru", "40,0\u00a0%", "1\u00a0234,5"), ("et", "40,0%", "1\u00a0234,5"),
                                              ("en", "40.0%", "1,234.5")])
def test_numbers_and_percentages_are_written_the_language_s_way(lang: str, share: str, big: str) -> None:
    """Babel's (CLDR's) patterns: a decimal comma in Russian and Estonian, a no-break space before % in Russian."""
    pytest.importorskip("babel")
    with language(lang):
        assert format_percent(0.4) == share and format_number(1234.5, 1) == big
        text = str(equity(["As 2s Kd Kc", "Ad 2h Qd Qc"], "Ks 4c 5d 7h", game="hilo"))
    if lang != "en":
        assert re.search(r"\d+,\d\d", text) and not re.search(r"\d+\.\d\d", text)


def test_without_babel_numbers_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel is optional for the rules core: without it a number keeps a readable fallback."""
    import omaha_learn.i18n as i18n

    monkeypatch.setattr(i18n, "_babel_numbers", lambda: None)
    with language("ru"):
        assert format_percent(0.4) == "40,0%" and format_number(1234.5, 1) == "1\u00a0234,5"
    assert format_percent(0.4) == "40.0%"


@pytest.mark.parametrize("lang, name", [("ru", "туз пик"), ("et", "poti äss")])
def test_cards_are_named_in_the_language_for_screen_readers(lang: str, name: str) -> None:
    from omaha_learn.display.cards import cards_row

    with language(lang):
        row = cards_row("As Td", highlight=["As"])
    assert f'alt="{name}, ' in row and "ace of spades" not in row


def _advice(moves: str) -> object:
    from omaha_learn import coach

    hand = HandState([40, 6], game="plo", holes=["Ah Kh 7c 7s", None], board="7h 2h 9s", button=0,
                     deal_missing=False, seed=3)
    if moves:
        hand.play(moves)
    return coach(hand, trials=2_000, seed=1)


def _coach_english(lang: str, moves: str) -> tuple[set[str], str]:
    english, translated = _in(lang, lambda: _advice(moves))
    left: set[str] = set()
    for en, text in zip(english, translated, strict=True):
        left |= english_left(text, en) - EXTRA_ALLOWED
    return left, translated[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_s_advice_is_in_the_language(lang: str) -> None:
    """The advice's text and panel before anyone narrowed a range: the ranges and their reasons, the hand's
    nut status and draws, the two-card notes, the model names, the EV table, decimals written the language's way."""
    for moves in ("",):                  # before the flop (after it, see the narrowing test below)
        left, text = _coach_english(lang, moves)
        assert left == set(), (moves, left, text)
        assert not re.search(r"EV [+-]\d+\.\d", text) and re.search(r"[+-]\d+,\d", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_s_narrowing_steps_are_in_the_language(lang: str) -> None:
    """After a check and a bet on the flop: each narrowing step ("bet on the flop keeps the top 25% ...") is a
    whole sentence of the catalogue, its shares written the language's way."""
    left, text = _coach_english(lang, "c x b4")
    assert left == set(), (left, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_widgets_choices_are_in_the_language(lang: str) -> None:
    """Dropdown and toggle labels are translated; the values stay language-neutral."""
    widgets = pytest.importorskip("omaha_learn.widgets")
    with language(lang):
        viewer = widgets.ShowdownViewer(seed=1)
        lab = widgets.EquityLab(seed=1)
    labels = [label for label, _value in viewer.game_w.options] + [label for label, _ in viewer.preset_w.options]
    labels += [label for label, _ in viewer.qualifier_w.options] + [label for label, _ in lab.mode_w.options]
    with language("en"):
        english = " ".join(label for w in (widgets.ShowdownViewer(seed=1), widgets.EquityLab(seed=1))
                           for attr in ("game_w", "preset_w", "qualifier_w", "mode_w") if hasattr(w, attr)
                           for label, _ in getattr(w, attr).options)
    assert english_left(" ".join(labels), english) - {"monte", "carlo"} == set()
    assert viewer.game_w.value == "hilo" and lab.mode_w.value in ("exact", "monte carlo")
    assert {v for _, v in viewer.qualifier_w.options} == {8, 9, "none"}
