"""The layers, enforced by reading the source with ``ast`` (docs/architecture.md).

* Every module sits in a ranked layer (``LAYERS``, bottom to top: errors, the rules core, strategy,
  display, widgets, checks, grading, cli): it imports only its own package and the layers below it,
  counting imports inside functions and under ``TYPE_CHECKING``. There are no exceptions: the
  objects' rich-display hooks (``_repr_html_``) go through :mod:`omaha_learn.rendering`, where
  ``omaha_learn.display`` registers its renderers.
* There is no import circle anywhere in the package, counting the same imports.

* The rules core (``omaha_learn.errors``, ``omaha_learn.engine``, ``omaha_learn.jobs``,
  ``omaha_learn.rendering``) and the strategy (``omaha_learn.strategy``) import no presentation,
  widget, checker, Jupyter or plotting module anywhere, and the core imports no strategy module.
* ``omaha_learn/display/`` never imports widgets or checks.
* No module imports a private ``_name`` from another module: what another module needs
  gets a public name. Today's exceptions are listed below, so a new one fails.
"""

from __future__ import annotations

import ast
import functools
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "omaha_learn"

NOT_IN_ENGINE = ("omaha_learn.display", "omaha_learn.widgets", "omaha_learn.checks", "omaha_learn.grading",
                 "omaha_learn.cli", "IPython", "ipywidgets",
                 "ipykernel", "matplotlib", "plotly", "jupyter", "jupyterlab", "notebook", "nbformat", "nbval",
                 "nbclient", "traitlets")
NOT_IN_DISPLAY = ("omaha_learn.widgets", "omaha_learn.checks")
CORE = ("omaha_learn.errors", "omaha_learn.engine", "omaha_learn.jobs", "omaha_learn.rendering", "omaha_learn.extras",
        "omaha_learn.resources")
"""The rules core: numpy alone; it never imports ``omaha_learn.strategy`` (not even inside a function)."""

# Private names imported across modules today, owned by other helpers' files: each one should get a
# public name in its module (reported to the lead). A new entry here needs a reason; the test fails
# on any import not listed and warns about a listed one that is gone (remove it then).
_TABLES = "omaha_learn.engine.evaluation.tables"
_HANDS = "omaha_learn.engine.evaluation.hands"
KNOWN_PRIVATE_IMPORTS: set[tuple[str, str, str]] = set()


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, path


@functools.cache
def _parsed(path: str, text: str) -> ast.Module:
    return ast.parse(text, filename=path)


def _parse(path: Path) -> ast.Module:
    """The syntax tree of the module at ``path``, parsed once per text (every check reads every module, some
    for each module; a file a test rewrites is parsed again). The trees are only read."""
    return _parsed(str(path), path.read_text(encoding="utf-8"))


def imports(name: str, path: Path) -> Iterator[tuple[str, list[str], list[str]]]:
    """(imported module, names imported from it, enclosing function names) for every import in ``path``."""
    tree = _parse(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node: ast.AST, funcs: list[str]) -> Iterator[tuple[str, list[str], list[str]]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                yield from visit(child, funcs + [getattr(child, "name", "<lambda>")])
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, [], funcs
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (child.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                yield base, [a.name for a in child.names], funcs
            yield from visit(child, funcs)

    yield from visit(tree, [])


def _under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _is_type_checking_only(path: Path) -> set[int]:
    """Line numbers of imports inside ``if TYPE_CHECKING:`` blocks (they never run)."""
    tree = _parse(path)
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


ALL = list(modules())


def test_the_modules_are_found() -> None:
    names = {n for n, _ in ALL}
    assert {"omaha_learn.engine.showdown", "omaha_learn.engine.betting.state", "omaha_learn.display.html",
            "omaha_learn.widgets.dealer", "omaha_learn.checks.questions", "omaha_learn.strategy.coach",
            "omaha_learn.strategy.chart", "omaha_learn.rendering"} <= names


def _core_or_strategy(name: str) -> bool:
    return _under(name, CORE + ("omaha_learn.strategy",))


@pytest.mark.parametrize(("name", "path"), [(n, p) for n, p in ALL if _core_or_strategy(n)],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_core_and_strategy_import_no_presentation_widget_checker_jupyter_or_plotting_module(
        name: str, path: Path) -> None:
    bad = [f"{m} ({'in ' + f[-1] + '()' if f else 'at module level'})"
           for m, _names, f in imports(name, path) if _under(m, NOT_IN_ENGINE)]
    assert not bad, f"{name} imports {bad}; the core and the strategy stay free of presentation and Jupyter"


@pytest.mark.parametrize(("name", "path"), [(n, p) for n, p in ALL if _under(n, CORE)],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_the_rules_core_never_imports_the_strategy(name: str, path: Path) -> None:
    bad = [f"{m} ({'in ' + f[-1] + '()' if f else 'at module level'})"
           for m, names, f in imports(name, path)
           if _under(m, ("omaha_learn.strategy",)) or (m == "omaha_learn" and "strategy" in names)]
    assert not bad, f"{name} imports {bad}; the rules core stays below the strategy"


def test_the_objects_draw_themselves_through_the_registry_that_display_fills() -> None:
    hooks = [n for n, p in ALL if _core_or_strategy(n) and "rendering.html(" in p.read_text(encoding="utf-8")]
    assert {"omaha_learn.engine.evaluation.hands", "omaha_learn.engine.showdown", "omaha_learn.strategy.advice",
            "omaha_learn.strategy.outs", "omaha_learn.strategy.chart"} <= set(hooks)
    from omaha_learn import rendering
    from omaha_learn.display.renderers import KINDS
    kinds = {k for n, p in ALL for k in __import__("re").findall(r'rendering\.html\("(\w+)"', p.read_text("utf-8"))}
    assert kinds == set(KINDS), f"renderer kinds asked for {sorted(kinds)}, registered {sorted(KINDS)}"
    assert rendering.DISPLAY_PACKAGE == "omaha_learn.display"


@pytest.mark.parametrize(("name", "path"), [(n, p) for n, p in ALL if n.startswith("omaha_learn.display")],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_display_imports_neither_widgets_nor_checks(name: str, path: Path) -> None:
    bad = [m for m, _, _ in imports(name, path) if _under(m, NOT_IN_DISPLAY)]
    assert not bad, f"{name} imports {bad}: display sits below widgets and checks"


def private_imports() -> set[tuple[str, str, str]]:
    found = set()
    for name, path in ALL:
        typing_only = _is_type_checking_only(path)
        tree = _parse(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.lineno not in typing_only:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                if base == name or base == "__future__":
                    continue
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.add((name, base, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if any(part.startswith("_") and not part.startswith("__") for part in alias.name.split(".")):
                        found.add((name, alias.name, ""))
    return found


def test_no_module_imports_a_private_name_from_another_module() -> None:
    found = private_imports()
    new = sorted(found - KNOWN_PRIVATE_IMPORTS)
    assert not new, ("private names imported across modules (give them a public name in their module): "
                     + "; ".join(f"{a} imports {c} from {b}" for a, b, c in new))
    gone = sorted(KNOWN_PRIVATE_IMPORTS - found)
    if gone:   # fixed elsewhere (another branch): shrink the list, but do not fail a merge over it
        warnings.warn(f"no longer imported, remove from KNOWN_PRIVATE_IMPORTS: {gone}", stacklevel=1)


def test_the_layer_checks_catch_what_they_guard(tmp_path: Path) -> None:
    """The checks can fail: display imports (even in a ``_repr_html_`` hook), a strategy import in the
    core and a private import are found."""
    bad = tmp_path / "bad.py"
    bad.write_text("import matplotlib.pyplot\nfrom omaha_learn.display.html import hand_html\n"
                   "from omaha_learn.engine.evaluation.hands import _key_tables\n"
                   "def _repr_html_(self):\n    from omaha_learn.display.html import hand_html\n"
                   "def helper():\n    from omaha_learn.widgets import Dealer\n"
                   "def lazy():\n    from omaha_learn.strategy.chart import starting_hands\n")
    found = list(imports("omaha_learn.engine.bad", bad))
    flagged = [(m, f) for m, _, f in found if _under(m, NOT_IN_ENGINE)]
    assert flagged == [("matplotlib.pyplot", []), ("omaha_learn.display.html", []),
                       ("omaha_learn.display.html", ["_repr_html_"]), ("omaha_learn.widgets", ["helper"])]
    assert [(m, f) for m, _, f in found if _under(m, ("omaha_learn.strategy",))] == [
        ("omaha_learn.strategy.chart", ["lazy"])]
    assert ("omaha_learn.engine.evaluation.hands", ["_key_tables"], []) in found


# ----------------------------------------------------------------------------- layers and circles

LAYERS: list[tuple[str, ...]] = [
    ("omaha_learn.errors",),
    ("omaha_learn.i18n",),         # the message catalogue: every sentence, in en, ru or et (standard library only)
    ("omaha_learn.engine",),       # the rules core (with the top-level modules of SAME_LAYER)
    ("omaha_learn.strategy",),
    ("omaha_learn.display",),
    ("omaha_learn.widgets",),
    ("omaha_learn.checks",),
    ("omaha_learn.grading",),
    ("omaha_learn.cli",),
]
"""Bottom to top, one package a rank. ``omaha_learn`` itself (the lazy public API) sits above them all."""


SAME_LAYER = {"omaha_learn.jobs": "omaha_learn.engine", "omaha_learn.rendering": "omaha_learn.engine",
              "omaha_learn.extras": "omaha_learn.engine", "omaha_learn.resources": "omaha_learn.engine",
              "omaha_learn.games": "omaha_learn.engine"}
"""Top-level modules of the rules core: ``jobs`` runs the engine's studies (and the grader's submissions) on
local processes or a Dask cluster, and checks its arguments with ``engine.arguments``; ``rendering`` is the
registry through which objects draw themselves (``omaha_learn.display`` fills it); ``extras`` imports an
optional third-party module or names the extra that brings it; ``resources`` finds the lessons; ``games`` defines the games."""


def _layer(module: str) -> tuple[int, str] | None:
    for alone, package in SAME_LAYER.items():
        if _under(module, (alone,)):
            module = package
    for rank, packages in enumerate(LAYERS):
        for package in packages:
            if _under(module, (package,)):
                return rank, package
    if module == "omaha_learn":
        return len(LAYERS), "omaha_learn"
    return None


def _target(module: str, names: list[str], known: set[str]) -> list[str]:
    """The package modules an import statement loads (``from pkg import mod`` loads ``pkg.mod``)."""
    subs = [f"{module}.{n}" for n in names if f"{module}.{n}" in known]
    out = [module] if module in known and (not names or len(subs) < len(names)) else []   # a name from its __init__
    out += subs
    if not out:   # a name of a module we do not list (e.g. a third-party one)
        parent = module
        while parent and parent not in known:
            parent = parent.rpartition(".")[0]
        out = [parent] if parent else []
    return out


def import_graph(entries: list[tuple[str, Path]] | None = None) -> dict[str, set[str]]:
    """module -> the omaha_learn modules it imports anywhere (in functions and type-checking blocks too)."""
    entries = ALL if entries is None else entries
    known = {n for n, _ in entries}
    graph: dict[str, set[str]] = {n: set() for n in known}
    for name, path in entries:
        for module, names, _funcs in imports(name, path):
            if not _under(module, ("omaha_learn",)):
                continue
            for dst in _target(module, names, known):
                if dst != name and dst != "omaha_learn":
                    graph[name].add(dst)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_circles_counting_imports_in_functions_and_type_checking_blocks() -> None:
    found = circles(import_graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def layer_violations(entries: list[tuple[str, Path]] | None = None) -> list[str]:
    """Every import of a module from a higher layer, or from another package of the same rank."""
    entries = ALL if entries is None else entries
    known = {n for n, _ in ALL} | {n for n, _ in entries}
    bad = []
    for name, path in entries:
        own = _layer(name)
        assert own is not None, f"{name} is in no layer: add its package to LAYERS"
        for module, names, funcs in imports(name, path):
            if not _under(module, ("omaha_learn",)):
                continue
            for dst in _target(module, names, known) or [module]:
                other = _layer(dst)
                if other is None or dst == "omaha_learn" and name == "omaha_learn":
                    continue
                if other[0] > own[0] or (other[0] == own[0] and other[1] != own[1]):
                    bad.append(f"{name} imports {dst}" + (f" in {funcs[-1]}()" if funcs else ""))
    return bad


def test_every_module_imports_only_its_own_layer_or_those_below() -> None:
    bad = layer_violations()
    assert not bad, "imports against the layers: " + "; ".join(bad)


def test_the_circle_and_layer_checks_can_fail(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.py", tmp_path / "b.py", tmp_path / "c.py"
    a.write_text("from omaha_learn.engine.b import f\n")
    b.write_text("def g():\n    from omaha_learn.engine import c\n")
    c.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from omaha_learn.engine.a import x\n")
    entries = [("omaha_learn.engine.a", a), ("omaha_learn.engine.b", b), ("omaha_learn.engine.c", c)]
    assert circles(import_graph(entries)) == [["omaha_learn.engine.a", "omaha_learn.engine.b", "omaha_learn.engine.c"]]
    c.write_text("def _repr_html_(self):\n    from omaha_learn.engine.a import x\n")   # a hook counts too
    assert circles(import_graph(entries)) == [["omaha_learn.engine.a", "omaha_learn.engine.b", "omaha_learn.engine.c"]]
    c.write_text("x = 1\n")
    assert circles(import_graph(entries)) == []
    # upward imports: the core to the strategy (lazily), the strategy to display (in a hook), widgets to checks
    a.write_text("def f():\n    from omaha_learn.strategy.chart import starting_hands\n")
    b.write_text("def _repr_html_(self):\n    from omaha_learn.display.html import hand_html\n")
    c.write_text("from omaha_learn import checks\nfrom omaha_learn import rendering\n")
    entries = [("omaha_learn.engine.a", a), ("omaha_learn.strategy.b", b), ("omaha_learn.widgets.c", c)]
    assert layer_violations(entries) == [
        "omaha_learn.engine.a imports omaha_learn.strategy.chart in f()",
        "omaha_learn.strategy.b imports omaha_learn.display.html in _repr_html_()",
        "omaha_learn.widgets.c imports omaha_learn.checks"]
