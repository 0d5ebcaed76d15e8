"""Attacks on ``omaha-learn grade``, third round: root in the sandbox, memory past every bound, a wide view.

Each batch grades two honest learners beside one learner per attack, under
bubblewrap with ``--memory-mb 1024 --disk-mb 64``, once with the grader
running as root and once as an unprivileged user (CI runs as root: the user
``omaha-learn-test`` is made with ``useradd --system`` if missing and the
grader is started with ``runuser``). The attacks:

* writing the host's kernel settings (``/proc/sys/kernel/core_pattern``,
  ``fs/file-max``, ``kernel/panic_on_oops``, ``/proc/sysrq-trigger``, ``/sys``),
  each with the value it already has, so that a failed defence changes nothing;
* 25 ``memfd_create`` files of 60 MB each;
* ``unshare(CLONE_NEWUSER | CLONE_NEWNS)`` and then a tmpfs of its own;
* ``clone`` with each ``CLONE_NEW*`` flag, ``clone3``, ``mount``, ``umount2``,
  ``pivot_root``, ``ptrace``, ``keyctl``, ``add_key``, ``request_key``, ``bpf``,
  ``perf_event_open``, ``userfaultfd``, ``setns``, ``io_uring_setup``,
  ``process_vm_readv``, ``open_by_handle_at``, ``kexec_load``, ``init_module``;
* reading ``/opt``, ``/usr/local``, ``/home``, ``/sys``, the keys, another
  learner's folder and the grader's folder of sandboxes;
* who it runs as: not root, no capabilities, ``no_new_privs``, a seccomp filter.

Each attacker answers q1 right only if its attack failed (the cell checks its
own outcome), so full marks mean "stopped"; when one is not stopped its q1
answer carries what it saw. A third batch, as root, turns the seccomp filter
off to show the memory cgroup alone ends the memfd attack in its own
submission, and that ``--disable-userns`` alone refuses a nested namespace.
"""

from __future__ import annotations

import csv
import os
import platform
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_grading_attacks import write  # one way to write a learner's copy (tests/ is on sys.path)

from omaha_learn.grading.sandbox import _bwrap_works

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
RIGHT = {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
         "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'}
FULL = {"q1": 1, "q2": 2, "q3": 1, "q4": 2, "q5": 2, "q6": 1}
BOUNDS = ["--memory-mb", "1024", "--disk-mb", "64", "--max-processes", "64"]
FAST = ["--cell-timeout", "60", "--timeout", "150", "--jobs", "2", *BOUNDS]
USER = "omaha-learn-test"

needs_bwrap = pytest.mark.skipif(not _bwrap_works(), reason="bubblewrap (bwrap) not available")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (CI runs as root): grading as root and "
                                                          "as another user")


def honest_unless(evidence: str) -> dict[str, str]:
    """Right answers, except q1: right only if the cell's ``bounded`` holds, else what the attack saw."""
    return {**RIGHT, "q1": f'answer_q1 = "4h 2c Tc 2d" if bounded else "EVIDENCE " + repr({evidence})[:180]'}


SYSCTL = """
import errno, os
seen = []
for path in ('/proc/sys/kernel/core_pattern', '/proc/sys/fs/file-max', '/proc/sys/kernel/panic_on_oops'):
    try:
        with open(path, 'rb') as fh:
            old = fh.read()  # written back unchanged: a failed defence changes nothing
        fd = os.open(path, os.O_WRONLY)
        try:
            os.write(fd, old)
            seen.append((path, 'WROTE'))
        finally:
            os.close(fd)
    except OSError as exc:
        seen.append((path, errno.errorcode.get(exc.errno, exc.errno)))
try:
    fd = os.open('/proc/sysrq-trigger', os.O_WRONLY)
    os.close(fd)  # opened, never written
    seen.append(('/proc/sysrq-trigger', 'OPENED'))
except OSError as exc:
    seen.append(('/proc/sysrq-trigger', errno.errorcode.get(exc.errno, exc.errno)))
sys_there = os.path.exists('/sys/kernel') or os.path.exists('/sys/fs/cgroup')
bounded = all(e in ('EACCES', 'EPERM', 'EROFS', 'ENOENT') for _, e in seen[3:]) and not sys_there and \
    all(e in ('EACCES', 'EPERM', 'EROFS') for _, e in seen[:3])
"""

MEMFD = """
import errno, mmap, os
made, why = [], None
try:
    for i in range(25):
        fd = os.memfd_create(f'hoard{i}')
        made.append(fd)
        os.ftruncate(fd, 60 * 2**20)
        with mmap.mmap(fd, 60 * 2**20) as m:
            for off in range(0, 60 * 2**20, 4096):
                m[off] = 1
except OSError as exc:
    why = errno.errorcode.get(exc.errno, exc.errno)
for fd in made:
    os.close(fd)
seen = (len(made), why)
bounded = not made and why == 'EPERM'
"""

UNSHARE = """
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000
pid = os.fork()
if pid == 0:  # in a child, so that a failed defence leaves the kernel itself in its namespaces
    code = 3
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0:
        code = 4
        os.makedirs('/tmp/work/big', exist_ok=True)
        if libc.mount(b'none', b'/tmp/work/big', b'tmpfs', 0, b'size=12g') == 0:
            code = 5
            try:
                with open('/tmp/work/big/f', 'wb') as fh:
                    for _ in range(100):
                        fh.write(b'x' * 2**20)
                code = 6
            except OSError:
                pass
    elif ctypes.get_errno() == errno.EPERM:
        code = 2
    os._exit(code)
_, status = os.waitpid(pid, 0)
seen = os.waitstatus_to_exitcode(status)
bounded = seen == 2
"""

SYSCALLS = """
import ctypes, errno, os, signal
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
NR = {numbers!r}
NEW = {{'NEWNS': 0x20000, 'NEWCGROUP': 0x2000000, 'NEWUTS': 0x4000000, 'NEWIPC': 0x8000000, 'NEWUSER': 0x10000000,
       'NEWPID': 0x20000000, 'NEWNET': 0x40000000, 'NEWTIME': 0x80}}
seen = {{}}
def call(name, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(NR[name]), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    e = ctypes.get_errno()
    return r, errno.errorcode.get(e, e)
for flag, value in NEW.items():
    r, e = call('clone', value | int(signal.SIGCHLD), 0, 0, 0, 0)
    if r == 0:
        os._exit(0)  # a child in a new namespace: the defence failed, leave at once
    if r > 0:
        os.waitpid(r, 0)
    seen['clone ' + flag] = e if r < 0 else 'MADE'
seen['clone3'] = call('clone3', 0, 0)[1]
seen['mount'] = call('mount', b'none', b'/tmp/work', b'tmpfs', 0, 0)[1]
seen['umount2'] = call('umount2', b'/proc', 0)[1]
seen['pivot_root'] = call('pivot_root', b'/tmp', b'/tmp/work')[1]
child = os.fork()
if child == 0:
    import time
    time.sleep(30)
    os._exit(0)
seen['ptrace'] = call('ptrace', 16, child, 0, 0)[1]  # PTRACE_ATTACH its own child
os.kill(child, signal.SIGKILL)
os.waitpid(child, 0)
seen['keyctl'] = call('keyctl', 0, -3, 0)[1]  # KEYCTL_GET_KEYRING_ID of the session keyring
seen['add_key'] = call('add_key', b'user', b'omaha', b'x', 1, -3)[1]
seen['request_key'] = call('request_key', b'user', b'omaha', 0, 0)[1]
seen['bpf'] = call('bpf', 0, 0, 0)[1]
seen['perf_event_open'] = call('perf_event_open', 0, 0, -1, -1, 0)[1]
seen['userfaultfd'] = call('userfaultfd', 0)[1]
fd = os.open('/proc/self/ns/uts', os.O_RDONLY)
seen['setns'] = call('setns', fd, 0)[1]
os.close(fd)
seen['io_uring_setup'] = call('io_uring_setup', 4, 0)[1]
seen['process_vm_readv'] = call('process_vm_readv', os.getpid(), 0, 0, 0, 0, 0)[1]
seen['open_by_handle_at'] = call('open_by_handle_at', -100, 0, 0)[1]
seen['kexec_load'] = call('kexec_load', 0, 0, 0, 0)[1]
seen['init_module'] = call('init_module', 0, 0, b'')[1]
try:
    os.memfd_create('x')
    seen['memfd_create'] = 'MADE'
except OSError as exc:
    seen['memfd_create'] = errno.errorcode.get(exc.errno, exc.errno)
wrong = {{k: v for k, v in seen.items() if v != ('ENOSYS' if k == 'clone3' else 'EPERM')}}
seen = wrong
bounded = not wrong
"""

READS = """
import os, sys
seen = []
for path in ('/opt', '/home', '/sys', '/mnt', '/media', '/srv', {keys!r}, {other!r}, {other_folder!r},
             '/root/.ssh', '/etc/shadow', '/var', '/run'):
    if os.path.exists(path):
        seen.append(path)
if os.path.exists('/usr/local'):
    here = [os.path.join(r, d) for r, ds, _ in os.walk('/usr/local') for d in ds]
    allowed = [p for p in (sys.base_prefix, sys.prefix, os.path.realpath(sys.base_prefix))
               if p.startswith('/usr/local')]
    extra = [p for p in here if not any(p.startswith(a) or a.startswith(p) for a in allowed)]
    if extra:
        seen.append(('/usr/local', extra[:3]))
scratch = {scratch!r}
if os.path.isdir(scratch):
    mine = [n for n in os.listdir(scratch) if n.startswith('omaha-sub-')]
    if len(mine) > 1:
        seen.append(('other sandboxes', mine))
    for n in mine:
        inside = os.listdir(os.path.join(scratch, n))
        if inside != ['ipc']:
            seen.append((n, inside))
bounded = not seen
"""

SOCKETS = """
import errno, os
ipc = os.path.dirname(__import__('ipykernel.connect').connect.get_connection_file())
mine = os.stat(ipc).st_uid == os.getuid()  # a grader that is not root: the folder is its user's, and the kernel's
seen = []
try:
    with open(os.path.join(ipc, 'planted'), 'w') as fh:
        fh.write('x')
    seen.append('WROTE')
    os.unlink(os.path.join(ipc, 'planted'))
except OSError as exc:
    seen.append(errno.errorcode.get(exc.errno, exc.errno))
sockets = [n for n in os.listdir(ipc) if not n.endswith('.json')]
try:
    os.rename(os.path.join(ipc, sockets[0]), os.path.join(ipc, 'moved'))
    os.rename(os.path.join(ipc, 'moved'), os.path.join(ipc, sockets[0]))
    seen.append('MOVED')
except OSError as exc:
    seen.append(errno.errorcode.get(exc.errno, exc.errno))
seen.append(mine)
bounded = mine or seen[:2] == ['EACCES', 'EACCES']
"""

IDENTITY = """
import os
status = dict(line.split(':', 1) for line in open('/proc/self/status'))
caps = int(status['CapEff'].strip(), 16) | int(status['CapPrm'].strip(), 16) | int(status['CapBnd'].strip(), 16)
seen = (os.getuid(), os.geteuid(), os.getgid(), caps, status['NoNewPrivs'].strip(), status['Seccomp'].strip(),
        os.getgroups())
bounded = (os.getuid() != 0 and os.geteuid() != 0 and os.getgid() != 0 and caps == 0 and
           status['NoNewPrivs'].strip() == '1' and status['Seccomp'].strip() == '2')
"""


def _numbers() -> dict[str, int]:
    import pyseccomp

    names = ("clone", "clone3", "mount", "umount2", "pivot_root", "ptrace", "keyctl", "add_key", "request_key",
             "bpf", "perf_event_open", "userfaultfd", "setns", "io_uring_setup", "process_vm_readv",
             "open_by_handle_at", "kexec_load", "init_module")
    return {n: int(pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, n)) for n in names}


def _batch(hand: Path, scratch: Path) -> list[Path]:
    other = hand / "honest1" / "01_reading_hands.ipynb"
    return [
        write(hand, "honest1", RIGHT),
        write(hand, "sysctl", honest_unless("seen"), extra={"q1": SYSCTL}),
        write(hand, "memfd", honest_unless("seen"), extra={"q1": MEMFD}),
        write(hand, "unshare", honest_unless("seen"), extra={"q1": UNSHARE}),
        write(hand, "syscalls", honest_unless("seen"), extra={"q1": SYSCALLS.format(numbers=_numbers())}),
        write(hand, "reads", honest_unless("seen"),
              extra={"q1": READS.format(keys=str(KEYS), other=str(other), other_folder=str(other.parent),
                                        scratch=str(scratch))}),
        write(hand, "identity", honest_unless("seen"), extra={"q1": IDENTITY}),
        write(hand, "sockets", honest_unless("seen"), extra={"q1": SOCKETS}),
        write(hand, "honest2", RIGHT),
    ]


def _read_csv(path: Path) -> dict[str, dict[str, tuple[int, str, str]]]:
    got: dict[str, dict[str, tuple[int, str, str]]] = {}
    with path.open(newline="") as fh:
        for r in csv.DictReader(fh):
            got.setdefault(r["student"], {})[r["question"]] = (int(r["points"]), r["status"], r["feedback"])
    return got


def full(got: dict[str, tuple[int, str, str]]) -> bool:
    return {q: (p, s) for q, (p, s, _) in got.items()} == {q: (p, "graded") for q, p in FULL.items()}


# ----------------------------------------------------------------- as another user

def _test_user() -> pwd.struct_passwd:
    """The unprivileged user the second batch is graded as (made with useradd --system if missing)."""
    try:
        return pwd.getpwnam(USER)
    except KeyError:
        pass
    made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
                          capture_output=True, text=True)
    if made.returncode != 0:
        pytest.fail(f"cannot make the test user {USER} with useradd: {made.stderr.strip()}")
    return pwd.getpwnam(USER)


def _blocked(path: Path, uid: int) -> Path | None:
    """The outermost folder on the way to ``path`` that ``uid`` cannot pass (no search permission), or None."""
    for folder in [*reversed(path.parents), path]:
        st = folder.stat()
        if st.st_uid == uid:
            continue
        if not st.st_mode & stat.S_IXOTH:
            return folder
    return None


def _needed() -> list[Path]:
    """What the grader needs to read as the user: the interpreter, the venv and this checkout."""
    paths = [Path(sys.base_prefix).resolve(), Path(sys.prefix), Path(sys.executable).resolve().parent.parent, ROOT]
    out: list[Path] = []
    for p in paths:
        if not any(p == q or q in p.parents for q in out):
            out = [q for q in out if p not in q.parents] + [p]
    return out


def _as_user(user: pwd.struct_passwd, cmd: list[str], env: dict[str, str], tmp: Path) -> list[str]:
    """``cmd`` as ``user`` (runuser); where the interpreter or checkout sits behind a folder the user cannot
    pass (a 0700 ``/root``), in a private mount namespace (``unshare --mount``) in which that folder is a
    tmpfs holding only the needed folders, bound back in place: nothing on the host changes."""
    blocked: dict[Path, list[Path]] = {}
    for p in _needed():
        b = _blocked(p, user.pw_uid)
        if b is not None:
            blocked.setdefault(b, []).append(p)
    run = ["runuser", "-u", user.pw_name, "--", "env", "-i", *[f"{k}={v}" for k, v in env.items()], *cmd]
    if not blocked:
        return run
    if shutil.which("unshare") is None:
        pytest.fail(f"the user {user.pw_name} cannot reach {', '.join(map(str, blocked))} and util-linux's "
                    "unshare is missing: install util-linux, or make the interpreter, the venv and the checkout "
                    "readable by all (chmod o+x on each folder above them)")
    hold = tmp / "hold"  # mount points for the moves, in the private namespace only (removed with tmp)
    hold.mkdir(exist_ok=True)
    script = ["set -e", "mount --make-rprivate /"]
    n = 0
    for top, inside in blocked.items():
        if top in hold.parents:
            pytest.fail(f"{top} cannot be passed by {user.pw_name} and holds the test's folder: make it searchable (chmod o+x)")
        moves = []
        for p in inside:
            if p == top:
                pytest.fail(f"{p} itself cannot be read by {user.pw_name}: chmod o+rx it (and its files o+r)")
            (hold / str(n)).mkdir(exist_ok=True)
            script.append(f"mount --rbind '{p}' '{hold / str(n)}'")
            moves.append((hold / str(n), p))
            n += 1
        script.append(f"mount -t tmpfs -o mode=0755,size=1m omaha-view '{top}'")
        for src, dest in moves:
            script += [f"mkdir -p '{dest}'", f"mount --move '{src}' '{dest}'"]
    script.append('exec "$@"')
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", "\n".join(script), "sh", *run]


def _grade(tmp: Path, user: pwd.struct_passwd | None) -> dict[str, object]:
    """Grade the batch as root (``user`` None) or as ``user``; the submissions, TMPDIR and output all in ``tmp``."""
    hand, scratch, home, out = tmp / "in", tmp / "scratch", tmp / "home", tmp / "out"
    for d in (hand, scratch, home, out):
        d.mkdir(parents=True)
    subs = _batch(hand, scratch)
    csv_path = out / "scores.csv"
    cmd = [sys.executable, "-m", "omaha_learn.cli", "grade", "--keys", str(KEYS), "--csv", str(csv_path),
           "--sandbox", "bwrap", *FAST, *map(str, subs)]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch),
           "HOME": str(home), "LANG": "C.UTF-8"}
    if user is not None:
        for d in (tmp, hand, *hand.rglob("*")):
            d.chmod(0o755 if d.is_dir() else 0o644)
        for d in (scratch, home, out):
            os.chown(d, user.pw_uid, user.pw_gid)
        check = subprocess.run(_as_user(user, [sys.executable, "-c", "import omaha_learn.grading.sandbox, "
                                               "ipykernel, zmq, numpy"], env, tmp), capture_output=True, text=True)
        if check.returncode != 0:
            pytest.fail(f"the user {user.pw_name} cannot run the grader's Python ({sys.executable}, "
                        f"PYTHONPATH {ROOT}): {check.stderr.strip()[-600:]}")
        cmd = _as_user(user, cmd, env, tmp)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1500, env=env)
    assert csv_path.exists(), proc.stdout[-3000:] + proc.stderr[-3000:]
    return {"status": proc.returncode, "got": _read_csv(csv_path), "out": proc.stdout + proc.stderr,
            "scratch": scratch}


@pytest.fixture(scope="module", params=["root", "user"])
def attacked(request: pytest.FixtureRequest) -> Iterator[dict[str, object]]:
    if not _bwrap_works():
        pytest.skip("bubblewrap (bwrap) not available")
    if platform.machine() not in ("x86_64", "aarch64"):
        pytest.skip("the syscall attacks are written for x86-64 and arm64")
    as_root = request.param == "root"
    if os.geteuid() != 0 and as_root:
        pytest.skip("grading as root needs root (CI runs as root)")
    user = _test_user() if os.geteuid() == 0 and not as_root else None
    # outside pytest's folder (root's only) and $TMPDIR (perhaps private): /tmp, which every user can pass
    tmp = Path(tempfile.mkdtemp(prefix="omaha-attacks3-", dir="/tmp" if os.path.isdir("/tmp") else None))
    try:
        result = _grade(tmp, user)
        result["as"] = request.param
        yield result
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _show(got: dict[str, tuple[int, str, str]]) -> str:
    return "; ".join(f"{q}: {p} {s} {f[:300]}" for q, (p, s, f) in got.items() if p != FULL.get(q))


def test_everyone_is_listed_and_honest_learners_keep_full_marks(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert isinstance(got, dict)
    assert sorted(got) == sorted(["honest1", "sysctl", "memfd", "unshare", "syscalls", "reads", "identity",
                                  "sockets", "honest2"]), attacked["out"]
    assert full(got["honest1"]) and full(got["honest2"]), (got["honest1"], got["honest2"])


def test_the_host_kernel_settings_cannot_be_written(attacked: dict[str, object]) -> None:
    """core_pattern, file-max, panic_on_oops: a permission error as root and as a user; no /sys."""
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["sysctl"]), _show(got["sysctl"])


def test_the_kernel_runs_unprivileged(attacked: dict[str, object]) -> None:
    """Not root (a uid of its own under a root grader), no capabilities, no_new_privs, the seccomp filter."""
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["identity"]), _show(got["identity"])
    out = str(attacked["out"])
    if attacked["as"] == "root":
        assert "sandbox user: each submission runs as an unprivileged uid and gid of its own" in out
    else:
        assert "sandbox user: the grader's own unprivileged user" in out


def test_memfd_and_nested_namespaces_are_refused(attacked: dict[str, object]) -> None:
    """25 x 60 MB memfd: EPERM at the first; unshare(CLONE_NEWUSER | CLONE_NEWNS) for a tmpfs: EPERM."""
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["memfd"]), _show(got["memfd"])
    assert full(got["unshare"]), _show(got["unshare"])


def test_every_refused_system_call_fails(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["syscalls"]), _show(got["syscalls"])
    assert "refused by a seccomp filter: memfd_create, unshare" in str(attacked["out"])


def test_the_view_holds_only_what_a_kernel_needs(attacked: dict[str, object]) -> None:
    """No /opt, /usr/local beyond the interpreter, /home, /sys, keys, other learners or other sandboxes."""
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["reads"]), _show(got["reads"])


def test_the_memory_bound_is_announced(attacked: dict[str, object]) -> None:
    """With a memory cgroup the bound is the whole submission's; without one the start of the run says so."""
    out = str(attacked["out"])
    assert ("bounds: memory 1024 MB for the whole submission" in out
            or "not bounded here: memory as a sum over a submission's processes (no memory cgroup: " in out), out
    if "not bounded here: memory as a sum" in out:
        assert "memfd_create and new namespaces are refused by the seccomp filter" in out
    if attacked["as"] == "root":
        from omaha_learn.grading import cgroups

        assert ("for the whole submission" in out) == (cgroups.find("memory") is not None)


def test_a_root_graders_kernel_cannot_touch_its_socket_folder_once_started(attacked: dict[str, object]) -> None:
    """Under a root grader the socket folder is root's again once the kernel's sockets are made: no file can be
    added, renamed or replaced there (a socket swapped for a link to a host socket, say)."""
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["sockets"]), _show(got["sockets"])


def test_nothing_is_left_behind(attacked: dict[str, object]) -> None:
    assert list(Path(str(attacked["scratch"])).iterdir()) == []
    assert attacked["status"] == 0, str(attacked["out"])[-2000:]


# ----------------------------------------------------------------- the filter off: the cgroup alone

@needs_bwrap
@needs_root
def test_without_the_filter_the_memory_cgroup_ends_the_memfd_hoard_in_its_own_submission(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The second line of defence: memfd pages count in the submission's memory cgroup; past 1024 MB the
    out-of-memory killer ends that kernel only; --disable-userns alone refuses the nested namespace."""
    from omaha_learn.grading import cgroups, grader, sandbox

    if cgroups.find("memory") is None:
        pytest.fail(f"no memory cgroup can be made here as root: {cgroups.problem('memory')}")
    monkeypatch.setattr(sandbox, "_FEATURES", sandbox._Features(seccomp=False))
    hand = tmp_path / "in"
    subs = [write(hand, "honest1", RIGHT), write(hand, "memfd", honest_unless("seen"), extra={"q1": MEMFD}),
            write(hand, "unshare", {**RIGHT, "q1": 'answer_q1 = "4h 2c Tc 2d" if seen in (2, 3) else None'},
                  extra={"q1": UNSHARE}),
            write(hand, "honest2", RIGHT)]
    lines: list[str] = []
    records = grader.grade(subs, KEYS, sandbox="bwrap", jobs=2, cell_timeout=60, timeout=150, log=lines.append,
                           bounds=sandbox.Bounds(memory_mb=1024, disk_mb=64, processes=64))
    got: dict[str, dict[str, tuple[int, str]]] = {}
    for r in records:
        got.setdefault(r.student, {})[r.question] = (int(r.points), r.status)
    for who in ("honest1", "honest2"):
        assert got[who] == {q: (p, "graded") for q, p in FULL.items()}, got[who]
    assert got["memfd"]["q1"] == (0, "kernel-died"), got["memfd"]
    assert {q: p for q, (p, _) in got["memfd"].items() if q != "q1"} == {q: p for q, p in FULL.items() if q != "q1"}
    assert got["unshare"] == {q: (p, "graded") for q, p in FULL.items()}, got["unshare"]
    assert any("for the whole submission" in line for line in lines), lines


# ----------------------------------------------------------------- the parts, alone

FILTERED = """
import ctypes, errno, os, sys, threading
from omaha_learn.grading.seccomp_filter import bpf_program
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
program = bpf_program()
class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]
prog = SockFprog(len(program) // 8, program)
assert libc.prctl(38, 1, 0, 0, 0) == 0  # PR_SET_NO_NEW_PRIVS
assert libc.prctl(22, 2, ctypes.byref(prog), 0, 0) == 0, ctypes.get_errno()  # PR_SET_SECCOMP, FILTER
out = {}
try:
    os.memfd_create("x")
    out["memfd_create"] = "MADE"
except OSError as exc:
    out["memfd_create"] = errno.errorcode[exc.errno]
ctypes.set_errno(0)
out["unshare"] = (libc.unshare(0x10000000), errno.errorcode.get(ctypes.get_errno()))
ctypes.set_errno(0)
out["clone3"] = (libc.syscall(int(sys.argv[1]), 0, 0), errno.errorcode.get(ctypes.get_errno()))
pid = os.fork()  # a plain clone (no namespace flag) still works, and so do threads
if pid == 0:
    os._exit(7)
out["fork"] = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
t = threading.Thread(target=out.__setitem__, args=("thread", "ran"))
t.start()
t.join()
print(out)
"""


def test_the_filter_alone_refuses_memfd_namespaces_and_clone3_and_keeps_fork_and_threads() -> None:
    import pyseccomp

    clone3 = int(pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, "clone3"))
    done = subprocess.run([sys.executable, "-c", FILTERED, str(clone3)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == repr({"memfd_create": "EPERM", "unshare": (-1, "EPERM"),
                                        "clone3": (-1, "ENOSYS"), "fork": 7, "thread": "ran"})


def test_the_filter_names_every_call_the_issue_names() -> None:
    from omaha_learn.grading.seccomp_filter import CLONE_NEW_FLAGS, NOT_IMPLEMENTED, REFUSED, bpf_program

    named = ("memfd_create unshare mount umount2 pivot_root ptrace keyctl add_key request_key bpf perf_event_open "
             "userfaultfd setns kexec_load init_module finit_module open_by_handle_at process_vm_readv "
             "process_vm_writev io_uring_setup").split()
    assert set(named) <= set(REFUSED) and NOT_IMPLEMENTED == ("clone3",)
    assert {"CLONE_NEWUSER", "CLONE_NEWNS", "CLONE_NEWPID", "CLONE_NEWNET"} <= set(CLONE_NEW_FLAGS)
    program = bpf_program()
    assert program and len(program) % 8 == 0


@needs_root
def test_sandbox_uids_are_distinct_locked_and_given_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_learn.errors import SandboxError
    from omaha_learn.grading import identity

    monkeypatch.setenv(identity.RANGE_ENV, "1900100000-1900100001")
    a, b = identity.acquire(), identity.acquire()
    try:
        assert {a.uid, b.uid} == {1900100000, 1900100001} and a.gid == a.uid
        with pytest.raises(SandboxError, match="every sandbox uid in 1900100000-1900100001 is taken"):
            identity.acquire()
    finally:
        a.release()
    c = identity.acquire()
    assert c.uid == a.uid
    c.release()
    b.release()
    for bad in ("x-y", "5-1", "0-10", "1900000000-4000000000"):
        monkeypatch.setenv(identity.RANGE_ENV, bad)
        with pytest.raises(SandboxError, match=identity.RANGE_ENV):
            identity.uid_range()


def test_a_cgroup_path_is_found_under_its_mount() -> None:
    from omaha_learn.grading.cgroups import _under

    assert _under("/sys/fs/cgroup/memory", "/", "/process_api/x") == Path("/sys/fs/cgroup/memory/process_api/x")
    assert _under("/sys/fs/cgroup", "/docker/abc", "/docker/abc/sub") == Path("/sys/fs/cgroup/sub")
    assert _under("/sys/fs/cgroup", "/docker/abc", "/other") is None


@needs_bwrap
@needs_root
def test_a_root_grader_that_cannot_switch_uid_refuses_to_grade(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail closed: no uid of its own for the kernels (here: the only one in the range belongs to an account),
    no grading, and the reason is said, never a kernel started as root."""
    from omaha_learn.errors import SandboxError
    from omaha_learn.grading import identity, sandbox

    taken = pwd.getpwnam("nobody").pw_uid
    monkeypatch.setenv(identity.RANGE_ENV, f"{taken}-{taken}")
    monkeypatch.setattr(sandbox, "_PROBE", {})
    monkeypatch.setattr(sandbox, "_PROBE_WHY", {})
    with pytest.raises(SandboxError, match=f"every sandbox uid in {taken}-{taken} is taken.*--sandbox none"):
        sandbox.sandbox_kind("auto")


@needs_bwrap
@needs_root
def test_proc_sys_is_read_only_even_for_a_kernel_left_as_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Defence in depth: with the uid switch turned off (root inside the sandbox, as in the second round),
    /proc/sys is still mounted read-only, so the same writes fail with EROFS instead of succeeding."""
    from omaha_learn.grading import sandbox

    monkeypatch.setattr(sandbox, "_FEATURES", sandbox._Features(uid_switch=False))
    cell = SYSCTL + "\nanswer_q1 = ','.join(str(e) for _, e in seen[:3]) + ';' + str(os.getuid())"
    run = sandbox.run_plan([{"role": "answer", "source": cell, "question": "q1"},
                            {"role": "report", "question": "q1",
                             "source": "from omaha_learn.checks.questions import record_answer as report\n"
                                       "report('q1', answer_q1, 'text')"}],
                           timeout=90, cell_timeout=60, sandbox="bwrap")
    assert run["cells"] == {"q1": "ok"}, run
    assert run["reports"]["q1"]["answer"].upper() == "EROFS,EROFS,EROFS;0", run["reports"]  # text answers: lower case
