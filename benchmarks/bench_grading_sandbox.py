"""What the third round's defences cost per submission: the seccomp filter, the uid switch, the memory cgroup.

Variants, each a set of :class:`omaha_learn.grading.sandbox._Features`:

* ``second round``: bubblewrap as it was (``/usr`` and ``/opt`` whole, no
  filter, no uid switch, no memory cgroup, nested user namespaces allowed),
* ``+ filter``: the seccomp filter only,
* ``+ uid switch``: only the uid of its own (as root: the outer bubblewrap,
  the switch, the inner bubblewrap with ``--disable-userns``),
* ``+ memory cgroup``: only the memory cgroup,
* ``third round``: all of them, and the narrow view.

Two measures per variant: the time to start a sandbox and run ``python -S``
in it (the sandbox's own cost), and the time to grade one submission of
exercise 1 (kernel start, setup, six answers and reports, kill, clean-up:
what a teacher waits for). The variants alternate within each round, so a
load change on a shared machine hits them alike; medians over the rounds.
Goal: the third round at most 10% over the second per submission. Run::

    .venv/bin/python benchmarks/bench_grading_sandbox.py [--rounds 7] [--out benchmarks/RESULTS_grading.md]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from omaha_learn.grading import cgroups, sandbox  # noqa: E402
from omaha_learn.grading.grader import load_key, plan_for  # noqa: E402

KEY = ROOT / "exercises" / "solutions" / "01_reading_hands.ipynb"
VARIANTS = {
    "second round": sandbox._Features(uid_switch=False, seccomp=False, memory_cgroup=False, narrow_view=False),
    "+ filter": sandbox._Features(uid_switch=False, seccomp=True, memory_cgroup=False, narrow_view=False),
    "+ uid switch": sandbox._Features(uid_switch=True, seccomp=False, memory_cgroup=False, narrow_view=False),
    "+ memory cgroup": sandbox._Features(uid_switch=False, seccomp=False, memory_cgroup=True, narrow_view=False),
    "third round": sandbox._Features(),
}


def _use(features: sandbox._Features) -> None:
    sandbox._FEATURES = features
    sandbox._DISABLE_USERNS["on"] = features.uid_switch or features == sandbox._Features()


def sandbox_start(features: sandbox._Features) -> float:
    """Seconds to start the sandbox (launcher, cgroups, bubblewrap, uid switch, filter) and run ``python -S``."""
    _use(features)
    from omaha_learn.grading.identity import acquire

    folder = Path(tempfile.mkdtemp(prefix="omaha-bench-"))
    (folder / "ipc").mkdir(mode=0o700)
    tables = sandbox.verified_tables()
    user = acquire() if sandbox._uid_switch("bwrap") else None
    program = None
    try:
        start = time.perf_counter()
        if user is not None:
            os.chown(folder / "ipc", user.uid, user.gid)
        program = sandbox._filter_file()
        fds = (program.fileno(),) if program is not None else ()
        limits = sandbox._Limits(sandbox.Bounds(), user)
        cmd = limits.wrap(sandbox._bwrap_args(folder, tables, {"PATH": "/usr/bin:/bin"}, sandbox.Bounds(), user,
                                              fds[0] if fds else None) + [sys.executable, "-S", "-c", "pass"])
        done = subprocess.run(cmd, cwd=folder, pass_fds=fds, capture_output=True, text=True,
                              env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
        limits.kill_all()
        took = time.perf_counter() - start
        if done.returncode != 0:
            raise RuntimeError(f"the sandbox did not start: {done.stderr[-500:]}")
        return took
    finally:
        if program is not None:
            program.close()
        if user is not None:
            user.release()
        sandbox._remove(folder)


def one_submission(features: sandbox._Features, plan: list[dict[str, object]]) -> float:
    _use(features)
    start = time.perf_counter()
    run = sandbox.run_plan(plan, sandbox="bwrap", timeout=120, cell_timeout=60)  # type: ignore[arg-type]
    took = time.perf_counter() - start
    if set(run["cells"].values()) != {"ok"} or len(run["reports"]) != 6:
        raise RuntimeError(f"a run went wrong: {run['cells']} {run['log']}")
    return took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--out", type=Path, default=None, help="append the results to this Markdown file")
    args = ap.parse_args(argv)
    sandbox.sandbox_kind("bwrap")
    plan = plan_for(None, load_key(KEY))
    start_times: dict[str, list[float]] = {v: [] for v in VARIANTS}
    run_times: dict[str, list[float]] = {v: [] for v in VARIANTS}
    for features in VARIANTS.values():  # warm up: tables, the filter, cgroup probes, page cache
        sandbox_start(features)
        one_submission(features, plan)
    for r in range(args.rounds):
        order = list(VARIANTS) if r % 2 == 0 else list(reversed(VARIANTS))
        for name in order:
            start_times[name].append(sandbox_start(VARIANTS[name]))
            run_times[name].append(one_submission(VARIANTS[name], plan))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    base_start = statistics.median(start_times["second round"])
    base_run = statistics.median(run_times["second round"])
    load = os.getloadavg()
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    who = "root (uid switch on)" if os.geteuid() == 0 else f"uid {os.geteuid()} (no uid switch: not root)"
    memory = "a memory cgroup" if cgroups.find("memory") is not None else \
        f"no memory cgroup ({cgroups.problem('memory')})"
    lines = [f"### {when}, Linux {platform.release()} {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}, grader as {who}, {memory}, load average {load[0]:.1f}",
             "",
             f"Medians over {args.rounds} rounds (variants alternating within each round):",
             "",
             "| variant | sandbox start | vs. second round | one submission (exercise 1) | vs. second round |",
             "|---|---|---|---|---|"]
    for name in VARIANTS:
        s, t = statistics.median(start_times[name]), statistics.median(run_times[name])
        lines.append(f"| {name} | {s * 1000:.0f} ms | {s / base_start - 1:+.0%} | {t:.2f} s | "
                     f"{t / base_run - 1:+.1%} |")
    third = statistics.median(run_times["third round"]) / base_run - 1
    lines += ["", f"* third round over second per submission: **{third:+.1%}** (goal at most +10%)",
              f"* spread of one submission (min-max over rounds), second round "
              f"{min(run_times['second round']):.2f}-{max(run_times['second round']):.2f} s, third round "
              f"{min(run_times['third round']):.2f}-{max(run_times['third round']):.2f} s", ""]
    text = "\n".join(lines)
    print(text)
    if args.out is not None:
        with args.out.open("a", encoding="utf-8") as fh:
            fh.write("\n" + text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
