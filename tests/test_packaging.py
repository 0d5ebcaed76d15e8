"""Packaging: numpy alone for the core, every third-party import declared in an extra and failing with
a message that names it, one version (the metadata's), the licence, the changelog, Python 3.11+, and the
lessons found through one function (omaha_learn.resources) in this clone.

The wheel itself, in fresh venvs, is tests/test_wheel.py (part of the full run)."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import omaha_learn
from omaha_learn import resources
from omaha_learn.errors import MissingExtra
from omaha_learn.extras import EXTRAS, require

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "omaha_learn"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]

DISTRIBUTIONS = {"numpy": "numpy", "ipywidgets": "ipywidgets", "traitlets": "ipywidgets", "IPython": "ipython", "matplotlib": "matplotlib",
                 "plotly": "plotly", "jupyterlab": "jupyterlab", "jupyter_client": "jupyter_client", "zmq": "pyzmq",
                 "ipykernel": "ipykernel", "nbformat": "nbformat", "nbclient": "nbclient", "seccomp": "pyseccomp",
                 "pyseccomp": "pyseccomp", "distributed": "distributed", "nbgrader": "nbgrader",
                 "babel": "babel"}
"""Top-level module -> the distribution that installs it (IPython comes with ipywidgets and ipykernel; traitlets
with ipywidgets, whose traits the widgets observe)."""


def _requirement_name(req: str) -> str:
    return re.split(r"[\s\[<>=!~;]", req.strip(), maxsplit=1)[0].lower().replace("-", "_")


def _declared() -> dict[str, set[str]]:
    """distribution -> the groups (``core`` or the extras) that list it, extras expanded."""
    out: dict[str, set[str]] = {}
    for req in PROJECT["dependencies"]:
        out.setdefault(_requirement_name(req), set()).add("core")
    for extra, reqs in PROJECT["optional-dependencies"].items():
        for req in reqs:
            out.setdefault(_requirement_name(req), set()).add(extra)
    return out


def third_party_imports() -> dict[str, set[str]]:
    """Top-level third-party module -> the package modules that import it (anywhere, also in functions),
    counting ``require("module")`` calls as imports."""
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.append(node.module)
            elif (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in
                  ("require", "import_module") and node.args and isinstance(node.args[0], ast.Constant)
                  and isinstance(node.args[0].value, str) and not node.args[0].value.startswith(".")):
                names.append(node.args[0].value)
        for name in names:
            top = name.partition(".")[0]
            if top and top != "omaha_learn" and top not in sys.stdlib_module_names and top != "__future__":
                found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def test_the_core_needs_numpy_alone() -> None:
    assert [_requirement_name(r) for r in PROJECT["dependencies"]] == ["numpy"]


def test_every_third_party_module_the_package_imports_is_declared() -> None:
    declared = _declared()
    found = third_party_imports()
    assert {"numpy", "ipywidgets", "plotly", "matplotlib", "jupyter_client", "zmq", "distributed"} <= set(found)
    for module, where in sorted(found.items()):
        if module == "no_such_module_here":   # the doctest of extras.require
            continue
        assert module in DISTRIBUTIONS, f"{module} (imported in {sorted(where)}) has no distribution in DISTRIBUTIONS"
        dist = DISTRIBUTIONS[module].lower().replace("-", "_")
        if module == "IPython":
            assert {"ipywidgets", "ipykernel"} <= set(declared), "IPython comes with ipywidgets and ipykernel"
            continue
        assert dist in declared, f"{module} (imported in {sorted(where)}) is not declared in pyproject.toml"
        if module != "numpy":
            assert EXTRAS.get(module) in declared[dist], (module, EXTRAS.get(module), declared[dist])


def test_the_extras_are_the_documented_ones_and_test_holds_them_all() -> None:
    extras = PROJECT["optional-dependencies"]
    assert {"lessons", "grading", "scale", "nbgrader", "test"} <= set(extras)
    assert {_requirement_name(r) for r in extras["lessons"]} == {"jupyterlab", "ipywidgets", "matplotlib", "plotly"}
    assert {_requirement_name(r) for r in extras["grading"]} >= {"jupyter_client", "pyzmq", "nbformat", "nbclient",
                                                                 "pyseccomp"}
    assert [_requirement_name(r) for r in extras["scale"]] == ["distributed"]
    assert [_requirement_name(r) for r in extras["nbgrader"]] == ["nbgrader"]
    test = extras["test"]
    assert any(r.startswith("omaha_learn[") and all(e in r for e in ("lessons", "grading", "scale", "nbgrader"))
               for r in test)
    assert {"nbval", "pytest", "pytest_xdist", "hypothesis", "playwright", "ruff", "mypy", "build"} <= {
        _requirement_name(r) for r in test}
    assert set(EXTRAS.values()) <= set(extras)


@pytest.mark.parametrize(("module", "importer", "extra"), [
    ("ipywidgets", "import omaha_learn.widgets", "lessons"),
    ("plotly", "from omaha_learn.display.figures import rates_figure; rates_figure({'a': [1.0]}, ['x'])", "lessons"),
    ("matplotlib", "from omaha_learn.display.figures import rates_figure_mpl; rates_figure_mpl({'a': [1.0]}, ['x'])",
     "lessons"),
    ("distributed", "from omaha_learn.jobs import run_jobs; run_jobs(abs, [1], scheduler='tcp://127.0.0.1:1')",
     "scale"),
])
def test_a_missing_extra_is_named(module: str, importer: str, extra: str) -> None:
    code = (f"import sys; sys.modules[{module!r}] = None\n"
            f"try:\n    {importer}\nexcept Exception as e:\n    print(type(e).__name__, '|', e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert f'pip install "omaha_learn[{extra}]"' in out, out
    assert out.split(" |")[0] in ("MissingExtra", "JobsError"), out


def test_require_names_the_package_and_the_extra() -> None:
    assert require("json", extra="lessons").__name__ == "json"
    with pytest.raises(MissingExtra, match=r'pip install "omaha_learn\[grading\]"') as info:
        require("no_such_module_here.sub", extra="grading")
    assert isinstance(info.value, ImportError) and info.value.name == "no_such_module_here"


def test_one_version_read_from_the_metadata() -> None:
    assert omaha_learn.__version__ == metadata.version("omaha_learn")
    literal = re.compile(r"""__version__\s*=\s*['"]""")
    assert not [p for p in PACKAGE.rglob("*.py") if literal.search(p.read_text(encoding="utf-8"))]
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", PROJECT["version"])


def test_licence_changelog_and_python_versions() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and PROJECT["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in PROJECT["classifiers"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "keepachangelog.com" in changelog and re.search(r"^## \[0\.2\.0\] - Unreleased", changelog, re.M)
    assert PROJECT["requires-python"] == ">=3.11"
    assert PYPROJECT["tool"]["mypy"]["python_version"] == "3.11" and PYPROJECT["tool"]["ruff"]["target-version"] == "py311"


def test_toml_is_read_with_tomllib_only() -> None:
    phh = (PACKAGE / "engine" / "phh.py").read_text(encoding="utf-8")
    assert "import tomllib" in phh and "_read_toml_subset" not in phh and "version_info" not in phh


def test_the_lessons_are_found_through_one_function() -> None:
    root = resources.lessons_root()
    assert (root / resources.START_PAGE).is_file()
    keys = sorted(p.name for p in resources.keys_dir().glob("*.ipynb"))
    copies = sorted(p.name for p in (root / "exercises").glob("*.ipynb"))
    assert keys == copies and len(keys) >= 11
    assert resources.rules_file().read_text(encoding="utf-8").count("R32") >= 1
    from omaha_learn.grading import nbgrader_export, rules_text
    assert nbgrader_export.KEYS_DIR == resources.keys_dir() and rules_text.RULES_FILE == resources.rules_file()


def test_every_lesson_file_ships_in_the_wheel() -> None:
    """setup.py's LESSONS globs and MANIFEST.in cover every notebook, exercise, key and doc of the clone."""
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    lessons = ast.literal_eval(re.search(r"^LESSONS = (\{.*?\n\})", setup, re.S | re.M).group(1))
    shipped = {f for folder, patterns in lessons.items() for pattern in patterns for f in (ROOT / folder).glob(pattern)}
    wanted = ({*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb"), ROOT / "exercises" / "README.md",
               *ROOT.glob("exercises/solutions/*.ipynb"), ROOT / "docs" / "rules.md",
               # the Russian and Estonian lessons, learner copies and keys
               *ROOT.glob("notebooks/*/*.ipynb"), *ROOT.glob("exercises/*/*.ipynb"), *ROOT.glob("exercises/*/solutions/*.ipynb")})
    # JupyterLab's own .ipynb_checkpoints (left by the browser tests, or by a teacher) are not lessons
    wanted = {f for f in wanted if not any(part.startswith(".") for part in f.relative_to(ROOT).parts)}
    assert wanted <= shipped
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    for line in ("recursive-include notebooks *.ipynb", "recursive-include exercises *.ipynb README.md",
                 "recursive-include docs *.md", "include LICENSE CHANGELOG.md README.md setup.py"):
        assert line in manifest


def test_the_lessons_command_prints_the_start_page_without_a_server(tmp_path: Path) -> None:
    env = {**__import__("os").environ, "OMAHA_LEARN_CACHE": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "omaha_learn.cli", "lessons", "--print-path"], env=env,
                         capture_output=True, text=True, check=True).stdout.strip()
    page = Path(out)
    assert page == tmp_path / "lessons" / resources.START_PAGE and page.is_file()
    assert json.loads(page.read_text(encoding="utf-8"))["cells"]
    assert not (tmp_path / "lessons" / "exercises" / "solutions").exists()


def test_every_test_named_as_full_exists() -> None:
    """A renamed or removed test must leave conftest.py's lists too (else a slow test could sneak back)."""
    import conftest

    for name in conftest.FULL_FILES:
        assert (ROOT / "tests" / name).is_file(), name
    for entry in conftest.FULL_TESTS:
        file, test = entry.split("::")
        assert re.search(rf"^def {test}\(", (ROOT / "tests" / file).read_text(encoding="utf-8"), re.M), entry
    for name in conftest.LONGEST_FIRST + conftest.FAST_LONGEST_FIRST:   # the files each run starts with
        assert (ROOT / "tests" / name).is_file(), name


@pytest.mark.parametrize(("args", "env", "outcome"), [
    ([], {}, "1 skipped"),
    (["--full"], {}, "1 failed"),
    ([], {"CI": "1"}, "1 failed"),
])
def test_a_missing_tool_fails_the_full_and_the_ci_run(tmp_path: Path, args: list[str], env: dict[str, str],
                                                       outcome: str) -> None:
    """tests/conftest.py turns a skip (a tool that is not installed) into a failure that says how to install it."""
    import os
    import shutil

    (tmp_path / "tests").mkdir()
    for helper in ("conftest.py", "depth.py"):   # the conftest and the module it reads the search depth from
        shutil.copyfile(ROOT / "tests" / helper, tmp_path / "tests" / helper)
    (tmp_path / "tests" / "test_tool.py").write_text(
        "import pytest\n\ndef test_needs_a_tool():\n    pytest.skip('the tool is not installed')\n")
    run_env = {k: v for k, v in os.environ.items() if k != "CI"} | env
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
                           "--rootdir", str(tmp_path), "tests/test_tool.py", *args],
                          cwd=tmp_path, env=run_env, capture_output=True, text=True)
    assert outcome in done.stdout, done.stdout + done.stderr
    if "failed" in outcome:
        assert "the tool is not installed" in done.stdout and "pip install -e '.[test]'" in done.stdout
