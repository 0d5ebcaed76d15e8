"""Execute notebooks in place with the project's kernel, deterministically.

Lessons and exercise keys are stored *executed*: nbval compares every code
cell's fresh output with the stored one, and skips cells that were never run.
This script re-runs them the same way every time:

* the kernel is this interpreter (the project's ``.venv``), whatever the
  notebook's kernelspec says, started in the notebook's own folder;
* ``PYTHONHASHSEED=0`` and the inline matplotlib backend, so set order
  and figures do not vary between runs;
* no timing metadata is written, cell ids are kept, a print split over
  several stream messages is stored as one output, and widget state is
  stored so the widgets still draw when the notebook is opened; the random
  widget model ids are renamed to ids derived from the notebook's name, so
  re-running an unchanged notebook leaves the file byte-for-byte the same.

Usage::

    python scripts/execute_notebooks.py                      # every notebooks/*.ipynb, notebooks/ru/*, notebooks/et/*
    python scripts/execute_notebooks.py notebooks/03_high_hands.ipynb exercises/solutions/*.ipynb
    python scripts/execute_notebooks.py --check              # run, report, write nothing

A notebook whose execution raises is reported and left unchanged on disk;
the exit status is 1 if any notebook failed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GLOB = "notebooks/*.ipynb"
TRANSLATED_GLOBS = ("notebooks/ru/*.ipynb", "notebooks/et/*.ipynb")
KERNEL_NAME = "python3"


def _kernel_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    # the project package, importable even when not pip-installed
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def stable_widget_ids(nb: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """Rename widget model ids (random uuids) to ids derived from ``name`` and their order of creation."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    if not state:
        return nb
    text = json.dumps(nb)
    new_ids = {old: hashlib.md5(f"{name}:{i}".encode()).hexdigest() for i, old in enumerate(state)}
    pattern = re.compile("|".join(map(re.escape, new_ids)))
    return nbformat.from_dict(json.loads(pattern.sub(lambda m: new_ids[m.group(0)], text)))


def coalesce_streams(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Merge consecutive stdout (or stderr) outputs of a cell: the kernel may split one
    print into several messages depending on timing; stored, they should not vary."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        merged: list[nbformat.NotebookNode] = []
        for out in cell.outputs:
            prev = merged[-1] if merged else None
            if (out.output_type == "stream" and prev is not None and prev.output_type == "stream"
                    and prev.name == out.name):
                prev.text += out.text
            else:
                merged.append(out)
        cell.outputs = merged
    return nb


def execute(path: Path, *, timeout: int = 120, write: bool = True) -> float:
    """Run one notebook top to bottom; store it in place unless ``write`` is false.

    Returns the wall time in seconds. Raises ``CellExecutionError`` on the
    first failing cell (the file is then not touched).
    """
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=KERNEL_NAME,
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=True,
        allow_errors=False,
    )
    start = time.perf_counter()
    client.execute(env=_kernel_env())
    elapsed = time.perf_counter() - start
    nb = stable_widget_ids(coalesce_streams(nb), path.name)
    if write:
        nbformat.validate(nb)
        nbformat.write(nb, path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help=f"notebooks to run (default: {DEFAULT_GLOB} and the translated lessons {', '.join(TRANSLATED_GLOBS)})")
    parser.add_argument("--check", action="store_true", help="execute but do not write")
    parser.add_argument("--timeout", type=int, default=120, help="seconds per cell (default 120)")
    args = parser.parse_args(argv)

    paths = args.notebooks or [p for g in (DEFAULT_GLOB, *TRANSLATED_GLOBS) for p in sorted(ROOT.glob(g))]
    failed = 0
    for path in paths:
        try:
            seconds = execute(path, timeout=args.timeout, write=not args.check)
        except CellExecutionError as exc:
            failed += 1
            first = str(exc).strip().splitlines()
            print(f"FAIL {path}: {first[-1] if first else exc}", file=sys.stderr)
            continue
        print(f"ok   {path} ({seconds:.1f} s)")
    return min(failed, 1)


if __name__ == "__main__":
    sys.exit(main())
