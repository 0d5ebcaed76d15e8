"""Readers that cannot be blown up: the range reader, the PHH reader, the card reader and the answer reader.

Each gets generated hostile inputs (deep nesting, long repetitions, many terms, huge weights, random
unicode) and must return or raise an ``OmahaLearnError`` (never ``RecursionError``, ``MemoryError`` or
any other exception), within a budget that is counted, not timed: the Python calls it makes (``call``
and ``c_call`` events of ``sys.setprofile``) grow at most linearly with the input, its call stack
stays under 150 frames whatever the input (no recursion that grows with it: hypothesis raises the
recursion limit, so a RecursionError alone would not show), and its peak of traced memory (``tracemalloc``) stays under a few megabytes (the range reader: under 100 MB, where one
row per hand of the 270,725 is 2 MB). A regular expression that backtracks runs inside one C call, so
the counting cannot see it: hypothesis's own per-example deadline is the guard there, set far above
what any bounded input takes. The inputs the issue reports (``"(" * 500``, ``",".join(["AA"] * 1000)``,
``"AA" + "!KK" * 20000``, ``"a" + ".a" * 20000 + " = 1"``, ``"A1" + "  A1" * 22 + "!"``,
``"a:" * 999 + "a"``) are checked by name, with the bound each refusal names.
"""

from __future__ import annotations

import functools
import sys
import tracemalloc
from collections.abc import Callable
from datetime import timedelta

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_learn.checks.answer_forms import KINDS, MAX_ITEMS
from omaha_learn.checks.answer_forms import MAX_TEXT as ANSWER_TEXT
from omaha_learn.checks.questions import canonical, normalise
from omaha_learn.engine.cards import MAX_ITEMS as CARD_ITEMS
from omaha_learn.engine.cards import MAX_TEXT as CARD_TEXT
from omaha_learn.engine.cards import parse_cards
from omaha_learn.engine.phh import MAX_TEXT as PHH_TEXT
from omaha_learn.engine.phh import load_phh
from omaha_learn.errors import AnswerError, CardError, OmahaLearnError, PHHError, RangeError
from omaha_learn.strategy import range_syntax
from omaha_learn.strategy.ranges import parse_range

MB = 1 << 20
HOSTILE = settings(max_examples=examples(40), deadline=timedelta(seconds=30), derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


MAX_STACK = 150
"""Deepest call stack a reader may reach, whatever its input (hypothesis raises the recursion limit, so a
reader recursing once per character would pass unseen without this count)."""


def run_counted(read: Callable[[], object]) -> tuple[int, int, str]:
    """(Python calls made, peak traced bytes, outcome) of ``read()``, asserting that the call stack stays
    under :data:`MAX_STACK`; an error that is not an ``OmahaLearnError`` propagates and fails the test."""
    calls = depth = deepest = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls, depth, deepest
        if event in ("call", "c_call"):
            calls += 1
            depth += 1
            deepest = max(deepest, depth)
        elif event in ("return", "c_return", "c_exception"):
            depth -= 1

    tracemalloc.start()
    sys.setprofile(count)
    try:
        try:
            read()
            outcome = "read"
        except OmahaLearnError as exc:
            outcome = f"refused: {exc}"
    finally:
        sys.setprofile(None)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert deepest <= MAX_STACK, f"the reader's call stack reached {deepest} frames ({outcome[:100]})"
    return calls, peak, outcome


def assert_bounded(read: Callable[[], object], size: int, *, calls_per_char: int, fixed_calls: int,
                   peak_mb: float) -> str:
    calls, peak, outcome = run_counted(read)
    assert calls <= calls_per_char * size + fixed_calls, (calls, size, outcome[:200])
    assert peak <= peak_mb * MB, (peak / MB, outcome[:200])
    return outcome


# ------------------------------------------------------------------ generated hostile text

PIECES = ["AA", "KK", "!KK", ",AA", ":$ds", "@50", "[A-T]", "KK-TT", "RROO", "AxAyxy", "(", ")", "$B", "**",
          "TT+", "15%", "[", "]", "-", "+", ",", ":", "!", "@", " ", "A", "x", "$np", "ds", "[KK-TT]", "@100",
          "1", "0", ".", "a", "=", "'", '"', "#", "\n", "{", "}", "p1", " cbr ", "d dh", "Кd", "Т", "і", "\u0301",
          "\U0001d400", "player ", "A1  ", "a:", "of a kind", "and ", "9d", "/", "%"]


def repeated(max_repeat: int) -> st.SearchStrategy[str]:
    """A few pieces, each repeated up to ``max_repeat`` times (long repetitions and many terms)."""
    part = st.tuples(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4), st.integers(1, max_repeat))
    return st.lists(part, min_size=1, max_size=4).map(lambda ps: "".join("".join(p) * n for p, n in ps))


def nested(max_depth: int) -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(["()", "[]", "{}"]), st.integers(0, max_depth),
                     st.sampled_from(["AA", "1", "a", "", "'x'"])).map(
        lambda t: t[0][0] * t[1] + t[2] + t[0][1] * t[1])


def huge_numbers() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from(["AA@", "AA**@", "x = ", "", "15", "0."]),
                     st.integers(1, 6000)).map(lambda t: t[0] + "9" * t[1] + ("%" if t[0] == "15" else ""))


def hostile_text(max_repeat: int = 3000, max_depth: int = 3000) -> st.SearchStrategy[str]:
    return st.one_of(repeated(max_repeat), nested(max_depth), huge_numbers(), st.text(max_size=3000),
                     st.text(alphabet=st.characters(codec="utf-8"), max_size=200))


def joined(terms: list[str], seps: list[str], max_count: int) -> st.SearchStrategy[str]:
    """One term repeated with one separator, up to ``max_count`` times: many terms."""
    return st.tuples(st.sampled_from(seps), st.sampled_from(terms), st.integers(1, max_count)).map(
        lambda t: t[0].join([t[1]] * t[2]))


def wrapped(max_depth: int, cores: list[str]) -> st.SearchStrategy[str]:
    """A core inside ``n`` parentheses: deep nesting."""
    return st.tuples(st.integers(0, max_depth), st.sampled_from(cores)).map(
        lambda t: "(" * t[0] + t[1] + ")" * t[0])


RANGE_TERMS = ["AA", "KK", "AA**", "$B$B**", "RROO", "AxAyxy", "KK-TT", "[KK-TT][QQ-22]", "15%", "ds", "AA@50",
               "(AA,KK)@100", "AsAh**", "TT+", "[A-T]x[A-T]y", "$np"]


def range_hostile() -> st.SearchStrategy[str]:
    distinct = st.lists(st.tuples(st.sampled_from("AKQJT98765432RSOPxyw*"), st.sampled_from("AKQJT98765432RSOPxyw*"),
                                  st.sampled_from(["RR", "xy", "**", "Rx", "OyOx"])),
                        min_size=1, max_size=400).map(lambda ps: ",".join(a + b + c for a, b, c in ps))
    return st.one_of(wrapped(2500, ["AA", "AA,KK", "AA!KK", "AA@50"]), joined(RANGE_TERMS, [",", ":", "!"], 2500),
                     distinct, hostile_text())


# ------------------------------------------------------------------ the range reader

@HOSTILE
@given(text=range_hostile())
def test_range_reader_returns_or_refuses_within_its_budget(text: str) -> None:
    range_syntax._read_cached.cache_clear()
    assert_bounded(lambda: parse_range(text, "plo"), len(text), calls_per_char=400, fixed_calls=200_000,
                   peak_mb=100)


@pytest.mark.parametrize(("text", "bound"), [
    ("(" * 500 + "AA" + ")" * 500, "nested more than 16 deep; the limit is 16"),
    ("AA" + "!KK" * 20000, "range text is 60,002 characters; the limit is 4,000"),
    (",".join(["AA"] * 2000), "range text is 5,999 characters; the limit is 4,000"),
    ("AA" + "!KK" * 1300, "at most 1,000 patterns, shares and shapes; the limit is 1,000"),
    (",".join(f"{a}{b}RR" for a in "AKQJT98765432" for b in "AKQJT98765432"),
     "passes over the 270,725 hands; the limit is 1,500"),
    ("AA@" + "9" * 5000, "range text is 5,003 characters"),
    ("AA@1000000000000000000", "a weight is a whole number from 1 to 100"),
])
def test_range_blow_ups_are_refused_naming_the_bound(text: str, bound: str) -> None:
    range_syntax._read_cached.cache_clear()
    outcome = assert_bounded(lambda: parse_range(text), len(text), calls_per_char=400, fixed_calls=200_000,
                             peak_mb=100)
    assert outcome.startswith("refused") and bound in outcome, outcome
    with pytest.raises(RangeError, match=bound.replace("(", r"\(")):
        parse_range(text)


def test_a_thousand_repeated_hands_are_one_set_union() -> None:
    """The issue's 2.1 GB case: the same hand named 1,000 times is matched once, and merged in place."""
    text = ",".join(["AA"] * 1000)
    range_syntax._read_cached.cache_clear()
    range_syntax._match.cache_clear()
    calls, peak, outcome = run_counted(lambda: parse_range(text))
    assert outcome == "read" and peak < 16 * MB, peak / MB
    assert parse_range(text) == parse_range("AA")
    sixteen = "(" * 16 + "AA" + ")" * 16
    assert parse_range(sixteen) == parse_range("AA")   # the bound itself is readable


def test_explicit_hands_are_matched_by_listing_them() -> None:
    """A list of 210 explicit hands (a solver's export) reads in one pass per hand, not 24 passes over all hands."""
    from itertools import combinations

    cards = ["As", "Ah", "Ks", "Kh", "Qs", "Qh", "Js", "Jh", "Ts", "Th"]
    text = ",".join("".join(c) for c in combinations(cards, 4))
    parser = range_syntax._Parser(text, None)
    value = parser.parse()
    assert int(value.mask.sum()) == 210 and parser.passes == 210


# ------------------------------------------------------------------ the PHH reader

PHH_BASE = ("variant = 'PO'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [100, 100]\n")


def phh_hostile() -> st.SearchStrategy[str]:
    dotted = st.integers(1, 30000).map(lambda n: "a" + ".a" * n + " = 1")
    arrays = st.integers(0, 30000).map(lambda n: PHH_BASE + "x = " + "[" * n + "]" * n)
    tables = st.integers(0, 30000).map(lambda n: PHH_BASE + "x = " + "{a = " * n + "1" + "}" * n)
    actions = st.integers(0, 3000).map(lambda n: PHH_BASE + "actions = [" + "'p1 cc', " * n + "]")
    lines = st.integers(0, 5000).map(lambda n: PHH_BASE + "# c\n" * n)
    return st.one_of(dotted, arrays, tables, actions, lines, hostile_text(),
                     hostile_text().map(lambda t: PHH_BASE + t), joined(["a.", "[", "{a=", "'x',"], [""], 40000))


@HOSTILE
@given(text=phh_hostile())
def test_phh_reader_returns_or_refuses_within_its_budget(text: str) -> None:
    assert_bounded(lambda: load_phh(text), len(text), calls_per_char=40, fixed_calls=100_000, peak_mb=16)


@pytest.mark.parametrize(("text", "bound"), [
    ("a" + ".a" * 20000 + " = 1", "a key nested 20,001 deep"),
    ("a" + ".a" * 5 + " = 1", "the limit is 5"),
    ("[a.b.c.d.e.f]\nx = 1", "a key nested 6 deep"),
    ("x = {a.b.c.d.e.f = 1}", "a key nested 6 deep"),
    (PHH_BASE + "x = " + "[" * 9 + "]" * 9, "nested more than 8 deep; the limit is 8"),
    (PHH_BASE + "x = " + "{a = " * 9 + "1" + "}" * 9, "nested more than 8 deep"),
    ("x = 1\n" * 2500, "PHH text has 2,501 lines; the limit is 2,000"),
    ("#" * (PHH_TEXT + 1), "PHH text is 100,001 characters; the limit is 100,000"),
    (PHH_BASE + "actions = [" + "'p1 cc', " * 1001 + "]", "actions: 1,001 actions; the limit is 1,000"),
    (PHH_BASE + "actions = ['p" + "1" * 5000 + " f']", "is not a player (p1-p2)"),
])
def test_phh_blow_ups_are_refused_naming_the_bound(text: str, bound: str) -> None:
    outcome = assert_bounded(lambda: load_phh(text), len(text), calls_per_char=40, fixed_calls=100_000,
                             peak_mb=16)
    assert outcome.startswith("refused") and bound in outcome, outcome
    with pytest.raises(PHHError):
        load_phh(text)


# ------------------------------------------------------------------ the card reader

def endless_cards() -> object:
    while True:
        yield "As"


@HOSTILE
@given(text=st.one_of(hostile_text(max_repeat=2000), joined(["As", "10", "Кd", "♠", "A", " "], ["", " ", ","], 3000)))
def test_card_reader_returns_or_refuses_within_its_budget(text: str) -> None:
    assert_bounded(lambda: parse_cards(text), len(text), calls_per_char=20, fixed_calls=5_000, peak_mb=4)
    assert_bounded(lambda: parse_cards(text, allow_duplicates=True), len(text), calls_per_char=20,
                   fixed_calls=5_000, peak_mb=4)
    words = text.split()[:5000]
    assert_bounded(lambda: parse_cards(words), len(text), calls_per_char=20, fixed_calls=5_000, peak_mb=4)


def test_card_reader_bounds_are_named() -> None:
    with pytest.raises(CardError, match=f"the text is 3,000 characters; the limit is {CARD_TEXT:,}"):
        parse_cards("As " * 1000)
    with pytest.raises(CardError, match=f"more than {CARD_ITEMS:,} items; the limit is {CARD_ITEMS:,}"):
        parse_cards(endless_cards(), allow_duplicates=True)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="is not one card"):
        parse_cards(["A" * 100_000])
    assert len(parse_cards("As " * 300, allow_duplicates=True)) == 300   # within the bound: read


# ------------------------------------------------------------------ the answer reader

ANSWER_FAMILIES = st.one_of(
    st.integers(0, 300).map(lambda n: "A1" + "  A1" * n + "!"),          # the labelled-numbers pattern
    st.integers(20, 40).map(lambda n: "A1" + "  A1" * n + "!"),
    st.integers(0, 1200).map(lambda n: "a:" * n + "a"),                  # details after details
    st.integers(950, 999).map(lambda n: "a:" * n + "a"),                 # ... just within the grader's 2,000
    st.integers(0, 600).map(lambda n: "(" * n + "flush" + ")" * (n // 2)),
    st.integers(0, 300).map(lambda n: "player " * n + "B"),
    st.integers(0, 300).map(lambda n: "A 30, " * n + "!"),
    st.integers(0, 300).map(lambda n: "0." + "3" * n + "%"),
    st.integers(0, 300).map(lambda n: "Кd " * n),
)


def answer_values() -> st.SearchStrategy[object]:
    text = st.one_of(hostile_text(max_repeat=400, max_depth=600), ANSWER_FAMILIES)
    return st.one_of(text, st.lists(text, max_size=150), st.lists(st.integers(), max_size=150),
                     st.dictionaries(text, st.integers(), max_size=150),
                     st.lists(st.lists(st.integers(), max_size=200), max_size=20),
                     st.floats(allow_nan=True, allow_infinity=True), st.integers(), st.fractions())


@HOSTILE
@given(value=answer_values())
def test_answer_reader_returns_or_refuses_within_its_budget(value: object) -> None:
    size = len(repr(value))
    for kind in KINDS:   # every hostile answer meets every kind of question
        assert_bounded(functools.partial(normalise, kind, value), size, calls_per_char=30, fixed_calls=20_000, peak_mb=4)


@HOSTILE
@given(text=st.one_of(hostile_text(max_repeat=1000, max_depth=1000), ANSWER_FAMILIES))
def test_the_graders_canonical_returns_or_refuses_within_its_budget(text: str) -> None:
    for kind in KINDS:
        assert_bounded(functools.partial(canonical, kind, text), len(text), calls_per_char=30, fixed_calls=20_000,
                       peak_mb=4)


@pytest.mark.parametrize(("kind", "value", "bound"), [
    ("category", "a:" * 999 + "a", "the answer is 1,999 characters; the limit is 500"),
    ("category", "a:" * 240 + "a", "cannot tell which category"),
    ("category", "(" * 400 + "flush", "cannot tell which category"),
    ("ints", "A1" + "  A1" * 22 + "!", "could not read"),
    ("ints", "A1" + "  A1" * 120 + "!", "could not read"),
    ("ints", "A1" + "  A1" * 200 + "!", "the answer is 803 characters; the limit is 500"),
    ("players", "A " * 300, "the answer is 600 characters; the limit is 500"),
    ("texts", ["flush"] * (MAX_ITEMS + 1), "more than 100 items; the limit is 100"),
    ("ints", range(10**9), "more than 100 items; the limit is 100"),
    ("cards", "К" * 400, "Cyrillic"),
    ("fraction", "0." + "3" * 400, "could not read"),
    ("int", "9" * (ANSWER_TEXT + 1), "the limit is 500"),
])
def test_answer_blow_ups_are_refused_naming_the_bound(kind: str, value: object, bound: str) -> None:
    outcome = assert_bounded(lambda: normalise(kind, value), min(len(repr(value)), 10_000), calls_per_char=30,
                             fixed_calls=20_000, peak_mb=4)
    assert outcome.startswith("refused") and bound in outcome, outcome
    with pytest.raises(AnswerError):
        normalise(kind, value)


def test_the_grader_reads_the_deep_category_as_unreadable_not_as_a_dead_kernel() -> None:
    """``canonical("category", "a:" * 999 + "a")`` raised RecursionError in the grader's process."""
    with pytest.raises(AnswerError, match="the limit is 500"):
        canonical("category", "a:" * 999 + "a")
    assert canonical("category", "full house: kings full of sevens") == "full house"


# ------------------------------------------------------------------ the range reader stays correct

def specs() -> st.SearchStrategy[tuple[range_syntax._Spec, ...]]:
    one = st.one_of(
        st.just(range_syntax._Spec()),
        st.builds(lambda r: range_syntax._Spec(ranks=frozenset(r)), st.sets(st.integers(0, 12), min_size=1)),
        st.builds(lambda s: range_syntax._Spec(suits=frozenset(s)), st.sets(st.integers(0, 3), min_size=1)),
        st.builds(lambda r, s: range_syntax._Spec(ranks=frozenset(r), suits=frozenset(s)),
                  st.sets(st.integers(0, 12), min_size=1, max_size=3), st.sets(st.integers(0, 3), min_size=1)),
        st.builds(lambda c: range_syntax._Spec(cards=frozenset(c)), st.sets(st.integers(0, 51), min_size=1)),
    )
    return st.lists(one, min_size=1, max_size=4).map(tuple)


@settings(max_examples=examples(60), deadline=None, derandomize=True)
@given(pattern=specs())
def test_listing_a_pattern_matches_what_trying_every_order_matches(pattern: tuple[range_syntax._Spec, ...]) -> None:
    """The fast path (listing the hands of a pattern without variables) against the reference path
    (each order of a hand's cards against the pattern), on generated patterns."""
    padded = pattern + (range_syntax._Spec(),) * (4 - len(pattern))
    listed = range_syntax._enumerated(padded)
    if listed is None:   # too many card choices to list: the reference path is the one used
        return
    assert (listed == range_syntax._match_orders(padded)).all()
