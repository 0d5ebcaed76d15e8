"""outs(): what each next card makes of a hand, its nut status and the draws (R2, R3, R6-R12).

The references here do not use the code under test: every five-card hand is
read from the colex-indexed five-card tables (``high_table``/``low_table``,
built from the plain-Python definitions of R6-R9), and the nuts are the best of
*every 4-card holding* of the unseen cards (with enough dead cards to keep that
small), or of every two unseen cards with every board triple on a full deck.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from colex_tables import colex_index, high_table, low_table
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_learn import CardError, Game, GameError, QualifierError, best_high, parse_cards
from omaha_learn.engine.cards import Card
from omaha_learn.engine.evaluation.five_card import high_value
from omaha_learn.engine.evaluation.tables import low_threshold
from omaha_learn.strategy.outs import Outs, outs

SETTINGS = settings(max_examples=6, deadline=None, derandomize=True)
QUALIFIES = low_threshold(8)


# ------------------------------------------------------------------ references

def _best(holes: np.ndarray, board: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Best high and best (unqualified) low strength of each row of ``holes`` (R2: two plus three)."""
    hi5, lo5 = high_table(), low_table()
    hi = np.zeros(len(holes), dtype=np.int64)
    lo = np.zeros(len(holes), dtype=np.int64)
    for pair in combinations(range(holes.shape[1]), 2):
        for tri in combinations(board, 3):
            five = np.sort(np.column_stack([holes[:, pair], np.tile(tri, (len(holes), 1))]), axis=1)
            idx = colex_index(five)
            hi = np.maximum(hi, hi5[idx])
            lo = np.maximum(lo, lo5[idx])
    return hi, lo


def brute(hole: list[int], board: list[int], dead: list[int], *, holding: int) -> dict[int, tuple[int, int, int, int]]:
    """Per next card: (our high, our low, nut high, nut low) over every ``holding``-card holding of the rest."""
    known = set(hole) | set(board) | set(dead)
    unseen = [c for c in range(52) if c not in known]
    out = {}
    for c in unseen:
        nb = [*board, c]
        others = np.array(list(combinations([x for x in unseen if x != c], holding)), dtype=np.int64)
        nh, nl = _best(others, nb)
        mh, ml = _best(np.array([hole]), nb)
        out[c] = (int(mh[0]), int(ml[0]), int(nh.max()), int(nl.max()))
    return out


def _category(hole: list[int], board: list[int]) -> int:
    return max(high_value([Card(x) for x in (*p, *t)])[0] for p in combinations(hole, 2) for t in combinations(board, 3))


def _agree(o: Outs, ref: dict[int, tuple[int, int, int, int]], hole: list[int], board: list[int]) -> None:
    hilo = o.game is Game.HILO
    assert sorted(int(n.card) for n in o) == sorted(ref)
    now_cat = _category(hole, board)
    now_low = _best(np.array([hole]), board)[1][0] >= QUALIFIES
    low_ranks = {Card(x).low_rank for x in hole if Card(x).low_rank <= 8} - {Card(x).low_rank for x in board}
    for n in o:
        mh, ml, nh, nl = ref[int(n.card)]
        assert n.high.strength == mh
        assert n.nut_high == (mh >= nh), n.card
        after = _category(hole, [*board, int(n.card)])
        board_pair_only = (n.card.rank in {Card(x).rank for x in board} and n.card.rank not in
                           {Card(x).rank for x in hole} and after <= 2)      # only pairs the board: not "improving"
        assert n.improves_high == (after > now_cat and not board_pair_only)
        if hilo:
            assert (n.low is not None) == (ml >= QUALIFIES)
            assert n.nut_low == (ml >= QUALIFIES and ml >= nl), n.card
            assert n.makes_low == (ml >= QUALIFIES and not now_low)
            first_low = ml >= QUALIFIES and not now_low          # a card that makes a low never counterfeits it
            assert n.counterfeits == (n.card.low_rank in low_ranks and len(low_ranks) >= 2 and not n.nut_low
                                      and not first_low)
        else:
            assert n.low is None and not n.nut_low and not n.makes_low and not n.counterfeits


deals = st.tuples(st.permutations(range(52)), st.sampled_from([3, 4]), st.sampled_from(list(Game)))


@SETTINGS
@given(deals)
def test_outs_equal_brute_force_over_every_holding(deal: tuple[list[int], int, Game]) -> None:
    """R2, R6-R11: with 32 dead cards, every 4-card holding of the unseen cards is tried."""
    perm, n_board, game = deal
    hole, board = list(perm[:4]), list(perm[4:4 + n_board])
    dead = list(perm[4 + n_board:4 + n_board + 32])
    o = outs(hole, board, game, dead=dead)
    _agree(o, brute(hole, board, dead, holding=4), hole, board)


@SETTINGS
@given(deals)
def test_outs_equal_brute_force_on_a_full_deck(deal: tuple[list[int], int, Game]) -> None:
    """R2: a holding plays exactly two cards, so on a full deck every pair of unseen cards is tried."""
    perm, n_board, game = deal
    hole, board = list(perm[:4]), list(perm[4:4 + n_board])
    o = outs(hole, board, game)
    _agree(o, brute(hole, board, [], holding=2), hole, board)


def test_now_matches_best_high_and_the_nuts() -> None:
    o = outs("As Ks Qd Jd", "Ts 9s 2s", "plo")          # the royal draw: made nut flush now
    assert o.high == best_high("As Ks Qd Jd", "Ts 9s 2s") and o.nuts_now
    assert not outs("Jc Td 9h 2s", "8s 7d Kc", "plo").nuts_now


# ------------------------------------------------------------------ textbook draws

@pytest.mark.parametrize(("hole", "board", "count"), [
    ("Jc Td 9h 2s", "8s 7d Kc", 13),     # top wrap: J-T-9 above 8-7
    ("9s 8d 6c 5h", "7c 4d Ks", 13),     # 9-8-6-5 on 7-4: threes, fives, sixes, eights
    ("Js Td 7c 2h", "9c 8d 3s", 17),     # J-T-7 around 9-8
    ("9s 8d 5c 4h", "7c 6d Ks", 20),     # two above, two below 7-6: the biggest wrap
    ("9h 8s 2c 2d", "7c 6d Ks", 8),      # open ended: a ten or a five
    ("Ac Kd 9h 8s", "Qh Jd 2c", 4),      # only a ten: A-K or 9-8 with Q-J-T
])
def test_wraps(hole: str, board: str, count: int) -> None:
    """R2: every straight takes exactly two hole cards and three board cards."""
    o = outs(hole, board, "plo")
    straight = [d for d in o.draws if d.kind == "straight"]
    assert len(straight) == 1 and len(straight[0].cards) == count
    names = {4: "gutshot", 8: "open-ended straight draw"}
    assert straight[0].name == names.get(count, f"{count}-card wrap")
    assert set(straight[0].cards) <= set(o.improves_high)


def test_the_20_card_wrap_cards() -> None:
    d = outs("9s 8d 5c 4h", "7c 6d Ks", "plo").draws[0]
    assert sorted({c.rank_char for c in d.cards}) == sorted("T98543")
    assert "20 cards make a straight" in d.message


def test_nut_and_non_nut_flush_draws() -> None:
    """R3: the flush takes two hole cards of the suit; the highest unseen one makes the nuts."""
    nut = outs("Ah 5h Kd Qc", "Jh 7h 2s", "plo").draws
    assert [d.name for d in nut] == ["nut flush draw"] and nut[0].nut and len(nut[0].cards) == 9
    non = outs("Qh Jh 3c 4d", "Ah 7h 2s", "plo")
    fd = [d for d in non.draws if d.kind == "flush"][0]
    assert fd.name == "non-nut flush draw" and not fd.nut and "king" in fd.message
    assert not non.card("3h").nut_high                      # Kh-xh holds a higher flush
    king_high = outs("Kh 5h Qd Qc", "Ah 7h 2s", "plo").draws       # with the ace on the board, the king is the nut
    assert [d.name for d in king_high] == ["nut flush draw"]
    one_heart = outs("Ah Kd Qc 5s", "Jh 7h 2s", "plo").draws       # R3: one heart in the hand is no draw
    assert not [d for d in one_heart if d.kind == "flush"]


def test_a_low_draw_counterfeited() -> None:
    """R10: a board card that pairs your low card leaves you without a low or without the nut low."""
    o = outs("Ah 2c Kd Ks", "3c 7h Qs", Game.HILO)
    names = [d.name for d in o.draws]
    assert names == ["nut low draw", "counterfeit risk"]
    assert {c.rank_char for c in o.counterfeits} == {"A", "2"} and len(o.counterfeits) == 6
    assert o.card("2d").low is None and o.card("As").low is None
    assert o.card("5d").nut_low and o.card("5d").low is not None and o.card("5d").low.number == 75321
    protected = outs("Ah 2c 4d Ks", "3c 7h Qs", Game.HILO)  # a third low card protects the low
    assert protected.card("Ad").nut_low and "As" not in map(str, protected.counterfeits)


def test_turn_and_made_low() -> None:
    o = outs("Ah 2c Kd Ks", "3c 7h 5s Qd", Game.HILO)
    assert o.low is not None and o.nut_low_now and len(o) == 44
    assert {str(c) for c in o.counterfeits} >= {"Ad", "2d"}


def test_plo_has_no_low() -> None:
    o = outs("Ah 2c Kd Ks", "3c 7h 5s", "plo")
    assert o.game is Game.PLO and o.low is None and o.nut_low == () and o.makes_low == ()
    assert "low" not in o.summary().lower()


def test_dead_cards_never_come() -> None:
    o = outs("Jc Td 9h 2s", "8s 7d Kc", "plo", dead="6c 6d")
    assert len(o) == 43 and "6c" not in map(str, o.unseen)
    assert len(o.draws[0].cards) == 11


def test_summary_repr_and_lookup() -> None:
    o = outs("Ah 2h Kd Ks", "3c 7h Qh", Game.HILO)
    text = str(o)
    assert "nut flush draw" in text and "Nut low after 16 cards" in text
    assert repr(o).startswith("Outs('Ah 2h Kd Ks', '3c 7h Qh', game='hilo'")
    assert o[0].card == o.unseen[0] and len(o[:3]) == 3
    assert list(o.by_category())[0] > list(o.by_category())[-1]


@pytest.mark.parametrize(("args", "kwargs", "error", "text"), [
    (("Ah 2h Kd", "3c 7h Qh"), {}, CardError, "hole cards"),
    (("Ah 2h Kd Ks", "3c 7h"), {}, CardError, "board"),
    (("Ah 2h Kd Ks", "3c 7h Qh 9c 8c"), {}, CardError, "board"),
    (("Ah 2h Kd Ks", "3c 7h Ah"), {}, CardError, "Ah"),
    (("Ah 2h Kd Ks", "3c 7h Qh"), {"dead": "Ah"}, CardError, "Ah"),
    (("Ah 2h Kd Ks", "3c 7h Qh"), {"game": "holdem"}, GameError, "holdem"),
    (("Ah 2h Kd Ks", "3c 7h Qh"), {"qualifier": 7}, QualifierError, "qualifier"),
    (("Ah 2h Kd Ks", "3c 7h Qh"), {"dead": "9c 9c"}, CardError, "9c"),
    (("Ah 2h Kd Ks", "3c 7h Qh"), {"dead": [c for c in range(52) if c not in parse_cards("Ah 2h Kd Ks 3c 7h Qh")][5:]},
     CardError, "unseen"),
])
def test_errors_name_the_bad_part(args: tuple[str, str], kwargs: dict[str, object], error: type[Exception],
                                  text: str) -> None:
    with pytest.raises(error, match=text):
        outs(*args, **kwargs)  # type: ignore[arg-type]


def test_five_card_omaha_and_qualifiers() -> None:
    """Five hole cards still play exactly two (R2); a 9-or-better low and no qualifier (R12)."""
    o = outs("Jc Td 9h 2s 3d", "8s 7d Kc", "plo5")
    assert len(o) == 44 and o.draws[0].name == "13-card wrap"
    nine = outs("Ah 2c Kd Ks", "3c 9h Qs", Game.HILO, qualifier=9)
    eight = outs("Ah 2c Kd Ks", "3c 9h Qs", Game.HILO)
    assert len(nine.makes_low) > len(eight.makes_low) and nine.qualifier == 9
    assert outs("Ah 2c Kd Ks", "3c 9h Qs", Game.HILO, qualifier=None).low is not None


def test_lookup_of_a_seen_card_is_an_error() -> None:
    with pytest.raises(CardError, match="not unseen"):
        outs("Ah 2h Kd Ks", "3c 7h Qh", "plo").card("Ah")


def test_exported_lazily() -> None:
    import omaha_learn

    assert omaha_learn.outs is outs and omaha_learn.Outs is Outs
    assert parse_cards("Ah")[0] in outs("Kh 2h Kd Ks", "3c 7h Qh", "plo").unseen


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha_learn.cli import main

    assert main(["outs", "9s8d5c4h", "--board", "7c6dKs", "--game", "plo"]) == 0
    out = capsys.readouterr().out
    assert "20-card wrap" in out and "Nut high after 14 cards" in out
    assert main(["outs", "Ah2cKdKs", "--board", "3c7hQs", "--game", "o8"]) == 0
    assert "counterfeit risk" in capsys.readouterr().out
    assert main(["outs", "Ah2cKdKs", "--board", "3c7hQs9d8d"]) == 2
    assert "flop (3 cards) or a turn" in capsys.readouterr().err


def test_html_grid_marks_every_unseen_card() -> None:
    """In a notebook an Outs draws itself: every unseen card once, coloured by what it does; PLO shows no low."""
    o = outs("Ah 2h Kd Ks", "3c 7h Qh", Game.HILO)
    page = o._repr_html_()
    assert page.count('class="ol-chip"') == len(o) == 45
    assert page.count('class="ol-out-counterfeits"') == len(o.counterfeits)
    both = sum(n.nut_high and n.nut_low for n in o)
    assert page.count('class="ol-out-both"') == both and both > 0
    plo = outs("Jc Td 9h 2s", "8s 7d Kc", "plo")._repr_html_()
    assert "13-card wrap" in plo and "nut low" not in plo and "ol-out-nut_high" in plo


def test_cards_that_make_a_low_are_not_also_counterfeits() -> None:
    """6d 7c 5d 6s on Ad 4s Td (Hi-Lo): a 5, 6 or 7 on the turn pairs a hole card but gives the hand its first
    low (7-6-5-4-A style): it is listed as making a low, never also as counterfeiting it."""
    from omaha_learn.strategy.outs import outs

    o = outs("6d 7c 5d 6s", "Ad 4s Td", "hilo")
    assert o.makes_low and not set(o.makes_low) & set(o.counterfeits)
    assert {c.rank for c in o.makes_low} >= {5, 6, 7}


def test_a_card_that_only_pairs_the_board_does_not_improve() -> None:
    """As Kd 9c 8h on Ks 7d 2c: a seven or a deuce pairs the board, giving every player the same pair: not an
    improvement of this hand (top pair stays top pair); a nine or an eight (two pair with a hole card) is."""
    from omaha_learn.strategy.outs import outs

    o = outs("As Kd 9c 8h", "Ks 7d 2c", "plo")
    ranks = {c.rank for c in o.improves_high}
    assert 7 not in ranks and 2 not in ranks and {8, 9} <= ranks
