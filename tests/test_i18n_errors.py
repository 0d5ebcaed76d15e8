"""Issue 31: the errors of the rules core and the strategy layer speak the learner's language.

A learner who types a wrong card, a range the parser cannot read or an action the rules forbid reads
the message in Russian or Estonian when that is the language in use (``set_language``,
``OMAHA_LEARN_LANG``), and the same English as before otherwise. Each case raises its error three
times, in English, Russian and Estonian, and looks in the translation for words of the English
message (the detector of tests/test_i18n_no_english.py: card codes, names, quoted tokens and code
are not English prose). The message is looked up when the error is raised, not when the module is
imported, so switching the language changes the next message.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from omaha_learn import CardError, Game, HandState, IllegalAction, parse_cards, parse_range
from omaha_learn.engine.betting.actions import ACTION_KINDS, Action
from omaha_learn.engine.hole_cards import hole_cards
from omaha_learn.engine.phh import load_phh
from omaha_learn.engine.showdown import showdown
from omaha_learn.errors import (
    BettingSetupError,
    GameError,
    OmahaLearnError,
    PHHError,
    RangeError,
    ShowdownError,
    TableError,
)
from omaha_learn.i18n import language, set_language

sys.path.insert(0, str(Path(__file__).parent))
from test_i18n_no_english import english_left  # noqa: E402

PHH = """
variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', 'p3 cbr 5']
"""


def _hand() -> HandState:
    return HandState([50, 50, 50], game="plo", seed=1)


def _table_full() -> None:
    from omaha_learn.engine.table import Table

    t = Table(seats=2, blinds=(1, 2))
    t.join("Ann", 100)
    t.join("Bob", 100)
    t.join("Cid", 100)


CASES: dict[str, tuple[type[OmahaLearnError], Callable[[], object], str]] = {
    # name: (error type, the call, the English message or a regex it matches)
    "bad card text": (CardError, lambda: parse_cards("As Xz"),
                      "'Xz' is not a card (at position 3 of 'As Xz'; rank 2-9, T, J, Q, K, A then suit c, d, h, s)"),
    "Cyrillic letter": (CardError, lambda: parse_cards("Кd 7h"), r"«К» is a Cyrillic letter"),
    "duplicate card": (CardError, lambda: parse_cards("As Ks As"), "duplicate card 'As' (position 6 of 'As Ks As')"),
    "duplicate card in a list": (CardError, lambda: parse_cards(["As", "As"]), "duplicate card 'As' (item 1)"),
    "not one card": (CardError, lambda: parse_cards(["As Kd"]), r"'As Kd' \(item 0\) is not one card"),
    "R1 one hole card too many": (CardError, lambda: hole_cards("Ac Kd Td 8h 9h"),
                                  "hand: 5 hole cards, but Omaha deals exactly 4 (R1): the extra card is 9h "
                                  "(for five-card Omaha choose 5 hole cards)"),
    "R1 two hole cards too many": (CardError, lambda: hole_cards("Ac Kd Td 8h 9h 2c", size=4),
                                   r"the extra cards are 9h 2c$"),
    "R1 hole cards missing": (CardError, lambda: hole_cards("Ac Kd"),
                              "hand: 2 hole cards, but Omaha deals exactly 4 (R1): type 2 more"),
    "R1 wrong hole count for the game": (BettingSetupError,
                                         lambda: HandState([50, 50], holes=["As Ah Ks", None], game="plo"),
                                         "holes: seat 0 has 3 cards, needs 4"),
    "card dealt twice": (BettingSetupError, lambda: HandState([50, 50], holes=["As Ah Ks Kh", "As 2c 3d 4h"]),
                         "card 'As' is dealt twice"),
    "bad range": (RangeError, lambda: parse_range("KQJT-9875"), r"the ranks of a span move together"),
    "empty range": (RangeError, lambda: parse_range(""), r"range: empty text"),
    "range weight": (RangeError, lambda: parse_range("AA**@0"), r"a weight is a whole number from 1 to 100"),
    "hold'em shorthand in a range": (RangeError, lambda: parse_range("AKo"), r"'o' \(offsuit\) is hold'em shorthand"),
    "R16 check facing a bet": (IllegalAction, lambda: _hand().act("check"),
                               "seat 0 cannot check: cannot check facing a bet: 2 to call; "
                               "legal: fold, call 2, raise to 4-7"),
    "R18 raise above the pot": (IllegalAction, lambda: _hand().act("raise 40"),
                                "seat 0 cannot raise to 40: raise to 40 is above the pot-limit maximum of 7; "
                                "legal: fold, call 2, raise to 4-7"),
    "R18 raise below the minimum": (IllegalAction, lambda: _hand().act("raise 3"),
                                    r"raise to 3 is below the pot-limit minimum of 4"),
    "R17 fixed-limit amount": (IllegalAction, lambda: HandState([50, 50, 50], game="hilo", seed=1).act("raise 5"),
                               r"raise to 5 is not the fixed-limit amount: raise to 4 \(R17\)"),
    "not an action": (IllegalAction, lambda: Action.parse("jump"),
                      "'jump' is not an action (use fold, check, call, bet N or raise N, or f, x, c, bN, rN)"),
    "bad bet size": (IllegalAction, lambda: Action("bet"), "bet needs an amount (the total to bet to)"),
    "bad game name": (GameError, lambda: Game.parse("holdem"), r"game 'holdem' is not one of: "),
    "bad blinds": (BettingSetupError, lambda: HandState([50, 50], blinds=(5, 2)), r"need 0 <= small <= big"),
    "PHH action the rules forbid": (IllegalAction, lambda: load_phh(PHH),
                                    r"action 3 'p3 cbr 5'.*fixed-limit amount: raise to 4"),
    "PHH out of turn": (IllegalAction, lambda: load_phh(PHH.replace("'p3 cbr 5'", "'p1 cc'")), r"out of turn"),
    "PHH ends early": (PHHError, lambda: load_phh(PHH.replace("'p3 cbr 5'", "'p3 cc'")),
                       r"the actions end before the hand does: p1 is to act"),
    "PHH variant": (PHHError, lambda: load_phh(PHH.replace("'FO/8'", "'NT'")), r"variant 'NT' is not supported"),
    "PHH actions not a list": (PHHError, lambda: load_phh(PHH.replace("actions = [", "actions = 5 # [")),
                               r"actions: expected a list of strings"),
    "showdown card twice": (ShowdownError, lambda: showdown(["Ks Qs Js Ts", "2c 3c 4d 6h"], "Ks 9d 8c 7h 2s", [10, 10],
                                                               button=0),
                            "card 'Ks' is in seat 0's hand and on the board"),
    "table full": (TableError, _table_full, r"the table is full \(2 seats\)"),
}

CODE_WORDS = {
    *ACTION_KINDS,                                       # the actions a learner types: fold, check, call, bet, raise
    "cbr", "blinds",                                     # a PHH action code, an argument's name
}
"""Words of an English message that are code a user types (values, names of arguments), not prose."""
GAME_ALIASES = sorted((a for g in Game for a in g.definition.aliases), key=len, reverse=True)
"""The spellings of the games a user may type (listed by the bad-game-name error)."""


def english_in(translated: str, english: str) -> set[str]:
    """English words of ``english`` left in ``translated``, the learner's quoted input and code aside."""
    def strip(text: str) -> str:
        for alias in GAME_ALIASES:                       # game names a user types
            text = text.replace(alias, " ")
        return re.sub(r"'[^']*'", " ", text)            # the learner's own text, quoted: 'As Xz', 'p3 cbr 5'
    return english_left(strip(translated), strip(english)) - CODE_WORDS


_CYRILLIC = re.compile(r"[а-яё]", re.I)
_ESTONIAN_WORDS = re.compile(r"\b(ei|on|või|oodati|loend\w*|kaart|kaarti|käsi|käik|saadi|vaja|kohal?|pole|mäng\w*|vahemik\w*|"
                             r"tõst\w*|panus\w*|tasu\w*|loobu\w*|pass\w*|positsioon\w*|kordub|lubatud|taskukaar\w*)\b",
                             re.I)


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("OMAHA_LEARN_LANG", raising=False)
    yield
    set_language(None)


def message(call: Callable[[], object], error: type[OmahaLearnError], lang: str) -> OmahaLearnError:
    with language(lang), pytest.raises(error) as info:
        call()
    return info.value


def test_the_detector_finds_english_in_an_error() -> None:
    """The check can fail: a message left in English is English in the translation."""
    english = "'Xz' is not a card (at position 3 of 'As Xz'; rank 2-9, T, J, Q, K, A then suit c, d, h, s)"
    assert english_left(english, english) >= {"not", "card", "position", "rank", "then", "suit"}
    assert english_in("'Xz' — не card", english) == {"card"}
    assert english_in("'Xz' — не карта: check", "'Xz' is not a card: check") == set()   # an action a user types


@pytest.mark.parametrize("case", sorted(CASES))
def test_english_is_unchanged_by_default(case: str) -> None:
    """English is the default language, and the English wording the other tests match stays as it was."""
    error, call, expected = CASES[case]
    text = str(message(call, error, "en"))
    assert text == expected or re.search(expected, text), text
    with pytest.raises(error) as info:          # no language chosen: English
        call()
    assert str(info.value) == text


@pytest.mark.parametrize("lang", ["ru", "et"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_error_is_in_the_language(case: str, lang: str) -> None:
    error, call, _expected = CASES[case]
    english = message(call, error, "en")
    translated = message(call, error, lang)
    assert type(translated) is type(english)
    # the attributes a program reads stay the same (the bad token, its position, the refused action)
    for attr in ("token", "position", "part", "action"):
        assert repr(getattr(translated, attr, None)) == repr(getattr(english, attr, None)), attr
    assert str(translated) != str(english)
    assert english_in(str(translated), str(english)) == set(), str(translated)
    if lang == "ru":
        assert _CYRILLIC.search(str(translated)), str(translated)
    else:
        assert not _CYRILLIC.search(str(translated).replace("«К»", "").replace("Кd", "")), str(translated)
        assert _ESTONIAN_WORDS.search(str(translated)), str(translated)


def test_the_message_is_looked_up_when_raised() -> None:
    """One error, raised again after the language changes, speaks the new language (no text fixed at import)."""
    texts = []
    for lang in ("ru", "et", "en", "ru"):
        set_language(lang)
        with pytest.raises(CardError) as info:
            parse_cards("As Ks As")
        texts.append(str(info.value))
    assert texts[0] == texts[3] == "карта 'As' повторяется (позиция 6 в 'As Ks As')"
    assert texts[1] == "kaart 'As' kordub (positsioon 6 tekstis 'As Ks As')"
    assert texts[2] == "duplicate card 'As' (position 6 of 'As Ks As')"


def test_the_environment_chooses_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engineer with OMAHA_LEARN_LANG=ru reads the engine's errors in Russian."""
    monkeypatch.setenv("OMAHA_LEARN_LANG", "ru")
    with pytest.raises(IllegalAction) as info:
        _hand().act("check")
    assert str(info.value) == ("место 0: «чек» нельзя: чек невозможен против ставки: для колла нужно 2; "
                               "можно: пас, колл 2, рейз до 4-7")


@pytest.mark.parametrize(("lang", "forms"), [
    ("ru", {1: "лишняя карта — 3s", 2: "лишние карты — 9h 2c"}),
    ("et", {1: "üleliigne kaart on 3s", 2: "üleliigsed kaardid on 9h 2c"}),
])
def test_r1_counts_take_the_languages_plural_forms(lang: str, forms: dict[int, str]) -> None:
    """R1: one card too many and two cards too many are counted in the language's own forms (ngettext)."""
    with language(lang):
        with pytest.raises(CardError) as one:
            hole_cards("Ac Kd Td 8h 9h 3s", size=5)
        with pytest.raises(CardError) as two:
            hole_cards("Ac Kd Td 8h 9h 2c")
    assert str(one.value).endswith(forms[1]), str(one.value)
    assert str(two.value).endswith(forms[2]), str(two.value)
    assert str(two.value).startswith({"ru": "рука: ", "et": "käsi: "}[lang])    # the input it names, too


def test_a_message_names_the_game_in_the_language() -> None:
    """The games' display names are messages too: the same as ``Game.label`` in English, translated otherwise."""
    for game in Game:
        assert game.local_label == game.label
        with language("ru"):
            ru = game.local_label
        with language("et"):
            et = game.local_label
        assert ru != game.label and et != game.label and ru != et
    with language("et"), pytest.raises(RangeError) as info:
        parse_range("AA**", game="plo5")
    assert str(info.value) == "game: vahemik on neljakaardiliste käte hulk; mängus viiekaardiline Pot-Limit Omaha " \
                              "(ainult kõrge käsi) jagatakse 5"
