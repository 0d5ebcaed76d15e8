"""The bet-size rules of fixed limit (R17) and pot limit (R18), and when betting reopens (R19).

Small pure functions that :class:`omaha_learn.engine.betting.state.HandState` uses; every
amount is a *raise-to* total (the chips in front of the player afterwards).
"""

from __future__ import annotations

__all__ = ["pot_limit_range", "fixed_limit_amount", "is_full_raise", "reopens_for"]


def pot_limit_range(*, current: int, bet: int, pot: int, big_blind: int, raise_size: int,
                    all_in_to: int) -> tuple[int, int]:
    """Smallest and largest bet or raise-to in pot limit (R18), capped by the player's all-in.

    ``current`` is the highest bet this round, ``bet`` the player's own bet,
    ``pot`` all chips in the middle including the bets now in front of players,
    ``raise_size`` the largest bet or raise increment so far this round.
    The minimum is at least the big blind and the largest previous increment;
    the maximum is ``current + pot + call``.

    >>> pot_limit_range(current=2, bet=0, pot=3, big_blind=2, raise_size=0, all_in_to=100)   # blinds 1/2
    (4, 7)
    >>> pot_limit_range(current=15, bet=5, pot=41, big_blind=2, raise_size=10, all_in_to=500)  # 5, 15 -> 25
    (25, 66)
    >>> pot_limit_range(current=2, bet=0, pot=3, big_blind=2, raise_size=0, all_in_to=3)     # all-in for less
    (3, 3)
    """
    lo = current + max(big_blind, raise_size)
    hi = max(lo, current + pot + (current - bet))   # short blinds can make the pot smaller than the minimum
    return min(lo, all_in_to), min(hi, all_in_to)


def fixed_limit_amount(*, level: int, step: int, all_in_to: int) -> int:
    """The one raise-to amount in fixed limit: the last full bet level plus one step (R17).

    >>> fixed_limit_amount(level=4, step=4, all_in_to=100)     # turn in 2/4: bet 4, raise to 8
    8
    >>> fixed_limit_amount(level=4, step=4, all_in_to=6)       # all-in for less
    6
    """
    return min(level + step, all_in_to)


def is_full_raise(*, structure: str, target: int, previous: int, level: int, step: int, big_blind: int,
                  raise_size: int) -> bool:
    """Whether a bet or raise to ``target`` (over the previous highest bet ``previous``) is a full one.

    Pot limit: the increment is at least the big blind and the largest one so far
    (R18, R19). Fixed limit: at least half a bet over the last full level (R17).

    >>> is_full_raise(structure="pot", target=18, previous=10, level=10, step=0, big_blind=2, raise_size=10)
    False
    >>> is_full_raise(structure="fixed", target=6, previous=4, level=4, step=4, big_blind=2, raise_size=4)
    True
    """
    if structure == "pot":
        return target - previous >= max(big_blind, raise_size)
    return 2 * (target - level) >= step


def reopens_for(*, structure: str, grown: int, big_blind: int, raise_size: int, step: int) -> bool:
    """Whether a player who already acted may raise again, the bet having ``grown`` since (R19).

    It must have grown by a full raise, in one go or through several short
    all-ins (A bets 10, B calls, C all-in 18, D all-in 25: 15 >= 10, A and B may
    raise again); in fixed limit by half a bet (R17).

    >>> reopens_for(structure="pot", grown=15, big_blind=2, raise_size=10, step=0)
    True
    >>> reopens_for(structure="pot", grown=8, big_blind=2, raise_size=10, step=0)
    False
    """
    if structure == "pot":
        return grown >= max(big_blind, raise_size)
    return 2 * grown >= step
