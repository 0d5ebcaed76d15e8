"""The seccomp filter every sandboxed kernel runs under (bubblewrap ``--seccomp FD``).

Built once per process with libseccomp (through :mod:`pyseccomp`, a ctypes
binding to the system's ``libseccomp.so.2``; Debian's ``libseccomp2``) and
handed to bubblewrap as a BPF program, which bubblewrap installs just before
it starts the kernel (after its own mounts, with ``no_new_privs`` set).

Everything is allowed except the calls in :data:`REFUSED` (``EPERM``), a
``clone`` that asks for a new namespace (``EPERM``: any of
:data:`CLONE_NEW_FLAGS`) and ``clone3`` (``ENOSYS``: its flags sit in memory,
where a filter cannot look, so libc falls back to ``clone``, which is
checked). A system call of another architecture (``int 0x80``, x32 on
x86-64) kills the process: nothing a kernel runs needs one, and a filter
written for one architecture must not be bypassed through another.

What the refusals stop: memory outside every bound (``memfd_create``), new
user, mount or other namespaces from which a learner could mount a tmpfs of
any size (``unshare``, ``clone`` with ``CLONE_NEW*``, ``setns``, ``mount``
and the new mount API), reading or changing other processes (``ptrace``,
``process_vm_readv``/``writev``), the kernel keyring, BPF, perf,
``userfaultfd`` (a tool of kernel exploits), ``io_uring`` (whose operations
no seccomp filter sees), loading modules or kernels, and reaching files by
handle (``open_by_handle_at``).
"""

from __future__ import annotations

import errno
import tempfile
import threading

__all__ = ["REFUSED", "NOT_IMPLEMENTED", "CLONE_NEW_FLAGS", "bpf_program", "filter_problem"]

REFUSED = (
    "memfd_create", "memfd_secret", "unshare", "setns", "mount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsmount", "fsconfig", "fspick", "move_mount", "open_tree", "mount_setattr",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "open_by_handle_at", "name_to_handle_at", "lookup_dcookie", "fanotify_init",
    "swapon", "swapoff", "reboot", "syslog", "acct", "quotactl", "quotactl_fd", "vhangup",
    "iopl", "ioperm", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "sethostname",
    "setdomainname", "uselib", "ustat", "sysfs", "_sysctl", "nfsservctl", "personality",
    "mbind", "set_mempolicy", "migrate_pages", "move_pages",
)
"""System calls a sandboxed kernel may not make: each fails with ``EPERM``."""
NOT_IMPLEMENTED = ("clone3",)
"""Fail with ``ENOSYS`` (libc then uses ``clone``, whose flags the filter checks)."""
CLONE_NEW_FLAGS = {
    "CLONE_NEWTIME": 0x00000080, "CLONE_NEWNS": 0x00020000, "CLONE_NEWCGROUP": 0x02000000,
    "CLONE_NEWUTS": 0x04000000, "CLONE_NEWIPC": 0x08000000, "CLONE_NEWUSER": 0x10000000,
    "CLONE_NEWPID": 0x20000000, "CLONE_NEWNET": 0x40000000,
}
"""``clone`` flags that make a new namespace: a ``clone`` with any of them fails with ``EPERM``."""

_LOCK = threading.Lock()
_BUILT: dict[str, bytes | str] = {}


def _build() -> bytes:
    import pyseccomp as sc

    f = sc.SyscallFilter(sc.ALLOW)
    # a call from another ABI (i386's int 0x80, x32) never reaches the rules below: kill the process
    f.set_attr(sc.Attr.ACT_BADARCH, sc.KILL_PROCESS)
    for name in REFUSED:
        try:
            f.add_rule(sc.ERRNO(errno.EPERM), name)
        except (ValueError, RuntimeError, OSError):
            continue  # not a system call on this architecture (iopl on arm64, _sysctl on new kernels)
    for name in NOT_IMPLEMENTED:
        try:
            f.add_rule(sc.ERRNO(errno.ENOSYS), name)
        except (ValueError, RuntimeError, OSError):
            continue
    # clone's first argument is its flags on x86-64, arm64, riscv64, ppc64 (s390 swaps the first two)
    arg = 1 if sc.system_arch() in (sc.Arch.S390X, sc.Arch.S390) else 0
    for flag in CLONE_NEW_FLAGS.values():
        f.add_rule(sc.ERRNO(errno.EPERM), "clone", sc.Arg(arg, sc.MASKED_EQ, flag, flag))
    with tempfile.TemporaryFile() as fh:
        f.export_bpf(fh)
        fh.seek(0)
        program = fh.read()
    if not program or len(program) % 8:
        raise RuntimeError(f"libseccomp exported {len(program)} bytes, not a BPF program")
    return program


def bpf_program() -> bytes:
    """The filter as a BPF program (built once per process); raises :class:`RuntimeError` if it cannot be built."""
    with _LOCK:
        if "program" not in _BUILT and "problem" not in _BUILT:
            try:
                _BUILT["program"] = _build()
            except Exception as exc:  # noqa: BLE001 - ImportError, a missing libseccomp.so.2, an old libseccomp
                _BUILT["problem"] = (f"the seccomp filter cannot be built here ({type(exc).__name__}: {exc}); "
                                     "install libseccomp (Debian/Ubuntu: `apt-get install libseccomp2`) and "
                                     "pyseccomp (`pip install 'omaha-learn[grading]'`)")
        if "program" in _BUILT:
            return _BUILT["program"]  # type: ignore[return-value]
        raise RuntimeError(str(_BUILT["problem"]))


def filter_problem() -> str | None:
    """Why the filter cannot be built here, or None when it can."""
    try:
        bpf_program()
    except RuntimeError as exc:
        return str(exc)
    return None
