"""``solve()``: closed-form equilibria reproduced with real Omaha hands, exploitability falling,
the tree's notation and pot-limit sizes (R18), fixed limit (R17), and bad input named.

The toy game: on ``Ah Kd 7c 4s 2h`` the out-of-position player holds nut hands (a set of
aces) and air (nine-high, no pair, no wheel: never a 3 with a 5), the in-position player
only bluff-catchers (a pair of kings: beats the air, loses to the set). No card is shared
between the two ranges, so every pair of hands can meet. OOP may check or bet ``b`` into
``p`` (all-in), IP may only call or fold, and after a check the hands show down.
At the equilibrium OOP bets every nut hand and bluffs so that bluffs : value = b : (p + b),
and IP calls p / (p + b) of the time. How far the solution may be from it follows from
its exploitability ``e`` (chips): a best response gains at most ``2e`` over the game's value,
and each deviation gives it a gain we can write down (see each bound below).
"""

from __future__ import annotations

import pytest

from omaha_learn.engine.evaluation.hands import best_high
from omaha_learn.errors import SolverError
from omaha_learn.strategy.solver import solve

BOARD = "Ah Kd 7c 4s 2h"
NUTS = ["Ac As 9h 8h", "Ac Ad 9c 8c"]
AIR = ["9s 8s 6d 5h", "9c 8d 6h 5d", "9d 8c 6s 5s", "9h 8h 6c 5c"]
CATCHERS = ["Ks Qd Jc Tc", "Kc Qs Jd Td", "Kh Qc Js Ts"]


def test_the_toy_hands_are_what_the_toy_needs() -> None:
    nuts = [best_high(h, BOARD).strength for h in NUTS]
    air = [best_high(h, BOARD).strength for h in AIR]
    catch = [best_high(h, BOARD).strength for h in CATCHERS]
    assert min(nuts) > max(catch) and min(catch) > max(air)
    ip_cards = {c for h in CATCHERS for c in h.split()}
    assert not ip_cards & {c for h in NUTS + AIR for c in h.split()}


@pytest.mark.parametrize(("size", "b"), [("pot", 100), ("50%", 50)])
def test_polarised_range_against_a_bluff_catcher(size: str, b: int) -> None:
    p = 100
    sol = solve(BOARD, ranges=(NUTS + AIR, CATCHERS), pot=p, stack=b, bets=(size,), raises=(), ip_bets=(),
                accuracy=0.001)
    bet = f"b{b}"
    assert sol.actions("") == ["x", bet] and sol.actions(bet) == ["f", "c"]
    e = sol.exploitability
    assert e <= 0.001 * p
    w = len(NUTS) + len(AIR)
    v_share, a_share = len(NUTS) / w, len(AIR) / w
    bluffs = sum(sol.strategy("", h)[bet] for h in AIR)
    value = sum(sol.strategy("", h)[bet] for h in NUTS)
    call = sum(sol.strategy(bet, h)["c"] for h in CATCHERS) / len(CATCHERS)
    target_call = p / (p + b)
    # IP's best response gains (p or b) * |bluffs - b/(p+b) * value| / w over the value: at most 2e
    bluff_error = 2 * e / min(p, b)
    assert abs(bluffs - b / (p + b) * value) / w <= bluff_error + 1e-9
    assert bluffs / value == pytest.approx(b / (p + b), abs=0.02)
    # OOP's best response gains v_share * b * (c - c*) or (a_share (p+b) - v_share b) (c* - c)
    call_error = 2 * e / min(v_share * b, a_share * (p + b) - v_share * b)
    assert abs(call - target_call) <= call_error + 1e-9
    # a nut hand checked loses c * b for nothing
    assert (len(NUTS) - value) / w * target_call * b <= 2 * e + 1e-9
    # the values: a nut hand wins p + c b; a bluff-catcher gets the air that checks, (A - beta) p / W
    assert sol.ev(NUTS[0]) == pytest.approx(p + target_call * b, abs=b * call_error + 1e-9)
    beta = len(NUTS) * b / (p + b)
    assert sol.ev(CATCHERS[0], "") == pytest.approx((len(AIR) - beta) * p / w, abs=(p + b) * bluff_error + 1e-9)


def test_weights_move_the_bluffs_with_the_value() -> None:
    """Half-weighted nut hands: the bluffs halve too (bluffs : value stays b : (p + b))."""
    ranges = ({**{h: 0.5 for h in NUTS}, **{h: 1.0 for h in AIR}}, CATCHERS)
    sol = solve(BOARD, ranges=ranges, pot=100, stack=100, bets=("pot",), raises=(), ip_bets=(), accuracy=0.001)
    bluffs = sum(sol.strategy("", h)["b100"] for h in AIR)
    value = sum(0.5 * sol.strategy("", h)["b100"] for h in NUTS)
    assert bluffs / value == pytest.approx(0.5, abs=0.02)
    assert list(sol.weights(0)) == [0.5, 0.5, 1.0, 1.0, 1.0, 1.0]


def test_a_bluff_catcher_with_position_bets_the_air_checked_to_it() -> None:
    """When IP may bet after a check, its catchers still win the checked air; the game stays solved."""
    sol = solve(BOARD, ranges=(NUTS + AIR, CATCHERS), pot=100, stack=100, bets=("pot",), raises=(),
                accuracy=0.002)
    assert sol.actions("x") == ["x", "b100"]
    assert sol.exploitability <= 0.2


def test_exploitability_falls_with_iterations() -> None:
    sol = solve("Kh 9s 6c 4d 2h", ranges=("AA**ds,QJT9ds,8765ds", "KK**ds,JT98ds,AK**ds"), pot=100, stack=200,
                accuracy=0.0001, max_iterations=120, check_every=10)
    values = [e for _, e in sol.trace]
    assert len(values) == 12
    assert values[-1] < values[0] / 5
    assert all(b <= a * 1.5 for a, b in zip(values, values[1:], strict=False))
    assert sol.exploitability == values[-1]


def test_tree_notation_and_pot_limit_caps() -> None:
    sol = solve("Kh 9s 6c 4d 2h", ranges=(["As Ah 3c 3d"], ["Ks Kd 7c 7d"]), pot=100, stack=300, accuracy=0.5)
    assert sol.actions("") == ["x", "b50", "b100"]
    assert sol.actions("b50") == ["f", "c", "r250"]          # R18: 50 + (150) + 50
    assert sol.actions("b100") == ["f", "c", "r300"]         # 100 + 200 + 100 = 400, capped all-in
    assert sol.actions("b50 r250") == ["f", "c", "r300"]
    assert sol.actions("b50 r250 r300") == ["f", "c"]
    assert sol.actions("x b100") == ["f", "c", "r300"]
    assert sol.player("") == 0 and sol.player("x") == 1 and sol.player("b50 c") is None
    assert sol.pot_at("b50 r250") == 400

    def count(history: str) -> int:
        return 1 + sum(count(f"{history} {a}".strip()) for a in sol.actions(history))

    assert sol.tree_size == count("") == 33
    assert set(sol.strategy("b100", "Ks Kd 7c 7d")) == {"f", "c", "r300"}
    assert sum(sol.strategy("", "As Ah 3c 3d").values()) == pytest.approx(1.0)


def test_sizes_all_in_chips_and_raise_caps() -> None:
    sol = solve("Kh 9s 6c 4d 2h", ranges=(["As Ah 3c 3d"], ["Ks Kd 7c 7d"]), pot=100, stack=500,
                bets=("all-in", 30, "200%"), raises=("50%",), max_raises=1, accuracy=0.5)
    assert sol.stack == 500
    assert sol.actions("") == ["x", "b30", "b100"]     # all-in and 200% are capped by the pot limit (R18)
    assert sol.actions("b30") == ["f", "c", "r110"]            # 30 + 50% of (130 + 30)
    assert sol.actions("b30 r110") == ["f", "c"]               # one raise only


def test_fixed_limit_tree() -> None:
    sol = solve("Kh 9s 6c 4d 2h", ranges=(["As Ah 3c 3d"], ["Ks Kd 7c 7d"]), pot=40, stack=50, limit="fixed",
                bets=(20,), accuracy=0.5)
    assert sol.actions("") == ["x", "b20"]
    assert sol.actions("b20") == ["f", "c", "r40"]
    assert sol.actions("b20 r40") == ["f", "c", "r50"]          # all-in for less
    capped = solve("Kh 9s 6c 4d 2h", ranges=(["As Ah 3c 3d"], ["Ks Kd 7c 7d"]), pot=40, stack=500,
                   limit="fixed", bets=(20,), max_raises=2, accuracy=0.5)
    assert capped.actions("b20 r40 r60") == ["f", "c"]


def test_turn_spot_histories_name_the_river_card() -> None:
    sol = solve("Kh 9s 6c 4d", ranges=("AsAh[K-T][9-7]", "KsKd[Q-T][8-6]"), pot=100, stack=100, bets=("pot",), raises=(),
                accuracy=0.05)
    assert sol.actions("x x") == ["*"]
    assert sol.actions("x x 2c") == ["x", "b100"]
    hand = [h for h in sol.hands(1) if "2c" not in map(str, h)][0]
    probs = sol.strategy("x x 2c x", hand)
    assert set(probs) == {"x", "b100"}
    with pytest.raises(SolverError, match="holds the river card"):
        sol.strategy(f"x x {hand[0]} x", hand)
    with pytest.raises(SolverError, match="not a card that can come on the river"):
        sol.actions("x x Kh")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"board": "Kh 9s 6c"}, "board: 3 cards"),
    ({"board": "Kh 9s 6c 4d Kh"}, "board"),
    ({"ranges": (["Kh Ah 3c 3d"], ["Ks Kd 7c 7d"])}, r"out-of-position range, hand 0 'Kh Ah 3c 3d': holds 'Kh'"),
    ({"ranges": (["As Ah 3c 3d"], ["Ks Kd 7c 9s"])}, "in-position range, hand 0 .* holds '9s'"),
    ({"ranges": (["As Ah 3c 3d", "3c As Ah 3d"], ["Ks Kd 7c 7d"])}, "listed twice"),
    ({"ranges": ({"As Ah 3c 3d": -1}, ["Ks Kd 7c 7d"])}, "weight -1"),
    ({"ranges": ("KhKs**", "QQ**")}, "no hand is left"),
    ({"ranges": ("AA**,AKo", "QQ**")}, "out-of-position range: 'o'"),
    ({"ranges": ("AA**",)}, "ranges: give two ranges"),
    ({"bets": ("huge",)}, r"bets\[0\]: 'huge' is not a bet size"),
    ({"raises": (0.75,)}, r"raises\[0\]: 0.75 is not a bet size"),
    ({"ip_bets": ("-5%",)}, r"ip_bets\[0\]"),
    ({"limit": "no-limit"}, "limit: 'no-limit'"),
    ({"limit": "fixed", "bets": ("50%",)}, "fixed limit"),
    ({"pot": 0}, "pot"),
    ({"stack": -3}, "stack"),
    ({"game": "holdem"}, "game"),
    ({"accuracy": 0}, "accuracy"),
    ({"max_iterations": 0}, "max_iterations"),
])
def test_bad_input_names_the_bad_part(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"board": "Kh 9s 6c 4d 2h", "ranges": ("AA**", "QQ**"), "pot": 100, "stack": 100}
    args.update(kwargs)
    with pytest.raises(SolverError, match=message):
        solve(**args)  # type: ignore[arg-type]


def test_a_tree_too_large_is_refused_before_allocating() -> None:
    with pytest.raises(SolverError, match=r"tree too large: about .* GiB .* over the bound of 0.01 GiB"):
        solve("Kh 9s 6c 4d", ranges=("25%", "25%"), pot=100, stack=1000, max_memory=2 ** 30 // 100)
    with pytest.raises(SolverError, match="tree too large: over the bound of nodes"):
        solve("Kh 9s 6c 4d 2h", ranges=("AA**", "QQ**"), pot=10, stack=100_000, limit="fixed", bets=(1,))


def test_solution_queries_name_the_bad_part() -> None:
    sol = solve("Kh 9s 6c 4d 2h", ranges=(["As Ah 3c 3d"], ["Ks Kd 7c 7d"]), pot=100, stack=100, accuracy=0.5)
    with pytest.raises(SolverError, match="action 'b77' is not in the tree"):
        sol.strategy("b77", "Ks Kd 7c 7d")
    with pytest.raises(SolverError, match="not in player 1's range"):
        sol.strategy("b100", "As Ah 3c 3d")
    with pytest.raises(SolverError, match="no one acts here"):
        sol.strategy("b100 c", "As Ah 3c 3d")
    with pytest.raises(SolverError, match="player"):
        sol.hands(2)


def test_best_ev_is_the_best_response_hand_by_hand() -> None:
    """Solution.best_ev: the hand's value when it best-responds from the node on. In the toy game every pair
    of hands can meet and the weights are equal, so the mean over OOP's hands of best_ev - ev at the root is
    what OOP's best response gains over its equilibrium value: between 0 and twice the exploitability. After
    a bet, a bluff that is called loses the bet: best_ev of air after ``b100 c`` is 0 from there (it wins
    nothing and puts nothing more in), and a nut hand wins the whole pot."""
    p, b = 100, 100
    sol = solve(BOARD, ranges=(NUTS + AIR, CATCHERS), pot=p, stack=b, bets=("pot",), raises=(), ip_bets=(),
                accuracy=0.001)
    e = sol.exploitability
    gains = [sol.best_ev(h, "") - sol.ev(h, "") for h in NUTS + AIR]
    assert min(gains) >= -1e-9
    assert sum(gains) / len(gains) <= 2 * e + 1e-9
    assert sol.best_ev(AIR[0], "b100 c") == pytest.approx(0.0, abs=1e-9)
    assert sol.best_ev(NUTS[0], "b100 c") == pytest.approx(p + 2 * b, abs=1e-9)
    # the root: a nut hand's best is to bet (p + c b), never less than checking (p)
    assert sol.best_ev(NUTS[0], "") >= p - 1e-9


@pytest.mark.parametrize("game", [[None], {"plo": 1}, None, "holdem"])
def test_a_solution_made_by_hand_with_a_bad_game_is_refused_naming_it(game: object) -> None:
    """Found by the public-API fuzz (20 examples): an unhashable game was a raw TypeError from the set lookup."""
    from omaha_learn import Solution

    sol = solve("Kh 9s 6c 4d 2h", (["As Ah 3c 3d"], ["Ks Kd 7c 7d"]), accuracy=0.5)
    parts = {"engine": sol._engine, "board": sol.board, "rows": list(sol._rows), "game": game, "limit": sol.limit,
             "stack": sol.stack, "rivers": (), "exploitability": sol.exploitability, "iterations": sol.iterations,
             "trace": sol.trace, "seconds": sol.seconds}
    with pytest.raises(SolverError, match="bad game"):
        Solution(**parts)
