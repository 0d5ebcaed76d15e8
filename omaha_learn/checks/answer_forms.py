"""Answer kinds: how a learner's answer, written the way people write it, becomes one canonical text.

Each kind maps an answer to the normalised string that is compared (and
hashed); anything it cannot read, or could read two ways, raises
:class:`~omaha_learn.errors.AnswerError` with a message saying which form to
use. The forms each kind accepts (also listed in ``exercises/README.md``):

* ``cards``: a set of cards in any order, case or notation: ``"Kd Kc"``,
  ``"kc, KD"``, ``["Kd", "Kc"]``, ``"10h 9s"``, ``"K♠ Q♥"``;
* ``int``: a whole number: ``6961``, ``"6,961"``, ``"6 961"``, ``"140 chips"``,
  ``"$40"``, ``"twelve"``, ``"twenty-five"``;
* ``ints``: whole numbers in order: ``[30, 30, 60]``, ``(30, 30, 60)``,
  ``"30, 30, 60"``, per player ``"A 30, B 30, C 60"`` or ``{"A": 30, "B": 30, "C": 60}``;
* ``low``: a low (or ``0`` / ``"no low"`` for none): ``76421``, ``"7-6-4-2-A"``,
  ``"7 6 4 2 A"``, ``[7, 6, 4, 2, 1]``, a ``LowHand`` such as ``best_low(...)`` or ``nut_low(board)``;
* ``lows``: lows in order, each as ``low`` reads it: ``[65432, "7-6-4-3-2"]``;
* ``fraction``: a fraction in lowest terms: ``Fraction(1, 3)``, ``"1/3"``, ``[1, 3]``, ``(1, 3)``;
* ``player``: one player: ``"B"``, ``"b"``, ``"Player B"``;
* ``players``: a set of players in any order: ``"B"``, ``["A", "C"]``, ``"AC"``, ``"A and C"``,
  ``"A, C"``, ``"Players A & C"``;
* ``player_order``: players in order: ``"FA"``, ``"F, A"``, ``"F then A"``, ``["F", "A"]``;
* ``category``: a hand category by its name or a common one: ``"three of a kind"``, ``"trips"``,
  ``"set"``, ``"boat"``, ``"quads"``, ``"ace high"``, ``"pair of twos"``,
  ``"full house (kings full of sevens)"``, a ``Category``;
* ``categories``: categories in order, each as ``category`` reads it;
* ``text`` / ``texts``: a free name (lower case, single spaces) / names in order;
* ``yesno``: ``True``/``False``, ``"yes"``/``"no"``, ``"true"``/``"false"``, ``1``/``0``, ``"nope"``,
  ``"fold"`` (no).

More forms each kind reads: cards joined by ``and`` (``"9d and 9s"``) or named in words
(``"nine of diamonds"``, «туз пик», «пиковый туз», «poti äss»); ``"168.0"`` for a whole number;
``"30/30/60"`` and ``"13 and 12"`` for numbers in order; ``"wheel"`` for the low 5-4-3-2-A (and
for a straight where a category is asked); lows separated by spaces (``"65432 76432"``);
``"one third"``, ``"two fifths"``, ``"1 in 3"`` for a fraction; ``"B wins"``, ``"B."`` for a player;
``"3 of a kind"``, ``"kings full of 7s"`` for a category.

**Shares written as decimals or percentages** (``fraction``): a decimal or a percentage that is
exactly a fraction with a denominator of at most 20 is read as that fraction (``0.5``, ``25%``,
``0.4``; ``0.3`` is 3/10). Any other is a rounded value: it is read as the one fraction with a
denominator of at most 20 that rounds to it at the precision written (``0.333``, ``33%``,
``33.3%``, ``1/3`` computed as a float: 1/3; ``0.583``: 7/12). When two such fractions round to it,
it is refused as not precise enough (``0.58`` could be 7/12 or 11/19: write the fraction or one
more digit); when none does, it is read as written (``0.123``: 123/1000). A decimal comma
(``0,333``) reads as a point. Odds (``"1:2"``, ``"2 to 1"``) are refused: 1:2 is 1/3 as odds
and 1/2 as a ratio, so write the share as a fraction.

**In Russian and Estonian** (the learners' languages): categories («тройка», «сет», «фулл-хаус»,
«флеш», «каре», «kolmik», «täismaja», «nelik», and «mast» as the flush, only where a category is
asked: in everyday Estonian *mast* is a suit), yes and no («да», «нет», «jah», «ei»), players
(«Игрок B», «Mängija B», «игроки A и C»; a Cyrillic А, В, С, Е or Н is read as the Latin letter it
looks like), chips («140 фишек», «140 žetooni»), cards in words (above). In cards, a Cyrillic
letter that looks like a card letter (К, А, Т, В, С, Е, Н, М, О, Р, Х) is refused with a message
naming it, and «Т» is never read as the ten: in Russian notation it is the ace (туз). «пас» (fold
in Russian) and *passida* (check in Estonian) are refused as a yes or no.

**Errors in the learner's language**: each :class:`~omaha_learn.errors.AnswerError` says in English what
to write (its text, which the grader's CSV keeps) and keeps the same sentence in no language as its
``message`` (an ``N_``-marked template and its values, :mod:`omaha_learn.checks.messages`): a checker in a
Russian notebook and a learner's feedback page write it in Russian or Estonian.

**Bounds**: text answers of at most :data:`MAX_TEXT` characters and at most :data:`MAX_ITEMS`
items in a list, refused beyond them with an :class:`~omaha_learn.errors.AnswerError` naming the
bound; text is put in Unicode NFC first; every pattern is read in one pass (no pattern with
nested repetition), and nothing recurses on the answer.

>>> normalise_low("7-6-4-2-A"), normalise_low(76421), normalise_int("6,961"), normalise_int("140 chips")
('7-6-4-2-A', '7-6-4-2-A', '6961', '140')
>>> normalise_category("full house (kings full of sevens)"), normalise_category("ace high")
('full house', 'high card')
>>> normalise_players("A and B"), normalise_ints("A 30, B 30, C 60"), normalise_fraction("1/3")
('A,B', '30,30,60', '1/3')
"""

from __future__ import annotations

import functools
import itertools
import operator
import re
import reprlib
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import SupportsIndex

from omaha_learn.checks.messages import Message, answer_error, msg
from omaha_learn.engine.cards import CardError, parse_cards
from omaha_learn.errors import AnswerError
from omaha_learn.i18n import N_

__all__ = ["KINDS", "PLAYERS", "CATEGORY_NAMES", "MAX_TEXT", "MAX_ITEMS", "normalise_int", "normalise_ints",
           "normalise_low", "normalise_lows", "normalise_fraction", "normalise_player", "normalise_players",
           "normalise_player_order", "normalise_category", "normalise_categories", "normalise_yesno",
           "normalise_cards", "normalise_text", "normalise_texts"]

PLAYERS = "ABCDEFGHIJ"

MAX_TEXT = 500
"""Longest text answer read, in characters."""
MAX_ITEMS = 100
"""Most items read from a list (or any other collection) given as an answer."""

CATEGORY_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
                  "four of a kind", "straight flush", "royal flush")
"""The canonical category names, worst first (the engine's ``Category`` labels)."""

_CATEGORY_SYNONYMS = {
    "high card": "high card", "no pair": "high card", "nothing": "high card", "high": "high card",
    "one pair": "one pair", "pair": "one pair", "a pair": "one pair", "1 pair": "one pair",
    "two pair": "two pair", "two pairs": "two pair", "2 pair": "two pair", "2 pairs": "two pair",
    "three of a kind": "three of a kind", "trips": "three of a kind", "set": "three of a kind",
    "a set": "three of a kind", "three": "three of a kind", "triplets": "three of a kind",
    "3 of a kind": "three of a kind",
    "straight": "straight", "a straight": "straight", "flush": "flush", "a flush": "flush",
    "wheel": "straight", "the wheel": "straight", "a wheel": "straight", "broadway": "straight",
    "full house": "full house", "a full house": "full house", "boat": "full house", "full boat": "full house",
    "a boat": "full house", "full": "full house",
    "four of a kind": "four of a kind", "quads": "four of a kind", "four": "four of a kind",
    "4 of a kind": "four of a kind",
    "straight flush": "straight flush", "a straight flush": "straight flush", "steel wheel": "straight flush",
    "royal flush": "royal flush", "royal": "royal flush", "a royal flush": "royal flush",
    "royal straight flush": "royal flush",
    # Russian (as the club's rules and the Hi-Lo rule books write them; ё read as е)
    "старшая карта": "high card", "пара": "one pair", "одна пара": "one pair", "две пары": "two pair",
    "тройка": "three of a kind", "сет": "three of a kind", "трипс": "three of a kind",
    "стрит": "straight", "флеш": "flush", "флэш": "flush", "фулл хаус": "full house",
    "фул хаус": "full house", "фуллхаус": "full house", "фулхаус": "full house", "фулл": "full house",
    "каре": "four of a kind", "стрит флеш": "straight flush", "стрит флэш": "straight flush",
    "стритфлеш": "straight flush", "роял флеш": "royal flush", "роял флэш": "royal flush",
    "флеш рояль": "royal flush", "флэш рояль": "royal flush",
    # Estonian (the online room's words; "mast" is the flush only here, where a category is asked)
    "kõrge kaart": "high card", "paar": "one pair", "üks paar": "one pair", "kaks paari": "two pair",
    "kolmik": "three of a kind", "rida": "straight", "mast": "flush", "täismaja": "full house",
    "maja": "full house", "nelik": "four of a kind", "mastirida": "straight flush",
    "kuninglik mastirida": "royal flush",
}
_RANK_WORDS = ("ace", "aces", "king", "kings", "queen", "queens", "jack", "jacks", "ten", "tens", "nine", "nines",
               "eight", "eights", "seven", "sevens", "six", "sixes", "five", "fives", "four", "fours", "three",
               "threes", "two", "twos", "deuce", "deuces", "trey", "treys", "a", "k", "q", "j", "t", "10", "9",
               "8", "7", "6", "5", "4", "3", "2", "as", "ks", "qs", "js", "ts", "10s", "9s", "8s", "7s", "6s",
               "5s", "4s", "3s", "2s")
_RANK = "(?:" + "|".join(sorted(_RANK_WORDS, key=len, reverse=True)) + ")"
_CATEGORY_PATTERNS = (
    (re.compile(rf"{_RANK} high"), "high card"),
    (re.compile(rf"{_RANK} high (straight flush|straight|flush)"), None),
    (re.compile(rf"(?:a )?pair of {_RANK}"), "one pair"),
    (re.compile(rf"(?:a )?pair {_RANK}"), "one pair"),
    (re.compile(rf"(?:two|2) pairs?(?: {_RANK} and {_RANK})?"), "two pair"),
    (re.compile(rf"{_RANK} and {_RANK}"), "two pair"),
    (re.compile(rf"(?:three|trip|trips|set of) {_RANK}"), "three of a kind"),
    (re.compile(rf"{_RANK} full(?: of {_RANK})?"), "full house"),
    (re.compile(rf"(?:four|quad|quads) {_RANK}"), "four of a kind"),
)

_SMALL_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_UNITS = ("chips", "chip", "dollars", "dollar", "hands", "hand", "combos", "combinations", "boards", "board",
          "points", "ways", "фишек", "фишки", "фишка", "фишку", "фишками", "žetooni", "žetoon", "žetoone",
          "žetoonid", "zetooni", "zetoon")
_THOUSANDS = re.compile(r"-?\d{1,3}(?:([,\u00a0\u202f\u2009 '_])\d{3})(?:\1\d{3})*")
_LOW_RANKS = {"a": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
_LOW_NAMES = {1: "A"}
_WHEEL = ("wheel", "the wheel", "a wheel", "bicycle", "колесо", "velosiped")

_SHOWN = reprlib.Repr()
_SHOWN.maxstring = 120
_SHOWN.maxother = 80
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxset = _SHOWN.maxdict = 8


def _shown(value: object) -> str:
    """``value`` as a message quotes it: its repr, cut short (computed within bounds)."""
    try:
        return _SHOWN.repr(value)
    except Exception:  # noqa: BLE001 - a learner's object may fail in any way
        return f"<a {type(value).__name__} object>"


def _too_many() -> AnswerError:
    return answer_error(N_("the answer has more than {limit} items; the limit is {limit}"), limit=MAX_ITEMS)


def _plain(value: object) -> object:
    """A numpy scalar as the Python value it holds (other values unchanged)."""
    item = getattr(value, "item", None)
    if callable(item) and type(value).__module__ == "numpy":
        try:
            return item()
        except (TypeError, ValueError):
            return value
    return value


def _text(value: str) -> str:
    """A text answer within :data:`MAX_TEXT`, in Unicode NFC (a name typed on a Mac is NFD)."""
    if len(value) > MAX_TEXT:
        raise answer_error(N_("the answer is {n} characters; the limit is {limit}"), n=len(value), limit=MAX_TEXT)
    return unicodedata.normalize("NFC", value)


def _prepared(value: object) -> object:
    """``value`` with its text in NFC and within the bounds (one level into a collection)."""
    value = _plain(value)
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS:
            raise answer_error(N_("the answer has {n} items; the limit is {limit}"), n=len(value), limit=MAX_ITEMS)
        return {(_text(k) if isinstance(k, str) else k): (_text(v) if isinstance(v, str) else v)
                for k, v in value.items()}
    if isinstance(value, Iterable) and (type(value) in (list, tuple, set, frozenset) or (
            type(value).__module__ == "builtins" and not isinstance(value, (bytes, bytearray, Mapping)))):
        items = list(itertools.islice(value, MAX_ITEMS + 1))   # also generators, map, dict views
        if len(items) > MAX_ITEMS:
            raise _too_many()
        items = [_text(x) if isinstance(x, str) else x for x in items]
        if type(value) is tuple:
            return tuple(items)
        if isinstance(value, (set, frozenset)):
            return set(items)
        return items
    size = getattr(value, "size", None)
    if isinstance(size, int) and size > MAX_ITEMS:   # a numpy array
        raise answer_error(N_("the answer has {n} items; the limit is {limit}"), n=size, limit=MAX_ITEMS)
    return value


def _bounded(norm: Callable[[object], str]) -> Callable[[object], str]:
    """A reader that first puts its answer within the bounds and in NFC (see :func:`_prepared`)."""

    @functools.wraps(norm)
    def read(value: object) -> str:
        return norm(_prepared(value))

    return read


def _words(value: str) -> str:
    return " ".join(value.lower().replace("ё", "е").replace("_", " ").replace("-", " ").split())


# --------------------------------------------------------------------- numbers

def _number_words(text: str) -> int | None:
    words = text.split()
    if len(words) == 1 and words[0] in _SMALL_NUMBERS:
        return _SMALL_NUMBERS[words[0]]
    if len(words) == 1 and words[0] in _TENS:
        return _TENS[words[0]]
    if len(words) == 2 and words[0] in _TENS and words[1] in _SMALL_NUMBERS and 0 < _SMALL_NUMBERS[words[1]] < 10:
        return _TENS[words[0]] + _SMALL_NUMBERS[words[1]]
    if words in (["a", "hundred"], ["one", "hundred"], ["hundred"]):
        return 100
    return None


def _integer(value: object, what: Message = None) -> int:
    what = what or msg(N_("a whole number such as 140"))
    value = _plain(value)
    if isinstance(value, bool):
        raise answer_error(N_("expected {what}, got {answer}"), what=what, answer=repr(value))
    if isinstance(value, SupportsIndex) and not isinstance(value, str):
        return operator.index(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if isinstance(value, str) and len(value) <= MAX_TEXT:
        text = value.strip().rstrip(".").strip()
        if text.startswith("$"):
            text = text[1:].strip()
        low = text.lower()
        for unit in _UNITS:
            if low.endswith(" " + unit):
                text = text[: -len(unit) - 1].strip()
                low = text.lower()
                break
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        if re.fullmatch(r"-?\d+\.0+", text):   # "168.0", as 168.0 is read
            return int(text.split(".")[0])
        if _THOUSANDS.fullmatch(text):
            return int(re.sub(r"\D", "", text)) * (-1 if text.startswith("-") else 1)
        spoken = _number_words(_words(text))
        if spoken is not None:
            return spoken
    raise answer_error(N_("could not read {answer}: expected {what} (digits, '6,961', '140 chips' or a short word "
                          "such as 'twelve')"), answer=_shown(value), what=what)


@_bounded
def normalise_int(value: object) -> str:
    """A whole number: ``6961``, ``"6,961"``, ``"6 961"``, ``"140 chips"``, ``"$40"``, ``"twelve"``, ``"168.0"``."""
    return str(_integer(value))


_PLAYER_WORDS = ("player", "players", "seat", "seats", "игрок", "игрока", "игроки", "игроку", "mängija",
                 "mängijad", "mängijal", "mängijale")
_CYRILLIC_PLAYERS = str.maketrans("АВСЕНавсен", "ABCEHABCEH")


def _player_letter(text: str) -> str | None:
    words = _words(text).split()
    if words and words[0] in _PLAYER_WORDS:
        words = words[1:]
    letter = words[0].translate(_CYRILLIC_PLAYERS) if len(words) == 1 else ""
    if len(letter) == 1 and letter.upper() in PLAYERS:
        return letter.upper()
    return None


def _by_player(pairs: Iterable[tuple[object, object]]) -> list[object]:
    """Values given per player, in the order A, B, C, ...; every player from A on must be there once."""
    found: dict[str, object] = {}
    for k, v in pairs:
        letter = _player_letter(k) if isinstance(k, str) else None
        if letter is None or letter in found:
            raise answer_error(N_("{answer} is not a player letter (or comes twice); write 'A 30, B 30, C 60' or "
                                  "{example}"), answer=_shown(k), example="{'A': 30, 'B': 30, 'C': 60}")
        found[letter] = v
    letters = sorted(found)
    if letters != list(PLAYERS[: len(letters)]):
        raise answer_error(N_("give every player from A on, in order (got {letters}); write e.g. [30, 30, 60] for "
                                 "A, B, C"), letters=", ".join(letters))
    return [found[x] for x in letters]


# One "A 30" (or "Player A: $30 chips") at a place; read pair by pair, never by one repeated pattern.
_PAIR_AT = re.compile(r"\s*(?:(?:player|игрок|mängija)\s+)?([A-Ja-j])\s*(?:[:=]\s*)?\$?(\d{1,30})"
                      r"(?:\s*(?:chips?|фишек|фишки|фишка|žetooni|žetoon))?\s*", re.I)
_PAIR_SEP = re.compile(r"(?:[,;/]|and\b|и\b|ja\b)\s*", re.I)
_NUMBER_SEP = re.compile(r"[,;/]|\band\b|\bи\b|\bja\b|\bthen\b|\s+", re.I)   # parts are stripped


def _labelled(text: str) -> list[tuple[object, object]] | None:
    """``[(letter, digits), ...]`` for ``"A 30, B 30, C 60"``; None when ``text`` is not written so."""
    pos, pairs = 0, []
    while True:
        m = _PAIR_AT.match(text, pos)
        if not m:
            return None
        pairs.append((m.group(1), m.group(2)))
        pos = m.end()
        if pos >= len(text):
            return pairs
        sep = _PAIR_SEP.match(text, pos)
        if sep:
            pos = sep.end()


@_bounded
def normalise_ints(value: object) -> str:
    """Whole numbers in order: a list, a tuple, ``"30, 30, 60"``, ``"30/30/60"``, ``"13 and 12"``,
    ``"A 30, B 30, C 60"`` or a dict by player."""
    items: list[object]
    if isinstance(value, Mapping):
        items = _by_player(value.items())
    elif isinstance(value, str):
        pairs = _labelled(value)
        if pairs is not None:
            items = _by_player(pairs)
        else:
            items = [p for p in (q.strip() for q in _NUMBER_SEP.split(value.strip().strip("[]()"))) if p]
    elif isinstance(value, Iterable):
        items = list(itertools.islice(value, MAX_ITEMS + 1))
        if len(items) > MAX_ITEMS:
            raise _too_many()
    else:
        items = [value]
    if not items:
        raise answer_error(N_("expected whole numbers in order, e.g. [30, 30, 60]"))
    return ",".join(str(_integer(v, msg(N_("whole numbers in order such as [30, 30, 60]")))) for v in items)


# ------------------------------------------------------------------------ lows

def _low_ranks(value: object) -> list[int] | None:
    """The five ranks of a low (ace = 1), [] for no low; None when ``value`` is not written as a low."""
    value = _plain(value)
    number = getattr(value, "number", None)
    if hasattr(value, "ranks") and isinstance(number, int):  # a LowHand
        value = number
    if value is None:
        return []
    if isinstance(value, bool):
        return None
    if isinstance(value, SupportsIndex) and not isinstance(value, str):
        n = operator.index(value)
        return [] if n == 0 else [int(d) for d in str(n)] if 0 < n < 10**6 else None
    if isinstance(value, str):
        text = value.strip().lower().removesuffix("low").strip().rstrip(".").strip()
        if text in ("0", "none", "no low", "no", "nothing", ""):
            return [] if text else None
        if _words(text) in _WHEEL:
            return [5, 4, 3, 2, 1]
        if re.fullmatch(r"[1-9a]{5}", text):
            return [_LOW_RANKS[c] for c in text]
        parts = [p for p in re.split(r"[\s,;/-]+", text) if p]
        if len(parts) == 5 and all(p in _LOW_RANKS for p in parts):
            return [_LOW_RANKS[p] for p in parts]
        return None
    if isinstance(value, (list, tuple)):
        out = []
        for x in value[:6]:
            x = _plain(x)
            if isinstance(x, bool) or not isinstance(x, (str, int)):
                return None
            key = str(x).strip().lower()
            if key not in _LOW_RANKS:
                return None
            out.append(_LOW_RANKS[key])
        return out if len(value) <= 6 else None
    return None


def _low(value: object) -> str:
    ranks = _low_ranks(value)
    if ranks is None or (ranks and (len(ranks) != 5 or len(set(ranks)) != 5 or not all(1 <= r <= 9 for r in ranks))):
        raise answer_error(N_("could not read {answer}: expected a low such as 76421, '7-6-4-2-A' or '7 6 4 2 A' "
                                 "(five different ranks, ace low; 'wheel' for 5-4-3-2-A; 0 for no low)"),
                           answer=_shown(value))
    if not ranks:
        return "no low"
    return "-".join(_LOW_NAMES.get(r, str(r)) for r in sorted(ranks, reverse=True))


@_bounded
def normalise_low(value: object) -> str:
    """A low from its highest card down (``"7-6-4-2-A"``), or ``"no low"``; ``"wheel"`` is 5-4-3-2-A."""
    return _low(value)


_WHOLE_LOW = re.compile(r"[1-9a]{5}|(?:[1-9a]-){4}[1-9a]|wheel", re.I)


@_bounded
def normalise_lows(value: object) -> str:
    """Lows in order, each as :func:`normalise_low` reads it (separated by commas, or by spaces when
    each low is written in one piece: ``"65432 76432"``)."""
    if isinstance(value, str):
        text = value.strip().strip("[]()")
        items: list[object] = [p for p in (q.strip() for q in re.split(r"[,;]", text)) if p]
        if len(items) == 1:
            spaced = text.split()
            if len(spaced) >= 2 and all(_WHOLE_LOW.fullmatch(p) for p in spaced):
                items = list(spaced)
        if len(items) < 2:
            raise answer_error(N_("could not read {answer}: expected lows in order separated by commas, e.g. "
                                     "'65432, 76432'"), answer=_shown(value))
    elif isinstance(value, Iterable):
        items = list(itertools.islice(value, MAX_ITEMS + 1))
    else:
        raise answer_error(N_("expected a list of lows in order, e.g. [65432, 76432]"))
    if not items:
        raise answer_error(N_("expected a list of lows in order, e.g. [65432, 76432]"))
    if len(items) > MAX_ITEMS:
        raise _too_many()
    return ",".join(_low(v) for v in items)


# ------------------------------------------------------------------- fractions

SHARE_DENOMINATOR = 20
"""A decimal or a percentage is read as a fraction with a denominator up to this (see the module notes)."""

_ORDINALS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
             "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7,
             "eighth": 8, "eighths": 8, "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10, "eleventh": 11,
             "elevenths": 11, "twelfth": 12, "twelfths": 12}


def _form() -> Message:
    return msg(N_("write it as Fraction(1, 3), '1/3' or [1, 3], in lowest terms"))


def _spoken_fraction(text: str) -> tuple[int, int] | None:
    """``"one third"``, ``"two fifths"``, ``"a half"``, ``"1 in 3"``, ``"one in three"``: (numerator, denominator)."""
    words = _words(text).split()
    if len(words) == 1 and words[0] == "half":
        return 1, 2
    if len(words) == 2 and words[1] in _ORDINALS:
        num = 1 if words[0] in ("a", "an") else _SMALL_NUMBERS.get(words[0])
        if num is None and words[0].isdigit() and len(words[0]) <= 3:
            num = int(words[0])
        return None if num is None else (num, _ORDINALS[words[1]])
    if len(words) == 3 and words[1] == "in":
        a, b = (_SMALL_NUMBERS.get(w, int(w) if w.isdigit() and len(w) <= 6 else None) for w in (words[0], words[2]))
        return None if a is None or b is None else (a, b)
    return None


def _share(digits: str, scale: int) -> Fraction:
    """The fraction a decimal ``digits`` (divided by ``scale``: 100 for a percentage) stands for (module notes)."""
    whole, _, decimals = digits.partition(".")
    places = len(decimals)
    exact = Fraction(int(whole + decimals), 10 ** places * scale)
    if exact.denominator <= SHARE_DENOMINATOR:
        return exact
    half = Fraction(1, 2 * 10 ** places * scale)
    lo, hi = exact - half, exact + half
    near = sorted({Fraction(n, d) for d in range(1, SHARE_DENOMINATOR + 1)
                   for n in range(int(lo * d), int(hi * d) + 2) if lo <= Fraction(n, d) <= hi})
    if len(near) == 1:
        return near[0]
    if len(near) > 1:
        shown = ", ".join(f"{f.numerator}/{f.denominator}" for f in near[:3])
        raise answer_error(N_("{answer} is not precise enough: {fractions} round to it; write the fraction (e.g. "
                                 "'{example}') or give one more digit"), answer=digits + ("%" if scale == 100 else ""),
                           fractions=shown, example=f"{near[0].numerator}/{near[0].denominator}")
    return exact


def _decimal_share(text: str) -> Fraction | None:
    """A share written as a decimal (``0.333``, ``0,333``) or a percentage (``33%``, ``33.3 %``); None if not."""
    m = re.fullmatch(r"(\d{1,6}(?:[.,]\d{1,15})?)\s*(%|percent|per cent|процентов|процента|protsenti)?",
                     text.strip().lower())
    if not m or (m.group(2) is None and not re.search(r"[.,]", m.group(1))):
        return None
    return _share(m.group(1).replace(",", "."), 100 if m.group(2) else 1)


@_bounded
def normalise_fraction(value: object) -> str:
    """A fraction in lowest terms: ``Fraction(1, 3)``, ``"1/3"``, ``[1, 3]``, ``(1, 3)``, ``"one third"`` read as
    ``"1/3"``; a decimal or a percentage by the rule in the module notes (``0.333``, ``"33%"``)."""
    num: object
    den: object
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        if not (value == value and abs(value) < 1e6):
            raise answer_error(N_("expected a fraction, got {answer}: {form}"), answer=repr(value), form=_form())
        f = _share(f"{abs(value):.12f}".rstrip("0").rstrip(".") or "0", 1) * (-1 if value < 0 else 1)
        return f"{f.numerator}/{f.denominator}"
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(-?\d{1,30})\s*/\s*(\d{1,30})\s*", value)
        if not m:
            if re.fullmatch(r"\s*\d{1,30}\s*(?::|\bto\b)\s*\d{1,30}\s*", value, re.I):
                raise answer_error(N_("could not read {answer}: odds are ambiguous (1:2 is 1/3 as odds and 1/2 as a "
                                         "ratio); write the share as a fraction such as '1/3'"), answer=_shown(value))
            spoken = _spoken_fraction(value)
            if spoken is None:
                share = _decimal_share(value)
                if share is not None:
                    return f"{share.numerator}/{share.denominator}"
                raise answer_error(N_("could not read {answer} as a fraction: {form}"), answer=_shown(value), form=_form())
            num, den = spoken
        else:
            num, den = m.group(1), m.group(2)
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        num, den = value
    else:
        raise answer_error(N_("expected a fraction, got {answer}: {form}"), answer=_shown(value), form=_form())
    n, d = _integer(num, msg(N_("a whole numerator"))), _integer(den, msg(N_("a whole denominator")))
    if d <= 0:
        raise answer_error(N_("the denominator must be positive, got {d}: {form}"), d=str(d), form=_form())
    f = Fraction(n, d)
    if (f.numerator, f.denominator) != (n, d):
        raise answer_error(N_("{fraction} is not in lowest terms: divide both by {by}"), fraction=f"{n}/{d}",
                           by=str(d // f.denominator))
    return f"{n}/{d}"


# --------------------------------------------------------------------- players

_JOINERS = re.compile(r"[,;&+/]|\band\b|\bthen\b|\bи\b|\bja\b|\s+", re.I)   # parts are stripped
_WINS = re.compile(r"\b(?:wins?|won|scoops?|takes it|takes the pot|выигрывает|выиграл|выиграли|побеждает|"
                   r"победил|võidab|võitis|võidavad)\b", re.I)
_PLAYER_WORD_RE = re.compile(r"\b(?:players?|seats?|игрок[аиу]?|mängija(?:d|l|le)?)\b", re.I)


def _player_tokens(value: object, *, allow_run: bool) -> list[str]:
    """Player letters in the order written; ``allow_run`` reads ``"AB"`` as A then B."""
    form = msg(N_("write player letters such as 'B', 'A and C' or ['A', 'C']"))
    if isinstance(value, str):
        text = _WINS.sub(" ", _PLAYER_WORD_RE.sub(" ", value)).strip().rstrip(".!").strip()
        text = text.translate(_CYRILLIC_PLAYERS)
        parts = [p for p in (q.strip() for q in _JOINERS.split(text)) if p]
        if not parts:
            raise answer_error(N_("could not read {answer}: no player letter in it; {form}"), answer=_shown(value),
                               form=form)
        out = []
        for p in parts:
            if len(p) > 1 and allow_run and all(ch.upper() in PLAYERS for ch in p) and len(parts) == 1:
                out += [ch.upper() for ch in p]
            elif len(p) == 1 and p.upper() in PLAYERS:
                out.append(p.upper())
            else:
                raise answer_error(N_("could not read {answer}: {part} is not a player letter; {form}"),
                                   answer=_shown(value), part=repr(p), form=form)
        return out
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        out = []
        for v in itertools.islice(value, MAX_ITEMS + 1):
            v = _plain(v)
            letter = _player_letter(v) if isinstance(v, str) else None
            if letter is None:
                raise answer_error(N_("{answer} is not a player letter: {form}"), answer=_shown(v), form=form)
            out.append(letter)
        return out
    raise answer_error(N_("expected a player letter such as 'A', got {answer}: {form}"), answer=_shown(value),
                       form=form)


@_bounded
def normalise_player(value: object) -> str:
    """One player: ``"B"``, ``"b"``, ``"Player B"``, ``"B wins"``, ``"B."``, «Игрок B», «Mängija B»."""
    letters = _player_tokens(value, allow_run=False)
    if len(letters) != 1:
        raise answer_error(N_("this question asks for one player; write one letter such as 'B', got {answer}"),
                           answer=_shown(value))
    return letters[0]


@_bounded
def normalise_players(value: object) -> str:
    """A set of players in any order: ``"AC"``, ``"A and C"``, ``"A, C"``, ``["C", "A"]``."""
    letters = _player_tokens(value, allow_run=True)
    if len(set(letters)) != len(letters):
        raise answer_error(N_("a player is named twice in {answer}; name each winner once"), answer=_shown(value))
    return ",".join(sorted(letters))


@_bounded
def normalise_player_order(value: object) -> str:
    """Players in order: ``"FA"``, ``"F, A"``, ``"F then A"``, ``["F", "A"]``."""
    return ",".join(_player_tokens(value, allow_run=True))


# ------------------------------------------------------------------ categories

def _category_words(text: str) -> str | None:
    """The category one name stands for (no details after a colon), or None."""
    text = _words(text).strip(" .!")
    text = re.sub(r"^(?:an?|the|my) ", "", text)
    if text in _CATEGORY_SYNONYMS:
        return _CATEGORY_SYNONYMS[text]
    for pattern, name in _CATEGORY_PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return name or m.group(1)
    return None


def _category_name(value: object) -> str | None:
    category = getattr(value, "category", None)  # a HighHand reads as its category
    if category is not None and not isinstance(value, str):
        value = category
    label = getattr(value, "label", None)  # a Category reads as its label
    if isinstance(label, str):
        value = label
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        return None
    text = re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", value)       # details in brackets
    if not re.search(r"\bof a kind\b", text):                   # details after a colon or a comma
        text, *rest = re.split(r"[:,;]| with | of the ", text, maxsplit=1)
        if rest and _category_words(rest[0]) not in (None, _category_words(text)):
            return None                                        # two categories: which one is meant?
    return _category_words(text)


@_bounded
def normalise_category(value: object) -> str:
    """A hand category: its name, a common one (``trips``, ``boat``, ``ace high``) or with details in brackets."""
    name = _category_name(value)
    if name is None:
        raise answer_error(N_("cannot tell which category {answer} is: write one name such as 'two pair', 'three of "
                                 "a kind' (or 'trips'), 'full house', 'high card' (or 'ace high')"),
                           answer=_shown(value))
    return name


@_bounded
def normalise_categories(value: object) -> str:
    """Categories in order, each as :func:`normalise_category` reads it."""
    if isinstance(value, str):
        items: list[object] = [p for p in (q.strip() for q in re.split(r"[,;>]|\bthen\b", value)) if p]
        if len(items) < 2:
            raise answer_error(N_("expected a list of names in order, e.g. ['flush', 'straight']"))
    elif isinstance(value, Iterable):
        items = list(itertools.islice(value, MAX_ITEMS + 1))
    else:
        raise answer_error(N_("expected a list of names in order, e.g. ['flush', 'straight']"))
    if len(items) > MAX_ITEMS:
        raise _too_many()
    return ",".join(normalise_category(v) for v in items)


# ----------------------------------------------------------------------- cards

_RANK_NAMES = {
    # English
    "ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8", "seven": "7",
    "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2", "trey": "3",
    # Russian, as named and as the object of a verb (туза, короля...)
    "туз": "A", "туза": "A", "король": "K", "короля": "K", "дама": "Q", "даму": "Q", "валет": "J",
    "валета": "J", "десятка": "T", "десятку": "T", "девятка": "9", "девятку": "9", "восьмерка": "8",
    "восьмерку": "8", "семерка": "7", "семерку": "7", "шестерка": "6", "шестерку": "6", "пятерка": "5",
    "пятерку": "5", "четверка": "4", "четверку": "4", "тройка": "3", "тройку": "3", "двойка": "2",
    "двойку": "2",
    # Estonian
    "äss": "A", "kuningas": "K", "emand": "Q", "soldat": "J", "poiss": "J", "kümme": "T", "üheksa": "9",
    "kaheksa": "8", "seitse": "7", "kuus": "6", "viis": "5", "neli": "4", "kolm": "3", "kaks": "2",
}
_SUIT_NAMES = {
    "spades": "s", "spade": "s", "hearts": "h", "heart": "h", "diamonds": "d", "diamond": "d", "clubs": "c",
    "club": "c",
    "пик": "s", "пики": "s", "червей": "h", "черв": "h", "черви": "h", "бубен": "d", "бубей": "d", "бубны": "d",
    "треф": "c", "трефей": "c", "трефы": "c",
    "poti": "s", "pott": "s", "ärtu": "h", "ärt": "h", "ruutu": "d", "ruut": "d", "risti": "c", "rist": "c",
}
_SUIT_STEMS = (("пиков", "s"), ("червов", "h"), ("червонн", "h"), ("бубнов", "d"), ("трефов", "c"))
_CARD_JOINERS = re.compile(r"[,;&+]|\band\b|\bи\b|\bja\b", re.I)


def _suit_word(word: str) -> str | None:
    if word in _SUIT_NAMES:
        return _SUIT_NAMES[word]
    return next((suit for stem, suit in _SUIT_STEMS if word.startswith(stem)), None)


def _rank_word(word: str) -> str | None:
    if word in _RANK_NAMES:
        return _RANK_NAMES[word]
    return {"10": "T"}.get(word, word.upper() if re.fullmatch(r"[2-9]", word) else None)


def _cards_in_words(text: str) -> str | None:
    """``"nine of diamonds and nine of spades"``, «туз пик», «пиковый туз», «poti äss» as ``"9d 9s"``; None if not
    written so (a word that is neither a rank nor a suit)."""
    words = [w for w in _words(_CARD_JOINERS.sub(" ", text)).replace(",", " ").split() if w not in ("of", "the")]
    if not words or not any(len(w) > 2 for w in words):
        return None
    cards = []
    for a, b in zip(words[::2], words[1::2], strict=False):
        if _rank_word(a) and _suit_word(b):
            cards.append(f"{_rank_word(a)}{_suit_word(b)}")
        elif _suit_word(a) and _rank_word(b):
            cards.append(f"{_rank_word(b)}{_suit_word(a)}")
        else:
            return None
    return " ".join(cards) if len(words) % 2 == 0 else None


# Cyrillic letters that look like a card's letters, and what they look like
_LOOKALIKES = {"К": "K", "А": "A", "Т": "T", "В": "B", "С": "C", "Е": "E", "Н": "H", "М": "M", "О": "O",
               "Р": "P", "Х": "X", "к": "k", "а": "a", "т": "t", "в": "b", "с": "c", "е": "e", "н": "h",
               "м": "m", "о": "o", "р": "p", "х": "x"}
_RUSSIAN_RANKS = {"Т": ("туз", N_("the ace"), "A"), "К": ("король", N_("the king"), "K"),
                  "Д": ("дама", N_("the queen"), "Q"), "В": ("валет", N_("the jack"), "J")}


def _cyrillic_message(text: str) -> AnswerError | None:
    """Why cards with a Cyrillic letter in them are refused (naming the letter), or None."""
    for pos, ch in enumerate(text):
        if "\u0400" <= ch <= "\u04ff":
            up = ch.upper()
            where = dict(answer=_shown(text), letter=ch, pos=pos)
            if up == "Т":
                return answer_error(N_("could not read {answer}: «{letter}» at position {pos} is the Cyrillic letter "
                                       "Т; in Russian card notation Т is the ace (туз), and it is never read as the "
                                       "ten: write cards in Latin letters, A for an ace (As), T for a ten (Ts)"),
                                    **where)
            if up in _RUSSIAN_RANKS:
                word, meaning, latin = _RUSSIAN_RANKS[up]
                return answer_error(N_("could not read {answer}: «{letter}» at position {pos} is the Cyrillic letter "
                                       "{upper} ({word}, {meaning} in Russian notation): write cards in Latin "
                                       "letters, {latin} for {meaning} (e.g. {latin}d)"),
                                    upper=up, word=word, meaning=msg(meaning), latin=latin, **where)
            if ch in _LOOKALIKES:
                return answer_error(N_("could not read {answer}: «{letter}» at position {pos} is the Cyrillic letter "
                                       "{letter}, which looks like the Latin {latin}: write cards in Latin letters "
                                       "(ranks 2-9 T J Q K A, suits c d h s), e.g. 'Kd Kc', or in words, «туз пик»"),
                                    latin=_LOOKALIKES[ch], **where)
            return answer_error(N_("could not read {answer}: «{letter}» at position {pos} is a Cyrillic letter: write "
                                   "cards in Latin letters (ranks 2-9 T J Q K A, suits c d h s), e.g. 'Kd Kc', or in "
                                   "words, «туз пик»"), **where)
    return None


@_bounded
def normalise_cards(value: object) -> str:
    """A set of cards, any order and notation, sorted: ``"Kd Kc"``, ``"9d and 9s"``, «туз пик», «poti äss»."""
    if isinstance(value, str):
        spoken = _cards_in_words(value)
        if spoken is not None:
            value = spoken
        else:
            cyrillic = _cyrillic_message(value)
            if cyrillic:
                raise cyrillic
            value = _CARD_JOINERS.sub(" ", value).strip()
    elif isinstance(value, (list, tuple)):
        for item in value:
            refused = _cyrillic_message(item) if isinstance(item, str) else None
            if refused is not None:
                raise refused
    try:
        cards = parse_cards(value)  # type: ignore[arg-type]
    except CardError as exc:
        raise answer_error(N_("could not read your cards: {error} (write cards such as 'Kd Kc' or ['Kd', "
                                 "'Kc'])"), error=str(exc)) from None
    return " ".join(str(c) for c in sorted(cards, key=int))


# ------------------------------------------------------------------ the others

@_bounded
def normalise_text(value: object) -> str:
    """A free name: lower case, ``_`` and ``-`` as spaces, single spaces."""
    label = getattr(value, "label", None)
    if isinstance(label, str):
        value = label
    if not isinstance(value, str):
        raise answer_error(N_("expected text such as 'two pair', got {answer}"), answer=_shown(value))
    return _words(value)


@_bounded
def normalise_texts(value: object) -> str:
    """Free names in order (a list)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise answer_error(N_("expected a list of names, e.g. ['flush', 'straight']"))
    items = list(itertools.islice(value, MAX_ITEMS + 1))
    if len(items) > MAX_ITEMS:
        raise _too_many()
    return ",".join(normalise_text(v) for v in items)


_YES = ("yes", "y", "true", "t", "1", "yep", "yeah", "да", "jah", "jaa")
_NO = ("no", "n", "false", "f", "0", "nope", "nah", "fold", "нет", "ei")
_PASS = ("pass", "пас", "passin", "passida", "passib")


@_bounded
def normalise_yesno(value: object) -> str:
    """``True``/``False``, ``"yes"``/``"no"``, ``"true"``/``"false"``, ``1``/``0``, ``"nope"``, ``"fold"`` (no),
    «да»/«нет», «jah»/«ei»."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and value in (0, 1):
        return "yes" if value else "no"
    if isinstance(value, str):
        text = value.strip().strip(".!").lower()
        if text in _YES or text in _NO:
            return "yes" if text in _YES else "no"
        if text in _PASS:
            raise answer_error(N_("could not read {answer}: «пас» is a fold in Russian but «passida» is a check in "
                                     "Estonian; write yes or no («да»/«нет», «jah»/«ei»)"), answer=_shown(value))
    raise answer_error(N_("could not read {answer}: expected True or False (or 'yes'/'no', 1/0)"),
                       answer=_shown(value))


KINDS: dict[str, Callable[[object], str]] = {
    "cards": normalise_cards,
    "int": normalise_int,
    "ints": normalise_ints,
    "low": normalise_low,
    "lows": normalise_lows,
    "fraction": normalise_fraction,
    "player": normalise_player,
    "players": normalise_players,
    "player_order": normalise_player_order,
    "category": normalise_category,
    "categories": normalise_categories,
    "text": normalise_text,
    "texts": normalise_texts,
    "yesno": normalise_yesno,
}
"""Answer kinds: each maps an answer to the normalised string that is compared (and hashed)."""
