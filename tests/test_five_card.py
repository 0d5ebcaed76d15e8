"""Five-card PLO and Big O, defined only by their game definitions, checked against an independent
brute force: every 2-of-5 hole pair with every 3-card board triple, read by a tiny evaluator written
here (it shares nothing with the engine's tables). R1 (five cards dealt one at a time), R2 (exactly
two hole and three board cards), R6-R7 (high ranks), R8-R10 (ace-to-five low, 8 or better), R11
(the pot split high and low), R12 (qualifier 9 or none), R17-R18 (structures), PHH where the standard
names a game."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from omaha_learn import (
    Deck,
    Game,
    HandState,
    PHHError,
    Table,
    best_high,
    best_low,
    dump_phh,
    equity,
    explain,
    load_phh,
    parse_cards,
    showdown,
)
from omaha_learn.engine.cards import Card
from omaha_learn.games import deal_holes

FIVE_CARD = [Game.PLO5, Game.BIGO]

# ------------------------------------------------------------------ the reference


def ref_high(cards: Sequence[Card]) -> tuple[int, ...]:
    """A five-card high hand as (category 0-8, tie-break ranks...); larger is better (R6, R7)."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = tuple(r for r, _ in groups)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5   # the wheel
    shape = sorted(counts.values(), reverse=True)
    if top and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *by_group)
    if shape == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *ranks)
    if top:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3, *by_group)
    if shape == [2, 2, 1]:
        return (2, *by_group)
    if shape == [2, 1, 1, 1]:
        return (1, *by_group)
    return (0, *ranks)


def ref_low(cards: Sequence[Card], qualifier: int | None) -> tuple[int, ...] | None:
    """An ace-to-five low as a key, smaller is better (R8, R9, R12): five different ranks up to the
    qualifier (ace = 1), read from the highest down; ``None`` if it does not qualify. With no
    qualifier every five cards make a low, paired ones below five different ranks, by pattern (pair,
    two pair, trips...) then ranks from the biggest group down."""
    ranks = sorted((1 if c.rank == 14 else c.rank for c in cards), reverse=True)
    if qualifier is not None and (len(set(ranks)) < 5 or ranks[0] > qualifier):
        return None
    pattern = tuple(sorted((ranks.count(r) for r in set(ranks)), reverse=True))
    return (*pattern, 0, *sorted(ranks, key=lambda r: (-ranks.count(r), -r)))


def choices(hole: Sequence[Card], board: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every legal five: exactly two hole cards and exactly three board cards (R2)."""
    return [p + t for p in combinations(hole, 2) for t in combinations(board, 3)]


def ref_best_high(hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, ...]:
    return max(ref_high(c) for c in choices(hole, board))


def ref_best_low(hole: Sequence[Card], board: Sequence[Card], qualifier: int | None) -> tuple[int, ...] | None:
    lows = [lo for c in choices(hole, board) if (lo := ref_low(c, qualifier)) is not None]
    return min(lows) if lows else None


def ref_shares(holes: Sequence[Sequence[Card]], board: Sequence[Card], game: Game,
               qualifier: int | None) -> list[Fraction]:
    """Each player's share of one pot on a complete board (R11: halves, ties split)."""
    highs = [ref_best_high(h, board) for h in holes]
    hi_win = [i for i, v in enumerate(highs) if v == max(highs)]
    lows = [ref_best_low(h, board, qualifier) for h in holes] if game.has_low else [None] * len(holes)
    made = [lo for lo in lows if lo is not None]
    lo_win = [i for i, lo in enumerate(lows) if made and lo == min(made)]
    shares = [Fraction(0)] * len(holes)
    high_pot = Fraction(1, 2) if lo_win else Fraction(1)
    for i in hi_win:
        shares[i] += high_pot / len(hi_win)
    for i in lo_win:
        shares[i] += Fraction(1, 2) / len(lo_win)
    return shares


def ref_equity(holes: Sequence[Sequence[Card]], board: Sequence[Card], game: Game,
               qualifier: int | None = 8) -> list[Fraction]:
    """Exact equity by enumerating every remaining board."""
    used = {c for h in holes for c in h} | set(board)
    rest = [c for c in Deck(seed=0).remaining if c not in used]
    total = [Fraction(0)] * len(holes)
    n = 0
    for more in combinations(rest, 5 - len(board)):
        for i, s in enumerate(ref_shares(holes, tuple(board) + more, game, qualifier)):
            total[i] += s
        n += 1
    return [t / n for t in total]


def deal(rng: random.Random, players: int, board: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    cards = [Card(i) for i in rng.sample(range(52), 5 * players + board)]
    return [tuple(cards[5 * p:5 * p + 5]) for p in range(players)], tuple(cards[5 * players:])


# ------------------------------------------------------------------ reading hands (R2)

def test_r2_the_reference_reads_the_textbook_cases() -> None:
    """The reference itself: a four-flush board with one suited hole card is no flush (R2, R3)."""
    hole, board = parse_cards("Ac Kd Td 8h 9h"), parse_cards("Kc 9c 6c 6h Qc")
    assert ref_best_high(hole, board)[0] == 2   # two pair: kings and nines, not the flush
    assert ref_best_low(parse_cards("As 2d Kc Kh Qd"), parse_cards("3c 5d 8h Qs Js"), 8)[-5:] == (8, 5, 3, 2, 1)
    assert ref_best_low(parse_cards("As 2d Kc Kh Qd"), parse_cards("9c Td Jh Qs Js"), 8) is None


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_r2_five_hole_cards_read_like_the_brute_force(board_size: int) -> None:
    rng = random.Random(27 + board_size)
    for _ in range(150):
        (hole,), board = deal(rng, 1, board_size)
        high = best_high(hole, board)
        assert ref_high(high.cards) == ref_best_high(hole, board)
        assert len(high.hole_cards) == 2 and set(high.hole_cards) <= set(hole)
        assert len(high.board_cards) == 3 and set(high.board_cards) <= set(board)
        for q in (8, 9, None):
            low, want = best_low(hole, board, q), ref_best_low(hole, board, q)
            assert (low is None) == (want is None)
            if low is not None:
                assert ref_low(low.cards, q) == want and set(low.hole_cards) <= set(hole)


def test_r2_explain_lists_100_choices_ten_pairs_by_ten_triples() -> None:
    hole, board = parse_cards("Ac Kd Td 8h 9h"), parse_cards("Kc 9c 6c 6h Qc")
    e = explain(hole, board)
    assert len(e.choices) == comb(5, 2) * comb(5, 3) == 100
    assert {c.cards for c in e.choices} == set(choices(hole, board))
    assert "10 pairs of hole cards x 10 triples of board cards" in e.summary()
    assert ref_high(e.best_high.cards) == ref_best_high(hole, board)


def test_hands_compare_like_the_reference_on_one_board() -> None:
    rng = random.Random(5)
    for _ in range(100):
        (a, b), board = deal(rng, 2, 5)
        ours = (best_high(a, board) > best_high(b, board)) - (best_high(a, board) < best_high(b, board))
        ref = (ref_best_high(a, board) > ref_best_high(b, board)) - (ref_best_high(a, board) < ref_best_high(b, board))
        assert ours == ref


# ------------------------------------------------------------------ showdowns (R11)

@pytest.mark.parametrize("game", FIVE_CARD)
def test_r11_five_card_showdowns_pay_like_the_reference(game: Game) -> None:
    rng = random.Random(11 if game.has_low else 12)
    for k in range(60):
        players = 2 + k % 2
        holes, board = deal(rng, players, 5)
        r = showdown(holes, board, [120] * players, button=0, game=game)
        assert r.game is game
        want = [int(s * 120 * players) for s in ref_shares(holes, board, game, 8)]
        assert list(r.payouts) == want


def test_a_four_card_game_given_five_cards_plays_its_five_card_version() -> None:
    holes = ["As 2s Kd Kc 8c", "Ad 3h Qd Qc 9c"]
    assert showdown(holes, "7s 8d Th 2c 5h", [50, 50], button=0, game="hilo").game is Game.BIGO
    assert showdown(holes, "7s 8d Th 2c 5h", [50, 50], button=0, game="plo").game is Game.PLO5
    assert equity(holes, "7s 8d Th 2c", game="plo").game is Game.PLO5


def test_r23_a_five_card_hand_shows_all_five_cards_to_win() -> None:
    holes = ["As 2s Kd Kc 8c", "Ad 3h Qd Qc 9c"]
    board = parse_cards("7s 8d Th 2c 5h")
    shares = ref_shares([parse_cards(h) for h in holes], board, Game.BIGO, 8)
    assert showdown(holes, board, [50, 50], button=0, game="bigo").payouts == tuple(int(100 * s) for s in shares)
    r = showdown(holes, board, [50, 50], button=0, game="bigo", shown=[4, None])
    assert r.dead == {0} and r.payouts == (0, 100)


# ------------------------------------------------------------------ equity

@pytest.mark.parametrize("game", FIVE_CARD)
@pytest.mark.parametrize("board_size", [4, 5])
def test_r11_exact_equity_on_a_turn_or_river_matches_enumeration(game: Game, board_size: int) -> None:
    rng = random.Random(40 + board_size + 2 * game.has_low)
    for k in range(6):
        holes, board = deal(rng, 2 + k % 3, board_size)
        r = equity(holes, board, game=game)
        assert r.game is game and r.exact
        assert [p.equity_fraction for p in r] == ref_equity(holes, board, game)


@pytest.mark.parametrize(("game", "qualifier"), [(Game.PLO5, None), (Game.BIGO, 8), (Game.BIGO, 9), (Game.BIGO, None)])
def test_r12_exact_equity_on_a_flop_matches_enumeration(game: Game, qualifier: int | None) -> None:
    holes = [parse_cards("As Ah 2s 3h 9c"), parse_cards("Kd Kc Qd Jc 4s")]
    board = parse_cards("4c 7d 9s")
    r = equity(holes, board, game=game, qualifier=qualifier)
    assert r.boards == comb(52 - 13, 2)
    assert [p.equity_fraction for p in r] == ref_equity(holes, board, game, qualifier)


@pytest.mark.parametrize("game", FIVE_CARD)
def test_monte_carlo_is_within_four_standard_errors_of_the_enumeration(game: Game) -> None:
    holes = [parse_cards("As Ah 2s 3h 9c"), parse_cards("Kd Kc Qd Jc 4s")]
    board = parse_cards("4c 7d 9s")
    exact = ref_equity(holes, board, game)
    mc = equity(holes, board, game=game, trials=20_000, seed=7, threads=1)
    for p, want in zip(mc, exact, strict=True):
        assert p.stderr is not None and abs(p.equity - float(want)) < 4 * p.stderr


def test_random_hands_in_a_five_card_game_are_dealt_five_cards() -> None:
    """A random opponent (None) gets the game's five cards: our Monte Carlo against a reference
    Monte Carlo of the same spot, each within four combined standard errors (R1)."""
    hero, board = parse_cards("As Ks Qh Jh 2c"), parse_cards("Ts 9h 3d 8c")
    ours = equity([hero, None], board, game=Game.PLO5, trials=20_000, seed=3, threads=1)[0]
    rng = random.Random(9)
    rest = [c for c in Deck(seed=0).remaining if c not in set(hero) | set(board)]
    shares = []
    for _ in range(1_500):
        drawn = rng.sample(rest, 6)
        shares.append(float(ref_shares([hero, drawn[:5]], board + (drawn[5],), Game.PLO5, None)[0]))
    mean = sum(shares) / len(shares)
    se = sqrt(sum((s - mean) ** 2 for s in shares) / (len(shares) - 1) / len(shares))
    assert ours.stderr is not None and abs(ours.equity - mean) < 4 * sqrt(se ** 2 + ours.stderr ** 2)
    four = equity([hero[:4], None], board, game=Game.PLO, trials=20_000, seed=3, threads=1)[0]
    assert four.equity > ours.equity   # four-card opponents with a four-card hero: a different game


def test_preflop_exact_five_card_heads_up_counts_every_board() -> None:
    r = equity(["As Ah 2s 3h 9c", "Kd Kc Qd Jc 4s"], game=Game.BIGO)
    assert r.boards == comb(42, 5) and sum(p.equity_fraction for p in r) == 1


def test_bad_five_card_input_names_the_game() -> None:
    from omaha_learn import CardError, EquityError, parse_range

    with pytest.raises(CardError, match=r"Omaha needs 5 hole cards \(4 in Omaha Hi-Lo"):
        equity(["As Ah 2s", None], game="bigo", trials=10, seed=1)
    with pytest.raises(EquityError, match="ranges are 4-card Omaha hands; Big O: five-card Omaha Hi-Lo 8 or better"
                                          " deals 5"):
        equity(["As Ah 2s 3h 9c", parse_range("AA**")], game="bigo")   # a typed range reaches the core


# ------------------------------------------------------------------ dealing, HandState, Table (R1, R17, R18)

def test_r1_five_cards_are_dealt_one_at_a_time_round_the_table() -> None:
    order = Deck(seed=9).remaining
    holes = deal_holes(Deck(seed=9), 3, Game.PLO5.hole_cards, first=1)
    for k, seat in enumerate([1, 2, 0]):
        assert holes[seat] == tuple(order[k + 3 * j] for j in range(5))


@pytest.mark.parametrize("game", FIVE_CARD)
def test_handstate_deals_the_games_five_cards_in_its_structure(game: Game) -> None:
    h = HandState([100] * 4, game=game, button=1, seed=9)
    assert h.game is game and h.hole_count == 5 and h.structure == "pot"   # R18: both are pot-limit by default
    assert h.holes == deal_holes(Deck(seed=9), 4, 5, first=2)
    assert h.log[0].startswith(f"pot-limit {game.short_name}:")
    h.play("c c c k")
    while not h.is_over:
        h.check() if h.legal_actions().can_check else h.call()
    assert sum(h.stacks) == 400 and len(h.board) == 5
    assert HandState([100] * 3, game=game, structure="fixed").structure == "fixed"   # R17 allowed too
    old = HandState([100] * 3, game="hilo", hole_count=5)       # the old spelling: Big O, in its own structure
    assert old.game is Game.BIGO and old.structure == "pot"


def test_table_plays_a_five_card_game_and_seats_no_more_than_the_deck_deals() -> None:
    from omaha_learn import CallingStation, TableError

    t = Table(game="bigo", seed=2)
    for name in ("ann", "bob", "cy"):
        t.join(name, 100, player=CallingStation())
    hand = t.start_hand()
    assert hand.game is Game.BIGO and all(len(hole or ()) == 5 for hole in hand.holes)
    t.play_hand()
    assert sum(t.chips(n) for n in ("ann", "bob", "cy")) == 300
    assert Table(game="plo5", seats=9).seats == 9
    with pytest.raises(TableError, match="10 seats of Five-card Pot-Limit Omaha .* need 55 cards.* at most 9 seats"):
        Table(game="plo5", seats=10)


# ------------------------------------------------------------------ PHH

@pytest.mark.parametrize("game", FIVE_CARD)
def test_phh_has_no_five_card_code_so_dumping_refuses_by_name(game: Game) -> None:
    h = HandState([100, 100, 100], game=game, seed=4)
    h.play("r7 f f")
    with pytest.raises(PHHError, match=re.escape(f"{game.label} has no PHH variant code")):
        dump_phh(h)


def test_phh_round_trip_of_the_four_card_games_still_works_and_a_po_file_with_five_cards_is_refused() -> None:
    h = HandState([100, 100, 100], game="plo", seed=4)
    h.play("r7 f f")
    text = dump_phh(h)
    assert sorted(load_phh(text).stacks) == sorted(h.stacks) and load_phh(text).game is Game.PLO
    five = text.replace("'d dh p1 ", "'d dh p1 2c", 1)
    with pytest.raises(PHHError, match="variant 'PO' .* deals 4 hole cards; p1 was dealt 5"):
        load_phh(five)


# ------------------------------------------------------------------ the strategy layer

@pytest.mark.parametrize("game", FIVE_CARD)
def test_outs_work_with_five_hole_cards_and_read_like_the_reference(game: Game) -> None:
    """Every next card: the hand it makes equals the reference's best of 100 (R2)."""
    from omaha_learn import outs

    hole, flop = parse_cards("Jc Td 9h 2s 3d"), parse_cards("8s 7d Kc")
    o = outs(hole, flop, game)
    assert o.game is game and len(o) == 52 - 8 and o.draws[0].name == "13-card wrap"
    for nxt in o:
        board = (*flop, nxt.card)
        assert ref_high(nxt.high.cards) == ref_best_high(hole, board)
        if game.has_low:
            want = ref_best_low(hole, board, 8)
            assert (nxt.low is None) == (want is None)
            if nxt.low is not None:
                assert ref_low(nxt.low.cards, 8) == want
    assert outs(hole, flop, "plo").game is Game.PLO5    # five cards: the game's five-card version


@pytest.mark.parametrize("game", FIVE_CARD)
def test_the_chart_ranges_and_practice_table_refuse_five_card_games_by_name(game: Game) -> None:
    from omaha_learn import CoachError, PracticeTable, RangeError, equity, parse_range, starting_hands
    from omaha_learn.errors import ChartError

    with pytest.raises(ChartError, match=re.escape(f"the starting-hand chart covers four-card games; {game.label}"
                                                   " has none")):
        starting_hands(game)
    with pytest.raises(RangeError, match=re.escape(f"a range is a set of four-card hands; {game.label} deals 5")):
        parse_range("AA**", game=game)
    with pytest.raises(RangeError, match=re.escape(f"player 2's range: game: a range is a set of four-card hands;"
                                                   f" {game.label}")):
        equity(["As Ah 2s 3h 9c", "AA**"], game=game)
    with pytest.raises(CoachError, match=re.escape(f"{game.label} has none")):
        PracticeTable(game=game, seed=1)


@pytest.mark.parametrize("game", FIVE_CARD)
def test_the_coach_names_the_five_card_game_instead_of_blaming_the_ranges(game: Game) -> None:
    from omaha_learn import CoachError, coach

    hand = HandState([40, 40], game=game, seed=1)
    with pytest.raises(CoachError) as caught:
        coach(hand, trials=200, seed=1)
    assert game.label in str(caught.value) and "do not fit" not in str(caught.value)
    with pytest.raises(CoachError, match=re.escape(game.label)):
        coach(hand, ranges="AA**", trials=200, seed=1)
