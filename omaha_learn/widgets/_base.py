"""Shared plumbing for the lesson widgets: a VBox with a message line, a
stable ``repr`` for nbval, seeded decks, and helpers that put figures into an
``Output`` without needing a running kernel."""

from __future__ import annotations

import base64
import io
import json
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as W
from traitlets import validate

from omaha_learn.display.html import message_html
from omaha_learn.display.theme import MUTED, WIDGET_CSS
from omaha_learn.engine.games import DEFAULT_GAME, Game
from omaha_learn.errors import OmahaLearnError
from omaha_learn.i18n import gettext as _
from omaha_learn.widgets._keyboard import KEYBOARD_HOOK, PRIMARY_CLASS

__all__ = ["LessonApp", "show_plotly", "show_matplotlib", "parse_lines", "QUALIFIERS", "NO_QUALIFIER", "GAMES",
           "qualifier_dropdown", "qualifier_of", "game_choices", "qualifier_choices"]

NO_QUALIFIER = "none"
"""The qualifier dropdown's value for "no qualifier": ipywidgets shows a ``None`` value as no choice at all
(a blank dropdown), so the choice gets a value of its own."""
QUALIFIERS: list[tuple[str, int | str]] = [("8 or better", 8), ("9 or better", 9),
                                           ("no qualifier (Razz-style)", NO_QUALIFIER)]
"""Qualifier choices (R8, R12), in English (:func:`qualifier_choices` speaks the language in use)."""


def qualifier_choices() -> list[tuple[str, int | str]]:
    """The qualifier dropdown's choices, labelled in the language in use (the values stay 8, 9 and "none")."""
    return [(_("8 or better"), 8), (_("9 or better"), 9), (_("no qualifier (Razz-style)"), NO_QUALIFIER)]


def qualifier_dropdown(qualifier: int | None = 8) -> W.Dropdown:
    """A Qualifier dropdown showing ``qualifier`` (8, 9 or None), None included.

    >>> d = qualifier_dropdown(None)
    >>> d.label, qualifier_of(d)
    ('no qualifier (Razz-style)', None)
    """
    value = NO_QUALIFIER if qualifier is None else qualifier
    if value not in [v for _, v in QUALIFIERS]:
        from omaha_learn.errors import AnswerError

        raise AnswerError(f"qualifier: choose 8, 9 or None, not {qualifier!r}")
    return W.Dropdown(options=qualifier_choices(), value=value, description=_("Qualifier"))


def qualifier_of(dropdown: W.Dropdown) -> int | None:
    """The engine's qualifier (8, 9 or None) chosen in a :func:`qualifier_dropdown`."""
    v = dropdown.value
    return None if v in (NO_QUALIFIER, None) else int(v)
GAMES: list[tuple[str, str]] = [(g.label, g.value) for g in sorted(Game, key=lambda g: g is not DEFAULT_GAME)
                                 if g.hole_cards == DEFAULT_GAME.hole_cards]
"""The games a lesson's dropdown offers: the four-card games the lessons teach, the default first (English
labels; :func:`game_choices` speaks the language in use)."""


def game_choices() -> list[tuple[str, str]]:
    """:data:`GAMES` labelled in the language in use (the values stay the games' codes)."""
    return [(Game(value).label, value) for _label, value in GAMES]


class LessonApp(W.VBox):  # type: ignore[misc]  # ipywidgets has no type information
    """Base class: a VBox with ``self.message`` (errors and feedback as text)
    and a ``seed`` that makes every student's deal the same."""

    _repr_fields: tuple[str, ...] = ("seed",)

    def __init__(self, *, seed: int | None = None, four_color: bool = False, size: int | str = "medium") -> None:
        super().__init__()
        self.seed = seed
        self.four_color = four_color
        self.size = size
        self.deals = 0
        self._rng = random.Random(seed)
        self.message = W.HTML(value="")
        self.message.add_class("ol-message")
        self.style_sheet = W.HTML(value=WIDGET_CSS + KEYBOARD_HOOK, layout=W.Layout(display="none"))
        """Our stylesheet (focus ring, button colours, wrapping), carried once by every widget as its first child,
        with the hook that makes the widget's buttons one Tab stop (:mod:`omaha_learn.widgets._keyboard`)."""
        self.add_class("ol-app")
        self.layout.max_width = "100%"
        self.add_class(f"ol-{type(self).__name__.lower()}")

    @validate("children")
    def _with_style_sheet(self, proposal: Any) -> tuple[Any, ...]:
        """Keep the stylesheet as the first child whatever children a subclass sets."""
        children = tuple(c for c in proposal["value"] if c is not getattr(self, "style_sheet", None))
        sheet = getattr(self, "style_sheet", None)
        return (sheet, *children) if sheet is not None else children

    # ------------------------------------------------------------- helpers
    def next_seed(self) -> int:
        """A fresh seed for the next deal, reproducible from ``seed``."""
        self.deals += 1
        return self._rng.randrange(2**31)

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind=kind) if text else ""

    def guard(self, fn: Callable[[], Any]) -> bool:
        """Run ``fn``; show the library's errors (bad input, :class:`OmahaLearnError`) as a
        short message instead of a traceback. Other exceptions are bugs and propagate."""
        try:
            fn()
        except OmahaLearnError as exc:  # CardError, ShowdownError, IllegalAction ...: the learner's input
            self.say(str(exc), "error")
            return False
        return True  # anything else is a bug in the library: let it show as one

    def _button(self, text: str, action: Callable[[], Any], *, style: str = "") -> W.Button:
        b = W.Button(description=text, button_style=style, tooltip=text,
                     layout=W.Layout(width="auto", min_width="fit-content", height="auto"))
        b.on_click(lambda _b: self.guard(action))
        if style == "primary":           # Tab enters the widget here (its buttons are one Tab stop)
            b.add_class(PRIMARY_CLASS)
        return b

    @staticmethod
    def mark_primary(primary: W.Button | None, *others: W.Button) -> None:
        """Make ``primary`` the control Tab enters the widget at (its buttons are one Tab stop); ``others`` lose
        the mark."""
        for b in others:
            if b is not primary:
                b.remove_class(PRIMARY_CLASS)
        if primary is not None:
            primary.add_class(PRIMARY_CLASS)

    def __repr__(self) -> str:
        args = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._repr_fields)
        return f"{type(self).__name__}({args})"

    # ------------------------------------------------------- first open
    def preview_html(self) -> str:
        """A still picture of the widget: the HTML of its views, in order, under a
        line asking the learner to run the cell. Stored with the widget's output,
        it is what a notebook opened before running shows (JupyterLab does not
        draw live widget views in an untrusted notebook; it draws this sanitized
        HTML instead, with the cards as pictures)."""
        parts: list[str] = []
        charts = 0

        def walk(w: Any) -> None:
            nonlocal charts
            if w.layout.display == "none":  # hidden on screen: hidden in the picture too
                return
            if isinstance(w, W.HTML) and w.value and w is not self.style_sheet:
                parts.append(w.value)
            charts += isinstance(w, W.Output) and bool(w.outputs)
            for child in getattr(w, "children", ()):
                walk(child)

        walk(self)
        words = (_("{name}: a picture of the widget as saved. Run this cell (Shift+Enter) to use its buttons. Its "
                   "chart appears when the cell runs.") if charts else
                 _("{name}: a picture of the widget as saved. Run this cell (Shift+Enter) to use its buttons."))
        note = (f'<div class="ol-preview-note" style="font-family:DejaVu Sans, Arial, Helvetica, sans-serif;'
                f'color:{MUTED};font-style:italic;margin:2px 0 6px 0">{words.format(name=type(self).__name__)}</div>')
        return f'<div class="ol-preview">{note}{"".join(parts)}</div>'

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        data: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if data is not None:
            data["text/html"] = self.preview_html()
        return data


def show_plotly(out: W.Output, fig: Any) -> None:
    """Put a plotly figure into ``out`` as plotly's JSON mimetype (drawn by
    JupyterLab's plotly extension); no megabytes of HTML, no kernel needed."""
    spec = json.loads(fig.to_json())
    spec.setdefault("config", {"displaylogo": False, "responsive": True})
    out.outputs = ({"output_type": "display_data",
                    "data": {"application/vnd.plotly.v1+json": spec, "text/plain": "plotly figure"},
                    "metadata": {}},)


def show_matplotlib(out: W.Output, fig: Any, *, dpi: int = 100, alt: str = "", table_html: str = "") -> None:
    """Put a matplotlib figure into ``out`` as a PNG (printable); with ``alt``, as an ``<img>`` with that alt
    text on a white framed background, and ``table_html`` (the figure's numbers) in a fold below it."""
    if alt:
        from omaha_learn.display.figures import Figure

        bundle = Figure(fig, alt=alt, table_html=table_html, dpi=dpi)._repr_mimebundle_()
        out.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)
        return
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", facecolor="white")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    out.outputs = ({"output_type": "display_data", "data": {"image/png": data, "text/plain": "matplotlib figure"},
                    "metadata": {}},)


def parse_lines(text: str) -> list[tuple[str, str]]:
    """``"Ann: As Kd 7h 2c"`` lines to ``[("Ann", "As Kd 7h 2c")]``; unnamed
    lines get "Player N". Blank lines are ignored.

    >>> parse_lines("Ann: As Kd 7h 2c\\n\\nQs Qd 3c 4c")
    [('Ann', 'As Kd 7h 2c'), ('Player 2', 'Qs Qd 3c 4c')]
    """
    out: list[tuple[str, str]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        name, sep, cards = line.partition(":")
        if not sep:
            name, cards = f"Player {len(out) + 1}", line
        out.append((name.strip() or f"Player {len(out) + 1}", cards.strip()))
    return out
