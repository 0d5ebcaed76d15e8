"""Worker processes for the Monte Carlo kernels: every core, the same numbers.

Why processes and not threads: numpy releases the GIL only inside large
loops, and the kernels make many calls of a few microseconds each on chunks of
8,192 deals, so a second thread gained 1.0-1.1x on this project's 2-core
machine. A worker process per core runs whole chunks at once.

* :func:`parallel_sum` sends batches of chunk indices to the workers; each
  batch returns the sum of its chunks' integer counts. Integer sums do not
  depend on the order or the grouping, and each chunk's deals depend only on
  its own seed, so the result is the same, bit for bit, as in one process.
* Workers are plain ``python`` processes that talk to this one over pipes
  (pickles on stdin and stdout). They never import the caller's script, so a
  script without ``if __name__ == "__main__"`` is safe, and they need no
  shared memory or semaphores, so they run inside a sandbox too.
* One set of workers per session, started by the first request of at least
  16 items (starting takes about 0.3 s, so smaller requests run here until
  workers exist) or by :func:`start`, and reused; :func:`shutdown` stops them,
  and they stop when this process exits (their stdin closes). They ignore Ctrl-C: interrupting the caller
  stops handing out batches, and the workers stay usable.
* If a worker cannot start or dies, the batches it had not summed run in this
  process: the result is unchanged, only slower, and :func:`status` says why.
  Inside a worker, work always runs in the worker itself.

>>> import functools
>>> int(parallel_sum(functools.partial(pow, exp=2), range(10), workers=2))   # 0 + 1 + 4 + ... + 81
285
"""

from __future__ import annotations

import atexit
import itertools
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from typing import IO, Any, TypeVar, cast

from omaha_learn.engine.arguments import available_cores

__all__ = ["default_workers", "parallel_sum", "serve", "shutdown", "start", "status"]

Summable = TypeVar("Summable")

_ENV_FLAG = "OMAHA_LEARN_WORKER"
_BOOT = ("import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
         "from omaha_learn.engine.equity.workers import serve; serve()")
_BATCHES_PER_WORKER = 4   # load balance, and progress steps
_MAX_BATCH = 64           # chunks per batch at most
_START_AT = 16            # items in a request that pay for starting workers (a Monte Carlo chunk: 1-5 ms)

_lock = threading.Lock()
_workers: list[_Worker] = []
_why_here: str | None = None      # why the last request ran in this process, if it did
_used = 0                         # workers the last request ran on
_disabled: str | None = None      # set when workers failed to start: not retried this session
_tokens = itertools.count(1)


def default_workers() -> int:
    """Workers used when none is asked for: the cores this process may run on."""
    return available_cores()


class _Failed(Exception):
    """The work raised in a worker: carries the exception to re-raise here."""


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

    def run(self, token: int, blob: bytes, batch: list[int]) -> Any:
        """Sum of the work over ``batch`` in the worker; OSError or EOFError if it died."""
        send = blob if token != self.token else None
        self.stdin.write(pickle.dumps((token, send, batch)))
        self.stdin.flush()
        ok, value = pickle.load(self.stdout)
        self.token = token
        if not ok:
            raise _Failed(value)
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


def serve() -> None:
    """A worker's loop: read ``(token, work or None, batch)``, reply ``(ok, sum or exception)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)       # Ctrl-C is the caller's to handle
    out = os.fdopen(os.dup(1), "wb")                    # the reply pipe ...
    os.dup2(2, 1)                                       # ... and prints go to stderr
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    held: tuple[int, Any] = (0, None)
    while True:
        try:
            token, blob, batch = pickle.load(inp)
        except EOFError:
            return
        try:
            if blob is not None:
                held = (token, pickle.loads(blob))
            work = held[1]
            reply: tuple[bool, Any] = (True, _sum(work, batch))
        except Exception as exc:  # noqa: BLE001 - sent back and raised in the caller
            reply = (False, exc)
        try:
            data = pickle.dumps(reply)
        except Exception as exc:  # noqa: BLE001 - an exception that cannot be pickled
            data = pickle.dumps((False, RuntimeError(f"{type(reply[1]).__name__}: {reply[1]} ({exc})")))
        out.write(data)
        out.flush()


def _sum(work: Callable[[int], Any], items: Iterable[int]) -> Any:
    total = None
    for i in items:
        part = work(i)
        total = part if total is None else total + part
    return total


def status() -> str:
    """How the last parallel request ran: ``"processes: N"`` or ``"this process: <why>"``.

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
    large request; returns :func:`status`-like text. Useful before timing, or before a lesson.

    >>> start(2)
    'processes: 2'
    """
    n = default_workers() if workers is None else int(workers)
    why = _refusal()
    if n <= 1 or why is not None:
        return f"this process: {why or 'one worker asked for'}"
    pool = _get_workers(n)
    return f"processes: {len(pool)}"


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


def _batches(items: list[int], workers: int) -> list[list[int]]:
    size = max(1, min(_MAX_BATCH, -(-len(items) // (workers * _BATCHES_PER_WORKER))))
    return [items[k:k + size] for k in range(0, len(items), size)]


def parallel_sum(work: Callable[[int], Summable], items: Iterable[int], workers: int,
                 finished: Callable[[int], object] | None = None) -> Summable | None:
    """Sum of ``work(i)`` over ``items``, on ``workers`` processes (1: in this process).

    ``work`` must be picklable (a module-level function, or a
    :func:`functools.partial` of one, with picklable arguments) for processes
    to be used; otherwise, or when processes are not available, everything
    runs here with the same result. ``finished(i)`` is called in this process
    once item ``i`` is summed. Returns None when ``items`` is empty.
    """
    global _why_here, _disabled, _used
    todo = list(items)
    total: Any = None

    def add(part: Any, batch: list[int]) -> None:
        nonlocal total
        total = part if total is None else total + part
        if finished is not None:
            for i in batch:
                finished(i)

    def run_here(batch: list[int]) -> None:
        for i in batch:
            add(work(i), [i])

    if workers <= 1 or len(todo) <= 1:
        run_here(todo)
        return cast("Summable | None", total)
    why = _refusal()
    blob = b""
    if why is None:
        try:
            blob = pickle.dumps(work)
        except Exception as exc:  # noqa: BLE001 - any pickling failure means: run here
            why = f"the work cannot be sent to a process ({type(exc).__name__}: {exc})"
    if why is None and len(todo) < _START_AT and sum(w.alive() for w in _workers) < min(workers, len(todo)):
        why = f"{len(todo)} items are too few to start worker processes for"
    if why is not None:
        _why_here = why
        run_here(todo)
        return cast("Summable | None", total)
    try:
        pool = _get_workers(workers)
    except OSError as exc:
        _disabled = _why_here = f"worker processes could not start ({type(exc).__name__}: {exc})"
        run_here(todo)
        return cast("Summable | None", total)
    _why_here, _used = None, len(pool)
    token = next(_tokens)
    tasks: queue.SimpleQueue[list[int]] = queue.SimpleQueue()
    done: queue.SimpleQueue[tuple[str, list[int], Any]] = queue.SimpleQueue()
    stop = threading.Event()

    def drive(w: _Worker) -> None:
        dead: BaseException | None = None
        with w.busy:
            while not stop.is_set():
                try:
                    batch = tasks.get_nowait()
                except queue.Empty:
                    return
                if dead is not None:             # hand the rest back to the caller
                    done.put(("died", batch, dead))
                    continue
                try:
                    done.put(("ok", batch, w.run(token, blob, batch)))
                except _Failed as exc:
                    done.put(("raised", batch, exc.args[0]))
                except (OSError, EOFError, pickle.UnpicklingError) as exc:
                    dead = exc
                    w.proc.kill()
                    w.proc.wait()
                    done.put(("died", batch, exc))

    batches = _batches(todo, len(pool))
    for batch in batches:
        tasks.put(batch)
    drivers = [threading.Thread(target=drive, args=(w,), daemon=True) for w in pool]
    for t in drivers:
        t.start()
    try:
        for _ in batches:
            kind, batch, value = done.get()
            if kind == "ok":
                add(value, batch)
            elif kind == "raised":
                raise value
            else:
                _why_here = f"a worker process died ({type(value).__name__}); its batches ran here"
                run_here(batch)
    finally:
        stop.set()
    return cast("Summable | None", total)
