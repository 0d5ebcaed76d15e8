"""1,000 seeded practice hands of Pot-Limit Omaha against the default line-up, the learner following the coach.

The checks of every hand and the win-rate bound are in ``tests/practice_hands.py``; Omaha Hi-Lo fixed and pot
limit have files of their own (``test_practice_long_hilo.py``, ``test_practice_long_hilo_pot.py``) so that the
whole proof runs the three games on different workers. Slow: part of the full run.
"""

from __future__ import annotations

import pytest
from practice_hands import LANDSLIDE, check_a_thousand_hands  # tests/ is on sys.path (pytest rootdir-relative)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "structure"), [pytest.param("plo", None, marks=LANDSLIDE)])
def test_a_thousand_practice_hands(game: str, structure: str | None) -> None:
    check_a_thousand_hands(game, structure)
