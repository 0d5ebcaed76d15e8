"""Run one submission's cells in a kernel of its own, isolated, with a clock.

The grader (:mod:`omaha_learn.grading.grader`) turns a submission into a list
of cells (:class:`PlanCell`: the key's setup cells, the learner's answer
cells, and after each answer a *report* cell printing the canonical answer)
and hands it to :func:`run_plan`, which:

* makes a private folder (mode 0700) holding only the plan's notebook,
* starts an IPython kernel in it, on Linux under bubblewrap (``bwrap``): the
  system, the Python installation and the ``omaha_learn`` package read-only,
  nothing else of the file system (no keys, no other submission, no home),
  private ``/tmp``, no network, its own PID namespace (every process it
  starts dies with it), ``--die-with-parent``; where ``bwrap`` is missing, a
  plain child process in its own session (``sandbox: none``),
* gives it a fresh, verified, read-only copy of the engine tables
  (``OMAHA_LEARN_CACHE``; see :func:`verified_tables`),
* talks to the kernel over Unix sockets in that folder (the only way in or
  out), one cell at a time, each with a deadline: a cell that loops, stops
  (SIGSTOP) or kills its kernel costs its own question; the kernel is
  killed, restarted, the setup cells re-run, and the next question goes on,
  until the notebook's wall-clock limit is spent,
* kills the whole sandbox (process group, PID namespace) at the end.

It returns what the learner's kernel *printed* in each report cell and how
each question's cells ended; it decides nothing. Verdicts are made by the
grader, in its own process, against the key's answers, which never enter the
sandbox. :func:`run_plan` takes and returns plain data, so it can run on a
Dask worker.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import secrets
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from queue import Empty
from typing import Any

from omaha_learn.checks.questions import REPORT_PREFIX
from omaha_learn.engine.evaluation.tables import build_cache

__all__ = ["PlanCell", "RunResult", "run_plan", "sandbox_kind", "verified_tables", "SANDBOXES"]

SANDBOXES = ("auto", "bwrap", "none")
PACKAGE_DIR = Path(__file__).resolve().parent.parent
"""The ``omaha_learn`` package the kernels import (mounted read-only)."""
MAX_OUTPUT = 64_000
"""Characters of a cell's output kept; the rest is read and dropped."""
MAX_MESSAGE = 16_000_000
"""Bytes of one message from a kernel the grader accepts (a larger one cuts the kernel off)."""
MAX_RESTARTS = 4
"""Kernel restarts allowed per submission (after a death or a timed-out cell)."""
MARK_ENV = "OMAHA_LEARN_GRADE_RUN"
WATCHDOG_GRACE = 60.0
"""Seconds past the notebook's limit after which the watchdog gives up on a run and kills its kernel."""


@dataclass
class PlanCell:
    """One cell to run: ``role`` is ``setup`` (the key's; re-run after a restart), ``answer`` or ``report``."""

    role: str
    source: str
    question: str | None = None


@dataclass
class RunResult:
    """What one run produced: report lines per question, and how each question's cells ended.

    ``cells[qid]`` is ``ok``, ``error: NameError: name 'x' is not defined`` (an answer cell raised),
    ``timed-out`` (the notebook's time ran out), ``timed-out: its answer cell ran over the 30 s per-cell
    limit``, ``kernel-died`` or ``not-run``; ``reports[qid]`` is the
    decoded JSON line of the question's report cell, if it printed one.
    """

    reports: dict[str, dict[str, Any]] = field(default_factory=dict)
    cells: dict[str, str] = field(default_factory=dict)
    sandbox: str = "none"
    restarts: int = 0
    log: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RunResult:
        return cls(**d)


# ------------------------------------------------------------------ sandbox kind

_PROBE: dict[str, bool] = {}


def _bwrap_works() -> bool:
    if "bwrap" not in _PROBE:
        exe = shutil.which("bwrap")
        ok = False
        if exe and sys.platform.startswith("linux"):
            try:
                ok = subprocess.run([exe, "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"],
                                    capture_output=True, timeout=20).returncode == 0
            except (OSError, subprocess.SubprocessError):
                ok = False
        _PROBE["bwrap"] = ok
    return _PROBE["bwrap"]


def sandbox_kind(requested: str = "auto") -> str:
    """``bwrap`` or ``none``: what ``requested`` (auto, bwrap, none) gives on this machine.

    Raises :class:`ValueError` when ``bwrap`` is asked for and does not work here.
    """
    if requested not in SANDBOXES:
        raise ValueError(f"sandbox: {requested!r} is not one of {', '.join(SANDBOXES)}")
    if requested == "none":
        return "none"
    if _bwrap_works():
        return "bwrap"
    if requested == "bwrap":
        raise ValueError("sandbox: bwrap is not installed or does not work here (Debian: apt install bubblewrap)")
    return "none"


# ------------------------------------------------------------------- the tables

_TABLES_LOCK = threading.Lock()
_TABLES: dict[str, Any] = {}


def _digest_tree(root: Path) -> dict[str, str]:
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            out[str(p.relative_to(root))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def _read_only(root: Path) -> None:
    for p in sorted(root.rglob("*"), reverse=True) + [root]:
        mode = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
        if p.is_dir():
            mode |= stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
        p.chmod(mode)


def verified_tables() -> Path:
    """A folder of engine tables built fresh by this process (once), read-only, checked before each use.

    The grader never reuses the user's table cache (a learner's code may have
    overwritten it): it builds the tables once into a private folder, records
    their sha256 digests, and before handing them to a submission checks that
    they still match (else it builds them again).
    """
    with _TABLES_LOCK:
        root = _TABLES.get("root")
        if root is not None and _digest_tree(root) == _TABLES["digests"]:
            return root  # type: ignore[no-any-return]
        if root is not None:
            _remove(root.parent)
        base = Path(tempfile.mkdtemp(prefix="omaha-tables-"))
        atexit.register(_remove, base)
        cache = base / "cache"
        build_cache(cache, read_only=False)  # every table the engine reads; raises if one cannot be built
        _read_only(cache)
        _TABLES.update(root=cache, digests=_digest_tree(cache))
        return cache


def _remove(folder: Path) -> None:
    """Delete a folder holding read-only files (the tables)."""
    if folder.exists():
        for p in [folder, *folder.rglob("*")]:
            if p.is_dir():
                p.chmod(0o700)
        shutil.rmtree(folder, ignore_errors=True)


def _copy_tables(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest)
    if _digest_tree(dest) != _TABLES.get("digests"):
        raise RuntimeError("engine tables changed while being copied")
    _read_only(dest)


# -------------------------------------------------------------------- the kernel

def _kernel_env(folder: Path, tables: Path, mark: str) -> dict[str, str]:
    home = folder / "home"
    env = {
        "PATH": os.pathsep.join(p for p in (str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin")),
        "HOME": str(home),
        "IPYTHONDIR": str(home / ".ipython"),
        "MPLCONFIGDIR": str(home / ".matplotlib"),
        "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
        "JUPYTER_DATA_DIR": str(home / ".local"),
        "JUPYTER_RUNTIME_DIR": str(home / ".runtime"),
        "MPLBACKEND": "Agg",
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONPATH": str(PACKAGE_DIR.parent),
        "OMAHA_LEARN_CACHE": str(tables),
        "LANG": "C.UTF-8",
        MARK_ENV: mark,
    }
    return env


def _bwrap_args(folder: Path, tables: Path, env: dict[str, str]) -> list[str]:
    args = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    for top in ("/usr", "/etc", "/opt"):
        if os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for top in ("/bin", "/sbin", "/lib", "/lib64", "/lib32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    # a private /tmp first: the interpreter, the package and the submission's folder may live under /tmp
    # (a checkout there, a temporary folder), and are bound on top of it below
    args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    mounted = set()
    for p in (sys.base_prefix, sys.prefix, str(Path(sys.executable).resolve().parent.parent), str(PACKAGE_DIR)):
        real = os.path.realpath(p)
        for q in {p, real}:
            if q not in mounted and not q.startswith(("/usr", "/etc", "/opt")):
                mounted.add(q)
                args += ["--ro-bind", q, q]
    for secret in ("/etc/shadow", "/etc/gshadow", "/etc/ssh"):
        if os.path.exists(secret):
            args += ["--tmpfs", secret] if os.path.isdir(secret) else ["--ro-bind", "/dev/null", secret]
    args += ["--bind", str(folder), str(folder),
             "--ro-bind", str(tables), str(tables), "--chdir", str(folder), "--clearenv"]
    for k, v in env.items():
        args += ["--setenv", k, v]
    return args


class _Kernel:
    """One kernel process (in its sandbox) and a client talking to it over Unix sockets."""

    def __init__(self, folder: Path, tables: Path, kind: str, startup: float) -> None:
        from jupyter_client.blocking.client import BlockingKernelClient
        from jupyter_client.connect import write_connection_file

        self.mark = secrets.token_hex(8)
        n = len(list(folder.glob("kernel-*.json")))
        conn, _ = write_connection_file(str(folder / f"kernel-{n}.json"), transport="ipc",
                                        ip=str(folder / f"k{n}"), key=secrets.token_hex(16).encode())
        env = _kernel_env(folder, tables, self.mark)
        Path(env["HOME"]).mkdir(exist_ok=True)
        cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", conn, "--HistoryManager.enabled=False"]
        if kind == "bwrap":
            cmd = _bwrap_args(folder, tables, env) + cmd
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        self.proc = subprocess.Popen(cmd, cwd=folder, env=env, start_new_session=True,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        self.kind = kind
        import zmq

        self.context = zmq.Context()
        self.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)  # a bigger message drops the link, not the grader
        self.client = BlockingKernelClient(connection_file=conn, context=self.context)
        self.client.load_connection_file()
        self.client.start_channels()
        deadline = time.monotonic() + startup
        while True:  # wait_for_ready, but giving up as soon as the process dies
            try:
                self.client.wait_for_ready(timeout=1)
                break
            except RuntimeError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    raise
            except Exception:
                self.kill()
                raise

    def alive(self) -> bool:
        return self.proc.poll() is None

    def run(self, source: str, deadline: float) -> tuple[str, str, str]:
        """(ending, stdout text, error name): ending is ok, error, timed-out or kernel-died."""
        msg_id = self.client.execute(source, store_history=False, allow_stdin=False, stop_on_error=False)
        out: list[str] = []
        size = 0
        error = ""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timed-out", "".join(out), error
            try:
                msg = self.client.get_iopub_msg(timeout=min(0.25, left))
            except Empty:
                if not self.alive():
                    return "kernel-died", "".join(out), error
                continue
            except Exception:  # a malformed message: the kernel is not to be trusted any more
                return "kernel-died", "".join(out), error
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg.get("msg_type"), msg.get("content", {})
            if kind == "stream" and content.get("name") == "stdout" and size < MAX_OUTPUT:
                text = str(content.get("text", ""))[: MAX_OUTPUT - size]
                out.append(text)
                size += len(text)
            elif kind == "error":
                error = str(content.get("ename", "Error"))[:80]
                value = " ".join(str(content.get("evalue", "")).split())[:300]
                error = f"{error}: {value}" if value else error
            elif kind == "status" and content.get("execution_state") == "idle":
                return ("error" if error else "ok"), "".join(out), error

    def kill(self) -> None:
        try:
            self.client.stop_channels()
        except Exception:  # noqa: BLE001 - best effort
            pass
        for sig in (signal.SIGKILL,):
            try:
                os.killpg(self.proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        if self.kind == "none":
            _sweep(self.mark)
        try:
            self.context.destroy(linger=0)
        except Exception:  # noqa: BLE001 - best effort
            pass


def _sweep(mark: str) -> None:
    """Kill processes a kernel left behind outside its process group (sandbox none): they carry its mark."""
    needle = f"{MARK_ENV}={mark}".encode()
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if needle in (proc / "environ").read_bytes().split(b"\0"):
                os.kill(int(proc.name), signal.SIGKILL)
        except (OSError, ValueError):
            continue


def _report_of(text: str, qid: str) -> dict[str, Any] | None:
    found = None
    for line in text.splitlines():
        if line.startswith(REPORT_PREFIX):
            try:
                data = json.loads(line[len(REPORT_PREFIX):])
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("question") == qid:
                found = {k: str(v)[:2000] for k, v in data.items() if k in ("question", "status", "answer", "error")}
    return found


def run_plan(plan: Sequence[PlanCell | dict[str, Any]], *, timeout: float = 120, cell_timeout: float = 30,
             sandbox: str = "auto", startup: float = 60) -> dict[str, Any]:
    """Run ``plan`` in a fresh isolated kernel; return :class:`RunResult` as a dict (see the module docs).

    ``timeout``: seconds for the whole notebook (kernel starts included);
    ``cell_timeout``: seconds for one cell. Never raises for anything the
    learner's code does; raises :class:`ValueError` for bad settings.
    The kernel is driven from a thread of its own, so that an event loop of
    the caller's (a Dask worker's, a notebook's) never meets jupyter_client's.
    """
    sandbox_kind(sandbox)  # bad settings raise here, in the caller
    box: dict[str, Any] = {}

    def work() -> None:
        import asyncio

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            box["result"] = _run_plan(plan, timeout, cell_timeout, sandbox, startup, box)
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller's thread
            box["error"] = exc
        finally:
            loop.close()

    thread = threading.Thread(target=work, name="omaha-learn-kernel", daemon=True)
    thread.start()
    thread.join(timeout + WATCHDOG_GRACE)
    if thread.is_alive():  # the watchdog: whatever hangs, this submission ends here
        kernel = box.get("kernel")
        if kernel is not None:
            kernel.kill()
        questions = {c["question"] if isinstance(c, dict) else c.question for c in plan} - {None}
        return RunResult(cells={str(q): "timed-out" for q in questions}, sandbox=sandbox_kind(sandbox),
                         log=["watchdog: the run did not end in time"], seconds=timeout).to_dict()
    if "error" in box:
        raise box["error"]
    result: dict[str, Any] = box["result"]
    return result


def _run_plan(plan: Sequence[PlanCell | dict[str, Any]], timeout: float, cell_timeout: float, sandbox: str,
              startup: float, box: dict[str, Any]) -> dict[str, Any]:
    cells = [c if isinstance(c, PlanCell) else PlanCell(**c) for c in plan]
    kind = sandbox_kind(sandbox)
    start = time.monotonic()
    end = start + timeout
    result = RunResult(sandbox=kind)
    for c in cells:
        if c.question is not None:
            result.cells.setdefault(c.question, "not-run")
    folder = Path(tempfile.mkdtemp(prefix="omaha-sub-"))
    folder.chmod(0o700)
    kernel: _Kernel | None = None
    try:
        (folder / "submission.ipynb").write_text(_notebook_json(cells), encoding="utf-8")
        tables = verified_tables()
        if kind == "none":
            _copy_tables(tables, folder / "tables")
            tables = folder / "tables"
        setup = [c for c in cells if c.role == "setup"]
        i = 0
        while i < len(cells):
            if time.monotonic() >= end:
                break
            if kernel is None:
                if result.restarts > MAX_RESTARTS:
                    result.log.append("too many kernel restarts")
                    break
                try:
                    kernel = box["kernel"] = _Kernel(folder, tables, kind,
                                                     min(startup, max(1.0, end - time.monotonic())))
                except Exception as exc:  # noqa: BLE001
                    result.log.append(f"kernel did not start: {type(exc).__name__}: {exc}")
                    result.restarts += 1
                    kernel = None
                    continue
                if i > 0:  # after a restart: the key's setup cells again
                    for c in setup:
                        kernel.run(c.source, min(end, time.monotonic() + cell_timeout))
            cell = cells[i]
            own_limit = time.monotonic() + cell_timeout < end  # the cell's clock, not the notebook's, ends first
            ending, text, error = kernel.run(cell.source, min(end, time.monotonic() + cell_timeout))
            q = cell.question
            if q is not None and cell.role in ("answer", "report"):
                now = result.cells.get(q, "not-run")
                if ending == "timed-out" and own_limit:
                    result.cells[q] = f"timed-out: its {cell.role} cell ran over the {cell_timeout:g} s per-cell limit"
                elif ending in ("timed-out", "kernel-died"):
                    result.cells[q] = ending
                elif ending == "error" and cell.role == "answer":
                    result.cells[q] = f"error: {error}"
                elif now == "not-run":
                    result.cells[q] = "ok" if ending == "ok" else f"error: {error}"
                if cell.role == "report" and ending in ("ok", "error"):
                    rep = _report_of(text, q)
                    if rep is not None:
                        result.reports[q] = rep
            if ending in ("timed-out", "kernel-died"):
                result.log.append(f"cell {i} ({cell.role} {q or ''}): {ending}")
                kernel.kill()
                kernel = None
                result.restarts += 1
                # skip the rest of this question: its report cannot see an answer that never ran
                while i + 1 < len(cells) and q is not None and cells[i + 1].question == q:
                    i += 1
            i += 1
        for q, state in result.cells.items():
            if state == "not-run" and time.monotonic() >= end:
                result.cells[q] = "timed-out"
            elif state == "not-run":
                result.cells[q] = "kernel-died"
    finally:
        if kernel is not None:
            kernel.kill()
        _remove(folder)
    result.seconds = round(time.monotonic() - start, 3)
    return result.to_dict()


def _notebook_json(cells: Sequence[PlanCell]) -> str:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
          "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {"omaha_learn": {"role": c.role,
                                                                                     "question": c.question}},
                     "source": c.source, "outputs": [], "execution_count": None} for i, c in enumerate(cells)]}
    return json.dumps(nb, indent=1)
