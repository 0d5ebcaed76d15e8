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

import base64
import html
from collections.abc import Sequence
from typing import Any

from omaha_learn.display.cards import cards_row
from omaha_learn.display.html import hole_cards_label
from omaha_learn.display.narration import LEARNER, dealer_log, rename_seats, seat_labels
from omaha_learn.display.theme import BADGE_WORDS, BADGES, BORDER, badge, scroll_box
from omaha_learn.i18n import format_number, format_percent, gettext, ngettext, pgettext, street_word
from omaha_learn.strategy.advice import action_label, model_text

__all__ = ["advice_html", "review_html", "practice_html", "table_html", "progress_svg", "progress_text",
           "visible_log", "VERDICT_COLORS", "scroll_box"]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"
TABLE = f'style="{FONT};border-collapse:collapse;font-size:1.0em;margin:4px 0"'
CELL = f'style="border:1px solid {BORDER};padding:3px 8px;text-align:left;vertical-align:middle"'
VERDICT_COLORS = {k: BADGES[k][1] for k in ("best", "close", "mistake", "not weighed")}
"""Colour of each review verdict (a badge with an icon and the word, so colour is never the only cue)."""


def _e(x: Any) -> str:
    return html.escape(str(x))


def advice_html(advice: Any, *, four_color: bool = False, who: str | None = None) -> str:
    """The advice as a panel: the hand, price, equity with its error, the ranges and why, the hand's
    nut status, draws and two-card notes, the EV of each option (best marked) and the verdict;
    ``who`` names the seat (default "seat N (POS)"; the practice table passes "you (BTN)")."""
    best = advice.best_option
    rows = []
    for o in sorted(advice.options, key=lambda o: -o.ev):
        mark = " " + badge("best") if o is best else ""
        err = f" &plusmn; {_e(format_number(o.stderr, 1))}" if o.stderr else ""
        ev = _e(_signed(o.ev))
        rows.append(f"<tr><td {CELL}>{_e(action_label(o.label))} ({_e(o.action)}){mark}</td><td {CELL}>{ev}{err}</td>"
                    f"<td {CELL}><small>{_e(model_text(o.model))}</small></td></tr>")
    ranges = "".join(f"<li>{line_html(line)}</li>" for line in advice.range_lines())
    draws = "".join(f"<li>{_e(d)}</li>" for d in advice.draws)
    rules = "".join(f"<li>{_e(t)}</li>" for t in advice.two_card)
    name = who if who is not None else gettext("seat {seat} ({position})").format(seat=advice.seat,
                                                                                  position=advice.position)
    hole = cards_row(advice.hole, four_color=four_color, size="small")
    fields = {"name": _e(name), "street": _e(street_word(advice.street)), "hole": hole,
              "board": cards_row(advice.board, four_color=four_color, size="small")}
    head = (gettext("<b>Coach</b> for {name}, {street}: {hole} on {board}") if advice.board
            else gettext("<b>Coach</b> for {name}, {street}: {hole}")).format(**fields)
    assumed, two_card = _e(gettext("Ranges assumed:")), _e(gettext("Two-card rule (R2):"))
    titles = "".join(f"<th {CELL}>{_e(pgettext('column', t))}</th>" for t in ("action", "chip EV from now", "model"))
    verdict = gettext("<b>Verdict:</b> {verdict}").format(verdict=_e(advice.verdict))
    return (f'<div class="ol-advice" style="{FONT};border:2px solid #1452cc;border-radius:6px;padding:6px 10px;'
            f'margin:6px 0;max-width:min(60em,100%);box-sizing:border-box">'
            f'<div style="font-size:1.1em">{head}</div>'
            f'<div class="ol-price">{_e(advice.price_text())}</div>'
            f'<div class="ol-equity">{_e(advice.equity_text())}</div>'
            f'<div>{assumed}<ul style="margin:2px 0">{ranges}</ul></div>'
            f'<div class="ol-nuts">{_e(advice.nuts)}</div>'
            + (f'<ul style="margin:2px 0">{draws}</ul>' if draws else "")
            + (f'<div>{two_card}<ul style="margin:2px 0">{rules}</ul></div>' if rules else "")
            + scroll_box(f'<table {TABLE}><tr>{titles}</tr>{"".join(rows)}</table>', gettext("the EV of each action"))
            + f'<div class="ol-verdict" style="font-size:1.1em">{verdict}</div></div>')


def _signed(x: float) -> str:
    """An EV with its sign and one decimal, as the language writes numbers: +12.5, −3,0."""
    text = format_number(abs(x), 1)
    return ("+" if x >= 0 else "-") + text


def _coach_columns() -> None:  # pragma: no cover - never called: the column titles, for the catalogue
    pgettext("column", "decisions")
    pgettext("column", "action")
    pgettext("column", "chip EV from now")
    pgettext("column", "model")
    pgettext("column", "street")
    pgettext("column", "you (EV)")
    pgettext("column", "coach (EV)")
    pgettext("column", "equity")
    pgettext("column", "verdict")


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
        none = _e(gettext("No decision of yours in this hand."))
        return f'<div class="ol-review" style="{FONT}"><i>{none}</i></div>'
    rows = []
    for d in decisions:
        a = d.advice
        taken = a.option(d.action)
        ev_taken = _e(_signed(taken.ev)) if taken is not None else "&mdash;"
        equity = gettext("{equity} ± {err} vs price {price}").format(
            equity=format_percent(a.equity), err=format_percent(a.stderr), price=format_percent(float(a.price)))
        rows.append(f"<tr><td {CELL}>{_e(street_word(d.street))}</td><td {CELL}>{_e(d.action.words())} ({ev_taken})</td>"
                    f"<td {CELL}>{_e(a.best.words())} ({_e(_signed(a.best_option.ev))})</td>"
                    f"<td {CELL}>{_e(equity).replace('±', '&plusmn;')}</td>"
                    f'<td {CELL}>{badge(d.verdict)}</td></tr>')
    titles = "".join(f"<th {CELL}>{_e(pgettext('column', t))}</th>"
                     for t in ("street", "you (EV)", "coach (EV)", "equity", "verdict"))
    table = f'<table {TABLE}><tr>{titles}</tr>{"".join(rows)}</table>'
    title = gettext("Review of hand {number}").format(number=decisions[0].hand_number)
    return (f'<div class="ol-review" style="{FONT}"><b>{_e(title)}</b>'
            f'{scroll_box(table, title.lower())}</div>')


def table_html(table: Any, *, four_color: bool = False, size: int | str = "medium") -> str:
    """The practice table from the learner's seat: the board and the learner's cards as pictures,
    the other seats face down until a showdown shows them, stacks, bets, rebuys and the log as a
    dealer says it; every seat named the same way ("p2 (CO)", "you (BTN)")."""
    hand = table.hand
    over = hand.is_over
    labels = seat_labels(hand)
    shown = set(getattr(hand.result, "show_order", ()) or ()) if over else set()
    seats = []
    for i in range(hand.n):
        hole = hand.holes[i] or ()
        visible = i == 0 or (i in shown and not hand.folded[i])
        flags = []
        if hand.folded[i]:
            flags.append(pgettext("seat", "folded"))
        elif hand.stacks[i] == 0 and not over:
            flags.append(pgettext("seat", "all in"))
        if hand.to_act == i:
            flags.append(pgettext("seat", "to act"))
        bet = " &middot; " + _e(gettext("bet {bet}").format(bet=hand.bets[i])) if hand.bets[i] else ""
        stack = gettext("stack {stack}").format(stack=hand.stacks[i])
        row = cards_row(hole, four_color=four_color, size="small" if i else size, hidden=not visible,
                        label=hole_cards_label(labels[i], hidden=not visible))
        seats.append(f'<div class="ol-seat" style="flex:0 1 auto;min-width:0;max-width:100%">'
                     f'<b>{_e(labels[i])}</b> &middot; {_e(stack)}{bet}'
                     f'{" &middot; " + _e(", ".join(flags)) if flags else ""}<div>{row}</div></div>')
    board = (cards_row(hand.board, four_color=four_color, size=size, label=gettext("board"))
             if hand.board else f"<i>{_e(gettext('no board cards yet'))}</i>")
    head = (_e(gettext("Hand {number} · {street} · pot {pot}").format(
                number=table.hand_number, street=street_word(hand.street), pot=hand.pot)).replace("·", "&middot;")
            if not over else _e(gettext("Hand {number} · over").format(number=table.hand_number)).replace("·", "&middot;"))
    result = ""
    if over:
        summary = getattr(hand.result, "summary", None) or getattr(hand.result, "describe", None)
        text = rename_seats(str(summary() if callable(summary) else hand.result), labels)
        result = f'<pre class="ol-result" style="white-space:pre-wrap;overflow-wrap:anywhere">{_e(text)}</pre>'
    rebuys = [_e((ngettext("{who} bought back in for {chips} chips before hand {hand}",
                           "{who} bought back in for {chips} chips before hand {hand}", int(chips)) if name != LEARNER
                  else ngettext("you bought back in for {chips} chips before hand {hand}",
                                "you bought back in for {chips} chips before hand {hand}", int(chips))
                  ).format(who=name, chips=chips, hand=n))
              for n, name, chips in getattr(table, "rebuys", ()) if n == table.hand_number]
    rebuy = (f'<div class="ol-rebuys">{"; ".join(rebuys)}.</div>' if rebuys else "")
    log = "".join(f"<li>{_e(x)}</li>" for x in visible_log(hand))
    return (f'<div class="ol-practice" style="{FONT}"><div style="font-size:1.2em"><b>{head}</b></div>{rebuy}'
            f'<div style="margin:4px 0">{_e(gettext("Board:"))} {board}</div>'
            f'<div class="ol-seats" style="display:flex;flex-wrap:wrap;gap:6px 14px">{"".join(seats)}</div>{result}'
            f'<details><summary>{_e(gettext("Action log"))}</summary><ol style="margin:2px 0">{log}</ol></details></div>')


def visible_log(hand: Any) -> list[str]:
    """The action log as seat 0 sees it, told like a dealer (see :mod:`omaha_learn.display.narration`):
    the other seats' hole cards left out, every seat with its position."""
    return dealer_log(hand)


def practice_html(table: Any, *, four_color: bool = False) -> str:
    """The practice table, with the learner's legal actions when it is their turn."""
    page = table_html(table, four_color=four_color)
    if not table.hand.is_over:
        legal = gettext("You may: {actions}").format(actions=table.hand.legal_actions().describe())
        page += f'<div class="ol-legal" style="{FONT}">{_e(legal)}</div>'
    return page



def progress_text(results: Sequence[int], verdicts: dict[str, int]) -> str:
    """The running chart's numbers in one sentence (its alt text and its caption).

    >>> print(progress_text([3, -2, 10], {"best": 4, "close": 1, "mistake": 2, "not weighed": 0}))
    your total: +11 chips after 3 hands (+3, -2, +10); decisions by the coach's verdict: best 4, close 1, mistake 2, not weighed 0
    """
    total = sum(results)
    each = ", ".join(f"{r:+d}" for r in results[-10:])
    more = gettext("the last 10: {results}").format(results=each) if len(results) > 10 else each
    counts = _verdict_counts(verdicts)
    n = len(results)
    if results:
        text = ngettext("your total: {total} chips after {n} hand ({results}); decisions by the coach's verdict: "
                        "{counts}",
                        "your total: {total} chips after {n} hands ({results}); decisions by the coach's verdict: "
                        "{counts}", n)
    else:
        text = ngettext("your total: {total} chips after {n} hand; decisions by the coach's verdict: {counts}",
                        "your total: {total} chips after {n} hands; decisions by the coach's verdict: {counts}", n)
    return text.format(total=f"{total:+d}", n=n, results=more, counts=counts)


def _verdict_counts(verdicts: dict[str, int]) -> str:
    """``best 4, close 1, ...``: each verdict as its badge says it, with its count."""
    return ", ".join(f"{pgettext('badge', BADGE_WORDS[k]) if k in BADGE_WORDS else k} {n}" for k, n in verdicts.items())


def _svg_img(svg: str, alt: str, width: int, height: int, cls: str) -> str:
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="{cls}" src="data:image/svg+xml;base64,{data}" alt="{_e(alt)}" width="{width}" '
            f'height="{height}" style="max-width:100%;height:auto;border:1px solid #767676;border-radius:4px;'
            f'background:#ffffff;margin:2px 6px 2px 0">')


def progress_svg(results: Sequence[int], verdicts: dict[str, int]) -> str:
    """A running chart: the learner's total result after each hand (a line) and the decisions by verdict (bars),
    each an SVG picture on its own white background inside an ``<img>`` (JupyterLab keeps it in an untrusted
    notebook, where it strips inline ``<svg>``), with its numbers as alt text and as a table beside it.

    >>> page = progress_svg([3, -2, 10], {"best": 4, "close": 1, "mistake": 2, "not weighed": 0})
    >>> page.count("<img") == 2 and "+11" in page and "mistake 2" in page and "<table" in page
    True
    """
    width, height, pad = 360, 150, 28
    after = ngettext("your total: {total} chips after {n} hand(s)", "your total: {total} chips after {n} hand(s)",
                     len(results)).format(total=f"{sum(results):+d}", n=len(results))
    by_verdict = gettext("decisions by the coach's verdict")
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
    line = (f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
            f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
            f'<line x1="{pad}" y1="{zero:.1f}" x2="{width - pad}" y2="{zero:.1f}" stroke="#767676" stroke-dasharray="4 3"/>'
            f'<polyline points="{points}" fill="none" stroke="#1452cc" stroke-width="2"/>'
            f'<text x="{pad}" y="16" font-size="12" font-family="DejaVu Sans, Arial, sans-serif" fill="#1a1a1a">'
            f'{html.escape(after, quote=False)}</text></svg>')
    total = max(sum(verdicts.values()), 1)
    bars = []
    for k, (name, n) in enumerate(verdicts.items()):
        w = (width - 2 * pad - 110) * n / total
        y = 24 + 24 * k
        bars.append(f'<text x="{pad}" y="{y + 12}" font-size="12" font-family="DejaVu Sans, Arial, sans-serif" '
                    f'fill="#1a1a1a">{_e(_verdict_counts({name: n}))}</text>'
                    f'<rect x="{pad + 110}" y="{y}" width="{w:.1f}" height="16" fill="{VERDICT_COLORS.get(name, "#4d4d4d")}"/>')
    bar_h = 24 + 24 * len(verdicts)
    chart = (f'<svg width="{width}" height="{bar_h}" viewBox="0 0 {width} {bar_h}" xmlns="http://www.w3.org/2000/svg">'
             f'<rect width="{width}" height="{bar_h}" fill="#ffffff"/>'
             f'<text x="{pad}" y="14" font-size="12" font-family="DejaVu Sans, Arial, sans-serif" fill="#1a1a1a">'
             f'{html.escape(by_verdict, quote=False)}</text>{"".join(bars)}</svg>')
    line_alt = (gettext("Line chart: your total after each hand, {totals}").format(
        totals=", ".join(f"{t:+d}" for t in totals[1:])) if results else
        gettext("Line chart: your total after each hand, no hands yet"))
    bar_alt = gettext("Bar chart: your decisions by the coach's verdict, {counts}").format(
        counts=_verdict_counts(verdicts))
    rows = "".join(f"<tr><th {CELL} scope=\"row\">{badge(k)}</th><td {CELL}>{n}</td></tr>" for k, n in verdicts.items())
    caption = _e(after).replace(f"{totals[-1]:+d}", f"<b>{totals[-1]:+d}</b>", 1)
    heads = "".join(f'<th {CELL} scope="col">{_e(pgettext("column", t))}</th>' for t in ("verdict", "decisions"))
    table = (f'<table class="ol-progress-table" {TABLE}><caption style="text-align:left">{caption}</caption>'
             f'<tr>{heads}</tr>{rows}</table>')
    return (f'<div class="ol-progress" style="{FONT};display:flex;flex-wrap:wrap;align-items:flex-start;gap:4px">'
            f'{_svg_img(line, line_alt, width, height, "ol-progress-line")}'
            f'{_svg_img(chart, bar_alt, width, bar_h, "ol-progress-verdicts")}{table}</div>')
