"""Generate the learner copies ``exercises/*.ipynb`` from the teacher keys ``exercises/solutions/*.ipynb``.

For every key, the learner copy (same file name, one folder up):

* answer cells (tagged ``answer``): the ``### BEGIN SOLUTION`` ... ``### END SOLUTION``
  block becomes ``answer_qN = None  # your answer``; outputs and execution count are cleared;
* checker cells (tagged ``checker``): source kept, outputs and execution count
  cleared, so a copy opens without the key's "q1: correct" lines;
  the grader never needs them (it decides verdicts itself, see
  ``omaha_learn/grading/grader.py``);
* every other cell (text, the setup cell showing the deal) is kept as in the key;
* links to ``../../docs/rules.md`` are rewritten for the copy's folder.

The Russian and Estonian keys (``exercises/ru/solutions/``, ``exercises/et/solutions/``) get their
copies in ``exercises/ru/`` and ``exercises/et/`` the same way.

Assessed copies (``--assessed OUTDIR``), for work handed in for marks: the same
copies, except that their self-checks check only the *form* of an answer
(:func:`omaha_learn.checks.questions.check_form`: "answer recorded as Kc Kd")
and never import the exercise's checker, so no digest of a right answer is in
the copy or run by it; their "How to answer" text says so (not "the check shows
`correct`"), and the rules travel with them: OUTDIR gets ``rules.md`` (a copy of
``docs/rules.md``) and the copies' rule links point at it. The grader grades them
exactly like practice copies.

Usage::

    python scripts/make_learner_copies.py            # write exercises/*.ipynb and exercises/{ru,et}/*.ipynb
                                                     # (practice: self-checks say right/wrong)
    python scripts/make_learner_copies.py --check    # exit 1 if a copy is missing or out of date
    python scripts/make_learner_copies.py --assessed OUTDIR   # copies for marked work: form-only self-checks
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))   # this checkout's package, whatever else is installed

from omaha_learn.resources import keys_dir, lessons_root  # noqa: E402

KEYS = keys_dir()                     # the lessons' one finder: this checkout's exercises/solutions
OUT = lessons_root() / "exercises"
TRANSLATED = ("ru", "et")
"""Languages whose keys (``exercises/<lang>/solutions/``, built by ``scripts/translate_notebooks.py``) get
learner copies in ``exercises/<lang>/`` too."""

SOLUTION_RE = re.compile(r"^[ \t]*### BEGIN SOLUTION[^\n]*\n.*?^[ \t]*### END SOLUTION[^\n]*$", re.S | re.M)


PLACEHOLDER_NOTE = {"en": "your answer", "ru": "ваш ответ", "et": "sinu vastus"}
"""The comment of a learner's answer line, in the copy's language (``metadata.omaha_learn.language``)."""


def placeholder(qid: str, language: str = "en") -> str:
    """What a learner sees in place of the solution."""
    return f"answer_{qid} = None  # {PLACEHOLDER_NOTE[language]}"


def question_of(cell: nbformat.NotebookNode) -> str:
    qid = cell.metadata.get("omaha_learn", {}).get("question")
    if not qid:
        raise ValueError(f"answer cell {cell.get('id')!r} has no metadata omaha_learn.question")
    return str(qid)


def strip_solution(source: str, qid: str, language: str = "en") -> str:
    """Replace the SOLUTION block of an answer cell by the placeholder line."""
    new, count = SOLUTION_RE.subn(placeholder(qid, language), source)
    if count != 1:
        raise ValueError(f"answer cell for {qid}: expected one ### BEGIN/END SOLUTION block, found {count}")
    return new


def learner_copy(key: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The learner copy of one key notebook."""
    nb = copy.deepcopy(key)
    language = str(nb.metadata.get("omaha_learn", {}).get("language", "en"))
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "markdown":
            cell.source = cell.source.replace("../../docs/", "../docs/")
        elif cell.cell_type == "code" and "answer" in tags:
            cell.source = strip_solution(cell.source, question_of(cell), language)
            cell.outputs = []
            cell.execution_count = None
        elif cell.cell_type == "code" and "checker" in tags:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.setdefault("omaha_learn", {})["learner_copy"] = True
    return nb


PRACTICE_CHECK_RE = re.compile(r"The check (?:shows|prints) `correct`[^.]*\.")
"""The practice copies' sentence saying what a check cell shows (right or wrong)."""
ASSESSED_CHECK = ("The check says only whether your answer has a form your teacher's grader can read "
                  "(`answer recorded as ...`), never whether it is right: your teacher marks it. "
                  "The rules are in `rules.md` beside this notebook.")
"""What an assessed copy says instead."""
CHECK_IMPORT_RE = re.compile(r"^from omaha_learn\.checks\.(\w+) import check[ \t]*$", re.M)
CHECK_CALL_RE = re.compile(r"\bcheck\((['\"])(q\d+)\1,")


def assessed_copy(key: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The learner copy of one key for marked work: self-checks that check only an answer's form."""
    from omaha_learn.checks import exercise
    from omaha_learn.grading.handout import rules_beside

    nb = learner_copy(key)
    ex = exercise(str(nb.metadata.get("omaha_learn", {}).get("exercise")))
    said = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source, n = PRACTICE_CHECK_RE.subn(ASSESSED_CHECK, cell.source)
            said += n
            if "`correct`" in cell.source:
                raise ValueError(f"cell {cell.get('id')!r}: says the check shows `correct` (not in an assessed copy)")
        if cell.cell_type != "code":
            continue
        cell.source = CHECK_IMPORT_RE.sub("from omaha_learn.checks.questions import check_form", cell.source)
        if "checker" in cell.metadata.get("tags", []):
            qid = question_of(cell)
            cell.source = re.sub(rf"\bcheck\((['\"]){qid}\1, (answer_{qid})\)",
                                 f"check_form({qid!r}, \\2, {ex.question(qid).kind!r})", cell.source)
        if CHECK_CALL_RE.search(cell.source) or CHECK_IMPORT_RE.search(cell.source):
            raise ValueError(f"cell {cell.get('id')!r}: a self-check that would compare with the right answer")
    if said != 1:
        raise ValueError(f"exercise {ex.name}: expected one sentence saying what the check shows, found {said}")
    rules_beside(nb)
    nb.metadata["omaha_learn"]["assessed"] = True
    return nb


def render(nb: nbformat.NotebookNode) -> str:
    return nbformat.writes(nb) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=Path, default=KEYS, help="folder of teacher keys (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for learner copies (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a copy is out of date")
    parser.add_argument("--assessed", type=Path, default=None, metavar="OUTDIR",
                        help="write copies for marked work (form-only self-checks) into OUTDIR")
    args = parser.parse_args(argv)
    if args.keys == KEYS and args.out == OUT and args.assessed is None:
        # the English copies, then the translated ones (exercises/<lang>/ from exercises/<lang>/solutions/)
        pairs = [(KEYS, OUT)] + [(OUT / lang / "solutions", OUT / lang) for lang in TRANSLATED
                                 if (OUT / lang / "solutions").is_dir()]
        return max(_copies(keys, out, check=args.check) for keys, out in pairs)
    if args.assessed is not None:
        keys = sorted(args.keys.glob("*.ipynb"))
        if not keys:
            print(f"no keys in {args.keys}", file=sys.stderr)
            return 1
        from omaha_learn.grading.handout import write_rules

        args.assessed.mkdir(parents=True, exist_ok=True)
        print(f"wrote {write_rules(args.assessed)}")
        for key_path in keys:
            target = args.assessed / key_path.name
            target.write_text(render(assessed_copy(nbformat.read(key_path, as_version=4))), encoding="utf-8")
            print(f"wrote {target}")
        return 0
    return _copies(args.keys, args.out, check=args.check)


def _copies(keys_dir: Path, out: Path, *, check: bool) -> int:
    """Write (or with ``check`` only compare) the learner copies in ``out`` of the keys in ``keys_dir``."""
    keys = sorted(keys_dir.glob("*.ipynb"))
    if not keys:
        print(f"no keys in {keys_dir}", file=sys.stderr)
        return 1
    stale = []
    for key_path in keys:
        text = render(learner_copy(nbformat.read(key_path, as_version=4)))
        target = out / key_path.name
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == text:
            continue
        stale.append(target)
        if not check:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target}")
    if check and stale:
        print("out of date: " + ", ".join(str(p) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
