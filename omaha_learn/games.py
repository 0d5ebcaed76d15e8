"""The games the library plays, each defined in one place (R1, R2, R11, R12, R15-R18).

A game is a :class:`GameDefinition`: how many hole cards are dealt, which cards play (exactly two
from the hand and three from the board, R2), whether the pot splits with a qualifying low and
with which qualifier (R11, R12), the betting structures and the usual one (R15-R18), the PHH
variant code where the PHH standard has one, and the names a user may type. :class:`Game` is the
public handle: a ``str`` enum (``Game.HILO == "hilo"``) whose properties read its definition, so
code asks ``game.hole_cards``, ``game.has_low`` or ``game.qualifier`` instead of branching on the name.

>>> Game.parse("PLO"), Game.parse("o8"), Game.parse("5plo"), Game.parse("big-o")
(<Game.PLO: 'plo'>, <Game.HILO: 'hilo'>, <Game.PLO5: 'plo5'>, <Game.BIGO: 'bigo'>)
>>> [(g.value, g.hole_cards, g.has_low, g.qualifier, g.betting) for g in Game]
[('plo', 4, False, None, 'pot'), ('hilo', 4, True, 8, 'fixed'), ('plo5', 5, False, None, 'pot'), ('bigo', 5, True, 8, 'pot')]
>>> Game.HILO.label, Game.BIGO.title(9)
('Omaha Hi-Lo 8 or better', 'Big O: five-card Omaha Hi-Lo 9 or better')
>>> Game.HILO.with_hole_cards(5), DEFAULT_GAME
(<Game.BIGO: 'bigo'>, <Game.HILO: 'hilo'>)
>>> Game.BIGO.phh_code("pot")
Traceback (most recent call last):
...
omaha_learn.errors.GameError: Big O: five-card Omaha Hi-Lo 8 or better has no PHH variant code: the PHH standard's Omaha codes are PO (pot-limit Omaha), FO/8 (fixed-limit Omaha Hi-Lo 8); it names no five-card game
>>> Game.parse("holdem")
Traceback (most recent call last):
...
omaha_learn.errors.GameError: game 'holdem' is not one of: plo (also high, pot-limit omaha, omaha high), hilo (also o8, omaha8, omaha hi-lo), plo5 (also 5plo, pl5o, five-card plo), bigo (also big-o, big o, plo8-5)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING

from omaha_learn.errors import GameError
from omaha_learn.i18n import gettext, ngettext, pgettext
from omaha_learn.i18n import gettext as _

if TYPE_CHECKING:  # pragma: no cover
    from omaha_learn.engine.cards import Card, Deck

__all__ = ["Game", "GameDefinition", "DEFINITIONS", "DEFAULT_GAME", "HOLE_SIZES", "STREETS", "BOARD_SIZES",
           "BOARD_AFTER", "MAX_PLAYERS", "DECK_SIZE", "deal_holes", "cards_needed"]


@dataclass(frozen=True)
class GameDefinition:
    """Everything the library needs to know about one game; nothing else names a game.

    ``structures`` lists the betting structures a hand of this game may be played with (R17
    ``"fixed"``, R18 ``"pot"``), ``betting`` the one :class:`~omaha_learn.HandState` and
    :class:`~omaha_learn.Table` use when none is given. ``phh_codes`` maps a structure to the PHH
    standard's variant code for this game played that way (empty where the standard has none).
    ``source`` names the rules the definition follows.
    """

    key: str
    """The canonical spelling and :class:`Game` value: ``"plo"``, ``"hilo"``, ``"plo5"``, ``"bigo"``."""
    name: str
    """The display name, with the default qualifier for a high-low game."""
    stem: str
    """The name without the qualifier (a high-low game's title adds ``"8 or better"``, R12)."""
    short_name: str
    """The name in a hand's log line: ``"pot-limit Omaha: blinds 1/2 ..."``."""
    aliases: tuple[str, ...]
    """Other spellings a user may type (lower case); the first few are shown in error messages."""
    hole_cards: int
    """Cards dealt to each player (R1)."""
    betting: str
    """The default betting structure: ``"pot"`` (R18) or ``"fixed"`` (R17)."""
    has_low: bool = False
    """Whether the pot splits between the best high and the best qualifying low (R11)."""
    qualifier: int | None = None
    """The default low qualifier (R12): 8 in a high-low game, ``None`` (no low half) in a high game."""
    qualifiers: tuple[int | None, ...] = (None,)
    """The qualifiers the game may be played with: 8, 9 or ``None`` (any five different ranks, R12)."""
    hole_used: int = 2
    """Hole cards a hand uses: exactly two (R2)."""
    board_used: int = 3
    """Board cards a hand uses: exactly three (R2)."""
    structures: tuple[str, ...] = ("pot", "fixed")
    phh_codes: Mapping[str, str] = field(default_factory=dict)
    source: str = ""

    def title(self, qualifier: int | None = None) -> str:
        """The name with ``qualifier`` for a high-low game (``"Omaha Hi-Lo 9 or better"``); the name otherwise."""
        if not self.has_low:
            return pgettext("game", self.name)
        stem = pgettext("game", self.stem)
        if qualifier is None:
            return gettext("{game} (no qualifier)").format(game=stem)
        return gettext("{game} {qualifier} or better").format(game=stem, qualifier=qualifier)


_RULES = "RULES.md (Robert's Rules of Poker, TDA)"
_FIVE = ("common casino house rules for five-card Omaha and PokerKit's Omaha definitions (our sources are"
         " silent on five-card games); every other rule as in " + _RULES)

DEFINITIONS: Mapping[str, GameDefinition] = MappingProxyType({d.key: d for d in (
    GameDefinition(key="plo", name="Pot-Limit Omaha (high only)", stem="Pot-Limit Omaha (high only)",
                   short_name="Omaha", aliases=("high", "pot-limit omaha", "omaha high", "pot limit omaha"),
                   hole_cards=4, betting="pot", phh_codes=MappingProxyType({"pot": "PO"}), source=_RULES),
    GameDefinition(key="hilo", name="Omaha Hi-Lo 8 or better", stem="Omaha Hi-Lo", short_name="Omaha Hi-Lo 8",
                   aliases=("o8", "omaha8", "omaha hi-lo", "omaha/8", "fo/8", "o/8", "omaha hi/lo", "omaha8b"),
                   hole_cards=4, betting="fixed", has_low=True, qualifier=8, qualifiers=(8, 9, None),
                   phh_codes=MappingProxyType({"fixed": "FO/8"}), source=_RULES),
    GameDefinition(key="plo5", name="Five-card Pot-Limit Omaha (high only)",
                   stem="Five-card Pot-Limit Omaha (high only)", short_name="five-card Omaha",
                   aliases=("5plo", "pl5o", "five-card plo", "5-card plo", "plo-5", "five-card omaha", "omaha5"),
                   hole_cards=5, betting="pot", source=_FIVE),
    GameDefinition(key="bigo", name="Big O: five-card Omaha Hi-Lo 8 or better", stem="Big O: five-card Omaha Hi-Lo",
                   short_name="Big O", aliases=("big-o", "big o", "plo8-5", "five-card omaha hi-lo", "5-card o8",
                                                "o8-5"),
                   hole_cards=5, betting="pot", has_low=True, qualifier=8, qualifiers=(8, 9, None), source=_FIVE
                   + "; Big O is usually played pot-limit, so that is its default"),
)})
"""Every game, by key: the one place a game is defined."""

_LOCAL_LABELS = {
    "plo": lambda: pgettext("game name", "Pot-Limit Omaha (high only)"),
    "hilo": lambda: pgettext("game name", "Omaha Hi-Lo 8 or better"),
    "plo5": lambda: pgettext("game name", "Five-card Pot-Limit Omaha (high only)"),
    "bigo": lambda: pgettext("game name", "Big O: five-card Omaha Hi-Lo 8 or better"),
}
"""Each game's display name as a message (looked up when a message names the game)."""



def _game_names() -> None:  # pragma: no cover - never called: the game names, for the catalogue
    pgettext("game", "Pot-Limit Omaha (high only)")
    pgettext("game", "Omaha Hi-Lo 8 or better")
    pgettext("game", "Omaha Hi-Lo")
    pgettext("game", "Five-card Pot-Limit Omaha (high only)")
    pgettext("game", "Big O: five-card Omaha Hi-Lo 8 or better")
    pgettext("game", "Big O: five-card Omaha Hi-Lo")

class Game(str, Enum):
    """The public handle of a game; its properties read the game's :class:`GameDefinition`."""

    PLO = "plo"
    HILO = "hilo"
    PLO5 = "plo5"
    BIGO = "bigo"

    @classmethod
    def parse(cls, value: object) -> Game:
        """The game named by ``value`` (a :class:`Game` or any accepted spelling)."""
        if isinstance(value, Game):
            return value
        if isinstance(value, str):
            game = _ALIASES.get(value.strip().lower())
            if game is not None:
                return game
        spelled = ", ".join(_("{game} (also {aliases})").format(game=g.value, aliases=", ".join(g.definition.aliases[:3]))
                            for g in cls)
        raise GameError(_("game {value!r} is not one of: {games}").format(value=value, games=spelled))

    @property
    def definition(self) -> GameDefinition:
        return DEFINITIONS[self.value]

    @property
    def label(self) -> str:
        """The game's display name, in the language in use."""
        return pgettext("game", self.definition.name)

    @property
    def local_label(self) -> str:
        """:attr:`label` in the language in use, for messages ("Omaha Hi-Lo 8 или лучше")."""
        return _LOCAL_LABELS[self.value]()

    @property
    def short_name(self) -> str:
        return self.definition.short_name

    def title(self, qualifier: int | None = None) -> str:
        """The display name with ``qualifier`` (R12) for a high-low game."""
        return self.definition.title(qualifier)

    @property
    def hole_cards(self) -> int:
        """Hole cards dealt to each player (R1)."""
        return self.definition.hole_cards

    @property
    def has_low(self) -> bool:
        """Whether the pot is split between a high and a qualifying low (R11)."""
        return self.definition.has_low

    @property
    def qualifier(self) -> int | None:
        """The default low qualifier (R12): 8 in a high-low game, ``None`` in a high game."""
        return self.definition.qualifier

    @property
    def betting(self) -> str:
        """The default betting structure: ``"pot"`` limit (R18) or ``"fixed"`` limit (R17)."""
        return self.definition.betting

    @property
    def structures(self) -> tuple[str, ...]:
        return self.definition.structures

    def phh_code(self, structure: str) -> str:
        """The PHH variant code of this game played with ``structure``, or a :class:`GameError` naming the game."""
        code = self.definition.phh_codes.get(structure)
        if code is not None:
            return code
        codes = ", ".join(_("{code} ({structure}-limit {game})").format(code=c, structure=s, game=g.short_name)
                          for g in Game for s, c in g.definition.phh_codes.items())
        if not self.definition.phh_codes:
            raise GameError(_("{game} has no PHH variant code: the PHH standard's Omaha codes are {codes};"
                              " it names no five-card game").format(game=self.local_label, codes=codes))
        raise GameError(_("{structure}-limit {game} has no PHH variant code: the PHH standard's Omaha codes"
                          " are {codes}").format(structure=structure, game=self.local_label, codes=codes))

    def with_hole_cards(self, count: int) -> Game:
        """The game played like this one (same high/low rule) with ``count`` hole cards: PLO and five
        cards is five-card PLO, Omaha Hi-Lo and five cards is Big O."""
        if count == self.hole_cards:
            return self
        for g in Game:
            if g.hole_cards == count and g.has_low == self.has_low:
                return g
        raise GameError(_("hole cards: no game like {game} deals {count!r} hole cards (Omaha deals 4 or 5)")
                        .format(game=self.local_label, count=count))

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Game:
        """``Game("high")`` and every other spelling; an unknown one is a :class:`GameError`."""
        return cls.parse(value)


_ALIASES: dict[str, Game] = {g.value: g for g in Game} | {a: g for g in Game for a in g.definition.aliases}

DEFAULT_GAME = Game.HILO
"""The game every function plays when none is named: Omaha Hi-Lo 8 or better."""

HOLE_SIZES = tuple(sorted({d.hole_cards for d in DEFINITIONS.values()}))
"""Hole cards per player in some game: four (Omaha) or five (five-card Omaha), R1."""

STREETS = ("preflop", "flop", "turn", "river")
"""The four betting rounds (R1)."""

BOARD_SIZES = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
"""Board cards showing during each betting round (R1)."""

BOARD_AFTER = tuple(BOARD_SIZES[s] for s in STREETS)
"""Board cards showing during betting round ``i`` (0 preflop ... 3 river), as a tuple: ``(0, 3, 4, 5)``."""

MAX_PLAYERS = 10
"""The most seats a hand deals to (four-card Omaha; five-card Omaha deals to at most 9: :func:`cards_needed`)."""

DECK_SIZE = 52
"""Cards in the deck every game is dealt from."""


def cards_needed(players: int, hole_size: int, *, board: int = 5, dead: int = 0) -> int:
    """Cards a deal takes from one deck: every player's hole cards, the board and any dead cards (R1).

    >>> cards_needed(6, Game.PLO.hole_cards), cards_needed(10, Game.PLO5.hole_cards)   # 10 x 5 + 5 = 55 > 52
    (29, 55)
    """
    return players * hole_size + board + dead


def deal_holes(deck: Deck, players: int, hole_size: int, *, first: int = 0,
               to: Collection[int] | None = None) -> list[tuple[Card, ...] | None]:
    """Deal hole cards round the table, one card at a time, one per pass (R1).

    Seats are ``0..players-1``; the first card goes to seat ``first`` (the seat
    left of the button) and the passes go clockwise. Only the seats in ``to``
    are dealt (all by default); the others get ``None``. The deck must hold
    enough cards (raises :class:`~omaha_learn.errors.CardError` otherwise, before dealing).

    >>> from omaha_learn.engine.cards import Deck, format_cards
    >>> hands = deal_holes(Deck(seed=1), 3, 4, first=1)
    >>> [format_cards(h) for h in hands]        # seat 1 got the deck's first card, seat 2 the second...
    ['Jd Jh Ts As', 'Ad 7h 6s 3d', '4d 2h 4s 9d']
    >>> deal_holes(Deck(seed=1), 3, 4, to=[0, 2])[1] is None
    True
    """
    from omaha_learn.errors import CardError

    seats: Sequence[int] = range(players) if to is None else sorted(set(to))
    if len(seats) * hole_size > len(deck):
        raise CardError(ngettext("the deck holds {count} card: too few to deal {size} hole cards to each of {players} "
                                 "players", "the deck holds {count} cards: too few to deal {size} hole cards to each "
                                 "of {players} players", len(deck)).format(count=len(deck), size=hole_size,
                                                                           players=len(seats)))
    order = [(first + k) % players for k in range(players)]
    order = [s for s in order if s in seats]
    dealt: dict[int, list[Card]] = {s: [] for s in order}
    for _round in range(hole_size):
        for s in order:
            dealt[s].extend(deck.deal(1))
    return [tuple(dealt[s]) if s in dealt else None for s in range(players)]
