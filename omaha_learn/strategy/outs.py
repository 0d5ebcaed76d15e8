"""Outs: what every unseen next card makes of an Omaha hand on the flop or the turn (R2, R6-R11).

:func:`outs` looks at each card that could come next. For each it gives the
hand's best high and low after it and whether that is the *nuts*: no holding
of the remaining unseen cards beats it (ties allowed). The nut high and nut low
over every holding only need every *pair* of unseen cards, since a holding
plays exactly two of its cards (R2): about a thousand pairs per next card,
counted with numpy. It also names the draws (wraps, nut and non-nut flush
draws, low draws) and the counterfeit risk of a low, in words.

>>> o = outs("Jc Td 9h 2s", "8s 7d Kc")              # a 13-card wrap on the flop
>>> len(o), len(o.improves_high), len(o.nut_high)
(45, 16, 13)
>>> print(o.draws[0])
13-card wrap: 13 cards make a straight (3 jacks, 3 tens, 3 nines, 4 sixes), with hole cards J-T-9 around the board (any two of them with three board cards, R2); 13 of them make the nuts.
>>> o = outs("Ah 2h Kd Ks", "3c 7h Qh", game="hilo")
>>> [d.name for d in o.draws]
['nut flush draw', 'nut low draw', 'counterfeit risk']
>>> o.card("2c").low is None, o.card("5d").nut_low      # a deuce counterfeits; a five gives the nut low
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import overload

from omaha_learn import rendering
from omaha_learn.engine.cards import FULL_DECK, Card, CardsLike, format_cards, parse_cards
from omaha_learn.engine.evaluation.five_card import Category
from omaha_learn.engine.evaluation.hands import (
    HighHand,
    LowHand,
    check_cards,
    high_strength,
    low_strength,
    make_high,
    make_low,
)
from omaha_learn.engine.evaluation.nuts import nut_strengths
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.errors import CardError, QualifierError
from omaha_learn.i18n import gettext, ngettext, pgettext, street_word
from omaha_learn.i18n import gettext as _
from omaha_learn.strategy.draws import Draw, flush_draws, low_draw, makes_straight, straight_draw

__all__ = ["NextCard", "Outs", "outs", "outs_of"]


@dataclass(frozen=True)
class NextCard:
    """What one unseen next ``card`` makes of the hand.

    ``high`` and ``low`` are the hand's best high and qualifying low with the card
    on the board (``low`` is ``None`` with no qualifying low, and always in PLO);
    ``nut_high`` / ``nut_low``: no holding of the other unseen cards beats them
    (ties allowed); ``nut_high_strength`` / ``nut_low_strength`` are the best any
    such holding makes (``HighHand.strength`` scale; 0 when no low can qualify).
    """

    card: Card
    high: HighHand
    low: LowHand | None
    nut_high: bool
    nut_low: bool
    improves_high: bool
    """The high moves up a category (R6): a pair to two pair, a draw to a straight...; a card that only
    pairs the board (the new pair is one every player shares) does not count."""
    makes_low: bool
    """A qualifying low after this card where the hand had none (Hi-Lo only)."""
    counterfeits: bool
    """The card pairs one of the hand's low hole cards and leaves it without the nut low, where the hand held
    the nut low or drew to it (Hi-Lo): A-2 on 3-7-J is counterfeited by an ace or a deuce, even when the
    hand still makes a lesser low. A hand that never drew to the nut low (5-6-7 on A-4-T) has nothing to
    counterfeit: its next cards make a low or do not."""
    nut_high_strength: int
    nut_low_strength: int


@dataclass(frozen=True)
class Outs(Sequence[NextCard]):
    """Every unseen next card and what it makes of ``hole`` on ``board``: a sequence of :class:`NextCard`.

    ``high``/``low`` are the hand now; ``nuts_now`` whether the high is the nuts now;
    the card lists (:attr:`nut_high`, :attr:`improves_high`...) are in deck order;
    ``draws`` name the draws in words. ``str(o)`` / :meth:`summary` is a text
    explanation; in a notebook the object draws itself.
    """

    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    game: Game
    qualifier: int | None
    dead: tuple[Card, ...]
    high: HighHand
    low: LowHand | None
    nuts_now: bool
    nut_low_now: bool
    next_cards: tuple[NextCard, ...]
    draws: tuple[Draw, ...]

    @overload
    def __getitem__(self, i: int) -> NextCard: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[NextCard]: ...

    def __getitem__(self, i: int | slice) -> NextCard | Sequence[NextCard]:
        return self.next_cards[i]

    def __len__(self) -> int:
        return len(self.next_cards)

    def __iter__(self) -> Iterator[NextCard]:
        return iter(self.next_cards)

    def card(self, card: CardsLike) -> NextCard:
        """The :class:`NextCard` of one unseen card (``"Ah"``)."""
        cs = parse_cards(card)
        if len(cs) != 1:
            raise CardError(_("card: give one card, got {count}").format(count=len(cs)))
        for n in self.next_cards:
            if n.card == cs[0]:
                return n
        raise CardError(_("card '{cs}' is not unseen: it is in the hand, on the board or dead").format(cs=cs[0]), token=str(cs[0]))

    def _where(self, attr: str) -> tuple[Card, ...]:
        return tuple(n.card for n in self.next_cards if getattr(n, attr))

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Every card that could come next."""
        return tuple(n.card for n in self.next_cards)

    @property
    def nut_high(self) -> tuple[Card, ...]:
        """The cards after which the hand holds the nut high (ties allowed)."""
        return self._where("nut_high")

    @property
    def nut_low(self) -> tuple[Card, ...]:
        """The cards after which the hand holds the nut low (ties allowed; empty in PLO)."""
        return self._where("nut_low")

    @property
    def nut_outs(self) -> tuple[Card, ...]:
        """The cards after which the hand holds the nut high or the nut low."""
        return tuple(n.card for n in self.next_cards if n.nut_high or n.nut_low)

    @property
    def improves_high(self) -> tuple[Card, ...]:
        """The cards that move the high up a category."""
        return self._where("improves_high")

    @property
    def makes_low(self) -> tuple[Card, ...]:
        """The cards that give the hand a qualifying low it did not have."""
        return self._where("makes_low")

    @property
    def counterfeits(self) -> tuple[Card, ...]:
        """The cards that pair a low hole card and leave the hand without the nut low."""
        return self._where("counterfeits")

    def by_category(self) -> dict[Category, tuple[Card, ...]]:
        """The next cards grouped by the high category they leave, best first."""
        groups: dict[Category, list[Card]] = {}
        for n in self.next_cards:
            groups.setdefault(n.high.category, []).append(n.card)
        return {c: tuple(groups[c]) for c in sorted(groups, reverse=True)}

    def summary(self) -> str:
        """The hand now, its draws, then the next cards that matter, in words."""
        street = street_word("flop" if len(self.board) == 3 else "turn")
        none = gettext("none")
        lines = [gettext("Hole: {hole}   Board ({street}): {board}   {game}").format(
                     hole=format_cards(self.hole), street=street, board=format_cards(self.board), game=self.game.label),
                 (ngettext("{n} unseen card can come next ({dead} dead).",
                           "{n} unseen cards can come next ({dead} dead).", len(self)) if self.dead else
                  ngettext("{n} unseen card can come next.", "{n} unseen cards can come next.", len(self)))
                 .format(n=len(self), dead=len(self.dead)),
                 (gettext("Now: {hand} ({cards}), the nuts.") if self.nuts_now else
                  gettext("Now: {hand} ({cards}), not the nuts.")).format(hand=self.high.describe(), cards=self.high)]
        if self.game.has_low:
            lines.append(gettext("Low now: none.") if self.low is None else
                         (gettext("Low now: {low}, the nut low.") if self.nut_low_now else
                          gettext("Low now: {low}, not the nut low.")).format(low=self.low.describe()))
        if self.draws:
            lines.append(gettext("Draws:"))
            lines.extend(f"  {d.name} ({d.rule}): {d.message}" for d in self.draws)
        counts: tuple[tuple[str, str, tuple[Card, ...]], ...] = (("Nut high after {n} cards: {cards}.", "Nut high after {n} card: {cards}.", self.nut_high),
                  ("Improve the high after {n} cards: {cards}.", "Improve the high after {n} card: {cards}.",
                   self.improves_high))
        if self.game.has_low:
            counts += (("Make a low after {n} cards: {cards}.", "Make a low after {n} card: {cards}.", self.makes_low),
                       ("Nut low after {n} cards: {cards}.", "Nut low after {n} card: {cards}.", self.nut_low))
        for many, one, cards in counts:
            lines.append(ngettext(one, many, len(cards)).format(n=len(cards), cards=format_cards(cards) or none))
        if self.game.has_low:
            lines.append(ngettext("Nut high or nut low after {n} card.", "Nut high or nut low after {n} cards.",
                                  len(self.nut_outs)).format(n=len(self.nut_outs)))
        return "\n".join(lines)

    @staticmethod
    def _messages() -> None:  # pragma: no cover - never called: the counted lines above, for the catalogue
        ngettext("Nut high after {n} card: {cards}.", "Nut high after {n} cards: {cards}.", 1)
        ngettext("Improve the high after {n} card: {cards}.", "Improve the high after {n} cards: {cards}.", 1)
        ngettext("Make a low after {n} card: {cards}.", "Make a low after {n} cards: {cards}.", 1)
        ngettext("Nut low after {n} card: {cards}.", "Nut low after {n} cards: {cards}.", 1)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        text = (gettext("Outs('{hole}', '{board}', game={game}: {nut_high} nut high, {improve} improve, {nut_low} nut "
                        "low)") if self.game.has_low else
                gettext("Outs('{hole}', '{board}', game={game}: {nut_high} nut high, {improve} improve)"))
        return text.format(hole=format_cards(self.hole), board=format_cards(self.board), game=repr(self.game.value),
                           nut_high=len(self.nut_high), improve=len(self.improves_high), nut_low=len(self.nut_low))

    def _repr_html_(self) -> str:
        return rendering.html("outs", self)   # drawn by omaha_learn.display when it is there


def outs(hole: CardsLike, board: CardsLike, game: Game | str = DEFAULT_GAME, *, dead: CardsLike = (),
         qualifier: int | None = 8) -> Outs:
    """What each unseen next card makes of ``hole`` on a flop or turn ``board`` (R2, R6-R11).

    ``game`` is a :class:`~omaha_learn.Game` (or its name), by default
    :data:`~omaha_learn.games.DEFAULT_GAME` (Omaha Hi-Lo; five hole cards play the game's
    five-card version: five-card PLO or Big O); in a high-low game the
    low uses ``qualifier`` (8, 9 or ``None``, R12). ``dead`` cards are known to be out
    (folded cards you saw): they never come next and no opponent holds them.
    The nuts after a card are the best hand any holding of the other unseen cards
    makes (ties count as the nuts).

    >>> o = outs("9s 8d 5c 4h", "7c 6d Ks", "plo")     # two cards above, two below: the 20-card wrap
    >>> o.draws[0].name, len(o.nut_high)
    ('20-card wrap', 14)
    >>> [d.name for d in outs("Qh Jh 3c 4d", "Ah 7h 2s", "plo").draws]   # the Kh makes a higher flush
    ['gutshot', 'non-nut flush draw']
    """
    from omaha_learn.engine.arguments import qualifier as check_qualifier

    g = Game.parse(game)
    q = check_qualifier(qualifier, "qualifier", QualifierError)
    b = parse_cards(board)
    if len(b) not in (3, 4):
        raise CardError(_("board: outs need a flop (3 cards) or a turn (4 cards), got {count} ({value})").format(count=len(b), value=format_cards(b) or pgettext("no cards", "none")))
    h, b = check_cards(parse_cards(hole), b, board_sizes=(3, 4))
    return outs_of(h, b, g.with_hole_cards(len(h)), q, parse_cards(dead))


def outs_of(h: tuple[Card, ...], b: tuple[Card, ...], g: Game, q: int | None, d: tuple[Card, ...] = ()) -> Outs:
    """:func:`outs` of cards that are parsed already (hole ``h`` and flop or turn ``b`` checked, the game
    ``g`` of ``h``'s size, the qualifier ``q`` checked); the dead cards ``d`` are checked here. No parsing."""
    from omaha_learn.engine.evaluation.tables import low_threshold

    for c in d:
        if c in h or c in b:
            raise CardError(_("dead card '{c}' is also in the hand or on the board").format(c=c), token=str(c))
    known = set(h) | set(b) | set(d)
    unseen = [c for c in FULL_DECK if c not in known]
    if len(unseen) < 6:
        raise CardError(_("dead: only {count} cards left unseen; an opponent needs 4 and one must come next").format(count=len(unseen)))
    threshold = low_threshold(q)
    boards = [(*b, c) for c in unseen]
    nut_highs, nut_lows = nut_strengths(unseen, boards, range(len(unseen)))
    now_high, now_nut_high = _now(h, b, unseen)
    now_low, now_nut_low = _now_low(h, b, unseen, q, threshold) if g.has_low else (None, False)
    low_ranks = {c.low_rank for c in h if c.low_rank <= (q or 13)} - {c.low_rank for c in b}
    cards: list[NextCard] = []
    for c, nb, nh, nl in zip(unseen, boards, nut_highs, nut_lows, strict=True):
        s, p, t = high_strength(h, nb)
        high = make_high(p, t, s)
        low: LowHand | None = None
        if g.has_low:
            ls, lp, lt = low_strength(h, nb)
            if ls >= threshold:
                low = make_low(lp, lt, ls, q)
        nut_low = low is not None and low.strength >= nl
        cards.append(NextCard(
            card=c, high=high, low=low, nut_high=s >= nh, nut_low=nut_low,
            improves_high=high.category > now_high.category and not _pairs_board_only(c, h, b, high),
            makes_low=low is not None and now_low is None,
            counterfeits=g.has_low and c.low_rank in low_ranks and len(low_ranks) >= 2 and not nut_low,
            nut_high_strength=nh, nut_low_strength=nl if nl >= threshold else 0))
    if not (now_nut_low or any(n.nut_low for n in cards)):   # no nut low held or drawn to: nothing to counterfeit
        cards = [replace(n, counterfeits=False) for n in cards]
    draws = _draws(h, b, unseen, cards, g, now_low is not None, low_ranks)
    return Outs(h, b, g, q, d, now_high, now_low, now_nut_high, now_nut_low, tuple(cards), tuple(draws))


def _pairs_board_only(card: Card, h: Sequence[Card], b: Sequence[Card], high: HighHand) -> bool:
    """Whether ``card`` pairs a board card and the hand's new category is only the pair (or two pair) that
    every player now shares: the card improves the board, not the hand. A full house or better, or a
    card of a rank the hand holds (trips), is a real improvement."""
    return (card.rank in {x.rank for x in b} and card.rank not in {x.rank for x in h}
            and high.category <= Category.TWO_PAIR)


def _now(h: Sequence[Card], b: Sequence[Card], unseen: Sequence[Card]) -> tuple[HighHand, bool]:
    s, p, t = high_strength(h, b)
    best, _ = nut_strengths(unseen, [tuple(b)], [-1])
    return make_high(p, t, s), s >= best[0]


def _now_low(h: Sequence[Card], b: Sequence[Card], unseen: Sequence[Card], q: int | None, threshold: int
             ) -> tuple[LowHand | None, bool]:
    ls, lp, lt = low_strength(h, b)
    if ls < threshold:
        return None, False
    _, lows = nut_strengths(unseen, [tuple(b)], [-1])
    return make_low(lp, lt, ls, q), ls >= lows[0]


def _draws(h: Sequence[Card], b: Sequence[Card], unseen: Sequence[Card], cards: Sequence[NextCard], g: Game,
           has_low: bool, low_ranks: set[int]) -> list[Draw]:
    out: list[Draw] = []
    straight = [n for n in cards if makes_straight(h, (*b, n.card))]
    draw = straight_draw(h, b, [n.card for n in straight], [n.card for n in straight if n.nut_high])
    if draw is not None:
        out.append(draw)
    out.extend(flush_draws(h, b, unseen))
    if g.has_low:
        spoilers = [n.card for n in cards if n.counterfeits]
        paired = {c.low_rank for c in spoilers}
        low_hole = [c for c in h if c.low_rank in paired]
        out.extend(low_draw(has_low, [n.card for n in cards if n.makes_low],
                            [n.card for n in cards if n.nut_low and n.makes_low], spoilers, low_hole))
    return out
