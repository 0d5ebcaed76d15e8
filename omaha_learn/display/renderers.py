"""The rich-display renderers of the core's and the strategy's objects, registered with
:mod:`omaha_learn.rendering` when :mod:`omaha_learn.display` is imported (each loads its
HTML module on first use).

>>> from omaha_learn import best_high
>>> "ol-hand" in best_high("Ac Kd Td 8h", "Kc 9c 6c 6h Qc")._repr_html_()
True
"""

from __future__ import annotations

from typing import Any

from omaha_learn import rendering

__all__ = ["KINDS", "register_all"]


def _hand(obj: Any) -> str:
    from omaha_learn.display.html import hand_html

    return hand_html(obj)


def _explanation(obj: Any) -> str:
    from omaha_learn.display.results import explanation_html

    return str(explanation_html(obj))


def _showdown(obj: Any) -> str:
    from omaha_learn.display.results import showdown_html

    return str(showdown_html(obj))


def _equity(obj: Any) -> str:
    from omaha_learn.display.results import equity_html

    return str(equity_html(obj))


def _hand_state(obj: Any) -> str:
    from omaha_learn.display.results import hand_state_html

    return str(hand_state_html(obj))


def _outs(obj: Any) -> str:
    from omaha_learn.display.outs import outs_html

    return outs_html(obj)


def _chart(obj: Any) -> str:
    from omaha_learn.display.chart import chart_html

    return str(chart_html(obj))


def _advice(obj: Any) -> str:
    from omaha_learn.display.coach import advice_html

    return str(advice_html(obj))


def _practice(obj: Any) -> str:
    from omaha_learn.display.coach import practice_html

    return str(practice_html(obj))


KINDS = {"hand": _hand, "explanation": _explanation, "showdown": _showdown, "equity": _equity,
         "hand_state": _hand_state, "outs": _outs, "chart": _chart, "advice": _advice, "practice": _practice}
"""Kind (as the objects' ``_repr_html_`` names it) -> renderer."""


def register_all() -> None:
    """Register every renderer of :data:`KINDS` with :mod:`omaha_learn.rendering`."""
    for kind, renderer in KINDS.items():
        rendering.register(kind, renderer)
