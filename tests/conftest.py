"""Two speeds: plain ``pytest`` runs the ordinary tests and the doctests; ``pytest --full`` runs the
whole proof (every notebook and exercise key through nbval, the browser, the sandbox, Dask, nbgrader,
the wheel in a fresh venv, the long exhaustive and differential checks, ruff and mypy as tests).

The ``full`` marker is applied here, by path, to what is slow or needs a tool beyond ``pip``:
notebooks and keys (nbval items), the files of ``FULL_FILES``, the tests of ``FULL_TESTS``, and any test
marked ``browser`` or ``slow``. Plain ``pytest`` (no paths, no ``-m``) leaves them out; ``pytest -m full``
selects only those (nbval on, as with ``--full``); naming a file or a marker runs what was named.

``--full`` is this file's option: give it with no paths (the README's command) or with paths under
``tests/``; to run only some notebooks, name them with ``--nbval`` as before.

The fast run also searches shallower: each property test tries a quarter of the examples it names
(``tests/depth.py``); ``--full`` tries them all.

In a full run, or when ``CI`` is set, a skip is a failure: a required tool that is missing (Chromium,
bubblewrap, PokerKit, Dask, nbgrader...) fails the run with the skip's reason (which names how to
install it) instead of hiding the tests.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"

FULL_DIRS = ("notebooks", "exercises/solutions", "exercises/ru/solutions", "exercises/et/solutions")
"""Notebooks and exercise keys (the Russian and Estonian ones too: ``notebooks/ru/`` is under ``notebooks``):
nbval re-runs each against its stored outputs."""

FULL_FILES = {
    "test_browser.py", "test_browser_play_table.py", "test_browser_a11y.py",   # Chromium and JupyterLab
    "test_grading.py", "test_grading_attacks.py", "test_grading_attacks_2.py",  # the sandbox (bwrap) and kernels
    "test_grading_attacks_3.py", "test_grading_class.py",                 # (as root and as a user; a class)
    "test_deals_class.py",                                                # a class of 30 on deals of their own
    "test_grading_scale.py",                                              # the grader on Dask
    "test_nbgrader_export.py",                                            # nbgrader
    "test_exhaustive.py", "test_differential_eval.py",                    # long exhaustive and differential checks
    "test_static.py",                                                     # ruff and mypy (CI runs them as steps too)
    "test_wheel.py",                                                      # the wheel in fresh venvs
    "test_showdown_pokerkit.py", "test_betting_pokerkit.py",              # differential against PokerKit
    "test_players_frequencies.py",   # the opponents' tendencies measured over 500 seeded hands, as the long files
}
FULL_TESTS: set[str] = {
    # the Russian and Estonian exercises through the grader's sandbox
    "test_lessons_i18n.py::test_translated_keys_score_full_marks_and_copies_zero_through_the_grader",
    # differential and brute-force checks (PokerKit, poker-equity, concrete hands, every hand)
    "test_range_equity.py::test_exact_range_equity_equals_brute_force_over_concrete_hands",
    "test_range_equity.py::test_monte_carlo_range_equity_agrees_with_poker_equity",
    "test_range_syntax.py::test_any_span_is_the_union_of_its_steps",
    "test_range_syntax.py::test_trailing_plus_and_minus_move_every_written_rank",
    "test_range_syntax.py::test_suit_and_card_forms_match_brute_force",
    "test_range_syntax.py::test_rank_forms_match_brute_force",
    "test_range_syntax.py::test_weights_match_brute_force",
    "test_ranges.py::test_parse_range_counts_match_brute_force",
    "test_canonical.py::test_r1_every_hand_is_in_the_class_of_its_signature",
    "test_equity_kernel.py::test_r6_r9_key_tables_agree_with_five_card_tables_on_all_2598960_hands",
    "test_equity_exact.py::test_preflop_three_way_exact_matches_poker_equity",
    "test_equity_random_hands.py::test_five_card_hands",
    "test_five_card.py::test_r12_exact_equity_on_a_flop_matches_enumeration",
    "test_five_card.py::test_monte_carlo_is_within_four_standard_errors_of_the_enumeration",
    "test_five_card.py::test_random_hands_in_a_five_card_game_are_dealt_five_cards",
    "test_chart.py::test_chart_agrees_with_poker_equity_within_three_standard_errors",
    "test_chart.py::test_build_script_is_reproducible_and_gives_against_randoms_rows",
    "test_phh.py::test_pokerkit_dumped_phh_loads_to_the_same_stacks",
    "test_phh.py::test_dump_phh_replays_in_pokerkit_to_the_same_finishing_stacks",
    "test_phh.py::test_single_blind_hands_replay_in_pokerkit_to_the_same_stacks",
    # long random play (the rules tests cover each rule at speed)
    "test_betting_properties.py::test_r17_r19_random_legal_play_fixed_limit_hilo",
    "test_betting_properties.py::test_r15_r19_random_legal_play_pot_limit",
    "test_practice.py::test_random_learner_conserves_chips_stays_legal_and_replays",
    "test_lessons_strategy.py::test_lesson_11_flops_are_described_by_their_low_cards",
    # notebook kernels and the grader's sandbox
    "test_checks_strategy.py::test_exercise11_key_scores_full_marks_and_learner_copy_zero",
    "test_checks_strategy.py::test_exercise12_key_scores_full_marks_and_learner_copy_zero",
    "test_checks_flop_play.py::test_key_full_marks_copy_and_wrong_answers_zero",
    "test_checks.py::test_canonical_answers_survive_the_trip_to_the_grader",
    "test_teacher_marks.py::test_a_learners_endless_loop_is_named_as_the_cell_over_its_limit",
    "test_teacher_marks.py::test_the_grade_command_applies_overrides_and_writes_the_gradebook",
    "test_kernel_start.py::test_a_temporary_folder_too_deep_for_a_socket_still_grades",
    # Dask clusters (and Dask itself: the fast run imports none of it)
    "test_jobs.py::test_unreachable_scheduler_is_a_jobs_error",
    "test_jobs.py::test_local_cluster_by_address_gives_the_reference",
    "test_jobs.py::test_local_cluster_through_a_client_uses_both_workers",
    "test_jobs.py::test_local_cluster_error_propagates_as_itself",
    "test_study_jobs.py::test_cli_same_table_for_jobs_and_scheduler",
    "test_study_jobs.py::test_library_on_the_cluster",
    "test_chart.py::test_build_script_on_a_dask_cluster_gives_the_same_rows",
    # the slowest of the rest (--durations, 2026-12-02): each over 7 s on this machine under load
    "test_hostile_inputs.py::test_range_reader_returns_or_refuses_within_its_budget",
    "test_table.py::test_busted_player_sits_out_until_chips_are_added",
    "test_packaging.py::test_a_missing_tool_fails_the_full_and_the_ci_run",
    "test_checks_strategy.py::test_exercise7_q7_counts_nut_low_boards_by_rank_arithmetic",
    "test_betting_properties.py::test_r17_fixed_limit_amounts_are_single_steps",
    "test_tables.py::test_concurrent_builders_all_get_the_tables",
    # the process pool's life cycle: each starts, stops or re-imports worker processes (about 1 s each); the
    # fast run keeps the pool's results, failures and seeding (the rest of test_workers.py)
    "test_workers.py::test_a_script_without_a_main_guard_runs_once",
    "test_workers.py::test_shutdown_stops_the_workers_and_a_later_request_restarts_them",
    "test_workers.py::test_small_requests_start_no_workers_but_use_running_ones",
}
"""``file::test`` names of single slow tests in otherwise fast files (measured with ``--durations``)."""

LONGEST_FIRST = (
    "test_practice_long_hilo.py", "test_practice_long_hilo_pot.py", "test_practice_long.py",  # 1,000 hands each
    "test_nbgrader_export.py", "test_differential_eval.py",               # nbgrader's real course; PokerKit
    "test_grading.py", "test_grading_attacks_3.py", "test_grading_attacks.py",  # the sandbox: 1.5-3 min each
    "test_deals_class.py", "test_grading_class.py", "test_exhaustive.py", "test_grading_attacks_2.py",
)
"""Files a full run starts with, longest first (measured 2026-12-02, one worker). ``--dist loadfile`` hands
files to the workers in collection order once xdist's own reordering (most tests first, which sent these
files of few tests out last, to run alone at the end) is off in a full run; so the long ones go out first and
the short ones fill in beside them. Each long practice file has more than two tests so that a worker starts
its hands without another file queued behind them (the three share their fixture and tests,
``tests/practice_hands.py``). On 2026-12-03 at 08:33 UTC, CPU of one process for 40 seeded hands
(``benchmarks/bench_practice.py``, quiet): fixed-limit Hi-Lo 20.0 s (a third of it the river solver), PLO 7.9 s,
pot-limit Hi-Lo 13.0 s; at 15:04 UTC, after the afternoon's speed work, 100 seeded hands: fixed-limit Hi-Lo
25.2 s (41.9 s before, the same minutes), PLO 14.3 s (17.9 s), pot-limit Hi-Lo 16.1 s (28.3 s). The fixed-limit
Hi-Lo file (270 s in the whole proof at 15:17 UTC) is still the longest single file of the proof."""

FAST_LONGEST_FIRST = (
    "test_a11y.py", "test_workers.py", "test_fuzz_public_api.py", "test_i18n_table.py", "test_equity_small_spots.py",
    "test_equity_random_hands.py", "test_i18n_no_english.py", "test_five_card.py", "test_deals.py", "test_import.py",
    "test_hostile_inputs.py", "test_checks.py",
)
"""The fast run's longest files (4-12 s each in one process; ``--durations=0``, 2026-12-03), handed out first
for the same reason as :data:`LONGEST_FIRST`: xdist's own order (most tests first) can send a long file of few
tests, such as the widgets' accessibility file (23 tests, 11 s), out last. With this order the two workers
finished their last tests 1.6 s apart (2026-12-03)."""

FULL_FUZZ_EXAMPLES = 60
"""Hypothesis examples per public callable in the whole proof (the fast run: 20, the fuzz file's default)."""

INSTALL = "pip install -e '.[test]' (and apt-get install -y chromium bubblewrap; see .ci/run)"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true", default=False,
                     help="run the whole proof: notebooks (nbval), browser, sandbox, Dask, nbgrader, wheel, "
                          "long checks; a missing tool fails")


def full_run(config: pytest.Config) -> bool:
    """Whether this run is the whole proof (``--full``, or ``-m`` selecting ``full``)."""
    return bool(config.getoption("--full")) or "full" in (config.getoption("-m") or "")


def strict(config: pytest.Config) -> bool:
    """Whether a skip is a failure here: in the whole proof and on CI."""
    return full_run(config) or bool(os.environ.get("CI"))


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "full: part of the whole proof only (pytest --full); applied by path")
    compile_the_package(config)
    if full_run(config):         # the public API fuzzed deeper in the whole proof (tests/test_fuzz_public_api.py)
        os.environ.setdefault("OMAHA_LEARN_FUZZ_EXAMPLES", str(FULL_FUZZ_EXAMPLES))
        os.environ["OMAHA_LEARN_TEST_DEPTH"] = "full"     # every property at its named depth (tests/depth.py)
    search_depth()
    if (full_run(config) or plain_run(config)) and hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False   # keep the order of pytest_collection_modifyitems (LONGEST_FIRST)
    if full_run(config) and hasattr(config.option, "nbval"):
        config.option.nbval = True               # the notebooks and keys, against their stored outputs
        config.option.nbval_current_env = True
        config.option.nbval_sanitize_with = str(SANITIZE)


WROTE_NO_BYTECODE = sys.dont_write_bytecode
"""Whether the environment asked Python not to write bytecode (``PYTHONDONTWRITEBYTECODE``, set on this
machine). Without caches every worker compiles every test module (pytest's assertion rewriting) and every
module of the package again, and every notebook kernel and sandboxed grading kernel the package's modules:
about 8 s of CPU per worker before its first test. So a test run writes them, in ``__pycache__`` folders
beside the sources (ignored by git, left out of the sdist and the wheel): this file turns the switch back on
in every pytest process, before the test modules are imported, and :func:`compile_the_package` compiles the
package once before the workers start. Python checks each cache against its source before using it."""
sys.dont_write_bytecode = False


def compile_the_package(config: pytest.Config) -> None:
    """Write the package's bytecode once, in the controller, before any worker or kernel starts (see
    :data:`WROTE_NO_BYTECODE`; ``compileall`` writes only what is missing or stale, as pip does for an
    installed wheel)."""
    if hasattr(config, "workerinput") or not WROTE_NO_BYTECODE:
        return                  # a worker (its controller compiled), or Python writes the caches itself
    import compileall

    compileall.compile_dir(str(ROOT / "omaha_learn"), quiet=1)


def search_depth() -> None:
    """Hypothesis's default number of examples for this run (``tests/depth.py``): its own default (100) at
    full depth, ``FAST_DEFAULT`` in the fast run. Loaded before the test modules are imported, so a
    ``settings(...)`` that names no number inherits it."""
    from depth import FAST_DEFAULT, full_depth
    from hypothesis import settings

    settings.register_profile("fast", max_examples=FAST_DEFAULT)
    settings.load_profile("default" if full_depth() else "fast")


def full_path(path: Path) -> bool:
    """Whether everything in the file at ``path`` belongs to the whole proof."""
    try:
        rel = path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return False
    return ((any(rel.startswith(d + "/") for d in FULL_DIRS) and path.suffix == ".ipynb")
            or (rel.startswith("tests/") and path.name in FULL_FILES))


def is_full(item: pytest.Item) -> bool:
    path = Path(str(item.fspath)).resolve()
    if full_path(path):
        return True
    if f"{path.name}::{getattr(item, 'originalname', item.name)}" in FULL_TESTS:
        return True
    return any(item.iter_markers("browser")) or any(item.iter_markers("slow"))


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The fast run does not even import the files that belong wholly to the whole proof (``FULL_FILES``): their
    imports (PokerKit builds its lookup tables on import, Playwright, the sandbox's helpers) cost every worker
    about a second before its first test, to collect tests it would deselect."""
    if plain_run(config) and not full_run(config) and collection_path.suffix == ".py" and full_path(collection_path):
        return True
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    full, fast = [], []
    for item in items:
        if is_full(item):
            item.add_marker(pytest.mark.full)
            full.append(item)
        else:
            fast.append(item)
    if full and not full_run(config) and plain_run(config):
        config.hook.pytest_deselected(items=full)
        items[:] = fast
    longest = LONGEST_FIRST if full_run(config) else FAST_LONGEST_FIRST if plain_run(config) else ()
    if longest:
        first = {name: k for k, name in enumerate(longest)}
        items.sort(key=lambda item: first.get(Path(str(item.fspath)).name, len(first)))   # stable: files stay whole


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Plain ``pytest`` (the fast run) uses every core, files by file (``-n auto --dist loadfile``); a named file
    or test runs in this process, where starting workers would cost more than it saves. ``-n 0`` or ``-p
    no:xdist`` keeps any run serial."""
    if (plain_run(config) and config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput")
            and getattr(config.option, "numprocesses", 0) is None and not os.environ.get("PYTEST_XDIST_WORKER")):
        config.option.numprocesses = "auto"
        config.option.dist = "loadfile"


def plain_run(config: pytest.Config) -> bool:
    """``pytest`` with no paths and no ``-m``: the fast run. Naming a file (``pytest tests/test_browser.py``),
    a marker (``pytest -m browser``) or ``--nbval`` runs what was asked for."""
    from_testpaths = getattr(config, "args_source", None) == pytest.Config.ArgsSource.TESTPATHS
    return from_testpaths and not config.getoption("-m") and not getattr(config.option, "nbval", False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    outcome = yield
    report = outcome.get_result()
    if report.skipped and strict(item.config) and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = (f"skipped in a full or CI run, which needs every tool: {reason}\n"
                           f"install: {INSTALL}")


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    outcome = yield
    report = outcome.get_result()
    path = Path(str(getattr(collector, "path", "") or "."))
    if report.skipped and strict(collector.config) and (full_run(collector.config) or not full_path(path)):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = (f"{collector.nodeid} skipped in a full or CI run, which needs every tool: {reason}\n"
                           f"install: {INSTALL}")
