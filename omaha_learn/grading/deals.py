"""The grader's side of per-learner deals: roster seeds, each learner's answers, copy flags.

For an exercise with a deal the grader does not take the right answers from
the key's run: it recomputes them from the engine for the learner's own seed.

* **Which seed.** With a roster (``--roster``), the learner's seed comes from
  their roster id (the submission's folder or file name, NFC) and the class
  seed: a notebook whose metadata names another seed (a neighbour's copy, or
  edited metadata) is flagged ``seed-mismatch`` and graded on the learner's
  own deal. Without a roster the metadata's seed is used (and the log says
  so); a notebook with none is graded on the class deal.
* **Run on that deal.** The sandbox's first cell is ``use_seed(exercise,
  seed)``, so the key's setup cells deal the learner's cards and any answer
  computed from ``hands`` or ``board`` is about their deal.
* **Copied answers.** Two submissions of one exercise on different deals
  that give the same answers to the deal's questions, where those deals'
  right answers differ, are both flagged ``same answers, different deal``.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from omaha_learn.checks.deals import SEED_KEY, Deal, learner_seed
from omaha_learn.errors import DealError
from omaha_learn.grading.records import QuestionRecord
from omaha_learn.i18n import gettext

__all__ = ["Learner", "read_roster", "roster_ids", "deal_for", "seed_for", "seeded_plan", "learner_key",
           "mark", "flag_copies", "check_key", "SEED_MISMATCH", "COPIED"]

SEED_MISMATCH = "seed-mismatch"
"""``deal_flag`` of a notebook whose metadata seed is not its learner's (roster): graded on the learner's own."""
COPIED = "same answers, different deal"
"""``deal_flag`` of two submissions with the same answers on different deals."""
MAX_ROSTER_BYTES = 5_000_000


@dataclass(frozen=True)
class Learner:
    """One roster line: the learner's id (NFC, trimmed; what their folder is called) and name."""

    id: str
    name: str


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip()


def read_roster(path: Path) -> list[Learner]:
    """The learners of a roster CSV (columns ``id`` and ``name`` at least; others are kept for other tools).

    A missing file or column, an empty or repeated id is a :class:`DealError` naming the line.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DealError(f"roster {path}: cannot read it ({type(exc).__name__})") from None
    if len(raw) > MAX_ROSTER_BYTES:
        raise DealError(f"roster {path}: larger than {MAX_ROSTER_BYTES // 1_000_000} MB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DealError(f"roster {path}: not UTF-8 text (save it as CSV UTF-8)") from None
    reader = csv.DictReader(io.StringIO(text))
    fields = {(f or "").strip().lower(): f for f in (reader.fieldnames or [])}
    missing = [c for c in ("id", "name") if c not in fields]
    if missing:
        raise DealError(f"roster {path}: no {' or '.join(missing)} column (columns: {', '.join(fields) or 'none'})")
    learners: list[Learner] = []
    seen: dict[str, int] = {}
    for row in reader:
        line = reader.line_num
        ident = _nfc(row.get(fields["id"]) or "")
        if not ident:
            raise DealError(f"roster {path}, line {line}: empty id")
        if ident in seen:
            raise DealError(f"roster {path}, line {line}: id {ident!r} again (first on line {seen[ident]})")
        seen[ident] = line
        learners.append(Learner(ident, _nfc(row.get(fields["name"]) or "")))
    if not learners:
        raise DealError(f"roster {path}: no learners")
    return learners


def roster_ids(learners: Any) -> Any:
    """{id: learner} of a list of :class:`Learner`; a class list with ``learner_for`` (the grader's
    :class:`~omaha_learn.grading.roster.Roster`) as it is; None without a roster."""
    if learners is None or hasattr(learners, "learner_for"):
        return learners
    return {x.id: x for x in learners}


def _learner_id(roster: Any, student: str, path: Path | None) -> str | None:
    """The roster id of a submission's learner, or None when the roster does not know them."""
    if hasattr(roster, "learner_for"):   # the class list: folders, file-name patterns, Canvas and Moodle names
        found = roster.learner_for(student, path if path is not None else Path(student))
        return None if found is None else _nfc(str(found.id))
    ident = _nfc(student)
    return ident if ident in roster else None


def deal_for(exercise_name: str) -> Deal[Any] | None:
    """The exercise's deal, or None when every learner gets the same questions."""
    from omaha_learn.checks import EXERCISES, exercise

    return exercise(exercise_name).deal if exercise_name in EXERCISES else None


def metadata_seed(meta: Mapping[str, Any]) -> int | None:
    """``metadata.omaha_learn.seed`` when it is a whole number."""
    ol = meta.get("omaha_learn", {})
    seed = ol.get(SEED_KEY) if isinstance(ol, dict) else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def seed_for(exercise_name: str, meta: Mapping[str, Any], student: str,
             roster: Any, path: Path | None = None) -> tuple[int | None, str, str]:
    """(seed to grade on, flag, note for the log) for one submission; (None, "", "") without a deal."""
    deal = deal_for(exercise_name)
    if deal is None:
        return None, "", ""
    written = metadata_seed(meta)
    ident = _nfc(student)
    found = _learner_id(roster, student, path) if roster is not None else None
    if found is not None:
        seed = learner_seed(deal.class_seed, found)
        if written is not None and written != seed:
            return seed, SEED_MISMATCH, gettext(
                "{learner}: the notebook's metadata names seed {written}, not this learner's ({seed}): graded on the "
                "learner's own deal").format(learner=ident, written=written, seed=seed)
        return seed, "", ""
    if written is None:
        note = (gettext("{learner} is not on the roster: no seed in the notebook's metadata: graded on the class deal")
                if roster is not None else
                gettext("{learner}: no roster, no seed in the notebook's metadata: graded on the class deal"))
        return deal.class_seed, "", note.format(learner=ident)
    note = (gettext("{learner} is not on the roster: graded on the seed in the notebook's metadata ({written})")
            if roster is not None else
            gettext("{learner}: no roster, graded on the seed in the notebook's metadata ({written})"))
    return written, "", note.format(learner=ident, written=written)


def seeded_plan(plan: list[dict[str, Any]], exercise_name: str, seed: int | None) -> list[dict[str, Any]]:
    """``plan`` with a first cell that makes the run's deal the one of ``seed`` (unchanged for None)."""
    if seed is None:
        return plan
    source = (f"from omaha_learn.checks.deals import use_seed as _omaha_learn_use_seed\n"
              f"_omaha_learn_use_seed({exercise_name!r}, {int(seed)})")
    return [{"role": "setup", "source": source, "question": None}, *plan]


def learner_key(key: Any, seed: int | None) -> Any:
    """The key as one learner is graded against it: the right answers the engine gives for ``seed``."""
    deal = deal_for(key.exercise) if seed is not None else None
    if deal is None or seed is None:
        return key
    right = deal.right_answers(seed)
    return replace(key, answers=dict(right), problems={q: p for q, p in key.problems.items() if q not in right})


def mark(records: list[QuestionRecord], seed: int | None, flag: str) -> list[QuestionRecord]:
    """Records with the deal's seed (and a seed flag) written on them."""
    if seed is None:
        return records
    return [replace(r, deal_seed=seed, deal_flag=flag) for r in records]


def flag_copies(records: list[QuestionRecord]) -> list[QuestionRecord]:
    """Flag every submission whose deal questions are answered exactly as another's on a different deal."""
    groups: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for i, r in enumerate(records):
        if r.deal_seed is not None:
            groups[(r.exercise, r.student, r.submission)].append(i)
    by_answers: dict[tuple[str, tuple[tuple[str, str], ...]], list[tuple[str, int, list[int]]]] = defaultdict(list)
    for (_exercise, student, _sub), idx in groups.items():
        first = records[idx[0]]
        deal = _deal_of_record(first)
        if deal is None or first.deal_seed is None:
            continue
        answers = tuple((records[i].question, records[i].answer) for i in idx
                        if records[i].question in deal.depends and records[i].answer)
        if answers:
            by_answers[(deal.exercise, answers)].append((student, first.deal_seed, idx))
    out = list(records)
    for (exercise_name, answers), subs in by_answers.items():
        deal = _deal_by_exercise(exercise_name)
        if deal is None:
            continue
        for student, seed, idx in subs:
            right = deal.right_answers(seed)
            twins = sorted({other for other, other_seed, _ in subs if other_seed != seed and other != student
                            and any(right[q] != deal.right_answers(other_seed)[q] for q, _a in answers)})
            if twins:
                note = f"{COPIED}: as {', '.join(twins)}"
                for i in idx:
                    old = out[i].deal_flag
                    out[i] = replace(out[i], deal_flag=f"{old}; {note}" if old else note)
    return out


def _deal_by_exercise(exercise_name: str) -> Deal[Any] | None:
    return deal_for(exercise_name)


def _deal_of_record(r: QuestionRecord) -> Deal[Any] | None:
    """The deal of the exercise a record's key belongs to (records name the key's file stem)."""
    from omaha_learn.checks import EXERCISES

    for name, file_name in EXERCISES.items():
        if file_name.removesuffix(".ipynb") == r.exercise or name == r.exercise:
            return deal_for(name)
    return None


def check_key(key: Any, say: Callable[[str], None]) -> None:
    """Warn when the key's own answers (its run, class seed) are not what the engine says for the class deal."""
    deal = deal_for(key.exercise)
    if deal is None:
        return
    right = deal.right_answers(deal.class_seed)
    for qid, answer in key.answers.items():
        if right.get(qid) != answer:
            say(gettext("warning: the key {file} answers {question} {answer}, the engine says {right} for the class "
                        "deal; learners are graded on the engine's answers for their own deals").format(
                file=key.path.name, question=qid, answer=repr(answer), right=repr(right.get(qid))))
