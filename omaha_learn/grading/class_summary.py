"""The numbers behind the class report, from grading records (no HTML here).

Conventions (the report states them too):

* a *submission* is one notebook handed in: the records sharing ``student``,
  ``exercise`` and ``submission``;
* question statistics (mean score, share correct, common wrong answers) count
  only records the checker decided (status ``graded``, and ``unreadable-answer``:
  a miss, listed on its own as written): a notebook that timed
  out says nothing about the question;
* the exercises that count for the class are the ones the teacher names
  (:class:`Assignment`, ``--exercises``), else those more than half of the
  learners handed in; every learner's total is out of the same exercises, each
  counted once, so what one learner hands in never changes anyone else's
  figures. Other notebooks (extra exercises, a file with no key) are listed
  and flagged, never counted;
* a learner's score on an exercise is one copy of it: the latest (the file's
  time, then name order) or, with ``choose="best"``, the best; an exercise
  a learner did not hand in counts 0 and is shown as missing;
* a submission *needs a look* when any of its records is not ``graded``, an
  answer cell was deleted, it does not count, its deal is flagged (another
  learner's seed in its metadata, or the same answers as a submission on a
  different deal: :data:`DEAL_LOOKS`), or when its learner handed the same
  exercise in more than once.

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
from dataclasses import dataclass, field, replace

from omaha_learn.checks.messages import Message, english, loads, msg, plural_msg, render
from omaha_learn.errors import ReportError
from omaha_learn.grading.deals import COPIED, SEED_MISMATCH
from omaha_learn.grading.records import STATUSES, QuestionRecord
from omaha_learn.i18n import N_, gettext, ngettext, pgettext

__all__ = ["ReportError", "QuestionStats", "ExerciseScore", "StudentTotal", "Flagged", "ClassSummary", "summarise",
           "natural_key", "learner_key", "HISTOGRAM_BINS", "histogram", "check_records", "STATUS_NOTES",
           "LEARNER_FLAGS", "Assignment", "CHOICES", "DEAL_LOOKS", "look_label", "record_note", "deal_note"]

NO_ANSWER = "(no answer)"


STATUS_NOTES = {  # what each status other than graded means, in words for a reader
    "unreadable-answer": N_("an answer was written but cannot be read (or its answer cell raised an error)"),
    "unreadable": N_("not a notebook that can be graded (not JSON, wrong format, malformed cells, not .ipynb)"),
    "timed-out": N_("the notebook's time, or one cell's (--cell-timeout), ran out before these questions ran"),
    "kernel-died": N_("the Python kernel ended before these questions ran"),
    "no-key": N_("no teacher's key for this exercise"),
    "wrong-exercise": N_("the notebook says it is another exercise than the one its file name names"),
    "cleanup-failed": N_("graded, but its sandbox left files the grader could not remove (named in the feedback)"),
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
    "at zero": N_("no points at all"),
    "unreadable answers": N_("wrote answers that cannot be read, or answer cells raised errors"),
    "answer cells deleted": N_("deleted answer cells"),
    "timed out": N_("a cell or the notebook ran out of time"),
    "extra notebooks": N_("handed in notebooks that count for nobody (another exercise, another copy, no key)"),
}
"""Why a learner is flagged in the report (:attr:`StudentTotal.flags`)."""
DEAL_LOOKS = (SEED_MISMATCH, COPIED)
"""What needs a look about a submission's deal (:mod:`omaha_learn.grading.deals`): a notebook whose metadata
names another learner's seed, and the same answers as a submission on a different deal."""


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
    discrimination: float | None = None   # share right in the upper 27% of totals minus the lower 27%
    upper_share: float | None = None      # share right among the upper 27% (the strong learners)
    wrong_written: list[tuple[str, int, str]] = field(default_factory=list)  # (as written, count, hint given)

    @property
    def strong_miss(self) -> bool:
        """Most strong learners miss it: look at the key and the question's wording."""
        return self.upper_share is not None and self.upper_share < 0.5


@dataclass(frozen=True)
class ExerciseScore:
    points: float
    max_points: int
    statuses: tuple[str, ...]   # statuses other than graded in the counted submission
    submissions: int            # how many times the learner handed this exercise in
    submission: str = ""        # the copy that counts
    late_days: int = 0          # whole days late (0: on time)
    deduction: float = 0.0      # points taken off for lateness (already out of ``points``)


@dataclass(frozen=True)
class StudentTotal:
    student: str
    points: float
    max_points: int
    exercises: dict[str, ExerciseScore]
    questions: dict[tuple[str, str], QuestionRecord] = field(default_factory=dict)  # counted records
    flags: tuple[str, ...] = ()   # keys of LEARNER_FLAGS
    all_exercises: tuple[str, ...] = ()   # every exercise that counts for the class
    extra: dict[str, ExerciseScore] = field(default_factory=dict)  # handed in, not counted for the class

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
    note: Message = ""
    """``detail`` in no language (:mod:`omaha_learn.checks.messages`): the report writes it in its own."""

    @property
    def shown(self) -> str:
        """The detail in the language in use."""
        return render(self.note) if self.note not in ("", None, []) else self.detail


@dataclass(frozen=True)
class ClassSummary:
    exercises: list[str]
    max_points: dict[str, int]                       # exercise -> class maximum
    questions: dict[str, list[QuestionStats]]        # exercise -> questions in order
    students: list[StudentTotal]
    flagged: list[Flagged]
    submissions: int
    status_counts: dict[str, int] = field(default_factory=dict)  # submissions with each status
    not_counted: dict[tuple[str, str, str], str] = field(default_factory=dict)  # (student, exercise, submission)
    assignment: Assignment = field(default_factory=lambda: Assignment())
    extra_exercises: list[str] = field(default_factory=list)   # handed in by someone, not counted for the class
    not_counted_notes: dict[tuple[str, str, str], Message] = field(default_factory=dict)  # the same, no language

    def counts(self, r: QuestionRecord) -> str:
        """The CSV's ``counts`` cell of a record: ``yes``, or ``no: `` and the reason."""
        why = self.not_counted.get(_submission_key(r))
        return f"no: {why}" if why else "yes"


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


CHOICES = ("latest", "best")
"""Which of a learner's copies of one exercise counts: the latest (default) or the best (``--best``)."""


@dataclass(frozen=True)
class Assignment:
    """What the class is graded on: the exercises that count, their maxima, and which copy counts.

    ``exercises``: the exercises graded (key names such as ``01_reading_hands``), as the teacher
    named them (``--exercises``); ``None``: an exercise counts when more than half of the learners
    handed it in. ``max_points``: each exercise's points from its key (for an exercise nobody
    handed in). ``choose``: ``latest`` (the file's time, then name order when equal) or ``best``.
    """

    exercises: tuple[str, ...] | None = None
    max_points: dict[str, int] = field(default_factory=dict)
    choose: str = "latest"
    learners: tuple[str, ...] | None = None
    """The class list (``--roster``): every learner is listed, with or without a submission; a submission
    of anyone else is flagged "not on the roster"."""
    due: float | None = None
    """When the work is due (POSIX seconds, ``--due``); None: no late work."""
    penalty: tuple[float, ...] = ()
    """The share of an exercise's points deducted per day late: one value for every day (``10%/day``), or
    one per day (``10%,25%,100%``: the last for every later day); cumulative, at most the points."""
    per_day: bool = True
    grace_minutes: float = 0.0
    extensions: dict[str, float] = field(default_factory=dict)
    """Extra days per learner (the roster's ``extension_days``)."""
    time_source: str = N_("the file's time")

    def late(self, student: str, when: float | None) -> int:
        """Whole days (started) the submission came after the learner's due time; 0 when on time."""
        if self.due is None or when is None:
            return 0
        over = when - (self.due + 86400 * self.extensions.get(student, 0.0) + 60 * self.grace_minutes)
        return 0 if over <= 0 else int(-(-over // 86400))

    def deduction(self, days: int, max_points: float, points: float) -> float:
        """Points taken off for ``days`` late (never more than the points scored)."""
        if days <= 0 or not self.penalty:
            return 0.0
        share = (self.penalty[0] * days if self.per_day
                 else self.penalty[min(days, len(self.penalty)) - 1])
        return round(min(points, max_points * min(share, 1.0)), 2)

    def __post_init__(self) -> None:
        if self.choose not in CHOICES:
            raise ReportError(f"choose: {self.choose!r}; expected one of {', '.join(CHOICES)}")
        if self.exercises is not None and (isinstance(self.exercises, str)
                                           or not all(isinstance(e, str) for e in self.exercises)):
            raise ReportError("exercises: expected a sequence of exercise names")

    @property
    def rule(self) -> str:
        """Which copy counts, in words (shown in the report)."""
        if self.choose == "best":
            return gettext("the best copy counts (--best)")
        return gettext("the latest copy counts (by the file's time, then by name order when the times are equal)")


def _latest_key(rs: list[QuestionRecord]) -> tuple[float, tuple[object, ...]]:
    sub = rs[0].submission
    return (rs[0].mtime if rs[0].mtime is not None else 0.0, natural_key(sub.removesuffix(".ipynb")))


def _chosen(subs: list[list[QuestionRecord]], choose: str) -> list[QuestionRecord]:
    if choose == "best":
        return max(subs, key=lambda rs: (sum(r.points for r in rs), _latest_key(rs)))
    return max(subs, key=_latest_key)


def _counted_exercises(recs: list[QuestionRecord], students: list[str], assignment: Assignment
                       ) -> tuple[list[str], dict[str, Message]]:
    """(exercises that count for the class, {other exercise handed in: why it does not count})."""
    handed: dict[str, set[str]] = {}
    on_list = set(assignment.learners) if assignment.learners is not None else None
    for r in recs:
        handed.setdefault(r.exercise, set())
        if r.max_points > 0 and (on_list is None or r.student in on_list):
            handed[r.exercise].add(r.student)
    class_size = len(on_list) if on_list is not None else len(students)
    if assignment.exercises is not None:
        counted = list(dict.fromkeys(assignment.exercises))
        why: dict[str, Message] = {ex: msg(N_("{exercise} is not one of the exercises graded (--exercises)"),
                                           exercise=ex) for ex in handed if ex not in counted}
    else:
        counted = [ex for ex, who in handed.items() if who and 2 * len(who) > class_size]
        why = {ex: (msg(N_("no key for {exercise}"), exercise=ex) if not who else
                    plural_msg("only {n} of {size} learners handed {exercise} in (an exercise counts for the class "
                               "when more than half do; name the exercises with --exercises)",
                               "only {n} of {size} learners handed {exercise} in (an exercise counts for the class "
                               "when more than half do; name the exercises with --exercises)",
                               "size", n=len(who), size=class_size, exercise=ex))
               for ex, who in handed.items() if ex not in counted}
    return sorted(counted, key=natural_key), why


def summarise(records: Iterable[QuestionRecord], *, wrong_answers: int = 3,
              assignment: Assignment | None = None) -> ClassSummary:
    """Everything the class report shows, computed from the records (see the module docs)."""
    recs = check_records(records)
    plan = assignment or Assignment()
    students = sorted({r.student for r in recs} | set(plan.learners or ()), key=learner_key)
    exercises, not_assigned = _counted_exercises(recs, students, plan)
    counted_ex = set(exercises)

    by_sub: dict[tuple[str, str, str], list[QuestionRecord]] = {}
    for r in recs:
        by_sub.setdefault(_submission_key(r), []).append(r)
    by_learner: dict[tuple[str, str], list[list[QuestionRecord]]] = {}
    for (student, ex, _), rs in by_sub.items():
        by_learner.setdefault((student, ex), []).append(rs)
    chosen: dict[tuple[str, str], list[QuestionRecord]] = {k: _chosen(subs, plan.choose)
                                                           for k, subs in by_learner.items()}
    not_counted_notes: dict[tuple[str, str, str], Message] = {}
    for key, rs in by_sub.items():
        student, ex, sub = key
        if ex not in counted_ex:
            not_counted_notes[key] = not_assigned.get(ex, msg(N_("{exercise} does not count for the class"),
                                                              exercise=ex))
        elif chosen[(student, ex)] is not rs:
            other = chosen[(student, ex)][0].submission
            not_counted_notes[key] = msg(N_("another copy counts ({file}: {rule})"), file=other,
                                         rule=_rule_message(plan, short=True))
    not_counted = {k: english(v) for k, v in not_counted_notes.items()}
    counted_recs = [r for key, rs in by_sub.items() if key not in not_counted for r in rs]

    # question maxima and order, from the counted submissions
    qmax: dict[tuple[str, str], int] = {}
    qrules: dict[tuple[str, str], str] = {}
    qtext: dict[tuple[str, str], str] = {}
    for r in recs:
        if r.exercise not in counted_ex:
            continue
        k = (r.exercise, r.question)
        qmax[k] = max(qmax.get(k, 0), r.max_points)
        if r.rule and not qrules.get(k):
            qrules[k] = r.rule
        if r.text and not qtext.get(k):
            qtext[k] = r.text
    by_question: dict[tuple[str, str], list[QuestionRecord]] = {}
    for r in counted_recs:
        by_question.setdefault((r.exercise, r.question), []).append(r)
    questions: dict[str, list[QuestionStats]] = {}
    for ex in exercises:
        # questions worth nothing are placeholders ("-" for a notebook that could not be read): no statistics
        qs = sorted({q for (e, q) in qmax if e == ex and qmax[(e, q)] > 0}, key=natural_key)
        stats = []
        for q in qs:
            mine = by_question.get((ex, q), [])
            graded = [r for r in mine if r.status == "graded"]
            wrong = Counter(r.answer.strip() or NO_ANSWER for r in graded if not r.correct)
            unreadable = Counter(r.answer.strip() or render(record_note(r)) for r in mine
                                 if r.status == "unreadable-answer")
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
    max_points = {ex: (sum(s.max_points for s in questions[ex]) if questions[ex]
                       else int(plan.max_points.get(ex, 0))) for ex in exercises}

    flagged: list[Flagged] = []
    status_counts: Counter[str] = Counter()
    for key, rs in sorted(by_sub.items(), key=lambda kv: tuple(natural_key(x) for x in kv[0])):
        statuses = tuple(sorted({r.status for r in rs} - {"graded"}, key=_status_order))
        status_counts.update(statuses or ("graded",))
        looks = statuses
        if any("answer-cell-missing" in r.flag.split(",") for r in rs):
            looks += ("answer cell deleted",)
        if any("override-for-another-answer" in r.flag.split(",") for r in rs):
            looks += ("override for another answer",)
        if key[1] not in counted_ex and "no-key" not in statuses:
            looks += ("not counted",)
        deal_flags = sorted({r.deal_flag for r in rs if r.deal_flag})
        looks += tuple(label for label in DEAL_LOOKS if any(label in f for f in deal_flags))
        if looks:
            parts: list[Message] = [msg(N_("{question}: {reason} (wrote {answer})"), question=r.question,
                                        reason=record_note(r), answer=repr(r.written or r.answer))
                                    for r in rs if r.status == "unreadable-answer"]
            if not parts:
                parts += [record_note(r) for r in rs if r.status != "graded" and r.feedback][:1]
            if key[1] not in counted_ex and "no-key" not in statuses:
                parts.insert(0, not_counted_notes[key])
            if "override for another answer" in looks:
                which = ", ".join(r.question for r in rs if "override-for-another-answer" in r.flag.split(","))
                parts.append(msg(N_("the answer changed since the override was made (not applied): {questions}"),
                                 questions=which))
            if "answer cell deleted" in looks:
                deleted = ", ".join(r.question for r in rs if "answer-cell-missing" in r.flag.split(","))
                parts.append(msg(N_("answer cell deleted: {questions}"), questions=deleted))
            parts += [deal_note(f) for f in deal_flags]
            flagged.append(Flagged(key[0], key[1], key[2], looks, english(parts), parts))
    totals: list[StudentTotal] = []
    for student in students:
        per_ex: dict[str, ExerciseScore] = {}
        extra: dict[str, ExerciseScore] = {}
        counted: dict[tuple[str, str], QuestionRecord] = {}
        for ex in sorted({e for (s_, e) in by_learner if s_ == student}, key=natural_key):
            subs = by_learner[(student, ex)]
            best = chosen[(student, ex)]
            statuses = tuple(sorted({r.status for r in best} - {"graded"}, key=_status_order))
            raw = sum(r.points for r in best)
            days = plan.late(student, best[0].mtime)
            cut = plan.deduction(days, max_points.get(ex, 0), raw)
            score = ExerciseScore(raw - cut if cut else raw, max_points.get(ex, 0), statuses, len(subs), best[0].submission,
                                  days, cut)
            if days and ex in counted_ex:
                late = [plural_msg("{n} day late ({source})", "{n} days late ({source})", "n", n=days,
                                   source=msg(plan.time_source)),
                        plural_msg("-{points} point", "-{points} points", "points", points=cut)]
                flagged.append(Flagged(student, ex, best[0].submission, ("late",),
                                       f"{days} day{'s' if days != 1 else ''} late ({plan.time_source}): "
                                       f"-{cut:g} point{'s' if cut != 1 else ''}",
                                       msg(N_("{late}: {points}"), late=late[0], points=late[1])))
            if ex not in counted_ex:
                extra[ex] = score
                continue
            per_ex[ex] = score
            counted.update(((r.exercise, r.question), r) for r in best if r.max_points > 0)
            if len(subs) > 1:
                flagged.append(Flagged(student, ex, ", ".join(sorted(rs[0].submission for rs in subs)),
                                       ("handed in twice" if len(subs) == 2 else f"handed in {len(subs)} times",),
                                       f"{plan.rule}: {best[0].submission}",
                                       msg(N_("{rule}: {file}"), rule=_rule_message(plan), file=best[0].submission)))
        points = sum(s.points for s in per_ex.values())
        flags = _learner_flags(points, list(counted.values()))
        if any(k[0] == student for k in not_counted):
            flags += ("extra notebooks",)
        totals.append(StudentTotal(student, points, sum(max_points.values()), per_ex, counted, flags,
                                   tuple(exercises), extra))
    questions = _item_analysis(questions, totals, wrong_answers)
    flagged += _look_alikes(students)
    if plan.learners is not None:
        on_roster, handed = set(plan.learners), {r.student for r in recs}
        flagged += [Flagged(st, "", "", ("no submission",), "on the class list; handed nothing in",
                            msg(N_("on the class list; handed nothing in")))
                    for st in students if st in on_roster and st not in handed]
        flagged += [Flagged(st, "", "", ("not on the roster",), "handed in, but matches nobody on the class list",
                            msg(N_("handed in, but matches nobody on the class list")))
                    for st in students if st not in on_roster]
    flagged.sort(key=lambda f: (learner_key(f.student), natural_key(f.exercise), f.submission))
    return ClassSummary(exercises, max_points, questions, totals, flagged, len(by_sub), dict(status_counts),
                        not_counted, plan, sorted(not_assigned, key=natural_key), not_counted_notes)


UPPER_SHARE = 0.27
"""The share of learners in each of the upper and lower groups of the discrimination index (Kelley's 27%)."""


def _item_analysis(questions: dict[str, list[QuestionStats]], totals: list[StudentTotal], top: int
                   ) -> dict[str, list[QuestionStats]]:
    """Each question with its discrimination index (upper minus lower 27% of the learners by total, right
    answers as shares; at least 4 learners), the upper group's share right, and its most common wrong
    answers as the learners wrote them with the hint each got."""
    ranked = sorted(totals, key=lambda t: (-t.share, learner_key(t.student)))
    size = round(UPPER_SHARE * len(ranked))
    upper, lower = (ranked[:size], ranked[-size:]) if len(ranked) >= 4 and size else ([], [])
    out: dict[str, list[QuestionStats]] = {}
    for ex, stats in questions.items():
        rows = []
        for q in stats:
            def share(group: list[StudentTotal], ex: str = ex, qid: str = q.question) -> float:
                return sum(bool((r := t.questions.get((ex, qid))) and r.correct) for t in group) / len(group)

            written: Counter[str] = Counter()
            hint: dict[str, str] = {}
            for t in totals:
                r = t.questions.get((ex, q.question))
                if r is not None and r.status in ("graded", "unreadable-answer") and not r.correct:
                    text = (r.written or r.answer).strip() or NO_ANSWER
                    written[text] += 1
                    hint.setdefault(text, r.message or r.feedback)
            wrong = [(a, n, hint[a]) for a, n in sorted(written.items(), key=lambda kv: (-kv[1], kv[0]))[:top]]
            rows.append(replace(q, discrimination=(share(upper) - share(lower)) if upper else None,
                                upper_share=share(upper) if upper else None, wrong_written=wrong))
        out[ex] = rows
    return out


LOOKS_ALIKE = "looks like another learner"


def _look_alikes(students: list[str]) -> list[Flagged]:
    """A flag for each learner whose name looks like another's (same letters in NFKC, case ignored) or whose
    feedback page would have had the same name: two learners, never merged; the teacher checks who is who."""
    from omaha_learn.grading.text_safety import file_name

    groups: dict[str, set[str]] = {}
    for name in students:
        for key in ("n:" + unicodedata.normalize("NFKC", name).casefold(), "f:" + file_name(name).casefold()):
            groups.setdefault(key, set()).add(name)
    alike: dict[str, set[str]] = {}
    for names in groups.values():
        if len(names) > 1:
            for name in names:
                alike.setdefault(name, set()).update(names - {name})
    notes = {name: msg(N_("{name} and {others} are different learners whose names look alike (Unicode forms, "
                          "letter case or cleaned file names): check who is who"), name=ascii(name),
                       others=", ".join(ascii(o) for o in sorted(others))) for name, others in alike.items()}
    return [Flagged(name, "", "", (LOOKS_ALIKE,), english(notes[name]), notes[name]) for name in alike]


def _rule_message(plan: Assignment, *, short: bool = False) -> Message:
    """Which copy counts (:attr:`Assignment.rule`) as a message; ``short``: without its explanation."""
    if plan.choose == "best":
        return msg(N_("the best copy counts")) if short else msg(N_("the best copy counts (--best)"))
    return msg(N_("the latest copy counts")) if short else msg(N_(
        "the latest copy counts (by the file's time, then by name order when the times are equal)"))


def record_note(r: QuestionRecord) -> Message:
    """A record's reason (``feedback``) as a message in no language when it keeps one, else its English text."""
    found = loads(r.message)
    return found if found is not None else msg(r.feedback)   # an English reason the catalogue may know


def deal_note(flag: str) -> Message:
    """A record's ``deal_flag`` (``seed-mismatch``, ``same answers, different deal: as ...``) as a message."""
    parts: list[Message] = []
    for part in (p.strip() for p in flag.split("; ")):
        if part == SEED_MISMATCH:
            parts.append(msg(N_("seed-mismatch")))
        elif part.startswith(f"{COPIED}: as "):
            parts.append(msg(N_("same answers, different deal: as {submissions}"),
                             submissions=part.removeprefix(f"{COPIED}: as ")))
        elif part:
            parts.append(part)
    return parts


_LOOK_LABELS = {
    "answer cell deleted": "answer cell deleted",
    "override for another answer": "override for another answer",
    "not counted": "not counted",
    SEED_MISMATCH: "seed-mismatch",
    COPIED: "same answers, different deal",
    "late": "late",
    "handed in twice": "handed in twice",
    "no submission": "no submission",
    "not on the roster": "not on the roster",
    "looks like another learner": "looks like another learner",
}


def look_label(label: str) -> str:
    """What needs a look (:attr:`Flagged.statuses`) in the language in use; a status (``timed-out``) is a code
    the CSV has too, shown as it is.

    >>> look_label("handed in 3 times"), look_label("timed-out")
    ('handed in 3 times', 'timed-out')
    """
    if label in _LOOK_LABELS:
        return pgettext("needs a look", _LOOK_LABELS[label])
    m = re.fullmatch(r"handed in (\d+) times", label)
    if m:
        n = int(m.group(1))
        return ngettext("handed in {n} time", "handed in {n} times", n).format(n=n)
    return label


def _catalogue_only() -> None:  # pragma: no cover - never called: Babel finds these messages here
    ngettext("{n} day late ({source})", "{n} days late ({source})", 1)
    ngettext("-{points} point", "-{points} points", 1)
    ngettext("only {n} of {size} learners handed {exercise} in (an exercise counts for the class when more than "
             "half do; name the exercises with --exercises)", "only {n} of {size} learners handed {exercise} in (an "
             "exercise counts for the class when more than half do; name the exercises with --exercises)", 1)
    pgettext("needs a look", "answer cell deleted")
    pgettext("needs a look", "override for another answer")
    pgettext("needs a look", "not counted")
    pgettext("needs a look", "seed-mismatch")
    pgettext("needs a look", "same answers, different deal")
    pgettext("needs a look", "late")
    pgettext("needs a look", "handed in twice")
    pgettext("needs a look", "no submission")
    pgettext("needs a look", "not on the roster")
    pgettext("needs a look", "looks like another learner")


def _learner_flags(points: float, counted: list[QuestionRecord]) -> tuple[str, ...]:
    flags = []
    if points == 0:
        flags.append("at zero")
    if any(r.status == "unreadable-answer" for r in counted):
        flags.append("unreadable answers")
    if any("answer-cell-missing" in r.flag.split(",") for r in counted):
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
