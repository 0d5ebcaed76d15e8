"""HTML tables for explanations, low comparisons, showdowns, equity and hand states.

Duck-typed on the engine's documented attributes, so this module imports no
engine module at load time (and never ipywidgets).

>>> from omaha_learn import best_low
>>> a = best_low("Ah 2c Kd Qs", "4s 6d 7c 8h 9d")     # 76421
>>> b = best_low("3c 5s Kh Qh", "4s 6d 7c 8h 9d")     # 76543
>>> page = low_comparison_html([("Ann", a), ("Bob", b)])
>>> "Ann wins the low" in page and "decided by the third card: 5 against 4" in page
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from omaha_learn.display.cards import HIGHLIGHT, cards_row
from omaha_learn.display.theme import BORDER, MUTED, scroll_close, scroll_open, tinted
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.i18n import N_, format_percent, gettext, ngettext, pgettext, street_word

__all__ = [
    "explanation_html",
    "low_comparison_html",
    "showdown_html",
    "equity_html",
    "hand_state_html",
]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"
TABLE = f'style="{FONT};border-collapse:collapse;font-size:1.05em;margin:6px 0"'
CELL = f'style="border:1px solid {BORDER};padding:3px 8px;text-align:left;vertical-align:middle"'
BEST_HIGH_BG = "#ffe6a8"
BEST_LOW_BG = "#cfe3ff"


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    """The first attribute (or mapping key) of ``obj`` among ``names``."""
    for n in names:
        if isinstance(obj, Mapping) and n in obj:
            return obj[n]
        if hasattr(obj, n):
            v = getattr(obj, n)
            return v() if callable(v) and n in ("describe",) else v
    return default


def _e(x: Any) -> str:
    return html.escape(str(x))


def _describe(hand: Any, none_text: str = "&mdash;") -> str:
    """A hand's description, escaped; ``none_text`` (HTML, already escaped) for no hand."""
    if hand is None:
        return none_text
    d = getattr(hand, "describe", None)
    return _e(d() if callable(d) else hand)


def _pct(x: Any) -> str:
    try:
        return _e(format_percent(float(x)))
    except (TypeError, ValueError):
        return "&mdash;"


def _seat_name(seat: Any, names: Sequence[str] | None) -> str:
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return gettext("Seat {seat}").format(seat=seat) if isinstance(seat, int) else str(seat)


# ---------------------------------------------------------------- explanations

def explanation_html(expl: Any, *, four_color: bool = False, size: int | str = "chip",
                     show_grid: bool = True) -> str:
    """Every two-plus-three choice (60 rows for a full board) with the best high
    and best low rows highlighted and the pitfalls named (R2-R4, R10).

    ``expl`` needs ``.choices`` (each with a hole pair, a board triple, ``.high``
    and ``.low``), ``.best_high``, ``.best_low`` and ``.pitfalls``.
    """
    best_high = _get(expl, "best_high")
    best_low = _get(expl, "best_low")
    parts = [f'<div class="ol-explanation" style="{FONT}">']
    hole = _get(expl, "hole", default=()) or ()
    board = _get(expl, "board", default=()) or ()
    if hole and board:
        hand_row = cards_row(hole, four_color=four_color, size="medium", label=gettext("hole cards"))
        board_row = cards_row(board, four_color=four_color, size="medium", label=gettext("board"))
        parts.append("<div>" + gettext("Hand: {hand} &nbsp; Board: {board}").format(hand=hand_row, board=board_row)
                     + "</div>")
    parts.append('<div style="font-size:1.15em;margin-bottom:4px">')
    high_text = gettext("Best high: {hand}").format(hand=f"<b>{_describe(best_high)}</b>")
    no_low = _e(gettext("no qualifying low"))
    low_text = gettext("Best low: {hand}").format(hand=f"<b>{_describe(best_low, no_low)}</b>")
    parts.append(f'<span style="{tinted("best_high")};padding:1px 6px">{high_text}</span> ')
    parts.append(f'<span style="{tinted("best_low")};padding:1px 6px">{low_text}</span>')
    parts.append("</div>")
    pitfalls = list(_get(expl, "pitfalls", default=()) or ())
    if pitfalls:
        parts.append('<ul class="ol-pitfalls" style="color:#7a0014;background:#fde8ea;font-weight:bold;margin:4px 0;padding:4px 4px 4px 2em;list-style:\'⚠ \'">')
        for p in pitfalls:
            text = _get(p, "message", "text", "description", default=p)
            rule = _get(p, "rule", default="")
            line = (gettext("Pitfall ({rule}): {text}").format(rule=_e(rule), text=_e(text)) if rule
                    else gettext("Pitfall: {text}").format(text=_e(text)))
            parts.append(f"<li>{line}</li>")
        parts.append("</ul>")
    choices = list(_get(expl, "choices", default=()) or ())
    if show_grid and choices:
        heads = ("#", _e(gettext("two from the hand")), _e(gettext("three from the board")),
                 _e(pgettext("column", "high")), _e(pgettext("column", "low")))
        label = ngettext("all {n} way to use two hole cards and three board cards",
                         "all {n} ways to use two hole cards and three board cards", len(choices)).format(n=len(choices))
        parts.append(scroll_open(label, max_height="560px" if len(choices) > 12 else ""))
        parts.append(f'<table class="ol-grid" {TABLE}><thead><tr>'
                     + "".join(f"<th {CELL}>{h}</th>" for h in heads) + "</tr></thead><tbody>")
        for i, ch in enumerate(choices, 1):
            pair = _get(ch, "hole", "pair", "hole_pair", "hole_cards", default=())
            triple = _get(ch, "board", "triple", "board_triple", "board_cards", default=())
            high = _get(ch, "high")
            low = _get(ch, "low")
            is_bh = _get(ch, "is_best_high", default=None)
            if is_bh is None:
                is_bh = best_high is not None and high is not None and high == best_high
            is_bl = _get(ch, "is_best_low", default=None)
            if is_bl is None:
                is_bl = best_low is not None and low is not None and low == best_low
            cls = " ".join(c for c, on in (("ol-best-high", is_bh), ("ol-best-low", is_bl)) if on) or "ol-choice"
            bg = tinted("best_high") if is_bh else tinted("best_low") if is_bl else ""
            style = f' style="{bg}"' if bg else ""
            hcell = f"<b>{_describe(high)}</b>" if is_bh else _describe(high)
            lcell = (f'<b style="{tinted("best_low")}">{_describe(low)}</b>' if is_bl else _describe(low))
            parts.append(f'<tr class="{cls}"{style}><td {CELL}>{i}</td>'
                         f'<td {CELL}>{cards_row(pair, four_color=four_color, size=size)}</td>'
                         f'<td {CELL}>{cards_row(triple, four_color=four_color, size=size)}</td>'
                         f'<td {CELL}>{hcell}</td><td {CELL}>{lcell}</td></tr>')
        parts.append("</tbody></table>" + scroll_close())
    parts.append("</div>")
    return "".join(parts)


# ------------------------------------------------------------------------ lows

def _deciding_index(a: Sequence[int], b: Sequence[int]) -> int | None:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return None


def _rank_text(r: int) -> str:
    return "A" if r == 1 else "TJQK"[r - 10] if r >= 10 else str(r)


def _digit(r: int) -> str:
    """A low's rank as a digit of its number (ace = 1, R9)."""
    return str(r) if r < 10 else "TJQK"[r - 10]


_DECIDED_BY = (
    N_("decided by the first card: {mine} against {best}"),
    N_("decided by the second card: {mine} against {best}"),
    N_("decided by the third card: {mine} against {best}"),
    N_("decided by the fourth card: {mine} against {best}"),
    N_("decided by the fifth card: {mine} against {best}"),
)
"""Why a low lost, by the card that decides it (R9): whole sentences for the catalogue."""


def low_comparison_html(entries: Iterable[tuple[str, Any]], *, qualifier: int | None = 8, four_color: bool = False,
                        size: int | str = "medium") -> str:
    """Lows read as numbers, best first; the card that decides each comparison
    is highlighted (R9). ``entries`` are ``(name, LowHand or None)`` pairs;
    which low is better comes from the LowHand comparison itself.
    """
    rows = list(entries)
    lows = [low for _, low in rows if low is not None]
    best = max(lows) if lows else None
    winners = [name for name, low in rows if low is not None and low == best]
    parts = [f'<div class="ol-lows" style="{FONT}">']
    q = gettext("no qualifier") if qualifier is None else gettext("{qualifier} or better").format(qualifier=qualifier)
    parts.append(f'<div style="color:{MUTED}">'
                 + _e(gettext("Qualifier: {qualifier} (R8, R12). Read each low as a number from its highest card "
                              "down: the smaller number wins (R9).").format(qualifier=q)) + "</div>")
    order = sorted(rows, key=lambda nl: (nl[1] is None, -(nl[1].strength if nl[1] is not None else 0)))
    losers = [lo for _, lo in order if lo is not None and lo != best]
    runner_up = losers[0] if losers else None
    parts.append(f'<table {TABLE}><tbody>')
    for name, low in order:
        if low is None:
            no_low = _e(gettext("no qualifying low"))
            parts.append(f'<tr><td {CELL}><b>{_e(name)}</b></td><td {CELL}>{no_low}</td>'
                         f'<td {CELL}></td><td {CELL}></td></tr>')
            continue
        ranks = tuple(low.ranks)
        win = best is not None and low == best
        idx = None
        why = ""
        if win and runner_up is not None and getattr(runner_up, "is_pat", True) and getattr(low, "is_pat", True):
            idx = _deciding_index(ranks, tuple(runner_up.ranks))
        if not win and best is not None:
            idx = _deciding_index(ranks, tuple(best.ranks))
            if getattr(low, "is_pat", True) and not getattr(best, "is_pat", True):
                idx = None
            if not getattr(low, "is_pat", True) and getattr(best, "is_pat", True):
                why = gettext("a paired low loses to five different ranks")
                idx = None
            elif idx is not None:
                why = gettext(_DECIDED_BY[idx]).format(mine=_rank_text(ranks[idx]), best=_rank_text(best.ranks[idx]))
        cards = tuple(low.cards)
        hi = [cards[idx]] if idx is not None and idx < len(cards) else []
        digits = "".join(
            (f'<span style="color:#1a1a1a;background:{HIGHLIGHT};padding:0 2px">{_digit(r)}</span>' if i == idx else _digit(r))
            for i, r in enumerate(ranks))
        result = (gettext("wins the low") if len(winners) == 1 else gettext("ties for the low")) if win else why
        parts.append(f'<tr class="{"ol-low-winner" if win else "ol-low-loser"}"><td {CELL}><b>{_e(name)}</b></td>'
                     f'<td {CELL}>{cards_row(cards, four_color=four_color, size=size, highlight=hi)}</td>'
                     f'<td {CELL}><span style="font-family:monospace;font-size:1.6em">{digits}</span></td>'
                     f'<td {CELL}>{_e(result)}</td></tr>')
    parts.append("</tbody></table>")
    if not winners:
        verdict = gettext("No qualifying low: the high hand takes the whole pot (R11).")
    elif len(winners) == 1:
        verdict = gettext("{name} wins the low.").format(name=winners[0])
    else:
        both = gettext("{items} and {last}").format(items=", ".join(winners[:-1]), last=winners[-1])
        verdict = gettext("{names} tie for the low and split it (R9, R11).").format(names=both)
    parts.append(f"<div><b>{_e(verdict)}</b></div>")
    parts.append("</div>")
    return "".join(parts)


# ------------------------------------------------------------------- showdowns

def _shares(shares: Mapping[Any, Any] | None, names: Sequence[str] | None) -> str:
    if not shares:
        return "&mdash;"
    return ", ".join(f"{_e(_seat_name(k, names))} <b>{_e(a)}</b>" for k, a in shares.items())


def showdown_html(result: Any, *, names: Sequence[str] | None = None, four_color: bool = False,
                  size: int | str = "small") -> str:
    """Each seat's hands and payout, then each pot (main and side) with its
    amount, eligible seats, the shares of each half and the reason
    (R11, R21-R24). Duck-typed on ShowdownResult / PotResult.
    """
    parts = [f'<div class="ol-showdown" style="{FONT}">']
    board = _get(result, "board", default=()) or ()
    if board:
        parts.append("<div>" + gettext("Board: {cards}").format(cards=cards_row(board, four_color=four_color, size=size))
                     + "</div>")
    holes = _get(result, "holes", default=None)
    payouts = _get(result, "payouts", default=None)
    if holes is not None:
        highs = _get(result, "high_hands", default=None) or [None] * len(holes)
        lows = _get(result, "low_hands", default=None) or [None] * len(holes)
        dead = set(_get(result, "dead", default=()) or ())
        hilo = Game.parse(_get(result, "game", default=DEFAULT_GAME)).has_low
        order = list(_get(result, "show_order", default=()) or ())
        titles = [pgettext("column", "Seat"), pgettext("column", "Hole cards"), pgettext("column", "High")]
        titles += [pgettext("column", "Low")] if hilo else []
        titles += [pgettext("column", "Shows"), pgettext("column", "Wins")]
        head = "".join(f"<th {CELL}>{_e(t)}</th>" for t in titles)
        rows = []
        for seat, hole in enumerate(holes):
            name = _e(_seat_name(seat, names))
            won = payouts[seat] if payouts is not None and seat < len(payouts) else ""
            if hole is None:
                folded_word = _e(gettext("folded"))
                cells = (f"<td {CELL}><i>{folded_word}</i></td><td {CELL}></td>"
                         + (f"<td {CELL}></td>" if hilo else ""))
                shows = ""
            else:
                high = highs[seat] if seat < len(highs) else None
                low = lows[seat] if seat < len(lows) else None
                used = set(getattr(high, "hole_cards", ()) or ())
                htext = _e(gettext("dead hand: not all cards shown (R23)")) if seat in dead else _describe(high)
                no_low = _e(gettext("no low"))
                cells = (f"<td {CELL}>{cards_row(hole, four_color=four_color, size=size, highlight=used)}</td>"
                         f"<td {CELL}>{htext}</td>"
                         + (f"<td {CELL}>{_describe(low, no_low)}</td>" if hilo else ""))
                shows = str(order.index(seat) + 1) if seat in order else ""
            style = f' style="{tinted("best_high")}"' if isinstance(won, int) and won > 0 else ""
            rows.append(f"<tr{style}><td {CELL}><b>{name}</b></td>{cells}<td {CELL}>{shows}</td>"
                        f"<td {CELL}><b>{_e(won)}</b></td></tr>")
        parts.append(scroll_open(gettext("the players' hands"))
                     + f'<table class="ol-seats" {TABLE}><thead><tr>{head}</tr></thead>'
                     f'<tbody>{"".join(rows)}</tbody></table>' + scroll_close())
    if _get(result, "uncontested", default=False):
        alone = _e(gettext("Everyone else folded: the last player wins without showing (R20)."))
        parts.append(f"<div><b>{alone}</b></div>")
    for i, pot in enumerate(_get(result, "pots", default=()) or ()):
        amount = _get(pot, "amount", default="?")
        eligible = _get(pot, "eligible", default=()) or ()
        index = _get(pot, "index", default=i)
        if _get(pot, "uncalled", default=False):
            title = gettext("Uncalled bet: {amount}")
        elif index == 0:
            title = gettext("Main pot: {amount}")
        else:
            title = gettext("Side pot {index}: {amount}")
        who = gettext("eligible: {seats}").format(seats=", ".join(_seat_name(s, names) for s in eligible))
        parts.append(f'<div class="ol-pot" style="border:1px solid {BORDER};padding:6px;margin:6px 0">'
                     f'<div style="font-size:1.15em"><b>{_e(title.format(amount=amount, index=index))}</b>'
                     f' &mdash; {_e(who)}</div>')
        if not _get(pot, "uncalled", default=False):
            hs = _get(pot, "high_shares", default=None)
            ls = _get(pot, "low_shares", default=None)
            no_low = _e(gettext("no qualifying low: the high takes the whole pot (R11)"))
            high_half, low_half = _e(gettext("High half")), _e(gettext("Low half"))
            parts.append(f"<table {TABLE}><tr><td {CELL}>{high_half}</td>"
                         f"<td {CELL}>{_shares(hs, names)}</td></tr>"
                         f"<tr><td {CELL}>{low_half}</td><td {CELL}>"
                         f"{_shares(ls, names) if ls else no_low}"
                         f"</td></tr></table>")
        reason = _get(pot, "reason", default="")
        if reason:
            parts.append(f'<div class="ol-reason">{_e(reason)}</div>')
        parts.append("</div>")
    order = _get(result, "show_order")
    if order:
        seats = ", ".join(_seat_name(s, names) for s in order)
        order_text = gettext("Show order (R22): {seats}").format(seats=seats)
        parts.append(f"<div>{_e(order_text)}</div>")
    kill_seat = _get(result, "kill_seat")
    if kill_seat is not None:
        kill_text = gettext("{name} posts a kill next hand (R25).").format(name=_seat_name(kill_seat, names))
        parts.append(f"<div>{_e(kill_text)}</div>")
    parts.append("</div>")
    return "".join(parts)


# ---------------------------------------------------------------------- equity

def _bar(x: Any, color: str) -> str:
    try:
        w = max(0.0, min(100.0, 100 * float(x)))
    except (TypeError, ValueError):
        w = 0.0
    return (f'<span class="ol-bar" aria-hidden="true" style="display:inline-block;width:120px;height:0.8em;'
            f'background:#e6e6e6;border:1px solid #767676;vertical-align:middle">'
            f'<span aria-hidden="true" style="display:block;width:{w:.1f}%;height:100%;background:{color}"></span></span>')


def equity_html(result: Any, *, names: Sequence[str] | None = None, four_color: bool = False) -> str:
    """A table of each player's equity with its high, low, scoop, split and
    quartered rates (R11); how many boards, exact or Monte Carlo (with its
    standard error), and how often a low is made.
    """
    players = list(result)
    parts = [f'<div class="ol-equity" style="{FONT}">']
    title = _get(result, "title", default=None)
    if callable(title):
        parts.append(f'<div style="font-size:1.1em"><b>{_e(title())}</b></div>')
    cols = [("equity", pgettext("column", "Equity")), ("high", pgettext("column", "High share")),
            ("low", pgettext("column", "Low share")), ("scoop", pgettext("column", "Scoop")),
            ("split", pgettext("column", "Split")), ("quartered", pgettext("column", "Quartered"))]
    if not Game.parse(_get(result, "game", default=DEFAULT_GAME)).has_low:
        cols = [c for c in cols if c[0] not in ("low", "quartered")]
    head = "".join(f"<th {CELL}>{_e(t)}</th>" for _, t in cols)
    player_head, hand_head = _e(pgettext("column", "Player")), _e(pgettext("column", "Hand"))
    random_hand = _e(gettext("random"))
    parts.append(scroll_open(gettext("equity of each player"))
                 + f'<table {TABLE}><thead><tr><th {CELL}>{player_head}</th>'
                 f'<th {CELL}>{hand_head}</th>{head}</tr></thead><tbody>')
    for i, p in enumerate(players):
        name = names[i] if names and i < len(names) else gettext("Player {number}").format(number=i + 1)
        hole = _get(p, "hole", default=None)
        hand = cards_row(hole, four_color=four_color, size="chip") if hole else f"<i>{random_hand}</i>"
        row = [f"<td {CELL}><b>{_e(name)}</b></td>", f"<td {CELL}>{hand}</td>"]
        for key, _ in cols:
            v = _get(p, key)
            if key == "equity":
                err = _get(p, "stderr")
                pm = f" &plusmn; {_pct(err)}" if err else ""
                row.append(f"<td {CELL}>{_bar(v, '#1452cc')} <b>{_pct(v)}</b>{pm}</td>")
            else:
                row.append(f"<td {CELL}>{_pct(v)}</td>")
        parts.append(f"<tr>{''.join(row)}</tr>")
    parts.append("</tbody></table>" + scroll_close())
    low_possible = _get(result, "low_possible")
    if low_possible is not None and Game.parse(_get(result, "game", default=DEFAULT_GAME)).has_low:
        text = gettext("A qualifying low is made on {percent} of boards; scoop = whole pot, split = shares a half "
                       "or the pot, quartered = a quarter (R11).").format(percent=_pct(low_possible))
        parts.append(f'<div style="color:{MUTED}">{text}</div>')
    parts.append("</div>")
    return "".join(parts)


# ------------------------------------------------------------------ hand state

def hand_state_html(state: Any, *, names: Sequence[str] | None = None, four_color: bool = False,
                    show_cards: bool = True, size: int | str = "chip", show_log: bool = True,
                    show_legal: bool = True) -> str:
    """Street, board, pot, side pots, each seat's stack and bet, the legal
    actions of the player to act with the bet/raise range (R15-R19), the
    result once the hand is over, and the action log. Duck-typed on HandState.
    """
    names = names or _get(state, "names", default=None)
    parts = [f'<div class="ol-hand-state" style="{FONT}">']
    street = str(_get(state, "street", default="") or "")
    pot = _get(state, "pot", default="?")
    word = street_word(street)
    head = gettext("{street} &mdash; pot {pot}").format(street=f"<b>{_e(word[:1].upper() + word[1:])}</b>",
                                                         pot=f"<b>{_e(pot)}</b>")
    parts.append(f'<div style="font-size:1.25em">{head}</div>')
    board = _get(state, "board", default=()) or ()
    board_text = gettext("Board: {cards}").format(cards=cards_row(board, four_color=four_color, size="medium"))
    no_board = _e(gettext("no board cards yet"))
    parts.append(f'<div style="margin:4px 0">{board_text}</div>'
                 if board else f"<div><i>{no_board}</i></div>")
    contributions = _get(state, "contributions", default=None)
    folded = _get(state, "folded", default=None)
    stacks = _get(state, "stacks", default=()) or ()
    all_in = any(st == 0 and not (folded and i < len(folded) and folded[i]) for i, st in enumerate(stacks))
    if contributions is not None and all_in and not _get(state, "is_over", default=False):
        from omaha_learn.engine.pots import side_pots

        pots = [p for p in side_pots(list(contributions), folded=[bool(f) for f in (folded or [])] or ())
                if not p.uncalled]
        if len(pots) > 1:
            items = "".join(
                "<li>" + _e((gettext("Main pot: {amount} (eligible: {seats})") if i == 0
                             else gettext("Side pot {index}: {amount} (eligible: {seats})")).format(
                    index=i, amount=p.amount, seats=", ".join(_seat_name(s, names) for s in p.eligible))) + "</li>"
                for i, p in enumerate(pots))
            so_far = _e(gettext("Pots so far (R21):"))
            parts.append(f'<div class="ol-side-pots">{so_far}'
                         f'<ul style="margin:2px 0">{items}</ul></div>')
    bets = _get(state, "bets", default=None)
    holes = _get(state, "holes", default=None)
    to_act = _get(state, "to_act", default=None)
    button = _get(state, "button", default=None)
    rows = []
    for i, stack in enumerate(stacks):
        flags = []
        if button == i:
            flags.append(gettext("button"))
        if folded is not None and i < len(folded) and folded[i]:
            flags.append(gettext("folded"))
        elif stack == 0:
            flags.append(gettext("all-in"))
        if to_act == i:
            flags.append(gettext("to act"))
        cards = ""
        if show_cards and holes is not None and i < len(holes) and holes[i]:
            cards = cards_row(holes[i], four_color=four_color, size=size)
        bet = bets[i] if bets is not None and i < len(bets) else 0
        style = f' style="{tinted("best_high")}"' if to_act == i else ""
        stack_text = _e(gettext("stack {chips}").format(chips=stack))
        bet_text = _e(gettext("bet {chips}").format(chips=bet)) if bet else ""
        rows.append(f"<tr{style}><td {CELL}><b>{_e(_seat_name(i, names))}</b></td><td {CELL}>{cards}</td>"
                    f"<td {CELL}>{stack_text}</td>"
                    f"<td {CELL}>{bet_text}</td>"
                    f"<td {CELL}>{_e(', '.join(flags))}</td></tr>")
    if rows:
        parts.append(f"<table {TABLE}>{''.join(rows)}</table>")
    legal = None
    la = getattr(state, "legal_actions", None)
    if callable(la) and to_act is not None and show_legal:
        from omaha_learn.errors import OmahaLearnError

        try:
            legal = la()
        except OmahaLearnError:  # a finished hand has no legal actions
            legal = None
    if legal is not None:
        parts.append(f'<div class="ol-legal" style="font-size:1.1em">{_legal_text(legal, _seat_name(to_act, names))}</div>')
    result = _get(state, "result", default=None)
    if result is not None:
        summary = _get(result, "summary", "describe", default=None)
        text = summary() if callable(summary) else str(result)
        parts.append(f'<pre class="ol-result" style="white-space:pre-wrap;font-size:0.95em">{_e(text)}</pre>')
    log = list(_get(state, "log", default=()) or ())
    if log and show_log:
        log_title = _e(gettext("Action log"))
        parts.append(f'<details><summary>{log_title}</summary><ol style="margin:2px 0">' +
                     "".join(f"<li>{_e(x)}</li>" for x in log) + "</ol></details>")
    parts.append("</div>")
    return "".join(parts)


def _legal_text(legal: Any, who: str) -> str:
    describe = getattr(legal, "describe", None)
    text = describe() if callable(describe) else str(legal)
    out = gettext("{name} may: {actions}").format(name=f"<b>{_e(who)}</b>", actions=_e(text))
    lo, hi = _get(legal, "min_to"), _get(legal, "max_to")
    if lo is not None and hi is not None and _get(legal, "structure", default="") == "pot":
        amounts = f"<b>{_e(lo)}&ndash;{_e(hi)}</b>"
        line = (gettext("pot-limit bet range {amounts} (R18)") if _get(legal, "can_bet")
                else gettext("pot-limit raise to range {amounts} (R18)"))
        out += " &mdash; " + line.format(amounts=amounts)
    return out
