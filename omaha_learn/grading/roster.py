"""The class list (``omaha-learn grade --roster roster.csv``): who each submission belongs to.

``roster.csv`` (UTF-8, ``,`` or ``;``, a byte-order mark allowed) has a first line naming its
columns: ``id`` and ``name`` (required), ``email``, ``folder`` (the learner's folder or login in
downloads), ``pattern`` (a file-name pattern such as ``*smithbob*``), ``section`` and
``extension_days`` (extra days for late work) and ``language`` (``en``, ``ru`` or ``et``: the language of the
learner's feedback page, over ``omaha-learn grade --language``; empty: that option's). A submission belongs to the learner whose ``folder``,
``id`` or ``name`` is its folder's name (compared in Unicode NFC, case ignored), whose ``pattern``
matches its file name, or, in an LMS download, whose id or login its name carries:

* Canvas: ``<login>[_LATE]_<user id>_<submission id>_<file name>`` (one folder per assignment);
* Moodle: a folder ``<Full Name>_<participant id>_assignsubmission_file_``.

Every output is then keyed by the learner's roster entry: the learner's name (with the id when two
share a name), learners with no submission are listed (each exercise "not handed in"), and
submissions that match nobody are flagged "not on the roster".

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "roster.csv"
>>> _ = p.write_text("id,name,email,folder,section\\n1001,Bob Smith,bob@x.edu,smithbob,A\\n")
>>> r = read_roster(p)
>>> r.match(pathlib.Path("dl/ex01/smithbob_1001_77_01_reading_hands.ipynb")).name
'Bob Smith'
>>> r.match(pathlib.Path("dl/Bob Smith_55_assignsubmission_file_/01.ipynb")).id
'1001'
"""

from __future__ import annotations

import csv
import fnmatch
import os
import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path

from omaha_learn.errors import ReportError
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.i18n import LANGUAGES, LanguageError, language_code

__all__ = ["Learner", "Roster", "read_roster", "CANVAS_FILE", "MOODLE_FOLDER", "ROSTER_COLUMNS"]

ROSTER_COLUMNS = ("id", "name", "email", "folder", "pattern", "section", "extension_days", "language")
CANVAS_FILE = re.compile(r"^(?P<login>[^_]+?)(?:_late)?_(?P<uid>\d+)_(?P<sid>\d+)_(?P<file>.+\.ipynb)$", re.I)
"""A file in a Canvas submissions download."""
MOODLE_FOLDER = re.compile(r"^(?P<name>.+?)_(?P<pid>\d+)_assignsubmission_(?:file|onlinetext)_?$")
"""A learner's folder in a Moodle assignment download."""


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().casefold()


@dataclass(frozen=True)
class Learner:
    id: str
    name: str
    email: str = ""
    folder: str = ""
    pattern: str = ""
    section: str = ""
    extension_days: float = 0.0
    line: int = 0
    language: str = ""
    """The language of the learner's feedback page ("en", "ru", "et"); empty: the grader's."""


@dataclass
class Roster:
    learners: list[Learner]
    path: str = ""
    labels: dict[str, Learner] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names: dict[str, int] = {}
        for le in self.learners:
            names[_fold(le.name)] = names.get(_fold(le.name), 0) + 1
        for le in self.learners:
            label = unicodedata.normalize("NFC", le.name)
            self.labels[label if names[_fold(le.name)] == 1 else f"{label} ({le.id})"] = le

    def label(self, learner: Learner) -> str:
        """How the learner is shown everywhere: the name, with the id when another learner has the same name."""
        return next(k for k, v in self.labels.items() if v is learner)

    def languages(self) -> dict[str, str]:
        """{label: language} of the learners whose line names a language (their feedback pages' languages)."""
        return {label: le.language for label, le in self.labels.items() if le.language}

    def learner_for(self, student: str, path: Path) -> Learner | None:
        """The learner of a record: its submission's path (:meth:`match`), else its student's name."""
        found = self.match(path)
        if found is None:
            who = _fold(student)
            found = next((le for le in self.learners if who in {_fold(x) for x in (le.folder, le.id, le.name) if x}),
                         None)
        return found

    def relabel(self, records: list[QuestionRecord]) -> list[QuestionRecord]:
        """The records with each student replaced by their roster label (unmatched ones kept as they are)."""
        out = []
        for r in records:
            le = self.learner_for(r.student, Path(r.submission))
            out.append(replace(r, student=self.label(le)) if le is not None else r)
        return out

    def match(self, path: Path) -> Learner | None:
        """The learner a submission belongs to (see the module docs), or None."""
        folder, name = _fold(path.parent.name), _fold(path.name)
        for le in self.learners:
            if folder in {_fold(x) for x in (le.folder, le.id, le.name) if x}:
                return le
        for le in self.learners:
            if le.pattern and fnmatch.fnmatchcase(name, _fold(le.pattern)):
                return le
        if m := CANVAS_FILE.match(path.name):
            login, uid = _fold(m.group("login")), m.group("uid")
            for le in self.learners:
                if uid == le.id or login in {_fold(le.folder), _fold(le.email.split("@")[0])} - {""}:
                    return le
        if m := MOODLE_FOLDER.match(unicodedata.normalize("NFC", path.parent.name)):
            who, pid = _fold(m.group("name")), m.group("pid")
            for le in self.learners:
                if who == _fold(le.name) or pid == le.id:
                    return le
        return None


def read_roster(path: str | os.PathLike[str]) -> Roster:
    """The class list in ``path``; :class:`ReportError` naming the line when a line is wrong."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"roster {p}: cannot read it ({type(exc).__name__}; save it as UTF-8 CSV)") from None
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ReportError(f"roster {p}: empty; expected the columns {', '.join(ROSTER_COLUMNS)}")
    delimiter = max(",;\t", key=lines[0].count)
    rows = list(csv.reader(lines, delimiter=delimiter))
    header = [unicodedata.normalize("NFC", h.strip().lower()).replace(" ", "_") for h in rows[0]]
    if not {"id", "name"} <= set(header):
        raise ReportError(f"roster {p}: the first line must name at least the columns id and name "
                          f"(got {', '.join(header)})")
    col = {k: header.index(k) for k in ROSTER_COLUMNS if k in header}
    learners: list[Learner] = []
    seen: dict[str, int] = {}
    for n, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if any(c.strip() for c in row[len(header):]):
            raise ReportError(f"roster {p}, line {n}: {len(row)} cells for {len(header)} columns; "
                              f"a cell with {delimiter!r} in it must be in double quotes")
        cell = {k: (unicodedata.normalize("NFC", row[i].strip()) if i < len(row) else "") for k, i in col.items()}
        if not cell["id"] or not cell["name"]:
            raise ReportError(f"roster {p}, line {n}: give an id and a name")
        if cell["id"] in seen:
            raise ReportError(f"roster {p}, line {n}: id {cell['id']!r} is already on line {seen[cell['id']]}")
        seen[cell["id"]] = n
        try:
            ext = float(cell.get("extension_days", "").replace(",", ".") or 0)
        except ValueError:
            raise ReportError(f"roster {p}, line {n}: extension_days must be a number of days, "
                              f"got {cell.get('extension_days')!r}") from None
        if not ext >= 0:
            raise ReportError(f"roster {p}, line {n}: extension_days must be 0 or more")
        lang = cell.get("language", "")
        if lang:
            try:
                lang = language_code(lang)
            except LanguageError:
                raise ReportError(f"roster {p}, line {n}: language {lang!r}: give one of {', '.join(LANGUAGES)} "
                                  "(or leave it empty)") from None
        learners.append(Learner(cell["id"], cell["name"], cell.get("email", ""), cell.get("folder", ""),
                                cell.get("pattern", ""), cell.get("section", ""), ext, n, lang))
    if not learners:
        raise ReportError(f"roster {p}: no learners")
    return Roster(learners, str(p))
