"""One vocabulary for the games the library plays (R1, R11, R15-R18).

:class:`Game` is a ``str`` enum, so ``Game.HILO == "hilo"``; :meth:`Game.parse`
accepts every spelling a user may type and names the bad one otherwise.

>>> Game.parse("PLO"), Game.parse("high"), Game.parse("o8")
(<Game.PLO: 'plo'>, <Game.PLO: 'plo'>, <Game.HILO: 'hilo'>)
>>> Game.HILO.label, Game.HILO.has_low, Game.PLO.betting
('Omaha Hi-Lo 8 or better', True, 'pot')
>>> Game.parse("holdem")
Traceback (most recent call last):
...
omaha_learn.errors.GameError: game 'holdem' is not one of: plo (also high, pot-limit omaha), hilo (also o8, omaha8, omaha hi-lo)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import Enum
from typing import TYPE_CHECKING

from omaha_learn.errors import GameError

if TYPE_CHECKING:  # pragma: no cover
    from omaha_learn.engine.cards import Card, Deck

__all__ = ["Game", "HOLE_SIZES", "STREETS", "BOARD_SIZES", "BOARD_AFTER", "MAX_PLAYERS", "deal_holes", "cards_needed"]

HOLE_SIZES = (4, 5)
"""Hole cards per player: four in Omaha (R1), five in five-card Omaha."""

STREETS = ("preflop", "flop", "turn", "river")
"""The four betting rounds (R1)."""

BOARD_SIZES = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
"""Board cards showing during each betting round (R1)."""

BOARD_AFTER = tuple(BOARD_SIZES[s] for s in STREETS)
"""Board cards showing during betting round ``i`` (0 preflop ... 3 river), as a tuple: ``(0, 3, 4, 5)``."""

MAX_PLAYERS = 10
"""The most seats a hand deals to."""


def cards_needed(players: int, hole_size: int, *, board: int = 5, dead: int = 0) -> int:
    """Cards a deal takes from one deck: every player's hole cards, the board and any dead cards (R1).

    >>> cards_needed(6, 4), cards_needed(10, 5)      # 10 players x 5 hole cards + 5 board = 55 > 52
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
        raise CardError(f"the deck holds {len(deck)} cards: too few to deal {hole_size} hole cards"
                        f" to each of {len(seats)} players")
    order = [(first + k) % players for k in range(players)]
    order = [s for s in order if s in seats]
    dealt: dict[int, list[Card]] = {s: [] for s in order}
    for _ in range(hole_size):
        for s in order:
            dealt[s].extend(deck.deal(1))
    return [tuple(dealt[s]) if s in dealt else None for s in range(players)]


class Game(str, Enum):
    """Pot-Limit Omaha (high only) or Omaha Hi-Lo 8 or better."""

    PLO = "plo"
    HILO = "hilo"

    @classmethod
    def parse(cls, value: object) -> Game:
        """The game named by ``value`` (a :class:`Game` or any accepted spelling)."""
        if isinstance(value, Game):
            return value
        if isinstance(value, str):
            game = _ALIASES.get(value.strip().lower())
            if game is not None:
                return game
        spelled = ", ".join(f"{g.value} (also {', '.join(_SPELLINGS[g])})" for g in cls)
        raise GameError(f"game {value!r} is not one of: {spelled}")

    @property
    def label(self) -> str:
        """The game's full name."""
        return "Pot-Limit Omaha (high only)" if self is Game.PLO else "Omaha Hi-Lo 8 or better"

    @property
    def has_low(self) -> bool:
        """Whether the pot is split between a high and a qualifying low (R11)."""
        return self is Game.HILO

    @property
    def betting(self) -> str:
        """The usual betting structure: ``"pot"`` limit for PLO, ``"fixed"`` limit for Hi-Lo (R15-R18)."""
        return "pot" if self is Game.PLO else "fixed"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Game:
        """``Game("high")`` and every other spelling; an unknown one is a :class:`GameError`."""
        return cls.parse(value)


_SPELLINGS: dict[Game, tuple[str, ...]] = {
    Game.PLO: ("high", "pot-limit omaha"),
    Game.HILO: ("o8", "omaha8", "omaha hi-lo"),
}
_ALIASES: dict[str, Game] = {g.value: g for g in Game} | {a: g for g, names in _SPELLINGS.items() for a in names} | {
    "omaha high": Game.PLO, "pot limit omaha": Game.PLO, "omaha/8": Game.HILO, "fo/8": Game.HILO, "o/8": Game.HILO,
    "omaha hi/lo": Game.HILO, "omaha8b": Game.HILO,
}
