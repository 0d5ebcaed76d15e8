"""Write the exercises as an nbgrader course source (``omaha-learn export-nbgrader DIR``).

For every teacher's key ``exercises/solutions/NN_name.ipynb`` this writes
``DIR/source/NN_name/NN_name.ipynb``, an nbgrader assignment:

* answer cells (tag ``answer``) become *manually graded answer* cells
  worth the question's points (``omaha_learn.points``; ``grade_id``
  ``qN-answer``): the key's ``### BEGIN SOLUTION`` ... ``### END SOLUTION``
  block stays (nbgrader removes it from the learners' version), after a line
  ``answer_qN = None`` that the learners' version keeps. ``nbgrader
  autograde`` gives them no points: the marks come from ``omaha-learn grade
  --nbgrader COURSE`` (:mod:`omaha_learn.grading.nbgrader_grade`), which
  grades the collected notebooks in the grader's sandbox and writes each
  question's points into nbgrader's gradebook as that cell's score;
* checker cells (tag ``checker``) become locked, ungraded cells that only
  say whether the answer's *form* can be read
  (:func:`omaha_learn.checks.questions.check_form`): no digest, no answer and
  no test of the answer is in the notebook, released or not (in-kernel tests
  cannot be made safe against code in the same kernel);
* every other cell (text, setup) is locked (read-only, restored by nbgrader
  before autograding);
* links to ``../../docs/rules.md`` point at ``rules.md``, a copy of the rules
  reference written next to the notebook (nbgrader hands out every file of
  the assignment's folder).

``DIR/nbgrader_config.py`` is written only if there is none: it sets the
solution stub to an empty line, so the learners' answer cell reads just
``answer_qN = None``. With a course's own config (nbgrader's default stub)
the cell also shows ``# YOUR CODE HERE`` / ``raise NotImplementedError()``
under that line: still gradable, the learner replaces both.

Every cell gets nbgrader metadata (``grade``, ``solution``, ``locked``,
``grade_id``, ``points`` for graded cells, ``schema_version`` 3); each
question's ``grade_id`` is ``qN-answer`` for its (graded) answer cell and
``qN-check`` for its (ungraded, locked) form check. The key's answers are
checked here (run once, each must be readable) before anything is written.

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> written = export_nbgrader(KEYS_DIR, out)
>>> sorted(p.relative_to(out).as_posix() for p in written)[:3]
['nbgrader_config.py', 'source/01_reading_hands/01_reading_hands.ipynb', 'source/01_reading_hands/rules.md']
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from omaha_learn.errors import NbgraderExportError
from omaha_learn.grading.rules_text import RULES_FILE
from omaha_learn.resources import LessonsMissing, keys_dir

__all__ = ["export_nbgrader", "nbgrader_notebook", "key_answers", "NbgraderExportError", "KEYS_DIR"]

def _default_keys() -> Path:
    try:
        return keys_dir()
    except LessonsMissing:
        return Path("exercises") / "solutions"


KEYS_DIR = _default_keys()
"""The exercises' teacher keys (:func:`omaha_learn.resources.keys_dir`: the checkout's or the wheel's)."""
"""The teacher's keys in the omaha_learn checkout."""

SCHEMA_VERSION = 3
_SOLUTION = re.compile(r"^[ \t]*### BEGIN SOLUTION[^\n]*\n.*?^[ \t]*### END SOLUTION[^\n]*$", re.S | re.M)
_GRADE_ID = re.compile(r"[^A-Za-z0-9_-]+")
CONFIG = '''\
# nbgrader configuration written by `omaha-learn export-nbgrader` (edit freely; it is not overwritten).
c = get_config()  # noqa: F821

# The learners' answer cell keeps its own line `answer_qN = None`; nothing else replaces the solution.
c.ClearSolutions.code_stub = {"python": ""}
'''
FORM_CHECK = """\
from omaha_learn.checks.questions import check_form
check_form({qid!r}, globals().get({var!r}), {kind!r})
"""
"""The learners' check of one answer: its form only (recorded as ..., or cannot be read); never right or wrong."""


def _meta(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False,
          points: int | None = None) -> dict[str, Any]:
    m: dict[str, Any] = {"grade": grade, "grade_id": _GRADE_ID.sub("-", grade_id), "locked": locked,
                         "schema_version": SCHEMA_VERSION, "solution": solution}
    if grade:
        m["points"] = points
    return m


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _ol(cell: dict[str, Any]) -> dict[str, Any]:
    meta = cell.get("metadata", {}).get("omaha_learn", {})
    return meta if isinstance(meta, dict) else {}


def key_answers(key: dict[str, Any], name: str = "key") -> dict[str, tuple[str, str]]:
    """{question: (kind, the key's answer in canonical form)}: the key's setup and answer cells run here.

    Only to check the key: nothing of it is written into the exported notebooks.

    Raises :class:`NbgraderExportError` naming the question when the key gives no readable answer.
    """
    from omaha_learn.checks import EXERCISES, exercise
    from omaha_learn.checks.questions import AnswerError, normalise

    meta = key.get("metadata", {}).get("omaha_learn", {})
    ex_name = meta.get("exercise") if isinstance(meta, dict) else None
    if not isinstance(ex_name, str) or ex_name not in EXERCISES:
        raise NbgraderExportError(f"{name}: metadata omaha_learn.exercise names no known exercise ({ex_name!r})")
    ex = exercise(ex_name)
    namespace: dict[str, Any] = {"__name__": "__omaha_learn_key__"}
    for i, cell in enumerate(key.get("cells", [])):
        tags = cell.get("metadata", {}).get("tags", [])
        if cell.get("cell_type") == "code" and ("setup" in tags or "answer" in tags):
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(_source(cell), f"<{name} cell {i}>", "exec"), namespace)  # noqa: S102 - the key
            except Exception as exc:  # noqa: BLE001 - report which cell of the key failed
                raise NbgraderExportError(f"{name}: cell {i} of the key raised {type(exc).__name__}: {exc}") from None
    out: dict[str, tuple[str, str]] = {}
    for qid, q in ex.questions.items():
        answer = namespace.get(f"answer_{qid}")
        try:
            if answer is None:
                raise AnswerError("no answer")
            out[qid] = (q.kind, normalise(q.kind, answer))
        except AnswerError as exc:
            raise NbgraderExportError(f"{name}: the key's answer to {qid} cannot be read ({exc})") from None
    return out


def nbgrader_notebook(key: dict[str, Any], name: str = "key",
                      answers: dict[str, tuple[str, str]] | None = None) -> dict[str, Any]:
    """The nbgrader source version of one key notebook (a notebook as JSON data).

    ``answers`` is :func:`key_answers` of the key (computed here when not given).
    """
    nb = copy.deepcopy(key)
    cells: list[dict[str, Any]] = []
    questions: set[str] = set()
    checkers: set[str] = set()
    has_setup = False
    points_of = {str(_ol(c).get("question", "")): _ol(c).get("points") for c in nb.get("cells", [])
                 if isinstance(c, dict) and "checker" in c.get("metadata", {}).get("tags", [])}
    for i, cell in enumerate(nb.get("cells", [])):
        if not isinstance(cell, dict) or "cell_type" not in cell:
            raise NbgraderExportError(f"{name}: cell {i} is not a notebook cell")
        tags = cell.get("metadata", {}).get("tags", [])
        cid = str(cell.get("id") or f"cell-{i}")
        src = _source(cell)
        meta = cell.setdefault("metadata", {})
        for k in ("editable", "deletable"):
            meta.pop(k, None)   # nbgrader's "locked" says it (and its lab extension sets these itself)
        if cell["cell_type"] == "markdown":
            cell["source"] = src.replace("../../docs/rules.md", "rules.md").replace("../docs/rules.md", "rules.md")
            meta["nbgrader"] = _meta(cid, locked=True)
        elif cell["cell_type"] == "code" and "answer" in tags:
            qid = str(_ol(cell).get("question", ""))
            if not qid:
                raise NbgraderExportError(f"{name}: answer cell {cid!r} has no metadata omaha_learn.question")
            if len(_SOLUTION.findall(src)) != 1:
                raise NbgraderExportError(f"{name}: answer cell for {qid} needs one ### BEGIN/END SOLUTION block")
            cell["source"] = f"answer_{qid} = None  # your answer: replace None\n{src}"
            cell["outputs"], cell["execution_count"] = [], None
            meta["nbgrader"] = _meta(f"{qid}-answer", solution=True, grade=True, points=points_of.get(qid))
            questions.add(qid)
        elif cell["cell_type"] == "code" and "checker" in tags:
            qid, points = str(_ol(cell).get("question", "")), _ol(cell).get("points")
            if not qid or isinstance(points, bool) or not isinstance(points, int) or points < 0:
                raise NbgraderExportError(f"{name}: checker cell {cid!r} needs omaha_learn.question and points")
            cell["outputs"], cell["execution_count"] = [], None
            meta["nbgrader"] = _meta(f"{qid}-check", locked=True)
            checkers.add(qid)
        else:
            meta["nbgrader"] = _meta(cid, locked=True)
        has_setup = has_setup or "setup" in tags
        cells.append(cell)
    if not checkers:
        raise NbgraderExportError(f"{name}: no checker cells (tag 'checker'): not an exercise key")
    if questions != checkers:
        raise NbgraderExportError(f"{name}: questions with an answer cell {sorted(questions)} and with a checker "
                                  f"cell {sorted(checkers)} differ")
    if not has_setup:
        raise NbgraderExportError(f"{name}: no setup cell (tag 'setup')")
    answers = key_answers(key, name) if answers is None else answers
    for cell in cells:
        if cell["cell_type"] == "code" and "checker" in cell["metadata"].get("tags", []):
            qid = str(_ol(cell)["question"])
            if qid not in answers:
                raise NbgraderExportError(f"{name}: the key gives no answer to {qid}")
            cell["source"] = FORM_CHECK.format(qid=qid, var=f"answer_{qid}", kind=answers[qid][0])
    nb["cells"] = cells
    nb.setdefault("metadata", {}).setdefault("omaha_learn", {})["nbgrader"] = True
    nb["metadata"].get("omaha_learn", {}).pop("learner_copy", None)
    return nb


def export_nbgrader(keys_dir: str | os.PathLike[str] = KEYS_DIR, out_dir: str | os.PathLike[str] = "nbgrader",
                    *, rules: str | os.PathLike[str] | None = None) -> list[Path]:
    """Write ``out_dir/source/<exercise>/<exercise>.ipynb`` (+ ``rules.md``) for every key; return the files.

    Checks the keys before writing anything; an existing exported notebook
    is replaced, an existing ``nbgrader_config.py`` kept.
    """
    keys = Path(keys_dir)
    out = Path(out_dir)
    if not keys.is_dir():
        raise NbgraderExportError(f"keys_dir: {str(keys)!r} is not a folder of exercise keys")
    paths = sorted(keys.glob("*.ipynb"))
    if not paths:
        raise NbgraderExportError(f"keys_dir: no .ipynb keys in {str(keys)!r}")
    if out.exists() and not out.is_dir():
        raise NbgraderExportError(f"out_dir: {str(out)!r} is a file, not a folder")
    rules_file = Path(rules) if rules is not None else RULES_FILE
    converted = []
    for p in paths:
        try:
            key = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise NbgraderExportError(f"keys_dir: cannot read {p.name} ({exc})") from None
        if not isinstance(key, dict) or not isinstance(key.get("cells"), list):
            raise NbgraderExportError(f"keys_dir: {p.name} is not a notebook")
        converted.append((p, nbgrader_notebook(key, p.name)))
    written: list[Path] = []
    out.mkdir(parents=True, exist_ok=True)
    config = out / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG, encoding="utf-8")
        written.append(config)
    for p, nb in converted:
        folder = out / "source" / p.stem
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / p.name
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(target)
        if rules_file.is_file():
            shutil.copyfile(rules_file, folder / "rules.md")
            written.append(folder / "rules.md")
    return written
