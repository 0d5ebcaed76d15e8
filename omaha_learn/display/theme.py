"""Colours that stay readable in JupyterLab's light, dark and high-contrast themes.

Two rules keep every output readable whatever the theme:

* **Plain text follows the theme**: it sets no colour, or one of JupyterLab's CSS
  variables with a fallback for plain HTML pages (:data:`TEXT`, :data:`MUTED`,
  :data:`BORDER`).
* **Anything coloured carries both colours**: a verdict badge, a shaded table row or
  a grid cell sets its text colour *and* its background (:data:`BADGES`,
  :data:`TINTS`), so it is readable on a white or a black page and survives a
  sanitizer that drops the variables. Colour is never the only cue: every badge
  has an icon and a word.

:func:`contrast` is the WCAG 2 contrast ratio; the tests check every pair below
with it (at least 4.5:1 for text).

>>> round(contrast("#ffffff", "#000000"), 1)
21.0
>>> all(contrast(fg, bg) >= 4.5 for fg, bg, _icon in BADGES.values())
True
>>> badge("mistake").startswith('<span class="ol-badge ol-badge-mistake"')
True
"""

from __future__ import annotations

import html
import re

from omaha_learn.i18n import N_, gettext, pgettext

__all__ = ["TEXT", "MUTED", "BORDER", "EDGE", "FOCUS_LIGHT", "FOCUS_DARK", "BADGES", "TINTS", "BUTTONS",
           "contrast", "luminance", "badge", "tinted", "WIDGET_CSS", "FONT", "SCROLL_HINT", "scroll_box",
           "scroll_open", "SCROLL_CLOSE", "scroll_close", "BADGE_WORDS"]

FONT = "font-family:DejaVu Sans, Arial, Helvetica, sans-serif"
TEXT = "var(--jp-ui-font-color1, #1a1a1a)"
"""Body text: JupyterLab's own text colour (light: 87% black, dark: 87% white)."""
MUTED = "var(--jp-content-font-color2, #595959)"
"""Secondary text (captions, notes): light theme 4.6:1 on white, dark theme 9:1 on #111."""
BORDER = "var(--jp-border-color1, #8c8c8c)"
"""Table and panel borders (decoration only)."""
EDGE = "var(--jp-ui-font-color2, #767676)"
"""The edge of a button or an input box: 3:1 or more against the cell in every theme (Light: 4.6:1 on white;
JupyterLab's own --jp-border-color1 measured 1.88:1 there; Dark about 5.9:1 on #111; High Contrast white)."""
FOCUS_LIGHT = "#1452cc"
FOCUS_DARK = "#8ab4ff"
"""Focus ring colours (3:1 or more against the notebook background of each theme)."""

BADGES: dict[str, tuple[str, str, str]] = {
    "best": ("#ffffff", "#137a2c", "✓"),
    "close": ("#1a1a1a", "#f5d76e", "≈"),
    "mistake": ("#ffffff", "#b00020", "✗"),
    "not weighed": ("#ffffff", "#4d4d4d", "–"),
    "error": ("#7a0014", "#fde8ea", "⚠"),
    "ok": ("#0b4d1b", "#e3f4e7", "✓"),
    "info": ("#0b3a8f", "#e6eeff", "ℹ"),
    "warning": ("#5c3a00", "#fff0cc", "⚠"),
}
"""Text colour, background and icon of each verdict or message kind."""

TINTS: dict[str, tuple[str, str]] = {
    "best_high": ("#1a1a1a", "#ffe6a8"),
    "best_low": ("#1a1a1a", "#cfe3ff"),
    "learner": ("#1a1a1a", "#fff3c4"),
    "both": ("#1a1a1a", "#9fdfb0"),
    "nut_high": ("#1a1a1a", "#ffd76e"),
    "nut_low": ("#1a1a1a", "#a9ccff"),
    "improves": ("#1a1a1a", "#fff3c9"),
    "makes_low": ("#1a1a1a", "#e3eeff"),
    "counterfeits": ("#1a1a1a", "#ffb3b3"),
    "blank": ("#1a1a1a", "#ffffff"),
    "panel": ("#1a1a1a", "#ffffff"),
}
"""Text colour and background of shaded rows and cells (always both)."""

BUTTONS: dict[str, tuple[str, str]] = {
    "primary": ("#ffffff", "#1452cc"),
    "info": ("#ffffff", "#00616b"),
    "warning": ("#ffffff", "#8a4b00"),
    "danger": ("#ffffff", "#b00020"),
    "success": ("#ffffff", "#137a2c"),
}
"""Text and background of the widget buttons by ``button_style`` (ipywidgets' own are below 4.5:1)."""

SCROLL_HINT = N_("this table scrolls inside its own box")
"""The visible hint under a table that scrolls within itself (English; shown through the catalogue)."""

BADGE_WORDS: dict[str, str] = {
    "best": "best", "close": "close", "mistake": "mistake", "not weighed": "not weighed",
    "error": "error", "ok": "ok", "info": "info", "warning": "warning",
}


def _badge_words() -> None:  # pragma: no cover - never called: the badges' words, for the catalogue
    pgettext("badge", "best")
    pgettext("badge", "close")
    pgettext("badge", "mistake")
    pgettext("badge", "not weighed")
    pgettext("badge", "error")
    pgettext("badge", "ok")
    pgettext("badge", "info")
    pgettext("badge", "warning")
"""The word a badge shows for each kind (English; shown through the catalogue, with the context "badge")."""


def luminance(color: str) -> float:
    """Relative luminance (WCAG 2) of ``#rgb`` or ``#rrggbb``."""
    m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", color.strip())
    if m is None:
        from omaha_learn.errors import OmahaLearnError

        raise OmahaLearnError(f"colour {color!r} is not #rgb or #rrggbb")
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def badge(kind: str, text: str | None = None) -> str:
    """A verdict or message word as a badge: icon and word, own text and background colours.

    >>> badge("best")
    '<span class="ol-badge ol-badge-best" style="display:inline-block;padding:0 6px;border-radius:4px;color:#ffffff;background:#137a2c;font-weight:bold;white-space:nowrap"><span aria-hidden="true">✓ </span>best</span>'
    """
    fg, bg, icon = BADGES.get(kind, BADGES["not weighed"])
    word = html.escape((pgettext("badge", BADGE_WORDS[kind]) if kind in BADGE_WORDS else kind) if text is None
                       else text)
    cls = re.sub(r"[^a-z0-9]+", "-", kind.lower())
    return (f'<span class="ol-badge ol-badge-{cls}" style="display:inline-block;padding:0 6px;border-radius:4px;'
            f'color:{fg};background:{bg};font-weight:bold;white-space:nowrap"><span aria-hidden="true">{icon} </span>'
            f"{word}</span>")


def tinted(kind: str) -> str:
    """``color:…;background:…`` for a shaded row or cell of ``kind`` (a key of :data:`TINTS`).

    >>> tinted("learner")
    'color:#1a1a1a;background:#fff3c4'
    """
    fg, bg = TINTS[kind]
    return f"color:{fg};background:{bg}"


def scroll_open(label: str, *, max_height: str = "") -> str:
    """The opening tag of :func:`scroll_box` (for HTML built piece by piece); close with :data:`SCROLL_CLOSE`."""
    tall = f"max-height:{max_height};overflow-y:auto;" if max_height else ""
    return (f'<div class="ol-scroll-wrap" style="max-width:100%"><div class="ol-scroll ol-focusable" role="region" '
            f'tabindex="0" aria-label="{html.escape(label)}" style="overflow-x:auto;{tall}max-width:100%">')


_SCROLL_HINT_LINE = N_("this table scrolls inside its own box if it is cut off (it also takes the arrow keys once "
                      "focused)")


def scroll_close() -> str:
    """The end of a :func:`scroll_open` box, with its visible hint in the language in use."""
    hint = html.escape(gettext(_SCROLL_HINT_LINE))
    return f'</div><div class="ol-scroll-hint" style="color:{MUTED};font-size:0.9em">{hint}</div></div>'


SCROLL_CLOSE = (f'</div><div class="ol-scroll-hint" style="color:{MUTED};font-size:0.9em">'
                f"{html.escape(_SCROLL_HINT_LINE)}</div></div>")
"""The end of a :func:`scroll_open` box in English (:func:`scroll_close` speaks the language in use)."""


def scroll_box(inner: str, label: str, *, max_height: str = "") -> str:
    """A wide (or ``max_height``: tall) table in a box that scrolls by itself (never the page), focusable by
    the keyboard (a screen reader hears ``label``), with a visible hint under it.

    >>> box = scroll_box("<table></table>", "review")
    >>> 'role="region"' in box and 'tabindex="0"' in box and 'aria-label="review"' in box
    True
    """
    return scroll_open(label, max_height=max_height) + inner + scroll_close()


def _button_css() -> str:
    rules = []
    for style, (fg, bg) in BUTTONS.items():
        rules.append(f".ol-app .jupyter-button.mod-{style}{{color:{fg};background-color:{bg};}}")
    rules.append(".ol-app .jupyter-button{min-height:2.4em;height:auto;white-space:normal;overflow:visible;"
                 "text-overflow:clip;line-height:1.3;padding:2px 12px;min-width:min(6em,100%);"
                 f"border:1px solid {EDGE};}}")
    return "".join(rules)


WIDGET_CSS = (
    "<style>"
    # focus ring: 3 px, 3:1 or more on the notebook background of each theme
    # (!important: ipywidgets' own 1 px focus outline is more specific than a rule for every control)
    f".ol-app :focus-visible,.ol-app .ol-focusable:focus{{outline:3px solid {FOCUS_LIGHT} !important;"
    f"outline-offset:2px !important;}}"
    f"body[data-jp-theme-light='false'] .ol-app :focus-visible,"
    f"body[data-jp-theme-light='false'] .ol-app .ol-focusable:focus{{outline-color:{FOCUS_DARK} !important;}}"
    + _button_css() +
    # boxes wrap instead of squeezing their children; text inputs shrink with the cell
    ".ol-app .widget-hbox,.ol-app .jupyter-widgets.widget-hbox{flex-wrap:wrap;gap:4px;}"
    # input boxes and drop-downs take ipywidgets' border colour from this variable (set on :root): ours, 3:1
    f".ol-app{{max-width:100%;min-width:0;--jp-widgets-input-border-color:{EDGE};}}"
    ".ol-app .widget-text,.ol-app .widget-textarea,.ol-app .widget-dropdown,.ol-app .widget-inline-hbox"
    "{max-width:100%;flex-wrap:wrap;}"
    ".ol-app .widget-label{min-width:4em;}"
    # a labelled control keeps ipywidgets' margin on both sides inside the cell: its max width is the cell less
    # the two margins (!important: the Layout's inline max_width="100%" would put the box 2 px past a 360 px cell)
    ".ol-app .widget-inline-hbox{max-width:calc(100% - 2 * var(--jp-widgets-margin, 2px)) !important;}"
    # an accordion's closed title: ipywidgets' secondary grey measured 4.4:1 (Light) and 4.2:1 (Dark); the
    # primary text colour reads 4.5:1 or more in both
    ".ol-app .jupyter-widget-Collapse-header{color:var(--jp-ui-font-color1);}"
    ".ol-app .widget-html-content{overflow-wrap:anywhere;}"
    ".ol-app .ol-scroll{overflow-x:auto;max-width:100%;}"
    ".ol-app .ol-busy{font-style:italic;}"
    "</style>"
)
"""The stylesheet every widget carries once (in a hidden HTML child): focus ring, button colours,
wrapping boxes. Scoped to ``.ol-app`` so it styles only our widgets."""
