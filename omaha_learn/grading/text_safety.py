"""Text from learners is data: names and answers made safe for a terminal, a spreadsheet and a file name.

A folder name can carry escape codes (erase lines, write the clipboard through OSC 52) or start with
``=`` so that a spreadsheet runs it as a formula. Everything a learner chose passes through here before
it reaches the teacher's terminal or a CSV cell.

>>> printable("mallory\\x1b[2K\\x1b]52;c;ZXZpbA==\\x07")
'mallory?[2K?]52;c;ZXZpbA==?'
>>> spreadsheet_cell("=HYPERLINK(\\"http://x\\")"), spreadsheet_cell("-3"), spreadsheet_cell("ann")
('\\'=HYPERLINK("http://x")', "'-3", 'ann')
>>> spreadsheet_cell(-3)
-3
>>> spreadsheet_cell("\uff1dSUM(A1)"), spreadsheet_cell("  =1+1"), spreadsheet_cell("\u3000+1")
("'＝SUM(A1)", "'  =1+1", "'\u3000+1")
"""

from __future__ import annotations

import unicodedata

__all__ = ["printable", "spreadsheet_cell", "FORMULA_STARTS", "looks_like_a_formula"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
"""A cell starting with one of these may be run as a formula by a spreadsheet (OWASP's list)."""


def printable(text: object, replacement: str = "?") -> str:
    """``text`` with every control or format character (escape codes, bidi overrides) replaced."""
    out = []
    for ch in str(text):
        category = unicodedata.category(ch)
        out.append(replacement if category in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") else ch)
    return "".join(out)


def looks_like_a_formula(text: str) -> bool:
    """Whether a spreadsheet may read ``text`` as a formula: its first non-blank character, in any width
    (fullwidth ``＝``, ``＋``, ``－``, ``＠`` become ``=``, ``+``, ``-``, ``@`` in some spreadsheets), is one of
    :data:`FORMULA_STARTS`, or the text starts with a control character."""
    if text[:1] in FORMULA_STARTS:
        return True
    first = text.lstrip()[:1]
    return bool(first) and (unicodedata.normalize("NFKC", first)[:1] in FORMULA_STARTS
                            or unicodedata.normalize("NFKC", first) in ("\uFE62", "\u2212"))


def spreadsheet_cell(value: object) -> object:
    """A CSV cell that a spreadsheet shows as text: a string starting like a formula gets a leading ``'``.

    Numbers stay numbers (a score of -3 is not a formula); control characters are replaced; a string
    whose first non-blank character is a formula's, in any width (:func:`looks_like_a_formula`), is
    prefixed.
    """
    if not isinstance(value, str):
        return value
    text = printable(value.replace("\t", " "))
    return "'" + text if looks_like_a_formula(value) or looks_like_a_formula(text) else text
