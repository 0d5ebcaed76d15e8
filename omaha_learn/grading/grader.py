"""``omaha-learn grade``: score handed-in exercise notebooks, each in a sandbox of its own.

Usage::

    omaha-learn grade [--keys DIR] [--csv FILE] [--jobs N | --scheduler ADDRESS]
                      [--timeout S] [--cell-timeout S] [--report FILE] [--feedback DIR]
                      [--sandbox auto|bwrap|none] [--trusted-learners]
                      [--memory-mb MB] [--disk-mb MB] [--max-processes N] SUBMISSION...

How a submission is graded (the threat model is in ``exercises/README.md``):

1. **Read, in the grader.** The file is parsed here as JSON; anything that is
   not an nbformat-4 notebook with text cells is ``unreadable`` (zero points,
   the batch goes on): so is a symbolic link (to a key, say), a FIFO, a
   device or a folder handed in under a ``.ipynb`` name, a submission whose
   learner folder is a link, and a cell longer than :data:`MAX_CELL_CHARS`.
   Nothing the grader reads follows a link a learner made. The key is found by the exercise its metadata names,
   else by its file name; a notebook handed in under another exercise's
   file name is graded against its own key and flagged ``wrong-exercise``.
2. **Planned, in the grader.** The cells to run are the key's setup cells,
   the learner's answer cells (matched by cell id, then by question
   metadata, then by the ``answer_qN =`` they assign, then by position) with
   any cells the learner added, and after each answer a *report* cell that
   prints the learner's answer in canonical form. Checker cells are not run:
   whatever a learner did to ``check`` or ``Question`` changes nothing.
3. **Run, isolated** (:func:`omaha_learn.grading.sandbox.run_plan`): its own
   folder, kernel and process group, under bubblewrap where available, with a
   per-cell and a per-notebook clock, and bounds on memory, processes and
   disk (:class:`~omaha_learn.grading.sandbox.Bounds`); a dead or stuck
   kernel costs its own question and is restarted for the next. Without a
   working bubblewrap the grader refuses (``SandboxError``) unless
   ``sandbox="none"`` is asked for; on a Dask cluster ``sandbox="none"``
   also needs ``trusted_learners=True``. A run whose folder could not be
   removed afterwards is flagged ``cleanup-failed`` with the leftover named.
4. **Decided, in the grader.** The key is run the same way (once per batch)
   and each question's verdict is the learner's reported canonical answer
   compared here with the key's; the key's answers never enter a learner's
   sandbox. Every submission yields one :class:`QuestionRecord` per question
   with a status (:data:`omaha_learn.grading.records.STATUSES`).

The CSV (``--csv``) has the columns ``student, exercise, question, points,
max_points, status, feedback``; a cell a spreadsheet would run as a formula
(``=``, ``+``, ``-``, ``@``, tab, CR first) is written with a leading ``'``,
and control characters never reach the terminal or the CSV. The student is the submission's folder
when the submissions come in several folders (``handed_in/ann/01.ipynb`` is
ann's), else the file name without ``.ipynb`` (``handed_in/ann.ipynb``);
``--student-from`` forces one or the other.

Exit status: 0 when every question of every submission was graded, 1 when
something needs a look (unreadable, timed out, kernel died, no key, wrong
exercise, clean-up failed), 2 for bad arguments or no sandbox (checked
before anything runs).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from omaha_learn.checks.messages import Message, answer_error, dumps, english, loads, message_of, msg, render
from omaha_learn.errors import SandboxError, Unreadable
from omaha_learn.grading.records import CSV_COLUMNS, QuestionRecord
from omaha_learn.grading.text_safety import printable, spreadsheet_cell
from omaha_learn.i18n import N_, gettext, ngettext, pgettext
from omaha_learn.resources import keys_dir as lessons_keys_dir

__all__ = ["grade", "write_csv", "totals", "print_summary", "needs_a_look", "resolve_exercises", "keys_dir", "check_output_file", "Unreadable",
           "read_notebook", "plan_for", "student_names", "KeyInfo", "check_sandbox", "MAX_CELL_CHARS"]

PACKAGE_ROOT = Path(__file__).resolve().parent.parent.parent
MAX_BYTES = 20_000_000
"""Largest notebook file read (bytes); bigger ones are ``unreadable``."""
MISSING_CELL = "# no answer cell"
"""Marks the stand-in for an answer cell the learner deleted, in a plan."""
MAX_CELL_CHARS = 200_000
"""Longest cell source read (characters); a notebook with a longer one is ``unreadable``."""
ANSWER_RE = re.compile(r"^[ \t]*answer_(q\d+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)
"""An ``answer_qN =`` line; each try is bounded by its line, so a search is linear in the cell's length."""



# -------------------------------------------------------------------- reading

@dataclass
class Cell:
    cell_type: str
    source: str
    id: str | None
    tags: tuple[str, ...]
    question: str | None
    points: int | None = None


_KINDS = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a FIFO (named pipe)")), (stat.S_ISCHR, N_("a device")),
          (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket")))


def _file_kind(mode: int) -> Message:
    return msg(next((what for test, what in _KINDS if test(mode)), N_("not a regular file")))


def _bad(template: str, **params: object) -> Unreadable:
    """:class:`Unreadable` in English, keeping its message in no language (the report writes it in its own)."""
    m = msg(template, **params)
    exc = Unreadable(english(m))
    exc.message = m  # type: ignore[attr-defined]
    return exc


def _read_bytes(path: Path, follow_links: bool) -> bytes:
    """The file's bytes, read without following a link (unless ``follow_links``); :class:`Unreadable` else."""
    try:
        st = path.lstat()
        if not follow_links and stat.S_ISLNK(st.st_mode):
            raise _bad(N_("a symbolic link, not a notebook: hand in the notebook file itself"))
        if not follow_links and path.parent.is_symlink():
            raise _bad(N_("its folder {folder} is a symbolic link: hand in a folder of your own"),
                       folder=path.parent.name)
        if not stat.S_ISLNK(st.st_mode) and not stat.S_ISREG(st.st_mode):
            raise _bad(N_("{kind}, not a notebook file"), kind=_file_kind(st.st_mode))
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow_links else os.O_NOFOLLOW)
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise _bad(N_("no such file (a link to nothing?)")) from None
    except OSError as exc:
        raise _bad(N_("cannot read the file ({error})"), error=type(exc).__name__) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _bad(N_("{kind}, not a notebook file"), kind=_file_kind(st.st_mode))
        if st.st_size > MAX_BYTES:
            raise _bad(N_("larger than {n} MB"), n=MAX_BYTES // 1_000_000)
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise _bad(N_("larger than {n} MB"), n=MAX_BYTES // 1_000_000)
        return b"".join(chunks)
    except OSError as exc:
        raise _bad(N_("cannot read the file ({error})"), error=type(exc).__name__) from None
    finally:
        os.close(fd)


def read_notebook(path: Path, *, follow_links: bool = False) -> tuple[dict[str, Any], list[Cell]]:
    """(notebook metadata, cells) of an nbformat-4 notebook; raises :class:`Unreadable` otherwise.

    Checked by hand, not trusted to a library: a ``.ipynb`` name, a regular
    file (not a link, unless ``follow_links``: the teacher's keys; not a FIFO
    or a device), JSON, a dict with ``nbformat`` 4 and a list of cells, each
    a dict whose ``source`` is text or a list of text (a missing or numeric
    source is unreadable) of at most :data:`MAX_CELL_CHARS`. Missing cell
    ids, tags and metadata are fine.
    """
    if path.suffix != ".ipynb":
        raise _bad(N_("not a notebook ({suffix}; expected .ipynb)"), suffix=path.suffix or msg(N_("no suffix")))
    try:
        text = _read_bytes(path, follow_links).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _bad(N_("cannot read the file ({error})"), error=type(exc).__name__) from None
    if not text.strip():
        raise _bad(N_("the file is empty"))
    try:
        nb = json.loads(text)
    except (ValueError, RecursionError):
        raise _bad(N_("not JSON (is it a notebook?)")) from None
    if not isinstance(nb, dict):
        raise _bad(N_("not a notebook (the JSON is not an object)"))
    if nb.get("nbformat") != 4:
        raise _bad(N_("nbformat {version}; only version 4 notebooks are graded (open and save it in JupyterLab)"),
                   version=repr(nb.get("nbformat")))
    meta = nb.get("metadata", {})
    raw = nb.get("cells")
    if not isinstance(raw, list):
        raise _bad(N_("the notebook has no list of cells"))
    cells = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict) or not isinstance(c.get("cell_type"), str):
            raise _bad(N_("cell {i} is not a notebook cell"), i=str(i))
        src = c.get("source")
        if isinstance(src, list) and all(isinstance(s, str) for s in src):
            src = "".join(src)
        if not isinstance(src, str):
            raise (_bad(N_("cell {i} has no source"), i=str(i)) if src is None
                   else _bad(N_("cell {i} has a non-text source"), i=str(i)))
        if len(src) > MAX_CELL_CHARS:
            raise _bad(N_("cell {i} is longer than {n} characters"), i=str(i), n=MAX_CELL_CHARS)
        cmeta = c.get("metadata", {})
        cmeta = cmeta if isinstance(cmeta, dict) else {}
        tags = cmeta.get("tags", [])
        tags = tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else ()
        ol = cmeta.get("omaha_learn", {})
        ol = ol if isinstance(ol, dict) else {}
        q = ol.get("question")
        pts = ol.get("points")
        cid = c.get("id")
        cells.append(Cell(c["cell_type"], src, cid if isinstance(cid, str) else None, tags,
                          q if isinstance(q, str) else None,
                          pts if isinstance(pts, int) and not isinstance(pts, bool) else None))
    return (meta if isinstance(meta, dict) else {}), cells


# ----------------------------------------------------------------------- keys

@dataclass
class KeyInfo:
    """A teacher's key: its questions (id, points, kind, hint, rules) and code cells."""

    path: Path
    exercise: str
    cells: list[Cell]
    questions: dict[str, dict[str, Any]] = field(default_factory=dict)
    answers: dict[str, str] = field(default_factory=dict)
    """The key's canonical answer per question (filled by running the key)."""
    problems: dict[str, Message] = field(default_factory=dict)
    """Why the key cannot decide a question (a message, :mod:`omaha_learn.checks.messages`)."""

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def max_points(self) -> int:
        return sum(q["points"] for q in self.questions.values())


def load_key(path: Path) -> KeyInfo:
    """Read a key and its questions; raises :class:`Unreadable` when it cannot grade anything."""
    from omaha_learn.checks import EXERCISES, exercise

    meta, cells = read_notebook(path, follow_links=True)
    ol = meta.get("omaha_learn", {})
    name = ol.get("exercise") if isinstance(ol, dict) else None
    if not isinstance(name, str) or name not in EXERCISES:
        raise _bad(N_("key {file}: metadata omaha_learn.exercise names no known exercise ({name})"), file=path.name,
                   name=repr(name))
    ex = exercise(name)
    key = KeyInfo(path, name, [c for c in cells if c.cell_type == "code"])
    asked = _question_texts(cells)
    for c in key.cells:
        if "checker" in c.tags:
            if c.question not in ex.questions:
                raise _bad(N_("key {file}: checker cell for unknown question {question}"), file=path.name,
                           question=repr(c.question))
            q = ex.questions[c.question]
            key.questions[c.question] = {"points": c.points if c.points is not None else q.points,
                                         "kind": q.kind, "hint": q.hint, "rules": q.rules, "digest": q.digest,
                                         "text": asked.get(c.question) or q.text, "question": q}
    if not key.questions:
        raise _bad(N_("key {file}: no checker cells"), file=path.name)
    return key


def translated_key(key: KeyInfo, lang: object) -> Path | None:
    """The key of ``key``'s exercise translated into ``lang`` (a submission's ``omaha_learn.language``), where
    the project puts it: ``<keys>/../<lang>/solutions/`` (``exercises/solutions`` and ``exercises/ru/solutions``)
    or ``<keys>/<lang>/``; None when there is none (or ``lang`` is English or not a language omaha_learn speaks)."""
    from omaha_learn.i18n import LANGUAGES

    if not isinstance(lang, str) or lang not in LANGUAGES or lang == "en":
        return None
    folder = key.path.parent
    for candidate in (folder.parent / lang / folder.name / key.path.name, folder / lang / key.path.name):
        if candidate.is_file():
            return candidate
    return None


_TRANSLATED: dict[tuple[Path, float], dict[str, str]] = {}


def translated_texts(key: KeyInfo, lang: object) -> dict[str, str]:
    """Each question's text as the translated key (:func:`translated_key`) asks it, for the feedback pages of a
    learner who handed in a translation (``exercises/ru/...``): the teacher's text in the learner's language,
    never the learner's own copy of it. Empty when there is no such key, or it is another exercise."""
    path = translated_key(key, lang)
    if path is None:
        return {}
    cache = (path, path.stat().st_mtime)
    found = _TRANSLATED.get(cache)
    if found is None:
        try:
            meta, cells = read_notebook(path, follow_links=True)
        except Unreadable:
            return {}
        ol = meta.get("omaha_learn", {})
        same = isinstance(ol, dict) and ol.get("exercise") == key.exercise
        found = {q: t for q, t in _question_texts(cells).items() if q in key.questions} if same else {}
        _TRANSLATED[cache] = found
    return found


_QUESTION_HEADING = re.compile(r"\A\s*#+[^\n]*\n+")


def _question_texts(cells: list[Cell]) -> dict[str, str]:
    """Each question's text, whole, as the key asks it: the markdown cell before its answer cell (without
    its ``### Question qN`` heading)."""
    out: dict[str, str] = {}
    last_markdown = ""
    for c in cells:
        if c.cell_type == "markdown":
            last_markdown = c.source
        elif "answer" in c.tags and c.question and c.question not in out and last_markdown:
            text = _QUESTION_HEADING.sub("", last_markdown).strip()
            if text:
                out[c.question] = text
            last_markdown = ""
    return out


def _key_index(keys_dir: Path) -> tuple[dict[str, Path], dict[str, Path]]:
    """({file name: key}, {exercise: key}) for the keys in ``keys_dir``."""
    by_name: dict[str, Path] = {}
    by_exercise: dict[str, Path] = {}
    for p in sorted(keys_dir.glob("*.ipynb")):
        by_name[p.name] = p
        try:
            meta, _ = read_notebook(p, follow_links=True)
            ex = meta.get("omaha_learn", {}).get("exercise")
        except (Unreadable, AttributeError):
            continue
        if isinstance(ex, str):
            by_exercise.setdefault(ex, p)
    return by_name, by_exercise


# ---------------------------------------------------------------------- plans

def _report_source(qid: str, kind: str) -> str:
    return (f"from omaha_learn.checks.questions import record_answer as _omaha_learn_report\n"
            f"_omaha_learn_report({qid!r}, globals().get('answer_{qid}'), {kind!r})")


def _segments(cells: list[Cell], key: KeyInfo) -> dict[str | None, list[str]]:
    """The learner's code, per question: answer cells (matched as the module docs say) and added cells."""
    code = [c for c in cells if c.cell_type == "code"]
    key_by_id = {c.id: c for c in key.cells if c.id}
    key_sources = {c.source.strip(): c for c in key.cells if "answer" not in c.tags}
    same_shape = len(code) == len(key.cells)
    segments: dict[str | None, list[str]] = {}
    current: str | None = None
    for i, c in enumerate(code):
        kc = key_by_id.get(c.id) if c.id else None
        role, q = None, None
        if kc is not None:
            role, q = ("answer" if "answer" in kc.tags else "key"), kc.question
        elif "answer" in c.tags and c.question in key.questions:
            role, q = "answer", c.question
        elif c.source.strip() in key_sources:
            role, q = "key", key_sources[c.source.strip()].question
        elif (m := ANSWER_RE.search(c.source)) and m.group(1) in key.questions:
            role, q = "answer", m.group(1)
        elif same_shape:
            kc = key.cells[i]
            role, q = ("answer" if "answer" in kc.tags else "extra"), kc.question
        if role == "answer" and q in key.questions:
            current = q
            segments.setdefault(q, []).append(c.source)
        elif role == "key":
            current = q if q in key.questions else current
        else:
            segments.setdefault(current, []).append(c.source)
    return segments


def plan_for(cells: list[Cell] | None, key: KeyInfo) -> list[dict[str, Any]]:
    """The cells to run for a submission (``cells``), or for the key itself (``cells=None``)."""
    segments = (_segments(cells, key) if cells is not None
                else {c.question: [c.source] for c in key.cells if "answer" in c.tags})
    plan: list[dict[str, Any]] = []
    extras_first = segments.pop(None, []) if cells is not None else []
    for kc in key.cells:
        q = kc.question
        if "answer" in kc.tags and q in key.questions:
            for src in extras_first:
                plan.append({"role": "answer", "source": src, "question": q})
            extras_first = []
            for src in segments.get(q, [f"answer_{q} = None  {MISSING_CELL}"]):
                plan.append({"role": "answer", "source": src, "question": q})
        elif "checker" in kc.tags and q in key.questions:
            plan.append({"role": "report", "source": _report_source(q, key.questions[q]["kind"]), "question": q})
        elif "answer" not in kc.tags and "checker" not in kc.tags:
            plan.append({"role": "setup", "source": kc.source, "question": None})
    return plan


# ------------------------------------------------------------------- students

def student_names(paths: Sequence[Path], mode: str = "auto") -> list[str]:
    """The student of each submission: its folder's name, or its file name (see the module docs).

    In ``auto`` mode an LMS download is recognised: a Canvas file
    ``<login>_<user id>_<submission id>_<file>`` is the login's, a Moodle folder
    ``<Full Name>_<id>_assignsubmission_file_`` the full name's; a file named as an exercise
    (``01_reading_hands.ipynb``) is its folder's, even alone.

    >>> student_names([Path("in/ann/01.ipynb"), Path("in/bob/01.ipynb")])
    ['ann', 'bob']
    >>> student_names([Path("in/ann.ipynb"), Path("in/bob.ipynb")])
    ['ann', 'bob']
    >>> student_names([Path("dl/ex01/smithbob_1001_5_01_reading_hands.ipynb"), Path("in/ann/01_reading_hands.ipynb")])
    ['smithbob', 'ann']
    >>> student_names([Path("dl/Bob Smith_55_assignsubmission_file_/x.ipynb")])
    ['Bob Smith']
    """
    from omaha_learn.grading.roster import CANVAS_FILE, MOODLE_FOLDER

    folders = {p.absolute().parent for p in paths}
    use_folder = mode == "folder" or (mode == "auto" and len(folders) > 1)
    out = []
    for p in paths:
        if mode == "auto" and (m := CANVAS_FILE.match(p.name)):
            out.append(m.group("login"))
        elif mode == "auto" and (m := MOODLE_FOLDER.match(p.absolute().parent.name)):
            out.append(m.group("name"))
        elif mode == "auto" and not use_folder and EXERCISE_FILE.match(p.name) and p.absolute().parent.name:
            out.append(p.absolute().parent.name)
        else:
            out.append((p.absolute().parent.name if use_folder else p.name.removesuffix(".ipynb")) or p.name)
    return out


EXERCISE_FILE = re.compile(r"^\d\d_[a-z0-9_]+\.ipynb$")
"""A file named as an exercise key (``01_reading_hands.ipynb``): never a learner's name."""


# ------------------------------------------------------------------- verdicts

def _rules_text(rules: Sequence[str]) -> str:
    return ", ".join(f"{r} (docs/rules.md#{r.lower()})" for r in rules)


def decide(student: str, sub: str, key: KeyInfo, run: dict[str, Any], status: str = "graded",
           note: Message = "", missing: frozenset[str] = frozenset()) -> list[QuestionRecord]:
    """One record per question of ``key``, from a run's reports; the comparison happens here.

    ``missing`` names the questions whose answer cell the learner deleted. Each record keeps its reason twice:
    ``feedback`` in English (the CSV) and ``message`` in no language (each page writes it in its own).
    """
    from omaha_learn.checks.questions import AnswerError, canonical, reported_error, unreadable_message

    records = []
    for qid, q in key.questions.items():
        pts, rule = q["points"], ", ".join(q["rules"])
        state = str(run.get("cells", {}).get(qid, "not-run"))
        rep = run.get("reports", {}).get(qid)
        flag = "answer-cell-missing" if qid in missing else ""
        base = dict(student=student, exercise=key.name, question=qid, max_points=pts, rule=rule, submission=sub,
                    text=q.get("text", ""), flag=flag, right=key.answers.get(qid, ""))
        if qid in key.problems:
            records.append(QuestionRecord(points=0, status="no-key", **_said(key.problems[qid]), **base))
            continue
        if rep is None:
            text: Message
            if state.startswith("timed-out: "):
                why, text = "timed-out", msg(N_("stopped: {why} (an endless loop?)"),
                                             why=state.removeprefix("timed-out: "))
            elif state in ("timed-out", "kernel-died"):
                why = state
                text = (msg(N_("the notebook's time ran out before this question's cells finished"))
                        if why == "timed-out" else msg(N_("the kernel died while running this question's cells")))
            else:
                why, text = status, msg(N_("the answer could not be read: the report cell did not run"))
            records.append(QuestionRecord(points=0, status=why, **_said(note, text), **base))
            continue
        answer, points, rec_status = "", 0, status
        feedback: Message = ""
        written = str(rep.get("text", ""))[:200]
        if rep.get("status") == "answer":
            try:
                answer = canonical(q["kind"], rep.get("answer", ""))
            except AnswerError as exc:
                rec_status, feedback = _unreadable(status), unreadable_message(exc)
                answer = written or str(rep.get("answer", ""))[:200]
            else:
                if answer == key.answers.get(qid):
                    points = pts
                else:
                    question = q.get("question")
                    hint = question.hint_for(answer) if question is not None else q["hint"]
                    feedback = msg(N_("not yet. {hint} Re-read {rules}."), hint=msg(hint),
                                   rules=_rules_text(q["rules"]))
        elif rep.get("status") == "unreadable":
            rec_status = _unreadable(status)
            error = str(rep.get("error", ""))
            reason = reported_error(q["kind"], written, error)
            feedback = (msg(N_("cannot read {answer}: {reason}"), answer=repr(written), reason=reason)
                        if written and written not in error else msg(N_("cannot read this answer: {reason}"),
                                                                     reason=reason))
            answer = written
        else:
            feedback = (msg(N_("no answer (the answer cell is missing: was it deleted?)")) if flag
                        else msg(N_("no answer")))
        if not points and state.startswith("error"):
            if rep.get("status") != "answer":  # the error is why there is no answer to read
                rec_status = _unreadable(status)
            no_answer = english(feedback).startswith("no answer")
            feedback = [msg(N_("your answer cell raised {error}"), error=state.removeprefix("error: ")),
                        *([] if no_answer else [feedback])]
        records.append(QuestionRecord(points=points, status=rec_status, **_said(note, feedback),
                                      answer=answer, written=written, **base))
    return records


def _said(*parts: Message) -> dict[str, Any]:
    """A record's ``feedback`` (English) and ``message`` (no language) for the reasons ``parts``, joined."""
    found = [p for p in parts if p not in ("", None, [])]
    if not found:
        return {"feedback": "", "message": ""}
    whole: Message = found[0] if len(found) == 1 else found
    if isinstance(whole, str):   # a reason with no message: kept as it is, in both
        return {"feedback": whole, "message": ""}
    return {"feedback": english(whole), "message": dumps(whole)}


def _unreadable(status: str) -> str:
    """The status of an unreadable answer: its own, unless the submission already has a stronger one."""
    return "unreadable-answer" if status == "graded" else status


def _flat(student: str, sub: str, key: KeyInfo | None, status: str, feedback: Message,
          exercise: str = "") -> list[QuestionRecord]:
    """Zero-point records for a submission that was not run: one per key question, or one row."""
    said = _said(feedback)
    if key is None:
        return [QuestionRecord(student, exercise, "-", 0, 0, status, **said, submission=sub)]
    return [QuestionRecord(student, key.name, qid, 0, q["points"], status, **said,
                           rule=", ".join(q["rules"]), submission=sub, text=q.get("text", ""))
            for qid, q in key.questions.items()]


# -------------------------------------------------------------------- grading

def _run_job(item: tuple[list[dict[str, Any]], float, float, str, dict[str, int]]) -> dict[str, Any]:
    """One sandboxed run (module level, so Dask can ship it to a worker)."""
    from omaha_learn.grading.sandbox import run_plan

    plan, timeout, cell_timeout, sandbox, bounds = item
    try:
        return run_plan(plan, timeout=timeout, cell_timeout=cell_timeout, sandbox=sandbox, bounds=bounds)
    except Exception as exc:  # noqa: BLE001 - a job never takes the batch down
        return {"reports": {}, "cells": {}, "sandbox": sandbox, "failed": f"{type(exc).__name__}: {exc}",
                "log": [f"{type(exc).__name__}: {exc}"]}


@dataclass
class _Job:
    index: int
    student: str
    sub: Path
    key: KeyInfo
    plan: list[dict[str, Any]]
    status: str = "graded"
    note: Message = ""
    seed: int | None = None
    deal_flag: str = ""
    texts: dict[str, str] = field(default_factory=dict)
    """The questions' texts in the submission's language (:func:`translated_texts`); empty: the key's own."""


def check_sandbox(sandbox: str, scheduler: Any = None, trusted_learners: bool = False) -> str:
    """The sandbox to ask the runs for; :class:`SandboxError` when grading would run learners' code unconfined.

    Here (no ``scheduler``) ``auto`` and ``bwrap`` need a working bubblewrap.
    On a Dask cluster the workers must use bubblewrap (``auto`` becomes
    ``bwrap``, checked on each worker), and ``none`` is refused unless
    ``trusted_learners``: an answer cell could otherwise reach the scheduler.
    """
    from omaha_learn.grading.sandbox import sandbox_kind

    if scheduler is None:
        sandbox_kind(sandbox)
        return sandbox
    if sandbox == "none" and not trusted_learners:
        raise SandboxError("sandbox: --sandbox none on a Dask cluster lets an answer cell reach the scheduler and "
                           "the other submissions; grade on a cluster under bubblewrap, or pass "
                           "--trusted-learners if every learner's code is trusted")
    return "bwrap" if sandbox == "auto" else sandbox


def grade(submissions: Sequence[Path], keys: Path, *, timeout: float = 120, cell_timeout: float = 30,
          jobs: int | None = None, scheduler: Any = None, sandbox: str = "auto", student_from: str = "auto",
          log: Callable[[str], None] | None = None, bounds: Any = None,
          trusted_learners: bool = False, students: Sequence[str] | None = None,
          roster: Any = None) -> list[QuestionRecord]:
    """Grade ``submissions`` against the keys in ``keys``; one record per question per submission, in order.

    ``bounds``: a :class:`~omaha_learn.grading.sandbox.Bounds` per submission
    (default ``Bounds()``). Raises :class:`SandboxError` before anything runs
    when there is no sandbox and none was asked for (:func:`check_sandbox`).
    ``students``: each submission's learner, when the caller knows them (nbgrader's
    ``submitted/<student>/``); else from the folders or file names (``student_from``).
    ``roster``: the class list (:class:`~omaha_learn.grading.roster.Roster`, or a list of
    :class:`~omaha_learn.grading.deals.Learner`) whose ids fix each learner's deal
    (:mod:`omaha_learn.grading.deals`).
    """
    from dataclasses import asdict

    from omaha_learn.grading import deals
    from omaha_learn.grading.sandbox import Bounds, bounds_summary
    from omaha_learn.jobs import run_jobs

    say = log or (lambda _msg: None)
    sandbox = check_sandbox(sandbox, scheduler, trusted_learners)
    limits = bounds if isinstance(bounds, Bounds) else Bounds(**(bounds or {}))
    if students is not None and len(students) != len(submissions):
        raise ValueError("students: one name per submission")
    students = list(students) if students is not None else student_names(submissions, student_from)
    by_name, by_exercise = _key_index(keys)
    loaded: dict[Path, KeyInfo | Message] = {}

    def key_at(path: Path) -> KeyInfo | Message:
        if path not in loaded:
            try:
                loaded[path] = load_key(path)
            except Unreadable as exc:
                loaded[path] = message_of(exc)
        return loaded[path]

    results: dict[int, list[QuestionRecord]] = {}
    todo: list[_Job] = []
    from omaha_learn.grading.roster import CANVAS_FILE

    for i, (sub, student) in enumerate(zip(submissions, students, strict=True)):
        canvas = CANVAS_FILE.match(sub.name)
        name_key = by_name.get(sub.name) or (by_name.get(canvas.group("file")) if canvas else None)
        try:
            meta, cells = read_notebook(sub)
        except Unreadable as exc:
            k = key_at(name_key) if name_key else None
            results[i] = _flat(student, str(sub), k if isinstance(k, KeyInfo) else None, "unreadable",
                               message_of(exc), exercise=sub.stem)
            continue
        ol = meta.get("omaha_learn", {})
        named = ol.get("exercise") if isinstance(ol, dict) else None
        key_path, status = name_key, "graded"
        note: Message = ""
        if isinstance(named, str) and named in by_exercise:
            key_path = by_exercise[named]
            if name_key is not None and name_key != key_path:
                status, note = "wrong-exercise", msg(N_("handed in as {file} but its metadata names exercise "
                                                      "{exercise}: graded against {key}"),
                                                   file=sub.name, exercise=named, key=key_path.name)
        elif isinstance(named, str) and name_key is not None:
            k = key_at(name_key)
            if isinstance(k, KeyInfo) and k.exercise != named:
                results[i] = _flat(student, str(sub), k, "wrong-exercise",
                                   msg(N_("its metadata names exercise {exercise}, which has no key in {keys}"),
                                       exercise=repr(named), keys=str(keys)))
                continue
        if key_path is None:
            results[i] = _flat(student, str(sub), None, "no-key",
                               msg(N_("no key for {file} (exercise {exercise}) in {keys}"), file=sub.name,
                                   exercise=repr(named), keys=str(keys)), exercise=sub.stem)
            continue
        k = key_at(key_path)
        if not isinstance(k, KeyInfo):
            results[i] = _flat(student, str(sub), None, "no-key", k, exercise=key_path.stem)
            continue
        try:
            plan = plan_for(cells, k)
        except Exception as exc:  # noqa: BLE001 - one odd file never stops the batch
            results[i] = _flat(student, str(sub), k, "unreadable",
                               msg(N_("cannot plan this notebook: {error}"), error=repr(exc)))
            continue
        seed, deal_flag, deal_note = deals.seed_for(k.exercise, meta, student, deals.roster_ids(roster), sub)
        if deal_note:
            say(printable(deal_note))
        todo.append(_Job(i, student, sub, k, deals.seeded_plan(plan, k.exercise, seed), status, note, seed, deal_flag,
                         translated_texts(k, ol.get("language") if isinstance(ol, dict) else None)))

    keys_used = list({id(j.key): j.key for j in todo}.values())
    bounds_dict = asdict(limits)
    items = [(plan_for(None, k), timeout, cell_timeout, sandbox, bounds_dict) for k in keys_used]
    items += [(j.plan, timeout, cell_timeout, sandbox, bounds_dict) for j in todo]
    if items:
        if scheduler is None:
            from omaha_learn.grading.sandbox import sandbox_kind

            for line in bounds_summary(sandbox_kind(sandbox), limits, timeout, cell_timeout):
                say(line)
        else:
            say(gettext("sandbox on the Dask workers: {sandbox} (bounds as set on each worker's machine)").format(
                sandbox=sandbox))
        say(gettext("grading {submissions} against {keys}").format(
            submissions=ngettext("{n} submission", "{n} submissions", len(todo)).format(n=len(todo)),
            keys=ngettext("{n} key", "{n} keys", len(keys_used)).format(n=len(keys_used))))
        runs = run_jobs(_run_job, items, jobs=jobs, scheduler=scheduler, kind="thread")
        if scheduler is not None:
            say(gettext("sandbox: {sandbox} (on the Dask workers)").format(
                sandbox=", ".join(sorted({str(r.get("sandbox")) for r in runs}))))
        for k, run in zip(keys_used, runs[:len(keys_used)], strict=True):
            if run.get("failed"):
                say(gettext("warning: the key {file} could not be run: {error}").format(
                    file=k.path.name, error=printable(run["failed"])))
            _key_answers(k, run, say)
            _say_failed_starts(k.path.name, run, say)
            deals.check_key(k, say)
        for j, run in zip(todo, runs[len(keys_used):], strict=True):
            _say_failed_starts(j.student, run, say)
            try:
                if run.get("failed"):
                    results[j.index] = _flat(j.student, str(j.sub), j.key, "kernel-died",
                                             msg(N_("the run failed: {error}"), error=str(run["failed"])))
                    continue
                missing = frozenset(c["question"] for c in j.plan
                                    if c["role"] == "answer" and c["source"].endswith(MISSING_CELL))
                results[j.index] = deals.mark(decide(j.student, str(j.sub), deals.learner_key(j.key, j.seed), run,
                                                     j.status, j.note, missing), j.seed, j.deal_flag)
                if j.texts:   # a translated exercise: its questions as the translated key asks them
                    results[j.index] = [replace(r, text=j.texts.get(r.question, r.text)) for r in results[j.index]]
                if run.get("leftover"):
                    left = printable(run["leftover"][0])
                    say(gettext("warning: {learner}: the clean-up could not remove {left}").format(
                        learner=printable(j.student), left=left))
                    results[j.index] = [replace(r, status="cleanup-failed", **_said(
                                                msg(N_("the sandbox's folder could not be removed (left: {left}): "
                                                       "look at it"), left=left), loads(r.message) or r.feedback))
                                        for r in results[j.index]]
            except Exception as exc:  # noqa: BLE001 - a run that came back malformed (e.g. from a worker)
                results[j.index] = _flat(j.student, str(j.sub), j.key, "kernel-died",
                                         msg(N_("the run's results could not be read: {error}"), error=repr(exc)))
    times = [_mtime(sub) for sub in submissions]
    return deals.flag_copies([replace(r, mtime=times[i]) for i in range(len(submissions)) for r in results[i]])


START_FAILED = "kernel did not start: "
"""How the sandbox's run log (:func:`~omaha_learn.grading.sandbox.run_plan`) begins a line about a kernel that
failed to start."""


def _say_failed_starts(who: str, run: dict[str, Any], say: Callable[[str], None]) -> None:
    """Tell the teacher why a kernel failed to start (its exit status and last words, from the run's log): the
    questions show only "kernel-died", which says nothing of the cause."""
    log = run.get("log")
    for line in log if isinstance(log, list) else ():
        if isinstance(line, str) and line.startswith(START_FAILED):
            say(gettext("warning: {who}: a kernel did not start: {why}").format(
                who=printable(who), why=printable(line.removeprefix(START_FAILED))))


def _mtime(path: Path) -> float | None:
    """The file's own time (a link's, not its target's), for "the latest copy counts"."""
    try:
        return path.lstat().st_mtime
    except OSError:
        return None


def _key_answers(key: KeyInfo, run: dict[str, Any], say: Callable[[str], None]) -> None:
    """Fill ``key.answers`` from the key's own run; note questions the key cannot answer."""
    from omaha_learn.checks.questions import AnswerError, canonical

    for qid, q in key.questions.items():
        rep = run.get("reports", {}).get(qid)
        try:
            if rep is None or rep.get("status") != "answer":
                raise answer_error(N_("the key {file} gives no answer for {question}"), file=key.path.name,
                                   question=qid)
            key.answers[qid] = canonical(q["kind"], rep.get("answer", ""))
        except AnswerError as exc:
            key.problems[qid] = message_of(exc)
            say(gettext("warning: {problem}").format(problem=render(message_of(exc))))
            continue
        if q["digest"] and hashlib.sha256(f"{q['kind']}:{key.answers[qid]}".encode()).hexdigest() != q["digest"]:
            say(gettext("warning: the key {file} answers {question} differently from the checker's digest; the key "
                        "decides").format(file=key.path.name, question=qid))


# ------------------------------------------------------------------------ outputs

def keys_dir(option: Path | None) -> Path:
    """The keys folder: ``option``, else ``exercises/solutions`` here, else the lessons' own
    (:func:`omaha_learn.resources.keys_dir`: the checkout's or the installed package's)."""
    if option is not None:
        return option
    local = Path("exercises") / "solutions"
    return local if local.is_dir() else lessons_keys_dir()


def check_output_file(path: Path, what: str) -> str | None:
    """Why ``path`` cannot be written as the output ``what`` (an option name), or None."""
    if path.is_dir():
        return f"{what} {path} is a folder; give a file name"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"{what} {path}: the folder {parent} does not exist"
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{what} {path}: not writable"
    return None


_NUMBERS = ("points", "max_points", "status")
"""CSV columns the grader writes from its own vocabulary (numbers, statuses; and the question's ``-`` placeholder);
every other column may carry a learner's text (names, answers, feedback quoting an answer, an override's
comment) and is written as text a spreadsheet will not run."""


def write_csv(records: Sequence[QuestionRecord], path: Path, *, assignment: Any = None) -> None:
    """The CSV: a header (:data:`~omaha_learn.grading.records.CSV_COLUMNS`) and one row per record.

    ``counts`` says whether the row's submission counts (``assignment``: a
    :class:`~omaha_learn.grading.class_summary.Assignment`, as for the report).
    """
    from omaha_learn.grading.class_summary import summarise

    s = summarise(records, assignment=assignment)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(CSV_COLUMNS))
        writer.writeheader()
        for r in records:
            row = r.row(s.counts(r))
            writer.writerow({k: v if k in _NUMBERS or (k, v) == ("question", "-") else spreadsheet_cell(v)
                             for k, v in row.items()})


def totals(records: Sequence[QuestionRecord], *, assignment: Any = None) -> list[tuple[str, float, int, str]]:
    """(student, points, max points, what needs a look) per student, sorted by name.

    The same totals as the class report and the feedback pages: one copy of each exercise that
    counts for the class (:class:`~omaha_learn.grading.class_summary.Assignment`), out of those
    exercises (one not handed in counts 0); everything else a learner handed in is named, not counted.
    """
    from omaha_learn.checks.messages import render
    from omaha_learn.grading.class_summary import DEAL_LOOKS, deal_note, look_label, summarise

    s = summarise(records, assignment=assignment)
    out = []
    for t in s.students:
        flags = []
        for f in s.flagged:   # a deal's flag is named below in full (with whose answers)
            looks = [look_label(x) for x in f.statuses if x not in DEAL_LOOKS]
            if f.student == t.student and looks:
                flags.append(f"{f.exercise}: {', '.join(looks)}" if f.exercise else ", ".join(looks))
        flags += [gettext("not handed in: {exercise}").format(exercise=ex) for ex in t.missing]
        flags += sorted({f"{r.exercise}: {render(deal_note(r.deal_flag))}" for r in records
                         if r.student == t.student and r.deal_flag})
        out.append((t.student, t.points, t.max_points, "; ".join(dict.fromkeys(flags))))
    return out


def print_summary(records: Sequence[QuestionRecord], *, assignment: Any = None) -> None:
    """Print each student's total and what needs a look; then which exercises count and which copy."""
    from omaha_learn.grading.class_summary import summarise
    from omaha_learn.grading.records import points_text
    from omaha_learn.grading.text_safety import printable

    rows = totals(records, assignment=assignment)
    head = pgettext("summary column", "student")
    width = max([len(head)] + [len(printable(student)) for student, *_ in rows])
    points_head = pgettext("summary column", "points")
    print(f"{head:<{width}}  {points_head}")
    for student, points, max_points, flags in rows:
        print(f"{printable(student):<{width}}  {points_text(points):>3}/{max_points:<3}"
              + ("  " + gettext("needs a look: {flags}").format(flags=printable(flags)) if flags else ""))
    s = summarise(records, assignment=assignment)
    if s.extra_exercises:
        why = (gettext("not named in --exercises") if s.assignment.exercises is not None
               else gettext("handed in by half of the learners or fewer, or no key"))
        print(gettext("not counted for the class: {exercises} ({why})").format(
            exercises=printable(", ".join(s.extra_exercises)), why=why))
    if any(t.exercises[ex].submissions > 1 for t in s.students for ex in t.exercises):
        print(gettext("copies of one exercise: {rule}").format(rule=s.assignment.rule))


def needs_a_look(records: Sequence[QuestionRecord], *, assignment: Any = None) -> bool:
    """Whether anything needs the teacher's look (the exit status 1 of ``omaha-learn grade``)."""
    from omaha_learn.grading.class_summary import summarise

    return bool(summarise(records, assignment=assignment).flagged)   # deal flags included (DEAL_LOOKS)


def key_questions(keys: Path) -> list[tuple[str, str, dict[str, int]]]:
    """(key name, checker name, {question: points}) of every readable key in ``keys`` (or nbgrader's source/)."""
    out = []
    for p in sorted(keys.glob("*.ipynb")) or sorted(keys.glob("*/*.ipynb")):
        try:
            k = load_key(p)
        except Unreadable:
            continue
        out.append((k.name, k.exercise, {q: int(v["points"]) for q, v in k.questions.items()}))
    return out


def resolve_exercises(names: str, keys: Path) -> tuple[tuple[str, ...], dict[str, int]]:
    """The key names and points of ``--exercises 01,03`` (numbers, key names or checker names).

    Raises :class:`~omaha_learn.errors.ReportError` naming a name that matches no key, or more than one.
    """
    from omaha_learn.errors import ReportError

    found: dict[str, KeyInfo] = {}
    for p in sorted(keys.glob("*.ipynb")) or sorted(keys.glob("*/*.ipynb")):  # a keys folder, or nbgrader's source/
        try:
            found[p.stem] = load_key(p)
        except Unreadable:
            continue
    out: list[str] = []
    for raw in names.split(","):
        name = raw.strip().removesuffix(".ipynb")
        if not name:
            continue
        hits = [stem for stem, k in found.items()
                if name in (stem, k.exercise) or stem.split("_", 1)[0] == name]
        if len(hits) != 1:
            raise ReportError(f"--exercises: {printable(name)!r} matches "
                              + (f"{len(hits)} keys ({', '.join(hits)})" if hits else f"no key in {keys}"))
        out.append(hits[0])
    if not out:
        raise ReportError("--exercises: give exercise numbers or names, such as 01,03")
    return tuple(dict.fromkeys(out)), {stem: found[stem].max_points for stem in out}
