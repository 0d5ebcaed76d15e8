"""The text of the rules (``docs/rules.md``, R1-R32) as small HTML pieces.

Feedback files handed back to learners are read offline, away from the
project's folder, so a link such as ``docs/rules.md#r3`` alone would lead
nowhere: :func:`rule_html` gives the rule's own text to copy into the file.

>>> title, body = rule_html("R3")
>>> title
'R3 - The flush trap'
>>> "two hole cards of the suit" in body
True
>>> rule_numbers("R2, R6: re-read docs/rules.md#r2 and R6")
('R2', 'R6')
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

from omaha_learn.i18n import get_language, gettext
from omaha_learn.resources import LessonsMissing, rules_file

__all__ = ["RULES_FILE", "rule_numbers", "rule_sections", "rule_html", "rule_link"]


def _default_rules() -> Path:
    try:
        return rules_file()
    except LessonsMissing:
        return Path("docs") / "rules.md"


RULES_FILE = _default_rules()
"""The rules reference (:func:`omaha_learn.resources.rules_file`: the checkout's or the wheel's)."""
"""The project's rules reference (present in a clone or an editable install)."""

_ANCHOR = re.compile(r'^<a id="(r\d+)"></a>\s*$')
_RULE = re.compile(r"\bR(\d{1,2})\b")


def rule_numbers(text: str) -> tuple[str, ...]:
    """Every rule number named in ``text`` ("R2, R6"), once each, in order of appearance."""
    seen: dict[str, None] = {}
    for m in _RULE.finditer(text or ""):
        if 1 <= int(m.group(1)) <= 32:
            seen.setdefault(f"R{int(m.group(1))}", None)
    return tuple(seen)


def _translated(lang: str) -> Path | None:
    """The rules reference in ``lang`` beside :data:`RULES_FILE` (``docs/rules.ru.md``), when there is one."""
    if lang == "en":
        return None
    path = RULES_FILE.with_name(f"rules.{lang}.md")
    return path if path.is_file() else None


def rule_link(rule: str) -> str:
    """The link to a rule in the project's reference (in the language in use when it has one), relative to
    the project root."""
    translated = _translated(get_language())
    name = translated.name if translated is not None else "rules.md"
    return f"docs/{name}#{rule.lower()}"


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"(?<![*\w])\*([^*\s][^*]*?)\*(?![*\w])", r"<em>\1</em>", out)
    out = re.sub(r"`(.+?)`", r"<code>\1</code>", out)
    return re.sub(r"\[(.+?)\]\((.+?)\)", r"\1", out)


def _markdown(lines: list[str]) -> str:
    """Paragraphs and bullet lists: all that docs/rules.md uses inside a rule."""
    blocks: list[str] = []
    para: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in lines:
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("- "):
            if para:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(blocks)


@cache
def rule_sections(path: Path | None = None) -> dict[str, tuple[str, str]]:
    """``{"R3": (title, html body)}`` for every rule in ``path`` (default :data:`RULES_FILE`).

    Empty when the file is not there (an installed wheel has no ``docs/``).
    """
    source = path or RULES_FILE
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    found: dict[str, tuple[str, str]] = {}
    i = 0
    while i < len(lines):
        m = _ANCHOR.match(lines[i])
        if not m:
            i += 1
            continue
        rule = m.group(1).upper()
        i += 1
        title = lines[i].lstrip("#").strip() if i < len(lines) and lines[i].startswith("#") else rule
        i += 1
        body: list[str] = []
        while i < len(lines) and not _ANCHOR.match(lines[i]) and not lines[i].startswith("#"):
            body.append(lines[i])
            i += 1
        found[rule] = (title, _markdown(body))
    return found


def rule_html(rule: str) -> tuple[str, str]:
    """(title, HTML body) of one rule, from the reference in the language in use (``docs/rules.ru.md``,
    ``docs/rules.et.md``) when it has the rule, else from ``docs/rules.md``; a short note instead when the
    reference is not available."""
    translated = _translated(get_language())
    if translated is not None and rule in (sections := rule_sections(translated)):
        return sections[rule]
    sections = rule_sections()
    if rule in sections:
        return sections[rule]
    return rule, "<p>" + html.escape(gettext("The text of {rule} is in the omaha_learn rules reference, "
                                             "{link}.").format(rule=rule, link=rule_link(rule))) + "</p>"
