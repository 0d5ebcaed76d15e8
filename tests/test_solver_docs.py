"""The worked example of ``docs/solver.md`` runs and prints what the page says."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "solver.md"


def test_solver_doc_examples() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0
