"""``omaha-learn export-nbgrader``: the exercises as an nbgrader course source.

Structure tests read the exported notebooks against the keys they came from
(and nbgrader's own metadata validator when nbgrader is installed). The slow
test runs REAL nbgrader on one exercise: ``generate_assignment``, collected
submissions (right, wrong, and attacks that once talked nbgrader's in-kernel
tests into full marks), ``omaha-learn grade --nbgrader``, then reads nbgrader's
gradebook through its API and runs ``generate_feedback``.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from omaha_learn.checks import exercise
from omaha_learn.cli import main
from omaha_learn.errors import OmahaLearnError
from omaha_learn.grading.nbgrader_export import (
    NbgraderExportError,
    export_nbgrader,
    nbgrader_notebook,
)

ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
LEARNER = ROOT / "exercises"
EXERCISE = "01_reading_hands"
SOLUTION = re.compile(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION", re.S)
HEX64 = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])")
"""A sha256 digest, as an answer's digest would be written."""


def _src(cell: dict) -> str:
    s = cell["source"]
    return "".join(s) if isinstance(s, list) else s


def _load(p: Path) -> dict:
    return json.loads(p.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("course")
    export_nbgrader(KEYS, out)
    return out


def test_one_assignment_per_key_with_rules(exported: Path) -> None:
    keys = sorted(p.stem for p in KEYS.glob("*.ipynb"))
    assert sorted(p.name for p in (exported / "source").iterdir()) == keys
    for k in keys:
        folder = exported / "source" / k
        assert sorted(p.name for p in folder.iterdir()) == sorted([f"{k}.ipynb", "rules.md"])
        assert (folder / "rules.md").read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()
    assert 'c.ClearSolutions.code_stub = {"python": ""}' in (exported / "nbgrader_config.py").read_text()


@pytest.mark.parametrize("key_path", sorted(KEYS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_cells_carry_nbgrader_metadata_and_points(exported: Path, key_path: Path) -> None:
    key = _load(key_path)
    nb = _load(exported / "source" / key_path.stem / key_path.name)
    key_cells = {c["id"]: c for c in key["cells"]}
    points = 0
    ids = set()
    for cell in nb["cells"]:
        meta = cell["metadata"]["nbgrader"]
        assert meta["schema_version"] == 3 and re.fullmatch(r"[A-Za-z0-9_-]+", meta["grade_id"])
        assert meta["grade_id"] not in ids
        ids.add(meta["grade_id"])
        tags = cell["metadata"].get("tags", [])
        if "checker" in tags:
            qid = cell["metadata"]["omaha_learn"]["question"]
            # a locked, ungraded check of the answer's form: no digest, no answer, no test of the answer
            assert meta == {"grade": False, "solution": False, "locked": True, "grade_id": f"{qid}-check",
                            "schema_version": 3}
            q = exercise(key["metadata"]["omaha_learn"]["exercise"]).questions[qid]
            assert _src(cell) == ("from omaha_learn.checks.questions import check_form\n"
                                  f"check_form({qid!r}, globals().get('answer_{qid}'), {q.kind!r})\n")
            assert cell["outputs"] == [] and (not q.digest or q.digest not in json.dumps(nb))  # dealt: no digest
        elif "answer" in tags:
            qid = cell["metadata"]["omaha_learn"]["question"]
            # a manually graded answer cell worth the question's points: omaha-learn grade --nbgrader marks it
            pts = next(c for c in key["cells"] if "checker" in c["metadata"].get("tags", [])
                       and c["metadata"]["omaha_learn"]["question"] == qid)["metadata"]["omaha_learn"]["points"]
            assert meta == {"grade": True, "solution": True, "locked": False, "grade_id": f"{qid}-answer",
                            "points": pts, "schema_version": 3}
            assert _src(cell) == f"answer_{qid} = None  # your answer: replace None\n" + _src(key_cells[cell["id"]])
            points += meta["points"]
        else:
            assert meta["locked"] and not meta["grade"] and not meta["solution"]
            if cell["cell_type"] == "markdown":
                assert "docs/rules.md" not in _src(cell)
                assert _src(cell) == _src(key_cells[cell["id"]]).replace("../../docs/rules.md", "rules.md")
    assert points == key["metadata"]["omaha_learn"]["max_points"]
    # no digest (a 64-hex string) anywhere in the exported notebook, and no switch
    assert len(nb["cells"]) == len(key["cells"]) and "OMAHA_LEARN_STRICT" not in json.dumps(nb)
    assert not HEX64.search(json.dumps(nb)) and "HIDDEN TESTS" not in json.dumps(nb)


def test_nbgraders_own_validator_accepts_the_notebooks(exported: Path) -> None:
    pytest.importorskip("nbgrader")
    import nbformat
    from nbgrader.nbgraderformat import MetadataValidator

    validator = MetadataValidator()
    for p in sorted((exported / "source").glob("*/*.ipynb")):
        validator.validate_nb(nbformat.read(p, as_version=4))


def test_existing_config_is_kept_and_notebooks_replaced(tmp_path: Path) -> None:
    (tmp_path / "nbgrader_config.py").write_text("c = get_config()\n# the teacher's own\n")
    stale = tmp_path / "source" / EXERCISE / f"{EXERCISE}.ipynb"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}")
    written = export_nbgrader(KEYS, tmp_path)
    assert (tmp_path / "nbgrader_config.py").read_text().endswith("the teacher's own\n")
    assert tmp_path / "nbgrader_config.py" not in written and stale in written
    assert _load(stale)["cells"]


def _key(tmp_path: Path, mutate) -> Path:  # type: ignore[no-untyped-def]
    keys = tmp_path / "keys"
    keys.mkdir()
    nb = _load(KEYS / f"{EXERCISE}.ipynb")
    mutate(nb)
    (keys / f"{EXERCISE}.ipynb").write_text(json.dumps(nb))
    return keys


def _drop_tag(tag: str):  # type: ignore[no-untyped-def]
    def mutate(nb: dict) -> None:
        for c in nb["cells"]:
            c["metadata"]["tags"] = [t for t in c["metadata"].get("tags", []) if t != tag]
    return mutate


def _unsolve(nb: dict) -> None:
    for c in nb["cells"]:
        if "answer" in c["metadata"].get("tags", []):
            c["source"] = "answer_q1 = None\n"
            return


@pytest.mark.parametrize("mutate,match", [
    (_drop_tag("checker"), "no checker cells"),
    (_drop_tag("setup"), "no setup cell"),
    (lambda nb: [c.update(source='### BEGIN SOLUTION\nanswer_q6 = 7\n### END SOLUTION\n') for c in nb["cells"]
                 if c["metadata"].get("omaha_learn", {}).get("question") == "q6"
                 and "answer" in c["metadata"].get("tags", [])], "the key's answer to q6 cannot be read"),
    (_unsolve, "one ### BEGIN/END SOLUTION block"),
    (lambda nb: next(c for c in nb["cells"] if "checker" in c["metadata"].get("tags", []))["metadata"][
        "omaha_learn"].pop("points"), "needs omaha_learn.question and points"),
])
def test_bad_keys_raise_before_anything_is_written(tmp_path: Path, mutate, match: str) -> None:  # type: ignore[no-untyped-def]
    keys = _key(tmp_path, mutate)
    out = tmp_path / "course"
    with pytest.raises(NbgraderExportError, match=match):
        export_nbgrader(keys, out)
    assert not out.exists()


def test_bad_folders_raise_export_errors(tmp_path: Path) -> None:
    assert issubclass(NbgraderExportError, OmahaLearnError)
    with pytest.raises(NbgraderExportError, match="keys_dir: .* is not a folder"):
        export_nbgrader(tmp_path / "nope", tmp_path / "out")
    (tmp_path / "empty").mkdir()
    with pytest.raises(NbgraderExportError, match="keys_dir: no .ipynb keys"):
        export_nbgrader(tmp_path / "empty", tmp_path / "out")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.ipynb").write_text("not json")
    with pytest.raises(NbgraderExportError, match="keys_dir: cannot read x.ipynb"):
        export_nbgrader(tmp_path / "bad", tmp_path / "out")
    (tmp_path / "file").write_text("")
    with pytest.raises(NbgraderExportError, match="out_dir: .* is a file"):
        export_nbgrader(KEYS, tmp_path / "file")
    with pytest.raises(NbgraderExportError, match="cell 0 is not a notebook cell"):
        nbgrader_notebook({"cells": [3]}, "x")
    assert not (tmp_path / "out").exists()


def test_cli_export_nbgrader(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export-nbgrader", str(tmp_path / "c"), "--keys", str(KEYS)]) == 0
    out = capsys.readouterr().out
    keys = len(list(KEYS.glob("*.ipynb")))
    assert f"wrote {keys} assignments" in out and "nbgrader generate_assignment" in out and "--force" in out
    assert (tmp_path / "c" / "source" / EXERCISE / f"{EXERCISE}.ipynb").is_file()
    assert main(["export-nbgrader", str(tmp_path / "c"), "--keys", str(tmp_path / "none")]) == 2
    assert "keys_dir:" in capsys.readouterr().err


def test_export_into_a_closed_pipe_ends_without_a_traceback(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """`omaha-learn export-nbgrader DIR | head -1`: the reader leaves; no BrokenPipeError traceback."""
    sink = (tmp_path / "sink").open("w")

    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return sink.fileno()

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["export-nbgrader", str(tmp_path / "c"), "--keys", str(KEYS)]) == 141
    sink.close()


# ------------------------------------------------------------------ real nbgrader

def _answers() -> dict[str, str]:
    """The key's answer lines, by question."""
    out = {}
    for c in _load(KEYS / f"{EXERCISE}.ipynb")["cells"]:
        if "answer" in c["metadata"].get("tags", []):
            m = SOLUTION.search(_src(c))
            assert m is not None
            out[c["metadata"]["omaha_learn"]["question"]] = m.group(1)
    return out


RIGHT = _answers()
WRONG = {**RIGHT, "q2": 'answer_q2 = "Ah 9s"\n', "q5": 'answer_q5 = "full house"\n'}   # R2, R4 traps
del WRONG["q6"]                                                                         # left unanswered


def _fill(nb: dict, answers: dict[str, str], qid_of) -> dict:  # type: ignore[no-untyped-def]
    nb = json.loads(json.dumps(nb))
    for c in nb["cells"]:
        q = qid_of(c)
        if q and q in answers:
            c["source"] = answers[q]
    return nb


def _env() -> dict[str, str]:
    venv_bin = str(Path(sys.executable).parent)  # nbgrader runs its database migrations with `alembic`
    return {**os.environ, "PATH": venv_bin + os.pathsep + os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=600)


def _nbgrader_points(course: Path, students: tuple[str, ...]) -> dict[str, dict[str, float]]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        return {s: {g.name.removesuffix("-answer"): g.score
                    for g in gb.find_submission_notebook(EXERCISE, EXERCISE, s).grades}
                for s in students}


FAKE_MODULE = ("import os, sys\n"
               "os.makedirs('omaha_learn/checks', exist_ok=True)\n"
               "open('omaha_learn/__init__.py', 'w').close()\n"
               "open('omaha_learn/checks/__init__.py', 'w').close()\n"
               "open('omaha_learn/checks/hidden_tests.py', 'w').write("
               "'def assert_answer(*a, **k):\\n    print(\"correct\")\\n')\n"
               "open('omaha_learn/checks/questions.py', 'w').write("
               "'def record_answer(*a, **k):\\n    print(\"correct\")\\n"
               "def check_form(*a, **k):\\n    print(\"correct\")\\nREPORT_PREFIX = \"\"\\n')\n"
               "sys.path.insert(0, os.getcwd())\n"
               "for _m in [m for m in sys.modules if m.startswith('omaha_learn')]:\n"
               "    del sys.modules[_m]\n"
               "answer_q1 = None\n")
CHEATS = {  # each answers nothing and attacks the marking instead (issue: nbgrader talked into full marks)
    "env": 'import os\nos.environ["OMAHA_LEARN_STRICT"] = "0"\nfor _k in list(os.environ):\n'
           '    os.environ[_k] = "0"\nanswer_q1 = None\n',
    "assert": ("import omaha_learn.checks.questions as Q\n"
               "Q.normalise = lambda kind, value: 'x'\nQ.Exercise.check = lambda self, qid, answer: None\n"
               "Q.check_form = lambda *a, **k: print('correct')\n"
               "import sys, types\nH = types.ModuleType('omaha_learn.checks.hidden_tests')\n"
               "H.assert_answer = lambda *a, **k: print('ok')\nsys.modules[H.__name__] = H\n"
               "list = lambda x: []\nanswer_q1 = None\n"),
    "hashlib": ("import hashlib\nclass Yes(str):\n    def __eq__(self, other):\n        return True\n"
                "    def __ne__(self, other):\n        return False\n    __hash__ = str.__hash__\n"
                "class H:\n    def __init__(self, *a, **k):\n        pass\n    def update(self, *a):\n        pass\n"
                "    def hexdigest(self):\n        return Yes('0' * 64)\n"
                "hashlib.sha256 = H\nanswer_q1 = None\n"),
    "fake-module": FAKE_MODULE,
}
STAMP = "2026-12-01 10:00:00.000000 UTC"


def _our_points(tmp_path: Path, student: str, answers: dict[str, str]) -> dict[str, float]:
    """``omaha-learn grade`` on a learner copy with the same answers (outside nbgrader)."""
    learner = _load(LEARNER / f"{EXERCISE}.ipynb")
    nb = _fill(learner, answers, lambda c: c["metadata"].get("omaha_learn", {}).get("question")
               if "answer" in c["metadata"].get("tags", []) else None)
    sub = tmp_path / "handed_in" / student / f"{EXERCISE}.ipynb"
    sub.parent.mkdir(parents=True)
    sub.write_text(json.dumps(nb))
    out = tmp_path / f"{student}.csv"
    r = _run([sys.executable, "-m", "omaha_learn.cli", "grade", "--keys", str(KEYS), "--csv", str(out), str(sub)],
             tmp_path)
    assert out.is_file(), r.stdout + r.stderr
    with out.open(newline="", encoding="utf-8") as fh:
        return {row["question"]: float(row["points"]) for row in csv.DictReader(fh)}


@pytest.mark.slow
def test_real_nbgrader_course_is_marked_by_our_sandbox_and_cannot_be_talked_into_marks(tmp_path: Path) -> None:
    """Export, nbgrader generate_assignment, collected submissions, grade --nbgrader, nbgrader's own gradebook."""
    pytest.importorskip("nbgrader")
    from omaha_learn.grading.sandbox import _bwrap_works

    if shutil.which("nbgrader", path=_env()["PATH"]) is None:
        pytest.skip("the nbgrader command is not on PATH")
    course = tmp_path / "course"
    export_nbgrader(KEYS, course)
    for source in (course / "source").glob("*/*.ipynb"):   # no digest anywhere in the course's notebooks
        assert not HEX64.search(source.read_text(encoding="utf-8")), source
    r = _run(["nbgrader", "generate_assignment", EXERCISE, "--force"], course)
    release = course / "release" / EXERCISE / f"{EXERCISE}.ipynb"
    assert release.is_file(), r.stdout + r.stderr
    released = _load(release)
    text = json.dumps(released)
    assert not HEX64.search(text) and "BEGIN SOLUTION" not in text and '"4h 2c Tc 2d"' not in text
    assert "HIDDEN TESTS" not in text and "assert_answer" not in text and "hidden_tests" not in text
    answer_cells = [_src(c) for c in released["cells"] if c["metadata"]["nbgrader"].get("solution")]
    assert answer_cells[0].strip() == "answer_q1 = None  # your answer: replace None"

    def qid(c: dict) -> str | None:
        g = c["metadata"].get("nbgrader", {})
        return g["grade_id"].removesuffix("-answer") if g.get("solution") else None

    cheats = {f"cheat-{k}": {**{q: "" for q in RIGHT}, "q1": v} for k, v in CHEATS.items()}
    cheats["cheat-beside"] = {q: "" for q in RIGHT}
    for student, answers in (("right", RIGHT), ("wrong", WRONG), *cheats.items()):
        folder = course / "submitted" / student / EXERCISE
        folder.mkdir(parents=True)
        (folder / f"{EXERCISE}.ipynb").write_text(json.dumps(_fill(released, answers, qid)))
        (folder / "timestamp.txt").write_text(STAMP)
    fake = course / "submitted" / "cheat-beside" / EXERCISE / "omaha_learn"   # a fake package handed in beside
    (fake / "checks").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "checks" / "__init__.py").write_text("")
    (fake / "checks" / "questions.py").write_text("def record_answer(*a, **k):\n    print('correct')\n")
    sandbox = "bwrap" if _bwrap_works() else "none"
    r = _run([sys.executable, "-m", "omaha_learn.cli", "grade", "--nbgrader", str(course), "--sandbox", sandbox,
              "--csv", str(tmp_path / "scores.csv")], tmp_path)
    assert "wrote the marks of 7 notebook(s)" in r.stdout, r.stdout + r.stderr
    students = ("right", "wrong", *cheats)
    theirs = _nbgrader_points(course, students)
    assert theirs["right"] == {"q1": 1, "q2": 2, "q3": 1, "q4": 2, "q5": 2, "q6": 1}, r.stdout + r.stderr
    assert theirs["wrong"] == {"q1": 1, "q2": 0, "q3": 1, "q4": 2, "q5": 0, "q6": 0}
    for cheat in cheats:   # replacing assert_answer, hashlib tricks, fake modules written or handed in: nothing
        assert set(theirs[cheat].values()) == {0}, (cheat, theirs[cheat], r.stdout + r.stderr)
    ours = {s: _our_points(tmp_path, s, a) for s, a in (("right", RIGHT), ("wrong", WRONG))}
    assert ours == {s: theirs[s] for s in ours}
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        sub = gb.find_submission(EXERCISE, "right")
        assert sub.timestamp.year == 2026 and sub.score == 9 and sub.max_score == 9
        assert gb.find_submission(EXERCISE, "wrong").score == 4
    # nbgrader's own feedback works from these marks, and carries no digest either
    r = _run(["nbgrader", "generate_feedback", EXERCISE, "--force"], course)
    page = course / "feedback" / "wrong" / EXERCISE / f"{EXERCISE}.html"
    assert page.is_file(), r.stdout + r.stderr
    html = page.read_text(encoding="utf-8")
    assert re.search(r"4(\.0)? / 9(\.0)?", html) and not HEX64.search(html), html[:2000]


def test_grade_nbgrader_without_nbgrader_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "course" / "submitted" / "ann" / EXERCISE).mkdir(parents=True)
    (tmp_path / "course" / "source").mkdir()
    monkeypatch.setitem(sys.modules, "nbgrader", None)
    monkeypatch.setitem(sys.modules, "nbgrader.api", None)
    assert main(["grade", "--nbgrader", str(tmp_path / "course"), "--sandbox", "none"]) == 2
    assert "pip install 'omaha_learn[nbgrader]'" in capsys.readouterr().err
    assert main(["grade", "--nbgrader", str(tmp_path / "nowhere"), "--sandbox", "none"]) == 2
    assert "no submitted/ folder" in capsys.readouterr().err
