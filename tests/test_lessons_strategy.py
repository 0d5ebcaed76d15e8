"""The strategy lessons 11-15: the structure checks of test_lessons.py, plus answers that wait.

test_lessons.py's checks (title, R-numbers cited and linked to docs/rules.md,
a closing self-check, stored executed with stable outputs, public API only,
seeded deals, links that resolve) are reused here for each strategy lesson
with the rules it must cite. On top: a self-check asks before it tells, so
running every cell (Run All) prints no answer; the answers sit in a closed
HTML ``<details>`` block, and the start page links each lesson.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

_spec = importlib.util.spec_from_file_location("_lesson_structure", ROOT / "tests" / "test_lessons.py")
assert _spec is not None and _spec.loader is not None
structure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(structure)

# lesson -> the rules it must cite: the nut low R8-R11; starting hands R1-R3 (four cards, two play, flushes), R8,
# R11; ranges R1 (one deck: card removal), R2, R11; pot limit R18 with R11's halves and R14's heads-up order
STRATEGY: dict[str, set[int]] = {
    "11_nut_low_and_counterfeiting": {8, 9, 10, 11},
    "12_starting_hands": {1, 2, 3, 8, 11},
    "13_hands_against_ranges": {1, 2, 11},
    "14_pot_limit_decisions": {11, 14, 18},
    "15_flop_play": {2, 3, 8, 10, 11},
    "17_play_with_the_coach": {2, 11, 18, 21},
}

CHECKS = [
    "test_notebook_exists_and_has_title",
    "test_lesson_cites_its_rules_with_links",
    "test_lesson_ends_with_self_check",
    "test_stored_executed_without_errors_or_unstable_outputs",
    "test_imports_only_the_public_api",
    "test_deals_are_seeded",
    "test_relative_links_resolve",
]


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("stem", sorted(STRATEGY))
def test_strategy_lesson_structure(stem: str, check: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(structure.LESSONS, stem, STRATEGY[stem])
    getattr(structure, check)(stem)


@pytest.mark.parametrize("stem", sorted(STRATEGY))
def test_self_check_answers_wait_in_a_closed_details_block(stem: str) -> None:
    """Run All shows no answer: the last code cell prints nothing and displays only a closed <details> block."""
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    last = [c for c in nb.cells if c.cell_type == "code"][-1]
    assert "self-check-answers" in last.metadata.get("tags", [])
    assert [o.output_type for o in last.outputs] == ["execute_result"], f"{stem}: the answers cell must not print"
    html = last.outputs[0].data["text/html"]
    assert html.startswith('<details class="ol-answers"') and "<details open" not in html.split(">")[0]
    assert html.count("<li>") >= 3
    assert last.outputs[0].data["text/plain"].startswith("Answers hidden")


@pytest.mark.parametrize("stem", sorted(STRATEGY))
def test_start_page_links_strategy_lesson(stem: str) -> None:
    start = nbformat.read(NOTEBOOKS / "00_start.ipynb", as_version=4)
    text = "\n".join(c.source for c in start.cells if c.cell_type == "markdown")
    assert f"({stem}.ipynb)" in text
