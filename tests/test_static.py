"""Static checks as tests, so the README's one test command covers them too:
ruff over the code, mypy --strict over the whole package (third-party modules without type information ignored)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_is_clean():
    r = _run("ruff", "check", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_package_is_fully_typed_mypy_strict():
    r = _run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert r.returncode == 0, r.stdout + r.stderr
