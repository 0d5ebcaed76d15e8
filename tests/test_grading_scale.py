"""``omaha-learn grade --jobs N`` and ``--scheduler``: the same scores however the work is spread.

Three submissions of exercise 1 (R1-R6: one right, one half wrong, one
blank) are graded one after another, on two local workers, and on a Dask
``LocalCluster`` with two workers; the records must be identical.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from test_grading import grade_cli  # tests/ is on sys.path (pytest rootdir-relative)

from omaha_learn.grading import grader as grading
from omaha_learn.grading.sandbox import _bwrap_works

SANDBOX = "bwrap" if _bwrap_works() else "none"
"""Without bubblewrap the grader refuses unless asked: these tests of grading itself ask for none there."""


ROOT = Path(__file__).resolve().parent.parent
KEYS = ROOT / "exercises" / "solutions"
COPY = ROOT / "exercises" / "01_reading_hands.ipynb"


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("scale")
    answers = {"ann": {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "9d 9s"', "q3": 'answer_q3 = "full house"',
                       "q4": 'answer_q4 = "high card"', "q5": 'answer_q5 = "three of a kind"', "q6": 'answer_q6 = "B"'},
               "bob": {"q1": 'answer_q1 = "4h 2c Tc 2d"', "q2": 'answer_q2 = "Ah 9s"', "q3": 'answer_q3 = "flush"',
                       "q6": 'answer_q6 = "B"'},
               "cy": {}}
    subs = []
    for student, given in answers.items():
        nb = nbformat.read(COPY, as_version=4)
        for cell in nb.cells:
            q = cell.metadata.get("omaha_learn", {}).get("question")
            if "answer" in cell.metadata.get("tags", []) and q in given:
                cell.source = given[q]
        path = tmp / student / "01_reading_hands.ipynb"
        path.parent.mkdir()
        nbformat.write(nb, path)
        subs.append(path)
    return subs


@pytest.fixture(scope="module")
def sequential(batch: list[Path]) -> list[object]:
    return grading.grade(batch, KEYS, jobs=1, sandbox=SANDBOX)


def test_sequential_scores(sequential: list[object]) -> None:
    totals = {s: p for s, p, _, _ in grading.totals(sequential)}  # type: ignore[arg-type]
    assert totals == {"ann": 9, "bob": 2, "cy": 0}
    answers = {(r.student, r.question): r.answer for r in sequential}  # type: ignore[attr-defined]
    assert answers["bob", "q3"] == "flush" and answers["bob", "q2"] == "9s Ah" and answers["cy", "q1"] == ""


def test_two_local_workers_give_the_same_records(batch: list[Path], sequential: list[object]) -> None:
    assert grading.grade(batch, KEYS, jobs=2, sandbox=SANDBOX) == sequential


def test_a_dask_local_cluster_gives_the_same_records(batch: list[Path], sequential: list[object]) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert grading.grade(batch, KEYS, scheduler=cluster.scheduler_address, sandbox=SANDBOX,
                             trusted_learners=True) == sequential
        with distributed.Client(cluster) as client:  # a Client works as well as an address
            assert grading.grade(batch[:1], KEYS, scheduler=client, student_from="folder", sandbox=SANDBOX,
                                 trusted_learners=True) == sequential[:6]


def test_scheduler_and_jobs_together_are_refused(batch: list[Path]) -> None:
    assert grade_cli(["--keys", str(KEYS), "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1", str(batch[0])]) == 2


def test_an_unreachable_scheduler_is_an_error_not_a_traceback(batch: list[Path], monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """What jobs.run_jobs raises for a scheduler it cannot reach (after its 20 s wait) ends as status 2."""
    from omaha_learn import jobs

    def unreachable(*args: object, **kwargs: object) -> list[object]:
        raise jobs.JobsError("scheduler: cannot reach 'tcp://127.0.0.1:9'")

    monkeypatch.setattr(jobs, "run_jobs", unreachable)
    assert grade_cli(["--keys", str(KEYS), "--scheduler", "tcp://127.0.0.1:9", str(batch[0])]) == 2
    assert "cannot reach" in capsys.readouterr().err
