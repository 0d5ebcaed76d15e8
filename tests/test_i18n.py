"""The message catalogues (issue: learners' own language): complete, compiled, plural forms right, sentences
whole, the language chosen in the documented order, and hand descriptions with no English left in ru and et."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from omaha_learn import best_high, best_low
from omaha_learn.engine.evaluation.five_card import Category, describe_high_value
from omaha_learn.i18n import LanguageError, chips, get_language, language, ngettext, rank_word, set_language

sys.path.insert(0, str(Path(__file__).parent))
from i18n_checks import problems  # noqa: E402

# One example value per category (R6), to describe in every language
EXAMPLES = {Category.ROYAL_FLUSH: (9, 14), Category.STRAIGHT_FLUSH: (8, 9), Category.FOUR_OF_A_KIND: (7, 13, 2),
            Category.FULL_HOUSE: (6, 13, 7), Category.FLUSH: (5, 14, 11, 8, 4, 2), Category.STRAIGHT: (4, 10),
            Category.THREE_OF_A_KIND: (3, 10, 14, 9), Category.TWO_PAIR: (2, 13, 6, 14),
            Category.ONE_PAIR: (1, 12, 9, 8, 2), Category.HIGH_CARD: (0, 14, 11, 9, 5, 3)}


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    set_language(None)


def test_every_catalogue_is_complete_compiled_and_without_fuzzy_entries() -> None:
    assert problems() == []


def test_the_check_can_fail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import i18n_checks
    fake = tmp_path / "omaha_learn"
    (fake / "locale").mkdir(parents=True)
    (fake / "x.py").write_text('from omaha_learn.i18n import gettext\ngettext("A sentence nobody translated")\n')
    for lang in ("ru", "et"):
        src = i18n_checks.LOCALE / lang / "LC_MESSAGES"
        dst = fake / "locale" / lang / "LC_MESSAGES"
        dst.mkdir(parents=True)
        (dst / "omaha_learn.po").write_bytes((src / "omaha_learn.po").read_bytes())
    monkeypatch.setattr(i18n_checks, "ROOT", tmp_path)
    monkeypatch.setattr(i18n_checks, "LOCALE", fake / "locale")
    found = i18n_checks.problems()
    assert any("A sentence nobody translated" in p for p in found)
    assert any("not compiled" in p for p in found)


@pytest.mark.parametrize("n, ru, et", [(1, "1 фишка", "1 žetoon"), (2, "2 фишки", "2 žetooni"),
                                       (5, "5 фишек", "5 žetooni"), (11, "11 фишек", "11 žetooni"),
                                       (21, "21 фишка", "21 žetooni"), (22, "22 фишки", "22 žetooni"),
                                       (25, "25 фишек", "25 žetooni"), (111, "111 фишек", "111 žetooni")])
def test_plural_forms(n: int, ru: str, et: str) -> None:
    """Russian has three forms (1 фишка, 2 фишки, 5 фишек, 21 фишка), Estonian two."""
    with language("ru"):
        assert chips(n) == ru
    with language("et"):
        assert chips(n) == et
    assert chips(n) == f"{n} chip" + ("" if n == 1 else "s")


def test_numbers_are_written_the_language_s_way() -> None:
    assert chips(12_345) == "12,345 chips"
    with language("ru"):
        assert chips(12_345) == "12\u00a0345 фишек"
    with language("et"):
        assert chips(12_345) == "12\u00a0345 žetooni"


@pytest.mark.parametrize("lang", ["ru", "et"])
def test_hand_descriptions_have_no_english_left(lang: str) -> None:
    english = {describe_high_value(v) for v in EXAMPLES.values()}
    with language(lang):
        for cat, value in EXAMPLES.items():
            text = describe_high_value(value)
            assert text not in english, cat
            assert not re.search(r"\b(high|kicker|kickers|pair|of|then|full|flush|straight|king|kings|ace|tens)\b",
                                 text), (cat, text)


def test_russian_ranks_take_their_cases() -> None:
    """«пара королей» (genitive plural), «стрит до десятки» (genitive after «до»), «кикер туз» (nominative)."""
    with language("ru"):
        assert best_high("Ks Kd 9c 8h", "2d 3c Jh").describe().startswith("Пара королей")
        assert describe_high_value((4, 10)) == "Стрит до десятки"
        assert describe_high_value((2, 13, 6, 14)) == "Две пары, короли и шестёрки, кикер туз"
        assert describe_high_value((7, 14, 13)) == "Каре тузов, кикер король"
        assert best_low("As 2d Kc Kh", "3c 5d 8h Qs Js").describe() == "лоу 8-5-3-2-A"


def test_estonian_ranks_take_their_cases() -> None:
    """«paar kuningaid» (partitive plural), «rida kümneni» (terminative), «kaks paari»."""
    with language("et"):
        assert describe_high_value((1, 13, 9, 8, 2)).startswith("Paar kuningaid")
        assert describe_high_value((4, 10)) == "Rida kümneni"
        assert describe_high_value((2, 13, 6, 14)) == "Kaks paari, kuningad ja kuued, lisakaart äss"
        assert rank_word(1, "name") == "äss"


def test_the_language_is_chosen_in_the_documented_order(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("OMAHA_LEARN_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert get_language() == "en"
    monkeypatch.setenv("LANG", "et_EE.UTF-8")
    assert get_language() == "et"
    monkeypatch.setenv("LANGUAGE", "fr:ru")
    assert get_language() == "ru"                 # LANGUAGE lists fallbacks: the first we speak
    monkeypatch.setenv("OMAHA_LEARN_LANG", "et")
    assert get_language() == "et"
    set_language("ru-RU")
    assert get_language() == "ru"
    set_language(None)
    assert get_language() == "et"
    monkeypatch.setenv("OMAHA_LEARN_LANG", "xx")
    with pytest.raises(LanguageError, match="OMAHA_LEARN_LANG='xx'"):
        get_language()


def test_a_bad_language_names_the_languages_and_changes_nothing() -> None:
    set_language("et")
    with pytest.raises(LanguageError, match="en, ru, et"):
        set_language("de")
    assert get_language() == "et"
    with pytest.raises(LanguageError):
        rank_word(13, "dative")


def test_a_with_block_restores_the_language() -> None:
    set_language("ru")
    with language("et"):
        assert ngettext("{n} chip", "{n} chips", 3) == "{n} žetooni"
    assert get_language() == "ru"
