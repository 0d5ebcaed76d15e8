"""docs/sources.md, the coverage table of the four source texts: every R-number it cites is a rule of
docs/rules.md, and every engine name it gives exists (a renamed method breaks this test, not the page)."""

from __future__ import annotations

import re
from pathlib import Path

import omaha_learn

DOCS = Path(__file__).resolve().parents[1] / "docs"
SOURCES = (DOCS / "sources.md").read_text(encoding="utf-8")
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")


def _rows() -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in SOURCES.splitlines() if line.startswith("| ") and not line.startswith("| rule or")]


def test_every_cited_rule_exists_and_every_rule_is_covered() -> None:
    cited = {int(n) for n in re.findall(r"\bR(\d{1,2})\b", SOURCES)}
    assert cited, "the page cites no rule"
    anchors = {int(n) for n in re.findall(r'<a id="r(\d+)"></a>', RULES)}
    assert cited <= anchors
    assert set(range(1, 33)) <= cited, f"rules no source row covers: {sorted(set(range(1, 33)) - cited)}"


def test_every_engine_name_exists() -> None:
    names = set()
    for row in _rows():
        if len(row) == 4 and row[2].startswith(("yes", "setting")):
            names |= set(re.findall(r"`([A-Za-z_]+(?:\.[A-Za-z_]+)?)(?:\([^`]*\))?`", row[2]))
    assert len(names) >= 20
    missing = []
    for name in sorted(names):
        head, _, attr = name.partition(".")
        obj = getattr(omaha_learn, head, None)
        if obj is None or (attr and not hasattr(obj, attr)):
            missing.append(name)
    assert not missing, f"docs/sources.md names what the engine does not have: {missing}"


def test_every_rule_names_its_source_and_the_standard_where_silent() -> None:
    for n in range(1, 33):
        start = RULES.index(f'<a id="r{n}"></a>')
        end = RULES.find("<a id=", start + 5)
        body = RULES[start:end if end != -1 else len(RULES)]
        assert re.search(r"\*Sources?:\* 00[0-3]", body), f"R{n} names no source"
    for n in (11, 14, 17, 18, 24, 25, 27):
        start = RULES.index(f'<a id="r{n}"></a>')
        body = RULES[start:RULES.find("<a id=", start + 5)]
        assert "Where the sources are silent" in body or "reads it as" in body, f"R{n} hides its chosen standard"


def test_the_russian_and_estonian_rules_have_every_rule_and_name_their_sources() -> None:
    """docs/rules.ru.md and docs/rules.et.md: the same R-numbers and anchors as docs/rules.md, each rule with its
    sources, the standard where they are silent, and the fixes of the English text (R12, R19, R32) kept."""
    english = re.findall(r'<a id="(r\d+|sources)"></a>', RULES)
    for name, source_word, silent in (("rules.ru.md", "Источник", "Где источники молчат"),
                                      ("rules.et.md", "Allika", "Kus allikad vaikivad")):
        text = (DOCS / name).read_text(encoding="utf-8")
        assert re.findall(r'<a id="(r\d+|sources)"></a>', text) == english, name
        for n in range(1, 33):
            start = text.index(f'<a id="r{n}"></a>')
            end = text.find("<a id=", start + 5)
            body = text[start:end if end != -1 else len(text)]
            assert re.search(rf"\*{source_word}\w*:\* 00[0-3]", body), f"{name} R{n} names no source"
        assert text.count(silent) >= 6, name
    ru = (DOCS / "rules.ru.md").read_text(encoding="utf-8")
    et = (DOCS / "rules.et.md").read_text(encoding="utf-8")
    assert "**меньше** игроков" in ru and "**vähem**" in et                       # R32: fewer players
    assert "все возможности" in ru and "kõik tavapärased võimalused" in et        # R19: the checked player
    assert "Раззе" in ru and "Razzi" in et                                        # R12: no qualifier is Razz's
