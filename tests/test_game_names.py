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
