"""docs/architecture.md's module tree is the code's: every package and module of ``omaha_learn`` is listed,
one a line, under its package, and nothing else is."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
ENTRY = re.compile(r"^( *)(\w+\.py|\w+/)(?:\s|$)")


def documented_tree(text: str) -> set[str]:
    """The paths (``omaha_learn/engine/cards.py``, ``omaha_learn/engine/``) of the tree block after
    "## Layers": an entry's depth is its indent (two spaces a level); other lines continue a description."""
    block = text.split("## Layers", 1)[1].split("```", 2)[1]
    paths: set[str] = set()
    stack: list[str] = []
    for line in block.splitlines()[1:]:
        m = ENTRY.match(line)
        if not m or len(m.group(1)) % 2:
            continue
        depth = len(m.group(1)) // 2
        if depth > len(stack):
            continue   # deeper than any open package: a description that starts with a name
        del stack[depth:]
        path = "".join(stack) + m.group(2)
        paths.add(path)
        if m.group(2).endswith("/"):
            stack.append(m.group(2))
    return paths


def code_tree() -> set[str]:
    package = ROOT / "omaha_learn"
    paths = {"omaha_learn/"}
    for path in package.rglob("*.py"):
        rel = path.relative_to(ROOT)
        if any(part == "__pycache__" or part.startswith("_lessons") for part in rel.parts):
            continue
        if path.name == "__init__.py" and path.parent != package:
            paths.add(str(rel.parent) + "/")
        else:
            paths.add(str(rel))
    return paths


def test_the_architecture_tree_lists_every_module_and_nothing_else() -> None:
    documented = documented_tree(DOC.read_text(encoding="utf-8"))
    code = code_tree()
    missing, extra = sorted(code - documented), sorted(documented - code)
    assert not missing and not extra, f"docs/architecture.md: missing {missing}; listed but not in the code {extra}"


def test_the_tree_reader_can_fail() -> None:
    text = ("## Layers\n\n```\nomaha_learn/\n  cli.py         the parser\n  engine/        core\n"
            "    cards.py       Card\n                   cards.py continued\n  other.py       x\n```\n")
    assert documented_tree(text) == {"omaha_learn/", "omaha_learn/cli.py", "omaha_learn/engine/",
                                     "omaha_learn/engine/cards.py", "omaha_learn/other.py"}


def test_every_error_class_is_named() -> None:
    from omaha_learn import errors

    text = DOC.read_text(encoding="utf-8")
    assert not [name for name in errors.__all__ if f"`{name}`" not in text]
