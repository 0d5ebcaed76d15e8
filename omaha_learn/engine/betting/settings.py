"""The settings of a hand, grouped: the forced bets (:class:`Stakes`) and the betting limits (:class:`Limits`).

Both check their values when made and raise :class:`~omaha_learn.errors.BettingSetupError`
naming the bad one, so a hand never starts with settings that would jam it part way.

>>> Stakes(blinds=(1, 2), ante=1)
Stakes(blinds=(1, 2), ante=1, bb_ante=0, posts={})
>>> Limits("fixed").for_big_blind(2)               # R17: small bet = big blind, big bet twice it
Limits(structure='fixed', small_bet=2, big_bet=4, cap=4, cap_heads_up=None)
>>> Stakes(blinds=(0.5, 1))
Traceback (most recent call last):
...
omaha_learn.errors.BettingSetupError: blinds[0]: 0.5 is not a whole number of chips
>>> Limits("fixed", small_bet=-2)
Traceback (most recent call last):
...
omaha_learn.errors.BettingSetupError: small_bet: must be positive (-2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from omaha_learn.engine import arguments
from omaha_learn.errors import BettingSetupError
from omaha_learn.i18n import gettext as _

__all__ = ["Stakes", "Limits", "STRUCTURES"]

STRUCTURES = ("fixed", "pot")
"""Betting structures: fixed limit (R17) and pot limit (R18)."""


@dataclass(frozen=True)
class Stakes:
    """The forced bets: ``blinds`` (small, big; R13; ``(X, 0)`` is a single blind ``X`` posted by the
    seat after the button, heads-up by the button, as in some fixed-limit tournaments), an ``ante`` from every player and a
    ``bb_ante`` from the big blind (dead money), and ``posts``: seat -> a big blind a new
    player posts at once to play now (R28)."""

    blinds: tuple[int, int] = (1, 2)
    ante: int = 0
    bb_ante: int = 0
    posts: Mapping[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        blinds = self.blinds
        if isinstance(blinds, (str, bytes)) or not isinstance(blinds, (tuple, list)) or len(blinds) != 2:
            raise BettingSetupError(_("blinds: expected (small, big), got {blinds!r}").format(blinds=blinds))
        sb = arguments.chips(blinds[0], "blinds[0]", BettingSetupError)
        bb = arguments.chips(blinds[1], "blinds[1]", BettingSetupError)
        if not (sb <= bb and bb > 0) and not (bb == 0 and sb > 0):
            raise BettingSetupError(_("blinds {blinds!r}: need 0 <= small <= big and big > 0 (or (blind, 0): one blind)")
                                    .format(blinds=blinds))
        object.__setattr__(self, "blinds", (sb, bb))
        object.__setattr__(self, "ante", arguments.chips(self.ante, "ante", BettingSetupError))
        object.__setattr__(self, "bb_ante", arguments.chips(self.bb_ante, "bb_ante", BettingSetupError))
        posts = {} if self.posts is None else self.posts
        if not isinstance(posts, Mapping):
            raise BettingSetupError(_("posts: expected {{seat: chips}}, got {posts!r}").format(posts=posts))
        object.__setattr__(self, "posts", {
            arguments.whole(s, "posts", BettingSetupError): arguments.chips(a, f"posts[{s!r}]", BettingSetupError)
            for s, a in posts.items()})

    @property
    def big_blind(self) -> int:
        """The blind bets are measured against: the big blind, or the single blind."""
        return max(self.blinds)


@dataclass(frozen=True)
class Limits:
    """How much a player may bet: ``structure`` ``"fixed"`` (R17) or ``"pot"`` (R18); in fixed
    limit ``small_bet``/``big_bet`` (default the big blind and twice it) and the ``cap`` of bets
    and raises per round while more than two players hold cards, ``cap_heads_up`` once two
    remain (``None``: no cap)."""

    structure: str = "fixed"
    small_bet: int | None = None
    big_bet: int | None = None
    cap: int | None = 4
    cap_heads_up: int | None = None

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise BettingSetupError(_("structure {structure!r} must be 'fixed' or 'pot'").format(structure=self.structure))
        for name in ("small_bet", "big_bet", "cap", "cap_heads_up"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, arguments.chips(value, name, BettingSetupError, positive=True))

    def for_big_blind(self, big_blind: int) -> Limits:
        """These limits with the default bet sizes filled in for ``big_blind``."""
        small = big_blind if self.small_bet is None else self.small_bet
        return replace(self, small_bet=small, big_bet=2 * small if self.big_bet is None else self.big_bet)
