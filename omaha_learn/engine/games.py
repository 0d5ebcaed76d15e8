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

from enum import Enum

from omaha_learn.errors import GameError

__all__ = ["Game", "HOLE_SIZES", "STREETS", "BOARD_SIZES"]

HOLE_SIZES = (4, 5)
"""Hole cards per player: four in Omaha (R1), five in five-card Omaha."""

STREETS = ("preflop", "flop", "turn", "river")
"""The four betting rounds (R1)."""

BOARD_SIZES = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
"""Board cards showing during each betting round (R1)."""


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


_SPELLINGS: dict[Game, tuple[str, ...]] = {
    Game.PLO: ("high", "pot-limit omaha"),
    Game.HILO: ("o8", "omaha8", "omaha hi-lo"),
}
_ALIASES: dict[str, Game] = {g.value: g for g in Game} | {a: g for g, names in _SPELLINGS.items() for a in names} | {
    "omaha high": Game.PLO, "pot limit omaha": Game.PLO, "omaha/8": Game.HILO, "fo/8": Game.HILO, "o/8": Game.HILO,
    "omaha hi/lo": Game.HILO, "omaha8b": Game.HILO,
}
