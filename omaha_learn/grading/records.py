"""What grading produces: one record per question per submission.

The grader (:mod:`omaha_learn.grading.grader`) makes these records; the CSV,
the class report, the per-learner feedback files and the nbgrader comparison
read them. Every submission handed in yields at least one record, whatever
happened to it (``status``), so a CSV built from them lists the whole class.

>>> r = QuestionRecord("ann", "01_reading_hands", "q1", 0, 1, "graded", answer="Kd Kc 6c 6h Ac",
...                    feedback="Not quite: re-read R2.", rule="R2")
>>> r.correct, r.row()["student"]
(False, 'ann')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["QuestionRecord", "STATUSES", "GRADED", "CSV_COLUMNS", "points_text", "comment_text"]

STATUSES = ("graded", "unreadable-answer", "unreadable", "timed-out", "kernel-died", "no-key", "wrong-exercise",
            "cleanup-failed")
"""Why a record has the points it has.

graded: the checker ran and decided; unreadable-answer: the learner wrote
an answer that cannot be read (or its answer cell raised): ``answer`` holds
what they wrote and ``feedback`` the reason; unreadable: the file is not a notebook
we can grade (not JSON, wrong nbformat, malformed cells, not .ipynb);
timed-out: the notebook's time ran out before this question's cells ran;
kernel-died: the kernel ended before this question's cells ran; no-key: no
teacher's key for this exercise; wrong-exercise: the notebook's metadata names
another exercise than its key (flagged, graded against its own key when one
exists); cleanup-failed: graded, but the sandbox's folder could not be
removed afterwards (the leftover is named: look at what the code did).
"""
GRADED = ("graded", "cleanup-failed")
"""Statuses whose verdicts stand: a failed clean-up is the teacher's concern, not the learner's answer."""

CSV_COLUMNS = ("student", "exercise", "question", "points", "max_points", "status", "feedback", "answer",
               "override", "counts", "written")
"""The CSV's columns; ``counts`` says whether the row's submission counts in the learner's total
(``yes``, or ``no: ...`` with the reason: an exercise not graded for the class, another copy counts);
``written`` is the learner's answer exactly as written (``answer`` is how the checker read it)."""


@dataclass(frozen=True)
class QuestionRecord:
    """One question of one submission, as graded.

    ``student`` comes from the submission's folder (``handed_in/ann/01.ipynb``
    is ann's) or else from its file name; ``answer`` is the learner's answer
    in the checker's canonical form ("" when none could be read), used for
    the report's most common wrong answers; ``feedback`` is the hint the
    learner would have seen; ``rule`` the R-number to re-read ("" if none);
    ``submission`` the path handed in; ``deal_seed`` and ``deal_flag`` say
    which deal the learner was graded on and what about it needs a look.
    """

    student: str
    exercise: str
    question: str
    points: float
    max_points: int
    status: str
    feedback: str = ""
    answer: str = ""
    rule: str = ""
    submission: str = ""
    text: str = ""
    flag: str = ""
    override: str = ""
    points_before: float | None = None
    mtime: float | None = None
    """When the submission was saved (the file's time), for "the latest copy counts"."""
    written: str = ""
    """The learner's answer exactly as written (at most 200 characters; "" when none was given)."""
    deal_seed: int | None = None
    """The seed of the learner's own deal, for an exercise with one (:mod:`omaha_learn.grading.deals`)."""
    deal_flag: str = ""
    """``seed-mismatch`` or ``same answers, different deal: as ...`` (for the teacher: needs a look)."""
    right: str = ""
    """The right answer this learner was graded against (their own deal's, canonical; for the teacher's desk)."""
    message: str = ""
    """``feedback`` in no language: a message of :mod:`omaha_learn.checks.messages` as JSON ("" when none), which
    each page writes in its own language (a learner's in Russian, the teacher's report in Estonian)."""

    @property
    def correct(self) -> bool:
        return (self.status in GRADED or bool(self.override)) and self.points == self.max_points \
            and self.max_points > 0

    @property
    def overridden(self) -> bool:
        return self.points_before is not None

    def row(self, counts: str = "yes") -> dict[str, object]:
        """The CSV row (:data:`CSV_COLUMNS`); ``override`` reads "points before -> after: comment"."""
        d = asdict(self)
        d["counts"] = counts
        d["points"] = points_text(self.points)
        if self.points_before is not None:
            d["override"] = f"{points_text(self.points_before)} -> {points_text(self.points)}: {self.override}"
        return {k: d[k] for k in CSV_COLUMNS}


def comment_text(comment: str) -> str:
    """A teacher's comment on a mark as a page shows it: the words a mark with none gets are translated."""
    from omaha_learn.i18n import gettext

    return gettext(comment) if comment == "changed by the teacher" else comment


def points_text(points: float) -> str:
    """Points as a teacher writes them: ``2``, ``1.5``, ``0.33``.

    >>> points_text(2), points_text(2.0), points_text(1.5), points_text(1 / 3)
    ('2', '2', '1.5', '0.33')
    """
    if float(points).is_integer():
        return str(int(points))
    return f"{points:.2f}".rstrip("0").rstrip(".")
