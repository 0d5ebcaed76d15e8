"""The class report and the learners' feedback files, on a synthetic class with every status.

The expected numbers are worked out by hand from the records below (not by
calling the summary code), and read back from the HTML with the standard
library's parser. One test (marked ``browser``) opens a report and a
feedback file in Debian's chromium and saves screenshots in test-artifacts/.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from omaha_learn.errors import OmahaLearnError
from omaha_learn.grading.class_summary import ReportError, summarise
from omaha_learn.grading.feedback import feedback_html, file_name
from omaha_learn.grading.records import STATUSES, QuestionRecord
from omaha_learn.grading.report import report_html, write_feedback, write_report
from omaha_learn.grading.rules_text import rule_html, rule_sections

ROOT = Path(__file__).resolve().parent.parent
EX1, EX5, NOKEY = "01_reading_hands", "05_side_pots", "99_mystery"
HINT1 = "q1: not yet (0/1 points). R1: Count round the table one card at a time. (rules: docs/rules.md#r1)"
HINT2 = "q2: not yet (0/2 points). R2: Exactly two hole cards. (rules: docs/rules.md#r2)"
HINT5 = "q1: not yet (0/3 points). R21, R24: Build the side pots first. (rules: docs/rules.md#r21 docs/rules.md#r24)"


def R(student: str, ex: str, q: str, pts: int, mx: int, status: str = "graded", answer: str = "",
      sub: str = "", feedback: str = "", rule: str = "") -> QuestionRecord:
    return QuestionRecord(student, ex, q, pts, mx, status, feedback, answer, rule,
                          sub or f"handed_in/{student}/{ex}.ipynb")


WHY = {"unreadable": "not JSON: Expecting value: line 1 column 1", "timed-out": "timed out after 120 s",
       "kernel-died": "the kernel died (exit code -9)"}


def _note(status: str, ok: bool, hint: str) -> str:
    return WHY[status] if status in WHY else ("" if ok else hint)


def ex1(student: str, a1: str, ok1: bool, a2: str, ok2: bool, status: str = "graded", sub: str = "") -> list:
    return [R(student, EX1, "q1", int(ok1), 1, status, a1, sub, _note(status, ok1, HINT1), "R1"),
            R(student, EX1, "q2", 2 * ok2, 2, status, a2, sub, _note(status, ok2, HINT2), "R2")]


def ex5(student: str, a: str, ok: bool, status: str = "graded") -> list:
    return [R(student, EX5, "q1", 3 * ok, 3, status, a, "", _note(status, ok, HINT5), "R21, R24")]


CLASS = [
    *ex1("ann", "4h 2c Tc 2d", True, "9d 9s", True), *ex5("ann", "40", True),            # 6/6
    *ex1("bob", "9d 8h Ah 9s", False, "9d 9s", True), *ex5("bob", "60", False),          # 2/6
    *ex1("cy", "9d 8h Ah 9s", False, "", False), *ex5("cy", "", False, "timed-out"),      # 0/6
    *ex1("dee", "", False, "", False, "unreadable"), *ex5("dee", "", False, "kernel-died"),  # 0/6
    # eve's notebook names another exercise: graded against its own key, flagged
    R("eve", EX1, "q1", 1, 1, "wrong-exercise", "4h 2c Tc 2d"),
    R("eve", EX1, "q2", 0, 2, "wrong-exercise", "As Ah", feedback=HINT2, rule="R2"),      # 1/6
    R("fay", NOKEY, "", 0, 0, "no-key", sub="handed_in/fay/99_mystery.ipynb",
      feedback="no teacher's key for 99_mystery"),                                        # 0/6
    *ex1("gus", "4h 2c Tc 2s", False, "9d 9s", True, sub="handed_in/gus/01_reading_hands.ipynb"),
    *ex1("gus", "4h 2c Tc 2d", True, "9d 9s", True, sub="handed_in/gus/01_reading_hands (1).ipynb"),  # 3/6
]


class Tables(HTMLParser):
    """Every <table> of a page as rows of cell texts; plus all text, ids and external references."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.text: list[str] = []
        self.ids: set[str] = set()
        self.refs: list[str] = []
        self._cell: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        for k in ("src", "href"):
            if a.get(k):
                self.refs.append(str(a[k]))
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)

    def table_with(self, header: str) -> list[list[str]]:
        return next(t for t in self.tables if header in t[0])

    @property
    def all_text(self) -> str:
        return " ".join(" ".join(self.text).split())


@pytest.fixture(scope="module")
def report() -> Tables:
    return Tables(report_html(CLASS))


def test_synthetic_class_covers_every_status() -> None:
    # unreadable-answer: test_teacher_marks.py; cleanup-failed: the test below
    assert {r.status for r in CLASS} == set(STATUSES) - {"unreadable-answer", "cleanup-failed"}


def test_a_submission_whose_clean_up_failed_is_flagged_for_a_look_with_its_points() -> None:
    left = "the sandbox's folder could not be removed (left: /tmp/omaha-grade-x/deep): look at it"
    recs = [*ex1("ann", "4h 2c Tc 2d", True, "9d 9s", True),
            R("zed", EX1, "q1", 1, 1, "cleanup-failed", "4h 2c Tc 2d", feedback=left, rule="R1"),
            R("zed", EX1, "q2", 2, 2, "cleanup-failed", "9d 9s", feedback=left, rule="R2")]
    html = report_html(recs)
    assert "cleanup-failed" in html and "could not remove" in html
    page = feedback_html("zed", recs)   # the learner's page: the marks stand; the host path is the teacher's concern
    assert "Total: 3/3" in page and "Every question right" in page and "/tmp/omaha-grade-x" not in page


def test_question_statistics_count_only_graded_answers(report: Tables) -> None:
    # EX1 q1 graded: ann 1, bob 0, cy 0, gus 1 (his latest copy; the older one counts nowhere) -> mean 2/4,
    # 50% correct; dee (unreadable), eve (flagged) not counted
    rows = {r[0]: r for r in report.table_with("most common wrong answers")[1:]}
    q1 = rows["q1"]
    assert q1[1:5] == ["1", "0.5", "50%", "4 of 6"]
    assert q1[5] == "9d 8h Ah 9s × 2"   # most common first; gus's older copy is not counted
    # EX1 q2 graded: ann 2, bob 2, cy 0 (no answer), gus 2 -> mean 6/4, 75%
    assert rows["q2"][1:6] == ["2", "1.5", "75%", "4 of 6", "(no answer) × 1"]


def test_side_pot_question_and_rules(report: Tables) -> None:
    ex5_table = [t for t in report.tables if "most common wrong answers" in t[0]][1]
    # EX5 q1 graded: ann 3, bob 0 -> mean 1.5, 50%; cy timed out, dee kernel died
    assert ex5_table[1] == ["q1", "3", "1.5", "50%", "2 of 4", "60 × 1", "-", "R21, R24"]


def test_learner_totals_best_submission_and_missing_exercises(report: Tables) -> None:
    learners = report.table_with("learner")
    # 99_mystery (no key, one learner) counts for nobody: no column, flagged for fay only
    assert learners[0] == ["learner", EX1, EX5, "total", "share", "flags"]
    flags = {r[0]: r[-1] for r in learners[1:]}
    assert flags == {"ann": "", "bob": "", "cy": "at zero, timed out", "dee": "at zero", "eve": "",
                     "fay": "at zero, extra notebooks", "gus": "extra notebooks"}
    rows = {r[0]: r[:-1] for r in learners[1:]}
    assert rows["ann"][1:] == ["3/3", "3/3", "6/6", "100%"]
    assert rows["bob"][1:] == ["2/3", "0/3", "2/6", "33%"]
    assert rows["cy"][1:] == ["0/3", "0/3 ⚑ timed-out", "0/6", "0%"]
    assert rows["dee"][1:] == ["0/3 ⚑ unreadable", "0/3 ⚑ kernel-died", "0/6", "0%"]
    assert rows["eve"][1:] == ["1/3 ⚑ wrong-exercise", "not handed in", "1/6", "17%"]
    assert rows["fay"][1:] == ["not handed in", "not handed in", "0/6", "0%"]
    assert rows["gus"][1:] == ["3/3 ⚑ twice", "not handed in", "3/6", "50%"]
    assert list(rows) == ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]


def test_header_and_histogram(report: Tables) -> None:
    text = report.all_text
    # 7 learners; submissions: ann 2, bob 2, cy 2, dee 2, eve 1, fay 1, gus 2 = 12
    assert "7 learners, 12 submissions, 2 exercises" in text
    assert "Not counted for anyone (listed under Submissions that need a look ): 99_mystery." in text
    mean = (1 + 2 / 6 + 0 + 0 + 1 / 6 + 0 + 0.5) / 7
    assert f"class mean {100 * mean:.0f}% of the points" in text
    # totals 100%, 33%, 0%, 0%, 17%, 0%, 50% -> bins 0-9: 3, 10-19: 1, 30-39: 1, 50-59: 1, 90-100: 1
    svg = re.search(r"<svg.*?</svg>", report_html(CLASS), re.S)
    assert svg is not None
    bars = re.findall(r"<title>([^<]*): (\d+)</title></rect>", svg.group(0))
    assert [int(c) for _, c in bars] == [3, 1, 0, 1, 0, 1, 0, 0, 0, 1]
    assert bars[0][0] == "0-9%" and bars[-1][0] == "90-100%"


def test_submissions_that_need_a_look(report: Tables) -> None:
    look = report.table_with("submission")
    flagged = [(r[0], r[1], r[3]) for r in look[1:]]
    assert flagged == [("cy", EX5, "timed-out"), ("dee", EX1, "unreadable"), ("dee", EX5, "kernel-died"),
                       ("eve", EX1, "wrong-exercise"), ("fay", NOKEY, "no-key"), ("gus", EX1, "handed in twice")]
    details = {(r[0], r[1]): r[4] for r in look[1:]}
    assert details[("cy", EX5)] == WHY["timed-out"] and details[("dee", EX1)] == WHY["unreadable"]
    assert details[("fay", NOKEY)] == "no teacher's key for 99_mystery"
    assert "7 submissions need a look" not in report.all_text and "6 submissions need a look" in report.all_text
    assert "1 submission needs a look" in Tables(report_html(ex5("cy", "", False, "timed-out"))).all_text


def test_report_is_self_contained(report: Tables, tmp_path: Path) -> None:
    assert report.refs == []                       # no links, scripts, images or fonts to fetch
    html = report_html(CLASS)
    assert "<script" not in html and "@import" not in html and "url(" not in html
    out = tmp_path / "sub" / "report.html"
    write_report(CLASS, out)
    assert out.read_text(encoding="utf-8") == html  # deterministic: no timestamps


def test_report_escapes_learner_text() -> None:
    recs = [R("<b>x</b>", EX1, "q1", 0, 1, answer="<script>alert(1)</script>")]
    html = report_html(recs)
    assert "<script>" not in html and "&lt;script&gt;" in html and "<b>x</b>" not in html


def test_empty_class_still_writes_a_page() -> None:
    t = Tables(report_html([]))
    assert "0 learners, 0 submissions" in t.all_text and "nothing needs a look" in t.all_text


def test_bad_input_raises_report_error(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="records: item 1"):
        write_report([CLASS[0], {"student": "ann"}], tmp_path / "r.html")
    with pytest.raises(ReportError, match="records"):
        write_feedback("ann", tmp_path)
    with pytest.raises(ReportError, match="path: .* is a folder"):
        write_report(CLASS, tmp_path)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ReportError, match="folder: .* is a file"):
        write_feedback(CLASS, tmp_path / "file")
    assert issubclass(ReportError, OmahaLearnError)
    assert not (tmp_path / "r.html").exists()


# ------------------------------------------------------------------ feedback files

def test_one_feedback_file_per_learner(tmp_path: Path) -> None:
    paths = write_feedback(CLASS, tmp_path / "fb")
    assert [p.name for p in paths] == [f"{s}.html" for s in ("ann", "bob", "cy", "dee", "eve", "fay", "gus")]
    assert all(p.parent == tmp_path / "fb" for p in paths)


def test_feedback_scores_hints_and_rule_text(tmp_path: Path) -> None:
    t = Tables(feedback_html("bob", CLASS))
    assert "Total: 2/6 points (33%)" in t.all_text
    ex1_rows = t.tables[0]
    assert ex1_rows[1:] == [["q1", "", "0/1", "not yet"], ["q2", "", "2/2", "correct"]]
    assert t.tables[1][1:] == [["q1", "", "0/3", "not yet"]]
    text = t.all_text
    assert "Your answer: 9d 8h Ah 9s" in text
    assert "Hint: R1: Count round the table one card at a time." in text          # the checker's hint, trimmed
    assert "Hint: R21, R24: Build the side pots first." in text
    assert "Exactly two hole cards" not in text                                   # q2 was right: no hint
    # the rules named by the misses (R1; R21, R24), copied in, each linked from the miss
    assert {"r1", "r21", "r24"} <= t.ids and "r2" not in t.ids
    assert {"#r1", "#r21", "#r24"} == set(t.refs)
    for rule in ("R1", "R21", "R24"):
        title, _ = rule_html(rule)
        assert title in text
    assert "one card to each player in turn" in text       # R1's own words, from docs/rules.md
    assert "docs/rules.md#r21" in text                       # and where it lives in the project
    # the learner never sees other learners' answers
    assert "4h 2c Tc 2s" not in text and not re.search(r"\bann\b", text)


def test_feedback_for_every_status() -> None:
    assert "Every question right" in Tables(feedback_html("ann", CLASS)).all_text
    cy = Tables(feedback_html("cy", CLASS)).all_text
    assert "No answer was given" in cy and "not graded (timed-out)" in cy and "time (for the whole notebook) ran out" in cy
    dee = Tables(feedback_html("dee", CLASS)).all_text
    assert "could not be read" in dee and "Python stopped" in dee and "Total: 0/6" in dee
    assert "different exercise" in Tables(feedback_html("eve", CLASS)).all_text
    fay = Tables(feedback_html("fay", CLASS)).all_text
    assert "could not be graded yet" in fay and "not counted in your total" in fay and "Every question" not in fay
    gus = Tables(feedback_html("gus", CLASS))
    assert "handed in 2 times; the latest copy counts: 01_reading_hands (1).ipynb" in gus.all_text
    assert "Total: 3/6" in gus.all_text  # one total everywhere


def test_feedback_file_names_are_safe_and_distinct(tmp_path: Path) -> None:
    recs = [R("Ann Lee", EX1, "q1", 1, 1), R("Ann_Lee", EX1, "q1", 1, 1), R("../../etc/x", EX1, "q1", 0, 1)]
    names = [p.name for p in write_feedback(recs, tmp_path)]
    assert names == ["etc_x.html", "Ann_Lee-2.html", "Ann_Lee.html"]   # the exact name claims its own file
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert file_name("") == "learner.html"


def test_rule_text_comes_from_docs_rules_md() -> None:
    sections = rule_sections()
    assert sorted(sections, key=lambda r: int(r[1:])) == [f"R{i}" for i in range(1, 33)]
    source = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule, (title, _) in sections.items():
        assert f"### {title}" in source and title.startswith(f"{rule} - ")
    assert "<ul>" in sections["R7"][1]   # R7's bullet list survives


def test_no_key_exercise_has_no_question_table(report: Tables) -> None:
    assert len([t for t in report.tables if "most common wrong answers" in t[0]]) == 2
    assert NOKEY not in report.table_with("learner")[0]   # a notebook with no key counts for nobody


def test_summary_agrees_with_page() -> None:
    s = summarise(CLASS)
    assert [t.points for t in s.students] == [6, 2, 0, 0, 1, 0, 3]
    assert s.status_counts == {"graded": 7, "timed-out": 1, "unreadable": 1, "kernel-died": 1,
                               "wrong-exercise": 1, "no-key": 1}


# ------------------------------------------------------------------ in a browser

@pytest.mark.browser
def test_report_and_feedback_in_chromium(tmp_path: Path) -> None:
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("/usr/bin/chromium is missing (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    report_path = tmp_path / "report.html"
    write_report(CLASS, report_path)
    bob = next(p for p in write_feedback(CLASS, tmp_path / "feedback") if p.name == "bob.html")
    out = ROOT / "test-artifacts" / "teacher"
    out.mkdir(parents=True, exist_ok=True)
    args = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=args)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(report_path.as_uri())
            assert page.title() == "Class report"
            box = page.locator("svg rect").nth(0).bounding_box()
            assert box is not None and box["height"] > 50        # the 0-9% bar (3 learners) is drawn
            assert page.locator("tr.flag").count() == 5            # cy, dee, eve, fay, gus
            page.screenshot(path=str(out / "report.png"), full_page=True)
            page.goto(bob.as_uri())
            assert "Total: 2/6 points" in page.inner_text("body")
            page.click('a[href="#r21"]')
            assert page.evaluate("location.hash") == "#r21"
            page.goto(bob.as_uri())
            page.screenshot(path=str(out / "feedback_bob.png"), full_page=True)
            assert all(u.startswith("file://") for u in requests), requests   # nothing fetched from a network
        finally:
            browser.close()


def test_grader_shapes_placeholder_question_and_new_hint_format() -> None:
    # the grader writes one "-" record worth 0 for a notebook it could not read, and hints as
    # "not yet. HINT Re-read R2 (docs/rules.md#r2)."
    recs = [*ex1("ann", "4h 2c Tc 2d", True, "9d 9s", True),
            R("hal", EX1, "-", 0, 0, "unreadable", feedback="not JSON"),
            R("ivy", EX1, "q1", 0, 1, answer="As", rule="R1",
              feedback="not yet. Count round the table. Re-read R1 (docs/rules.md#r1).")]
    t = Tables(report_html(recs))
    assert [r[0] for r in t.table_with("most common wrong answers")[1:]] == ["q1", "q2"]
    assert ["hal", EX1, "handed_in/hal/01_reading_hands.ipynb", "unreadable", "not JSON"] in t.table_with("submission")
    ivy = Tables(feedback_html("ivy", recs)).all_text
    assert "Hint: Count round the table." in ivy and "Re-read: R1 - The deal (below)." in ivy
    jo = Tables(feedback_html("jo", [R("jo", EX1, "q6", 0, 1, feedback="no answer", rule="R5")])).all_text
    assert "No answer was given." in jo and "Hint" not in jo and "R5 - The cards speak" in jo


def test_without_the_rules_file_the_feedback_still_names_the_rule(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    # an installed wheel has no docs/: the file then says where the rule is instead of copying it
    from omaha_learn.grading import rules_text

    assert rules_text.rule_sections(tmp_path / "missing.md") == {}
    monkeypatch.setattr(rules_text, "RULES_FILE", tmp_path / "missing.md")
    rules_text.rule_sections.cache_clear()
    try:
        text = Tables(feedback_html("bob", CLASS)).all_text
        assert "The text of R21 is in the omaha_learn rules reference, docs/rules.md#r21" in text
    finally:
        rules_text.rule_sections.cache_clear()


def test_a_dot_folder_never_takes_an_honest_learners_page(tmp_path: Path) -> None:
    """'.honest1' cleans to 'honest1': the learner who is really called honest1 keeps honest1.html."""
    recs = [*ex1(".honest1", "4h 2c Tc 2d", False, "", False), *ex1("honest1", "4h 2c Tc 2d", True, "9d 9s", True)]
    paths = write_feedback(recs, tmp_path)
    assert sorted(p.name for p in paths) == ["honest1-2.html", "honest1.html"]
    assert "Feedback for honest1<" in (tmp_path / "honest1.html").read_text(encoding="utf-8")
    assert "Feedback for .honest1" in (tmp_path / "honest1-2.html").read_text(encoding="utf-8")
