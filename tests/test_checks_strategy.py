"""Checkers of the strategy exercises 7 (nut low, R8-R11), 8 (starting hands and ranges, R1-R3, R8, R11),
9 (pot-limit decisions, R11, R14, R18), 11 (position, SPR and multiway pots, R2, R13, R15, R18) and 12 (why bet:
a polarised river against a bluff-catcher, R11, R18).

The generic tests in test_checks.py already run every registered question
with the key's answer and one wrong answer. Here each checker's answers are
proved against references that do not use the code under test: the nut low
from plain rank arithmetic (R8-R10), prices from the R18 pot-limit formula,
equities by enumerating boards with best_high/best_low, payouts with
showdown() instead of HandState; and each question fails on the *plausible*
wrong answers a learner would give.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import exercise_references as refs  # tests/ is on sys.path (pytest rootdir-relative)
import pytest

from omaha_learn import best_high, best_low, parse_cards, showdown
from omaha_learn.checks import STRICT_ENV, exercise
from omaha_learn.checks import nut_low as ex7
from omaha_learn.checks import position as ex11
from omaha_learn.checks import pot_limit as ex9
from omaha_learn.checks import starting_hands as ex8
from omaha_learn.checks import why_bet as ex12
from omaha_learn.engine.cards import FULL_DECK, Deck

# ------------------------------------------------------------------ references


def _low_ranks(cards: object) -> set[int]:
    return {c.low_rank for c in parse_cards(cards) if c.low_rank <= 8}  # type: ignore[arg-type]


def ref_nut_low(board: object) -> tuple[int, ...] | None:
    """R8-R10 by rank arithmetic: three different low board ranks plus the two lowest other ranks; best = smallest."""
    best: tuple[int, ...] | None = None
    for trio in combinations(sorted(_low_ranks(board)), 3):
        others = [r for r in range(1, 9) if r not in trio][:2]
        low = tuple(sorted((*trio, *others), reverse=True))
        best = low if best is None or low < best else best
    return best


def ref_low(hole: object, board: object) -> tuple[int, ...] | None:
    """A hand's best 8-or-better low from two different low hole ranks and three other low board ranks (R10)."""
    best: tuple[int, ...] | None = None
    for pair in combinations(sorted(_low_ranks(hole)), 2):
        for trio in combinations(sorted(_low_ranks(board) - set(pair)), 3):
            low = tuple(sorted((*pair, *trio), reverse=True))
            best = low if best is None or low < best else best
    return best


def _number(ranks: tuple[int, ...] | None) -> int:
    return 0 if ranks is None else int("".join(map(str, ranks)))


def test_rank_reference_examples() -> None:
    """R9's examples: A-2 on 3-5-8 is 8-5-3-2-A; R10: a counterfeited deuce leaves A-2 with no low on 2-6-7."""
    assert ref_nut_low("3c 5d 8h Kc Qs") == (8, 5, 3, 2, 1)
    assert ref_low("Ah 2d Kc Qs", "2c 6h 7d Jh Ks") is None
    assert ref_nut_low("9c Tc Jd") is None


# ------------------------------------------------------------ exercise 7 (R8-R11)


@pytest.mark.parametrize("seed", range(12))
def test_nut_low_matches_rank_arithmetic_and_every_two_card_holding(seed: int) -> None:
    """nut_low(board) is the rank reference, and no concrete pair of unseen cards makes a better low (R8-R10)."""
    board = Deck(seed=seed).deal(5)
    nuts = refs.nut_low(board)
    assert (None if nuts is None else nuts.ranks) == ref_nut_low(board)
    if seed < 3:   # the full brute force over every unseen pair is slower: a few boards
        unseen = [c for c in FULL_DECK if c not in board]
        fill = [c for c in unseen if c.rank in (12, 13)][:2]
        lows = [best_low([a, b, *fill], board) for a, b in combinations([c for c in unseen if c not in fill], 2)]
        made = [lo for lo in lows if lo is not None]
        assert (max(made) if made else None) == nuts


def test_exercise7_answers_against_references() -> None:
    holes, board = ex7.deal()
    assert ex7.EXERCISE.questions["q1"].is_correct(_number(ref_nut_low(board)))
    holders = [p for p, h in zip("ABC", holes, strict=True) if ref_low(h, board) == ref_nut_low(board)]
    assert ex7.EXERCISE.questions["q2"].is_correct(holders)
    assert ex7.EXERCISE.questions["q3"].is_correct(_number(ref_low(holes[0], board)))
    # q5, q6 (R11): half of 180 to the high, half to the low; quartered: a quarter of 180
    pot = sum(ex7.CONTRIBUTIONS)
    assert ex7.EXERCISE.questions["q5"].is_correct(pot // 2)
    assert ex7.EXERCISE.questions["q6"].is_correct(sum(ex7.QUARTERED[2]) // 4)


def test_exercise7_q7_counts_nut_low_boards_by_rank_arithmetic() -> None:
    hole, flop = ex7.DRAW
    known = parse_cards(hole) + parse_cards(flop)
    rest = [c for c in FULL_DECK if c not in known]
    count = 0
    for turn, river in combinations(rest, 2):
        board = (*parse_cards(flop), turn, river)
        mine = ref_low(hole, board)
        count += mine is not None and mine == ref_nut_low(board)
    assert refs.nut_low_boards(hole, flop) == count
    assert ex7.EXERCISE.questions["q7"].is_correct(count)


def assert_refused(name: str, qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong answer prints "not yet" with a link to the question's first rule, and raises when strict."""
    ex = exercise(name)
    ex.check(qid, wrong)
    out = capsys.readouterr().out
    rule = ex.questions[qid].rules[0]
    assert out.startswith(f"{qid}: not yet") and f"docs/rules.md#{rule.lower()}" in out
    monkeypatch.setenv(STRICT_ENV, "1")
    with pytest.raises(AssertionError, match=f"^{qid}: not yet"):
        ex.check(qid, wrong)


# plausible wrong answers: the nut low is not A's counterfeited low, a third of the pot, the whole pot...
WRONG_7 = [("q1", 76521), ("q1", 75421), ("q2", "A"), ("q2", ["A", "C"]), ("q3", 75321), ("q3", 0),
           ("q4", "7c 3h"), ("q4", "Ad 7c"), ("q5", 60), ("q5", 180), ("q6", 60), ("q6", 90), ("q7", 990)]


@pytest.mark.parametrize(("qid", "wrong"), WRONG_7)
def test_exercise7_fails_plausible_wrong_answers(qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ex = exercise("nut_low")
    assert not ex.questions[qid].is_correct(wrong)
    ex.check(qid, wrong)
    assert capsys.readouterr().out.startswith(f"{qid}: not yet")
    monkeypatch.setenv(STRICT_ENV, "1")
    with pytest.raises(AssertionError, match=f"^{qid}: not yet"):
        ex.check(qid, wrong)


# ------------------------------------------------------ exercise 9 (R11, R14, R18)


@pytest.mark.parametrize("who", [None, "ann", "bob", "J\u00fcri"])
def test_exercise9_prices_follow_the_r18_formula(who: str | None) -> None:
    """R18: the largest bet is the pot; the largest raise is current bet + pot + call; price = call / pot after
    call. On the class deal (``None``) and on learners' own deals: the chips change, the prices do not."""
    from omaha_learn.checks.deals import learner_seed

    seed = ex9.SEED if who is None else learner_seed(ex9.SEED, who)
    sizes = ex9.deal(seed)
    flop_pot = 3 * sizes.raise_to          # C raised, A and B called
    bet = flop_pot                         # A bets the pot
    right = ex9.DEAL.right_answers(seed)
    assert ex9.EXERCISE.questions["q1"].is_correct(bet, right["q1"])
    price = Fraction(bet, flop_pot + bet + bet)
    assert price == Fraction(1, 3) and ex9.EXERCISE.questions["q2"].is_correct(price, right["q2"])
    raise_to = bet + (flop_pot + bet) + bet
    assert ex9.EXERCISE.questions["q3"].is_correct(raise_to, right["q3"])
    c_price = Fraction(raise_to, flop_pot + bet + raise_to + raise_to)
    assert c_price == Fraction(2, 5) and ex9.EXERCISE.questions["q4"].is_correct(c_price, right["q4"])


def _share_by_enumeration(hero: str, villain: str, board: str, hilo: bool) -> Fraction:
    """Hero's share of the pot over every remaining board, from best_high/best_low (R2, R11)."""
    known = parse_cards(hero) + parse_cards(villain) + parse_cards(board)
    rest = [c for c in FULL_DECK if c not in known]
    total, boards = Fraction(0), 0
    for extra in combinations(rest, 5 - len(parse_cards(board))):
        full = (*parse_cards(board), *extra)
        hh, vh = best_high(hero, full), best_high(villain, full)
        high = Fraction(1) if hh > vh else Fraction(1, 2) if hh == vh else Fraction(0)
        lows = (best_low(hero, full), best_low(villain, full)) if hilo else (None, None)
        if lows == (None, None):
            total += high
        else:
            hl, vl = lows
            low = (Fraction(1) if vl is None or (hl is not None and hl > vl)
                   else Fraction(1, 2) if hl == vl else Fraction(0))
            total += (high + low) / 2
        boards += 1
    return total / boards


def test_exercise9_q5_call_or_fold_by_enumeration() -> None:
    """All-in for 12 into 24: the call must win 1/3; A's equity (R2, enumerated) is below it, so fold (R14 order)."""
    hero, villain, flop = ex9.ALL_IN
    share = _share_by_enumeration(hero, villain, flop, hilo=False)
    spot = refs.all_in_spot()
    call = spot.legal_actions().to_call
    assert (call, spot.pot) == (12, 24)      # 6 + 6 preflop, B's pot bet of 12 is A's stack
    assert ex9.EXERCISE.questions["q5"].is_correct(share > Fraction(call, spot.pot + call))


def test_exercise9_q6_quartered_payout_matches_showdown() -> None:
    """The same hand settled by showdown() directly: 54 chips each, the low half shared (R11)."""
    hole_a, hole_b, board = ex9.QUARTERED
    call, back = refs.quartered_river()
    direct = showdown([hole_a, hole_b], board, [54, 54], button=0)
    assert back == direct.payouts[0] == 108 // 4
    assert call == 36 and ex9.EXERCISE.questions["q6"].is_correct(back)


def test_exercise9_q7_freeroller_by_enumeration() -> None:
    hole_a, hole_b, board = ex9.FREEROLL
    a = _share_by_enumeration(hole_a, hole_b, board, hilo=True)
    assert ex9.EXERCISE.questions["q7"].is_correct("A" if a > Fraction(1, 2) else "B")
    assert best_low(hole_a, board + " Kc") == best_low(hole_b, board + " Kc")   # both hold the nut low


WRONG_9 = [("q1", 84), ("q1", 28), ("q2", [1, 2]), ("q2", [1, 4]), ("q3", 126), ("q3", 84), ("q4", [1, 3]),
           ("q4", [2, 3]), ("q5", True), ("q6", 54), ("q6", 36), ("q7", "A")]


@pytest.mark.parametrize(("qid", "wrong"), WRONG_9)
def test_exercise9_fails_plausible_wrong_answers(qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert_refused("pot_limit", qid, wrong, capsys, monkeypatch)


# --------------------------------------- exercise 8 (R1-R3, R8, R11): chart and ranges


def test_exercise8_counts_by_combinatorics() -> None:
    """R1 (one deck): AA** and card removal by binomial counts; R3: double-suited KKQQ by enumeration."""
    from math import comb

    q = exercise("starting_hands").questions
    assert q["q1"].is_correct(comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1)
    assert q["q2"].is_correct(comb(3, 2) * comb(45, 2) + 45)          # Ac held: three aces, 45 unseen cards
    kq = [c for c in FULL_DECK if c.rank in (12, 13)]
    double_suited = 0
    for hand in combinations(kq, 4):
        ranks = sorted(c.rank for c in hand)
        suits = sorted([c.suit for c in hand].count(s) for s in {c.suit for c in hand})
        double_suited += ranks == [12, 12, 13, 13] and suits == [2, 2]
    assert q["q3"].is_correct(double_suited)


def test_exercise8_chart_questions_against_equity_and_iteration() -> None:
    """q4: the chart's six-handed order agrees with a fresh seeded equity against five random hands, and the
    heads-up order (a fresh equity against one) is the other way round, so the question tells the two apart;
    q5, q7 from the concrete hands of the chart's top shares, counted without the range language's ':' and
    pattern matching."""
    from omaha_learn import equity, parse_range

    q = exercise("starting_hands").questions
    a, b = ex8.CHART_PAIR
    six = [equity([h, *[None] * 5], game="plo", trials=6_000, seed=3)[0].equity for h in (a, b)]
    assert q["q4"].is_correct("A" if six[0] > six[1] else "B")
    heads_up = [equity([h, None], game="plo", trials=6_000, seed=3)[0].equity for h in (a, b)]
    assert not q["q4"].is_correct("A" if heads_up[0] > heads_up[1] else "B")
    hand, share = ex8.OUTSIDE
    top = parse_range(share, game="hilo")
    wanted = sorted(parse_cards(hand), key=int)
    assert q["q5"].is_correct(any(sorted(h, key=int) == wanted for h in top))
    top10 = parse_range("10%", game="hilo")
    both = sum(1 for h in top10 if {1, 2} <= {c.low_rank for c in h})
    assert q["q7"].is_correct(both)


def test_exercise8_q6_against_concrete_hands_of_the_range() -> None:
    """q6 (R2): each hand against 100 concrete AA** hands drawn (seeded) after card removal, 200 boards each."""
    import random

    from omaha_learn import equity, parse_range

    *hands, text = ex8.AGAINST_ACES
    shares = []
    for h in hands:
        rng = random.Random(6)
        pool = list(parse_range(text).without(h))
        opponents = [pool[rng.randrange(len(pool))] for _ in range(100)]
        shares.append(sum(equity([h, list(o)], game="plo", trials=200, seed=i)[0].equity
                          for i, o in enumerate(opponents)) / len(opponents))
    assert exercise("starting_hands").questions["q6"].is_correct("A" if shares[0] > shares[1] else "B")


WRONG_8 = [("q1", 6768), ("q2", 1035), ("q2", 6961), ("q3", 36), ("q3", 12), ("q4", "B"), ("q5", True),
           ("q6", "A"), ("q7", 17316)]


@pytest.mark.parametrize(("qid", "wrong"), WRONG_8)
def test_exercise8_fails_plausible_wrong_answers(qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ex = exercise("starting_hands")
    ex.check(qid, wrong)
    assert capsys.readouterr().out.startswith(f"{qid}: not yet")
    monkeypatch.setenv(STRICT_ENV, "1")
    with pytest.raises(AssertionError, match=f"^{qid}: not yet"):
        ex.check(qid, wrong)



# ------------------------------------------- exercise 11 (R2, R13, R15, R18): position, SPR, multiway


LEARNERS_11 = [None, "ann", "bob", "cy", "dee", "J\u00fcri"]
"""The class deal (None) and learners' own deals: the button and the stacks move, the arithmetic holds."""


def _seed_11(who: str | None) -> int:
    from omaha_learn.checks.deals import learner_seed

    return ex11.SEED if who is None else learner_seed(ex11.SEED, who)


@pytest.mark.parametrize("who", LEARNERS_11)
def test_exercise11_acting_order_by_seat_arithmetic(who: str | None) -> None:
    """R13: small blind left of the button, big blind next; R15: the seat after the big blind acts first before the
    flop, the first seat left of the button first after it, so the button last."""
    q = exercise("position").questions
    seed = _seed_11(who)
    right = ex11.DEAL.right_answers(seed)
    seats = "ABCDEF"
    button = ex11.deal(seed).button
    big_blind = (button + 2) % 6
    assert q["q1"].is_correct(seats[(big_blind + 1) % 6], right["q1"])
    flop_order = [seats[(button + 1 + i) % 6] for i in range(6)]
    assert q["q2"].is_correct(flop_order[-1], right["q2"]) and flop_order[-1] == seats[button]
    assert refs.acting_order(button, seed)["flop"] == flop_order


@pytest.mark.parametrize("who", LEARNERS_11)
def test_exercise11_spr_by_the_r18_formula(who: str | None) -> None:
    """R18: a pot raise is to the current bet + the pot after calling; a pot bet and a call triple the pot."""
    q = exercise("position").questions
    seed = _seed_11(who)
    right = ex11.DEAL.right_answers(seed)
    raise_to = 2 + (1 + 2 + 1)
    pot = 2 * raise_to
    behind = ex11.deal(seed).stack - raise_to
    assert q["q3"].is_correct(pot, right["q3"])
    spr = Fraction(behind, pot)
    assert q["q4"].is_correct([spr.numerator, spr.denominator], right["q4"])
    street = None
    for name in ("flop", "turn", "river"):
        if behind <= pot:
            street = name
            break
        behind -= pot
        pot *= 3
    assert street is not None and q["q5"].is_correct(street, right["q5"])


def test_exercise11_implied_odds_from_counted_outs() -> None:
    """R2: A's outs are the hearts left (a flush with two hole hearts and three board cards) except a card that
    pairs the board (B's set becomes a full house); break even: outs/41 x (120 + W) = 40."""
    a, b, flop = ex11.DRAW
    seen = set(parse_cards(a)) | set(parse_cards(b)) | set(parse_cards(flop))
    board_ranks = {c.rank for c in parse_cards(flop)}
    hearts = [c for c in FULL_DECK if c.suit == "h" and c not in seen and c.rank not in board_ranks]
    for card in (c for c in FULL_DECK if c not in seen):     # and these are exactly the cards that put A ahead
        ahead = best_high(a, [*parse_cards(flop), card]) > best_high(b, [*parse_cards(flop), card])
        assert ahead == (card in hearts), card
    unseen = 52 - len(seen)
    pot_after_call = ex11.DRAW_POT + 2 * ex11.DRAW_BET
    need = Fraction(ex11.DRAW_BET * unseen, len(hearts)) - pot_after_call
    least = -(-need.numerator // need.denominator)
    assert least > 0 and Fraction(len(hearts), unseen) < Fraction(ex11.DRAW_BET, pot_after_call)  # price alone: fold
    assert exercise("position").questions["q6"].is_correct(least)


def test_exercise11_chart_questions_by_iteration() -> None:
    """q7: A climbs and B falls between the two orders; q8: the cutoff's hands not in the UTG range, counted one by
    one (no subtraction of sizes)."""
    from omaha_learn import parse_range, starting_hands

    q = exercise("position").questions
    plo = starting_hands("plo")
    a, b = (plo.lookup(h) for h in ex11.MOVERS)
    assert a.rank6 < a.rank and b.rank6 > b.rank
    assert q["q7"].is_correct("A")
    early, late = (parse_range(text, game="plo") for text in ex11.RANGES)
    early_set = {tuple(sorted(h, key=int)) for h in early}
    assert early_set <= {tuple(sorted(h, key=int)) for h in late}
    assert q["q8"].is_correct(sum(1 for h in late if tuple(sorted(h, key=int)) not in early_set))


# the class deal: button B, blinds C and D (the big blind is not first; the seat before the button is not last)
WRONG_11 = [("q1", "D"), ("q1", "C"), ("q2", "A"), ("q2", "D"), ("q3", 6), ("q3", 10), ("q4", [25, 3]),
            ("q4", [8, 1]), ("q5", "turn"), ("q5", "flop"), ("q6", 0), ("q6", 205), ("q7", "B"), ("q8", 59_578)]


@pytest.mark.parametrize(("qid", "wrong"), WRONG_11)
def test_exercise11_fails_plausible_wrong_answers(qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert_refused("position", qid, wrong, capsys, monkeypatch)


def _key_full_marks_copy_zero(checker: str, total: int, tmp_path: object) -> None:
    import shutil
    from pathlib import Path

    from omaha_learn.checks import EXERCISES
    from omaha_learn.grading import grader

    root = Path(__file__).resolve().parent.parent
    name = EXERCISES[checker]
    subs = []
    for who, source in (("key", root / "exercises" / "solutions" / name), ("copy", root / "exercises" / name)):
        folder = Path(str(tmp_path)) / who
        folder.mkdir()
        shutil.copy(source, folder / name)
        subs.append(folder / name)
    records = grader.grade(subs, root / "exercises" / "solutions", jobs=1)
    points = {(Path(r.submission).parent.name, r.question): (r.points, r.status) for r in records}
    ex = exercise(checker)
    assert {q: points[("key", q)] for q in ex.questions} == {q.qid: (q.points, "graded") for q in ex.questions.values()}
    assert {points[("copy", q)] for q in ex.questions} == {(0, "graded")}
    assert sum(q.points for q in ex.questions.values()) == total


def test_exercise11_key_scores_full_marks_and_learner_copy_zero(tmp_path: object) -> None:
    """Graded like the others (omaha-learn grade's own grader): the key gets every point, the handed-out copy none."""
    _key_full_marks_copy_zero("position", 11, tmp_path)



# ------------------------------------------- exercise 12 (R11, R18): why bet, a polarised river


def test_exercise12_ratios_from_indifference_not_the_formula() -> None:
    """q1-q2 by the indifference conditions themselves: with bluffs : value = B : V the catcher's call gains
    B(p + b) - Vb = 0; with call frequency c a bluff gains (1 - c)p - cb = 0 (R18: the bet is at most the pot)."""
    q = exercise("why_bet").questions
    p, b = ex12.POT, ex12.BET
    assert b <= p
    shares = sorted({Fraction(n, d) for d in range(1, 60) for n in range(1, d)})
    bluffs_per_value = next(x for x in shares if x * (p + b) - b == 0)
    call = next(c for c in shares if (1 - c) * p - c * b == 0)
    assert q["q1"].is_correct(bluffs_per_value) and q["q2"].is_correct(call)
    assert q["q1"].is_correct("3/7") and q["q1"].is_correct(0.4286) and q["q2"].is_correct("4/7")


def test_exercise12_the_solver_agrees_within_its_exploitability() -> None:
    """q3, q4, q6 from solve(): the sets always bet, the air sometimes; the catcher calls less against the pot; in
    Hi-Lo at half the pot the quartered catcher always calls and the air never bets (R11)."""
    q = exercise("why_bet").questions
    value, air, call_pot = refs.why_bet_solve("plo", "pot")
    _, air_half, call_half = refs.why_bet_solve("plo", "50%")
    assert min(value) > 0.99 and 0.2 < air[0] < 0.3 and q["q3"].is_correct(["A", "B"])
    assert call_pot == pytest.approx(0.5, abs=0.03) and call_half == pytest.approx(2 / 3, abs=0.03)
    assert q["q4"].is_correct(True)
    _, hilo_air, hilo_call = refs.why_bet_solve("hilo", "50%")
    assert sum(hilo_air) < 0.02 and hilo_call > 0.98 and q["q6"].is_correct(False)


def test_exercise12_quartered_catcher_from_hilo_showdown_shares() -> None:
    """q5: what the catcher gets back from a called value hand, from showdown() itself (R11: the low half split,
    the high half lost), then the indifference B(p + b) = V(b - back)."""
    board, value, _, catcher = ex12.HILO
    p, b = ex12.HILO_POT, ex12.HILO_BET
    final_pot = p + 2 * b
    result = showdown([value[0], catcher], board, [final_pot // 2] * 2, button=0, game="hilo")
    back = Fraction(result.payouts[1])
    assert final_pot % 4 == 0 and sum(result.payouts) == final_pot
    assert back == Fraction(final_pot, 4)
    assert exercise("why_bet").questions["q5"].is_correct((b - back) / (p + b))


WRONG_12 = [("q1", "3/10"), ("q1", "4/7"), ("q1", 0.75), ("q2", "3/7"), ("q2", "1/2"), ("q3", "A"), ("q3", "B"),
            ("q4", False), ("q5", "9/19"), ("q5", "1/8"), ("q6", True)]


@pytest.mark.parametrize(("qid", "wrong"), WRONG_12)
def test_exercise12_fails_plausible_wrong_answers(qid: str, wrong: object, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert_refused("why_bet", qid, wrong, capsys, monkeypatch)


def test_exercise12_named_mistakes_get_their_own_hints(capsys: pytest.CaptureFixture[str]) -> None:
    ex = exercise("why_bet")
    for qid, wrong, words in [("q1", "3/10", "share of the whole betting range"), ("q1", "4/7", "how often IP calls"),
                              ("q2", "3/7", "bluffs per value hand"), ("q5", "9/19", "quartered"),
                              ("q3", "A", "the air bets too")]:
        ex.check(qid, wrong)
        assert words in capsys.readouterr().out, (qid, wrong)


def test_exercise12_key_scores_full_marks_and_learner_copy_zero(tmp_path: object) -> None:
    """Graded like the others (omaha-learn grade's own grader): the key gets every point, the handed-out copy none."""
    _key_full_marks_copy_zero("why_bet", 9, tmp_path)
