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
* ``yesno``: ``True``/``False``, ``"yes"``/``"no"``, ``"true"``/``"false"``, ``1``/``0``.

>>> normalise_low("7-6-4-2-A"), normalise_low(76421), normalise_int("6,961"), normalise_int("140 chips")
('7-6-4-2-A', '7-6-4-2-A', '6961', '140')
>>> normalise_category("full house (kings full of sevens)"), normalise_category("ace high")
('full house', 'high card')
>>> normalise_players("A and B"), normalise_ints("A 30, B 30, C 60"), normalise_fraction("1/3")
('A,B', '30,30,60', '1/3')
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import SupportsIndex

from omaha_learn.engine.cards import CardError, parse_cards
from omaha_learn.errors import AnswerError

__all__ = ["KINDS", "PLAYERS", "CATEGORY_NAMES", "normalise_int", "normalise_ints", "normalise_low",
           "normalise_lows", "normalise_fraction", "normalise_player", "normalise_players",
           "normalise_player_order", "normalise_category", "normalise_categories", "normalise_yesno",
           "normalise_cards", "normalise_text", "normalise_texts"]

PLAYERS = "ABCDEFGHIJ"

CATEGORY_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
                  "four of a kind", "straight flush", "royal flush")
"""The canonical category names, worst first (the engine's ``Category`` labels)."""

_CATEGORY_SYNONYMS = {
    "high card": "high card", "no pair": "high card", "nothing": "high card", "high": "high card",
    "one pair": "one pair", "pair": "one pair", "a pair": "one pair",
    "two pair": "two pair", "two pairs": "two pair",
    "three of a kind": "three of a kind", "trips": "three of a kind", "set": "three of a kind",
    "a set": "three of a kind", "three": "three of a kind", "triplets": "three of a kind",
    "straight": "straight", "a straight": "straight", "flush": "flush", "a flush": "flush",
    "full house": "full house", "a full house": "full house", "boat": "full house", "full boat": "full house",
    "a boat": "full house", "full": "full house",
    "four of a kind": "four of a kind", "quads": "four of a kind", "four": "four of a kind",
    "straight flush": "straight flush", "a straight flush": "straight flush",
    "royal flush": "royal flush", "royal": "royal flush", "a royal flush": "royal flush",
    "royal straight flush": "royal flush",
}
_RANK_WORDS = ("ace", "aces", "king", "kings", "queen", "queens", "jack", "jacks", "ten", "tens", "nine", "nines",
               "eight", "eights", "seven", "sevens", "six", "sixes", "five", "fives", "four", "fours", "three",
               "threes", "two", "twos", "deuce", "deuces", "trey", "treys", "a", "k", "q", "j", "t", "10", "9",
               "8", "7", "6", "5", "4", "3", "2")
_RANK = "(?:" + "|".join(sorted(_RANK_WORDS, key=len, reverse=True)) + ")"
_CATEGORY_PATTERNS = (
    (re.compile(rf"^{_RANK} high$"), "high card"),
    (re.compile(rf"^{_RANK} high (straight flush|straight|flush)$"), None),
    (re.compile(rf"^(a )?pair of {_RANK}$"), "one pair"),
    (re.compile(rf"^(a )?pair {_RANK}$"), "one pair"),
    (re.compile(rf"^two pairs?( {_RANK} and {_RANK})?$"), "two pair"),
    (re.compile(rf"^{_RANK} and {_RANK}$"), "two pair"),
    (re.compile(rf"^(three|trip|trips|set of) {_RANK}$"), "three of a kind"),
    (re.compile(rf"^{_RANK} full( of {_RANK})?$"), "full house"),
    (re.compile(rf"^(four|quad|quads) {_RANK}$"), "four of a kind"),
)

_SMALL_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_UNITS = ("chips", "chip", "dollars", "dollar", "hands", "hand", "combos", "combinations", "boards", "board",
          "points", "ways")
_THOUSANDS = re.compile(r"^-?\d{1,3}(?:([,\u00a0\u202f\u2009 '_])\d{3})(?:\1\d{3})*$")
_LOW_RANKS = {"a": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
_LOW_NAMES = {1: "A"}


def _plain(value: object) -> object:
    """A numpy scalar as the Python value it holds (other values unchanged)."""
    item = getattr(value, "item", None)
    if callable(item) and type(value).__module__ == "numpy":
        try:
            return item()
        except (TypeError, ValueError):
            return value
    return value


def _words(value: str) -> str:
    return " ".join(value.lower().replace("_", " ").replace("-", " ").split())


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


def _integer(value: object, what: str = "a whole number such as 140") -> int:
    value = _plain(value)
    if isinstance(value, bool):
        raise AnswerError(f"expected {what}, got {value!r}")
    if isinstance(value, SupportsIndex) and not isinstance(value, str):
        return operator.index(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if isinstance(value, str):
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
        if _THOUSANDS.fullmatch(text):
            return int(re.sub(r"\D", "", text)) * (-1 if text.startswith("-") else 1)
        spoken = _number_words(_words(text))
        if spoken is not None:
            return spoken
    raise AnswerError(f"expected {what} (digits, '6,961', '140 chips' or a short word such as 'twelve'), "
                      f"got {value!r}")


def normalise_int(value: object) -> str:
    """A whole number: ``6961``, ``"6,961"``, ``"6 961"``, ``"140 chips"``, ``"$40"``, ``"twelve"``."""
    return str(_integer(value))


def _player_letter(text: str) -> str | None:
    words = _words(text).split()
    if words and words[0] in ("player", "players", "seat"):
        words = words[1:]
    if len(words) == 1 and len(words[0]) == 1 and words[0].upper() in PLAYERS:
        return words[0].upper()
    return None


def _by_player(pairs: Iterable[tuple[str, object]]) -> list[object]:
    """Values given per player, in the order A, B, C, ...; every player from A on must be there once."""
    found: dict[str, object] = {}
    for k, v in pairs:
        letter = _player_letter(k)
        if letter is None or letter in found:
            raise AnswerError(f"{k!r} is not a player letter (or comes twice); write 'A 30, B 30, C 60' "
                              "or {'A': 30, 'B': 30, 'C': 60}")
        found[letter] = v
    letters = sorted(found)
    if letters != list(PLAYERS[: len(letters)]):
        raise AnswerError(f"give every player from A on, in order (got {', '.join(letters)}); "
                          "write e.g. [30, 30, 60] for A, B, C")
    return [found[x] for x in letters]


_LABELLED = re.compile(r"^\s*(?:(?:player\s+)?[A-Ja-j]\s*[:=]?\s*\$?\d+(?:\s*chips?)?\s*[,;]?\s*)+$", re.I)
_PAIR = re.compile(r"(?:player\s+)?([A-Ja-j])\s*[:=]?\s*\$?(\d+)", re.I)


def normalise_ints(value: object) -> str:
    """Whole numbers in order: a list, a tuple, ``"30, 30, 60"``, ``"A 30, B 30, C 60"`` or a dict by player."""
    value = _plain(value)
    items: list[object]
    if isinstance(value, Mapping):
        items = _by_player((str(k), v) for k, v in value.items())
    elif isinstance(value, str):
        if _LABELLED.fullmatch(value) and re.search(r"[A-Ja-j]", value):
            items = _by_player(_PAIR.findall(value))
        else:
            items = [p for p in re.split(r"[,;\s]+", value.strip().strip("[]()")) if p]
    elif isinstance(value, Iterable):
        items = list(value)
    else:
        items = [value]
    if not items:
        raise AnswerError("expected whole numbers in order, e.g. [30, 30, 60]")
    return ",".join(str(_integer(v, "whole numbers in order such as [30, 30, 60]")) for v in items)


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
        return [] if n == 0 else [int(d) for d in str(n)] if n > 0 else None
    if isinstance(value, str):
        text = value.strip().lower().removesuffix("low").strip().rstrip(".").strip()
        if text in ("0", "none", "no low", "no", "nothing", ""):
            return [] if text else None
        if re.fullmatch(r"[1-9a]{5}", text):
            return [_LOW_RANKS[c] for c in text]
        parts = [p for p in re.split(r"[\s,;/-]+", text) if p]
        if len(parts) == 5 and all(p in _LOW_RANKS for p in parts):
            return [_LOW_RANKS[p] for p in parts]
        return None
    if isinstance(value, Iterable):
        items = list(value)
        out = []
        for x in items:
            x = _plain(x)
            if isinstance(x, bool):
                return None
            key = str(x).strip().lower()
            if key not in _LOW_RANKS:
                return None
            out.append(_LOW_RANKS[key])
        return out
    return None


def normalise_low(value: object) -> str:
    """A low from its highest card down (``"7-6-4-2-A"``), or ``"no low"``."""
    ranks = _low_ranks(value)
    if ranks is None or (ranks and (len(ranks) != 5 or len(set(ranks)) != 5 or not all(1 <= r <= 9 for r in ranks))):
        raise AnswerError(f"expected a low such as 76421, '7-6-4-2-A' or '7 6 4 2 A' (five different ranks, "
                          f"ace low; 0 for no low), got {value!r}")
    if not ranks:
        return "no low"
    return "-".join(_LOW_NAMES.get(r, str(r)) for r in sorted(ranks, reverse=True))


def normalise_lows(value: object) -> str:
    """Lows in order, each as :func:`normalise_low` reads it."""
    value = _plain(value)
    if isinstance(value, str):
        items: list[object] = [p for p in re.split(r"\s*[,;]\s*", value.strip().strip("[]()")) if p]
        if len(items) < 2:
            raise AnswerError(f"expected lows in order separated by commas, e.g. '65432, 76432', got {value!r}")
    elif isinstance(value, Iterable):
        items = list(value)
    else:
        raise AnswerError("expected a list of lows in order, e.g. [65432, 76432]")
    if not items:
        raise AnswerError("expected a list of lows in order, e.g. [65432, 76432]")
    return ",".join(normalise_low(v) for v in items)


# ------------------------------------------------------------------- fractions

def normalise_fraction(value: object) -> str:
    """A fraction in lowest terms: ``Fraction(1, 3)``, ``"1/3"``, ``[1, 3]`` or ``(1, 3)`` read as ``"1/3"``."""
    value = _plain(value)
    form = "write it as Fraction(1, 3), '1/3' or [1, 3], in lowest terms"
    num: object
    den: object
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(-?\d+)\s*/\s*(\d+)\s*", value)
        if not m:
            raise AnswerError(f"expected a fraction, got {value!r}: {form}")
        num, den = m.group(1), m.group(2)
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        num, den = value
    elif isinstance(value, float):
        raise AnswerError(f"a decimal such as {value!r} is rounded: {form}")
    else:
        raise AnswerError(f"expected a fraction, got {value!r}: {form}")
    n, d = _integer(num, "a whole numerator"), _integer(den, "a whole denominator")
    if d <= 0:
        raise AnswerError(f"the denominator must be positive, got {d}: {form}")
    f = Fraction(n, d)
    if (f.numerator, f.denominator) != (n, d):
        raise AnswerError(f"{n}/{d} is not in lowest terms: divide both by {d // f.denominator}")
    return f"{n}/{d}"


# --------------------------------------------------------------------- players

_JOINERS = re.compile(r"\s*(?:,|;|&|\+|/|\band\b|\bthen\b|\s)\s*", re.I)


def _player_tokens(value: object, *, allow_run: bool) -> list[str]:
    """Player letters in the order written; ``allow_run`` reads ``"AB"`` as A then B."""
    form = "write player letters such as 'B', 'A and C' or ['A', 'C']"
    value = _plain(value)
    if isinstance(value, str):
        text = re.sub(r"\bplayers?\b|\bseats?\b", " ", value, flags=re.I)
        parts = [p for p in _JOINERS.split(text.strip()) if p]
        if not parts:
            raise AnswerError(f"no player letter in {value!r}: {form}")
        out = []
        for p in parts:
            if len(p) > 1 and allow_run and all(ch.upper() in PLAYERS for ch in p) and len(parts) == 1:
                out += [ch.upper() for ch in p]
            elif len(p) == 1 and p.upper() in PLAYERS:
                out.append(p.upper())
            else:
                raise AnswerError(f"{p!r} is not a player letter: {form}")
        return out
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        out = []
        for v in value:
            v = _plain(v)
            letter = _player_letter(v) if isinstance(v, str) else None
            if letter is None:
                raise AnswerError(f"{v!r} is not a player letter: {form}")
            out.append(letter)
        return out
    raise AnswerError(f"expected a player letter such as 'A', got {value!r}: {form}")


def normalise_player(value: object) -> str:
    """One player: ``"B"``, ``"b"``, ``"Player B"``."""
    letters = _player_tokens(value, allow_run=False)
    if len(letters) != 1:
        raise AnswerError(f"this question asks for one player; write one letter such as 'B', got {value!r}")
    return letters[0]


def normalise_players(value: object) -> str:
    """A set of players in any order: ``"AC"``, ``"A and C"``, ``"A, C"``, ``["C", "A"]``."""
    letters = _player_tokens(value, allow_run=True)
    if len(set(letters)) != len(letters):
        raise AnswerError(f"a player is named twice in {value!r}; name each winner once")
    return ",".join(sorted(letters))


def normalise_player_order(value: object) -> str:
    """Players in order: ``"FA"``, ``"F, A"``, ``"F then A"``, ``["F", "A"]``."""
    return ",".join(_player_tokens(value, allow_run=True))


# ------------------------------------------------------------------ categories

def _category_name(value: object) -> str | None:
    category = getattr(value, "category", None)  # a HighHand reads as its category
    if category is not None and not isinstance(value, str):
        value = category
    label = getattr(value, "label", None)  # a Category reads as its label
    if isinstance(label, str):
        value = label
    if not isinstance(value, str):
        return None
    text = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", value)       # details in brackets
    if not re.search(r"\bof a kind\b", text):                   # details after a colon or a comma
        text, *rest = re.split(r"[:,;]| with | of the ", text, maxsplit=1)
        if rest and _category_name(rest[0]) not in (None, _category_name(text)):
            return None                                        # two categories: which one is meant?
    text = _words(text).strip(" .!")
    text = re.sub(r"^(an?|the|my) ", "", text)
    if text in _CATEGORY_SYNONYMS:
        return _CATEGORY_SYNONYMS[text]
    for pattern, name in _CATEGORY_PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return name or m.group(1)
    return None


def normalise_category(value: object) -> str:
    """A hand category: its name, a common one (``trips``, ``boat``, ``ace high``) or with details in brackets."""
    name = _category_name(value)
    if name is None:
        raise AnswerError(f"cannot tell which category {value!r} is: write one name such as 'two pair', "
                          "'three of a kind' (or 'trips'), 'full house', 'high card' (or 'ace high')")
    return name


def normalise_categories(value: object) -> str:
    """Categories in order, each as :func:`normalise_category` reads it."""
    value = _plain(value)
    if isinstance(value, str):
        items: list[object] = [p for p in re.split(r"\s*(?:[,;>]|\bthen\b)\s*", value.strip()) if p]
        if len(items) < 2:
            raise AnswerError("expected a list of names in order, e.g. ['flush', 'straight']")
    elif isinstance(value, Iterable):
        items = list(value)
    else:
        raise AnswerError("expected a list of names in order, e.g. ['flush', 'straight']")
    return ",".join(normalise_category(v) for v in items)


# ------------------------------------------------------------------ the others

def normalise_cards(value: object) -> str:
    """A set of cards, any order and notation, sorted."""
    try:
        cards = parse_cards(value)  # type: ignore[arg-type]
    except CardError as exc:
        raise AnswerError(f"could not read your cards: {exc} (write cards such as 'Kd Kc' or ['Kd', 'Kc'])") \
            from None
    return " ".join(str(c) for c in sorted(cards, key=int))


def normalise_text(value: object) -> str:
    """A free name: lower case, ``_`` and ``-`` as spaces, single spaces."""
    label = getattr(value, "label", None)
    if isinstance(label, str):
        value = label
    if not isinstance(value, str):
        raise AnswerError(f"expected text such as 'two pair', got {value!r}")
    return _words(value)


def normalise_texts(value: object) -> str:
    """Free names in order (a list)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise AnswerError("expected a list of names, e.g. ['flush', 'straight']")
    return ",".join(normalise_text(v) for v in value)


_YES = ("yes", "y", "true", "t", "1")
_NO = ("no", "n", "false", "f", "0")


def normalise_yesno(value: object) -> str:
    """``True``/``False``, ``"yes"``/``"no"``, ``"true"``/``"false"``, ``1``/``0``."""
    value = _plain(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and value in (0, 1):
        return "yes" if value else "no"
    if isinstance(value, str):
        text = value.strip().strip(".!").lower()
        if text in _YES or text in _NO:
            return "yes" if text in _YES else "no"
    raise AnswerError(f"expected True or False (or 'yes'/'no', 1/0), got {value!r}")


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
