"""The exercises' seeded answers recomputed from the engine, outside the installed package.

The checkers in ``omaha_learn.checks`` store every answer only as a sha256
digest (nothing importable hands out an answer). This module keeps
the computations the digests were made from, so ``tests/test_checks.py`` can
prove each digest is what the engine says for the exercise's seeded deal: a
change in the engine, a seed or a question shows up as a failing test.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations

from omaha_learn.checks import betting as ex06
from omaha_learn.checks import flop_play as ex10
from omaha_learn.checks import high_hands as ex02
from omaha_learn.checks import hilo_showdown as ex04
from omaha_learn.checks import lows as ex03
from omaha_learn.checks import nut_low as ex07
from omaha_learn.checks import position as ex11
from omaha_learn.checks import pot_limit as ex09
from omaha_learn.checks import reading_hands as ex01
from omaha_learn.checks import side_pots as ex05
from omaha_learn.checks import starting_hands as ex08
from omaha_learn.checks import why_bet as ex12
from omaha_learn.checks.questions import PLAYERS, seeded_deal
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.cards import FULL_DECK, parse_cards
from omaha_learn.engine.evaluation.five_card import Category
from omaha_learn.engine.evaluation.hands import HighHand, LowHand, best_high, best_low
from omaha_learn.engine.evaluation.nuts import nut_low
from omaha_learn.engine.games import Game
from omaha_learn.engine.pots import side_pots
from omaha_learn.engine.showdown import ShowdownResult, showdown
from omaha_learn.strategy.chart import starting_hands
from omaha_learn.strategy.outs import outs
from omaha_learn.strategy.range_equity import equity
from omaha_learn.strategy.ranges import parse_range


def _winners(hands: list[HighHand]) -> list[str]:
    best = max(hands)
    return [PLAYERS[i] for i, h in enumerate(hands) if h == best]


def _pair(a: str, b: str, board: str) -> list[str]:
    return _winners([best_high(a, board), best_high(b, board)])


def _number(low: LowHand | None) -> int:
    return 0 if low is None else low.number


def reading_hands() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex01.SEED)

    def q6() -> object:
        a, b = best_high(holes[0], board), best_high(holes[1], board)
        return [PLAYERS[i] for i, h in enumerate((a, b)) if h == max(a, b)]

    return {
        "q1": lambda: holes[1],                                       # R1
        "q2": lambda: best_high(holes[0], board).hole_cards,          # R2
        "q3": lambda: best_high(holes[2], board).category,            # R2, R6
        "q4": lambda: best_high(*ex01.FLUSH_TRAP).category,           # R3
        "q5": lambda: best_high(*ex01.FULL_HOUSE_TRAP).category,      # R4
        "q6": q6,                                                     # R5
    }


def high_hands() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex02.SEED)
    by_label = {c.label.lower(): c for c in Category}
    return {
        "q1": lambda: sorted(ex02.CATEGORIES_TO_ORDER, key=lambda name: -by_label[name]),   # R6
        "q2": lambda: _winners([best_high(h, board) for h in holes]),
        "q3": lambda: best_high(holes[2], board).category,
        "q4": lambda: _pair(*ex02.WHEEL),
        "q5": lambda: _pair(*ex02.KICKER),
        "q6": lambda: _pair(*ex02.FULL_HOUSES),
        "q7": lambda: _pair(*ex02.TIE),
    }


def lows() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex03.SEED)

    def q3() -> object:
        found = [best_low(h, board) for h in holes]
        made = [lo for lo in found if lo is not None]
        return [PLAYERS[i] for i, lo in enumerate(found) if lo is not None and lo == max(made)]

    def q4() -> object:
        low = best_low(holes[0], board)
        assert low is not None and set(low.hole_cards) != set(best_high(holes[0], board).hole_cards)
        return low.hole_cards

    def q7() -> object:
        low = best_low(*ex03.NO_QUALIFIER, qualifier=None)
        assert low is not None
        return low.cards

    return {
        "q1": lambda: _number(best_low(holes[0], board)),                                  # R8, R9
        "q2": lambda: sorted(ex03.LOWS_TO_ORDER, key=lambda n: tuple(int(d) for d in str(n))),
        "q3": q3,
        "q4": q4,
        "q5": lambda: _number(best_low(*ex03.STRAIGHT_FLUSH_LOW)),
        "q6": lambda: _number(best_low(*ex03.NINE_LOW, qualifier=9)),                       # R12
        "q7": q7,
    }


def hilo_showdown() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex04.SEED)

    def result(kill: int | None = None) -> ShowdownResult:
        return showdown(holes, board, ex04.CONTRIBUTIONS, button=ex04.BUTTON, game="hilo", kill=kill)

    def q1() -> object:
        contributions, hole, fboard = ex04.FOLDED
        return showdown([hole, None, None], fboard, contributions, button=ex04.BUTTON).payouts[0]   # R20

    def q3() -> object:
        pot = result().pots[0]
        return [PLAYERS[s] for s, amount in pot.payouts.items() if amount * 4 == pot.amount]     # R11

    return {"q1": q1, "q2": lambda: list(result().payouts), "q3": q3,
            "q6": lambda: result(kill=ex04.KILL).kill_seat is not None}                         # R25


def side_pots_answers() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex05.SEED)

    def result(**options: object) -> ShowdownResult:
        return showdown(holes, board, ex05.CONTRIBUTIONS, button=ex05.BUTTON, game="hilo",
                        **options)  # type: ignore[arg-type]

    return {
        "q1": lambda: [p.amount for p in side_pots(ex05.FOUR_STACKS)],                  # R21
        "q2": lambda: [PLAYERS[s] for s in side_pots(ex05.FOUR_STACKS)[-1].eligible],
        "q3": lambda: [p.amount for p in side_pots(*ex05.WITH_FOLD)],
        "q4": lambda: list(result().payouts),
        "q5": lambda: PLAYERS[result(last_aggressor=2).show_order[0]],                   # R22
        "q6": lambda: PLAYERS[result().show_order[0]],
        "q7": lambda: result(shown={0: 2}).payouts[0] > 0,                              # R23
    }


def betting() -> dict[str, Callable[[], object]]:
    sizes = ex06.deal(ex06.SEED)   # the class deal's raise and bet (q1-q10 are checked in tests/test_checks.py)

    def hand() -> HandState:
        """Exercise 6's class hand: four players A-D, blinds 1/2, D on the button; C raises, all call; A bets."""
        h = HandState([300] * 4, game="plo", blinds=(1, 2), button=3, seed=ex06.SEED, names=list("ABCD"))
        h.raise_to(sizes.raise_to)
        h.call()
        h.call()
        h.call()
        h.bet(sizes.bet)
        return h

    return {"q11": lambda: hand().legal_actions().max_to,    # R18
            "q12": lambda: hand().legal_actions().min_to}



# ------------------------------------------------- strategy exercises 07-09

def nut_low_boards(hole: str, flop: str) -> int:
    """Exercise 7 q7: on how many turn-and-river pairs ``hole`` ends holding the nut low (ties included)."""
    h, f = parse_cards(hole), parse_cards(flop)
    rest = [c for c in FULL_DECK if c not in h and c not in f]
    count = 0
    for turn, river in combinations(rest, 2):
        board = (*f, turn, river)
        low = best_low(h, board)
        count += low is not None and low == nut_low(board)
    return count


def nut_low_answers() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex07.SEED)

    def q2() -> object:
        nuts = nut_low(board)
        return [PLAYERS[i] for i, h in enumerate(holes) if nuts is not None and best_low(h, board) == nuts]

    def q4() -> object:
        low = best_low(holes[2], board)
        assert low is not None
        return low.hole_cards

    def payout(holes_: object, board_: object, contributions: object) -> int:
        return showdown(holes_, board_, contributions, button=ex07.BUTTON, game="hilo").payouts[0]  # type: ignore[arg-type]

    return {
        "q1": lambda: _number(nut_low(board)),                                   # R8, R9
        "q2": q2,                                                                # R9, R10
        "q3": lambda: _number(best_low(holes[0], board)),                        # R10 (counterfeited)
        "q4": q4,                                                                # R10
        "q5": lambda: payout(holes, board, ex07.CONTRIBUTIONS),                  # R11
        "q6": lambda: payout(*ex07.QUARTERED),                                   # R11 (quartered)
        "q7": lambda: nut_low_boards(*ex07.DRAW),                                # R8, R10
    }


def starting_hands_answers() -> dict[str, Callable[[], object]]:
    def q4() -> object:
        chart = starting_hands("plo")
        ranks = [chart.lookup(h).rank6 for h in ex08.CHART_PAIR]      # the six-handed order
        return PLAYERS[ranks.index(min(ranks))]

    def q5() -> object:
        hand, share = ex08.OUTSIDE
        return tuple(parse_cards(hand)) in parse_range(share, game="hilo")

    def q6() -> object:
        *hands, rng = ex08.AGAINST_ACES
        shares = [equity([h, rng], game="plo", trials=ex08.TRIALS, seed=ex08.SEED)[0].equity for h in hands]
        return PLAYERS[shares.index(max(shares))]

    return {
        "q1": lambda: len(parse_range("AA**")),                                  # R1
        "q2": lambda: len(parse_range("AA**").without(ex08.HELD)),               # R1, card removal
        "q3": lambda: len(parse_range("KKQQds")),                                # R3
        "q4": q4, "q5": q5, "q6": q6,
        "q7": lambda: len(parse_range(ex08.BOTH, game="hilo")),                  # R8, R11
    }


def largest(hand: HandState) -> int:
    """The largest bet or raise-to the player to act may make (R18)."""
    most = hand.legal_actions().max_to
    assert most is not None, "no bet or raise is open"
    return most


def pot_limit_hand() -> HandState:
    """Exercise 9's class hand: A-C, C on the button; C raises (the class deal's blinds and raise), A and B
    call; A bets the pot."""
    sizes = ex09.deal(ex09.SEED)
    hand = HandState([ex09.STACK] * 3, game="plo", blinds=sizes.blinds, button=2, seed=ex09.SEED, names=list("ABC"))
    hand.raise_to(sizes.raise_to)
    hand.call()
    hand.call()
    hand.bet(largest(hand))
    return hand


def price(hand: HandState) -> Fraction:
    """The share of the final pot the player to act must win to call: call / (pot after the call)."""
    call = hand.legal_actions().to_call
    return Fraction(call, hand.pot + call)


def all_in_spot() -> HandState:
    """Exercise 9 q5: A (button, 18 chips) raises the pot, B calls; on the flop B bets the pot (A's stack)."""
    hero, villain, flop = ex09.ALL_IN
    spot = HandState([18, 200], game="plo", blinds=(1, 2), button=0, holes=[hero, villain], board=flop,
                     names=list("AB"))
    spot.play("r6 c")
    spot.bet(largest(spot))
    return spot


def quartered_river() -> tuple[int, int]:
    """Exercise 9 q6: (A's call, A's payout) when A calls B's pot-sized river bet, pot-limit Hi-Lo."""
    hole_a, hole_b, board = ex09.QUARTERED
    hand = HandState([300, 300], game="hilo", structure="pot", blinds=(1, 2), button=0,
                     holes=[hole_a, hole_b], board=board, names=list("AB"))
    hand.play("r6 c x b12 c x x")
    hand.bet(largest(hand))
    call = hand.legal_actions().to_call
    hand.call()
    assert hand.result is not None
    return call, hand.result.payouts[0]


def pot_limit_answers() -> dict[str, Callable[[], object]]:
    def as_pair(p: Fraction) -> list[int]:
        return [p.numerator, p.denominator]

    def q4() -> object:
        hand = pot_limit_hand()
        hand.raise_to(largest(hand))
        return as_pair(price(hand))

    def q5() -> object:
        hero, villain, flop = ex09.ALL_IN
        return equity([hero, villain], board=flop, game="plo")[0].equity_fraction > price(all_in_spot())

    def q7() -> object:
        hole_a, hole_b, board = ex09.FREEROLL
        result = equity([hole_a, hole_b], board=board, game="hilo")
        return PLAYERS[max(range(2), key=lambda i: result[i].equity)]

    return {
        "q1": lambda: pot_limit_hand().legal_actions().to_call,                 # R18
        "q2": lambda: as_pair(price(pot_limit_hand())),                         # R18
        "q3": lambda: pot_limit_hand().legal_actions().max_to,                  # R18
        "q4": q4,                                                               # R18
        "q5": q5,                                                               # R18, R14
        "q6": lambda: quartered_river()[1],                                     # R11
        "q7": q7,                                                               # R11
    }

# ------------------------------------------------------------- exercise 10: flop play

def frozen_low_boards(hole_a: str, hole_b: str, flop: str) -> int:
    """Exercise 10 q7: on how many turn-and-river pairs A's low qualifies and is at least B's (R10, R11)."""
    a, b, f = parse_cards(hole_a), parse_cards(hole_b), parse_cards(flop)
    rest = [c for c in FULL_DECK if c not in a and c not in b and c not in f]
    count = 0
    for turn, river in combinations(rest, 2):
        low_a, low_b = best_low(a, (*f, turn, river)), best_low(b, (*f, turn, river))
        count += low_a is not None and (low_b is None or low_a >= low_b)
    return count


def flop_play_answers() -> dict[str, Callable[[], object]]:
    holes, board = seeded_deal(ex10.SEED)
    flop = board[:3]

    def straight() -> object:
        return next(d for d in outs(holes[0], flop, Game.PLO).draws if d.kind == "straight")

    def higher_flush() -> object:
        """The hearts above the hand's best heart that are neither in the hand nor on the flop (R3)."""
        hole, flop_ = (parse_cards(x) for x in ex10.FLUSH)
        top = max(c.rank for c in hole if c.suit == "h")
        return [c for c in FULL_DECK if c.suit == "h" and c.rank > top and c not in hole and c not in flop_]

    return {
        "q1": lambda: len(straight().cards),                                               # R2
        "q2": lambda: straight().name,                                                     # R2
        "q3": lambda: len(outs(holes[0], flop, Game.PLO).nut_high),                        # R2, R3
        "q4": higher_flush,                                                                # R3
        "q5": lambda: len(outs(*ex10.LOW_DRAW, Game.HILO).nut_low),                        # R8, R10
        "q6": lambda: len(outs(*ex10.LOW_DRAW, Game.HILO).counterfeits),                   # R10
        "q7": lambda: frozen_low_boards(*ex10.FROZEN),                                     # R10, R11
    }


def position_hand(button: int, seed: int) -> HandState:
    """Exercise 11 q1-q2: a six-handed hand with the button on ``button``, everyone calling before the flop."""
    return HandState([200] * 6, game="plo", blinds=(1, 2), button=button, seed=seed, names=list(PLAYERS[:6]))


def acting_order(button: int | None = None, seed: int = ex11.SEED) -> dict[str, list[str]]:
    """Exercise 11 q1-q2: who acts, in order, before the flop (everyone calls) and on the flop (everyone checks);
    the button of the deal of ``seed`` (the class deal's) unless ``button`` is given."""
    hand = position_hand(ex11.deal(seed).button if button is None else button, seed)
    order: dict[str, list[str]] = {"preflop": [], "flop": []}
    while hand.street in order:
        order[hand.street].append(PLAYERS[hand.to_act])
        hand.check_or_call()
    return order


def spr_hand() -> HandState:
    """Exercise 11 q3-q5: heads-up, the button (A) raises the pot and the big blind (B) calls."""
    hand = HandState([ex11.deal(ex11.SEED).stack] * 2, game="plo", blinds=(1, 2), button=0, seed=ex11.SEED,
                     names=list("AB"))
    hand.raise_to(hand.legal_actions().max_to)
    hand.call()
    return hand


def all_in_street() -> str:
    """Exercise 11 q5: the street on which pot-sized bets and calls put the players all in."""
    hand = spr_hand()
    street = hand.street
    while not hand.is_over and 0 not in hand.stacks:
        street = hand.street
        hand.bet(hand.legal_actions().max_to)
        hand.call()
    return street


def draw_outs() -> int:
    """Exercise 11 q6: the turn cards after which A's hand beats B's (R2: two hole cards, three board cards)."""
    a, b, flop = ex11.DRAW
    seen = set(parse_cards(a)) | set(parse_cards(b)) | set(parse_cards(flop))
    return sum(1 for c in FULL_DECK if c not in seen
               and best_high(a, [*parse_cards(flop), c]) > best_high(b, [*parse_cards(flop), c]))


def implied_chips() -> int:
    """Exercise 11 q6: the least whole number of extra chips A must win when the draw comes in to break even."""
    a, b, flop = ex11.DRAW
    unseen = 52 - 8 - 3
    chance = Fraction(draw_outs(), unseen)
    pot_after_call = ex11.DRAW_POT + 2 * ex11.DRAW_BET
    need = Fraction(ex11.DRAW_BET) / chance - pot_after_call
    return math.ceil(need)


def position_answers() -> dict[str, Callable[[], object]]:
    def q7() -> object:
        chart = starting_hands("plo")
        rows = [chart.lookup(h) for h in ex11.MOVERS]
        gains = [Fraction(r.rank, r.rank6) for r in rows]
        return PLAYERS[gains.index(max(gains))]

    def q4() -> object:
        hand = spr_hand()
        spr = Fraction(min(hand.stacks), hand.pot)
        return [spr.numerator, spr.denominator]

    return {
        "q1": lambda: acting_order()["preflop"][0],                                 # R15
        "q2": lambda: acting_order()["flop"][-1],                                   # R15, R13
        "q3": lambda: spr_hand().pot,                                               # R18
        "q4": q4,                                                                   # R18
        "q5": all_in_street,                                                        # R18
        "q6": implied_chips,                                                        # R2
        "q7": q7,
        "q8": lambda: len(parse_range(ex11.RANGES[1], game="plo")) - len(parse_range(ex11.RANGES[0], game="plo")),
    }


def why_bet_solve(game: str, size: str) -> tuple[list[float], list[float], float]:
    """Exercise 12: the solved river (PLO for q3-q4, Hi-Lo for q6) with one bet size: OOP's betting frequency for
    each value hand and each air hand, and the catcher's calling frequency (its first hand)."""
    from omaha_learn.strategy.solver import solve

    board, value, air, catcher = ex12.RIVER if game == "plo" else (*ex12.HILO[:3], (ex12.HILO[3],))
    pot = 100 if game == "plo" else ex12.HILO_POT
    sol = solve(board, ranges=([*value, *air], list(catcher)), pot=pot, stack=pot, game=game, bets=(size,),
                raises=(), ip_bets=(), accuracy=0.0005)
    bet = sol.actions("")[1]
    return ([sol.strategy("", h)[bet] for h in value], [sol.strategy("", h)[bet] for h in air],
            sol.strategy(bet, catcher[0])["c"])


def why_bet_answers() -> dict[str, Callable[[], object]]:
    def q3() -> object:
        value, air, _ = why_bet_solve("plo", "pot")
        return [name for name, p in (("A", value[0]), ("B", air[0])) if p > 0.05]      # R18: a pot-sized bet

    def q4() -> object:
        return why_bet_solve("plo", "pot")[2] < why_bet_solve("plo", "50%")[2]

    def q5() -> object:
        p, b = ex12.HILO_POT, ex12.HILO_BET
        return (b - Fraction(p + 2 * b, 4)) / (p + b)                                 # R11: a quarter back

    return {
        "q1": lambda: Fraction(ex12.BET, ex12.POT + ex12.BET),                          # bluffs : value = b : (p + b)
        "q2": lambda: Fraction(ex12.POT, ex12.POT + ex12.BET),                          # calls p / (p + b)
        "q3": q3,
        "q4": q4,
        "q5": q5,
        "q6": lambda: sum(why_bet_solve("hilo", "50%")[1]) > 0.05,                      # R11
    }


REFERENCES: dict[str, Callable[[], dict[str, Callable[[], object]]]] = {
    "reading_hands": reading_hands, "high_hands": high_hands, "lows": lows,
    "hilo_showdown": hilo_showdown, "side_pots": side_pots_answers, "betting": betting,
    "nut_low": nut_low_answers, "starting_hands": starting_hands_answers, "pot_limit": pot_limit_answers,
    "flop_play": flop_play_answers,
    "position": position_answers,
    "why_bet": why_bet_answers,
}
"""Exercise module -> {question: computation from the engine} for every seeded (non-fixed) answer."""
