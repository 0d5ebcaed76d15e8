"""Run many independent jobs: side by side on this machine, or on a Dask cluster.

Grading a class and long studies (the starting-hand chart, frequency studies)
have the same shape: a list of independent items, one function applied to
each, results gathered in the order of the items. :func:`run_jobs` does that

* one after another (``jobs=1``),
* on ``jobs`` local workers (threads or processes), by default as many as
  the machine has cores, or
* on an existing Dask distributed cluster (``scheduler="tcp://host:8786"`` or
  a ``distributed.Client``); Dask is imported only then (``pip install
  "omaha_learn[scale]"``).

Results come back in item order whatever ran where, so a seeded study gives
the same answer on one core, two cores or a cluster.

>>> run_jobs(pow, [(2, 3), (3, 2)], jobs=1, star=True)
[8, 9]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from omaha_learn.engine import arguments
from omaha_learn.engine.arguments import available_cores
from omaha_learn.errors import JobsError

__all__ = ["run_jobs", "available_cores", "JobsError", "CONNECT_TIMEOUT"]

CONNECT_TIMEOUT = "20s"
"""How long to keep trying to reach a scheduler given by address before giving up."""



def _check_jobs(jobs: object) -> int:
    return arguments.cores(jobs, "jobs", JobsError)


def _check_scheduler(scheduler: object) -> None:
    """Refuse what cannot be a scheduler before anything is imported or run."""
    if isinstance(scheduler, str):
        if not scheduler.strip():
            raise JobsError("scheduler: empty address; give one such as 'tcp://127.0.0.1:8786'")
        return
    cls = type(scheduler)
    if cls.__module__.split(".")[0] == "distributed" and cls.__name__ == "Client":
        return
    raise JobsError(f"scheduler: {scheduler!r} is not an address such as 'tcp://127.0.0.1:8786' "
                    "or a distributed.Client")


def run_jobs(
    func: Callable[..., Any],
    items: Iterable[Any],
    *,
    jobs: int | None = None,
    scheduler: Any = None,
    kind: Literal["thread", "process"] = "thread",
    star: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[Any]:
    """Apply ``func`` to every item and return the results in item order.

    ``jobs``: local workers (default: the available cores; 1 runs in this
    process). ``kind``: ``"thread"`` for jobs that wait on subprocesses or
    release the GIL (numpy), ``"process"`` for pure-Python work (``func``
    and items must then pickle). ``scheduler``: a Dask scheduler address or
    ``distributed.Client``; then ``jobs`` and ``kind`` are ignored (but still
    checked), and ``func`` and the items travel to the workers (cloudpickle:
    the workers need omaha_learn and whatever ``func`` imports). ``star``:
    call ``func(*item)`` instead of ``func(item)``. ``progress(done, total)``
    is called as results arrive. The first exception raised by a job is
    raised here, as itself; jobs not yet started are cancelled.

    >>> run_jobs(abs, [-3, 2, -1], jobs=2)
    [3, 2, 1]
    >>> run_jobs(abs, [1], jobs=0)
    Traceback (most recent call last):
    ...
    omaha_learn.errors.JobsError: jobs: 0 is not a positive number of cores to use (1 or more), or None for every core
    """
    if not callable(func):
        raise JobsError(f"func: {func!r} is not callable")
    if progress is not None and not callable(progress):
        raise JobsError(f"progress: {progress!r} is not callable")
    n = _check_jobs(jobs)
    if kind not in ("thread", "process"):
        raise JobsError(f"kind: {kind!r} is not 'thread' or 'process'")
    if scheduler is not None:
        _check_scheduler(scheduler)
    try:
        work: Sequence[Any] = list(items)
    except TypeError:
        raise JobsError(f"items: {type(items).__name__} is not an iterable of job inputs") from None
    total = len(work)
    if scheduler is not None:
        return _run_dask(func, work, scheduler, star=star, progress=progress)
    if n == 1 or total <= 1:
        out = []
        for i, it in enumerate(work):
            out.append(func(*it) if star else func(it))
            if progress:
                progress(i + 1, total)
        return out
    from concurrent import futures

    pool_cls = futures.ThreadPoolExecutor if kind == "thread" else futures.ProcessPoolExecutor
    results: list[Any] = [None] * total
    pool = pool_cls(max_workers=min(n, total))
    try:
        if star:
            todo = {pool.submit(_star_call, func, it): i for i, it in enumerate(work)}
        else:
            todo = {pool.submit(func, it): i for i, it in enumerate(work)}
        done = 0
        for fut in futures.as_completed(todo):
            results[todo[fut]] = fut.result()
            done += 1
            if progress:
                progress(done, total)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return results


def _star_call(func: Callable[..., Any], item: Sequence[Any]) -> Any:
    return func(*item)


def _run_dask(func: Callable[..., Any], work: Sequence[Any], scheduler: Any, *, star: bool,
              progress: Callable[[int, int], None] | None) -> list[Any]:
    from omaha_learn.errors import MissingExtra
    from omaha_learn.extras import require

    try:
        distributed: Any = require("distributed", extra="scale", what="a Dask scheduler")  # Any: typed or not
    except MissingExtra as exc:
        raise JobsError(f"scheduler: Dask distributed is not installed ({exc})") from None
    own = isinstance(scheduler, str)
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT) if own else scheduler
    except (OSError, ValueError) as exc:
        raise JobsError(f"scheduler: cannot reach {scheduler!r} ({exc})") from None
    futs: list[Any] = []
    try:
        if not work:
            return []
        futs = (client.map(_star_call, [func] * len(work), work, pure=False) if star
                else client.map(func, work, pure=False))
        index = {f.key: i for i, f in enumerate(futs)}
        results: list[Any] = [None] * len(work)
        for n, fut in enumerate(distributed.as_completed(futs), 1):
            results[index[fut.key]] = fut.result()
            if progress:
                progress(n, len(work))
        return results
    except BaseException:
        if futs:
            client.cancel(futs)
        raise
    finally:
        if own:
            client.close()
