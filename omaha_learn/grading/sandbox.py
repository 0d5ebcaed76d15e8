"""Run one submission's cells in a kernel of its own, isolated, with a clock.

The grader (:mod:`omaha_learn.grading.grader`) turns a submission into a list
of cells (:class:`PlanCell`: the key's setup cells, the learner's answer
cells, and after each answer a *report* cell printing the canonical answer)
and hands it to :func:`run_plan`, which:

* makes a private folder (mode 0700) holding only the plan's notebook and
  an ``ipc`` folder for the kernel's connection file and sockets (in ``/tmp``
  when the temporary folder is too deep for a Unix socket's path),
* starts an IPython kernel, on Linux under bubblewrap (``bwrap``), never as
  root: a grader running as root starts each submission's kernels as an
  unprivileged uid and gid of the submission's own
  (:mod:`omaha_learn.grading.identity`): an outer bubblewrap, still root,
  shows only what the kernel needs, :data:`_SWITCH` drops to that uid for good
  and starts the inner bubblewrap, the one a non-root grader starts directly:
  a user namespace of its own (no nested ones: ``--disable-userns``), every
  capability dropped, ``no_new_privs``, the seccomp filter of
  :mod:`omaha_learn.grading.seccomp_filter` (no ``memfd_create``,
  ``unshare``, ``clone`` into new namespaces, ``mount``, ``ptrace``,
  ``keyctl``, ``bpf``, ``perf_event_open``, ``userfaultfd``, ``setns``,
  ``io_uring`` ...). What it sees: of ``/usr`` all but ``local``, ``src``,
  ``games`` and ``include``, the Python installation and venv in use, the
  ``omaha_learn`` package, all read-only; of ``/etc`` only the few files a
  kernel needs (:data:`ETC_NEEDED`: no ``shadow``, ``shadow-``, ``sudoers``,
  ``ssh`` ...); its own ``/proc`` and a minimal ``/dev``; nothing else (no
  ``/opt``, ``/usr/local`` beyond the interpreter, ``/home``, ``/sys``, keys,
  other submissions), the root read-only, a private ``/tmp`` (also the
  kernel's home and working folder) and ``/dev/shm`` of bounded size, no
  network, its own PID namespace (every process it starts dies with it),
  ``--die-with-parent``. Only with ``sandbox="none"`` (trusted work) is it a
  plain child process in its own session; ``auto`` without a working
  sandbox (bubblewrap, the filter, and as root the uid switch) is refused
  (:class:`~omaha_learn.errors.SandboxError`),
* bounds it (:class:`Bounds`, :func:`bounds_summary`): memory per process
  (``RLIMIT_AS``) and, where a memory cgroup can be made
  (:mod:`omaha_learn.grading.cgroups`), for the whole submission (its tmpfs
  and shared memory included), size per file (``RLIMIT_FSIZE``), the tmpfs
  sizes (``bwrap --size``), the number of processes and threads (a ``pids``
  cgroup of its own where this machine lets the grader make one, else
  ``RLIMIT_NPROC``, exact for a uid of its own), and the clocks below,
* gives it a fresh, verified, read-only copy of the engine tables
  (``OMAHA_LEARN_CACHE``; see :func:`verified_tables`),
* talks to the kernel over Unix sockets in that folder (the only way in or
  out), one cell at a time, each with a deadline: a cell that loops, stops
  (SIGSTOP) or kills its kernel costs its own question; the kernel is
  killed, restarted, the setup cells re-run, and the next question goes on,
  until the notebook's wall-clock limit is spent,
* kills the whole sandbox (process group, PID namespace, cgroup) at the end
  and removes its folder with :func:`~omaha_learn.grading.cleanup.remove_tree`
  (never following a link the learner planted); what cannot be removed is
  named in ``RunResult.leftover``.

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
from typing import IO, Any

from omaha_learn.checks.questions import REPORT_PREFIX
from omaha_learn.engine.evaluation.tables import build_cache
from omaha_learn.errors import SandboxError
from omaha_learn.grading import cgroups
from omaha_learn.grading.cleanup import remove_tree
from omaha_learn.grading.identity import SandboxUser

__all__ = ["PlanCell", "RunResult", "run_plan", "sandbox_kind", "verified_tables", "SANDBOXES", "Bounds",
           "bounds_summary", "ETC_NEEDED", "NO_SANDBOX_HELP"]

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
ETC_NEEDED = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "nsswitch.conf", "hosts",
              "host.conf", "alternatives", "fonts", "mime.types", "matplotlibrc", "python3", "gai.conf")
"""What a kernel sees of ``/etc`` (plus ``/etc/python3.*``, and a one-line ``passwd`` and ``group`` of its own)."""
NO_SANDBOX_HELP = ("bubblewrap (bwrap) is not installed or does not work here, and the grader does not run "
                   "learners' code without a sandbox unless asked. Install it (Debian/Ubuntu: "
                   "`apt-get install bubblewrap`; Fedora: `dnf install bubblewrap`), or, for trusted work "
                   "only, pass --sandbox none")


@dataclass(frozen=True)
class Bounds:
    """What one submission may use (per sandbox; the clocks are ``run_plan``'s ``timeout`` and ``cell_timeout``).

    ``memory_mb``: address space of each of its processes (``RLIMIT_AS``);
    ``disk_mb``: size of each tmpfs (``/tmp``, ``/dev/shm``; ``bwrap --size``)
    and of each file it writes (``RLIMIT_FSIZE``); ``processes``: processes
    and threads at once (a ``pids`` cgroup, else ``RLIMIT_NPROC``).

    >>> Bounds().processes, Bounds(memory_mb=512).memory_mb
    (256, 512)
    """

    memory_mb: int = 3072
    disk_mb: int = 256
    processes: int = 256

    def __post_init__(self) -> None:
        for name in ("memory_mb", "disk_mb", "processes"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"bounds: {name} must be a positive whole number, got {value!r}")


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
    leftover: list[str] = field(default_factory=list)
    """Paths the clean-up could not remove (the run needs a look)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RunResult:
        return cls(**d)


# ------------------------------------------------------------------ sandbox kind

@dataclass
class _Features:
    """The defences of the third round, each on by default (the benchmark turns them off one at a time)."""

    uid_switch: bool = True
    """A root grader starts each kernel as an unprivileged uid of the submission's own."""
    seccomp: bool = True
    memory_cgroup: bool = True
    narrow_view: bool = True
    """Only the Python installation, the package, its tables and the socket folder (no /opt, no /usr/local)."""


_FEATURES = _Features()
_PROBE: dict[str, bool] = {}
_PROBE_WHY: dict[str, str] = {}
_DISABLE_USERNS: dict[str, bool] = {}
_SETPRIV: dict[str, str] = {}


def _bwrap_works() -> bool:
    """Whether the full sandbox starts here: bubblewrap, the seccomp filter and (as root) the uid switch."""
    if "bwrap" not in _PROBE:
        why = _probe_sandbox()
        _PROBE["bwrap"] = why is None
        if why is not None:
            _PROBE_WHY["bwrap"] = why
    return _PROBE["bwrap"]


def _probe_sandbox() -> str | None:
    """Start a sandbox the way kernels are started (with Python in place of the kernel); why it fails, or None."""
    exe = shutil.which("bwrap")
    if not exe or not sys.platform.startswith("linux"):
        return NO_SANDBOX_HELP
    try:
        if subprocess.run([exe, "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"],
                          capture_output=True, timeout=20).returncode != 0:
            return NO_SANDBOX_HELP
    except (OSError, subprocess.SubprocessError):
        return NO_SANDBOX_HELP
    if _FEATURES.seccomp:
        from omaha_learn.grading.seccomp_filter import filter_problem

        problem = filter_problem()
        if problem is not None:
            return problem + "; or, for trusted work only, pass --sandbox none"
    folder = Path(tempfile.mkdtemp(prefix="omaha-probe-"))
    user = None
    try:
        (folder / "ipc").mkdir(mode=0o700)
        (folder / "tables").mkdir(mode=0o755)
        if os.geteuid() == 0 and _FEATURES.uid_switch:
            from omaha_learn.grading.identity import acquire

            user = acquire()
            os.chown(folder / "ipc", user.uid, user.gid)
        out = ""
        for disable in (True, False):  # bubblewrap before 0.8 has no --disable-userns: the filter still refuses
            _DISABLE_USERNS["on"] = disable
            program = _filter_file()
            fds = (program.fileno(),) if program is not None else ()
            try:
                cmd = _bwrap_args(folder, folder / "tables", {"PATH": "/usr/bin:/bin"}, Bounds(), user,
                                  fds[0] if fds else None)
                try:
                    done = subprocess.run([*cmd, sys.executable, "-S", "-c", "pass"], capture_output=True,
                                          text=True, timeout=60, cwd=folder, pass_fds=fds,
                                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
                except (OSError, subprocess.SubprocessError) as exc:
                    out = str(exc)
                    continue
            finally:
                if program is not None:
                    program.close()
            if done.returncode == 0:
                return None
            out = " ".join(done.stderr.split())[-300:]
        hint = ("; as root the grader starts each kernel as an unprivileged uid, which needs unprivileged user "
                "namespaces (sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0, and on "
                "Ubuntu 24.04 an AppArmor profile letting bwrap use them)") if user is not None else ""
        return f"bubblewrap does not start a kernel's sandbox here ({out or 'no message'}){hint}; " \
               "or, for trusted work only, pass --sandbox none"
    except SandboxError as exc:
        return f"{exc}; or, for trusted work only, pass --sandbox none"
    finally:
        if user is not None:
            user.release()
        _remove(folder)


def sandbox_kind(requested: str = "auto") -> str:
    """``bwrap`` or ``none``: what ``requested`` (auto, bwrap, none) gives on this machine.

    ``none`` only when asked for: ``auto`` and ``bwrap`` raise
    :class:`~omaha_learn.errors.SandboxError` (a ``ValueError``) naming
    bubblewrap, how to install it and ``--sandbox none`` when ``bwrap`` does
    not work here, or what else fails (the seccomp filter, the uid switch).
    """
    if requested not in SANDBOXES:
        raise SandboxError(f"sandbox: {requested!r} is not one of {', '.join(SANDBOXES)}")
    if requested == "none":
        return "none"
    if _bwrap_works():
        return "bwrap"
    raise SandboxError(f"sandbox: {_PROBE_WHY.get('bwrap', NO_SANDBOX_HELP)}")


# ------------------------------------------------------------------ the bounds

def _pids_cgroup_base() -> Path | None:
    """A cgroup folder under which this process can make ``pids`` cgroups, or None (probed once)."""
    h = cgroups.find("pids")
    return h.base if h is not None else None


def _memory_cgroup() -> bool:
    return _FEATURES.memory_cgroup and cgroups.find("memory") is not None


def _process_bound() -> str:
    """How the process bound is enforced here: ``cgroup``, ``rlimit`` or ``none`` (root without cgroups)."""
    if _pids_cgroup_base() is not None:
        return "cgroup"
    return "none" if os.geteuid() == 0 and not _uid_switch("bwrap") else "rlimit"


def _uid_switch(kind: str) -> bool:
    """Whether kernels start as a uid of their own (a root grader under bubblewrap)."""
    return kind == "bwrap" and os.geteuid() == 0 and _FEATURES.uid_switch


def bounds_summary(kind: str, bounds: Bounds | None = None, timeout: float = 120,
                   cell_timeout: float = 30) -> list[str]:
    """Lines saying which bounds hold for a submission run in sandbox ``kind``, and how (the start-of-run message).

    >>> bounds_summary("none", Bounds(memory_mb=512))[1]
    'bounds: memory 512 MB per process (RLIMIT_AS); each file at most 256 MB (RLIMIT_FSIZE)'
    """
    from omaha_learn.grading.identity import uid_range

    b = bounds or Bounds()
    how = _process_bound()
    lines = [f"sandbox: {kind}",
             f"bounds: memory {b.memory_mb} MB per process (RLIMIT_AS); each file at most {b.disk_mb} MB "
             "(RLIMIT_FSIZE)"]
    if _memory_cgroup():
        lines.append(f"bounds: memory {b.memory_mb} MB for the whole submission, its tmpfs and shared memory "
                     "included (a memory cgroup per submission, no swap)")
    else:
        why = cgroups.problem("memory") if _FEATURES.memory_cgroup else "turned off"
        lines.append(f"not bounded here: memory as a sum over a submission's processes (no memory cgroup: {why})"
                     + ("; memfd_create and new namespaces are refused by the seccomp filter, /tmp and /dev/shm "
                        "are bounded" if kind == "bwrap" else ""))
    if kind == "bwrap":
        lines.append(f"bounds: /tmp (home and working folder) and /dev/shm {b.disk_mb} MB each (bwrap --size), "
                     "the rest of the file system read-only")
        if _uid_switch(kind):
            lo, hi = uid_range()
            lines.append(f"sandbox user: each submission runs as an unprivileged uid and gid of its own "
                         f"({lo}-{hi}; the grader runs as root), in a user namespace of its own, every capability "
                         "dropped, no_new_privs")
        else:
            lines.append("sandbox user: "
                         + ("root inside a user namespace (uid switch turned off)" if os.geteuid() == 0 else
                            f"the grader's own unprivileged user (uid {os.geteuid()})")
                         + ", in a user namespace of its own, every capability dropped, no_new_privs")
        if _FEATURES.seccomp:
            from omaha_learn.grading.seccomp_filter import REFUSED

            lines.append(f"refused by a seccomp filter: memfd_create, unshare, clone with new namespaces, setns, "
                         f"mount, ptrace, keyctl, bpf, perf_event_open, userfaultfd, io_uring and "
                         f"{len(REFUSED) - 11} more system calls"
                         + ("; no nested user namespaces (bwrap --disable-userns)"
                            if _DISABLE_USERNS.get("on", True) else ""))
        lines.append("sees: the Python installation, the omaha_learn package and its tables, its own socket "
                     "folder, a few files of /etc, /dev and /proc; no /opt, /usr/local, /home, /sys or keys")
    else:
        lines.append("not bounded here: disk space (no sandbox: the kernel writes where its user may)")
    if how == "cgroup":
        lines.append(f"bounds: {b.processes} processes and threads (a pids cgroup per submission)")
    elif how == "rlimit" and _uid_switch(kind):
        lines.append(f"bounds: {b.processes} processes and threads (RLIMIT_NPROC of the submission's own uid)")
    elif how == "rlimit":
        lines.append(f"bounds: {b.processes} processes more than the user runs at the kernel's start (RLIMIT_NPROC; "
                     "no pids cgroup can be made here, and this limit counts all of the user's processes)")
    else:
        lines.append("not bounded here: processes (running as root, which RLIMIT_NPROC does not limit, and no "
                     "pids cgroup can be made here)")
    lines.append(f"bounds: {timeout:g} s per notebook, {cell_timeout:g} s per cell (wall clock)")
    return lines


_LIMITER = """
import json, os, resource, sys
cfg = json.loads(sys.argv[1])
try:
    for g in cfg["cgroups"]:
        with open(os.path.join(g, "cgroup.procs"), "w") as fh:
            fh.write(str(os.getpid()))
    for name, value in cfg["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (value, value))
except OSError as exc:
    sys.stderr.write(f"omaha-learn limits: {exc}\\n")
    os._exit(97)
os.execvp(sys.argv[2], sys.argv[2:])
"""

_SWITCH = """
import ctypes, os, signal, sys
uid, gid = int(sys.argv[1]), int(sys.argv[2])
parent = os.getppid()
os.setgroups([])
os.setresgid(gid, gid, gid)
os.setresuid(uid, uid, uid)
if os.getresuid() != (uid, uid, uid) or os.getresgid() != (gid, gid, gid) or os.getgroups():
    os._exit(96)
# changing the uid cleared the outer bubblewrap's --die-with-parent: set it again (PR_SET_PDEATHSIG)
if ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0) != 0 or os.getppid() != parent:
    os._exit(95)
os.execv(sys.argv[3], sys.argv[3:])
"""
"""Run as root inside the outer bubblewrap: become the submission's uid for good, then start the inner one."""


def _user_processes() -> int:
    uid, n = os.getuid(), 0
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            n += proc.stat().st_uid == uid
        except OSError:
            continue
    return n


class _Limits:
    """The bounds of one kernel: its cgroups (made and removed here) and the rlimits its launcher sets."""

    def __init__(self, bounds: Bounds, user: SandboxUser | None = None) -> None:
        memory = bounds.memory_mb * 2**20 if _FEATURES.memory_cgroup else None
        self.cgroups = cgroups.SubmissionCgroups(bounds.processes, memory)
        rlimits = {"RLIMIT_AS": bounds.memory_mb * 2**20, "RLIMIT_FSIZE": bounds.disk_mb * 2**20,
                   "RLIMIT_CORE": 0}
        if user is not None:  # a uid of its own: RLIMIT_NPROC counts exactly this submission's processes
            rlimits["RLIMIT_NPROC"] = bounds.processes
        elif "pids" not in self.cgroups.controllers and os.geteuid() != 0:
            rlimits["RLIMIT_NPROC"] = _user_processes() + bounds.processes
        self.config = json.dumps({"cgroups": [str(p) for p in self.cgroups.paths], "rlimits": rlimits})

    def wrap(self, cmd: list[str]) -> list[str]:
        return [sys.executable, "-S", "-c", _LIMITER, self.config, *cmd]

    def kill_all(self) -> None:
        self.cgroups.kill_all()


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


def _remove(folder: Path) -> list[str]:
    """Delete a folder (the tables, a submission's): never following links; returns what stayed."""
    return remove_tree(folder)


def _copy_tables(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest)
    if _digest_tree(dest) != _TABLES.get("digests"):
        raise RuntimeError("engine tables changed while being copied")
    _read_only(dest)


# -------------------------------------------------------------------- the kernel

def _kernel_env(folder: Path, tables: Path, mark: str, kind: str = "none") -> dict[str, str]:
    home = Path("/tmp/home") if kind == "bwrap" else folder / "home"
    env = {
        "PATH": os.pathsep.join(p for p in (str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin")),
        "HOME": str(home),
        "USER": "learner",
        "LOGNAME": "learner",
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
        # one thread per numeric library: fair to the neighbours, and within the process bound
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        MARK_ENV: mark,
    }
    return env


def _etc_files(folder: Path, user: SandboxUser | None = None) -> list[str]:
    """bwrap arguments showing the kernel only :data:`ETC_NEEDED` of ``/etc``, and a passwd/group of its own."""
    args = ["--perms", "0755", "--dir", "/etc"]
    names = list(ETC_NEEDED) + sorted(p.name for p in Path("/etc").glob("python3.*"))
    for name in names:
        path = Path("/etc") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.exists():
            args += ["--ro-bind", str(path), str(path)]
    own = folder / "etc"
    own.mkdir(parents=True, exist_ok=True)
    uid, gid = (user.uid, user.gid) if user is not None else (os.getuid(), os.getgid())
    (own / "passwd").write_text(f"learner:x:{uid}:{gid}:learner:/tmp/home:/bin/sh\n")
    (own / "group").write_text(f"learner:x:{gid}:\n")
    for f in ("passwd", "group"):
        (own / f).chmod(0o644)
    args += ["--ro-bind", str(own / "passwd"), "/etc/passwd", "--ro-bind", str(own / "group"), "/etc/group"]
    return args


_USR_SKIPPED = ("local", "src", "games", "include")
"""Of ``/usr`` a kernel sees every folder but these (``/usr/local`` only where the interpreter lives in it)."""


def _system_binds() -> list[str]:
    """``/usr`` (without :data:`_USR_SKIPPED`, with the narrow view) and the top-level links or folders into it."""
    args: list[str] = []
    if _FEATURES.narrow_view:
        if os.path.isdir("/usr"):
            args += ["--perms", "0755", "--dir", "/usr"]
            for name in sorted(os.listdir("/usr")):
                path = f"/usr/{name}"
                if name in _USR_SKIPPED:
                    continue
                if os.path.islink(path):
                    args += ["--symlink", os.readlink(path), path]
                elif os.path.isdir(path):
                    args += ["--ro-bind", path, path]
    else:  # the second round's view
        for top in ("/usr", "/opt"):
            if os.path.isdir(top):
                args += ["--ro-bind", top, top]
    for top in ("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    return args


def _covered(path: str, bound: Sequence[str]) -> bool:
    return any(path == b or path.startswith(b.rstrip("/") + "/") for b in bound)


def _python_paths() -> list[str]:
    """The folders of the Python installation, the venv and the package a kernel needs (outside what /usr shows)."""
    system = [f"/usr/{n}" for n in os.listdir("/usr") if n not in _USR_SKIPPED] if os.path.isdir("/usr") else []
    if not _FEATURES.narrow_view:
        system = ["/usr", "/opt", "/etc"]
    out: list[str] = []
    for p in (sys.base_prefix, sys.prefix, sys.base_exec_prefix, sys.exec_prefix,
              str(Path(sys.executable).resolve().parent.parent), str(PACKAGE_DIR)):
        for q in (p, os.path.realpath(p)):
            if os.path.isdir(q) and q not in out and not _covered(q, system) and q != "/":
                out.append(q)
    return out


def _binds(paths: Sequence[str], done: Sequence[str], rw: Sequence[str] = ()) -> list[str]:
    """``--ro-bind`` (``--bind`` for ``rw``) of each path, after ``--dir`` for each parent not already shown.

    Parents are made with mode 0755 (bubblewrap would copy a 0700 ``/root``'s mode, shutting out the sandbox's
    uid); a path inside one already bound (``done``) is not bound again.
    """
    args: list[str] = []
    shown = list(done)
    made: set[str] = set()
    for p in paths:
        if _covered(p, shown) and p not in rw:
            continue
        for parent in reversed(Path(p).parents):
            a = str(parent)
            if a not in ("/", "/tmp") and a not in made and not _covered(a, shown):
                args += ["--perms", "0755", "--dir", a]
                made.add(a)
        args += ["--bind" if p in rw else "--ro-bind", p, p]
        shown.append(p)
    return args


def _bwrap_args(folder: Path, tables: Path, env: dict[str, str], bounds: Bounds | None = None,
                user: SandboxUser | None = None, seccomp_fd: int | None = None,
                sockets: Path | None = None) -> list[str]:
    """The command that starts a kernel's sandbox (the kernel's own command follows).

    Without ``user``: one bubblewrap, run by the grader's own (unprivileged) user. With ``user`` (the grader is
    root): an outer bubblewrap, still root, showing only what the kernel needs, in which :data:`_SWITCH` becomes
    ``user`` for good and starts the inner bubblewrap, as in the first case; the outer one exists so that the
    view holds folders the sandbox's uid could not reach on the host (an interpreter under a 0700 ``/root``).
    """
    size = str((bounds or Bounds()).disk_mb * 2**20)
    ipc = str(sockets if sockets is not None else folder / "ipc")
    python = _python_paths()
    system = _system_binds()
    shown = [system[i + 2] for i, a in enumerate(system) if a in ("--ro-bind", "--symlink")]
    inner = ["bwrap", "--unshare-all", "--unshare-user"]
    if _DISABLE_USERNS.get("on", True):
        inner.append("--disable-userns")
    inner += ["--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    if user is None:
        inner += system
    else:
        inner += ["--ro-bind", "/", "/"]
    # a private, bounded /tmp first: the interpreter, the package and the submission's folder may live under
    # /tmp (a checkout there, a temporary folder), and are bound on top of it below
    inner += ["--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys", "--dev", "/dev", "--size", size,
              "--tmpfs", "/dev/shm",
              "--size", size, "--tmpfs", "/tmp", "--dir", "/tmp/home", "--dir", "/tmp/work"]
    if user is None:
        inner += _etc_files(folder)
    if user is None:
        inner += _binds([*python, ipc, str(tables)], ["/tmp/home", "/tmp/work", *shown], rw=[ipc])
    else:  # the outer view is the root: bind again what the private /tmp hides, and the socket folder writable
        hidden = [p for p in (*python, str(tables)) if _covered(p, ["/tmp"])]
        inner += _binds([*hidden, ipc], ["/tmp/home", "/tmp/work"], rw=[ipc])
    inner += ["--remount-ro", "/", "--chdir", "/tmp/work", "--clearenv"]
    for k, v in env.items():
        inner += ["--setenv", k, v]
    if seccomp_fd is not None:
        inner += ["--seccomp", str(seccomp_fd)]
    if user is None:
        return inner
    bwrap = os.path.realpath(shutil.which("bwrap") or "/usr/bin/bwrap")
    inner[0] = bwrap
    outer = ["bwrap", "--unshare-pid", "--die-with-parent", *system, "--bind", "/proc", "/proc", "--dev", "/dev",
             "--perms", "1777", "--dir", "/tmp", *_etc_files(folder, user)]
    switch = _switch(user)
    outer += _binds([*python, bwrap, switch[0], ipc, str(tables)], [*shown, "/etc", "/proc", "/dev"], rw=[ipc])
    outer += ["--remount-ro", "/"]
    return [*outer, *switch, *inner]


def _filter_file() -> IO[bytes] | None:
    """The seccomp filter in an unnamed file at offset 0, for ``bwrap --seccomp FD`` (None with the filter off)."""
    if not _FEATURES.seccomp:
        return None
    from omaha_learn.grading.seccomp_filter import bpf_program

    program = tempfile.TemporaryFile()
    program.write(bpf_program())
    program.flush()
    program.seek(0)
    return program


def _switch(user: SandboxUser) -> list[str]:
    """The command that becomes ``user`` for good and runs the rest: util-linux's ``setpriv`` (fast), else
    :data:`_SWITCH` in Python. Both clear the supplementary groups, set uid and gid, and die with their parent."""
    if "setpriv" not in _SETPRIV:
        exe = shutil.which("setpriv")
        try:
            ok = exe is not None and "--pdeathsig" in subprocess.run([exe, "--help"], capture_output=True,
                                                                     text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            ok = False
        _SETPRIV["setpriv"] = os.path.realpath(exe) if ok and exe else ""
    exe = _SETPRIV["setpriv"]
    if exe:
        return [exe, f"--reuid={user.uid}", f"--regid={user.gid}", "--clear-groups", "--inh-caps=-all",
                "--pdeathsig=SIGKILL", "--"]
    return [sys.executable, "-S", "-c", _SWITCH, str(user.uid), str(user.gid)]


SOCKET_PATH_MAX = 107
"""The longest path of a Unix socket on Linux (``sun_path`` holds 108 bytes, the closing NUL included)."""
SOCKET_NAME = len("/k99-99")
"""The longest name, with its slash, of a kernel's socket in its socket folder (``k<kernel>-<channel>``)."""


def _socket_folder(folder: Path) -> Path:
    """Where the kernels of the submission in ``folder`` put their connection files and sockets: ``folder/ipc``,
    unless its sockets' paths would be too long for a Unix socket (a deep ``TMPDIR``: every kernel would fail to
    start with ``File name too long``); then a fresh folder of the grader's own in ``/tmp`` (removed at the end of
    the run, like ``folder``)."""
    ipc = folder / "ipc"
    if len(os.fsencode(ipc)) + SOCKET_NAME <= SOCKET_PATH_MAX:
        return ipc
    return Path(tempfile.mkdtemp(prefix="omaha-ipc-", dir="/tmp"))


class _Tail:
    """The last :data:`TAIL_BYTES` a kernel's process writes to its standard error (the sandbox's and the launcher's
    own words when it fails at its start: ``bwrap: ...``, ``omaha-learn limits: ...``). A thread reads the pipe to its
    end for the kernel's whole life, so the kernel never blocks on a full pipe, and keeps only that tail in memory."""

    def __init__(self) -> None:
        read, self.writer = os.pipe()
        self._kept = bytearray()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, args=(read,), daemon=True, name="omaha-learn-stderr")
        self._thread.start()

    def _read(self, fd: int) -> None:
        try:
            while chunk := os.read(fd, 65536):
                with self._lock:        # only the chunk's end is copied: a flood of output costs the grader little
                    self._kept += chunk[-TAIL_BYTES:]
                    del self._kept[:-TAIL_BYTES]
        except OSError:
            pass
        finally:
            os.close(fd)

    def started(self) -> None:
        """The process has its copy of the write end (or failed to start): close ours, so the reader sees the end."""
        os.close(self.writer)

    def why(self, status: int) -> str:
        """Why the process ended before its kernel was ready: its exit status (a signal's name when killed) and the
        last line it wrote, made printable (one line, at most :data:`TAIL_BYTES`)."""
        self._thread.join(timeout=2)
        with self._lock:
            text = self._kept.decode("utf-8", "replace")
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        said = "".join(ch if ch.isprintable() else "?" for ch in (lines[-1] if lines else ""))[:TAIL_BYTES]
        how = f"exit status {status}"
        if status < 0:
            try:
                how = f"killed by {signal.Signals(-status).name}"
            except ValueError:
                pass
        return (f"the kernel's process ended before it was ready ({how})"
                + (f"; its last words: {said}" if said else "; it wrote nothing"))


TAIL_BYTES = 500
"""How much of a failed kernel's standard error the grader keeps to say why (:class:`_Tail`)."""


class _Kernel:
    """One kernel process (in its sandbox) and a client talking to it over Unix sockets."""

    def __init__(self, folder: Path, tables: Path, kind: str, startup: float, bounds: Bounds | None = None,
                 user: SandboxUser | None = None, sockets: Path | None = None) -> None:
        from omaha_learn.extras import require

        require("jupyter_client", extra="grading", what="the grader")
        require("zmq", extra="grading", what="the grader")
        from jupyter_client.blocking.client import BlockingKernelClient
        from jupyter_client.connect import write_connection_file

        self.mark = secrets.token_hex(8)
        ipc = sockets if sockets is not None else folder / "ipc"
        ipc.mkdir(mode=0o700, exist_ok=True)
        self.user = user
        self.ipc = ipc
        if user is not None:  # the socket folder is the submission's while its kernel starts
            os.chown(ipc, user.uid, user.gid)
            ipc.chmod(0o700)
        n = self.number = len(list(folder.glob("kernel-*.done")))
        (folder / f"kernel-{n}.done").touch()
        conn, _ = write_connection_file(str(ipc / f"kernel-{n}.json"), transport="ipc",
                                        ip=str(ipc / f"k{n}"), key=secrets.token_hex(16).encode())
        if user is not None:
            os.chown(conn, user.uid, user.gid)
        env = _kernel_env(folder, tables, self.mark, kind)
        cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", conn, "--HistoryManager.enabled=False"]
        fds: tuple[int, ...] = ()
        program = None
        if kind == "bwrap":
            program = _filter_file()
            fds = (program.fileno(),) if program is not None else ()
            cmd = _bwrap_args(folder, tables, env, bounds, user, fds[0] if fds else None, ipc) + cmd
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        else:
            Path(env["HOME"]).mkdir(exist_ok=True)
        self.limits = _Limits(bounds or Bounds(), user)
        cmd = self.limits.wrap(cmd)
        self.said = _Tail()
        try:
            self.proc = subprocess.Popen(cmd, cwd=folder, env=env, start_new_session=True, pass_fds=fds,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=self.said.writer)
        finally:
            self.said.started()
            if program is not None:
                program.close()
        self.kind = kind
        import zmq

        self.context = zmq.Context()
        self.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)  # a bigger message drops the link, not the grader
        self.client = BlockingKernelClient(connection_file=conn, context=self.context)
        self.client.load_connection_file()
        self.client.start_channels(hb=False)   # no heartbeats: the process itself says whether the kernel lives
        try:
            self._wait_until_ready(time.monotonic() + startup, startup)
        except Exception:
            self.kill()
            raise
        if user is not None:  # its sockets are made: from now on the submission cannot add, move or remove files there
            os.chown(ipc, 0, 0)
            ipc.chmod(0o755)

    def _wait_until_ready(self, deadline: float, startup: float) -> None:
        """jupyter_client's ``wait_for_ready`` (a kernel_info reply on the shell channel, then a message on IOPub so
        that no output is lost, then IOPub drained), checking every quarter second whether the process has ended
        (then saying why: :class:`_Tail`), and bounded by ``deadline`` throughout, the draining included."""
        while True:
            ended = self.proc.poll()
            if ended is not None:
                raise RuntimeError(self.said.why(ended))
            if time.monotonic() > deadline:
                raise RuntimeError(f"the kernel did not answer within {startup:g} s")
            self.client.kernel_info()
            try:
                reply = self.client.get_shell_msg(timeout=0.25)
                if reply.get("msg_type") != "kernel_info_reply":
                    continue
                self.client.get_iopub_msg(timeout=0.2)   # IOPub is connected (else ask again)
            except Empty:
                continue
            break
        while time.monotonic() < deadline:
            try:
                self.client.get_iopub_msg(timeout=0.2)
            except Empty:
                return

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

    def oom_kills(self) -> int:
        return self.limits.cgroups.oom_kills()

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
        self.limits.kill_all()
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
                found = {k: str(v)[:2000] for k, v in data.items()
                         if k in ("question", "status", "answer", "error", "text")}
    return found


def run_plan(plan: Sequence[PlanCell | dict[str, Any]], *, timeout: float = 120, cell_timeout: float = 30,
             sandbox: str = "auto", startup: float = 60,
             bounds: Bounds | dict[str, int] | None = None) -> dict[str, Any]:
    """Run ``plan`` in a fresh isolated kernel; return :class:`RunResult` as a dict (see the module docs).

    ``timeout``: seconds for the whole notebook (kernel starts included);
    ``cell_timeout``: seconds for one cell; ``bounds``: a :class:`Bounds` or
    its fields as a dict (default ``Bounds()``). Never raises for anything the
    learner's code does; raises :class:`ValueError` for bad settings (and
    :class:`~omaha_learn.errors.SandboxError` without a sandbox).
    The kernel is driven from a thread of its own, so that an event loop of
    the caller's (a Dask worker's, a notebook's) never meets jupyter_client's.
    """
    sandbox_kind(sandbox)  # bad settings raise here, in the caller
    limits = bounds if isinstance(bounds, Bounds) else Bounds(**(bounds or {}))
    box: dict[str, Any] = {}

    def work() -> None:
        import asyncio

        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            box["result"] = _run_plan(plan, timeout, cell_timeout, sandbox, startup, box, limits)
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
              startup: float, box: dict[str, Any], bounds: Bounds | None = None) -> dict[str, Any]:
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
    sockets = _socket_folder(folder)
    kernel: _Kernel | None = None
    user: SandboxUser | None = None
    try:
        if _uid_switch(kind):
            from omaha_learn.grading.identity import acquire

            user = acquire()
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
                                                     min(startup, max(1.0, end - time.monotonic())), bounds, user,
                                                     sockets)
                except Exception as exc:  # noqa: BLE001
                    result.log.append(f"kernel did not start: {type(exc).__name__}: {exc}")  # grader.START_FAILED
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
                if kernel.oom_kills():
                    result.log.append(f"cell {i}: the submission reached its memory bound (the out-of-memory "
                                      "killer ended a process of its memory cgroup)")
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
        result.leftover = _remove(folder) + (_remove(sockets) if sockets.parent != folder else [])
        if result.leftover:
            result.log.append(f"clean-up: could not remove {result.leftover[0]}")
        if user is not None:
            user.release()
    result.seconds = round(time.monotonic() - start, 3)
    return result.to_dict()


def _notebook_json(cells: Sequence[PlanCell]) -> str:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
          "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {"omaha_learn": {"role": c.role,
                                                                                     "question": c.question}},
                     "source": c.source, "outputs": [], "execution_count": None} for i, c in enumerate(cells)]}
    return json.dumps(nb, indent=1)
