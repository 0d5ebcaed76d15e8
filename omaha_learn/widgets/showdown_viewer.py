"""ShowdownViewer: a Hi-Lo showdown with side pots, halves, quartering and
odd chips, each award with its reason (R11, R21, R22, R24)."""

from __future__ import annotations

import random

import ipywidgets as W

from omaha_learn.display.html import showdown_html
from omaha_learn.engine.cards import Deck, format_cards
from omaha_learn.engine.hole_cards import hole_cards
from omaha_learn.engine.showdown import showdown
from omaha_learn.errors import PotError
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._base import LessonApp, game_choices, qualifier_dropdown, qualifier_of

__all__ = ["ShowdownViewer", "PRESETS"]

PRESETS: dict[str, dict[str, object]] = {
    "Side pots (R21)": dict(holes=["As 2s Kd Kc", "Ad 2h Qd Qc", "7c 7d 9h Ts"], board="Ks 4c 5d 7h Jc",
                            contributions=[1000, 1000, 100], button=2),
    "Quartered low (R11)": dict(holes=["As 2s Kd Kc", "Ad 2h Qd Qc", "7c 7d 9h Ts"], board="Ks 4c 5d 7h Jc",
                                contributions=[100, 100, 100], button=2),
    "Odd chip to the high (R24)": dict(holes=["As 3s Kd Kc", "Ad 2h Qd Qc", "Jh Jd 9h Ts"], board="Ks 4c 5d 7h 8c",
                                       contributions=[5, 5, 5], button=0),
    "No low: the high scoops (R11)": dict(holes=["Ah Kh Qd Jc", "As Ks Qs Jd", "9c 9d Th Tc"],
                                          board="2s 3d 8h Qh Jh", contributions=[30, 30, 30], button=1),
}
"""Worked examples: name -> showdown arguments (the names are shown through the catalogue)."""


def _preset_names() -> None:  # pragma: no cover - never called: the examples' names, for the catalogue
    _("(typed)")
    _("Side pots (R21)")
    _("Quartered low (R11)")
    _("Odd chip to the high (R24)")
    _("No low: the high scoops (R11)")


def _parse_amounts(text: str) -> list[int]:
    out = []
    for i, tok in enumerate(text.replace(",", " ").split()):
        try:
            out.append(int(tok))
        except ValueError:
            raise PotError(f"contributions: {tok!r} (item {i}) is not a whole number of chips") from None
    return out


class ShowdownViewer(LessonApp):
    """Settle a showdown and show every pot, half, share and reason.

    Hands one per line (``fold`` for a folded seat), the board, each seat's
    chips put in, the button seat. Pick a worked example or press ``Deal``.

    >>> v = ShowdownViewer(preset="Side pots (R21)")
    >>> v.result.payouts
    (1575, 525, 0)
    >>> [p.amount for p in v.result.pots]
    [300, 1800]
    """

    _repr_fields = ("seed",)

    def __init__(self, preset: str | None = "Side pots (R21)", *, seed: int | None = None, four_color: bool = False,
                 size: int | str = "small") -> None:
        super().__init__(seed=seed, four_color=four_color, size=size)
        self.preset_w = W.Dropdown(options=[(_("(typed)"), "(typed)")] + [(_(k), k) for k in PRESETS], value="(typed)", description=_("Example"))
        self.holes_w = W.Textarea(description=_("Hands"), layout=W.Layout(width="360px", max_width="100%", height="110px"),
                                  placeholder=_("one hand per line; 'fold' for a folded seat"))
        self.board_w = W.Text(description=_("Board"), layout=W.Layout(width="360px", max_width="100%"))
        self.contrib_w = W.Text(description=_("Chips in"), placeholder="1000 1000 100", layout=W.Layout(width="360px", max_width="100%"))
        self.button_w = W.BoundedIntText(value=0, min=0, max=9, description=_("Button seat"))
        self.game_w = W.Dropdown(options=game_choices(), value="hilo", description=_("Game"))
        self.qualifier_w = qualifier_dropdown(8)
        self.deal_button = self._button(_("Deal"), self.deal, style="primary")
        self.show_button = self._button(_("Show down"), self.settle, style="info")
        self.view = W.HTML()
        self.result: object = None
        self.preset_w.observe(lambda c: self.guard(lambda: self.load(c["new"])), names="value")
        self.children = [
            self.preset_w,
            W.HBox([W.VBox([self.holes_w, self.board_w, self.contrib_w]),
                    W.VBox([self.button_w, self.game_w, self.qualifier_w])]),
            W.HBox([self.deal_button, self.show_button]), self.message, self.view]
        if preset is not None:
            self.preset_w.value = preset
        else:
            self.guard(self.deal)

    def load(self, name: str) -> None:
        """Fill the fields from a worked example and settle it."""
        if name not in PRESETS:
            return
        p = PRESETS[name]
        self.holes_w.value = "\n".join(p["holes"])  # type: ignore[arg-type]
        self.board_w.value = str(p["board"])
        self.contrib_w.value = " ".join(map(str, p["contributions"]))  # type: ignore[call-overload]
        self.button_w.value = int(p["button"])  # type: ignore[call-overload]
        self.game_w.value = "hilo"
        self.qualifier_w.value = 8
        self.settle()

    def deal(self) -> None:
        """Three random hands and a board; random all-in sizes make side pots."""
        seed = self.next_seed()
        deck = Deck(seed=seed)
        holes = [format_cards(deck.deal(4)) for _ in range(3)]
        rng = random.Random(seed)
        self.holes_w.value = "\n".join(holes)
        self.board_w.value = format_cards(deck.deal(5))
        self.contrib_w.value = " ".join(str(rng.choice([100, 250, 500, 1000])) for _ in holes)
        self.button_w.value = rng.randrange(3)
        self.preset_w.value = "(typed)"
        self.settle()

    def settle(self) -> None:
        """Run the engine's showdown on the typed fields."""
        lines = [ln.strip() for ln in self.holes_w.value.splitlines() if ln.strip()]
        holes = [None if ln.lower() in ("fold", "folded", "-") else hole_cards(ln, what=_("seat {seat}").format(seat=i))
                 for i, ln in enumerate(lines)]  # four cards each: a fifth is named as extra (R1)
        contributions = _parse_amounts(self.contrib_w.value)
        self.result = showdown(holes, self.board_w.value, contributions, button=int(self.button_w.value),
                               game=str(self.game_w.value), qualifier=qualifier_of(self.qualifier_w))
        self.say("")
        self.view.value = showdown_html(self.result, four_color=self.four_color, size=self.size)
