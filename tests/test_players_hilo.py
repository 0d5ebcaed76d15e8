"""In Omaha Hi-Lo a bettor's range is ranked by the hand's expected share of the pot (high and low halves,
quarters, R11), not by its high hand alone: a nut-low draw bets in Hi-Lo (issue 28)."""

from __future__ import annotations

import random

import pytest

from omaha_learn.engine.cards import Card, format_cards, parse_cards
from omaha_learn.engine.games import Game
from omaha_learn.strategy.players import _betting_hands, hand_strength

BOARD = parse_cards("2c 5d Kh")


def _nut_low_draws(hands: list[list[int]]) -> float:
    """The share of ``hands`` holding an ace with a trey or a four: on 2-5-K the draw to the nut low (A-3, and
    A-4 when a trey comes), with no low made yet (two low cards on the board)."""
    def draw(h: list[int]) -> bool:
        ranks = {c // 4 for c in h}          # 0 = deuce ... 12 = ace
        return 12 in ranks and (1 in ranks or 2 in ranks)
    return sum(map(draw, hands)) / len(hands)


def test_a_hilo_bettors_range_holds_the_nut_low_draws() -> None:
    """On 2c 5d Kh the top quarter of hands by expected share (a pot-sized bet's range) holds A-3 and A-4 half
    again as often as random hands do (measured: 0.22-0.25 against 0.13), and twice as often as the best quarter
    by the high hand alone (the PLO ranking: kings and sets, 0.09-0.10)."""
    deck = [c for c in range(52) if c not in {int(x) for x in BOARD}]
    rng = random.Random(5)
    random_hands = [rng.sample(deck, 4) for _ in range(4_000)]
    base = _nut_low_draws(random_hands)
    hilo = _betting_hands(deck, BOARD, 0.25, 400, random.Random(1), Game.HILO)
    plo = _betting_hands(deck, BOARD, 0.25, 400, random.Random(1), Game.PLO)
    assert _nut_low_draws(hilo) >= 1.5 * base, (_nut_low_draws(hilo), base)
    assert _nut_low_draws(hilo) >= 2 * _nut_low_draws(plo), (_nut_low_draws(hilo), _nut_low_draws(plo))


def test_a_high_only_hand_facing_a_hilo_bet_meets_the_low_draws() -> None:
    """Qc Qs 9h 9d (no low, a pair of queens) facing a pot bet on 2c 5d Kh: in Hi-Lo the bettor holds low
    draws beside the kings, so the queens win more of the high than they would against kings and sets alone
    (the share is measured against the Hi-Lo bettor's range and against the PLO-ranked one on the same deals)."""
    hole = parse_cards("Qc Qs 9h 9d")
    hilo = hand_strength(hole, BOARD, Game.HILO, 1, random.Random(3), deals=600, bettor_top=0.25)
    import omaha_learn.strategy.players as players

    ranked_by_high = players._betting_hands

    def high_only(deck: list[int], board: object, top: float, deals: int, rng: random.Random,
                  game: Game, qualifier: int | None = 8) -> list[list[int]]:
        return ranked_by_high(deck, board, top, deals, rng, Game.PLO)  # type: ignore[arg-type]

    players._betting_hands = high_only  # type: ignore[assignment]
    try:
        old = hand_strength(hole, BOARD, Game.HILO, 1, random.Random(3), deals=600, bettor_top=0.25)
    finally:
        players._betting_hands = ranked_by_high  # type: ignore[assignment]
    assert hilo > old + 0.05, (hilo, old)


def test_expected_shares_draw_fair_run_outs_and_agree_with_equity(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run-outs the Hi-Lo ranking draws at once (numpy, seeded by one draw of the player's rng) use no card of
    the hand or the board, and the shares they give agree with the engine's own heads-up equity against a random
    hand (R11: halves and quarters) within four standard errors; the same rng state gives the same shares."""
    import numpy as np

    from omaha_learn import equity
    from omaha_learn.strategy.players import _expected_shares

    deck = [c for c in range(52) if c not in {int(x) for x in BOARD}]
    hands = [[int(c) for c in parse_cards(h)] for h in ("As 2s 3d Kd", "Tc Jc 9d 9h", "Ah 4h 5s 5c")]
    runs = 3_000
    from omaha_learn.engine.evaluation import batch

    seen: list[np.ndarray] = []
    real = batch.evaluate_high_low_many

    def watched(holes: np.ndarray, boards: np.ndarray, qualifier: int | None = 8) -> tuple[np.ndarray, np.ndarray]:
        seen.append(np.concatenate([holes, boards], axis=1))
        return real(holes, boards, qualifier)

    monkeypatch.setattr(batch, "evaluate_high_low_many", watched)
    shares = _expected_shares(hands, deck, BOARD, random.Random(8), 8, runs=runs)
    monkeypatch.undo()
    (both,) = seen                                        # one call: the hands' deals, then the opponents' ...
    mine, theirs = np.split(both, 2)                      # ... on the same boards
    table = np.concatenate([mine, theirs[:, :4]], axis=1)  # hand, board, opponent: 13 different cards in every row
    assert all(len(set(row)) == 13 for row in table.tolist())
    assert (mine[:, :4] == np.repeat(np.array(hands), runs, axis=0)).all()
    assert np.array_equal(shares, _expected_shares(hands, deck, BOARD, random.Random(8), 8, runs=runs))
    for hand, share in zip(hands, shares, strict=True):
        ref = equity([_text(hand), None], BOARD, game="hilo", trials=20_000, seed=3)[0]
        se = float(np.hypot(0.5 / np.sqrt(runs), ref.stderr or 0))
        assert abs(share - ref.equity) < 4 * se, (_text(hand), share, ref.equity)


def _text(hand: list[int]) -> str:
    return format_cards(Card(c) for c in hand)
