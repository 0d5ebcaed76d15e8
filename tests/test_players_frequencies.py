"""The practice opponents' betting frequencies, measured over seeded hands (issue 28: "the opponents teach
nothing": every bet at the minimum, none a bluff, everything folded to a large bet).

Six :class:`~omaha_learn.strategy.players.TendencyPlayer` presets (``tag`` and ``lag`` twice, ``rock``,
``calling``) play 500 seeded hands of Pot-Limit Omaha at 100 big blinds; ``tests/player_frequencies.py``
records every post-flop decision. Each measured frequency must lie in the band stated here, which follows the
preset's stated tendency and sane live-game values (docs/coach.md reports the measured numbers):

* **c-bet** (a flop bet by the preflop raiser at its first flop decision, no bet in front): about the preset's
  ``cbet`` (tag 0.65, lag 0.8, rock 0.4, calling 0.3): 50-70% is the usual heads-up value of a good player;
* **fold to a pot bet** (facing a bet of at least three quarters of the pot, R18's pot limit): in the order
  of ``fold_to_pressure`` (calling 0.1 < lag 0.3 < tag 0.5 < rock 0.8); a pot bet heads-up needs one fold in
  three to profit as a bluff and the minimum defence is a half, so a balanced player folds about half;
* **bluffs**: a bet or raise with less than the fair share of the pot against random hands (the passive presets,
  ``bluff`` 0.05, on the turn and river, after the flop's c-bets); on the river a
  polarised bet of ``b`` into ``p`` holds ``b / (p + 2b)`` bluffs at equilibrium (0.3 for a three-quarter-pot
  bet, a third for a pot bet), and the aggressive presets stay near it;
* **sizes**: bets as pot fractions, half pot to pot (the presets' ``bet_sizes``), the minimum almost never,
  and no street past four bets and raises (no min-raise wars, R17's cap).
"""

from __future__ import annotations

import pytest
from player_frequencies import Counts, measure  # tests/ is on sys.path

from omaha_learn.strategy.players import MAX_STREET_RAISES, SolverPlayer, tendency_player

HANDS = 500
SEED = 2026


def _pooled(counts: dict[str, Counts]) -> dict[str, Counts]:
    out: dict[str, Counts] = {}
    for name, c in counts.items():
        p = out.setdefault(name.rstrip("2"), Counts())
        for f in ("cbet_chances", "cbets", "bets", "bluffs", "river_bets", "river_bluffs", "later_bets",
                  "later_bluffs", "faced_pot",
                  "folded_pot", "min_sized"):
            setattr(p, f, getattr(p, f) + getattr(c, f))
        p.sizes += c.sizes
    return out


@pytest.fixture(scope="module")
def measured() -> tuple[dict[str, Counts], int]:
    players = {k: tendency_player(k, seed=i) for i, k in enumerate(["tag", "lag", "rock", "calling"])}
    players.update({"tag2": tendency_player("tag", seed=11), "lag2": tendency_player("lag", seed=12)})
    counts, worst = measure(players, HANDS, seed=SEED, game="plo")   # type: ignore[arg-type]
    pooled = _pooled(counts)
    for name, c in pooled.items():
        print(f"{name:8s} {c.row()}")
    return pooled, worst


CBET = {"tag": (0.45, 0.80), "lag": (0.60, 0.92), "rock": (0.15, 0.50), "calling": (0.10, 0.42)}
FOLD_TO_POT = {"calling": (0.25, 0.60), "lag": (0.40, 0.68), "tag": (0.50, 0.80), "rock": (0.60, 0.95)}


def test_c_bets_follow_the_presets(measured: tuple[dict[str, Counts], int]) -> None:
    counts, _ = measured
    for name, (lo, hi) in CBET.items():
        assert counts[name].cbet_chances >= 20, (name, counts[name].cbet_chances)
        assert lo <= counts[name].cbet <= hi, (name, counts[name].row())
    assert counts["lag"].cbet > counts["tag"].cbet > counts["rock"].cbet


def test_folds_to_a_pot_bet_follow_fold_to_pressure(measured: tuple[dict[str, Counts], int]) -> None:
    counts, _ = measured
    for name, (lo, hi) in FOLD_TO_POT.items():
        assert counts[name].faced_pot >= 30, (name, counts[name].faced_pot)
        assert lo <= counts[name].fold_to_pot <= hi, (name, counts[name].row())
    fold = {n: c.fold_to_pot for n, c in counts.items()}
    assert fold["calling"] < min(fold["lag"], fold["tag"]) <= max(fold["lag"], fold["tag"]) < fold["rock"], fold


def test_the_aggressive_presets_bluff_near_the_equilibrium_share(measured: tuple[dict[str, Counts], int]) -> None:
    counts, _ = measured
    for name in ("tag", "lag"):
        assert 0.20 <= counts[name].bluff_share <= 0.50, (name, counts[name].row())
        assert counts[name].river_bets >= 30, (name, counts[name].river_bets)
        assert 0.15 <= counts[name].river_bluff_share <= 0.45, (name, counts[name].row())
    for name in ("rock", "calling"):     # bluff 0.05: after the flop's c-bets they bluff rarely
        assert counts[name].later_bets >= 15, (name, counts[name].later_bets)
        assert counts[name].later_bluff_share <= 0.35, (name, counts[name].row())
    # a loose caller checks so many weak hands that its rare bluffs are a fair share of its few bets; a rock's not
    assert counts["rock"].later_bluff_share < min(counts["tag"].later_bluff_share, counts["lag"].later_bluff_share)


def test_bets_are_sized_and_no_street_is_a_raising_war(measured: tuple[dict[str, Counts], int]) -> None:
    counts, worst = measured
    for name, c in counts.items():
        assert 0.5 <= c.size <= 1.0, (name, c.row())
        assert c.min_sized <= 0.02 * len(c.sizes), (name, c.row())
    assert worst <= MAX_STREET_RAISES


@pytest.mark.slow
def test_the_solver_player_bets_more_than_the_minimum() -> None:
    """The coach-model player beside four presets: it c-bets, bluffs and sizes its bets (it bet the minimum in
    18 of 74 post-flop bets before it skipped the minimum size)."""
    players = {"solver": SolverPlayer(seed=5)}
    players.update({k: tendency_player(k, seed=i) for i, k in enumerate(["tag", "lag", "rock", "calling"])})
    counts, worst = measure(players, 80, seed=2027, game="plo")   # type: ignore[arg-type]
    c = counts["solver"]
    print(c.row())
    assert c.bets >= 15 and c.min_sized <= 0.05 * c.bets, c.row()
    assert 0.4 <= c.size <= 1.0 and c.bluffs > 0, c.row()
    assert worst <= MAX_STREET_RAISES
