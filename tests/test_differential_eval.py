"""Omaha hand reading against two independent evaluators, with fixed seeds:
phevaluator (Omaha high, R2, R6, R7) and PokerKit 0.7.7 (high and 8-or-better low,
four- and five-card Omaha, R2, R8-R10); and the bulk numpy path against the one-hand path."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from phevaluator import _pheval
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from omaha_learn import best_high, best_low, explain
from omaha_learn.engine.cards import FULL_DECK, CardError, format_cards
from omaha_learn.engine.evaluation.batch import evaluate_high_low_many, evaluate_high_many, evaluate_low_many
from omaha_learn.engine.evaluation.sweep import (
    best_over_boards,
    deck_boards,
    evaluate_high_boards,
    evaluate_low_boards,
    pair_triple_strengths,
)


def _deals(seed: int, n_deals: int, players: int, hole: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """(holes (n_deals, players, hole), boards (n_deals, 5)) from shuffled decks."""
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((n_deals, 52)), axis=1)
    boards = decks[:, :5]
    holes = decks[:, 5:5 + players * hole].reshape(n_deals, players, hole)
    return holes, boards


def _same_order(ours: np.ndarray, theirs_better: np.ndarray) -> None:
    """``ours`` (larger better) and ``theirs_better`` (larger better) order each deal's players alike."""
    for i, j in combinations(range(ours.shape[1]), 2):
        assert np.array_equal(np.sign(ours[:, i] - ours[:, j]), np.sign(theirs_better[:, i] - theirs_better[:, j]))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r2_omaha_high_order_matches_phevaluator_on_20000_deals(players: int) -> None:
    n = 4_000  # per player count: 20,000 deals in all
    holes, boards = _deals(1000 + players, n, players)
    ours = evaluate_high_many(holes.reshape(-1, 4), np.repeat(boards, players, axis=0)).reshape(n, players)
    ev = _pheval.evaluate_omaha_cards
    theirs = np.array([[-ev(*b, *h) for h in hs] for hs, b in zip(holes.tolist(), boards.tolist(), strict=True)])
    _same_order(ours.astype(np.int64), theirs)
    # The one-hand reader agrees with the bulk path (a sample, it is slower).
    for d in range(0, n, 40):
        for p in range(players):
            h = [FULL_DECK[c] for c in holes[d, p]]
            b = [FULL_DECK[c] for c in boards[d]]
            assert best_high(h, b).strength == ours[d, p]


def _pk(cards: np.ndarray) -> str:
    return format_cards(FULL_DECK[int(c)] for c in cards).replace(" ", "")


def _pokerkit_vs_ours(hole_size: int, n_deals: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for d in range(n_deals):
        players = int(rng.integers(2, 4))
        holes, boards = _deals(seed * 100_000 + d, 1, players, hole_size)
        board = boards[0]
        pk_high, pk_low, our_high, our_low = [], [], [], []
        for h in holes[0]:
            pk_high.append(OmahaHoldemHand.from_game(_pk(h), _pk(board)))
            pk_low.append(OmahaEightOrBetterLowHand.from_game_or_none(_pk(h), _pk(board)))
            hc, bc = [FULL_DECK[int(c)] for c in h], [FULL_DECK[int(c)] for c in board]
            our_high.append(best_high(hc, bc))
            our_low.append(best_low(hc, bc))
        for i, j in combinations(range(players), 2):
            assert (pk_high[i] > pk_high[j]) == (our_high[i] > our_high[j])
            assert (pk_high[i] == pk_high[j]) == (our_high[i] == our_high[j])
            li, lj = pk_low[i], pk_low[j]
            assert (li is None) == (our_low[i] is None) and (lj is None) == (our_low[j] is None)
            if li is not None and lj is not None:
                assert (li > lj) == (our_low[i] > our_low[j])  # type: ignore[operator]
                assert (li == lj) == (our_low[i] == our_low[j])
        # The five cards we name make the hand PokerKit finds.
        best = max(range(players), key=lambda k: our_high[k].strength)
        assert OmahaHoldemHand("".join(map(str, our_high[best].cards))) == max(pk_high)


def test_r2_r8_r10_four_card_omaha_high_and_low_match_pokerkit_on_2000_deals() -> None:
    _pokerkit_vs_ours(4, 2_000, seed=7)


def test_r2_r8_r10_five_card_omaha_high_and_low_match_pokerkit_on_1000_deals() -> None:
    _pokerkit_vs_ours(5, 1_000, seed=8)


@pytest.mark.parametrize(("hole_size", "board_size", "qualifier"), [(4, 5, 8), (5, 5, 9), (4, 3, None), (4, 4, 8),
                                                                     (5, 4, None)])
def test_bulk_matches_one_hand_reader(hole_size: int, board_size: int, qualifier: int | None) -> None:
    holes, boards = _deals(hole_size * 10 + board_size, 300, 1, hole_size)
    holes, boards = holes[:, 0], boards[:, :board_size]
    high = evaluate_high_many(holes, boards)
    low = evaluate_low_many(holes, boards, qualifier=qualifier)
    both = evaluate_high_low_many(holes, boards, qualifier=qualifier)   # the two halves in one call (Hi-Lo)
    assert np.array_equal(both[0], high) and np.array_equal(both[1], low)
    for h, b, hs, ls in zip(holes.tolist(), boards.tolist(), high.tolist(), low.tolist(), strict=True):
        assert best_high(h, b).strength == hs
        lo = best_low(h, b, qualifier=qualifier)
        assert (lo.strength if lo is not None else 0) == ls
    e = explain(holes[0].tolist(), boards[0].tolist(), qualifier=qualifier)
    assert e.best_high.strength == high[0]


@pytest.mark.parametrize("hole", [[48, 45, 33, 26], [0, 4, 8, 12, 16]])
def test_shared_board_path_matches_many_deals(hole: list[int]) -> None:
    deck = [c for c in range(52) if c not in hole][::2]  # a 24-card deck: C(24, 5) = 42,504 boards
    boards = deck_boards(deck)
    high = evaluate_high_boards(hole, deck)
    low = evaluate_low_boards(hole, deck)
    reps = np.tile(hole, (len(boards), 1))
    assert np.array_equal(high, evaluate_high_many(reps, boards))
    assert np.array_equal(low, evaluate_low_many(reps, boards))
    both = evaluate_high_boards([hole, hole], deck)
    assert both.shape == (2, len(boards)) and np.array_equal(both[1], high)


def test_best_over_boards_is_the_best_of_each_boards_ten_triples() -> None:
    from omaha_learn.engine.evaluation.tables import colex_combinations

    boards, triples = colex_combinations(9, 5).tolist(), colex_combinations(9, 3).tolist()
    index = {tuple(t): i for i, t in enumerate(triples)}
    values = np.random.default_rng(0).integers(0, 7000, len(triples)).astype(np.uint16)
    expected = [max(values[index[t]] for t in combinations(board, 3)) for board in boards]
    assert best_over_boards(values).tolist() == expected
    assert pair_triple_strengths([48, 45, 33, 26], range(9)).shape == (84,)


def test_bulk_bad_input_is_named() -> None:
    with pytest.raises(CardError, match="row 1"):
        evaluate_high_many([[0, 1, 2, 3], [4, 5, 6, 52]], [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19]])
    with pytest.raises(CardError, match="'2c' appears twice in row 0"):
        evaluate_high_many([[0, 1, 2, 3]], [[0, 11, 12, 13, 14]])
    with pytest.raises(CardError, match="one board per hole"):
        evaluate_high_many([[0, 1, 2, 3]], [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19]])
    with pytest.raises(CardError, match="shape"):
        evaluate_low_many([[0, 1, 2]], [[10, 11, 12, 13, 14]])
    with pytest.raises(CardError, match="'2c' appears twice in row 0"):
        evaluate_high_low_many([[0, 1, 2, 3]], [[0, 11, 12, 13, 14]])
    with pytest.raises(CardError, match="integers"):
        evaluate_high_many([[0.5, 1, 2, 3]], [[10, 11, 12, 13, 14]])
    with pytest.raises(CardError, match="must not be among deck_cards"):
        evaluate_high_boards([0, 1, 2, 3], range(10))
