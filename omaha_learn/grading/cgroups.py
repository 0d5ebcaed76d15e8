"""A cgroup per submission: its processes and threads (``pids``) and its memory as a whole (``memory``).

Where the grader may make cgroups (as root, or under a delegated cgroup),
each sandboxed kernel gets, in every hierarchy that has the controller
(cgroup v1: one per controller; v2: one folder for both), a child of the
grader's own cgroup:

* ``pids``: ``pids.max`` = the process bound (every process and thread),
* ``memory``: v1 ``memory.limit_in_bytes`` and ``memory.memsw.limit_in_bytes``
  (swap included), v2 ``memory.max``, ``memory.swap.max = 0`` and
  ``memory.oom.group = 1``. Both count what the submission's processes map,
  the pages of its tmpfs (``/tmp``, ``/dev/shm``) and shared memory of any
  kind (``memfd_create``, ``shm_open``, SysV), so the sum over all its
  processes stays under one bound; past it the kernel's out-of-memory killer
  ends processes of that cgroup only.

The launcher moves itself into these cgroups before it starts bubblewrap, so
everything the submission starts is inside. Where a controller cannot be
used (no such hierarchy, no permission, v2 without the controller delegated)
:func:`problem` says why, for the start-of-run message. Cgroups left by a
killed grader are removed the next time (:func:`sweep`).
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Hierarchy", "find", "problem", "SubmissionCgroups", "sweep", "PREFIX"]

PREFIX = "omaha-learn-"
CONTROLLERS = ("pids", "memory")


@dataclass(frozen=True)
class Hierarchy:
    """Where a child cgroup with ``controller`` can be made: ``base`` (the grader's own cgroup there), v1 or v2."""

    controller: str
    base: Path
    version: int


def _mounts() -> list[tuple[str, str, str, set[str]]]:
    """(mount point, root inside the hierarchy, fs type, super options) of each cgroup file system mounted here."""
    out = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return []
    for line in lines:
        left, _, right = line.partition(" - ")
        fields, rfields = left.split(), right.split()
        if len(fields) < 5 or len(rfields) < 3 or rfields[0] not in ("cgroup", "cgroup2"):
            continue
        point = fields[4].replace("\\040", " ")
        out.append((point, fields[3], rfields[0], set(rfields[2].split(","))))
    return out


def _own_paths() -> dict[str, str]:
    """{controller or "" (v2): this process's cgroup path} from /proc/self/cgroup."""
    out: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return out
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        for name in parts[1].split(",") if parts[1] else [""]:
            out[name] = parts[2]
    return out


def _under(point: str, root: str, path: str) -> Path | None:
    if root != "/" and not (path == root or path.startswith(root.rstrip("/") + "/")):
        return None
    rel = path[len(root):] if root != "/" else path
    return Path(point) / rel.lstrip("/")


def _candidates(controller: str) -> list[Hierarchy]:
    own = _own_paths()
    found = []
    for point, root, fstype, options in _mounts():
        if fstype == "cgroup" and controller in options and controller in own:
            base = _under(point, root, own[controller])
            if base is not None:
                found.append(Hierarchy(controller, base, 1))
        elif fstype == "cgroup2" and "" in own:
            base = _under(point, root, own[""])
            if base is None:
                continue
            try:
                available = (base / "cgroup.controllers").read_text().split()
            except OSError:
                continue
            if controller in available:
                found.append(Hierarchy(controller, base, 2))
    return sorted(found, key=lambda h: h.version)  # a v1 hierarchy of the controller first (hybrid machines)


_FOUND: dict[str, Hierarchy | None] = {}
_WHY: dict[str, str] = {}
_LOCK = threading.Lock()
_MOVE = ("import os, sys\nfor g in sys.argv[1:]:\n    open(os.path.join(g, 'cgroup.procs'), 'w').write(str(os.getpid()))\n")


def _settings(h: Hierarchy, limit: int) -> dict[str, str]:
    if h.controller == "pids":
        return {"pids.max": str(limit)}
    if h.version == 1:
        return {"memory.limit_in_bytes": str(limit), "memory.memsw.limit_in_bytes": str(limit)}
    return {"memory.max": str(limit), "memory.swap.max": "0", "memory.oom.group": "1"}


def _write_settings(cg: Path, h: Hierarchy, limit: int) -> None:
    for name, value in _settings(h, limit).items():
        path = cg / name
        if not path.exists() and name in ("memory.memsw.limit_in_bytes", "memory.swap.max", "memory.oom.group"):
            continue  # no swap accounting (or an old kernel): memory.max alone bounds the sum without swap
        path.write_text(value)


def _enable_v2(h: Hierarchy) -> None:
    """Make ``controller`` available to children of ``h.base`` (v2): fails if the base itself has processes."""
    ctl = h.base / "cgroup.subtree_control"
    if h.controller not in ctl.read_text().split():
        ctl.write_text(f"+{h.controller}")


def find(controller: str) -> Hierarchy | None:
    """A hierarchy under which this process can make ``controller`` cgroups and move a process in (probed once)."""
    with _LOCK:
        if controller in _FOUND:
            return _FOUND[controller]
        found, why = None, f"no cgroup hierarchy with the {controller} controller is mounted here"
        for h in _candidates(controller):
            sweep(h.base)
            probe = h.base / f"{PREFIX}probe-{os.getpid()}-{secrets.token_hex(4)}"
            try:
                if h.version == 2:
                    _enable_v2(h)
                probe.mkdir()
            except OSError as exc:
                why = f"cannot make a cgroup in {h.base} ({exc.strerror or exc})"
                if h.version == 2 and exc.errno == errno.EBUSY:
                    why = (f"{h.base} holds processes, so cgroup v2 cannot hand the {controller} controller to "
                           "cgroups under it: run the grader in a cgroup of its own (e.g. `systemd-run --scope -p "
                           "Delegate=yes ...`)")
                continue
            try:
                _write_settings(probe, h, 64 if controller == "pids" else 256 * 2**20)
                moved = subprocess.run([sys.executable, "-S", "-c", _MOVE, str(probe)], capture_output=True,
                                       timeout=20)
                if moved.returncode == 0:
                    found = h
                else:
                    why = f"cannot move a process into a cgroup under {h.base}"
            except (OSError, subprocess.SubprocessError) as exc:
                why = f"cannot set {controller} limits under {h.base} ({exc})"
            finally:
                _remove(probe)
            if found is not None:
                break
        _FOUND[controller] = found
        if found is None:
            _WHY[controller] = why
        return found


def problem(controller: str) -> str | None:
    """Why no ``controller`` cgroup can be made here, or None when one can."""
    if find(controller) is not None:
        return None
    return _WHY.get(controller, "unknown")


def sweep(base: Path) -> None:
    """Remove empty cgroups left by graders that were killed (their process is gone)."""
    try:
        stale = list(base.glob(f"{PREFIX}*"))
    except OSError:
        return
    for cg in stale:
        parts = cg.name.split("-")
        pid = parts[3] if len(parts) > 3 and parts[2] == "probe" else parts[2] if len(parts) > 2 else ""
        if not pid.isdigit() or Path(f"/proc/{pid}").exists():
            continue
        try:
            if not (cg / "cgroup.procs").read_text().split():
                cg.rmdir()
        except OSError:
            continue


def _remove(cg: Path) -> None:
    for _ in range(100):
        try:
            cg.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.02)


class SubmissionCgroups:
    """The cgroups of one kernel: made here (one per hierarchy), joined by its launcher, emptied and removed at the end.

    ``processes``: ``pids.max``; ``memory_bytes``: the memory bound of the whole submission, or None for none.
    """

    def __init__(self, processes: int, memory_bytes: int | None) -> None:
        self.paths: list[Path] = []
        self.controllers: list[str] = []
        wanted = {"pids": processes, "memory": memory_bytes}
        made: dict[Path, Path] = {}  # a v2 base holds both controllers in one folder
        for controller, limit in wanted.items():
            h = find(controller) if limit is not None else None
            if h is None or limit is None:
                continue
            cg = made.get(h.base) or h.base / f"{PREFIX}{os.getpid()}-{secrets.token_hex(6)}"
            try:
                if cg not in self.paths:
                    cg.mkdir()
                    self.paths.append(cg)
                _write_settings(cg, h, limit)
                made[h.base] = cg
                self.controllers.append(controller)
            except OSError:
                if cg in self.paths and not made.get(h.base):
                    self.paths.remove(cg)
                    _remove(cg)

    def config(self) -> str:
        return json.dumps([str(p) for p in self.paths])

    def oom_kills(self) -> int:
        """How many times the kernel's out-of-memory killer acted in this submission's memory cgroup."""
        total = 0
        for cg in self.paths:
            for name, key in (("memory.events", "oom_kill"), ("memory.oom_control", "oom_kill")):
                try:
                    for line in (cg / name).read_text().splitlines():
                        k, _, v = line.partition(" ")
                        if k == key and v.strip().isdigit():
                            total += int(v)
                except OSError:
                    continue
        return total

    def kill_all(self) -> None:
        for cg in self.paths:
            for _ in range(50):
                try:
                    pids = [int(p) for p in (cg / "cgroup.procs").read_text().split()]
                except (OSError, ValueError):
                    pids = []
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                time.sleep(0.02)
            _remove(cg)
        self.paths = []
