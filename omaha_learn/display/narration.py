"""The practice table told like a dealer would: one naming scheme, verbs that agree, re-raises named.

The engine's log (``HandState.log``) is plain and uniform ("p3 raises to 7", "you calls 6",
"seat 3 scoops"); this module reads it and says the same events for a person at the table:

* every seat is named the same way everywhere, with its position: ``"p2 (CO)"``, ``"you (BTN)"``;
* the learner's verbs agree with "you" ("you call 6", not "you calls 6");
* a raise over a raise is a re-raise ("p2 (CO) re-raises to 14");
* the showdown's "seat 3" becomes the seat's name;
* rebuys are announced ("p4 (UTG) buys back in for 100 chips").

:class:`Narrator` remembers what it already said, so a screen reader's live region can
announce exactly what is new after each click: the opponents' actions, each new street,
the end of the hand, and the coach's verdict.

>>> from omaha_learn import HandState
>>> hand = HandState([100] * 6, game="plo", blinds=(1, 2), button=5, seed=1,
...                  names=["you", "p1", "p2", "p3", "p4", "p5"])
>>> hand.play("r7 r24")
>>> dealer_log(hand)[-2:]
['p2 (UTG) raises to 7', 'p3 (HJ) re-raises to 24']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["seat_label", "seat_labels", "narrate", "dealer_log", "rename_seats", "Narrator", "LEARNER"]

LEARNER = "you"
"""The learner's name at the practice table (seat 0)."""

_AGREE = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise",
          "re-raises": "re-raise", "posts": "post", "is": "are", "shows": "show", "collects": "collect",
          "wins": "win", "sits": "sit", "leaves": "leave", "adds": "add", "buys": "buy", "times": "time"}
_STREET = re.compile(r"^(flop|turn|river): (.*)$")


def _positions(hand: Any) -> dict[int, str]:
    from omaha_learn.strategy.opponent_model import positions

    return positions(int(hand.n), int(hand.button))


def seat_labels(hand: Any) -> list[str]:
    """Each seat's name with its position, in seat order.

    >>> from omaha_learn import HandState
    >>> seat_labels(HandState([50] * 3, names=["you", "p1", "p2"], button=0, seed=2))
    ['you (BTN)', 'p1 (SB)', 'p2 (BB)']
    """
    pos = _positions(hand)
    return [f"{name} ({pos[i]})" for i, name in enumerate(hand.names)]


def seat_label(hand: Any, seat: int) -> str:
    """One seat's name with its position."""
    return seat_labels(hand)[seat]


def _agree(rest: str) -> str:
    word, sep, tail = rest.partition(" ")
    return _AGREE.get(word, word) + sep + tail


def narrate(line: str, labels: Sequence[str], names: Sequence[str], *, raised: bool = False) -> str:
    """One log line with the seat's label and, for the learner, agreeing verbs; ``raised`` says the
    street was already raised, which makes a raise a re-raise.

    >>> narrate("you calls 6", ["you (SB)", "p1 (BB)"], ["you", "p1"])
    'you (SB) call 6'
    >>> narrate("p1 raises to 14", ["you (SB)", "p1 (BB)"], ["you", "p1"], raised=True)
    'p1 (BB) re-raises to 14'
    """
    for i, name in enumerate(names):
        if line.startswith(name + " "):
            rest = line[len(name) + 1:]
            if raised and rest.startswith("raises to "):
                rest = "re-" + rest
            if name == LEARNER:
                rest = _agree(rest)
            return f"{labels[i]} {rest}"
    return rename_seats(line, labels)


_SEAT_LIST = re.compile(r"\b([Ss])eats (\d+(?:, \d+)*(?:,? and \d+)?)")
_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def rename_seats(text: str, labels: Sequence[str]) -> str:
    """The engine's "seat 3" (and "seats 0, 3 and 5") in showdown text as seat labels.

    >>> rename_seats("Main pot 40 (seats 0, 3 and 5): Seat 3 scoops", ["you (SB)", "p1", "p2", "p3 (CO)", "p4", "p5 (BTN)"])
    'Main pot 40 (you (SB), p3 (CO) and p5 (BTN)): p3 (CO) scoops'
    """
    def one(m: re.Match[str]) -> str:
        k = int(m.group(2))
        return labels[k] if 0 <= k < len(labels) else m.group(0)

    def many(m: re.Match[str]) -> str:
        seats = [int(x) for x in re.findall(r"\d+", m.group(2))]
        if any(not 0 <= k < len(labels) for k in seats):
            return m.group(0)
        names = [labels[k] for k in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    return _SEAT.sub(one, _SEAT_LIST.sub(many, text))


def dealer_log(hand: Any, *, learner_only_cards: bool = True) -> list[str]:
    """The hand's log as a dealer says it (see the module notes); with ``learner_only_cards`` the other
    seats' "is dealt" lines are left out (what seat 0 may see)."""
    labels, names = seat_labels(hand), list(hand.names)
    out: list[str] = []
    reraise_from = 1                 # preflop the big blind is the bet: the second raise is a re-raise
    aggressive = 0
    for line in hand.log:
        if _STREET.match(line):
            aggressive, reraise_from = 0, 2   # after the flop: a bet, a raise, then re-raises
            out.append(line[0].upper() + line[1:])
            continue
        if learner_only_cards and " is dealt " in line and not line.startswith(LEARNER + " "):
            continue
        is_aggressive = any(line.startswith(f"{n} raises to ") or line.startswith(f"{n} bets ") for n in names)
        text = narrate(line, labels, names, raised=aggressive >= reraise_from)
        if is_aggressive:
            aggressive += 1
        out.append(text)
    return out


class Narrator:
    """What a screen reader should hear after each step at a practice table (see the module notes).

    ``update(table)`` returns the lines that are new since the last call: rebuys, the opponents' actions,
    new streets and, at the end, the result. The learner's own actions are said too, briefly, so the
    order of events stays clear.
    """

    def __init__(self) -> None:
        self.hand_number = 0
        self.said = 0
        self.rebuys_said = 0
        self.lines: list[str] = []
        """Everything said so far in the current hand (the live region shows the latest step)."""

    def update(self, table: Any) -> list[str]:
        hand = table.hand
        new: list[str] = []
        number = int(table.hand_number)
        if number != self.hand_number:
            self.hand_number, self.said = number, 0
            self.lines = []
            new.append(f"Hand {number} dealt.")
        labels = seat_labels(hand)
        for hand_no, name, chips in list(table.rebuys)[self.rebuys_said:]:
            seat = list(hand.names).index(name) if name in hand.names else None
            who = labels[seat] if seat is not None else name
            verb = "buy" if name == LEARNER else "buys"
            new.append(f"{who} {verb} back in for {chips} chips before hand {hand_no}.")
        self.rebuys_said = len(table.rebuys)
        log = dealer_log(hand)
        new.extend(line + "." for line in log[self.said:])
        self.said = len(log)
        if hand.is_over:
            result = getattr(table, "results", [])
            if result:
                new.append(f"Hand over: your result {result[-1]:+d} chips.")
        elif hand.to_act == 0:
            new.append(f"Your turn, pot {hand.pot}: you may {hand.legal_actions().describe()}.")
        self.lines.extend(new)
        return new
