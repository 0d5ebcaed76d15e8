"""HTML for the coach's advice, the practice table and the hand review.

Duck-typed on :class:`~omaha_learn.strategy.coach.Advice`,
:class:`~omaha_learn.strategy.practice.PracticeTable` and
:class:`~omaha_learn.strategy.practice.Decision`; every number shown is one the
engine computed (the text is the engine's own sentences).

>>> from omaha_learn import HandState, coach
>>> hand = HandState([40, 6], game="plo", holes=["Ah Kh 7c 7s", None], board="7h 2h 9s", button=0,
...                  deal_missing=False, seed=3)
>>> hand.play("c x b4")
>>> page = advice_html(coach(hand, ranges={1: "QQ**"}, trials=2_000, seed=1))
>>> "Verdict" in page and "QQ**" in page and page.count("<img") >= 7
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from omaha_learn.display.cards import cards_row

__all__ = ["advice_html", "review_html", "practice_html", "table_html", "progress_svg", "visible_log", "VERDICT_COLORS"]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"
TABLE = f'style="{FONT};border-collapse:collapse;font-size:1.0em;margin:4px 0"'
CELL = 'style="border:1px solid #bbbbbb;padding:3px 8px;text-align:left;vertical-align:middle"'
VERDICT_COLORS = {"best": "#137a2c", "close": "#8a6d00", "mistake": "#b00020", "not weighed": "#555555"}
"""Colour of each review verdict (text is always there too, so colour is never the only cue)."""


def _e(x: Any) -> str:
    return html.escape(str(x))


def advice_html(advice: Any, *, four_color: bool = False) -> str:
    """The advice as a panel: the hand, price, equity with its error, the ranges and why, the hand's
    nut status, draws and two-card notes, the EV of each option (best marked) and the verdict."""
    best = advice.best_option
    rows = []
    for o in sorted(advice.options, key=lambda o: -o.ev):
        mark = " <b>(best)</b>" if o is best else ""
        err = f" &plusmn; {o.stderr:.1f}" if o.stderr else ""
        rows.append(f"<tr><td {CELL}>{_e(o.label)} ({_e(o.action)}){mark}</td><td {CELL}>{o.ev:+.1f}{err}</td>"
                    f"<td {CELL}><small>{_e(o.model)}</small></td></tr>")
    ranges = "".join(f"<li>{line_html(line)}</li>" for line in advice.range_lines())
    draws = "".join(f"<li>{_e(d)}</li>" for d in advice.draws)
    rules = "".join(f"<li>{_e(t)}</li>" for t in advice.two_card)
    board = f" on {cards_row(advice.board, four_color=four_color, size='small')}" if advice.board else ""
    return (f'<div class="ol-advice" style="{FONT};border:2px solid #1452cc;border-radius:6px;padding:6px 10px;'
            f'margin:6px 0;max-width:60em">'
            f'<div style="font-size:1.1em"><b>Coach</b> for seat {_e(advice.seat)} ({_e(advice.position)}), '
            f'{_e(advice.street)}: {cards_row(advice.hole, four_color=four_color, size="small")}{board}</div>'
            f'<div class="ol-price">{_e(advice.price_text())}</div>'
            f'<div class="ol-equity">{_e(advice.equity_text())}</div>'
            f'<div>Ranges assumed:<ul style="margin:2px 0">{ranges}</ul></div>'
            f'<div class="ol-nuts">{_e(advice.nuts)}</div>'
            + (f'<ul style="margin:2px 0">{draws}</ul>' if draws else "")
            + (f'<div>Two-card rule (R2):<ul style="margin:2px 0">{rules}</ul></div>' if rules else "")
            + f'<table {TABLE}><tr><th {CELL}>action</th><th {CELL}>chip EV from now</th><th {CELL}>model</th></tr>'
            f'{"".join(rows)}</table>'
            f'<div class="ol-verdict" style="font-size:1.1em"><b>Verdict:</b> {_e(advice.verdict)}</div></div>')


def line_html(line: str) -> str:
    """One range line with its range text in ``<code>``."""
    head, sep, rest = line.partition(": ")
    text, sep2, why = rest.partition(" (")
    if not sep or not sep2:
        return _e(line)
    return f"{_e(head)}: <code>{_e(text)}</code> ({_e(why)}"


def review_html(decisions: Sequence[Any]) -> str:
    """The learner's decisions in a hand, each with the coach's best action, the EVs and the verdict."""
    if not decisions:
        return f'<div class="ol-review" style="{FONT}"><i>No decision of yours in this hand.</i></div>'
    rows = []
    for d in decisions:
        a = d.advice
        taken = a.option(d.action)
        ev_taken = f"{taken.ev:+.1f}" if taken is not None else "&mdash;"
        color = VERDICT_COLORS.get(d.verdict, "#333333")
        rows.append(f"<tr><td {CELL}>{_e(d.street)}</td><td {CELL}>{_e(d.action)} ({ev_taken})</td>"
                    f"<td {CELL}>{_e(a.best)} ({a.best_option.ev:+.1f})</td>"
                    f"<td {CELL}>{100 * a.equity:.1f}% &plusmn; {100 * a.stderr:.1f}% vs price "
                    f"{100 * float(a.price):.1f}%</td>"
                    f'<td {CELL}><b style="color:{color}">{_e(d.verdict)}</b></td></tr>')
    return (f'<div class="ol-review" style="{FONT}"><b>Review of hand {_e(decisions[0].hand_number)}</b>'
            f'<table {TABLE}><tr><th {CELL}>street</th><th {CELL}>you (EV)</th><th {CELL}>coach (EV)</th>'
            f'<th {CELL}>equity</th><th {CELL}>verdict</th></tr>{"".join(rows)}</table></div>')


def table_html(table: Any, *, four_color: bool = False, size: int | str = "medium") -> str:
    """The practice table from the learner's seat: the board and the learner's cards as pictures,
    the other seats face down until a showdown shows them, stacks, bets and the log."""
    hand = table.hand
    over = hand.is_over
    shown = set(getattr(hand.result, "show_order", ()) or ()) if over else set()
    seats = []
    for i in range(hand.n):
        hole = hand.holes[i] or ()
        visible = i == 0 or (i in shown and not hand.folded[i])
        flags = []
        if i == hand.button:
            flags.append("button")
        if hand.folded[i]:
            flags.append("folded")
        elif hand.stacks[i] == 0 and not over:
            flags.append("all in")
        if hand.to_act == i:
            flags.append("to act")
        bet = f" &middot; bet {hand.bets[i]}" if hand.bets[i] else ""
        row = cards_row(hole, four_color=four_color, size="small" if i else size, hidden=not visible,
                        label=f"{hand.names[i]}'s hole cards" + ("" if visible else ", face down"))
        seats.append(f'<div class="ol-seat" style="display:inline-block;vertical-align:top;margin:3px 12px 3px 0">'
                     f'<b>{_e(hand.names[i])}</b> &middot; stack {hand.stacks[i]}{bet}'
                     f'{" &middot; " + _e(", ".join(flags)) if flags else ""}<div>{row}</div></div>')
    board = (cards_row(hand.board, four_color=four_color, size=size, label="board") if hand.board
             else "<i>no board cards yet</i>")
    head = (f"Hand {table.hand_number} &middot; {_e(hand.street)} &middot; pot {hand.pot}" if not over
            else f"Hand {table.hand_number} &middot; over")
    result = ""
    if over:
        summary = getattr(hand.result, "summary", None) or getattr(hand.result, "describe", None)
        result = f'<pre class="ol-result" style="white-space:pre-wrap">{_e(summary() if callable(summary) else hand.result)}</pre>'
    log = "".join(f"<li>{_e(x)}</li>" for x in visible_log(hand))
    return (f'<div class="ol-practice" style="{FONT}"><div style="font-size:1.2em"><b>{head}</b></div>'
            f'<div style="margin:4px 0">Board: {board}</div>{"".join(seats)}{result}'
            f'<details><summary>Action log</summary><ol style="margin:2px 0">{log}</ol></details></div>')


def visible_log(hand: Any) -> list[str]:
    """The action log as seat 0 sees it: the deal lines of the other seats (their hole cards) left out."""
    others = tuple(f"{name} is dealt" for name in hand.names[1:])
    return [line for line in hand.log if not line.startswith(others)]


def practice_html(table: Any, *, four_color: bool = False) -> str:
    """The practice table, with the learner's legal actions when it is their turn."""
    page = table_html(table, four_color=four_color)
    if not table.hand.is_over:
        page += f'<div class="ol-legal" style="{FONT}">You may: {_e(table.hand.legal_actions().describe())}</div>'
    return page



def progress_svg(results: Sequence[int], verdicts: dict[str, int]) -> str:
    """A running chart: the learner's total result after each hand (a line) and the decisions by verdict (bars).

    >>> page = progress_svg([3, -2, 10], {"best": 4, "close": 1, "mistake": 2, "not weighed": 0})
    >>> "<svg" in page and "+11" in page and "mistake 2" in page
    True
    """
    width, height, pad = 360, 150, 28
    totals = [0]
    for r in results:
        totals.append(totals[-1] + r)
    lo, hi = min(totals), max(totals)
    span = max(hi - lo, 1)

    def xy(i: int, v: int) -> str:
        x = pad + (width - 2 * pad) * i / max(len(totals) - 1, 1)
        y = height - pad - (height - 2 * pad) * (v - lo) / span
        return f"{x:.1f},{y:.1f}"

    zero = height - pad - (height - 2 * pad) * (0 - lo) / span
    points = " ".join(xy(i, v) for i, v in enumerate(totals))
    line = (f'<svg class="ol-progress-line" role="img" aria-label="your total after each hand" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
            f'<line x1="{pad}" y1="{zero:.1f}" x2="{width - pad}" y2="{zero:.1f}" stroke="#999999" stroke-dasharray="4 3"/>'
            f'<polyline points="{points}" fill="none" stroke="#1452cc" stroke-width="2"/>'
            f'<text x="{pad}" y="16" font-size="12" fill="#333333">your total: {totals[-1]:+d} chips after '
            f'{len(results)} hand(s)</text></svg>')
    total = max(sum(verdicts.values()), 1)
    bars = []
    for k, (name, n) in enumerate(verdicts.items()):
        w = (width - 2 * pad - 110) * n / total
        y = 24 + 24 * k
        bars.append(f'<text x="{pad}" y="{y + 12}" font-size="12" fill="#333333">{_e(name)} {n}</text>'
                    f'<rect x="{pad + 110}" y="{y}" width="{w:.1f}" height="16" fill="{VERDICT_COLORS.get(name, "#555555")}"/>')
    chart = (f'<svg class="ol-progress-verdicts" role="img" aria-label="your decisions by verdict" width="{width}" '
             f'height="{24 + 24 * len(verdicts)}" xmlns="http://www.w3.org/2000/svg">'
             f'<text x="{pad}" y="14" font-size="12" fill="#333333">decisions by the coach\'s verdict</text>'
             f'{"".join(bars)}</svg>')
    return f'<div class="ol-progress" style="{FONT}">{line}{chart}</div>'
