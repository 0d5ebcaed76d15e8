"""One Monte Carlo path (R11 rates): every sampled equity deals through
``omaha_learn.engine.sampling`` chunk by chunk, so a seeded result is the same for any
thread count and whether the chunks run on the worker processes or here; range members
are drawn inside the chunk, in proportion to their weights; exact range equity weights
each concrete holding (card removal as always); "too large for exact" is a typed error.

References: brute force over the concrete holdings with plain ``equity`` calls, and the
seeded Fisher-Yates shuffle for the sampler.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from omaha_learn import equity, nut_low_odds
from omaha_learn import jobs as workers
from omaha_learn.engine.sampling import CHUNK, chunk_seed, deal_around, deal_cards, draw_members
from omaha_learn.errors import CardError, EquityError, ExactTooLarge, RangeError
from omaha_learn.strategy.ranges import Range, parse_range

HERO = "Qs Qh Js Th"


@dataclass(frozen=True)
class WeightedRange(Range):
    """A range with a weight per hand, as the range language gives ``AA**@50,KK**``."""

    weights: npt.NDArray[np.float64] | None = None


def weighted(text: str, weights: list[float]) -> WeightedRange:
    r = parse_range(text)
    return WeightedRange(r.text, r.rows, r.game, np.array(weights, dtype=np.float64))


# ------------------------------------------------------------------ the same numbers on any core count

def test_r11_seeded_hand_against_range_is_identical_for_one_and_two_threads() -> None:
    args = {"board": "", "game": "hilo", "trials": 5 * CHUNK, "seed": 11}
    one = equity([HERO, "AA**,KK**ds"], threads=1, **args)  # type: ignore[arg-type]
    assert workers.start(2) == "processes: 2"
    two = equity([HERO, "AA**,KK**ds"], threads=2, **args)  # type: ignore[arg-type]
    assert workers.status() == "processes: 2"       # the chunks ran on the worker processes
    assert one.counts == two.counts and one.equities == two.equities and one.stderr == two.stderr
    assert one.boards == 5 * CHUNK and not one.exact


def test_r11_seeded_range_against_range_and_random_hand_is_identical_for_any_thread_count() -> None:
    holes = [HERO, "AA**", None, "KK**"]
    ref = equity(holes, "2c 7d 9h", game="plo", trials=3 * CHUNK + 5, seed=4, threads=1)
    for threads in (2, 3):
        assert equity(holes, "2c 7d 9h", game="plo", trials=3 * CHUNK + 5, seed=4, threads=threads).counts \
            == ref.counts
    assert ref.boards == 3 * CHUNK + 5


def test_r11_range_monte_carlo_agrees_with_exact() -> None:
    exact = equity([HERO, "KK**ds"], board="Kc 7d 2h")
    mc = equity([HERO, "KK**ds"], board="Kc 7d 2h", trials=40_000, seed=3, threads=1)
    assert abs(mc[0].equity - exact[0].equity) < 4 * mc[0].stderr   # type: ignore[operator]


# ------------------------------------------------------------------ weighted ranges

def _brute(holes_per_combo: list[tuple[list[str], int]], board: str) -> Fraction:
    """Hero's equity over weighted concrete holdings: sum of weight x share over boards."""
    share = Fraction(0)
    boards = 0
    for holes, w in holes_per_combo:
        r = equity(holes, board, game="hilo")
        share += w * r[0].equity_fraction * r.boards
        boards += w * r.boards
    return share / boards


def _text(hand: tuple[object, ...]) -> str:
    return " ".join(map(str, hand))


def test_r11_exact_weighted_range_weights_each_holding() -> None:
    r = weighted("AsAd2c3c,AsKd4c5c,KsKd6c7c", [0.25, 1.0, 0.5])   # in the range's order: 1 to 4 to 2
    got = equity([HERO, r], board="8c 9d 2h")
    hands = list(r)
    want = _brute([([HERO, _text(h)], w) for h, w in zip(hands, (1, 4, 2), strict=True)], "8c 9d 2h")
    assert got[0].equity_fraction == want
    plain = equity([HERO, parse_range("AsAd2c3c,AsKd4c5c,KsKd6c7c")], board="8c 9d 2h")
    assert plain[0].equity_fraction != want          # the weights matter


def test_r11_exact_weights_with_card_removal_between_two_ranges() -> None:
    a = weighted("AsAd2c3c,AsKd4c5c", [0.5, 1.0])            # weights in the range's order: 1 to 2
    b = weighted("AhAc8d8h,KsKc6d6h,AdKh9d9c", [1.0, 0.2, 0.6])
    got = equity([HERO, a, b], board="Tc 9s 4d")
    combos = []
    for ha, wa in zip(list(a), (1, 2), strict=True):
        for hb, wb in zip(list(b), (5, 1, 3), strict=True):
            if not set(ha) & set(hb):                       # card removal: holdings that share a card never meet
                combos.append(([HERO, _text(ha), _text(hb)], wa * wb))
    assert len(combos) < 6
    assert got[0].equity_fraction == _brute(combos, "Tc 9s 4d")


def test_r11_a_zero_weight_is_refused_by_the_range_language() -> None:
    """ProPokerTools' weights run from 1 to 100: a hand nobody holds is left out, not weighted 0
    (the sampler itself never draws a zero-weight member: test_draw_members_follows_the_weights)."""
    with pytest.raises(RangeError, match="weight"):
        parse_range("AsAd2c3c@0,KsKd6c7c@100")
    with pytest.raises(RangeError, match="weight"):
        weighted("AsAd2c3c,KsKd6c7c", [0.0, 1.0])


def test_r11_monte_carlo_draws_members_in_proportion_to_weight() -> None:
    r = weighted("AsAd2c3c,AsKd4c5c,KsKd6c7c", [0.25, 1.0, 0.5])
    exact = equity([HERO, r], board="8c 9d 2h")
    mc = equity([HERO, r], board="8c 9d 2h", trials=30_000, seed=8, threads=2)
    assert abs(mc[0].equity - exact[0].equity) < 4 * mc[0].stderr   # type: ignore[operator]
    assert mc.counts == equity([HERO, r], board="8c 9d 2h", trials=30_000, seed=8, threads=1).counts


def test_draw_members_follows_the_weights() -> None:
    cum = np.cumsum([1.0, 0.0, 3.0])
    counts = np.bincount(draw_members(np.random.default_rng(0), 3, cum, 40_000), minlength=3)
    assert counts[1] == 0 and abs(counts[2] / 40_000 - 0.75) < 0.01
    assert set(draw_members(np.random.default_rng(0), 5, None, 1000).tolist()) == set(range(5))


# ------------------------------------------------------------------ the sampler

def test_deal_around_without_taken_cards_is_deal_cards() -> None:
    cards = np.arange(40)
    a = deal_cards(np.random.default_rng(chunk_seed(3, 0)), cards, 500, 9)
    b = deal_around(np.random.default_rng(chunk_seed(3, 0)), cards, None, 500, 9)
    assert (a == b).all()


def test_deal_around_never_deals_a_taken_card_and_is_uniform() -> None:
    rng = np.random.default_rng(5)
    cards = np.arange(12)
    taken = np.stack([rng.permutation(12)[:4] for _ in range(20_000)])
    dealt = deal_around(np.random.default_rng(6), cards, taken, 20_000, 8)
    rows = np.sort(np.concatenate([taken, dealt.T.astype(np.intp)], axis=1), axis=1)
    assert (rows == np.arange(12)).all()                  # every deal: its 4 taken cards and the 8 others
    first = np.bincount(dealt[0], minlength=12)           # the first card dealt: each of the 8 left alike
    expect = 20_000 * 8 / 12 / 8
    assert abs(first / expect - 1).max() < 0.06


# ------------------------------------------------------------------ errors

def test_too_large_for_exact_is_a_typed_error_with_a_suggestion() -> None:
    with pytest.raises(ExactTooLarge, match="trials=N") as info:
        equity([HERO, "AA**"])
    assert isinstance(info.value, EquityError) and info.value.suggested_trials >= 10_000


def test_cli_falls_back_to_monte_carlo_on_the_typed_error(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha_learn.cli import main

    assert main(["equity", HERO, "AA**", "--board", "2c 7d 8h", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "(too much work to enumerate exactly; Monte Carlo with 100,000 deals, seed 1)" in out
    assert "100,000 boards (Monte Carlo, seed 1)" in out


def test_nut_low_odds_bad_deals_and_seed_raise_equity_error() -> None:
    for kwargs in ({"deals": 0}, {"deals": 2.5}, {"deals": True}, {"seed": -1}, {"seed": "x"}):
        with pytest.raises(EquityError) as info:
            nut_low_odds("Ah 2c Ks Qd", **kwargs)  # type: ignore[arg-type]
        assert not isinstance(info.value, CardError)
    a = nut_low_odds("Ah 2c Ks Qd", deals=30, seed=2)
    assert a == nut_low_odds("Ah 2c Ks Qd", deals=30, seed=2) and a.boards == 30 and not a.exact


# ------------------------------------------------------------------ no import circle

PACKAGE = Path(__file__).resolve().parent.parent / "omaha_learn"
MINE = ("omaha_learn.engine.equity", "omaha_learn.engine.sampling", "omaha_learn.engine.arguments",
        "omaha_learn.engine.evaluation.nuts", "omaha_learn.jobs")


def _graph() -> dict[str, set[str]]:
    """Module -> omaha_learn modules it imports anywhere (in functions too), but the display hooks."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        out: set[str] = set()

        def visit(node: ast.AST, hook: bool, out: set[str] = out) -> None:
            for child in ast.iter_child_nodes(node):
                inner = hook or (isinstance(child, ast.FunctionDef) and child.name.startswith("_repr_"))
                if isinstance(child, ast.ImportFrom) and child.module and not inner:
                    for alias in child.names:
                        full = f"{child.module}.{alias.name}"
                        out.add(full if full in names else child.module)
                elif isinstance(child, ast.Import) and not inner:
                    out.update(a.name for a in child.names)
                visit(child, inner, out)

        visit(ast.parse(path.read_text(encoding="utf-8")), False)
        graph[name] = {m for m in out if m in names and m != name and m != "omaha_learn"}
    return graph


def test_no_import_circle_through_the_equity_modules() -> None:
    graph = _graph()
    mine = [m for m in graph if any(m == p or m.startswith(p + ".") for p in MINE)]
    assert "omaha_learn.engine.equity.range_equity" in mine and "omaha_learn.engine.equity.ranges" not in graph
    for start in mine:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            assert m != start, f"{start} imports itself back"
            if m not in seen:
                seen.add(m)
                todo.extend(graph.get(m, ()))
