"""Measure the practice opponents' betting frequencies over seeded hands (``tests/test_players_frequencies.py``
asserts them; ``docs/coach.md`` reports them).

Every post-flop decision of each player is recorded with the hand as it was: a **c-bet** is a flop bet by the
player who made the last preflop raise, at its first flop decision with no bet in front; a **bluff** is a
post-flop bet or raise with a hand whose share of the pot against one random hand per opponent still in is
below the fair share ``1 / players`` (measured apart from the player, with a seeded Monte Carlo of its own);
**facing a pot bet** is a post-flop decision facing a bet of at least three quarters of the pot before it;
a bet's **size** is the chips it adds above the call over the pot after the call.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from omaha_learn.engine.betting.state import Action, HandState
from omaha_learn.engine.table import Table
from omaha_learn.strategy.players import Player, hand_strength, street_raises


@dataclass
class Counts:
    """One player's counts."""

    cbet_chances: int = 0
    cbets: int = 0
    bets: int = 0
    bluffs: int = 0
    river_bets: int = 0
    river_bluffs: int = 0
    later_bets: int = 0
    later_bluffs: int = 0
    faced_pot: int = 0
    folded_pot: int = 0
    sizes: list[float] = field(default_factory=list)
    min_sized: int = 0

    @property
    def cbet(self) -> float:
        return self.cbets / self.cbet_chances if self.cbet_chances else 0.0

    @property
    def bluff_share(self) -> float:
        return self.bluffs / self.bets if self.bets else 0.0

    @property
    def river_bluff_share(self) -> float:
        return self.river_bluffs / self.river_bets if self.river_bets else 0.0

    @property
    def later_bluff_share(self) -> float:
        """Bluffs among the turn and river bets (the flop's hold the c-bets, bluffs or not)."""
        return self.later_bluffs / self.later_bets if self.later_bets else 0.0

    @property
    def fold_to_pot(self) -> float:
        return self.folded_pot / self.faced_pot if self.faced_pot else 0.0

    @property
    def size(self) -> float:
        return statistics.median(self.sizes) if self.sizes else 0.0

    def row(self) -> str:
        return (f"c-bet {100 * self.cbet:.0f}% ({self.cbet_chances}), bluffs {100 * self.bluff_share:.0f}% of "
                f"{self.bets} bets (turn and river {100 * self.later_bluff_share:.0f}% of {self.later_bets}, river "
                f"{100 * self.river_bluff_share:.0f}% of {self.river_bets}), folds "
                f"{100 * self.fold_to_pot:.0f}% of {self.faced_pot} pot bets, median size {self.size:.2f} pot, "
                f"{self.min_sized} min-sized")


class Recorder:
    """Wraps a player: records each post-flop decision into ``counts``."""

    def __init__(self, player: Player, counts: Counts, rng: random.Random) -> None:
        self.player, self.counts, self.rng = player, counts, rng
        self.max_street_raises = 0

    def decide(self, hand: HandState) -> Action:
        action = self.player.decide(hand)
        c = self.counts
        legal = hand.legal_actions()
        seat = legal.seat
        if hand.street_index == 0:
            return action
        aggressive = action.kind in ("bet", "raise")
        self.max_street_raises = max(self.max_street_raises, street_raises(hand) + aggressive)
        first = not any(st == hand.street_index and s == seat for st, s, _ in hand.history)
        if hand.street == "flop" and first and legal.to_call == 0 and _last_preflop_raiser(hand) == seat:
            c.cbet_chances += 1
            c.cbets += aggressive
        before = hand.pot - legal.to_call
        if legal.to_call > 0 and legal.to_call >= 0.75 * max(1, before - (max(hand.bets) - legal.to_call)):
            c.faced_pot += 1
            c.folded_pot += action.kind == "fold"
        if aggressive:
            hole = hand.holes[seat]
            assert hole is not None
            opponents = sum(1 for i in range(hand.n) if i != seat and not hand.folded[i])
            strength = hand_strength(tuple(hole), tuple(hand.board), hand.game, opponents, self.rng, deals=200)
            weak = strength < 1 / (1 + opponents)
            c.bets += 1
            c.bluffs += weak
            if hand.street != "flop":
                c.later_bets += 1
                c.later_bluffs += weak
            if hand.street == "river":
                c.river_bets += 1
                c.river_bluffs += weak
            top = max(hand.bets)
            pot_after_call = hand.pot + legal.to_call
            assert action.amount is not None
            c.sizes.append((action.amount - top) / max(1, pot_after_call))
            if legal.min_to is not None and legal.max_to is not None and legal.min_to < legal.max_to:
                c.min_sized += action.amount == legal.min_to
        return action


def _last_preflop_raiser(hand: HandState) -> int | None:
    last = [s for st, s, a in hand.history if st == 0 and a.kind in ("bet", "raise")]
    return last[-1] if last else None


def measure(players: dict[str, Player], hands: int, seed: int, game: str = "plo",
            structure: str | None = None) -> tuple[dict[str, Counts], int]:
    """Play ``hands`` seeded hands among ``players`` (name -> player; 100 big blinds, rebuying when broke) and
    return each one's counts and the most bets and raises any street saw."""
    counts = {name: Counts() for name in players}
    rng = random.Random(seed)
    recorders = {name: Recorder(p, counts[name], rng) for name, p in players.items()}
    table = Table(seats=len(players), game=game, blinds=(1, 2), seed=seed, structure=structure)
    for name, r in recorders.items():
        table.join(name, 200, player=r)
    for _ in range(hands):
        for name in players:
            if table.chips(name) < 100:
                table.add_chips(name, 200 - table.chips(name))
        table.play_hand()
    return counts, max(r.max_street_raises for r in recorders.values())
