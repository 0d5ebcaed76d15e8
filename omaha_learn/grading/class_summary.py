"""The numbers behind the class report, from grading records (no HTML here).

Conventions (the report states them too):

* a *submission* is one notebook handed in: the records sharing ``student``,
  ``exercise`` and ``submission``;
* question statistics (mean score, share correct, common wrong answers) count
  only records the checker decided (status ``graded``, and ``unreadable-answer``:
  a miss, listed on its own as written): a notebook that timed
  out says nothing about the question;
* a learner's score on an exercise is their best submission of it; their
  total is out of every exercise anyone in the class handed in (an exercise a
  learner did not hand in counts 0 and is shown as missing);
* a submission *needs a look* when any of its records is not ``graded``, or
  when its learner handed the same exercise in more than once.

>>> from omaha_learn.grading.records import QuestionRecord as R
>>> s = summarise([R("ann", "ex1", "q1", 1, 1, "graded", answer="B"),
...                R("bob", "ex1", "q1", 0, 1, "graded", answer="A"),
...                R("cy", "ex1", "q1", 0, 1, "timed-out")])
>>> q = s.questions["ex1"][0]
>>> q.graded, q.mean, q.share_correct, q.wrong
(2, 0.5, 0.5, [('A', 1)])
>>> [(t.student, t.points, t.max_points) for t in s.students]
[('ann', 1, 1), ('bob', 0, 1), ('cy', 0, 1)]
>>> [(f.student, f.statuses) for f in s.flagged]
[('cy', ('timed-out',))]
"""

from __future__ import annotations

import locale
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from omaha_learn.errors import ReportError
from omaha_learn.grading.records import STATUSES, QuestionRecord

__all__ = ["ReportError", "QuestionStats", "ExerciseScore", "StudentTotal", "Flagged", "ClassSummary", "summarise",
           "natural_key", "learner_key", "HISTOGRAM_BINS", "histogram", "check_records", "STATUS_NOTES",
           "LEARNER_FLAGS"]

NO_ANSWER = "(no answer)"


STATUS_NOTES = {  # what each status other than graded means, in words for a reader
    "unreadable-answer": "an answer was written but cannot be read (or its answer cell raised an error)",
    "unreadable": "not a notebook that can be graded (not JSON, wrong format, malformed cells, not .ipynb)",
    "timed-out": "the notebook's time, or one cell's (--cell-timeout), ran out before these questions ran",
    "kernel-died": "the Python kernel ended before these questions ran",
    "no-key": "no teacher's key for this exercise",
    "wrong-exercise": "the notebook says it is another exercise than the one its file name names",
    "cleanup-failed": "graded, but its sandbox left files the grader could not remove (named in the feedback)",
}

HISTOGRAM_BINS = tuple(f"{10 * i}-{10 * i + 9}%" if i < 9 else "90-100%" for i in range(10))


def natural_key(text: str) -> tuple[object, ...]:
    """Sort key putting q2 before q10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


_FOLD = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ı": "i"})


def learner_key(name: str) -> tuple[object, ...]:
    """Sort key for learners' names: case-insensitive, accents after their letter, digits as numbers.

    With a collating locale set (``omaha-learn grade`` takes the teacher's), that locale orders
    the letters; else letters sort by their base letter (Latin, then Greek, then Cyrillic).

    >>> sorted(["Zoë", "ann", "Bob", "Анна", "Õie", "Mette Ørsted", "Mette Olsen", "amy2", "amy10"], key=learner_key)
    ['amy2', 'amy10', 'ann', 'Bob', 'Mette Olsen', 'Mette Ørsted', 'Õie', 'Zoë', 'Анна']
    """
    folded = name.casefold()
    collate = locale.setlocale(locale.LC_COLLATE)
    if collate not in ("C", "POSIX", "C.UTF-8", "C.utf8"):
        try:  # text parts by the locale, digits as numbers
            return (tuple(int(p) if p.isdigit() else locale.strxfrm(p) for p in re.split(r"(\d+)", folded)),
                    name)
        except (OSError, ValueError):  # pragma: no cover - a broken locale
            pass
    base = "".join(ch for ch in unicodedata.normalize("NFKD", folded.translate(_FOLD))
                   if not unicodedata.combining(ch))
    return (natural_key(base), natural_key(folded), name)


LEARNER_FLAGS = {
    "at zero": "no points at all",
    "unreadable answers": "wrote answers that cannot be read, or answer cells raised errors",
    "answer cells deleted": "deleted answer cells",
    "timed out": "a cell or the notebook ran out of time",
}
"""Why a learner is flagged in the report (:attr:`StudentTotal.flags`)."""


@dataclass(frozen=True)
class QuestionStats:
    exercise: str
    question: str
    max_points: int
    graded: int          # records the checker decided
    total: int           # all records of this question
    mean: float          # mean points over graded records (0 when none)
    share_correct: float  # share of graded records with full points (0 when none)
    wrong: list[tuple[str, int]]  # most common wrong answers, (answer, count), most common first
    rules: str = ""
    unreadable: list[tuple[str, int]] = field(default_factory=list)  # most common unreadable answers
    text: str = ""


@dataclass(frozen=True)
class ExerciseScore:
    points: float
    max_points: int
    statuses: tuple[str, ...]   # statuses other than graded in the counted submission
    submissions: int            # how many times the learner handed this exercise in


@dataclass(frozen=True)
class StudentTotal:
    student: str
    points: float
    max_points: int
    exercises: dict[str, ExerciseScore]
    questions: dict[tuple[str, str], QuestionRecord] = field(default_factory=dict)  # counted records
    flags: tuple[str, ...] = ()   # keys of LEARNER_FLAGS
    all_exercises: tuple[str, ...] = ()   # every exercise the class handed in

    @property
    def missing(self) -> list[str]:
        """Exercises the class handed in and this learner did not (each counts 0 of its points)."""
        return [ex for ex in self.all_exercises if ex not in self.exercises]

    @property
    def share(self) -> float:
        return self.points / self.max_points if self.max_points else 0.0


@dataclass(frozen=True)
class Flagged:
    student: str
    exercise: str
    submission: str
    statuses: tuple[str, ...]
    detail: str


@dataclass(frozen=True)
class ClassSummary:
    exercises: list[str]
    max_points: dict[str, int]                       # exercise -> class maximum
    questions: dict[str, list[QuestionStats]]        # exercise -> questions in order
    students: list[StudentTotal]
    flagged: list[Flagged]
    submissions: int
    status_counts: dict[str, int] = field(default_factory=dict)  # submissions with each status


def _submission_key(r: QuestionRecord) -> tuple[str, str, str]:
    return (r.student, r.exercise, r.submission)


def _status_order(status: str) -> int:
    return STATUSES.index(status) if status in STATUSES else len(STATUSES)


def check_records(records: Iterable[QuestionRecord]) -> list[QuestionRecord]:
    """The records as a list; :class:`ReportError` naming ``records`` if one is not a QuestionRecord."""
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise ReportError(f"records: expected QuestionRecord items, got {type(records).__name__}")
    recs = list(records)
    for i, r in enumerate(recs):
        if not isinstance(r, QuestionRecord):
            raise ReportError(f"records: item {i} is a {type(r).__name__}, not a QuestionRecord")
    return recs


def summarise(records: Iterable[QuestionRecord], *, wrong_answers: int = 3) -> ClassSummary:
    """Everything the class report shows, computed from the records."""
    recs = check_records(records)
    exercises = sorted({r.exercise for r in recs}, key=natural_key)
    # question maxima and order
    qmax: dict[tuple[str, str], int] = {}
    qrules: dict[tuple[str, str], str] = {}
    qtext: dict[tuple[str, str], str] = {}
    for r in recs:
        k = (r.exercise, r.question)
        qmax[k] = max(qmax.get(k, 0), r.max_points)
        if r.rule and not qrules.get(k):
            qrules[k] = r.rule
        if r.text and not qtext.get(k):
            qtext[k] = r.text
    by_question: dict[tuple[str, str], list[QuestionRecord]] = {}
    for r in recs:
        by_question.setdefault((r.exercise, r.question), []).append(r)
    questions: dict[str, list[QuestionStats]] = {}
    for ex in exercises:
        # questions worth nothing are placeholders ("-" for a notebook that could not be read): no statistics
        qs = sorted({q for (e, q) in qmax if e == ex and qmax[(e, q)] > 0}, key=natural_key)
        stats = []
        for q in qs:
            mine = by_question[(ex, q)]
            graded = [r for r in mine if r.status == "graded"]
            wrong = Counter(r.answer.strip() or NO_ANSWER for r in graded if not r.correct)
            unreadable = Counter(r.answer.strip() or r.feedback for r in mine if r.status == "unreadable-answer")
            decided = graded + [r for r in mine if r.status == "unreadable-answer"]
            stats.append(QuestionStats(
                ex, q, qmax[(ex, q)], len(decided), len(mine),
                sum(r.points for r in decided) / len(decided) if decided else 0.0,
                sum(r.correct for r in decided) / len(decided) if decided else 0.0,
                sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))[:wrong_answers],
                qrules.get((ex, q), ""),
                sorted(unreadable.items(), key=lambda kv: (-kv[1], kv[0]))[:wrong_answers],
                qtext.get((ex, q), "")))
        questions[ex] = stats
    max_points = {ex: sum(s.max_points for s in questions[ex]) for ex in exercises}

    by_sub: dict[tuple[str, str, str], list[QuestionRecord]] = {}
    for r in recs:
        by_sub.setdefault(_submission_key(r), []).append(r)

    students = sorted({r.student for r in recs}, key=learner_key)
    totals: list[StudentTotal] = []
    flagged: list[Flagged] = []
    status_counts: Counter[str] = Counter()
    for key, rs in sorted(by_sub.items(), key=lambda kv: tuple(natural_key(x) for x in kv[0])):
        statuses = tuple(sorted({r.status for r in rs} - {"graded"}, key=_status_order))
        status_counts.update(statuses or ("graded",))
        if statuses:
            detail = next((f"{r.question}: {r.feedback} (wrote {r.answer!r})" if r.status == "unreadable-answer"
                           else r.feedback for r in rs if r.status != "graded" and r.feedback), "")
            flagged.append(Flagged(key[0], key[1], key[2], statuses, detail))
    by_learner: dict[tuple[str, str], list[list[QuestionRecord]]] = {}
    for (student, ex, _), rs in by_sub.items():
        by_learner.setdefault((student, ex), []).append(rs)
    for student in students:
        per_ex: dict[str, ExerciseScore] = {}
        counted: dict[tuple[str, str], QuestionRecord] = {}
        for ex in exercises:
            subs = by_learner.get((student, ex), [])
            if not subs:
                continue
            best = max(subs, key=lambda rs: sum(r.points for r in rs))
            statuses = tuple(sorted({r.status for r in best} - {"graded"}, key=_status_order))
            per_ex[ex] = ExerciseScore(sum(r.points for r in best), max_points[ex], statuses, len(subs))
            counted.update(((r.exercise, r.question), r) for r in best if r.max_points > 0)
            if len(subs) > 1:
                flagged.append(Flagged(student, ex, ", ".join(sorted(rs[0].submission for rs in subs)),
                                       ("handed in twice" if len(subs) == 2 else f"handed in {len(subs)} times",),
                                       "the best submission counts"))
        points = sum(s.points for s in per_ex.values())
        flags = _learner_flags(points, list(counted.values()))
        totals.append(StudentTotal(student, points, sum(max_points.values()), per_ex, counted, flags,
                                   tuple(exercises)))
    flagged.sort(key=lambda f: (learner_key(f.student), natural_key(f.exercise), f.submission))
    return ClassSummary(exercises, max_points, questions, totals, flagged, len(by_sub), dict(status_counts))


def _learner_flags(points: float, counted: list[QuestionRecord]) -> tuple[str, ...]:
    flags = []
    if points == 0:
        flags.append("at zero")
    if any(r.status == "unreadable-answer" for r in counted):
        flags.append("unreadable answers")
    if any(r.flag == "answer-cell-missing" for r in counted):
        flags.append("answer cells deleted")
    if any(r.status == "timed-out" for r in counted):
        flags.append("timed out")
    return tuple(flags)


def histogram(totals: Iterable[StudentTotal]) -> list[int]:
    """Learners per tenth of the points (:data:`HISTOGRAM_BINS`; 100% goes in the last bin)."""
    counts = [0] * 10
    for t in totals:
        counts[min(int(t.share * 10 + 1e-9), 9)] += 1
    return counts
