"""The long practice-table run shared by ``test_practice_long*.py``: seeded hands against the default line-up,
the learner following the coach, every hand checked.

Every hand: chips are conserved (stacks plus rebuys), every action was legal when taken (the table
refuses an illegal one, R16-R19), no street sees more than four bets and raises, and the PHH text
replays through the rules to the same stacks (pot-limit Omaha Hi-Lo has no PHH variant; its hands
are checked the other ways). The coach-following player takes the coach's best action, except that,
like the scripted players, it does not bet or raise a street past four. Its win rate is printed and
must not be a landslide (it was +118 big blinds per 100 hands in PLO against the old line-up).

Each game has a file of its own (``test_practice_long.py`` PLO, ``test_practice_long_hilo.py`` fixed-limit
Omaha Hi-Lo, ``test_practice_long_hilo_pot.py`` pot-limit Omaha Hi-Lo) so that the whole proof's
``--dist loadfile`` can run them on different workers. ``OMAHA_LEARN_PRACTICE_HANDS`` sets the number of
hands (default 1,000); ``tests/test_practice.py`` runs a short version with every other check.
"""

from __future__ import annotations

import math
import os
import statistics
from dataclasses import dataclass, field

import pytest

from omaha_learn import PracticeTable, load_phh
from omaha_learn.strategy.players import MAX_STREET_RAISES, street_raises

HANDS = int(os.environ.get("OMAHA_LEARN_PRACTICE_HANDS", "1000"))
SEED = 2026
GAMES: dict[str, tuple[str, str | None]] = {"plo": ("plo", None), "hilo": ("hilo", None), "hilo_pot": ("hilo", "pot")}
"""Each long file's game and betting structure (``None``: the game's usual one), by the name its file gives."""


@dataclass
class Played:
    """What :func:`play` saw: the table after the hands, the coach-following player's big blinds per 100 hands,
    and every hand that broke a rule (none, when all is well)."""

    table: PracticeTable
    rate: float
    game: str = "plo"
    structure: str | None = None
    unconserved: list[tuple[int, int]] = field(default_factory=list)
    """(hand number, chips on the table beyond the stacks and rebuys) of every hand that lost or made chips."""
    over_raised: list[tuple[int, int, int]] = field(default_factory=list)
    """(hand number, street, bets and raises) of every street that saw more than four."""
    unreplayed: list[int] = field(default_factory=list)
    """Hand numbers whose PHH text did not replay to the same stacks."""
    logged: int = 0
    """Hands kept as the hand's log (pot-limit Omaha Hi-Lo has no PHH variant)."""


def play(game: str, structure: str | None, hands: int, seed: int, trials: int = 300) -> Played:
    """Play ``hands`` hands following the coach; check every hand (an illegal action fails at once; the other
    checks are collected for the tests of each file to assert)."""
    table = PracticeTable(game=game, seed=seed, trials=trials, structure=structure)
    start_total = table.stack * table.table.seats
    out = Played(table, 0.0, game, structure)
    for number in range(hands):
        if number:
            table.next_hand()
        while not table.hand.is_over:
            legal = table.hand.legal_actions()
            advice = table.advice()
            capped = street_raises(table.hand) >= MAX_STREET_RAISES    # like the scripted players: no fifth raise
            action = max((o for o in advice.options if not (capped and o.action.kind in ("bet", "raise"))),
                         key=lambda o: o.ev).action
            assert legal.why_not(action) is None, (number, action)
            table.act(action)
        hand = table.hand
        rebought = sum(chips for _, _, chips in table.rebuys)
        if sum(table.stacks) != start_total + rebought:
            out.unconserved.append((number, sum(table.stacks) - start_total - rebought))
        for street in range(4):
            raises = sum(1 for s, _, a in hand.history if s == street and a.kind in ("bet", "raise"))
            if raises > MAX_STREET_RAISES:
                out.over_raised.append((number, street, raises))
        text = table.history[-1]
        if text.startswith("#"):
            out.logged += 1
            continue
        n = hand.n                                                           # PHH seats start left of the button
        if load_phh(text).stacks != [hand.stacks[(hand.button + 1 + j) % n] for j in range(n)]:
            out.unreplayed.append(number)
    out.rate = 100 * sum(table.results) / table.blinds[1] / hands
    return out


def play_the_hands(game: str, structure: str | None) -> Played:
    """The run of each file (its module fixture): :data:`HANDS` hands of ``game`` with :data:`SEED`."""
    return play(game, structure, HANDS, seed=SEED)


# The fixture and the tests each long file imports: the file names its game as ``GAME`` (a key of GAMES), the
# fixture plays that game's hands once for the file, and the tests, collected in each file that imports them,
# read what it saw.

@pytest.fixture(scope="module")
def played(request: pytest.FixtureRequest) -> Played:
    """:data:`HANDS` hands of the importing file's ``GAME`` (an illegal action fails here, at once)."""
    return play_the_hands(*GAMES[request.module.GAME])


@pytest.mark.slow
def test_every_hand_conserved_chips_kept_four_raises_a_street_and_replayed_from_phh(played: Played) -> None:
    check_the_rules(played, phh=True)


@pytest.mark.slow
def test_every_hand_conserved_chips_kept_four_raises_a_street_and_was_kept_as_its_log(played: Played) -> None:
    check_the_rules(played, phh=False)


@pytest.mark.slow
def test_the_table_played_every_hand(played: Played) -> None:
    assert played.table.hands_played == len(played.table.results) == HANDS


@pytest.mark.slow
def test_the_coach_followers_win_rate_is_no_landslide(played: Played) -> None:
    check_the_win_rate(played, played.game, played.structure)


def check_the_rules(played: Played, phh: bool) -> None:
    """Every hand was played, conserved chips and kept to four bets and raises a street; with ``phh``, every
    hand replays from its PHH text (without, every hand is kept as its log)."""
    assert played.table.hands_played == HANDS
    assert not played.unconserved, played.unconserved[:5]
    assert not played.over_raised, played.over_raised[:5]
    assert not played.unreplayed, played.unreplayed[:5]
    assert played.logged == (0 if phh else HANDS), played.logged


LANDSLIDE_BB = 100
"""A win rate (big blinds per 100 hands) beyond this either way is a landslide..."""
LANDSLIDE_ERRORS = 2.5
"""... when it is beyond by more than this many standard errors of the measured rate."""


def check_the_win_rate(played: Played, game: str, structure: str | None) -> None:
    """The coach-following player's win rate, printed with its standard error, is no landslide either way: a rate
    beyond 100 bb/100 that the measurement tells from even (by 2.5 standard errors) fails. In pot limit one hand's
    result varies by 55-110 big blinds (deep stacks build up as the winners keep their chips), so 1,000 hands
    measure a rate to about 170-350 bb/100; in fixed limit to about 20."""
    results = played.table.results
    se = 100 * statistics.stdev(results) / played.table.blinds[1] / math.sqrt(len(results))
    print(f"\n{game} {structure or 'usual'}-limit: {HANDS} hands, the coach-following player "
          f"{played.rate:+.1f} ± {se:.1f} big blinds per 100 hands")
    assert abs(played.rate) - LANDSLIDE_ERRORS * se < LANDSLIDE_BB, (played.rate, se)


# measured 2026-12-02 (300 deals per advice): PLO +1371 +- 350 bb/100 over 400 hands (seeds 2026-2027) before the
# opponents judged bets against the bettor's range (issue 28); after, -87 +- 184 over this file's 1,000 hands (seed
# 2026) and -33 +- 129 over 1,600 (seeds 2026-2029), so the PLO bound is a real assertion too.
# measured 2026-12-02 (300 deals per advice, seed 2026): fixed-limit Hi-Lo +32 +- 39 bb/100 over 250 hands;
# pot-limit Hi-Lo +262 +- 628 over 300 hands: neither tells from even, so both bounds are real assertions; after
# issue 28's opponents, fixed-limit Hi-Lo +31 +- 35 over 250 hands, pot-limit Hi-Lo -103 +- 323 over 200
