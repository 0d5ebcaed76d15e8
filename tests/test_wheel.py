"""The wheel, in fresh venvs (part of the full run: it builds, downloads and installs).

* ``pip install omaha_learn`` (the wheel, its dependencies from the index) installs numpy and nothing
  else; the core and the strategy work there, and a lessons-only module names its extra.
* ``pip install "omaha_learn[lessons]"`` from the same wheel, with no clone in sight: ``omaha-learn
  lessons --print-path`` prepares the learners' folder from the package data (copies, keys left out),
  and ``omaha-learn lessons --no-browser`` serves the start page (fetched over HTTP, then stopped).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
START_PAGE = "notebooks/00_start.ipynb"
NO_COMPILE = "--no-compile"
"""pip writes no bytecode for what it installs: compiling the hundred distributions of the lessons' extra took 20 of
its 46 s of CPU (2026-12-03), and says nothing about our wheel; Python compiles what each command imports."""


def run(*cmd: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, ROOT)
    (found,) = out.glob("omaha_learn-*.whl")
    return found


def fresh_venv(where: Path) -> Path:
    """A new venv with no omaha_learn and no clone on its path; returns its ``bin`` folder."""
    base = getattr(sys, "_base_executable", sys.executable)
    run(base, "-m", "venv", where)
    return where / "bin"


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    return {**env, **extra}


def distributions(bin_dir: Path) -> list[str]:
    listed = json.loads(run(bin_dir / "pip", "list", "--format=json", env=clean_env()))
    return sorted(d["name"].lower() for d in listed if d["name"].lower() not in ("pip", "setuptools", "wheel"))


def test_the_wheel_carries_the_lessons(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    lessons = [n for n in names if n.startswith("omaha_learn/_lessons/")]
    for folder, pattern in (("notebooks", "*.ipynb"), ("exercises", "*.ipynb"), ("exercises/solutions", "*.ipynb")):
        for f in (ROOT / folder).glob(pattern):
            assert f"omaha_learn/_lessons/{folder}/{f.name}" in lessons, f"{folder}/{f.name} is not in the wheel"
    assert "omaha_learn/_lessons/exercises/README.md" in lessons and "omaha_learn/_lessons/docs/rules.md" in lessons
    assert "omaha_learn/data/starting_hands.npz" in names and "omaha_learn/py.typed" in names
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    requires = [line for line in text.splitlines() if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert [r.split()[1] for r in requires] == ["numpy>=1.24"], requires
    assert "Requires-Python: >=3.11" in text


def test_a_bare_install_is_numpy_alone(wheel: Path, tmp_path: Path) -> None:
    bin_dir = fresh_venv(tmp_path / "bare")
    run(bin_dir / "pip", "install", "--quiet", NO_COMPILE, wheel, env=clean_env())
    dists = distributions(bin_dir)
    print(f"\npip install omaha_learn: {len(dists)} distributions: {', '.join(dists)}")
    assert dists == ["numpy", "omaha_learn"]
    code = ("import omaha_learn, sys\n"
            "r = omaha_learn.equity(['As Ah 2s 3h', 'AA**'], game='plo', trials=2000, seed=1, threads=1)\n"
            "print(r.combos[1], omaha_learn.__version__, omaha_learn.starting_hands('plo').lookup('As Ah 2s 3h').rank)\n"
            "try:\n    import omaha_learn.widgets\nexcept ImportError as e:\n    print(type(e).__name__, e)\n")
    out = run(bin_dir / "python", "-c", code, cwd=tmp_path, env=clean_env()).splitlines()
    assert out[0].split()[0] == "1035" and out[0].split()[1] == run(
        sys.executable, "-c", "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])",
        cwd=ROOT).strip()
    assert out[1].startswith("MissingExtra") and 'pip install "omaha_learn[lessons]"' in out[1]


def test_the_lessons_run_from_the_wheel_alone(wheel: Path, tmp_path: Path) -> None:
    bin_dir = fresh_venv(tmp_path / "lessons")
    run(bin_dir / "pip", "install", "--quiet", NO_COMPILE, "--find-links", wheel.parent, "omaha_learn[lessons]",
        env=clean_env())
    dists = distributions(bin_dir)
    print(f"\npip install 'omaha_learn[lessons]': {len(dists)} distributions")
    assert {"jupyterlab", "ipywidgets", "matplotlib", "plotly", "numpy"} <= set(dists)
    cache = tmp_path / "cache"
    env = clean_env(OMAHA_LEARN_CACHE=str(cache), HOME=str(tmp_path / "home"))
    page = Path(run(bin_dir / "omaha-learn", "lessons", "--print-path", cwd=tmp_path, env=env).strip())
    assert page == cache / "lessons" / START_PAGE and page.is_file() and not page.is_symlink()
    assert json.loads(page.read_text(encoding="utf-8"))["cells"]
    assert (cache / "lessons" / "exercises" / "01_reading_hands.ipynb").is_file()
    assert not (cache / "lessons" / "exercises" / "solutions").exists()   # the keys stay with the teacher
    where = run(bin_dir / "python", "-c", "from omaha_learn import resources as r; print(r.lessons_root(), "
                "r.keys_dir().is_dir(), r.shipped_in_package())", cwd=tmp_path, env=env).split()
    assert "site-packages" in where[0] and where[1:] == ["True", "True"]

    proc = subprocess.Popen([str(bin_dir / "omaha-learn"), "lessons", "--no-browser"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        url = None
        seen = []
        for line in proc.stdout:  # type: ignore[union-attr]
            seen.append(line)
            m = re.search(r"(http://127\.0\.0\.1:\d+)/doc/tree/(\S+)\?token=(\w+)", line)
            if m:
                url = m
                break
        assert url is not None, "".join(seen)
        assert url.group(2) == START_PAGE
        api = f"{url.group(1)}/api/contents/{START_PAGE}?token={url.group(3)}&content=0"
        for _ in range(600):   # JupyterLab starting up: until it answers, or it exits
            try:
                with urllib.request.urlopen(api, timeout=5) as answer:
                    assert json.loads(answer.read())["path"] == START_PAGE
                    break
            except OSError:
                assert proc.poll() is None, "JupyterLab exited:\n" + "".join(seen) + (proc.stdout.read() if proc.stdout else "")
                time.sleep(0.2)
        else:
            raise AssertionError("JupyterLab never served the start page")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
