"""Attacks on ``omaha-learn grade``, second round: links, clean-up, bounds, host secrets, names, odd files.

One grader call under bubblewrap, with small bounds (``--memory-mb 1024
--disk-mb 16 --max-processes 64``), grades two honest learners beside:
links to the key (absolute, relative, a learner folder that is a link), a
FIFO and a dangling link named ``.ipynb``, links planted in the sandbox's
folder towards host folders, a tree 1,100 folders deep, writes past the
tmpfs caps, an allocation past the memory cap, a fork bomb, reads of the
host's secret files, names with escape codes or spreadsheet formulas, and a
cell of 300,000 newlines. Every attacker whose attack was stopped answers
right (the cells check their own outcome), so full marks mean "bounded".
Honest learners keep full marks, nothing is left in ``$TMPDIR``, and the host
folders the links point at keep their modes.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import nbformat
import pytest
from test_grading_attacks import write  # one way to write a learner's copy (tests/ is on sys.path)

from omaha_learn.grading.sandbox import _bwrap_works

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
KEY = KEYS / "01_reading_hands.ipynb"
COPY = ROOT / "exercises" / "01_reading_hands.ipynb"
RIGHT = {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
         "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'}
FULL = {"q1": 1, "q2": 2, "q3": 1, "q4": 2, "q5": 2, "q6": 1}
BOUNDS = ["--memory-mb", "1024", "--disk-mb", "16", "--max-processes", "64"]
FAST = ["--cell-timeout", "20", "--timeout", "90", "--jobs", "2", *BOUNDS]
ESCAPES = "evil\x1b[2K\x1b[1A\x1b]52;c;ZXZpbA==\x07"

needs_bwrap = pytest.mark.skipif(not _bwrap_works(), reason="bubblewrap (bwrap) not available")



def honest_unless(condition: str, q: str = "q1") -> dict[str, str]:
    """Right answers, except ``q`` which is right only if ``condition`` (Python, in the kernel) holds."""
    wrong = {"q1": '"Ah Kh Qh Jh"', "q2": '"Ah Kh"'}[q]
    right = RIGHT[q].split(" = ", 1)[1]
    return {**RIGHT, q: f"answer_{q} = {right} if ({condition}) else {wrong}"}


IPC = "os.path.dirname(__import__('ipykernel.connect').connect.get_connection_file())"

PLANT_LINKS = """
import os
here = {ipc}
os.symlink({victim!r}, os.path.join(here, 'x'))
os.symlink({victim!r}, os.path.join(here, 'y'))
os.makedirs(os.path.join(here, 'sub'))
os.symlink({victim!r}, os.path.join(here, 'sub', 'z'))
os.chmod(os.path.join(here, 'sub'), 0)
"""

DEEP = """
import os
os.chdir({ipc})
for i in range(1100):
    os.mkdir('d')
    os.chdir('d')
with open('f', 'wb') as fh:
    fh.write(b'x' * 4_000_000)
os.chdir('/tmp')
"""

TMPFS = """
import os
def fill(path):
    wrote = 0
    try:
        with open(path, 'wb') as fh:
            for _ in range(64):
                fh.write(b'x' * 2**20)
                wrote += 2**20
    except OSError:
        pass
    try:
        os.unlink(path)
    except OSError:
        pass
    return wrote
bounded = fill('/tmp/big') <= 16 * 2**20 and fill('/dev/shm/big') <= 16 * 2**20 and fill('/big') == 0
"""

MEMORY = """
try:
    hoard = bytearray(2 * 2**30)
    bounded = False
except MemoryError:
    bounded = True
hoard = None
"""

FORK_BOMB = """
import os, time
children = 0
try:
    for _ in range(400):
        pid = os.fork()
        if pid == 0:
            time.sleep(600)
            os._exit(0)
        children += 1
except OSError:
    pass
bounded = children < 64
"""

SECRETS = """
import glob
names = ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', '/etc/sudoers', '/etc/master.passwd',
         '/root/.ssh/id_rsa', '/etc/ssh/ssh_host_rsa_key', '/etc/ssh/ssh_host_ed25519_key']
found = []
for name in names + glob.glob('/etc/ssh/*') + glob.glob('/etc/sudoers.d/*'):
    try:
        found.append(open(name).readline())
    except OSError:
        pass
print(found)
bounded = not found
"""


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("attacks2")
    scratch = tmp / "scratch"  # the grader's $TMPDIR: empty again after the batch
    scratch.mkdir()
    victim = tmp / "victim"  # a host folder a learner's link points at
    victim.mkdir()
    victim.chmod(0o755)
    sticky = tmp / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    hand = tmp / "in"
    subs = [write(hand, "honest1", RIGHT)]
    # a link to the key, absolute and relative; a learner folder that is a link to the keys
    for who, target in (("keylink", KEY), ("rellink", Path(os.path.relpath(KEY, hand / "rellink")))):
        (hand / who).mkdir(parents=True)
        (hand / who / "01_reading_hands.ipynb").symlink_to(target)
        subs.append(hand / who / "01_reading_hands.ipynb")
    (hand / "dirlink").symlink_to(KEYS, target_is_directory=True)
    subs.append(hand / "dirlink" / "01_reading_hands.ipynb")
    # a FIFO and a dangling link named .ipynb
    (hand / "fifo").mkdir()
    os.mkfifo(hand / "fifo" / "01_reading_hands.ipynb")
    (hand / "dangling").mkdir()
    (hand / "dangling" / "01_reading_hands.ipynb").symlink_to(tmp / "nowhere.ipynb")
    subs += [hand / "fifo" / "01_reading_hands.ipynb", hand / "dangling" / "01_reading_hands.ipynb"]
    subs += [
        write(hand, "links", RIGHT, extra={"q1": PLANT_LINKS.format(ipc=IPC, victim=str(victim))
                                           + PLANT_LINKS.format(ipc=IPC, victim=str(sticky)).replace(
                                               "'x'", "'x2'").replace("'y'", "'y2'").replace("'sub'", "'sub2'")}),
        write(hand, "deep", RIGHT, extra={"q1": DEEP.format(ipc=IPC)}),
        write(hand, "tmpfs", honest_unless("bounded"), extra={"q1": TMPFS}),
        write(hand, "memory", honest_unless("bounded"), extra={"q1": MEMORY}),
        write(hand, "forkbomb", honest_unless("bounded"), extra={"q1": FORK_BOMB}),
        write(hand, "secrets", honest_unless("bounded"), extra={"q1": SECRETS}),
        write(hand, ESCAPES, RIGHT),
        write(hand, "=HYPERLINK(1)", RIGHT),
        write(hand, "newlines", RIGHT, extra={"q2": "\n" * 300_000}),
        write(hand, "honest2", RIGHT),
    ]
    csv_path = tmp / "scores.csv"
    proc = subprocess.run([sys.executable, "-m", "omaha_learn.cli", "grade", "--keys", str(KEYS), "--csv",
                           str(csv_path), "--sandbox", "bwrap", *FAST, *map(str, subs)],
                          capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch)})
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    got: dict[str, dict[str, tuple[int, str, str]]] = {}
    for r in rows:
        got.setdefault(r["student"], {})[r["question"]] = (int(r["points"]), r["status"], r["feedback"])
    return {"status": proc.returncode, "got": got, "out": proc.stdout + proc.stderr, "scratch": scratch,
            "modes": {victim: victim.stat().st_mode & 0o7777, sticky: sticky.stat().st_mode & 0o7777}}


def full(got: dict[str, tuple[int, str, str]]) -> bool:
    return {q: (p, s) for q, (p, s, _) in got.items()} == {q: (p, "graded") for q, p in FULL.items()}


@needs_bwrap
def test_everyone_is_listed_and_honest_learners_keep_full_marks(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert isinstance(got, dict)
    assert len(got) == 16, sorted(got)
    assert full(got["honest1"]) and full(got["honest2"])
    assert attacked["status"] == 1  # the unreadable files need a look


@needs_bwrap
def test_links_fifos_and_dangling_links_are_unreadable_rows(attacked: dict[str, object]) -> None:
    """R1-R6 of the key stay the key's: a link to it scores nothing, and one odd file does not stop the batch."""
    got = attacked["got"]
    assert isinstance(got, dict)
    for who, why in (("keylink", "symbolic link"), ("rellink", "symbolic link"), ("dirlink", "symbolic link"),
                     ("fifo", "FIFO"), ("dangling", "symbolic link")):
        rows = got[who]
        assert {s for _, s, _ in rows.values()} == {"unreadable"}, who
        assert {p for p, _, _ in rows.values()} == {0}, who
        assert all(why in f for _, _, f in rows.values()), (who, rows)


@needs_bwrap
def test_planted_links_are_never_followed_and_nothing_is_left(attacked: dict[str, object]) -> None:
    modes = attacked["modes"]
    assert isinstance(modes, dict)
    assert sorted(modes.values()) == [0o755, 0o1777]
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["links"]) and full(got["deep"])
    assert list(Path(str(attacked["scratch"])).iterdir()) == []


@needs_bwrap
def test_bounds_hold_and_are_announced(attacked: dict[str, object]) -> None:
    """tmpfs sizes, memory, processes: each attacker answers q1 right only if its attack was stopped."""
    got = attacked["got"]
    assert isinstance(got, dict)
    for who in ("tmpfs", "memory", "forkbomb"):
        assert full(got[who]), (who, got[who])
    out = str(attacked["out"])
    assert "bwrap --size" in out and "RLIMIT_AS" in out and "1024 MB" in out
    assert "processes" in out


@needs_bwrap
def test_host_secrets_are_not_there(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert isinstance(got, dict)
    assert full(got["secrets"])


@needs_bwrap
def test_names_are_data(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert isinstance(got, dict)
    out = str(attacked["out"])
    assert "\x1b" not in out and "\x07" not in out
    assert "evil?[2K?[1A?]52;c;ZXZpbA==?" in got and full(got["evil?[2K?[1A?]52;c;ZXZpbA==?"])
    assert "'=HYPERLINK(1)" in got and full(got["'=HYPERLINK(1)"])


@needs_bwrap
def test_an_oversized_cell_is_unreadable_with_its_reason(attacked: dict[str, object]) -> None:
    got = attacked["got"]
    assert isinstance(got, dict)
    assert {s for _, s, _ in got["newlines"].values()} == {"unreadable"}
    assert all("longer than" in f for _, _, f in got["newlines"].values())


def test_answer_lines_are_found_in_linear_time() -> None:
    """A cell of newlines and blanks once took the regex quadratic time; this search ends at once."""
    from omaha_learn.grading.grader import ANSWER_RE

    text = "\n" * 150_000 + " \t\n" * 20_000 + "answer_q3 = 'flush'"
    m = ANSWER_RE.search(text)
    assert m is not None and m.group(1) == "q3"
    assert ANSWER_RE.search(" " * 100_000 + "\n" * 100_000) is None


def test_without_bubblewrap_grading_is_refused_unless_asked(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    from omaha_learn import cli
    from omaha_learn.grading import sandbox

    monkeypatch.setitem(sandbox._PROBE, "bwrap", False)
    sub = write(tmp_path, "ann", RIGHT)
    err = io.StringIO()
    with redirect_stderr(err):
        assert cli.main(["grade", "--keys", str(KEYS), str(sub)]) == 2
    text = err.getvalue()
    assert "bubblewrap" in text and "apt-get install bubblewrap" in text and "--sandbox none" in text


def test_no_sandbox_on_a_cluster_needs_trusted_learners(tmp_path: Path) -> None:
    from omaha_learn import cli
    from omaha_learn.errors import SandboxError
    from omaha_learn.grading.grader import check_sandbox

    sub = write(tmp_path, "ann", RIGHT)
    err = io.StringIO()
    with redirect_stderr(err):
        assert cli.main(["grade", "--keys", str(KEYS), "--scheduler", "tcp://127.0.0.1:1", "--sandbox", "none",
                         str(sub)]) == 2
    assert "--trusted-learners" in err.getvalue()
    with pytest.raises(SandboxError):
        check_sandbox("none", "tcp://127.0.0.1:1")
    assert check_sandbox("none", "tcp://127.0.0.1:1", trusted_learners=True) == "none"
    assert check_sandbox("auto", "tcp://127.0.0.1:1") == "bwrap"  # the workers must use bubblewrap


def test_a_learner_named_report_never_takes_the_report_in_the_feedback_folder(tmp_path: Path) -> None:
    """The report, CSV and gradebook are reserved names: a learner called "report" gets report-2.html."""
    from omaha_learn import cli

    sub = write(tmp_path, "report", RIGHT)
    fb = tmp_path / "fb"
    fb.mkdir()
    with redirect_stdout(io.StringIO()):
        assert cli.main(["grade", "--keys", str(KEYS), "--feedback", str(fb), "--report", str(fb / "report.html"),
                         "--sandbox", "none", "--student-from", "folder", str(sub)]) == 0
    assert "Class report" in (fb / "report.html").read_text(encoding="utf-8")
    assert "Feedback for report" in (fb / "report-2.html").read_text(encoding="utf-8")


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(tmp_path: Path) -> None:
    from omaha_learn.grading.grader import write_csv
    from omaha_learn.grading.records import QuestionRecord

    out = tmp_path / "s.csv"
    write_csv([QuestionRecord(name, "01_reading_hands", "q1", 0, 1, "graded", feedback="-1")
               for name in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "ann")], out)
    rows = list(csv.DictReader(out.open(newline="")))
    assert [r["student"][0] for r in rows[:4]] == ["'"] * 4 and rows[-1]["student"] == "ann"
    assert [r["student"] for r in rows[4:6]] == ["' x", "'?x"]  # no tab or CR left, and marked as text
    assert all(r["feedback"] == "'-1" for r in rows)


def test_a_leftover_the_clean_up_cannot_remove_is_flagged_and_named(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    """Where removal fails (e.g. as a user, a folder it cannot change), the run needs a look: cleanup-failed."""
    from omaha_learn.grading import grader, sandbox
    from omaha_learn.grading.cleanup import remove_tree

    monkeypatch.setattr(sandbox, "_remove", lambda folder: remove_tree(folder) or [f"{folder}/stuck"])
    kind = "bwrap" if _bwrap_works() else "none"
    records = grader.grade([write(tmp_path, "ann", RIGHT)], KEYS, sandbox=kind, jobs=1, cell_timeout=20,
                           timeout=90)
    assert {r.status for r in records} == {"cleanup-failed"}
    assert all(re.search(r"omaha-sub-\w+/stuck", r.feedback) for r in records)
    assert sum(r.points for r in records) == sum(FULL.values())


def test_the_clean_up_never_follows_links_and_handles_any_depth(tmp_path: Path) -> None:
    from omaha_learn.grading.cleanup import remove_tree

    victim = tmp_path / "victim"
    victim.mkdir()
    victim.chmod(0o755)
    (victim / "keep").write_text("x")
    top = tmp_path / "sub"
    top.mkdir()
    fd = os.open(top, os.O_RDONLY)
    for _ in range(1200):  # deeper than Python's recursion limit, made one level at a time
        os.mkdir("d", dir_fd=fd)
        child = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = child
    os.symlink(victim, "link", dir_fd=fd)
    os.close(fd)
    (top / "link").symlink_to(victim)
    (top / "locked").mkdir(mode=0)
    assert remove_tree(top) == []
    assert not top.exists() and (victim / "keep").exists() and victim.stat().st_mode & 0o7777 == 0o755


def test_assessed_copies_carry_no_right_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Copies for marked work: self-checks of form only, no checker import, no digest anywhere in the copy."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_learner_copies
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert make_learner_copies.main(["--assessed", str(tmp_path)]) == 0
    copies = sorted(tmp_path.glob("*.ipynb"))
    assert [p.name for p in copies] == sorted(p.name for p in KEYS.glob("*.ipynb"))
    for path in copies:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"[0-9a-f]{64}", text), path.name
        assert not re.search(r"omaha_learn\.checks\.(?!questions\b)\w+ import", text), path.name
        assert "check_form(" in text and "BEGIN SOLUTION" not in text
    nb = nbformat.read(tmp_path / "01_reading_hands.ipynb", as_version=4)
    capsys.readouterr()
    scope: dict[str, object] = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            source = RIGHT.get(cell.metadata.get("omaha_learn", {}).get("question", ""), cell.source) \
                if "answer" in cell.metadata.get("tags", []) else cell.source
            exec(source, scope)  # noqa: S102 - the copy's own cells
    out = capsys.readouterr().out
    assert "q1: answer recorded as" in out and "correct" not in out


def test_assessed_copies_say_what_their_check_does_and_have_the_rules_beside_them(tmp_path: Path) -> None:
    """Issue 30 (7): no "the check shows `correct` in green" in a copy whose check never says right or wrong,
    and its rule links open ``rules.md`` in its own folder (``../docs/rules.md`` is not beside it)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_learner_copies
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    out = tmp_path / "assessed"
    assert make_learner_copies.main(["--assessed", str(out)]) == 0
    rules = (out / "rules.md").read_text(encoding="utf-8")
    assert rules == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    headings = {m.lower() for m in re.findall(r"^#+ (R\d+)\b", rules, re.M)}
    for path in sorted(out.glob("*.ipynb")):
        text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
        assert "`correct`" not in text and "green" not in text and "in red" not in text, path.name
        assert "never whether it is right" in text and "`rules.md` beside this notebook" in text, path.name
        links = re.findall(r"\]\(([^)#]*rules\.md)#(r\d+)\)", text)
        assert links and {target for target, _ in links} == {"rules.md"}, path.name
        assert {anchor for _, anchor in links} <= headings, path.name   # every link names a rule that is there
        assert (path.parent / "rules.md").is_file()
    practice = (ROOT / "exercises" / "01_reading_hands.ipynb").read_text(encoding="utf-8")
    assert "`correct` in green" in practice and "../docs/rules.md#r1" in practice   # practice copies unchanged


AS_A_USER = """
import os, sys
from omaha_learn.grading.cleanup import remove_tree
top, victim, owned = sys.argv[1:4]
os.setgid(65534)
os.setuid(65534)
os.symlink(victim, os.path.join(top, "link"))  # a folder this user cannot change
fd = os.open(top, os.O_RDONLY)
for _ in range(1100):
    os.mkdir("d", dir_fd=fd)
    child = os.open("d", os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = child
os.close(fd)
print(remove_tree(top))
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run the clean-up as another user")
def test_as_a_user_the_clean_up_names_what_it_cannot_remove_and_never_raises() -> None:
    """A link to a folder the user cannot change is only unlinked; a folder it cannot empty is named, not raised."""
    tmp_path = Path(tempfile.mkdtemp(prefix="omaha-test-user-"))  # outside pytest's folder, which is root's only
    try:
        _as_a_user(tmp_path)
    finally:
        shutil.rmtree(tmp_path)


def _as_a_user(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    victim.chmod(0o755)
    top = tmp_path / "sub"
    top.mkdir()
    owned = top / "roots"  # inside the tree but not the user's: cannot be emptied
    owned.mkdir()
    (owned / "file").write_text("x")
    os.chown(top, 65534, 65534)
    tmp_path.chmod(0o755)
    proc = subprocess.run([sys.executable, "-c", AS_A_USER, str(top), str(victim), str(owned)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == repr([str(owned / "file"), str(owned)]), proc.stdout
    assert victim.stat().st_mode & 0o7777 == 0o755
    assert sorted(p.name for p in top.iterdir()) == ["roots"]  # the link and the deep tree are gone
