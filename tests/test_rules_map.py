"""Every rule R1-R32 of docs/rules.md is taught, tested and (R1-R25) exercised.

A rule counts as cited where its number appears (``R12``); a short range such
as ``R8-R10`` cites every rule in it, a long one (``R1-R32``, a whole-book
reference) only its two ends.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALL_RULES = {f"R{i}" for i in range(1, 33)}
CITE = re.compile(r"\bR(\d{1,2})(?:\s*[-\u2013]\s*R?(\d{1,2}))?\b")


def cited(text: str) -> set[str]:
    """Rule numbers cited in ``text``."""
    found: set[str] = set()
    for m in CITE.finditer(text):
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        span = range(lo, hi + 1) if 0 <= hi - lo <= 4 else (lo, hi)
        found.update(f"R{i}" for i in span)
    return found & ALL_RULES


def _notebook_text(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c.get("source", "")) for c in nb.get("cells", []))


def _union(paths: list[Path], reader) -> set[str]:  # type: ignore[no-untyped-def]
    out: set[str] = set()
    for p in paths:
        out |= cited(reader(p))
    return out


def test_citation_parser() -> None:
    assert cited("R3 and R8-R10, see R1-R32") == {"R3", "R8", "R9", "R10", "R1", "R32"}
    assert cited("R33 PR12 R0") == set()


def test_rules_reference_has_an_anchor_per_rule() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for i in range(1, 33):
        assert f'<a id="r{i}"></a>\n### R{i} ' in text, f"docs/rules.md#r{i}"


def test_every_rule_is_cited_in_a_lesson() -> None:
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not lessons:
        pytest.fail("no lessons in notebooks/")
    missing = ALL_RULES - _union(lessons, _notebook_text)
    assert not missing, f"rules no lesson cites: {sorted(missing, key=lambda r: int(r[1:]))}"


def test_every_rule_is_cited_in_a_test() -> None:
    tests = [p for p in sorted((ROOT / "tests").glob("*.py")) if p.name != Path(__file__).name]
    missing = ALL_RULES - _union(tests, lambda p: p.read_text(encoding="utf-8"))
    assert not missing, f"rules no test cites: {sorted(missing, key=lambda r: int(r[1:]))}"


def test_rules_r1_to_r25_are_cited_in_an_exercise_key() -> None:
    keys = sorted((ROOT / "exercises" / "solutions").glob("*.ipynb"))
    missing = {f"R{i}" for i in range(1, 26)} - _union(keys, _notebook_text)
    assert not missing, f"rules no exercise cites: {sorted(missing, key=lambda r: int(r[1:]))}"
