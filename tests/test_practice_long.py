"""1,000 seeded practice hands of Pot-Limit Omaha against the default line-up, the learner following the coach.

One module fixture plays the hands (``tests/practice_hands.py``: an illegal action fails it at once); the
tests read what it saw, so the rules are checked apart from the win-rate bound. Omaha Hi-Lo fixed and pot limit have files of their own (``test_practice_long_hilo.py``, ``test_practice_long_hilo_pot.py``) so that
the whole proof runs the three games on different workers. Slow: part of the full run.
"""

from __future__ import annotations

import pytest
from practice_hands import (  # tests/ is on sys.path (pytest rootdir-relative)
    HANDS,
    Played,
    check_the_rules,
    check_the_win_rate,
    play_the_hands,
)

GAME, STRUCTURE = "plo", None


@pytest.fixture(scope="module")
def played() -> Played:
    return play_the_hands(GAME, STRUCTURE)


@pytest.mark.slow
def test_every_hand_conserved_chips_kept_four_raises_a_street_and_replayed_from_phh(played: Played) -> None:
    check_the_rules(played, phh=True)


@pytest.mark.slow
def test_the_table_played_every_hand(played: Played) -> None:
    assert played.table.hands_played == len(played.table.results) == HANDS


@pytest.mark.slow
def test_the_coach_followers_win_rate_is_no_landslide(played: Played) -> None:
    check_the_win_rate(played, GAME, STRUCTURE)
