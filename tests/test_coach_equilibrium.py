"""The coach at a solved spot: one model on the screen, EVs in the coach's units, no blocking bets.

Lesson 17's practice hand (``PracticeTable(game="plo", seed=17)``) reached a river where the advice
said "Bet 2" (+4.3 by the fold-equity model) beside an equilibrium that bet 97 for "EV +132.2" with a
hand of 3.8% equity in a pot of 97. Two defects: the solver's ``Solution.ev(hand, "b97")`` counts what the
hand wins from the pot after the bet, so the 97 chips it bet came back as profit (net, +35.2: the
caller's range folds about two thirds to a pot bet, since the bettor's range holds 74% against it); and
the verdict came from the other model. A min-bet of 2 into 97 was offered as the best play because the
minimum-defence rule let 2% of the range fold to it; now a bet under a quarter of the pot wins no folds
and the minimum is listed only when it adds at least a third of the pot.
"""

from __future__ import annotations

import pytest

from omaha_learn import HandState, coach
from omaha_learn.engine.betting.actions import Action
from omaha_learn.strategy.advice import EQUILIBRIUM_MODEL, Advice
from omaha_learn.strategy.coach import MIN_SIZE_SHARE
from omaha_learn.strategy.ev_model import NO_FOLD_SHARE, minimum_defence

TRIALS = 3_000


def _token(action: Action) -> str:
    return {"check": "x", "call": "c", "fold": "f"}.get(action.kind) or f"{action.kind[0]}{action.amount}"


def _agrees_with_equilibrium(advice: Advice) -> None:
    """The property: at a solved spot the EV table is the equilibrium's EV for this hand, action by action,
    and the verdict is the action of highest equilibrium EV (the two models never share one screen)."""
    eq = advice.equilibrium
    assert eq is not None
    assert {_token(o.action): o.ev for o in advice.options} == pytest.approx(dict(eq.evs), abs=1e-9)
    assert all(o.model == EQUILIBRIUM_MODEL for o in advice.options if o.action.kind != "fold")
    assert _token(advice.best) == max(eq.evs, key=lambda a: eq.evs[a])
    assert "follows the equilibrium" in advice.verdict


def _lesson_17_river() -> Advice:
    from omaha_learn import PracticeTable

    practice = PracticeTable(game="plo", seed=17, trials=4_000)
    for action in (Action("call"), Action("raise", 21), Action("bet", 2), Action("bet", 24)):
        practice.act(action)          # the line lesson 17's coach-follower played before the fix
    assert practice.hand.street == "river"
    return practice.advice()


def test_lesson_17_river_the_verdict_is_the_equilibriums_and_no_ev_exceeds_the_pot() -> None:
    """Th 5c Kc 7h on Qd Qh Tc 2h 9d, pot 97, heads-up out of position against the button. The hand has
    about 4% against the caller's range, so no action can be worth more than the 97 chips in the middle
    (a bluff wins at most the pot); the equilibrium's EVs are net of the bet. The bettor's range (a UTG
    re-raise, bet on flop and turn) holds far more than the caller's, so at equilibrium this hand bluffs:
    the verdict is a bet of half the pot or more, never the blocking bet of 2, and says which model it
    follows."""
    advice = _lesson_17_river()
    assert advice.pot == 97 and advice.equity < 0.08
    _agrees_with_equilibrium(advice)
    eq = advice.equilibrium
    assert eq is not None and eq.accuracy <= 0.005 + 1e-9
    assert set(eq.evs) == {"x", "b48", "b97"}
    assert all(ev <= advice.pot for ev in eq.evs.values())
    assert eq.evs["b97"] < 97 / 2      # +35, not the +132 of the chips counted twice
    assert advice.best.kind == "bet" and advice.best.amount in (48, 97)
    assert advice.option("bet 2") is None


def _recorded(store: list[object]) -> object:
    """An EquilibriumSource from the real solve() that keeps the Solution it made."""
    from omaha_learn.strategy.equilibrium import solver_source
    from omaha_learn.strategy.solver import solve

    def recording(*args: object, **kw: object) -> object:
        sol = solve(*args, **kw)   # type: ignore[arg-type]
        store.append(sol)
        return sol

    return solver_source(recording, streets=(3,))


def test_the_frequencies_times_the_evs_are_the_hands_value_at_the_node() -> None:
    """The units, checked against the solver's own value of the hand: at the node, the hand's equilibrium
    value (Solution.ev, from the root net of nothing yet put in) is the frequency-weighted mean of the EVs of
    its actions, within the exploitability. Counted as Solution.ev gives them after each action (what is won
    from the pot after the bet), the mean would be too high by the expected bet: +119 instead of +35 at
    lesson 17's river."""
    store: list[object] = []
    from omaha_learn import PracticeTable

    practice = PracticeTable(game="plo", seed=17, trials=4_000)
    for action in (Action("call"), Action("raise", 21), Action("bet", 2), Action("bet", 24)):
        practice.act(action)
    advice = coach(practice.hand, 0, trials=TRIALS, seed=1, solver=_recorded(store))
    eq = advice.equilibrium
    assert eq is not None and len(store) == 1
    sol = store[0]
    value = sol.ev(advice.hole, "")          # type: ignore[attr-defined]
    mean = sum(eq.frequencies[a] * eq.evs[a] for a in eq.evs)
    tol = 2 * sol.exploitability + 1e-6      # type: ignore[attr-defined]
    assert mean == pytest.approx(value, abs=tol)
    assert 0 < value < advice.pot


def test_a_hand_that_always_loses_never_gains_by_betting() -> None:
    """On 2c 2d 2h 7s 8d the in-position range is every hand with the 2s (quads: it beats every hand the
    other seat can hold). Checking is worth 0 (it folds to a bet, or loses the showdown of chips already in);
    a bet is called or raised by a hand that cannot lose, so it is worth between -bet and 0 (no range ever
    bets here, so the caller's answer to a bet is the solver's untrained one: the EV of an action off the
    equilibrium path is only bounded, docs/coach.md). The old units (chips won back after the bet) gave 0
    for every action."""
    hand = HandState([300, 300], game="plo", holes=["Ah Kd 9c 4s", None], board="2c 2d 2h 7s 8d", button=1,
                     deal_missing=False, seed=1)
    hand.play("r6 c x x x x")          # seat 0, the big blind, acts first after the flop
    assert hand.street == "river" and hand.to_act == 0
    advice = coach(hand, ranges={1: "2s***"}, trials=TRIALS, seed=1)
    eq = advice.equilibrium
    assert eq is not None and set(eq.evs) == {"x", "b6", "b12"}
    tol = 0.005 * 12 * 4                # a few times the stated accuracy, in chips
    assert eq.evs["x"] == pytest.approx(0.0, abs=tol)
    assert -6.0 - tol <= eq.evs["b6"] < -tol and -12.0 - tol <= eq.evs["b12"] < -tol
    _agrees_with_equilibrium(advice)
    assert advice.best.kind == "check"


def test_the_second_nut_flush_spot_is_also_one_model() -> None:
    """Kh 9h 8c 8d facing a river pot bet: the same property (the EV table is the equilibrium's), and the
    verdict stays a call (the raise folds the bluffs and is called by better flushes)."""
    hand = HandState([300, 300], game="plo", holes=["Kh 9h 8c 8d", None], board="Jh 7h 3c 5h Td", button=0,
                     deal_missing=False, seed=1)
    hand.play("r6 c b12 c b36 c b108")
    advice = coach(hand, trials=TRIALS, seed=1)
    _agrees_with_equilibrium(advice)
    assert advice.best.kind == "call"
    assert advice.ev["fold"] == 0.0


def test_the_in_position_player_is_the_one_who_acts_last_even_when_the_button_folded() -> None:
    """Three-handed, the button folds preflop; the blinds see a river. The big blind acts last after the flop,
    so its range goes to the solver as the in-position one (the old test, seat == button, made both blinds
    out of position)."""
    from omaha_learn.strategy.equilibrium import solver_source

    seen: list[tuple[object, ...]] = []

    class Solution:
        exploitability = 0.1

        def strategy(self, node: str, hand: object) -> dict[str, float]:
            return {"x": 1.0}

        def ev(self, hand: object, node: str) -> float:
            return 1.0

    def fake_solve(board: object, ranges: tuple[object, ...], **kw: object) -> Solution:
        seen.append(ranges)
        return Solution()

    hand = HandState([100] * 3, game="plo", holes=[None, None, "As Ad 7c 2h"], board="Kc 9d 4h 3s 2d", button=0,
                     deal_missing=False, seed=1)
    hand.play("f c x x x x x x")      # button folds, SB completes, BB checks; both check flop and turn; SB checks
    assert hand.street == "river" and hand.to_act == 2
    coach(hand, trials=500, seed=1, solver=solver_source(fake_solve))
    oop, ip = seen[0]
    assert isinstance(ip, dict) and ("As Ad 7c 2h" in {" ".join(map(str, h)) for h in ip}
                                     or any(set(map(str, h)) == {"As", "Ad", "7c", "2h"} for h in ip))


def test_a_blocking_bet_wins_no_folds_and_is_not_listed() -> None:
    """Lesson 17's flop: Th 5c Kc 7h on Qd Qh Tc, pot 45, first to act. The coach used to say "bet 2 (min)"
    (+8.0 against check +7.8) because the minimum-defence rule let 1% of the caller's range fold to a price
    of 2/47. Live players and solvers call a blocking bet with everything: under NO_FOLD_SHARE of the pot it
    gets no folds, and a coach lists only sizes of a third of the pot or more (ev_of() still weighs it)."""
    from omaha_learn import PracticeTable

    practice = PracticeTable(game="plo", seed=17, trials=4_000)
    for action in (Action("call"), Action("raise", 21)):
        practice.act(action)
    advice = practice.advice()
    assert advice.street == "flop" and advice.pot == 45 and advice.to_call == 0
    assert not any(o.label.endswith("(min)") for o in advice.options)
    assert all(o.action.kind == "check" or (o.action.amount or 0) >= MIN_SIZE_SHARE * 45 for o in advice.options)
    tiny = advice.weigh("bet 2")
    assert tiny.numbers is not None and tiny.numbers.fold_share == 0.0
    assert all(share == 1.0 for share in tiny.numbers.continue_share.values())
    assert 2 < NO_FOLD_SHARE * 45 and minimum_defence(2, 45, 1) < 1.0     # the old rule would have folded some
    half = advice.option("bet 22")
    assert half is not None and half.fold_share > 0


def test_an_equilibrium_the_table_cannot_follow_is_named_as_not_followed() -> None:
    """A source whose tree has an action that is not legal here (a bet of 5000 with 300 behind): the EV table
    and the verdict stay the fold-equity model's, and a note says so; the numbers never mix the two."""
    from omaha_learn.strategy.equilibrium import Equilibrium

    def source(view: object, mine: object, theirs: object) -> Equilibrium:
        return Equilibrium({"x": 0.5, "b5000": 0.5}, {"x": 1.0, "b5000": 2.0}, 0.004, 108, "test")

    hand = HandState([300, 300], game="plo", holes=["Kh 9h 8c 8d", None], board="Jh 7h 3c 5h Td", button=0,
                     deal_missing=False, seed=1)
    hand.play("r6 c b12 c b36 c x")     # the big blind checks the river to the button
    advice = coach(hand, trials=1_000, seed=1, solver=source)
    assert advice.equilibrium is not None
    assert all(o.model != EQUILIBRIUM_MODEL for o in advice.options)
    assert any("not the equilibrium's" in n for n in advice.notes)
    assert "follows the equilibrium" not in advice.verdict
