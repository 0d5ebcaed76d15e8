"""The betting tree of a heads-up turn or river spot: bet sizes, pot-limit and fixed-limit caps.

Player 0 is out of position (acts first on each street), player 1 in position.
Actions are written as :meth:`~omaha_learn.engine.betting.state.HandState.play` writes
them: ``x`` check, ``c`` call, ``f`` fold, ``bN`` bet to ``N``, ``rN`` raise to ``N``,
where ``N`` is the player's total in front of them *this round* (R15-R18). On a turn
spot the river card is written between the streets: ``"x x 7h b50"``.

Sizes (``bets``/``raises``):

* ``"50%"`` a share of the pot. A bet of ``x%`` is ``x%`` of the pot (every chip in the
  middle); a raise of ``x%`` raises *by* ``x%`` of the pot after calling, so ``"pot"``
  (``"100%"``) is the pot-limit maximum of R18: to ``current + pot + call``.
* ``"pot"``, ``"all-in"`` (also ``"allin"``), or a whole number of chips: a bet of ``N``
  chips, a raise by ``N`` chips over the bet faced.

Every size is rounded to whole chips, raised to the minimum (a bet of one chip, a raise
by at least the largest bet or raise so far this round, R18), capped by the pot limit
(R18) and by the stacks (all-in); sizes that land on the same amount are kept once.
In fixed limit (``limit="fixed"``) ``bets`` is one chip amount, the size of every bet and
raise (the big bet of the turn and river, R17); ``raises=()`` means no raises, and
``max_raises`` caps raises per round (heads-up R17 has no cap: ``None``, bounded by the stacks).

>>> cfg = TreeConfig.make(pot=100, stack=300, bets=("50%", "pot"), raises=("pot",))
>>> root = build_tree(cfg, streets=1)
>>> root.actions
['x', 'b50', 'b100']
>>> root.child("b100").actions        # facing a pot bet: pot 200, raise to 100 + 200 + 100 = 400 > 300
['f', 'c', 'r300']
>>> root.child("b50").actions         # raise to 50 + 150 + 50
['f', 'c', 'r250']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from omaha_learn.errors import SolverError
from omaha_learn.i18n import gettext as _

__all__ = ["Size", "TreeConfig", "Node", "build_tree", "parse_size", "LIMITS"]

LIMITS = ("pot", "fixed")
"""Betting structures the solver builds: pot limit (R18) and fixed limit (R17)."""

_PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


@dataclass(frozen=True)
class Size:
    """One bet or raise size: ``kind`` is ``"frac"`` (``value`` a share of the pot), ``"chips"``
    or ``"all-in"``; ``text`` is how it was written."""

    kind: str
    value: float
    text: str


def parse_size(spec: object, what: str) -> Size:
    """Read one size (``"50%"``, ``"pot"``, ``"all-in"``, a whole number of chips).

    >>> parse_size("75%", "bets"), parse_size(40, "bets").kind
    (Size(kind='frac', value=0.75, text='75%'), 'chips')
    >>> parse_size(0.5, "bets")
    Traceback (most recent call last):
    ...
    omaha_learn.errors.SolverError: bets: 0.5 is not a bet size (write a share of the pot as '50%', or 'pot', 'all-in' or a whole number of chips)
    """
    if isinstance(spec, bool):
        raise SolverError(_("{what}: {spec!r} is not a bet size (write a share of the pot as '50%', or 'pot', 'all-in' or a whole number of chips)").format(what=what, spec=spec))
    if isinstance(spec, int):
        if spec <= 0:
            raise SolverError(_("{what}: {spec} chips is not a bet size (must be positive)").format(what=what, spec=spec))
        return Size("chips", float(spec), str(spec))
    if isinstance(spec, str):
        s = spec.strip().lower()
        if s == "pot":
            return Size("frac", 1.0, spec)
        if s in ("all-in", "allin", "all in", "a"):
            return Size("all-in", 0.0, spec)
        m = _PERCENT.match(s)
        if m:
            v = float(m.group(1)) / 100
            if v <= 0:
                raise SolverError(_("{what}: {spec!r} is not a bet size (must be above 0%)").format(what=what, spec=spec))
            return Size("frac", v, spec)
        if s.isdigit():
            return parse_size(int(s), what)
    raise SolverError(_("{what}: {spec!r} is not a bet size (write a share of the pot as '50%', or 'pot', 'all-in' or a whole number of chips)").format(what=what, spec=spec))


def _sizes(specs: object, what: str) -> tuple[Size, ...]:
    if specs is None:
        raise SolverError(_("{what}: give a tuple of sizes, e.g. ('50%', 'pot'), or () for none").format(what=what))
    if isinstance(specs, (str, int)):
        specs = (specs,)
    if not isinstance(specs, Sequence):
        raise SolverError(_("{what}: give a tuple of sizes, e.g. ('50%', 'pot'), got {specs!r}").format(what=what, specs=specs))
    return tuple(parse_size(s, f"{what}[{i}]") for i, s in enumerate(specs))


@dataclass(frozen=True)
class TreeConfig:
    """What the tree is built from: the pot, the effective stack and each player's sizes.

    ``bets[p]`` are player ``p``'s bet sizes when no one has bet this round, ``raises[p]``
    its raise sizes; ``max_raises`` caps raises per round (``None``: only the stacks do).
    """

    pot: int
    stack: int
    limit: str
    bets: tuple[tuple[Size, ...], tuple[Size, ...]]
    raises: tuple[tuple[Size, ...], tuple[Size, ...]]
    max_raises: int | None
    fixed_bet: int = 0

    @staticmethod
    def make(*, pot: int, stack: int, bets: object = ("50%", "pot"), raises: object = ("pot",),
             ip_bets: object = None, ip_raises: object = None, limit: str = "pot",
             max_raises: int | None = None) -> TreeConfig:
        """A checked configuration; :class:`~omaha_learn.errors.SolverError` names a bad argument."""
        for name, v in (("pot", pot), ("stack", stack)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise SolverError(_("{name}: {v!r} is not a whole number of chips (0 or more)").format(name=name, v=v))
        if pot <= 0:
            raise SolverError(_("pot: {pot} (the pot must hold chips)").format(pot=pot))
        if limit not in LIMITS:
            raise SolverError(_("limit: {limit!r} is not one of {join}").format(limit=limit, join=', '.join(map(repr, LIMITS))))
        if max_raises is not None and (isinstance(max_raises, bool) or not isinstance(max_raises, int)
                                       or max_raises < 0):
            raise SolverError(_("max_raises: {max_raises!r} is not a whole number 0 or more, or None").format(max_raises=max_raises))
        b0 = _sizes(bets, "bets")
        r0 = _sizes(raises, "raises")
        b1 = b0 if ip_bets is None else _sizes(ip_bets, "ip_bets")
        r1 = r0 if ip_raises is None else _sizes(ip_raises, "ip_raises")
        fixed = 0
        if limit == "fixed":
            amounts = {s.value for s in b0 + b1}
            kinds = {s.kind for s in b0 + b1}
            if kinds - {"chips"} or len(amounts) > 1:
                raise SolverError(_("bets: in fixed limit give one chip amount, the size of every bet and raise (R17), e.g. bets=(20,); got {value}").format(value=[s.text for s in b0 + b1]))
            if not amounts:
                raise SolverError(_("bets: in fixed limit give the bet size in chips, e.g. bets=(20,)"))
            fixed = int(amounts.pop())
        return TreeConfig(pot, stack, limit, (b0, b1), (r0, r1), max_raises, fixed)


@dataclass(eq=False)
class Node:
    """One node of the tree.

    ``kind`` is ``"action"`` (``player`` to act), ``"fold"`` (``player`` folded),
    ``"showdown"`` or ``"chance"`` (the river card). ``street`` is 0 for the turn and 1 for
    the river (0 on a river spot too: the first street solved). ``invested`` is what each
    player has put in since the spot began, ``pot`` every chip in the middle.
    """

    kind: str
    player: int
    history: tuple[str, ...]
    street: int
    pot: int
    invested: tuple[int, int]
    actions: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    index: int = -1          # position among the action nodes (rows of the strategy arrays)

    def child(self, action: str) -> Node:
        """The node after ``action``; :class:`SolverError` listing the legal ones otherwise."""
        try:
            return self.children[self.actions.index(action)]
        except ValueError:
            raise SolverError((_("action {action!r} is not in the tree here (after {history}; the actions are none: the hand is over)")
                               if not self.actions else
                               _("action {action!r} is not in the tree here (after {history}; the actions are {actions})")
                               if self.history else
                               _("action {action!r} is not in the tree here (after the start; the actions are {actions})")).format(
                action=action, history=" ".join(self.history), actions=", ".join(self.actions))) from None

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, parents before children."""
        yield self
        for c in self.children:
            yield from c.walk()


@dataclass
class _Round:
    bets: list[int]
    last_raise: int
    raises: int
    acted: int              # actions taken this round


def _amounts(cfg: TreeConfig, p: int, r: _Round, pot: int, remaining: list[int], facing: bool) -> list[int]:
    """Bet-to or raise-to totals player ``p`` may choose, sorted, after rounding, minimum and caps."""
    me, them = r.bets[p], r.bets[1 - p]
    call = them - me
    all_in_to = me + remaining[p]
    cover = them + remaining[1 - p]           # more than the opponent can call is never offered
    top = min(all_in_to, cover)
    if top <= them:
        return []
    if cfg.limit == "fixed":
        return [min(them + cfg.fixed_bet, top)]
    specs = cfg.raises[p] if facing else cfg.bets[p]
    pot_max = them + pot + call               # R18: current bet + pot + call
    min_to = them + max(1, r.last_raise)
    out: set[int] = set()
    for s in specs:
        if s.kind == "all-in":
            to = top
        elif s.kind == "chips":
            to = them + int(s.value)
        else:
            to = them + int(round(s.value * (pot + call)))
        to = max(min_to, min(to, pot_max))
        out.add(min(to, top))
    return sorted(out)


def build_tree(cfg: TreeConfig, streets: int, max_nodes: int = 100_000) -> Node:
    """The whole tree: ``streets`` 1 for a river spot, 2 for a turn spot (a chance node
    for the river card between the streets). More than ``max_nodes`` nodes, or a line of
    more than 200 actions, is refused with a :class:`SolverError`."""
    remaining = [cfg.stack, cfg.stack]
    return _street(cfg, [max_nodes], 0, streets, (), cfg.pot, (0, 0), remaining)


def _count(budget: list[int], history: tuple[str, ...]) -> None:
    budget[0] -= 1
    if budget[0] < 0 or len(history) > 200:
        raise SolverError(_("tree too large: over the bound of nodes or of actions in one line (at {join}...): use fewer sizes, a cap on raises (max_raises) or a larger bet size in fixed limit").format(join=' '.join(history[:12])))


def _street(cfg: TreeConfig, budget: list[int], street: int, streets: int, history: tuple[str, ...], pot: int,
            invested: tuple[int, int], remaining: list[int]) -> Node:
    if min(remaining) == 0:                    # someone all-in: no more betting
        return _after_round(cfg, budget, street, streets, history, pot, invested, remaining)
    return _decision(cfg, budget, street, streets, 0, _Round([0, 0], 0, 0, 0), history, pot, invested, remaining)


def _after_round(cfg: TreeConfig, budget: list[int], street: int, streets: int, history: tuple[str, ...], pot: int,
                 invested: tuple[int, int], remaining: list[int]) -> Node:
    if street + 1 < streets:
        node = Node("chance", -1, history, street, pot, invested, actions=["*"])
        node.children = [_street(cfg, budget, street + 1, streets, history + ("*",), pot, invested, list(remaining))]
        return node
    return Node("showdown", -1, history, street, pot, invested)


def _decision(cfg: TreeConfig, budget: list[int], street: int, streets: int, p: int, r: _Round, history: tuple[str, ...],
              pot: int, invested: tuple[int, int], remaining: list[int]) -> Node:
    _count(budget, history)
    node = Node("action", p, history, street, pot, invested)
    me, them = r.bets[p], r.bets[1 - p]
    facing = them > me
    options: list[tuple[str, Node]] = []
    if facing:
        options.append(("f", Node("fold", p, history + ("f",), street, pot, invested)))
        call = min(them - me, remaining[p])
        rem = list(remaining)
        rem[p] -= call
        inv = _add(invested, p, call)
        options.append(("c", _after_round(cfg, budget, street, streets, history + ("c",), pot + call, inv, rem)))
        can_raise = (cfg.max_raises is None or r.raises < cfg.max_raises) and remaining[p] > call \
            and remaining[1 - p] > 0
        sizes = _amounts(cfg, p, r, pot, remaining, True) if can_raise and cfg.raises[p] else []
        kind = "r"
    else:
        if r.acted == 1:     # IP checks behind: the round is over
            options.append(("x", _after_round(cfg, budget, street, streets, history + ("x",), pot, invested, remaining)))
        else:
            options.append(("x", _decision(cfg, budget, street, streets, 1 - p, _Round(r.bets, r.last_raise, r.raises, 1),
                                           history + ("x",), pot, invested, remaining)))
        sizes = _amounts(cfg, p, r, pot, remaining, False) if cfg.bets[p] else []
        kind = "b"
    for to in sizes:
        add = to - me
        rem = list(remaining)
        rem[p] -= add
        bets = list(r.bets)
        bets[p] = to
        label = f"{kind}{to}"
        nr = _Round(bets, max(r.last_raise, to - them), r.raises + (1 if facing else 0), r.acted + 1)
        options.append((label, _decision(cfg, budget, street, streets, 1 - p, nr, history + (label,), pot + add,
                                         _add(invested, p, add), rem)))
    node.actions = [a for a, _ in options]
    node.children = [c for _, c in options]
    return node


def _add(invested: tuple[int, int], p: int, chips: int) -> tuple[int, int]:
    return (invested[0] + chips, invested[1]) if p == 0 else (invested[0], invested[1] + chips)
