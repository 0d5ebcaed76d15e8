"""An unprivileged host user and group of its own for each submission, when the grader runs as root.

Root inside bubblewrap's user namespace is still host root (uid map ``0 0 1``):
``/proc/sys`` and other kernel interfaces check the host uid. So a root grader
never lets a kernel start as root: each submission gets a numeric uid and gid
from a range no account uses (:data:`DEFAULT_RANGE`, or
``OMAHA_LEARN_SANDBOX_UIDS=FIRST-LAST``), taken with an exclusive lock on a
file in a root-only folder (removed again on release) (so two graders on one machine, or two threads of
one, never share one) and only when no process runs as that uid. The
launcher drops to it (``setgroups([])``, ``setresgid``, ``setresuid``) before
it starts the sandbox. The lock is held until the submission's last kernel
is gone; a grader that dies drops its locks with it.

The default range, 1,900,000,000-1,900,065,535, lies above what systemd
hands out (``DynamicUser=`` 61184-65519, containers up to 1,879,048,191) and
below 2^31, where some programs treat uids as negative.
"""

from __future__ import annotations

import fcntl
import grp
import os
import pwd
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from omaha_learn.errors import SandboxError

__all__ = ["SandboxUser", "acquire", "uid_range", "DEFAULT_RANGE", "RANGE_ENV"]

DEFAULT_RANGE = (1_900_000_000, 1_900_065_535)
RANGE_ENV = "OMAHA_LEARN_SANDBOX_UIDS"


@dataclass
class SandboxUser:
    """A uid and gid held for one submission (``release`` when its last kernel is gone)."""

    uid: int
    gid: int
    _fd: int = field(default=-1, repr=False)
    _lock: Path | None = field(default=None, repr=False)

    def release(self) -> None:
        if self._fd >= 0:
            if self._lock is not None:
                try:
                    self._lock.unlink()  # while still locked: whoever opens it next makes a new file
                except OSError:
                    pass
            os.close(self._fd)  # closing drops the lock
            self._fd = -1


def uid_range() -> tuple[int, int]:
    """(first, last) of the uids handed to submissions: ``$OMAHA_LEARN_SANDBOX_UIDS`` or :data:`DEFAULT_RANGE`."""
    text = os.environ.get(RANGE_ENV, "").strip()
    if not text:
        return DEFAULT_RANGE
    first, sep, last = text.partition("-")
    try:
        lo, hi = int(first), int(last if sep else first)
    except ValueError:
        raise SandboxError(f"{RANGE_ENV}={text!r}: expected FIRST-LAST, two whole numbers") from None
    if not 1000 <= lo <= hi < 2**31 - 1:
        raise SandboxError(f"{RANGE_ENV}={text!r}: the uids must lie between 1000 and {2**31 - 2}, first <= last")
    return lo, hi


def _lock_dir() -> Path:
    """A folder only root can write, for the lock files (made once)."""
    for parent in (Path("/run"), Path(tempfile.gettempdir())):
        folder = parent / "omaha-learn-sandbox-uids"
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass
        except OSError:
            continue
        st = folder.lstat()
        if stat.S_ISDIR(st.st_mode) and st.st_uid == 0 and not st.st_mode & 0o022:
            return folder
    raise SandboxError("cannot make a root-only folder for the sandbox uid locks in /run or the temporary folder")


def _in_use(uid: int) -> bool:
    """Whether an account, a group or a running process has this id."""
    try:
        pwd.getpwuid(uid)
        return True
    except KeyError:
        pass
    try:
        grp.getgrgid(uid)
        return True
    except KeyError:
        pass
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if proc.stat().st_uid == uid:
                return True
        except OSError:
            continue
    return False


def acquire() -> SandboxUser:
    """A free uid (and the gid of the same number) from :func:`uid_range`, locked for this submission.

    Raises :class:`~omaha_learn.errors.SandboxError` when the grader is not
    root or every uid of the range is taken.
    """
    if os.geteuid() != 0:
        raise SandboxError("only a grader running as root hands out sandbox uids")
    lo, hi = uid_range()
    folder = _lock_dir()
    for uid in range(lo, hi + 1):
        path = folder / str(uid)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.fstat(fd).st_ino != path.stat().st_ino:
                raise OSError("the lock file was replaced while being locked")
        except OSError:
            os.close(fd)
            continue
        if _in_use(uid):
            try:
                path.unlink()  # still locked: safe to remove
            except OSError:
                pass
            os.close(fd)
            continue
        return SandboxUser(uid, uid, fd, path)
    raise SandboxError(f"every sandbox uid in {lo}-{hi} is taken; widen {RANGE_ENV}")
