"""Hand ranges in the generic syntax of ProPokerTools (Odds Oracle).

A range is a set of concrete four-card hands, each with a weight (1 unless
``@`` says otherwise). :func:`parse_range` reads it. Every form below is
checked against a brute force over all 270,725 hands in ``tests/``; the
reference with each form's count of hands is the range-language section of
``docs/rules.md``.

==================  ==========================================================
``AA**``            two aces and any two cards: at least two aces (``AA`` alone
                    means the same: a pattern shorter than four is padded with ``*``)
``KQJT``            a king, a queen, a jack and a ten, any suits
``RROO``            two different pairs: upper-case letters other than ``AKQJT``
                    are rank variables (same letter, same rank; different
                    letters, different ranks; never a rank written out)
``AsAh**``          explicit suits; a suit alone (``s``) is any card of that suit
``AxAyxy``          suit variables ``w x y z`` (same letter, same suit; never a
                    suit written out): double-suited aces. So ``AAxx`` is *not*
                    "aces and any two" as books write it: it is aces with a
                    suited pair of cards; write ``AA**`` or ``AA``
``KK-TT``           a rank span: KK, QQ, JJ, TT (the ranks written out move
                    together, step by step: ``KQJT-9876`` is KQJT, QJT9, ... 9876)
``TT+`` ``99-``     a trailing ``+`` raises those ranks to the ace, ``-`` lowers
                    them to the deuce (TT, JJ, ... AA; 99, 88, ... 22)
``[K-T]`` ``[A,K]`` one card whose rank is in a span or list; ``[KK-TT]`` a span
                    of several cards inside brackets, so two spans fit one hand
``A[s,h]`` ``[As,Kh]``  a suit list for a card; a list of cards
``$B$B**``          rank macros, one card each: ``$R`` broadway A-T, ``$B`` big
                    A-J, ``$F`` face K-J, ``$M`` middle T-7, ``$Z`` small 6-2,
                    ``$L`` low A,2-8, ``$N`` non-low K-9, ``$W`` wheel A,2-5
``AA**ds``          suit shapes after a four-card pattern, or alone after ``:``:
                    ``ds`` (``$ds``) double-suited, ``ss`` (``$ss``) single-suited,
                    ``r`` rainbow
``$np``             the no-pair constraint: four different ranks (``[A-T][A-T]**:$np``)
``15%``             the top 15% of *our* starting-hand chart of the game, ranked
                    by heads-up equity against one random hand (``5%-15%`` a
                    slice, ``15%6h`` ranked by six-handed equity); ProPokerTools
                    uses its own rankings, so shares agree only roughly
``A,B`` ``A:B``     union, both, ``A!B`` A but not B (left to right, ``,`` binds
``A!B``             loosest; parentheses group)
``AA@100,KK@50``    weighted: ``@1``-``@100`` after each comma-separated part (all
                    of them or none); a hand is drawn in proportion to its
                    weight and, named twice, keeps the larger weight
==================  ==========================================================

Bounded (each refused with a :class:`RangeError` naming the bound): at most 4,000
characters, parentheses 16 deep, 1,000 patterns, 5,000 patterns once spans are written
out, and 1,500 passes over the hands to match the distinct patterns (see
:mod:`omaha_learn.strategy.range_syntax`).

Refused with a :class:`RangeError` naming the feature: hold'em shorthand
(``AKo``, ``$s``, ``$o``), board-texture and hi-lo words (``@SET``,
``toppair``, ``lo``, ``<``/``>``), five-card patterns, unknown macros.

Sources: ProPokerTools' "Generic Syntax Documentation" and "Weighted Ranges"
pages (propokertools.com/oracle_help/range_of_hands,
propokertools.com/oracle_help/weighted_ranges: weights 1-100 at the end of
each comma-separated part or after parentheses, all or none, relative, the
largest wins; ``@`` binds after ``:`` and ``!``); the Omaha part of it quoted
on pokerjuice.com ("ProPokerTools Syntax"); philgalfond.com/equity/syntax
(``$ds $ss $np``, ``TT+``, ``AA-TT``); the rank-macro letters as listed by
plogenius.com's hand-filter syntax, which follows ProPokerTools.

>>> r = parse_range("AA**")
>>> len(r), r.classes
(6961, 457)
>>> len(parse_range("AA**!AAA*")), len(parse_range("AA**ds")), len(parse_range("AxAyxy"))
(6768, 864, 864)
>>> len(parse_range("KQJT")), len(parse_range("RROO")), len(parse_range("AsAh**"))
(256, 2808, 1225)
>>> parse_range("AA**,KK**").combos, parse_range("AA:KK").combos
(13886, 36)
>>> len(parse_range("KK-TT")), parse_range("TT+") == parse_range("AA,KK,QQ,JJ,TT")
(27628, True)
>>> len(parse_range("KQJT-9876")), len(parse_range("$B$B$B$B:$np"))
(1280, 256)
>>> r = parse_range("AA**@100,KK**@50")
>>> r.combos, sorted(set(r.weights.tolist()))
(13886, [0.5, 1.0])
>>> parse_range("AAKK*")
Traceback (most recent call last):
...
omaha_learn.errors.RangeError: 'AAKK*' at position 0: a hand pattern has at most 4 cards, got 5
>>> parse_range("AKo**")
Traceback (most recent call last):
...
omaha_learn.errors.RangeError: 'o' at position 2: 'o' (offsuit) is hold'em shorthand; in Omaha write suit variables (AxKy: an ace and a king of different suits)
"""

from __future__ import annotations

import re

from omaha_learn.engine.cards import CardError, parse_cards
from omaha_learn.engine.equity.range_equity import RANGE_HOLE_CARDS
from omaha_learn.engine.games import Game
from omaha_learn.errors import GameError, RangeError
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.range_set import Range
from omaha_learn.strategy.range_syntax import HAND_MACROS, MAX_TEXT, RANK_MACROS, SUIT_SHAPES, read_range

__all__ = ["Range", "RangeError", "parse_range", "is_range_text", "SUIT_SHAPES", "RANK_MACROS", "HAND_MACROS"]

_SPECIAL = set("*%,!:()[]@$+-")


def parse_range(text: str | Range, game: str | Game | None = None) -> Range:
    """The concrete hands of a range written in the range language (see the module notes).

    ``game`` (``"plo"`` or ``"hilo"``) is needed only for a share of the chart (``15%``).
    ``Range.weights`` holds the weights of a weighted range (``@50`` is 0.5), else None.

    >>> r = parse_range("AA**", game="hilo")
    >>> len(r), len(r.without("As Ah"))     # only Ad Ac and two non-aces are left
    (6961, 1128)
    >>> len(parse_range("10%", game="plo")) / 270_725 > 0.099
    True
    >>> parse_range("AA**,KQ!")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.RangeError: '!' at position 7: a pattern is missing here (at the end)
    """
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise RangeError(_("range: give the range as text, e.g. 'AA**,KK**ds', got {name}").format(name=type(text).__name__))
    key = None
    if game is not None:
        try:
            g = Game.parse(game)
        except GameError as exc:
            raise RangeError(_("game: {exc}").format(exc=exc)) from None
        if g.hole_cards != RANGE_HOLE_CARDS:
            raise RangeError(_("game: a range is a set of four-card hands; {label} deals {hole_cards}").format(label=g.local_label, hole_cards=g.hole_cards))
        key = g.value
    rows, weights = read_range(text.strip(), key)
    return Range(text.strip(), rows, key, weights)


def is_range_text(hand: object) -> bool:
    """Whether ``hand`` is a :class:`Range` or text that is a range rather than a list of cards.

    >>> is_range_text("AA**"), is_range_text("As Ah 2s 3h"), is_range_text(None), is_range_text("As Ah 1h 2s")
    (True, False, False, False)
    >>> is_range_text("As,Ah,2s,3h"), is_range_text("AdAcKdKc,AdAcQdQc"), is_range_text("As As 2s 3h")
    (False, True, False)
    >>> is_range_text("As Ah 2s Xx"), is_range_text("AsAh2sXx"), is_range_text("RxRyOxOy")   # spaced: a typo
    (False, True, True)
    """
    if isinstance(hand, Range):
        return True
    if not isinstance(hand, str):
        return False
    if len(hand) > MAX_TEXT:
        return True   # no hand is that long: the range reader refuses it, naming its bound
    try:
        cards = parse_cards(hand, allow_duplicates=True)
    except CardError:
        cards = None
    if cards is not None and len(set(cards)) == len(cards) in (4, 5):
        return False  # a hand, even written "As,Ah,2s,3h"
    if any(ch in _SPECIAL for ch in hand) or re.search(r"(ds|ss|r)\s*$", hand):
        return True
    if cards is not None:
        return False  # cards, repeated or too few or many: a card error, not a range
    if re.fullmatch(r"\s*\S\S(\s+\S\S)*\s*", hand):
        return False  # card-sized tokens with spaces ("As Ah 2s Xx"): a mistyped hand
    try:
        parse_range(hand)
    except RangeError:
        return False
    return True
