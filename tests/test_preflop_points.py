"""The preflop point count over whole columns (``preflop.points_of``) against the one-hand count
(``preflop.hand_points``, the formula as written in its docstring): the preflop order of every game rests on it
(the coach's opponent ranges, the practice table's players, lesson 16's opening shares).

The whole proof compares every one of the 16,432 classes in both four-card games; the fast run a seeded
share of them (``tests/depth.py``), and random hands in any suit labelling in both runs.
"""

from __future__ import annotations

import numpy as np
import pytest
from depth import examples

from omaha_learn.engine.games import Game
from omaha_learn.strategy.canonical import hand_classes
from omaha_learn.strategy.preflop import _points, hand_points, points_of, preflop_order


def _one_by_one(hands: np.ndarray, game: Game) -> np.ndarray:
    return np.array([hand_points([int(c) // 4 + 2 for c in row], [int(c) % 4 for c in row], game)
                     for row in hands.astype(np.int64)])


@pytest.mark.parametrize("game", [Game.PLO, Game.HILO], ids=str)
def test_every_class_scores_as_the_one_hand_count(game: Game) -> None:
    hands = hand_classes().hands
    rows = np.random.default_rng(16_432).permutation(len(hands))[:examples(len(hands))]
    expected = _one_by_one(hands[rows], game)
    assert np.array_equal(points_of(hands[rows], game), expected)
    assert np.array_equal(_points(game)[rows], expected)          # the cached column the order is sorted by


@pytest.mark.parametrize("game", [Game.PLO, Game.HILO], ids=str)
def test_random_hands_in_any_suits_score_as_the_one_hand_count(game: Game) -> None:
    rng = np.random.default_rng(2026)
    hands = np.array([rng.choice(52, 4, replace=False) for _ in range(examples(4_000))])
    assert np.array_equal(points_of(hands, game), _one_by_one(hands, game))


def test_hands_that_touch_every_term_score_as_written() -> None:
    """Hands chosen for each term of the formula: trips and quads, three and four of a suit, danglers, the ace low
    in a wheel window, A-2 against A-3 and 2-3, a broadway draw, dead nines to sevens."""
    from omaha_learn.engine.cards import parse_cards

    texts = ["As Ah Ad 2c", "Ks Kh Kd Kc", "As Ks Qs Js", "As Ks Qs 2d", "Ah 9c 5d 2s", "Ad 2d 3c 4c",
             "Ac 3d Kh Qs", "2c 3d Th 9s", "Ah Kd Qc 7s", "9s 8d 7c 2h", "Qs Qh 6d 6c", "Td 9d 8d 7d"]
    hands = np.array([[int(c) for c in parse_cards(t)] for t in texts])
    for game in (Game.PLO, Game.HILO):
        assert np.array_equal(points_of(hands, game), _one_by_one(hands, game)), game


def test_aces_lead_the_order_and_the_order_is_every_class_once() -> None:
    for game in (Game.PLO, Game.HILO):
        order = preflop_order(game)
        assert sorted(order.tolist()) == list(range(len(hand_classes().hands)))
        assert hand_classes().hands[order[0]].tolist()[0] // 4 == 12     # an ace heads the order
