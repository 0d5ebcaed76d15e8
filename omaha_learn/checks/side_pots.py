"""Exercise 5, side pots and showing down (R21, R22, R23, with R11 and R24): the checker.

Every learner gets a deal of their own (:mod:`omaha_learn.checks.deals`):
three Hi-Lo hands A, B, C and a board from the class seed (:data:`SEED`) or
the learner's; A is all-in for 40, B and C put in 100 each, C has the button
(:data:`CONTRIBUTIONS`, :data:`BUTTON`). Questions q4-q7 are about that deal,
computed from it by the engine (:func:`answers`); q1-q3 ask about fixed
stacks, the same for everyone. No answer is stored.

>>> DEAL.current_seed = SEED
>>> check("q1", [480, 540, 400])
q1: correct (2/2 points)
"""

from __future__ import annotations

from omaha_learn.checks.deals import Deal, DealtHands, deal_hands
from omaha_learn.checks.questions import PLAYERS, Exercise, Question
from omaha_learn.engine.cards import Card
from omaha_learn.engine.pots import side_pots
from omaha_learn.engine.showdown import ShowdownResult, showdown
from omaha_learn.i18n import N_

__all__ = ["SEED", "DEAL", "deal", "answers", "problem", "EXERCISE", "check", "CONTRIBUTIONS", "BUTTON"]

SEED = 102
"""The class seed: the deal of the key and of practice copies is ``Deck(seed=102)``, players A, B, C."""
CONTRIBUTIONS = (40, 100, 100)
"""A is all-in for 40; B and C put in 100 each."""
BUTTON = 2
"""C has the button."""

FOUR_STACKS = (500, 500, 120, 300)          # q1, q2: A, B, C (all-in), D (all-in)
WITH_FOLD = ((200, 500, 150, 500), {0})     # q3: A folds after putting in 200


def deal(seed: int = SEED) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """(hole cards of A, B, C; board) of the deal for ``seed`` (re-drawn if unfit, see :func:`problem`)."""
    d = DEAL.draw(seed)
    return list(d.holes), d.board


def _result(d: DealtHands, **options: object) -> ShowdownResult:
    return showdown(d.holes, d.board, CONTRIBUTIONS, button=BUTTON, game="hilo", **options)  # type: ignore[arg-type]


def problem(d: DealtHands) -> str | None:
    """Why the deal ``d`` does not fit the questions, or None."""
    if _result(d).payouts[0] == 0:
        return "A wins nothing even showing all four cards (q7 would not test R23)"
    return None


def answers(d: DealtHands) -> dict[str, object]:
    """The engine's answer to every question for the deal ``d``."""
    return {
        "q1": [p.amount for p in side_pots(FOUR_STACKS)],                            # R21
        "q2": [PLAYERS[s] for s in side_pots(FOUR_STACKS)[-1].eligible],
        "q3": [p.amount for p in side_pots(*WITH_FOLD)],
        "q4": list(_result(d).payouts),                                              # R21, R11, R24
        "q5": PLAYERS[_result(d, last_aggressor=2).show_order[0]],                   # R22
        "q6": PLAYERS[_result(d).show_order[0]],
        "q7": _result(d, shown={0: 2}).payouts[0] > 0,                               # R23
    }


DEAL: Deal[DealtHands] = Deal("side_pots", SEED, deal_hands, answers, problem=problem, depends=("q4",))
"""The exercise's deal: three hands and a board from the seed."""

EXERCISE = Exercise("side_pots", [
    Question("q1", "ints", 2, ("R21",),
             N_("Layer the chips: everyone matches the smallest all-in first (main pot), then the next level, ..."),
             digest="",
             text="Four players put in A 500, B 500, C 120 (all-in), D 300 (all-in). What are the pots, main pot first?"),
    Question("q2", "players", 1, ("R21",),
             N_("Only players who put in at least the top of a layer can win that pot."),
             digest="",
             text="In that hand, who can win the last side pot?"),
    Question("q3", "ints", 2, ("R21",),
             N_("A folded player's chips stay in the pots, but the folded player can win none of them."),
             digest="",
             text="Another hand: A put in 200 and then folded, B 500, C 150 (all-in), D 500. What are the pots, main pot first?"),
    Question("q4", "ints", 2, ("R21", "R11", "R24"),
             N_("Award the main pot among A, B, C and the side pot among B and C only, each split high/low on its own."),
             digest="",
             text="Your deal: how many chips does each player get? (`[A, B, C]`)"),
    Question("q5", "player", 1, ("R22",),
             N_("The last player who bet or raised on the river shows first."),
             digest="",
             text="Your deal: on the river B bets, C raises, A is already all-in and B calls. Who shows first?"),
    Question("q6", "player", 1, ("R22",),
             N_("Checked through: the first player clockwise from the button shows first."),
             digest="",
             text="If instead the river had been checked through, who shows first?"),
    Question("q7", "yesno", 1, ("R23",),
             N_("A hand must show all four hole cards to win any part of a pot."),
             digest="",
             text="Your deal: A shows only two of the four hole cards and mucks the other two. Does A still win chips? (`True` or `False`)"),
], deal=DEAL)
"""The questions of exercise 5."""

check = EXERCISE.check
