"""Rich display without an upward import: objects of the rules core and the strategy draw
themselves in a notebook through renderers that :mod:`omaha_learn.display` registers.

An object's ``_repr_html_`` calls :func:`html` with its kind (``"hand"``, ``"showdown"``...).
The first call imports :mod:`omaha_learn.display` (by name, so neither the core nor the
strategy imports the presentation layer), which registers every renderer; without it
(or without a renderer for that kind) the object shows its text in a ``<pre>`` block.

>>> register("demo", lambda obj: f"<b>{obj}</b>")
>>> html("demo", 7)
'<b>7</b>'
>>> html("no such kind", "As Kd")
'<pre>As Kd</pre>'
"""

from __future__ import annotations

import html as _html
import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["register", "html", "DISPLAY_PACKAGE"]

DISPLAY_PACKAGE = "omaha_learn.display"
"""The package whose import registers the renderers."""

_RENDERERS: dict[str, Callable[[Any], str]] = {}
_loaded = False


def register(kind: str, renderer: Callable[[Any], str]) -> None:
    """Draw objects of ``kind`` with ``renderer`` (object -> HTML text); a later registration wins."""
    _RENDERERS[kind] = renderer


def html(kind: str, obj: object) -> str:
    """``obj`` as HTML by its kind's renderer, loading the display package once; else its text, escaped."""
    global _loaded
    if kind not in _RENDERERS and not _loaded:
        _loaded = True
        try:
            importlib.import_module(DISPLAY_PACKAGE)
        except ImportError:   # a core-only install: text it is
            pass
    renderer = _RENDERERS.get(kind)
    if renderer is None:
        return f"<pre>{_html.escape(str(obj))}</pre>"
    return str(renderer(obj))
