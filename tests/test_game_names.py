"""One name per game everywhere: 'high' (or 'plo') is Pot-Limit Omaha, 'hilo' Omaha 8-or-better."""
def test_game_names_agree_across_the_engine():
    """'high' and 'plo' both mean Pot-Limit Omaha in showdown(), equity() and HandState."""
    from omaha_learn import HandState, equity, showdown

    assert HandState([100, 100], game="high").game == HandState([100, 100], game="plo").game
    a = showdown(["As Ks Qh Jh", "2c 3d 4h 5s"], "5c 6c 7c 8h 9h", [10, 10], button=0, game="plo")
    b = showdown(["As Ks Qh Jh", "2c 3d 4h 5s"], "5c 6c 7c 8h 9h", [10, 10], button=0, game="high")
    assert a.payouts == b.payouts
    e1 = equity(["As Ah Ks Kh", "Qd Jd Tc 9c"], board="2s 7h 8d Qh", game="plo")
    e2 = equity(["As Ah Ks Kh", "Qd Jd Tc 9c"], board="2s 7h 8d Qh", game="high")
    assert e1[0].equity_fraction == e2[0].equity_fraction


def test_game_enum_reads_every_spelling_and_refuses_the_rest_clearly():
    import pytest

    from omaha_learn import Game, GameError

    assert Game("high") is Game("PLO") is Game.parse("pot-limit omaha") is Game.PLO
    assert Game("o8") is Game("fo/8") is Game.HILO
    for bad in (["hilo"], None, 8, "holdem", b"hilo"):
        with pytest.raises(GameError, match="game"):
            Game(bad)


def test_r1_hole_cards_are_dealt_one_at_a_time_round_the_table_from_left_of_the_button():
    from omaha_learn import Deck, HandState
    from omaha_learn.engine.games import cards_needed, deal_holes

    order = Deck(seed=9).remaining
    holes = deal_holes(Deck(seed=9), 4, 4, first=2)
    # seat 2 gets cards 0, 4, 8, 12 of the deck; seat 3 cards 1, 5, ...; seat 0 cards 2, 6, ...
    for k, seat in enumerate([2, 3, 0, 1]):
        assert holes[seat] == tuple(order[k + 4 * j] for j in range(4))
    assert HandState([50] * 4, button=1, seed=9).holes == holes   # HandState deals the same way
    assert deal_holes(Deck(seed=9), 4, 4, to=[1, 3])[0] is None
    assert cards_needed(9, 5) == 50 and cards_needed(10, 5) == 55 > 52
