"""1,000 seeded practice hands of pot-limit Omaha Hi-Lo against the default line-up, the learner following the
coach (the checks: ``tests/practice_hands.py``; it has no PHH variant, so its hands are checked the other ways).
Slow: part of the full run.
"""

from __future__ import annotations

import pytest
from practice_hands import UNMEASURED, check_a_thousand_hands  # tests/ is on sys.path (pytest rootdir-relative)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "structure"), [pytest.param("hilo", "pot", marks=UNMEASURED)])
def test_a_thousand_practice_hands(game: str, structure: str | None) -> None:
    check_a_thousand_hands(game, structure)
