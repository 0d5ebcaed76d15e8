"""The game vocabulary, defined in :mod:`omaha_learn.games`; this module keeps the engine's old import path.

>>> from omaha_learn.engine.games import Game
>>> Game.parse("o8") is Game.HILO
True
"""

from __future__ import annotations

from omaha_learn.games import (
    BOARD_AFTER,
    BOARD_SIZES,
    DECK_SIZE,
    DEFAULT_GAME,
    DEFINITIONS,
    HOLE_SIZES,
    MAX_PLAYERS,
    STREETS,
    Game,
    GameDefinition,
    cards_needed,
    deal_holes,
)

__all__ = ["Game", "GameDefinition", "DEFINITIONS", "DEFAULT_GAME", "HOLE_SIZES", "STREETS", "BOARD_SIZES",
           "BOARD_AFTER", "MAX_PLAYERS", "DECK_SIZE", "deal_holes", "cards_needed"]
