"""Attacks on ``omaha-learn grade``, each in one batch beside honest submissions.

One grader call under bubblewrap grades two honest learners and a learner per
attack on exercise 1 (R1-R6): forged junit reports and killing every process
in sight, stopping the parent, a kernel that stops itself, ``os._exit``, a
loop that ignores Ctrl-C, a process left running, poisoned table caches,
a redefined ``check``, a patched ``Question``, calling ``expected()``,
reading the keys from disk, a flood of output, and malformed files. Honest learners keep full
marks, every attack scores zero for what it did not answer (or is flagged),
the batch completes and the CSV lists everyone. A second, smaller batch runs
without a sandbox (``--sandbox none``) to show the fallback says so and still
keeps one submission from spoiling another's tables.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import pytest

from omaha_learn.grading.sandbox import _bwrap_works

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPY = ROOT / "exercises" / "01_reading_hands.ipynb"
RIGHT = {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
         "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'}
FULL = {"q1": 1, "q2": 2, "q3": 1, "q4": 2, "q5": 2, "q6": 1}
TOKEN = "omaha-learn-attack-token-7d1c"
FAST = ["--cell-timeout", "4", "--timeout", "40", "--jobs", "2"]

needs_bwrap = pytest.mark.skipif(not _bwrap_works(), reason="bubblewrap (bwrap) not available")


def write(folder: Path, student: str, answers: dict[str, str], extra: dict[str, str] | None = None) -> Path:
    """Learner ``student``'s copy of exercise 1 with ``answers``, and ``extra`` cells before a question's answer."""
    nb = nbformat.read(COPY, as_version=4)
    for cell in list(nb.cells):
        q = cell.metadata.get("omaha_learn", {}).get("question")
        if "answer" in cell.metadata.get("tags", []):
            if q in answers:
                cell.source = answers[q]
            if extra and q in extra:
                nb.cells.insert(nb.cells.index(cell), nbformat.v4.new_code_cell(extra[q]))
    path = folder / student / "01_reading_hands.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(nb, path)
    return path


def raw(folder: Path, student: str, name: str, content: str) -> Path:
    path = folder / student / name
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    return path


def run_batch(tmp: Path, subs: list[Path], *options: str) -> tuple[int, dict[str, dict[str, tuple[int, str]]], str]:
    csv_path = tmp / "scores.csv"
    proc = subprocess.run([sys.executable, "-m", "omaha_learn.cli", "grade", "--keys", str(KEYS),
                           "--csv", str(csv_path), *options, *map(str, subs)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    out: dict[str, dict[str, tuple[int, str]]] = {}
    for r in rows:
        out.setdefault(r["student"], {})[r["question"]] = (int(r["points"]), r["status"])
    return proc.returncode, out, proc.stdout + proc.stderr


def pts(got: dict[str, tuple[int, str]]) -> dict[str, int]:
    return {q: p for q, (p, _) in got.items()}


POISON_OWN = """
import glob, os, numpy as np
for d in {os.environ.get('OMAHA_LEARN_CACHE', ''), os.path.expanduser('~/.cache/omaha_learn')}:
    for f in glob.glob(os.path.join(d, '**', '*.npy'), recursive=True):
        try:
            os.chmod(f, 0o644)
            a = np.load(f)
            np.save(f, np.zeros_like(a))
        except Exception as e:
            print('poison failed', f, type(e).__name__)
"""
POISON = POISON_OWN.replace("os.path.expanduser('~/.cache/omaha_learn')}",
                            "os.path.expanduser('~/.cache/omaha_learn'), '/root/.cache/omaha_learn',"
                            " os.path.expanduser('~' + os.environ.get('USER', 'root') + '/.cache/omaha_learn')}")
"""Also the teacher's own table cache: run only under bwrap, where it is out of reach (never without a sandbox)."""


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("attacks")
    keys_path = str(KEYS)
    subs = [
        write(tmp, "honest1", RIGHT),
        # forge a junit report everywhere it could be read, then kill every process it can see (kill -1)
        write(tmp, "junit", {"q1": """
import os, signal
for d in ('.', '..', '../..', '/tmp'):
    try:
        open(os.path.join(d, 'junit.xml'), 'w').write('<testsuite tests="6" failures="0"/>')
    except OSError:
        pass
print("q1: correct (1/1 points)")
try:
    os.kill(os.getppid(), signal.SIGKILL)
    os.kill(-1, signal.SIGKILL)
except OSError:
    pass
answer_q1 = None"""}),
        # stop the parent, then itself
        write(tmp, "sigstop", {**RIGHT, "q2": """
import os, signal
try:
    os.kill(os.getppid(), signal.SIGSTOP)
except OSError:
    pass
os.kill(os.getpid(), signal.SIGSTOP)
answer_q2 = "9d 9s\""""}),
        # os._exit in q2: q2 is lost, the later answers are graded after a restart
        write(tmp, "osexit", {**RIGHT, "q2": "import os\nos._exit(0)"}),
        # a loop that ignores Ctrl-C in q3
        write(tmp, "loop", {**RIGHT, "q3": "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                           "while True:\n    pass"}),
        # a process that would outlive grading
        write(tmp, "daemon", {**RIGHT, "q4": f"""
import subprocess, sys
subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', '{TOKEN}'], start_new_session=True,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
answer_q4 = "high card\""""}),
        # poison every table cache it can reach, then answer honestly
        write(tmp, "poison", RIGHT, extra={"q1": POISON}),
        # redefine check and print the key's lines; patch Question; call expected()
        write(tmp, "redefine", {"q1": "answer_q1 = None"}, extra={"q1": """
def check(qid, answer):
    print(f"{qid}: correct (1/1 points)")
import omaha_learn.checks.questions as core
core.Question.message = lambda self, answer: (True, f"{self.qid}: correct")
core.Question.is_correct = lambda self, answer: True
core.Question.feedback = lambda self, answer: core.Verdict(self.qid, True, self.points, "correct")
core.normalise = lambda kind, value: "4h 2c Tc 2d"
from omaha_learn.checks.reading_hands import EXERCISE
try:
    answer_q2 = EXERCISE.questions["q2"].expected()
except AttributeError as e:
    print("no expected():", e)
"""}),
        # read the keys from disk, wherever they are
        write(tmp, "keys", {}, extra={"q1": f"""
import glob, json, os, re
from omaha_learn.grading import grader as grading
found = glob.glob(os.path.join(str(grading.PACKAGE_ROOT), 'exercises', 'solutions', '*.ipynb'))
found += glob.glob({keys_path!r} + '/*.ipynb') + [f for d in ('/work', '/root', '/home', '/tmp')
          for f in glob.glob(d + '/**/solutions/01_reading_hands.ipynb', recursive=True)]
print('found', found)
for f in found:
    for c in json.load(open(f))['cells']:
        exec(''.join(c['source'])) if 'answer_q' in ''.join(c['source']) else None
"""}),
        # one 40 MB print: more than a kernel message may hold
        write(tmp, "flood", {**RIGHT, "q2": 'print("x" * 40_000_000)\nanswer_q2 = "9d 9s"'}),
        raw(tmp, "numeric", "01_reading_hands.ipynb", json.dumps(
            {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
             "cells": [{"cell_type": "code", "source": 12, "metadata": {}, "outputs": []}]})),
        raw(tmp, "nosource", "01_reading_hands.ipynb", json.dumps(
            {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "metadata": {}}]})),
        raw(tmp, "v3", "01_reading_hands.ipynb", json.dumps({"nbformat": 3, "nbformat_minor": 0, "worksheets": []})),
        raw(tmp, "script", "01_reading_hands.py", "answer_q1 = '4h 2c Tc 2d'\n"),
        raw(tmp, "empty", "01_reading_hands.ipynb", ""),
        write(tmp, "honest2", RIGHT),
    ]
    status, got, output = run_batch(tmp, subs, *FAST, "--sandbox", "bwrap")
    leftover = subprocess.run(["pgrep", "-f", TOKEN], capture_output=True, text=True).stdout.split()
    return {"status": status, "got": got, "output": output, "leftover": leftover, "tmp": tmp}


@needs_bwrap
def test_the_batch_finishes_and_lists_everyone(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert set(got) == {"honest1", "honest2", "junit", "sigstop", "osexit", "loop", "daemon", "poison",  # type: ignore
                        "redefine", "keys", "flood", "numeric", "nosource", "v3", "script", "empty"}
    assert "sandbox: bwrap" in attacked["output"]  # type: ignore[operator]
    assert attacked["status"] == 1  # some need a look


@needs_bwrap
def test_honest_learners_keep_full_marks(attacked: dict[str, object]) -> None:
    for who in ("honest1", "honest2"):
        assert attacked["got"][who] == {q: (p, "graded") for q, p in FULL.items()}  # type: ignore[index]


@needs_bwrap
def test_forged_reports_and_killing_everything_gain_nothing(attacked: dict[str, object]) -> None:
    assert set(pts(attacked["got"]["junit"]).values()) == {0}  # type: ignore[index]


@needs_bwrap
def test_stopped_kernel_costs_only_its_question(attacked: dict[str, object]) -> None:
    got = attacked["got"]["sigstop"]  # type: ignore[index]
    assert got["q2"] == (0, "timed-out")
    assert {q: p for q, p in pts(got).items() if q != "q2"} == {q: p for q, p in FULL.items() if q != "q2"}


@needs_bwrap
def test_os_exit_costs_only_its_question(attacked: dict[str, object]) -> None:
    got = attacked["got"]["osexit"]  # type: ignore[index]
    assert got["q2"] == (0, "kernel-died")
    assert {q: p for q, p in pts(got).items() if q != "q2"} == {q: p for q, p in FULL.items() if q != "q2"}


@needs_bwrap
def test_loop_ignoring_ctrl_c_costs_only_its_question(attacked: dict[str, object]) -> None:
    got = attacked["got"]["loop"]  # type: ignore[index]
    assert got["q3"] == (0, "timed-out")
    assert {q: p for q, p in pts(got).items() if q != "q3"} == {q: p for q, p in FULL.items() if q != "q3"}


@needs_bwrap
def test_a_flood_of_output_costs_only_its_question(attacked: dict[str, object]) -> None:
    got = attacked["got"]["flood"]  # type: ignore[index]
    assert got["q2"] == (0, "timed-out")
    assert {q: p for q, p in pts(got).items() if q != "q2"} == {q: p for q, p in FULL.items() if q != "q2"}


@needs_bwrap
def test_no_process_outlives_grading(attacked: dict[str, object]) -> None:
    assert attacked["got"]["daemon"] == {q: (p, "graded") for q, p in FULL.items()}  # type: ignore[index]
    assert attacked["leftover"] == []


@needs_bwrap
def test_poisoned_tables_spoil_nobody(attacked: dict[str, object]) -> None:
    """The poisoner's own answers, and honest2 graded after it, still read R2-R6 hands right."""
    assert attacked["got"]["poison"] == {q: (p, "graded") for q, p in FULL.items()}  # type: ignore[index]
    from omaha_learn.grading.sandbox import _TABLES, verified_tables

    verified_tables()  # this process's copy (used by no kernel here) is still the one it built
    assert _TABLES["digests"]


@needs_bwrap
def test_redefined_check_patched_question_and_expected_gain_nothing(attacked: dict[str, object]) -> None:
    """Patching normalise in the kernel only changes what the learner reports; the grader re-reads it."""
    got = pts(attacked["got"]["redefine"])  # type: ignore[index]
    assert got["q2"] == 0 and got["q3"] == 0 and got["q4"] == 0 and got["q5"] == 0 and got["q6"] == 0


@needs_bwrap
def test_keys_on_disk_are_out_of_reach(attacked: dict[str, object]) -> None:
    assert set(pts(attacked["got"]["keys"]).values()) == {0}  # type: ignore[index]


@needs_bwrap
def test_malformed_files_are_unreadable_with_zero(attacked: dict[str, object]) -> None:
    for who in ("numeric", "nosource", "v3", "script", "empty"):
        got = attacked["got"][who]  # type: ignore[index]
        assert {s for _, s in got.values()} == {"unreadable"} and set(pts(got).values()) == {0}, who
    assert set(attacked["got"]["numeric"]) == set(FULL)  # type: ignore[index]  # matched to key 01 by name


def test_without_a_sandbox_the_grader_says_so_and_tables_stay_private(tmp_path: Path) -> None:
    """--sandbox none: each kernel gets its own read-only copy of the tables; poison stays with its author."""
    subs = [write(tmp_path, "poison", RIGHT, extra={"q1": POISON_OWN}), write(tmp_path, "honest", RIGHT)]
    status, got, output = run_batch(tmp_path, subs, *FAST, "--sandbox", "none")
    assert "sandbox: none" in output
    assert got["honest"] == {q: (p, "graded") for q, p in FULL.items()}
    assert status == 0


@needs_bwrap
def test_a_killed_grader_batch_leaves_no_kernel(tmp_path: Path) -> None:
    """The grader itself killed mid-batch: --die-with-parent takes every sandbox down with it.

    Its temporary folder is a short one of its own in /tmp, so that the kernels' sockets stay in it and every process
    of this grader carries its path (a worker's ``tmp_path`` can be too deep for a socket: then the sockets go to
    ``/tmp/omaha-ipc-*``, tested in ``test_kernel_start.py``; that depth made this test's kernels fail to start in 2 of
    4 whole proofs on 2026-12-03, "File name too long", before the sandbox moved them)."""
    sub = write(tmp_path, "slow", {"q1": "import time\ntime.sleep(600)"})
    scratch = Path(tempfile.mkdtemp(prefix="ol-killed-", dir="/tmp"))
    try:
        proc = subprocess.Popen([sys.executable, "-u", "-m", "omaha_learn.cli", "grade", "--keys", str(KEYS),
                                 "--cell-timeout", "600", "--timeout", "600", str(sub)],
                                env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch)},
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        said: list[str] = []
        for line in proc.stdout:
            said.append(line)
            if line.startswith("grading "):
                break
        kernels: list[str] = []
        for _ in range(600):  # wait (up to 5 minutes on a loaded machine) until the kernels run
            kernels = subprocess.run(["pgrep", "-f", f"{scratch}/omaha-sub-.*/kernel-"], capture_output=True,
                                     text=True).stdout.split()
            if kernels or proc.poll() is not None:
                break
            time.sleep(0.5)
        if not kernels:   # say why: the grader's own words if it has ended (a kernel that did not start says why)
            ended = proc.poll() is not None
            said += proc.stdout.readlines() if ended else []
            proc.kill()
            pytest.fail(f"no kernel under the grader (it {'ended with ' + str(proc.returncode) if ended else 'still runs'}"
                        f"); it said: {''.join(said)[-3000:]}")
        time.sleep(1)
        proc.kill()
        proc.wait()
        time.sleep(1)
        left = subprocess.run(["pgrep", "-f", str(scratch)], capture_output=True, text=True).stdout.split()
        assert left == []
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(tmp_path, ignore_errors=True)


def test_where_bwrap_is_missing_the_grader_refuses_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_learn.grading import sandbox

    monkeypatch.setitem(sandbox._PROBE, "bwrap", False)
    for asked in ("auto", "bwrap"):
        with pytest.raises(ValueError, match="bubblewrap.*apt-get install bubblewrap.*--sandbox none"):
            sandbox.sandbox_kind(asked)
    assert sandbox.sandbox_kind("none") == "none"
    with pytest.raises(ValueError, match="sandbox"):
        sandbox.sandbox_kind("docker")


@needs_bwrap
def test_bwrap_sandbox_sees_no_keys_no_network_and_a_read_only_package() -> None:
    """The bwrap path itself: what a kernel can and cannot touch."""
    from omaha_learn.grading.sandbox import PACKAGE_DIR, run_plan

    probe = f"""
import os, socket
answer_q1 = []
answer_q1.append(os.path.exists({str(KEYS)!r}))
try:
    socket.create_connection(("1.1.1.1", 53), timeout=1)
    answer_q1.append(True)
except OSError:
    answer_q1.append(False)
try:
    open({str(PACKAGE_DIR / "poison.py")!r}, "w")
    answer_q1.append(True)
except OSError:
    answer_q1.append(False)
answer_q1.append(os.getpid() < 10)   # its own PID namespace
answer_q1 = ",".join(str(int(x)) for x in answer_q1)
"""
    run = run_plan([{"role": "answer", "source": probe, "question": "q1"},
                    {"role": "report", "source": "from omaha_learn.checks.questions import record_answer as report\n"
                                                 "report('q1', answer_q1.split(','), 'ints')", "question": "q1"}],
                   timeout=60, cell_timeout=30, sandbox="bwrap")
    assert run["sandbox"] == "bwrap"
    assert run["reports"]["q1"] == {"question": "q1", "status": "answer", "answer": "0,0,0,1",
                                    "text": "['0', '0', '0', '1']"}   # the answer as written travels too


def test_the_watchdog_ends_a_run_that_hangs_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever hangs inside a run (here the whole runner), that submission is timed out and the batch goes on."""
    from omaha_learn.grading import sandbox

    monkeypatch.setattr(sandbox, "WATCHDOG_GRACE", 0.2)
    monkeypatch.setattr(sandbox, "_run_plan", lambda *args: time.sleep(3))
    run = sandbox.run_plan([{"role": "answer", "source": "x = 1", "question": "q1"}], timeout=0.5, sandbox="none")
    assert run["cells"] == {"q1": "timed-out"} and run["log"][0].startswith("watchdog")


def test_bwrap_private_tmp_comes_before_the_binds_so_a_checkout_under_tmp_stays_visible(tmp_path) -> None:
    """A clone (and its venv) under /tmp once vanished behind the sandbox's private /tmp: every answer was no-key."""
    from omaha_learn.grading import sandbox

    args = sandbox._bwrap_args(tmp_path / "sub", tmp_path / "tables", {})
    tmpfs = args.index("/tmp", args.index("--tmpfs"))
    binds = [i for i, a in enumerate(args) if a in ("--ro-bind", "--bind")]
    later = [args[i + 1] for i in binds if i > tmpfs]
    assert str(sandbox.PACKAGE_DIR) in later and str(tmp_path / "sub" / "ipc") in later
    assert all(args[i + 1] in ("/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/dev/null")
               or not args[i + 1].startswith("/tmp") for i in binds if i < tmpfs)
