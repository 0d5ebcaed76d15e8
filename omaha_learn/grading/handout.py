"""``omaha-learn handout``: one copy of each exercise per learner, each with a deal of its own.

Usage::

    omaha-learn handout --roster roster.csv --out handout/ [--exercises 01,03] [--copies exercises/]

For every learner of the roster (:func:`omaha_learn.grading.deals.read_roster`:
columns ``id`` and ``name``; the id names the learner's folder) and every
exercise copy, ``OUT/<id>/<exercise>.ipynb`` is the practice copy with, for an
exercise with a deal (:mod:`omaha_learn.checks.deals`), the learner's seed in
``metadata.omaha_learn.seed`` and in its setup cell
(``DEAL.for_notebook(seed=...)``) and that deal printed under the setup cell.
Exercises without a deal are copied as they are. No copy holds an answer or a
digest: the grader recomputes each learner's answers from the engine and their
seed. The practice copies (``exercises/``) keep the class seed.

The rules travel with the copies: every learner's folder gets ``rules.md``
(the project's ``docs/rules.md``) and the copies' rule links point at it
(:func:`rules_beside`), so a folder handed out alone still opens its rules.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from omaha_learn.checks.deals import SEED_KEY, learner_seed
from omaha_learn.errors import DealError
from omaha_learn.grading.deals import Learner, deal_for, read_roster
from omaha_learn.i18n import LANGUAGES, language

__all__ = ["handout", "learner_notebook", "select_copies", "FOR_NOTEBOOK", "rules_beside", "write_rules",
           "RULES_NAME"]

FOR_NOTEBOOK = "DEAL.for_notebook()"
"""The call in a dealt exercise's setup cell that the handout gives the learner's seed."""
RULES_NAME = "rules.md"
"""The rules reference's name beside copies handed out (a copy of ``docs/rules.md``)."""
_RULES_LINK = re.compile(r"(?:\.\./)+docs/rules\.md")
_UNSAFE_ID = re.compile(r"[\x00-\x1f\x7f/\\:*?\"<>|]")


def _folder_name(learner: Learner) -> str:
    """The learner's folder: their id, refused when it is not a plain file name."""
    if _UNSAFE_ID.search(learner.id) or learner.id in (".", "..") or learner.id.startswith("."):
        raise DealError(f"roster id {learner.id!r}: not usable as a folder name (no / \\ : * ? \" < > |, "
                        "control characters or leading dot)")
    return learner.id


def select_copies(copies: Path, wanted: Sequence[str] | None) -> list[Path]:
    """The exercise copies in ``copies``; ``wanted`` picks by number (``01``) or file stem."""
    found = sorted(p for p in copies.glob("*.ipynb") if p.is_file())
    if not found:
        raise DealError(f"no exercise copies in {copies}")
    if not wanted:
        return found
    chosen = []
    for w in wanted:
        match = [p for p in found if p.stem == w or p.stem.split("_", 1)[0] == w or p.stem.split("_", 1)[-1] == w]
        if not match:
            raise DealError(f"--exercises: no copy {w!r} in {copies} (copies: "
                            f"{', '.join(p.stem for p in found)})")
        chosen += [p for p in match if p not in chosen]
    return chosen


def rules_beside(nb: dict[str, Any]) -> dict[str, Any]:
    """``nb`` (a notebook as JSON, changed in place) with its markdown's links to ``docs/rules.md`` pointing at
    :data:`RULES_NAME` in the notebook's own folder (where :func:`write_rules` puts it).

    >>> rules_beside({"cells": [{"cell_type": "markdown", "source": "[R2](../docs/rules.md#r2)"}]})["cells"][0]["source"]
    '[R2](rules.md#r2)'
    """
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            cell["source"] = _RULES_LINK.sub(RULES_NAME, text)
    return nb


def write_rules(folder: Path) -> Path:
    """Copy the rules reference (``docs/rules.md``) into ``folder`` as :data:`RULES_NAME`; its path."""
    from omaha_learn.resources import rules_file

    source = rules_file()
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise DealError(f"the rules reference {source}: cannot read it ({type(exc).__name__})") from None
    target = folder / RULES_NAME
    target.write_text(text, encoding="utf-8")
    return target


def learner_notebook(nb: dict[str, Any], learner: Learner) -> dict[str, Any]:
    """One learner's copy of the copy ``nb`` (a notebook as JSON): their seed and their deal, if it has one."""
    out = rules_beside(copy.deepcopy(nb))
    meta = out.setdefault("metadata", {})
    ol = meta.setdefault("omaha_learn", {})
    deal = deal_for(str(ol.get("exercise", "")))
    if deal is None:
        return out
    seed = learner_seed(deal.class_seed, learner.id)
    ol[SEED_KEY] = seed
    ol["learner"] = learner.id
    setups = [c for c in out.get("cells", []) if c.get("cell_type") == "code"
              and "setup" in c.get("metadata", {}).get("tags", []) and FOR_NOTEBOOK in "".join(c.get("source", ""))]
    if len(setups) != 1:
        raise DealError(f"exercise {deal.exercise}: expected one setup cell calling {FOR_NOTEBOOK}, "
                        f"found {len(setups)}")
    cell = setups[0]
    cell["source"] = "".join(cell["source"]).replace(FOR_NOTEBOOK, f"DEAL.for_notebook(seed={seed})")
    lang = ol.get("language")
    with language(lang if isinstance(lang, str) and lang in LANGUAGES else "en"):   # the notebook's own language
        text = deal.describe(deal.draw(seed), seed) + "\n"
    cell["outputs"] = [{"name": "stdout", "output_type": "stream", "text": text.splitlines(keepends=True)}]
    return out


def handout(roster: Path, out: Path, exercises: Sequence[str] | None = None,
            copies: Path | None = None) -> list[Path]:
    """Write ``out/<id>/<exercise>.ipynb`` (and ``out/<id>/rules.md``) for every learner and exercise; the
    notebooks written."""
    from omaha_learn.resources import lessons_root

    learners = read_roster(roster)
    folders = [_folder_name(x) for x in learners]
    sources = select_copies(copies if copies is not None else lessons_root() / "exercises", exercises)
    books = {p: json.loads(p.read_text(encoding="utf-8")) for p in sources}
    written = []
    for learner, folder in zip(learners, folders, strict=True):
        target = out / folder
        target.mkdir(parents=True, exist_ok=True)
        write_rules(target)
        for path, nb in books.items():
            dest = target / path.name
            dest.write_text(json.dumps(learner_notebook(nb, learner), indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")
            written.append(dest)
    return written
