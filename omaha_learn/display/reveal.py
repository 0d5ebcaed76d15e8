"""Self-check answers that ask before they tell.

A lesson ends with questions; the learner predicts, then opens the answers.
:func:`answers` returns an object that draws itself as a *closed*
``<details>`` block (kept by JupyterLab's sanitizer in untrusted notebooks),
so running every cell (*Run All*) or opening a lesson stored executed shows
only the "Show the answers" line, never the answers themselves. Its plain-text
form (what a terminal or nbval's text comparison sees) hides them too.

>>> a = answers("four hole cards (R1)", "exactly two of them (R2)")
>>> a
Answers hidden: 2 answers (open "Show the answers" in a notebook, or print them with .text()).
>>> page = a._repr_html_()
>>> page.startswith('<details class="ol-answers"') and " open" not in page.split(">")[0]
True
>>> "<li>four hole cards (R1)</li>" in page
True
>>> print(a.text())
1. four hole cards (R1)
2. exactly two of them (R2)
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from omaha_learn.i18n import N_, gettext, ngettext

__all__ = ["Answers", "answers", "SUMMARY"]

SUMMARY = N_("Predicted? Show the answers")
"""The line a closed answer block shows (English; shown in the language in use when it is this default)."""


@dataclass(frozen=True)
class Answers:
    """Numbered answers, hidden until asked for (see :func:`answers`)."""

    items: tuple[str, ...]
    summary: str = SUMMARY

    def text(self) -> str:
        """The answers as numbered plain-text lines."""
        return "\n".join(f"{i}. {a}" for i, a in enumerate(self.items, 1))

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(a)}</li>" for a in self.items)
        return (f'<details class="ol-answers" style="font-family:DejaVu Sans, Arial, Helvetica, sans-serif;'
                f'border:1px solid var(--jp-border-color1, #8c8c8c);padding:4px 8px;margin:4px 0">'
                f'<summary style="cursor:pointer;font-weight:bold">{html.escape(gettext(self.summary))}</summary>'
                f'<ol style="margin:6px 0">{items}</ol></details>')

    def __repr__(self) -> str:
        n = len(self.items)
        return ngettext('Answers hidden: {n} answer (open "Show the answers" in a notebook, or print them with '
                        '.text()).',
                        'Answers hidden: {n} answers (open "Show the answers" in a notebook, or print them with '
                        '.text()).', n).format(n=n)


def answers(*items: object, summary: str = SUMMARY) -> Answers:
    """Answers to a lesson's self-check, shown collapsed until the learner opens them.

    Each item is turned into text with ``str``; compute them from the engine
    (``best_high(...).describe()``, ``showdown(...).payouts``) so they cannot
    drift from what the library does.
    """
    if not items:
        from omaha_learn.errors import OmahaLearnError

        raise OmahaLearnError("answers: give at least one answer")
    return Answers(tuple(str(a) for a in items), summary)
