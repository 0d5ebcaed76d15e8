"""The grader behind ``omaha-learn grade``: each submission in a sandbox of its own, verdicts decided
against the teacher's keys, then records, a class report and a feedback page per learner.

- :mod:`~omaha_learn.grading.grader`: reading submissions, the plan per notebook, the verdicts, the CSV;
- :mod:`~omaha_learn.grading.sandbox`: one kernel per submission under bubblewrap, with its bounds;
- :mod:`~omaha_learn.grading.cleanup`: removing a sandbox's folder without following a learner's links;
- :mod:`~omaha_learn.grading.text_safety`: learners' names made safe for the terminal and a spreadsheet;
- :mod:`~omaha_learn.grading.records`: one record per question (the CSV's rows);
- :mod:`~omaha_learn.grading.class_summary`, :mod:`~omaha_learn.grading.report`,
  :mod:`~omaha_learn.grading.feedback`, :mod:`~omaha_learn.grading.html_page`,
  :mod:`~omaha_learn.grading.rules_text`: the class report and the learners' pages;
- :mod:`~omaha_learn.grading.teacher_marks`: overrides and the gradebook (plain, Canvas, Moodle);
- :mod:`~omaha_learn.grading.desk`, :mod:`~omaha_learn.grading.desk_widget`: the grading desk (marks by
  clicking, written to the overrides file); :mod:`~omaha_learn.grading.regrade`: regrade requests;
- :mod:`~omaha_learn.grading.roster`: the class list and LMS downloads' names;
- :mod:`~omaha_learn.grading.nbgrader_export`: the exercises as an nbgrader course (no digest, no
  test in the notebooks); :mod:`~omaha_learn.grading.nbgrader_grade`: the collected notebooks marked
  in the sandbox, the marks written into nbgrader's gradebook.

The exercise checkers the notebooks call live in :mod:`omaha_learn.checks`; the grader reads their
questions but decides nothing by what a learner's notebook prints about itself.
"""
