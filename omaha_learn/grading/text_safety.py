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

import hashlib
import re
import unicodedata

__all__ = ["printable", "spreadsheet_cell", "FORMULA_STARTS", "looks_like_a_formula", "file_name", "MAX_NAME_BYTES"]

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


_CLEAN = re.compile(r"[^\w.-]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


MAX_NAME_BYTES = 200
"""Longest feedback file name stem, in UTF-8 bytes (file systems allow 255 for the whole name)."""


def file_name(student: str) -> str:
    """A safe file name for a learner's feedback, in the learner's own letters (NFC).

    A name longer than :data:`MAX_NAME_BYTES` in UTF-8 is cut and gets a short suffix, stable for that
    name (the start of its SHA-256), so two long names that start alike keep distinct files.

    >>> file_name("Ann Lee"), file_name("Jüri Õunapuu"), file_name("Mette Ørsted"), file_name("Анна")
    ('Ann_Lee.html', 'Jüri_Õunapuu.html', 'Mette_Ørsted.html', 'Анна.html')
    >>> file_name("../../etc/x"), file_name("CON"), file_name("")
    ('etc_x.html', 'learner-CON.html', 'learner.html')
    >>> long = file_name("\U0001d400" * 63)
    >>> len(long.encode()) <= MAX_NAME_BYTES + 5, long == file_name("\U0001d400" * 63), long[-14:-5]
    (True, True, '-4e7359e7')
    """
    text = unicodedata.normalize("NFC", student)
    text = "".join(ch if unicodedata.category(ch)[0] in "LNM" or ch in ".-" else "_" for ch in text)
    stem = _CLEAN.sub("_", text).strip("._-") or "learner"
    if len(stem.encode("utf-8")) > MAX_NAME_BYTES:
        suffix = "-" + hashlib.sha256(student.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        cut = stem.encode("utf-8")[:MAX_NAME_BYTES - len(suffix)].decode("utf-8", "ignore")
        stem = (cut.rstrip("._-") or "learner") + suffix
    if stem.split(".")[0].casefold() in _RESERVED:
        stem = f"learner-{stem}"
    return f"{stem}.html"
