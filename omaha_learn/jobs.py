"""Run many independent jobs: side by side on this machine, or on a Dask cluster. The one pool.

Grading a class, long studies (the starting-hand chart, frequency studies)
and every Monte Carlo request of :func:`omaha_learn.equity` have the same
shape: a list of independent items, one function applied to each, results
gathered in the order of the items. :func:`run_jobs` does that

* one after another (``jobs=1``),
* on ``jobs`` local threads (``kind="thread"``: jobs that wait on
  subprocesses or release the GIL),
* on ``jobs`` local worker processes (``kind="process"``), or
* on an existing Dask distributed cluster (``scheduler="tcp://host:8786"`` or
  a ``distributed.Client``); Dask is imported only then (``pip install
  "omaha_learn[scale]"``).

Results come back in item order whatever ran where, so a seeded study gives
the same answer on one core, two cores or a cluster. :func:`parallel_sum`
(the Monte Carlo kernels' entry) sums integer counts over chunk indices
through :func:`run_jobs`: integer sums do not depend on the order or the
grouping, so the result is the same, bit for bit, as in one process.

**The worker processes** (this module's one process pool, for ``kind="process"``):

* Why processes and not threads for the kernels: numpy releases the GIL only
  inside large loops, and the kernels make many calls of a few microseconds
  each on chunks of 8,192 deals, so a second thread gained 1.0-1.1x on this
  project's 2-core machine. A worker process per core runs whole chunks at once.
* Workers are plain ``python`` processes that talk to this one over pipes
  (pickles on stdin and stdout). They never import the caller's script, so a
  script without ``if __name__ == "__main__"`` is safe, and they need no
  shared memory or semaphores, so they run inside a sandbox too. The function
  is sent once per request; it must pickle by reference to an importable
  module (a module-level function, or a :func:`functools.partial` of one):
  work that cannot be sent, or loaded in a worker (a function of the
  caller's ``__main__``), runs in this process, with the same results.
* One set of workers per session, started by the first request that needs
  them (:func:`parallel_sum` starts none for fewer than 16 items: starting
  takes about 0.3 s) or by :func:`start`, and reused; :func:`shutdown` stops
  them, and they stop when this process exits (their stdin closes). They
  ignore Ctrl-C: interrupting the caller stops handing out items, and the
  workers stay usable.
* If a worker cannot start or dies, the items it had not finished run in this
  process: the result is unchanged, only slower, and :func:`status` says why.
  Inside a worker, work always runs in the worker itself.

>>> run_jobs(pow, [(2, 3), (3, 2)], jobs=1, star=True)
[8, 9]
>>> import functools
>>> int(parallel_sum(functools.partial(pow, exp=2), range(10), workers=2))   # 0 + 1 + 4 + ... + 81
285
"""

from __future__ import annotations

import atexit
import functools
import itertools
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Literal, TypeVar, cast

from omaha_learn.engine import arguments
from omaha_learn.engine.arguments import available_cores
from omaha_learn.errors import JobsError
from omaha_learn.i18n import gettext as _

__all__ = ["run_jobs", "parallel_sum", "available_cores", "start", "shutdown", "status", "JobsError",
           "CONNECT_TIMEOUT"]

CONNECT_TIMEOUT = "20s"
"""How long to keep trying to reach a scheduler given by address before giving up."""

Summable = TypeVar("Summable")

_ENV_FLAG = "OMAHA_LEARN_WORKER"
_BOOT = ("import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
         "from omaha_learn.jobs import _serve; _serve()")
_BATCHES_PER_WORKER = 4   # parallel_sum: load balance, and progress steps
_MAX_BATCH = 64           # parallel_sum: items per batch at most
_START_AT = 16            # parallel_sum: items in a request that pay for starting workers (a chunk: 1-5 ms)

_lock = threading.Lock()
_workers: list[_Worker] = []
_why_here: str | None = None      # why the last process request ran in this process, if it did
_used = 0                         # workers the last process request ran on
_disabled: str | None = None      # set when workers failed to start: not retried this session
_tokens = itertools.count(1)


def _check_jobs(jobs: object) -> int:
    return arguments.cores(jobs, "jobs", JobsError)


def _check_scheduler(scheduler: object) -> None:
    """Refuse what cannot be a scheduler before anything is imported or run."""
    if isinstance(scheduler, str):
        if not scheduler.strip():
            raise JobsError(_("scheduler: empty address; give one such as 'tcp://127.0.0.1:8786'"))
        return
    cls = type(scheduler)
    if cls.__module__.split(".")[0] == "distributed" and cls.__name__ == "Client":
        return
    raise JobsError(_("scheduler: {scheduler!r} is not an address such as 'tcp://127.0.0.1:8786' or a distributed.Client").format(scheduler=scheduler))


def run_jobs(
    func: Callable[..., Any],
    items: Iterable[Any],
    *,
    jobs: int | None = None,
    scheduler: Any = None,
    kind: Literal["thread", "process"] = "thread",
    star: bool = False,
    progress: Callable[[int, int], None] | None = None,
    each: Callable[[int, Any], object] | None = None,
) -> list[Any]:
    """Apply ``func`` to every item and return the results in item order.

    ``jobs``: local workers (default: the available cores; 1 runs in this
    process). ``kind``: ``"thread"`` for jobs that wait on subprocesses or
    release the GIL (numpy), ``"process"`` for pure-Python work or short numpy
    calls: the module's worker processes (``func`` must pickle by reference and
    the items must pickle; otherwise they run here). ``scheduler``: a Dask
    scheduler address or ``distributed.Client``; then ``jobs`` and ``kind``
    are ignored (but still checked), and ``func`` and the items travel to the
    workers (cloudpickle: the workers need omaha_learn and whatever ``func``
    imports). ``star``: call ``func(*item)`` instead of ``func(item)``.
    ``progress(done, total)`` is called as results arrive, and ``each(index,
    result)`` with each result as it arrives (both in this process). The
    first exception raised by a job is raised here, as itself; jobs not yet
    started are cancelled.

    >>> run_jobs(abs, [-3, 2, -1], jobs=2)
    [3, 2, 1]
    >>> run_jobs(abs, [-3, 2, -1], jobs=2, kind="process")
    [3, 2, 1]
    >>> run_jobs(abs, [1], jobs=0)
    Traceback (most recent call last):
    ...
    omaha_learn.errors.JobsError: jobs: 0 is not a positive number of cores to use (1 or more), or None for every core
    """
    if not callable(func):
        raise JobsError(_("func: {func!r} is not callable").format(func=func))
    if progress is not None and not callable(progress):
        raise JobsError(_("progress: {progress!r} is not callable").format(progress=progress))
    if each is not None and not callable(each):
        raise JobsError(_("each: {each!r} is not callable").format(each=each))
    n = _check_jobs(jobs)
    if kind not in ("thread", "process"):
        raise JobsError(_("kind: {kind!r} is not 'thread' or 'process'").format(kind=kind))
    if scheduler is not None:
        _check_scheduler(scheduler)
    try:
        work: Sequence[Any] = list(items)
    except TypeError:
        raise JobsError(_("items: {name} is not an iterable of job inputs").format(name=type(items).__name__)) from None
    total = len(work)
    results: list[Any] = [None] * total
    done = 0

    def arrived(i: int, value: Any) -> None:
        nonlocal done
        results[i] = value
        done += 1
        if each is not None:
            each(i, value)
        if progress is not None:
            progress(done, total)

    if scheduler is not None:
        _run_dask(func, work, scheduler, star=star, arrived=arrived)
    elif n == 1 or total <= 1:
        _run_here(func, work, range(total), star, arrived)
    elif kind == "process":
        _run_processes(func, work, n, star, arrived)
    else:
        _run_threads(func, work, n, star, arrived)
    return results


def _call(func: Callable[..., Any], item: Any, star: bool) -> Any:
    return func(*item) if star else func(item)


def _run_here(func: Callable[..., Any], work: Sequence[Any], which: Iterable[int], star: bool,
              arrived: Callable[[int, Any], None]) -> None:
    for i in which:
        arrived(i, _call(func, work[i], star))


def _run_threads(func: Callable[..., Any], work: Sequence[Any], n: int, star: bool,
                 arrived: Callable[[int, Any], None]) -> None:
    from concurrent import futures

    pool = futures.ThreadPoolExecutor(max_workers=min(n, len(work)))
    try:
        todo = {pool.submit(_call, func, it, star): i for i, it in enumerate(work)}
        for fut in futures.as_completed(todo):
            arrived(todo[fut], fut.result())
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


# ---------------------------------------------------------------- the worker processes

class _Failed(Exception):
    """The work raised in a worker: carries the exception to re-raise here."""


class _Unloadable(Exception):
    """The work could not be loaded in a worker (e.g. a function of the caller's ``__main__``)."""


class _Worker:
    """One worker process and the pipe protocol to it (used by one thread at a time)."""

    def __init__(self) -> None:
        env = dict(os.environ, **{_ENV_FLAG: "1"})
        self.proc = subprocess.Popen([sys.executable, "-c", _BOOT], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, close_fds=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin: IO[bytes] = self.proc.stdin
        self.stdout: IO[bytes] = self.proc.stdout
        self.token = 0        # the work this worker holds
        self.busy = threading.Lock()
        self.stdin.write(pickle.dumps(list(sys.path)))
        self.stdin.flush()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def run(self, token: int, blob: bytes, item: bytes) -> Any:
        """The work's result for one pickled item in the worker; OSError or EOFError if it died."""
        send = blob if token != self.token else None
        self.stdin.write(pickle.dumps((token, send, item)))
        self.stdin.flush()
        kind, value = pickle.load(self.stdout)
        self.token = token
        if kind == "raised":
            raise _Failed(value)
        if kind == "unloadable":
            raise _Unloadable(value)
        return value

    def stop(self) -> None:
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _serve() -> None:
    """A worker's loop: read ``(token, work or None, item)``, reply ``(kind, result or exception)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)       # Ctrl-C is the caller's to handle
    out = os.fdopen(os.dup(1), "wb")                    # the reply pipe ...
    os.dup2(2, 1)                                       # ... and prints go to stderr
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    held: tuple[Callable[..., Any], bool] | str = "no work sent"
    while True:
        try:
            token, blob, item = pickle.load(inp)
        except EOFError:
            return
        reply: tuple[str, Any]
        if blob is not None:
            try:
                held = pickle.loads(blob)
            except Exception as exc:  # noqa: BLE001 - reported, and the caller runs the work itself
                held = f"{type(exc).__name__}: {exc}"
        if isinstance(held, str):
            reply = ("unloadable", held)
        else:
            try:
                reply = ("ok", _call(held[0], pickle.loads(item), held[1]))
            except Exception as exc:  # noqa: BLE001 - sent back and raised in the caller
                reply = ("raised", exc)
        try:
            data = pickle.dumps(reply)
        except Exception as exc:  # noqa: BLE001 - a result or exception that cannot be pickled
            data = pickle.dumps(("raised", RuntimeError(f"{type(reply[1]).__name__}: {reply[1]} ({exc})")))
        out.write(data)
        out.flush()


def status() -> str:
    """How the last request for worker processes ran: ``"processes: N"`` or ``"this process: <why>"``.

    >>> status().split(":")[0] in ("processes", "this process")
    True
    """
    if _why_here is not None:
        return f"this process: {_why_here}"
    return f"processes: {_used}" if _used else "this process: no parallel request yet"


def shutdown() -> None:
    """Stop the worker processes (a later request starts new ones)."""
    with _lock:
        gone = _workers[:]
        _workers.clear()
    for w in gone:
        with w.busy:
            w.stop()


atexit.register(shutdown)


def start(workers: int | None = None) -> str:
    """Start ``workers`` worker processes now (default: one per core) rather than on the first
    request; returns :func:`status`-like text. Useful before timing, or before a lesson.

    >>> start(2)
    'processes: 2'
    """
    n = available_cores() if workers is None else _check_jobs(workers)
    why = _refusal()
    if n <= 1 or why is not None:
        return f"this process: {why or 'one worker asked for'}"
    pool = _get_workers(n)
    return f"processes: {len(pool)}"


def live_workers() -> int:
    """How many worker processes are running now."""
    with _lock:
        return sum(w.alive() for w in _workers)


def _get_workers(n: int) -> list[_Worker]:
    """``n`` live workers (started as needed; dead ones replaced)."""
    with _lock:
        _workers[:] = [w for w in _workers if w.alive()]
        while len(_workers) < n:
            _workers.append(_Worker())
        return _workers[:n]


def _refusal() -> str | None:
    """Why worker processes are not used here at all, or None."""
    if os.environ.get(_ENV_FLAG):
        return "already in a worker process"
    return _disabled


def _run_processes(func: Callable[..., Any], work: Sequence[Any], n: int, star: bool,
                   arrived: Callable[[int, Any], None]) -> None:
    """Every item on the worker processes (or here, when they cannot be used: see the module notes)."""
    global _why_here, _disabled, _used
    everything = range(len(work))
    why = _refusal()
    blob = b""
    if why is None:
        try:
            blob = pickle.dumps((func, star))
        except Exception as exc:  # noqa: BLE001 - any pickling failure means: run here
            why = f"the work cannot be sent to a process ({type(exc).__name__}: {exc})"
    if why is not None:
        _why_here = why
        _run_here(func, work, everything, star, arrived)
        return
    try:
        pool = _get_workers(min(n, len(work)))
    except OSError as exc:
        _disabled = _why_here = f"worker processes could not start ({type(exc).__name__}: {exc})"
        _run_here(func, work, everything, star, arrived)
        return
    _why_here, _used = None, len(pool)
    token = next(_tokens)
    tasks: queue.SimpleQueue[int] = queue.SimpleQueue()
    done: queue.SimpleQueue[tuple[str, int, Any]] = queue.SimpleQueue()
    stop = threading.Event()

    def drive(w: _Worker) -> None:
        dead: BaseException | None = None
        with w.busy:
            while not stop.is_set():
                try:
                    i = tasks.get_nowait()
                except queue.Empty:
                    return
                if dead is not None:             # hand the rest back to the caller
                    done.put(("died", i, dead))
                    continue
                try:
                    item = pickle.dumps(work[i])
                except Exception as exc:  # noqa: BLE001 - an item that cannot be sent runs here
                    done.put(("here", i, f"item {i} cannot be sent to a process ({type(exc).__name__}: {exc})"))
                    continue
                try:
                    done.put(("ok", i, w.run(token, blob, item)))
                except _Failed as exc:
                    done.put(("raised", i, exc.args[0]))
                except _Unloadable as exc:
                    done.put(("here", i, f"the work cannot be loaded in a worker process ({exc.args[0]})"))
                except (OSError, EOFError, pickle.UnpicklingError) as exc:
                    dead = exc
                    w.proc.kill()
                    w.proc.wait()
                    done.put(("died", i, exc))

    for i in everything:
        tasks.put(i)
    drivers = [threading.Thread(target=drive, args=(w,), daemon=True) for w in pool]
    for t in drivers:
        t.start()
    try:
        for _ in everything:
            kind, i, value = done.get()
            if kind == "ok":
                arrived(i, value)
            elif kind == "raised":
                raise value
            else:
                _why_here = (f"a worker process died ({type(value).__name__}); its items ran here"
                             if kind == "died" else value)
                _run_here(func, work, [i], star, arrived)
    finally:
        stop.set()


# ---------------------------------------------------------------- sums over chunk indices

def _sum_batch(work: Callable[[int], Any], batch: Sequence[int]) -> Any:
    total = None
    for i in batch:
        part = work(i)
        total = part if total is None else total + part
    return total


def parallel_sum(work: Callable[[int], Summable], items: Iterable[int], workers: int,
                 finished: Callable[[int], object] | None = None) -> Summable | None:
    """Sum of ``work(i)`` over ``items``, on ``workers`` worker processes (1: in this process),
    through :func:`run_jobs`: batches of items, each summed in a worker.

    ``work`` must be picklable (a module-level function, or a
    :func:`functools.partial` of one, with picklable arguments) for processes
    to be used; otherwise, or when processes are not available, everything
    runs here with the same result. Fewer than 16 items start no workers (they
    use running ones). ``finished(i)`` is called in this process once item
    ``i`` is summed. Returns None when ``items`` is empty.
    """
    global _why_here
    todo = list(items)
    if workers > 1 and 1 < len(todo) < _START_AT and _refusal() is None \
            and live_workers() < min(workers, len(todo)):
        _why_here = f"{len(todo)} items are too few to start worker processes for"
        workers = 1
    if workers <= 1 or len(todo) <= 1:
        batches = [[i] for i in todo]
        workers = 1
    else:
        size = max(1, min(_MAX_BATCH, -(-len(todo) // (workers * _BATCHES_PER_WORKER))))
        batches = [todo[k:k + size] for k in range(0, len(todo), size)]
    total: Any = None

    def add(k: int, part: Any) -> None:
        nonlocal total
        total = part if total is None else total + part
        if finished is not None:
            for i in batches[k]:
                finished(i)

    # the work goes in the function, sent to each worker once; the batches are the items
    run_jobs(functools.partial(_sum_batch, work), batches, jobs=workers, kind="process", each=add)
    return cast("Summable | None", total)


def _star_call(func: Callable[..., Any], item: Sequence[Any]) -> Any:
    return func(*item)


def _run_dask(func: Callable[..., Any], work: Sequence[Any], scheduler: Any, *, star: bool,
              arrived: Callable[[int, Any], None]) -> None:
    from omaha_learn.errors import MissingExtra
    from omaha_learn.extras import require

    try:
        distributed: Any = require("distributed", extra="scale", what="a Dask scheduler")  # Any: typed or not
    except MissingExtra as exc:
        raise JobsError(_("scheduler: Dask distributed is not installed ({exc})").format(exc=exc)) from None
    own = isinstance(scheduler, str)
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT) if own else scheduler
    except (OSError, ValueError) as exc:
        raise JobsError(_("scheduler: cannot reach {scheduler!r} ({exc})").format(scheduler=scheduler, exc=exc)) from None
    futs: list[Any] = []
    try:
        if not work:
            return
        futs = (client.map(_star_call, [func] * len(work), work, pure=False) if star
                else client.map(func, work, pure=False))
        index = {f.key: i for i, f in enumerate(futs)}
        for fut in distributed.as_completed(futs):
            arrived(index[fut.key], fut.result())
    except BaseException:
        if futs:
            client.cancel(futs)
        raise
    finally:
        if own:
            client.close()
