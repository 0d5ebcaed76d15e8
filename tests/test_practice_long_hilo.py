"""1,000 seeded practice hands of fixed-limit Omaha Hi-Lo against the default line-up, the learner following the
coach (the checks: ``tests/practice_hands.py``; PLO and pot-limit Hi-Lo are in ``test_practice_long.py`` and
``test_practice_long_hilo_pot.py``). Slow: part of the full run.
"""

from __future__ import annotations

import pytest
from practice_hands import check_a_thousand_hands  # tests/ is on sys.path (pytest rootdir-relative)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "structure"), [("hilo", None)])
def test_a_thousand_practice_hands(game: str, structure: str | None) -> None:
    check_a_thousand_hands(game, structure)
