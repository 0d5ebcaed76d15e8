"""Checks of the message catalogues, shared by tests/test_i18n.py and ``scripts/i18n.py --check``."""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "omaha_learn" / "locale"
LANGS = ("ru", "et")
KEYWORDS = {"gettext": None, "_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}


def catalogue(lang: str):  # type: ignore[no-untyped-def]
    with open(LOCALE / lang / "LC_MESSAGES" / "omaha_learn.po", "rb") as f:
        return read_po(f, locale=lang)


def extracted() -> set[tuple[object, str | None]]:
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "omaha_learn"), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.add((message, context))
    return found


def _stem(field: str) -> str:
    """A rank field's family: ``pair_of_plural`` and ``pair_plural`` are forms of ``pair`` (omaha_learn.i18n.rank_forms)."""
    for suffix in ("_of_plural", "_plural", "_upto"):
        if field.endswith(suffix):
            return field[: -len(suffix)]
    return field


def problems() -> list[str]:
    out = []
    wanted = extracted()
    for lang in LANGS:
        cat = catalogue(lang)
        have = {(m.id, m.context) for m in cat if m.id}
        for mid, ctx in sorted(wanted - have, key=str):
            out.append(f"{lang}: not in the catalogue (run python scripts/i18n.py): {ctx or ''} {mid!r}")
        for m in cat:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if not all(strings):
                out.append(f"{lang}: untranslated {m.id!r}")
            if m.fuzzy:
                out.append(f"{lang}: fuzzy {m.id!r}")
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            fields = set(re.findall(r"\{(\w+)", " ".join(ids)))
            prefixes = {_stem(x) for x in fields}
            for s in strings:
                for f in set(re.findall(r"\{(\w+)", s or "")):
                    if f not in fields and _stem(f) not in prefixes:
                        out.append(f"{lang}: {m.id!r} uses a field {{{f}}} the English message does not give")
        mo = LOCALE / lang / "LC_MESSAGES" / "omaha_learn.mo"
        buf = io.BytesIO()
        write_mo(buf, cat)
        if not mo.exists() or mo.read_bytes() != buf.getvalue():
            out.append(f"{lang}: {mo.relative_to(ROOT)} is not compiled from its .po (run python scripts/i18n.py)")
    return out


__all__ = ["problems", "catalogue", "extracted", "tempfile"]
