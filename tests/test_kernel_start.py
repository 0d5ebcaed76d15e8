"""A kernel that fails at its start says why: the grader tells the teacher its exit status and the last line it
wrote (bubblewrap's or the limits launcher's words), instead of a bare "kernel-died" on every question.

The sandbox's launcher is replaced here by a process that writes a line to its standard error and exits (as
``bwrap`` or ``omaha-learn limits`` do when they cannot set the sandbox up), so no sandbox, no bubblewrap and no
kernel are needed: these run in the fast tests.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from omaha_learn.grading import sandbox
from omaha_learn.grading.grader import grade
from omaha_learn.grading.sandbox import PlanCell, run_plan

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPY = ROOT / "exercises" / "01_reading_hands.ipynb"
FAILS = "import sys; sys.stderr.write('first line\\nbwrap: setting up uid map: Permission denied\\x1b[2J\\n'); sys.exit(3)"


@pytest.fixture
def failing_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kernel's command becomes a process that writes two lines to its standard error and exits with 3."""
    monkeypatch.setattr(sandbox._Limits, "wrap", lambda self, cmd: [sys.executable, "-c", FAILS])
    monkeypatch.setattr(sandbox, "MAX_RESTARTS", 1)      # two starts a run: each is said (the grader's default: 5)


def test_a_kernel_that_ends_at_its_start_is_logged_with_its_status_and_last_words(failing_start: None) -> None:
    run = run_plan([PlanCell(source="answer_q1 = 1", question="q1", role="answer")], sandbox="none", timeout=60,
                   startup=30)
    assert run["cells"] == {"q1": "kernel-died"}
    starts = [line for line in run["log"] if line.startswith("kernel did not start: ")]
    assert len(starts) == 2 and run["log"][-1] == "too many kernel restarts", run["log"]
    assert all("ended before it was ready (exit status 3); its last words: bwrap: setting up uid map: Permission "
               "denied?[2J" in line for line in starts), starts          # the last line only, the escape made harmless
    assert not any("first line" in line for line in starts), starts


def test_the_grader_tells_the_teacher_why_the_kernel_did_not_start(failing_start: None, tmp_path: Path) -> None:
    sub = tmp_path / "ann" / COPY.name
    sub.parent.mkdir()
    shutil.copy(COPY, sub)
    said: list[str] = []
    records = grade([sub], KEYS, sandbox="none", trusted_learners=True, log=said.append, timeout=60)
    assert records and {r.status for r in records} == {"kernel-died"}
    warned = [line for line in said if "a kernel did not start" in line]
    assert any(line.startswith(f"warning: {COPY.name}: a kernel did not start: ") for line in warned), said  # the key's
    assert any(line.startswith("warning: ann: a kernel did not start: ") for line in warned), said             # the learner's
    assert all("(exit status 3); its last words: bwrap: setting up uid map" in line for line in warned), warned
    assert nbformat.read(sub, as_version=4).cells      # the submission is untouched


def test_a_kernel_that_starts_says_nothing_of_its_start() -> None:
    """The reader of a kernel's standard error keeps only a bounded tail, and a process that ends well is not
    reported: the words are read only when the kernel died before it was ready."""
    tail = sandbox._Tail()
    import subprocess

    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stderr.write('x' * 200_000 + '\\nend\\n')"],
                            stderr=tail.writer)
    tail.started()
    assert proc.wait() == 0
    assert tail.why(0).endswith("(exit status 0); its last words: end")
    assert len(tail._kept) <= sandbox.TAIL_BYTES
    assert "killed by SIGKILL" in tail.why(-9)


@pytest.mark.parametrize("kind", ["none", "bwrap"])
def test_a_temporary_folder_too_deep_for_a_socket_still_grades(kind: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A teacher's ``TMPDIR`` so deep that ``<it>/omaha-sub-*/ipc/k0-1`` is longer than a Unix socket's path may be
    (107 bytes): every kernel failed to start with "File name too long" (the whole proof's flake of 2026-12-03: a
    worker's temporary folder under ``popen-gw1/`` went past the limit). The sockets go to a folder of their own in
    ``/tmp``, removed at the end like the submission's."""
    if kind == "bwrap" and sandbox.sandbox_kind("auto") != "bwrap":
        pytest.skip("bubblewrap (bwrap) not available: apt-get install bubblewrap")
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    monkeypatch.setattr("tempfile.tempdir", str(deep))
    assert len(str(deep / "omaha-sub-12345678" / "ipc" / "k0-1")) > sandbox.SOCKET_PATH_MAX
    before = set(Path("/tmp").glob("omaha-ipc-*"))
    run = run_plan([PlanCell(source="answer_q1 = 6 * 7\nprint(answer_q1)", question="q1", role="answer")],
                   sandbox=kind, timeout=120)
    assert run["cells"] == {"q1": "ok"}, run["log"]
    assert not run["leftover"] and not list(deep.iterdir())
    assert set(Path("/tmp").glob("omaha-ipc-*")) <= before          # the run left no socket folder behind
