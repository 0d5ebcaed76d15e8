"""The practice table told like a dealer would: one naming scheme, verbs that agree, re-raises named.

The engine records what happened as data (``HandState.events``: each bet, call, blind, card shown and
pot collected, with its seat, amount and street); this module says those events for a person at the
table, each sentence a whole template of the message catalogue (English, Russian, Estonian):

* every seat is named the same way everywhere, with its position: ``"p2 (CO)"``, ``"you (BTN)"``;
* the learner's verbs agree with "you" ("you call 6", not "you calls 6");
* a raise over a raise is a re-raise ("p2 (CO) re-raises to 14");
* the showdown's "seat 3" becomes the seat's name (:func:`rename_seats`, English result text);
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

from omaha_learn.i18n import N_, gettext, ngettext, pgettext, street_word

__all__ = ["seat_label", "seat_labels", "event_sentence", "dealer_log", "rename_seats", "Narrator", "LEARNER"]

LEARNER = "you"
"""The learner's name at the practice table (seat 0)."""

_SHORT = "R17"   # the marker of a short bet or raise's template (it names R17, R19)

_OTHER: dict[tuple[str, bool, bool], str] = {
    ("fold", False, True): N_("{who} folds"),
    ("check", False, True): N_("{who} checks"),
    ("call", False, True): N_("{who} calls {amount}"),
    ("call", True, True): N_("{who} calls {amount} (all-in)"),
    ("bet", False, True): N_("{who} bets {amount}"),
    ("bet", True, True): N_("{who} bets {amount} (all-in)"),
    ("bet", False, False): N_("{who} bets {amount}: less than a full raise, so it does not reopen the betting "
                              "for players who already acted (R17, R19)"),
    ("bet", True, False): N_("{who} bets {amount} (all-in): less than a full raise, so it does not reopen the "
                             "betting for players who already acted (R17, R19)"),
    ("raise", False, True): N_("{who} raises to {amount}"),
    ("raise", True, True): N_("{who} raises to {amount} (all-in)"),
    ("raise", False, False): N_("{who} raises to {amount}: less than a full raise, so it does not reopen the "
                                "betting for players who already acted (R17, R19)"),
    ("raise", True, False): N_("{who} raises to {amount} (all-in): less than a full raise, so it does not reopen "
                               "the betting for players who already acted (R17, R19)"),
    ("re-raise", False, True): N_("{who} re-raises to {amount}"),
    ("re-raise", True, True): N_("{who} re-raises to {amount} (all-in)"),
    ("re-raise", False, False): N_("{who} re-raises to {amount}: less than a full raise, so it does not reopen "
                                   "the betting for players who already acted (R17, R19)"),
    ("re-raise", True, False): N_("{who} re-raises to {amount} (all-in): less than a full raise, so it does not "
                                  "reopen the betting for players who already acted (R17, R19)"),
    ("ante", False, True): N_("{who} posts ante {amount}"),
    ("small blind", False, True): N_("{who} posts small blind {amount}"),
    ("small blind", True, True): N_("{who} posts small blind {amount} (all-in)"),
    ("big blind", False, True): N_("{who} posts big blind {amount}"),
    ("big blind", True, True): N_("{who} posts big blind {amount} (all-in)"),
    ("post", False, True): N_("{who} posts {amount} to play now (R28)"),
    ("kill", False, True): N_("{who} posts a kill, {amount} more (R25)"),
    ("dealt", False, True): N_("{who} is dealt {cards}"),
    ("shows", False, True): N_("{who} shows {cards}"),
    ("collects", False, True): N_("{who} collects {amount}"),
    ("wins uncontested", False, True): N_("{who} wins {amount} uncontested (R20)"),
}
"""What another seat did: ``{who}`` is its label ("p2 (CO)"); a whole sentence for each kind of event,
all-in or not, full or short (R17, R19)."""

_YOU: dict[tuple[str, bool, bool], str] = {
    ("fold", False, True): N_("{who} fold"),
    ("check", False, True): N_("{who} check"),
    ("call", False, True): N_("{who} call {amount}"),
    ("call", True, True): N_("{who} call {amount} (all-in)"),
    ("bet", False, True): N_("{who} bet {amount}"),
    ("bet", True, True): N_("{who} bet {amount} (all-in)"),
    ("bet", False, False): N_("{who} bet {amount}: less than a full raise, so it does not reopen the betting "
                              "for players who already acted (R17, R19)"),
    ("bet", True, False): N_("{who} bet {amount} (all-in): less than a full raise, so it does not reopen the "
                             "betting for players who already acted (R17, R19)"),
    ("raise", False, True): N_("{who} raise to {amount}"),
    ("raise", True, True): N_("{who} raise to {amount} (all-in)"),
    ("raise", False, False): N_("{who} raise to {amount}: less than a full raise, so it does not reopen the "
                                "betting for players who already acted (R17, R19)"),
    ("raise", True, False): N_("{who} raise to {amount} (all-in): less than a full raise, so it does not reopen "
                               "the betting for players who already acted (R17, R19)"),
    ("re-raise", False, True): N_("{who} re-raise to {amount}"),
    ("re-raise", True, True): N_("{who} re-raise to {amount} (all-in)"),
    ("re-raise", False, False): N_("{who} re-raise to {amount}: less than a full raise, so it does not reopen "
                                   "the betting for players who already acted (R17, R19)"),
    ("re-raise", True, False): N_("{who} re-raise to {amount} (all-in): less than a full raise, so it does not "
                                  "reopen the betting for players who already acted (R17, R19)"),
    ("ante", False, True): N_("{who} post ante {amount}"),
    ("small blind", False, True): N_("{who} post small blind {amount}"),
    ("small blind", True, True): N_("{who} post small blind {amount} (all-in)"),
    ("big blind", False, True): N_("{who} post big blind {amount}"),
    ("big blind", True, True): N_("{who} post big blind {amount} (all-in)"),
    ("post", False, True): N_("{who} post {amount} to play now (R28)"),
    ("kill", False, True): N_("{who} post a kill, {amount} more (R25)"),
    ("dealt", False, True): N_("{who} are dealt {cards}"),
    ("shows", False, True): N_("{who} show {cards}"),
    ("collects", False, True): N_("{who} collect {amount}"),
    ("wins uncontested", False, True): N_("{who} win {amount} uncontested (R20)"),
}
"""The same sentences for the learner, ``{who}`` being "you (SB)": verbs that agree with "you"."""


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
    return [f"{_name(name)} ({pos[i]})" for i, name in enumerate(hand.names)]


def _name(name: str) -> str:
    """A seat's name as said: the learner's "you" in the language in use (вы, sina), the others' as they are."""
    return pgettext("the learner at the table", "you") if name == LEARNER else name


def seat_label(hand: Any, seat: int) -> str:
    """One seat's name with its position."""
    return seat_labels(hand)[seat]


def event_sentence(event: Any, who: str, *, learner: bool = False, reraise: bool = False) -> str:
    """One engine event (:class:`omaha_learn.engine.betting.events.Event`) as a sentence: ``who`` names the
    seat, ``learner`` makes the verbs agree with "you", ``reraise`` names a raise over a raise a re-raise.

    >>> from omaha_learn.engine.betting.events import Event
    >>> event_sentence(Event("call", "you", 6), "you (SB)", learner=True)
    'you (SB) call 6'
    >>> event_sentence(Event("raise", "p1", 14), "p1 (BB)", reraise=True)
    'p1 (BB) re-raises to 14'
    """
    kind = "re-raise" if reraise and event.kind == "raise" else event.kind
    table = _YOU if learner else _OTHER
    key = (kind, bool(event.all_in) and (kind, True, True) in table,
           bool(event.full) or (kind, bool(event.all_in), False) not in table)
    if key not in table:          # a kind whose sentence says nothing of all-in or short (an ante, a fold)
        key = (kind, False, True)
    return gettext(table[key]).format(who=who, amount=event.amount, cards=event.cards)


def _head(hand: Any, labels: Sequence[str]) -> str:
    """The hand's first line: the game, the blinds, the players and the button's seat label."""
    n = int(hand.n)
    template = (ngettext("fixed-limit {game}: blinds {small}/{big}, {n} player, button {button}",
                         "fixed-limit {game}: blinds {small}/{big}, {n} players, button {button}", n)
                if hand.structure == "fixed" else
                ngettext("pot-limit {game}: blinds {small}/{big}, {n} player, button {button}",
                         "pot-limit {game}: blinds {small}/{big}, {n} players, button {button}", n))
    return template.format(game=hand.game.short_name, small=hand.blinds[0], big=hand.blinds[1], n=n,
                           button=labels[int(hand.button)])


def _street(hand: Any, street: int) -> str:
    from omaha_learn.engine.cards import format_cards
    from omaha_learn.engine.games import BOARD_AFTER, STREETS

    text = gettext("{street}: {board}").format(street=street_word(STREETS[street]),
                                              board=format_cards(tuple(hand.board[:BOARD_AFTER[street]])))
    return text[:1].upper() + text[1:]


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
    """The hand as a dealer tells it (see the module notes), from its events, not its log's text; with
    ``learner_only_cards`` the other seats' cards dealt are left out (what seat 0 may see)."""
    labels, names = seat_labels(hand), list(hand.names)
    out = [_head(hand, labels)]
    street = 0
    reraise_from = 1                 # preflop the big blind is the bet: the second raise is a re-raise
    aggressive = 0
    for ev_street, event in hand.events:
        while street < min(ev_street, 3):
            street += 1
            aggressive, reraise_from = 0, 2   # after the flop: a bet, a raise, then re-raises
            out.append(_street(hand, street))
        seat = names.index(event.name) if event.name in names else None
        learner = event.name == LEARNER
        if learner_only_cards and event.kind == "dealt" and not learner:
            continue
        who = labels[seat] if seat is not None else event.name
        out.append(event_sentence(event, who, learner=learner, reraise=aggressive >= reraise_from))
        if event.kind in ("bet", "raise"):
            aggressive += 1
    while street < min(int(hand.street_index), 3):
        street += 1
        out.append(_street(hand, street))
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
            new.append(gettext("Hand {number} dealt.").format(number=number))
        labels = seat_labels(hand)
        for hand_no, name, chips in list(table.rebuys)[self.rebuys_said:]:
            seat = list(hand.names).index(name) if name in hand.names else None
            who = labels[seat] if seat is not None else name
            if name == LEARNER:
                text = ngettext("{who} buy back in for {chips} chips before hand {hand}.",
                                "{who} buy back in for {chips} chips before hand {hand}.", int(chips))
            else:
                text = ngettext("{who} buys back in for {chips} chips before hand {hand}.",
                                "{who} buys back in for {chips} chips before hand {hand}.", int(chips))
            new.append(text.format(who=who, chips=chips, hand=hand_no))
        self.rebuys_said = len(table.rebuys)
        log = dealer_log(hand)
        new.extend(line + "." for line in log[self.said:])
        self.said = len(log)
        if hand.is_over:
            result = getattr(table, "results", [])
            if result:
                new.append(ngettext("Hand over: your result {result} chips.", "Hand over: your result {result} chips.",
                                    abs(int(result[-1]))).format(result=f"{result[-1]:+d}"))
        elif hand.to_act == 0:
            new.append(gettext("Your turn, pot {pot}: you may {actions}.").format(
                pot=hand.pot, actions=hand.legal_actions().describe()))
        self.lines.extend(new)
        return new
