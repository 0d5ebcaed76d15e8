"""Poker Hand History (PHH) files for Omaha: read them through our rules, write them for PokerKit.

PHH (https://phh.readthedocs.io) is a TOML format. We handle the variants the
games' definitions name (:mod:`omaha_learn.games`): ``FO/8`` (fixed-limit Omaha Hi-Lo
8-or-better) and ``PO`` (Pot-Limit Omaha). The standard has no code for five-card PLO or
Big O, so :func:`dump_phh` refuses those hands with an error naming the game.
Players ``p1..pn`` sit clockwise from the small blind, so the last one holds the
button; heads-up ``p1`` is the big blind and ``p2`` the button (R14). We load
them into seats ``0..n-1`` in that order (button = seat ``n-1``).

>>> text = '''
... variant = 'PO'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 AsKsQsJs', 'p3 cbr 7', 'p1 f', 'p2 f']
... '''
>>> hand = load_phh(text)
>>> hand.stacks
[99, 98, 103]
>>> load_phh(text.replace("'p3 cbr 7'", "'p3 cbr 9'"))
Traceback (most recent call last):
...
omaha_learn.errors.IllegalAction: action 3 'p3 cbr 9': p3 cannot raise to 9: raise to 9 is above the pot-limit maximum of 7; legal: fold, call 2, raise to 4-7
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from omaha_learn.engine.betting.actions import Action, IllegalAction
from omaha_learn.engine.betting.state import HandState
from omaha_learn.engine.cards import Card, format_cards, parse_cards
from omaha_learn.engine.games import Game
from omaha_learn.errors import GameError, PHHError
from omaha_learn.i18n import format_number
from omaha_learn.i18n import gettext as _

__all__ = ["load_phh", "dump_phh", "PHHError"]

VARIANTS: dict[str, Game] = {code: g for g in Game for code in g.definition.phh_codes.values()}
"""PHH variant codes we read and write, and the game each one is (from the games' definitions)."""
STRUCTURES: dict[str, str] = {code: st for g in Game for st, code in g.definition.phh_codes.items()}
"""The betting structure of each PHH variant code."""


# ------------------------------------------------------------------ TOML

_MAX_DIGITS = 30
"""Longest amount we read (more than a googol of chips is not a hand history)."""
_MAX_DEPTH = 8
"""Deepest array (or inline table) nesting we read; PHH needs two levels at most."""
MAX_TEXT = 100_000
"""Longest PHH text we read, in characters (one hand; a long hand is a few thousand)."""
MAX_LINES = 2_000
"""Most lines in a PHH text."""
MAX_KEY_DEPTH = 4
"""Most dots in one key or table name (``a.b.c``); PHH's keys are plain names."""
MAX_ACTIONS = 1_000
"""Most actions in one hand (a hand of ten players is a few hundred at most)."""


_STRING_RE = re.compile(r"'[^'\n]*'" + r'|"(?:[^"\\\n]|\\.)*"')
_COMMENT_RE = re.compile(r"#[^\n]*")


def _text(text: object) -> str:
    """The PHH text: ``str``, or ``bytes`` decoded as UTF-8; anything else is refused."""
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise PHHError(_("text: the bytes are not UTF-8 ({reason} at byte {start})").format(reason=e.reason, start=e.start)) from None
    if not isinstance(text, str):
        raise PHHError(_("text: expected the PHH text (str, or UTF-8 bytes), got {name}").format(name=type(text).__name__))
    return text


def _check_bounds(text: str) -> None:
    """Refuse a text beyond :data:`MAX_TEXT` characters, :data:`MAX_LINES` lines, keys more than
    :data:`MAX_KEY_DEPTH` dots deep or arrays and inline tables nested more than 8 deep (all before
    the TOML reader, whose work grows with them), naming the bound."""
    if len(text) > MAX_TEXT:
        raise PHHError(_("PHH text is {count} characters; the limit is {max_text}").format(count=format_number(len(text)), max_text=format_number(MAX_TEXT)))
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise PHHError(_("PHH text has {lines} lines; the limit is {max_lines}").format(lines=format_number(lines), max_lines=format_number(MAX_LINES)))
    bare = _COMMENT_RE.sub("", _STRING_RE.sub("''", text))   # outside strings and comments
    long_number = re.search(f"[0-9_]{{{_MAX_DIGITS + 1},}}", bare)
    if long_number:
        raise PHHError(_("a number of {count} digits is not a PHH amount").format(count=len(long_number.group())))
    depth = 0
    for ch in bare:
        depth += (ch in "[{") - (ch in "]}")
        if depth > _MAX_DEPTH:
            raise PHHError(_("not a PHH text: arrays nested more than {max_depth} deep; the limit is {max_depth}").format(max_depth=_MAX_DEPTH))
    for part in re.split(r"[^A-Za-z0-9_\-. \t']+", bare):   # keys, table names, dotted keys in inline tables
        dots = part.count(".")
        if dots > MAX_KEY_DEPTH:
            raise PHHError(_("a key nested {depth} deep ({key}...); the limit is {limit} (PHH keys are plain names)").format(depth=format_number(dots + 1), key=part.strip()[:20], limit=MAX_KEY_DEPTH + 1))


def _read_toml(text: str) -> dict[str, Any]:
    _check_bounds(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PHHError(_("not valid TOML: {e}").format(e=e)) from None
    except (ValueError, RecursionError) as e:   # e.g. an integer of more than 4300 digits
        raise PHHError(_("not a PHH text we can read: {e}").format(e=e)) from None


# ------------------------------------------------------------------ loading

def _is_amount(value: object) -> bool:
    return type(value) is int and value >= 0 and len(str(value)) <= _MAX_DIGITS


def _ints(fields: dict[str, Any], name: str, n: int | None = None) -> list[int]:
    value = fields.get(name)
    if isinstance(value, int) and _is_amount(value) and n is not None:
        return [value] * n
    if not isinstance(value, list) or not all(_is_amount(v) for v in value):
        raise PHHError(_("{name}: expected a list of whole numbers of chips, got {value}").format(name=name, value=_short(value)))
    if n is not None and len(value) != n:
        raise PHHError(_("{name}: expected {n} entries (one per player), got {count}").format(name=name, n=n, count=len(value)))
    return list(value)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _cards_or_unknown(text: str, what: str) -> tuple[Card, ...] | None:
    if "?" in text:
        return None
    try:
        return parse_cards(text)
    except ValueError as e:
        raise PHHError(f"{what}: {e}") from None


def load_phh(text: str | bytes) -> HandState:
    """Replay a PHH hand (``FO/8`` or ``PO``) through our rules; return the finished :class:`HandState`.

    ``text`` is the PHH (TOML) text, or its UTF-8 bytes, at most :data:`MAX_TEXT` characters and
    :data:`MAX_LINES` lines, keys at most :data:`MAX_KEY_DEPTH` dots deep, arrays nested at most 8
    deep and at most :data:`MAX_ACTIONS` actions (beyond them a :class:`PHHError` names the bound). Hole cards of players
    who folded may be unknown (``????????``). A single blind
    (``blinds_or_straddles = [250000, 0, 0, 0]``, as in WSOP fixed-limit events)
    is posted by ``p1`` and ``p2`` acts first. An action our rules forbid raises
    :class:`~omaha_learn.errors.IllegalAction` naming it; an unreadable text, an
    action after the hand ended or actions that stop before it ends raise
    :class:`PHHError`.
    """
    fields = _read_toml(_text(text))
    variant = fields.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise PHHError(_("variant {variant} is not supported (only {variants})").format(variant=_short(variant), variants=', '.join(VARIANTS)))
    stacks = _ints(fields, "starting_stacks")
    n = len(stacks)
    antes = _ints(fields, "antes", n)
    blinds = _ints(fields, "blinds_or_straddles", n)
    if n < 2:
        raise PHHError(_("starting_stacks: a hand needs at least two players"))
    if any(blinds[2:]):
        raise PHHError(_("blinds_or_straddles {blinds}: straddles are not supported").format(blinds=blinds))
    sb, bb = blinds[0], blinds[1]
    ante = antes[0]
    others = [a for j, a in enumerate(antes) if j != 1]
    if any(a != ante for a in others) or antes[1] < ante:
        raise PHHError(_("antes {antes}: only an equal ante and a big-blind ante are supported").format(antes=antes))
    bb_ante = antes[1] - ante
    game, structure = VARIANTS[variant], STRUCTURES[variant]
    kwargs: dict[str, Any] = {"structure": structure}
    if structure == "fixed":
        kwargs["small_bet"] = fields.get("small_bet", bb)
        kwargs["big_bet"] = fields.get("big_bet", 2 * kwargs["small_bet"])
    actions = fields.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PHHError(_("actions: expected a list of strings"))
    if len(actions) > MAX_ACTIONS:
        raise PHHError(_("actions: {count} actions; the limit is {max_actions}").format(count=format_number(len(actions)), max_actions=format_number(MAX_ACTIONS)))

    holes: list[tuple[Card, ...] | None] = [None] * n
    board: list[Card] = []
    plays: list[tuple[int, str, int, str]] = []   # (player index, op, amount, original text)
    for k, raw in enumerate(actions):
        words = raw.split("#", 1)[0].split()
        where = _("action {number} {text}").format(number=k, text=_short(raw))
        if not words:
            continue
        if words[0] == "d":
            if len(words) >= 3 and words[1] == "dh":
                j = _player(words[2], n, where)
                if len(words) > 3:
                    holes[j] = _cards_or_unknown(words[3], where)
            elif len(words) == 3 and words[1] == "db":
                cards = _cards_or_unknown(words[2], where)
                if cards is None:
                    raise PHHError(_("{where}: board cards must be known").format(where=where))
                board.extend(cards)
            else:
                raise PHHError(_("{where}: not a dealing action").format(where=where))
            continue
        j = _player(words[0], n, where)
        op = words[1] if len(words) > 1 else ""
        if op == "sm":
            if len(words) > 2 and words[2] != "-" and holes[j] is None:
                holes[j] = _cards_or_unknown(words[2], where)
            continue
        if op in ("f", "cc") and len(words) == 2:
            plays.append((j, op, 0, where))
        elif op == "cbr" and len(words) == 3 and re.fullmatch(f"[0-9]{{1,{_MAX_DIGITS}}}", words[2]):
            plays.append((j, op, int(words[2]), where))
        else:
            raise PHHError(_("{where}: not an action we read (f, cc, cbr N, sm, d dh, d db)").format(where=where))

    for j, h in enumerate(holes):
        if h is not None and len(h) != game.hole_cards:
            raise PHHError(_("variant {variant!r} ({label}) deals {hole_cards} hole cards; p{player} was dealt {count}").format(variant=variant, label=game.local_label, hole_cards=game.hole_cards, player=j + 1, count=len(h)))
    players = fields.get("players")
    names = [f"p{j + 1}" for j in range(n)]
    if isinstance(players, list) and len(players) == n and all(isinstance(x, str) for x in players):
        names = list(players)
    try:
        state = HandState(stacks, game=game, blinds=(sb, bb), ante=ante, bb_ante=bb_ante,
                          button=n - 1, holes=holes, board=board, hole_count=game.hole_cards,
                          names=names, deal_missing=False, **kwargs)
    except ValueError as e:
        raise PHHError(_("cannot set up the hand: {e}").format(e=e)) from None
    for j, op, amount, where in plays:
        if state.is_over:
            raise PHHError(_("{where}: the hand ended before this action").format(where=where))
        if state.to_act != j:
            if op == "cc" and _pointless_check(state, j):
                continue   # a check nobody could bet against (PokerKit asks for these; we skip them)
            if state.is_over:
                message = _("{where}: p{player} acts out of turn: the hand is over")
            else:
                message = _("{where}: p{player} acts out of turn: p{next} is to act")
            raise IllegalAction(message.format(where=where, player=j + 1, next=(state.to_act or 0) + 1))
        legal = state.legal_actions()
        if op == "f":
            action = Action("fold")
        elif op == "cc":
            action = Action("call" if legal.can_call else "check")
        else:
            action = Action("bet" if legal.can_bet or (not legal.can_raise and legal.to_call == 0) else "raise",
                            amount)
        try:   # a fold when checking was free is binding (PokerKit writes these)
            state.act(action, fold_anyway=op == "f")
        except IllegalAction as e:
            raise IllegalAction(f"{where}: {e}", action=action, legal=legal) from None
    if not state.is_over:
        raise PHHError(_("the actions end before the hand does: p{player} is to act").format(player=(state.to_act or 0) + 1))
    return state


def _pointless_check(state: HandState, seat: int) -> bool:
    """A check PokerKit asks for from a player nobody can bet against (we skip those turns)."""
    if state.is_over:
        return True
    others = any(not state.folded[k] and state.stacks[k] > 0 for k in range(state.n) if k != seat)
    return not state.folded[seat] and state.bets[seat] >= max(state.bets) and not others


def _player(word: str, n: int, where: str) -> int:
    if not re.fullmatch(r"p\d{1,4}", word) or not 1 <= int(word[1:]) <= n:
        raise PHHError(_("{where}: {word} is not a player (p1-p{n})").format(where=where, word=_short(word), n=n))
    return int(word[1:]) - 1


# ------------------------------------------------------------------ dumping

def dump_phh(state: HandState) -> str:
    """Write ``state`` (played so far, usually finished) as PHH text PokerKit can replay.

    Seats are written clockwise from the small blind (``p1``) so the button is last.

    >>> h = HandState([100, 100, 100], game="plo", seed=4)
    >>> h.play("r7 f f")
    >>> print(dump_phh(h))  # doctest: +ELLIPSIS
    variant = 'PO'
    antes = [0, 0, 0]
    blinds_or_straddles = [1, 2, 0]
    min_bet = 2
    starting_stacks = [100, 100, 100]
    actions = ['d dh p1 ...', 'd dh p2 ...', 'd dh p3 ...', 'p3 cbr 7', 'p1 f', 'p2 f']
    finishing_stacks = [99, 98, 103]
    """
    if not isinstance(state, HandState):
        raise PHHError(_("state: expected a HandState, got {state}").format(state=_short(state)))
    n = state.n
    seats = [(state.button + 1 + j) % n for j in range(n)]
    pid = {s: f"p{j + 1}" for j, s in enumerate(seats)}
    try:
        variant = state.game.phh_code(state.structure)
    except GameError as e:
        raise PHHError(_("state: {e}").format(e=e)) from None
    antes = [state.ante] * n
    antes[1] += state.bb_ante
    blinds = [0] * n
    blinds[0], blinds[1] = state.blinds
    lines = [f"variant = '{variant}'", f"antes = {antes}", f"blinds_or_straddles = {blinds}"]
    if state.structure == "pot":
        lines.append(f"min_bet = {state.big_blind}")
    else:
        lines += [f"small_bet = {state.small_bet}", f"big_bet = {state.big_bet}"]
    lines.append(f"starting_stacks = {[state.starting_stacks[s] for s in seats]}")
    actions = []
    for s in seats:
        hole = state.holes[s]
        actions.append(f"d dh {pid[s]} " + (format_cards(hole, sep="") if hole else "??" * state.hole_count))
    sizes = (0, 3, 4, 5)
    shown = 0
    for street, seat, a in state.history:
        while shown < sizes[street]:
            nxt = sizes[sizes.index(shown) + 1]
            actions.append("d db " + format_cards(state.board[shown:nxt], sep=""))
            shown = nxt
        if a.kind == "fold":
            actions.append(f"{pid[seat]} f")
        elif a.kind in ("check", "call"):
            actions.append(f"{pid[seat]} cc")
        else:
            actions.append(f"{pid[seat]} cbr {a.amount}")
    while shown < len(state.board):
        nxt = sizes[sizes.index(shown) + 1]
        actions.append("d db " + format_cards(state.board[shown:nxt], sep=""))
        shown = nxt
    result = state.result
    if result is not None and len(state.in_hand) > 1:   # showdown: PokerKit needs the cards shown
        order = list(getattr(result, "show_order", ())) or state.in_hand
        for s in order + [s for s in state.in_hand if s not in order]:
            actions.append(f"{pid[s]} sm " + format_cards(state.holes[s] or (), sep=""))
    lines.append("actions = [" + ", ".join(f"'{x}'" for x in actions) + "]")
    if any(state.names[s] != f"seat {s}" for s in seats):
        lines.append("players = [" + ", ".join(_quote(state.names[s]) for s in seats) + "]")
    if state.is_over:
        lines.append(f"finishing_stacks = {[state.stacks[s] for s in seats]}")
    return "\n".join(lines)


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _quote(text: str) -> str:
    r"""``text`` as a TOML string: literal ``'...'`` when it can be, else basic ``"..."`` with escapes.

    >>> print(_quote("ann"), _quote("o'neil"), _quote("two\nlines"), _quote("nul\x00"))
    'ann' "o'neil" "two\nlines" "nul\u0000"
    """
    if "'" not in text and all(c == "\t" or " " <= c != "\x7f" for c in text):
        return "'" + text + "'"
    return '"' + "".join(_ESCAPES.get(c) or (f"\\u{ord(c):04x}" if c < " " or c == "\x7f" else c)
                         for c in text) + '"'

