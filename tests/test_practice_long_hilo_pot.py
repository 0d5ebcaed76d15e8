"""1,000 seeded practice hands of pot-limit Omaha Hi-Lo against the default line-up, the learner following the
coach.

The module fixture and the three tests are ``tests/practice_hands.py``'s, for this file's ``GAME``: the fixture
plays the hands once (an illegal action fails it at once); the tests read what it saw, so the rules are checked
apart from the win-rate bound. It has no PHH variant: each hand is kept as its log and checked the other ways.
Slow: part of the full run.
"""

from __future__ import annotations

from practice_hands import (  # noqa: F401  (collected here; tests/ is on sys.path, pytest rootdir-relative)
    played,
    test_every_hand_conserved_chips_kept_four_raises_a_street_and_was_kept_as_its_log,
    test_the_coach_followers_win_rate_is_no_landslide,
    test_the_table_played_every_hand,
)

GAME = "hilo_pot"
