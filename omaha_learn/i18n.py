"""The message catalogue: every sentence a learner or teacher reads, in English, Russian or Estonian.

Sentences are whole templates with named fields, looked up once in a gettext catalogue
(``omaha_learn/locale/<lang>/LC_MESSAGES/omaha_learn.mo``, compiled from the ``.po`` sources
beside it with Babel: ``python scripts/i18n.py``). Nothing here needs more than the standard
library, so the rules core stays numpy-only.

The language is, in this order: :func:`set_language`, the ``OMAHA_LEARN_LANG`` environment
variable, the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then English.

>>> with language("ru"):
...     print(chips(21), chips(5), chips(1_000))
21 фишка 5 фишек 1\xa0000 фишек
>>> with language("et"):
...     print(rank_word(13, "of_plural"), rank_word(1, "name"))
kuningaid äss

Ranks have grammatical forms, each a message of its own with a context, so a template names the
form its language needs: ``name`` (king), ``plural`` (kings), ``of_plural`` (Russian genitive
plural, «королей»; Estonian partitive plural, «kuningaid»), ``upto`` (Russian genitive singular
after «до», «до короля»; Estonian terminative, «kuningani»).
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType

from omaha_learn.errors import LanguageError

__all__ = ["LANGUAGES", "set_language", "get_language", "language", "gettext", "ngettext", "pgettext", "N_",
           "language_code",
           "rank_word", "rank_forms", "street_word", "chips", "format_number", "format_percent", "LanguageError"]

LANGUAGES = ("en", "ru", "et")
"""The languages with a catalogue: English (the source texts of every message), Russian, Estonian."""

DOMAIN = "omaha_learn"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

RANK_FORMS = ("name", "plural", "of_plural", "upto")
"""The grammatical forms of a rank name a template may ask for (see the module's text)."""


_chosen: str | None = None


def _normalise(code: str) -> str | None:
    code = code.strip().lower().replace("-", "_")
    head = code.split(".")[0].split("@")[0].split("_")[0]
    return head if head in LANGUAGES else None


def language_code(code: str) -> str:
    """The language ``code`` names ("ru", "ru_RU.UTF-8", "et-EE" ...) as one of :data:`LANGUAGES`;
    :class:`LanguageError` naming it and the languages spoken when it is none of them.

    >>> language_code("et-EE")
    'et'
    """
    found = _normalise(code) if isinstance(code, str) else None
    if found is None:
        raise LanguageError(gettext("language {code!r}: omaha_learn speaks {languages}").format(
            code=code, languages=", ".join(LANGUAGES)))
    return found


def set_language(code: str | None) -> None:
    """Speak ``code`` ("en", "ru", "et"; "ru_RU.UTF-8" and "et-EE" also work) from now on; ``None``
    goes back to the environment and the locale."""
    global _chosen
    if code is None:
        _chosen = None
        return
    if not isinstance(code, str) or _normalise(code) is None:
        raise LanguageError(gettext("language {code!r}: omaha_learn speaks {languages}").format(
            code=code, languages=", ".join(LANGUAGES)))
    _chosen = _normalise(code)


def get_language() -> str:
    """The language in use: :func:`set_language`, ``OMAHA_LEARN_LANG``, the locale, then English."""
    if _chosen is not None:
        return _chosen
    wanted = os.environ.get("OMAHA_LEARN_LANG")
    if wanted:
        found = _normalise(wanted)
        if found is None:
            raise LanguageError(f"OMAHA_LEARN_LANG={wanted!r}: omaha_learn speaks {', '.join(LANGUAGES)}")
        return found
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            for part in value.split(":"):
                found = _normalise(part)
                if found is not None:
                    return found
            if var != "LANGUAGE":
                break
    return "en"


@contextmanager
def language(code: str) -> Iterator[None]:
    """Speak ``code`` inside a ``with`` block (a feedback page in the learner's language), then go back."""
    global _chosen
    before = _chosen
    set_language(code)
    try:
        yield
    finally:
        _chosen = before


@cache
def _catalogue(code: str) -> _gettext.NullTranslations:
    if code == "en":
        return _gettext.NullTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with open(path, "rb") as f:          # a missing catalogue is a broken install: say so, never fall back quietly
        return _gettext.GNUTranslations(f)


def gettext(message: str) -> str:
    """``message`` in the language in use."""
    return _catalogue(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (Russian has three: 1 фишка, 2 фишки, 5 фишек)."""
    return _catalogue(get_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (a rank's grammatical form, a word with two senses)."""
    return _catalogue(get_language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue and give it back untranslated: a text kept in a constant (a checker's
    hint, a status note) is translated where it is shown, with :func:`gettext`, in the language of that moment.

    >>> N_("Use exactly two.")
    'Use exactly two.'
    """
    return message


_EN_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
             10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace", 1: "ace"}
_EN_PLURALS = {r: ("sixes" if r == 6 else n + "s") for r, n in _EN_NAMES.items()}


def rank_word(rank: int, form: str) -> str:
    """A rank (2-14, 1 = the ace as low card) in a grammatical ``form`` of :data:`RANK_FORMS`."""
    if form not in RANK_FORMS:
        raise LanguageError(gettext("form {form!r}: a rank has the forms {forms}").format(
            form=form, forms=", ".join(RANK_FORMS)))
    english = _EN_PLURALS[rank] if form in ("plural", "of_plural") else _EN_NAMES[rank]
    context = "rank: " + form
    return pgettext(context, english)


def rank_forms(prefix: str, rank: int) -> dict[str, str]:
    """Every form of ``rank`` as template fields: ``{prefix}``, ``{prefix}_plural``, ``{prefix}_of_plural``..."""
    return {prefix if form == "name" else f"{prefix}_{form}": rank_word(rank, form) for form in RANK_FORMS}


def chips(n: int) -> str:
    """``n`` chips, counted the way the language counts (1 фишка, 2 фишки, 5 фишек; 1 žetoon, 2 žetooni).

    >>> chips(1), chips(1_000)
    ('1 chip', '1,000 chips')
    """
    return ngettext("{n} chip", "{n} chips", n).format(n=format_number(n))


@cache
def _babel_numbers() -> ModuleType | None:
    """Babel's number formatting, when Babel is installed (optional for the rules core)."""
    try:
        from babel import numbers
    except ImportError:
        return None
    return numbers


def format_number(value: int | float, decimals: int = 0) -> str:
    """A number as the language writes it: 1,234.5 (en), 1 234,5 (ru, et; a no-break space groups), by Babel
    when it is installed."""
    text = f"{value:,.{decimals}f}"
    code = get_language()
    if code == "en":
        return text
    numbers = _babel_numbers()
    if numbers is None:
        return text.replace(",", "\u00a0").replace(".", ",")
    return str(numbers.format_decimal(value, format="#,##0" + ("." + "0" * decimals if decimals else ""),
                                      locale=code, group_separator=True))


def format_percent(fraction: float, decimals: int = 1) -> str:
    """A share (0.4) as a percentage the way the language writes it, by Babel (CLDR) when it is installed:
    40.0% (en), 40,0\u00a0% (ru), 40,0% (et). Without Babel: the number as :func:`format_number` writes it, then %.

    >>> format_percent(0.4)
    '40.0%'
    """
    code = get_language()
    numbers = _babel_numbers() if code != "en" else None
    if numbers is None:
        return format_number(100 * fraction, decimals) + "%"
    from babel import Locale

    pattern = Locale.parse(code).percent_formats[None].pattern
    digits = "0." + "0" * decimals if decimals else "0"
    return str(numbers.format_percent(fraction, format=pattern.replace("0%", digits + "%").replace("0\u00a0%", digits + "\u00a0%"),
                                      locale=code))


_STREETS = {"preflop": "preflop", "flop": "flop", "turn": "turn", "river": "river", "showdown": "showdown"}


def street_word(street: str) -> str:
    """A street's name (``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``, ``"showdown"``) in the language in
    use; any other text comes back as it is."""
    english = _STREETS.get(street)
    return street if english is None else pgettext("street", english)


# Extraction only: rank forms are looked up with computed messages, so Babel finds them here.
def _rank_messages() -> None:  # pragma: no cover - never called
    pgettext("street", "preflop")
    pgettext("street", "flop")
    pgettext("street", "turn")
    pgettext("street", "river")
    pgettext("street", "showdown")
    pgettext("rank: name", "two")
    pgettext("rank: name", "three")
    pgettext("rank: name", "four")
    pgettext("rank: name", "five")
    pgettext("rank: name", "six")
    pgettext("rank: name", "seven")
    pgettext("rank: name", "eight")
    pgettext("rank: name", "nine")
    pgettext("rank: name", "ten")
    pgettext("rank: name", "jack")
    pgettext("rank: name", "queen")
    pgettext("rank: name", "king")
    pgettext("rank: name", "ace")
    pgettext("rank: upto", "two")
    pgettext("rank: upto", "three")
    pgettext("rank: upto", "four")
    pgettext("rank: upto", "five")
    pgettext("rank: upto", "six")
    pgettext("rank: upto", "seven")
    pgettext("rank: upto", "eight")
    pgettext("rank: upto", "nine")
    pgettext("rank: upto", "ten")
    pgettext("rank: upto", "jack")
    pgettext("rank: upto", "queen")
    pgettext("rank: upto", "king")
    pgettext("rank: upto", "ace")
    pgettext("rank: plural", "twos")
    pgettext("rank: plural", "threes")
    pgettext("rank: plural", "fours")
    pgettext("rank: plural", "fives")
    pgettext("rank: plural", "sixes")
    pgettext("rank: plural", "sevens")
    pgettext("rank: plural", "eights")
    pgettext("rank: plural", "nines")
    pgettext("rank: plural", "tens")
    pgettext("rank: plural", "jacks")
    pgettext("rank: plural", "queens")
    pgettext("rank: plural", "kings")
    pgettext("rank: plural", "aces")
    pgettext("rank: of_plural", "twos")
    pgettext("rank: of_plural", "threes")
    pgettext("rank: of_plural", "fours")
    pgettext("rank: of_plural", "fives")
    pgettext("rank: of_plural", "sixes")
    pgettext("rank: of_plural", "sevens")
    pgettext("rank: of_plural", "eights")
    pgettext("rank: of_plural", "nines")
    pgettext("rank: of_plural", "tens")
    pgettext("rank: of_plural", "jacks")
    pgettext("rank: of_plural", "queens")
    pgettext("rank: of_plural", "kings")
    pgettext("rank: of_plural", "aces")
