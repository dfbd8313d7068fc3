"""Deals spread over a Dask cluster, each gathered exactly once.

Every deal is one task, named by game, deal and budget. If a worker dies, the
scheduler runs its unfinished tasks again elsewhere; a result is taken once per
task, so none is lost and none is counted twice. By default a local cluster of one
single-threaded worker process per core is started (its workers ignore Ctrl-C,
which this process alone answers); ``scheduler`` names an existing one
(``tcp://host:8786``), which is asked who it is before anything is sent to it.

Deals are handed out a few at a time, each game's in order and generated as they are
handed out (a run of 10⁸ deals starts at once), the next always to the game that has
used the least processor time so far: a run bounded by a deadline then gives every
game about the same time.

Each result carries the digests of the code and spec its worker ran; one that
differs from this machine's stops the run. So do a scheduler that stops answering
and a cluster left with no worker: each is a one-line :class:`ClusterError` within
a few seconds, never a silent wait.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from patience.progress import Progress
from patience.stats.deal import evaluate
from patience.stats.digests import Digests, digests

POLL = 1.0  # seconds between looks at the cluster while no deal finishes
LOST_AFTER = 6.0  # seconds with no worker before the run stops
ANSWER_WITHIN = 5.0  # seconds a scheduler has to say who it is


class ClusterError(RuntimeError):
    """The cluster cannot be reached, is lost, or computes with other code."""


def connect(scheduler: str | None, workers: int | None = None):
    """A Dask client: to ``scheduler``, or to a new local cluster."""
    from distributed import Client, LocalCluster

    quiet()
    if scheduler:
        _ask_identity(scheduler)
        try:
            return Client(scheduler, timeout=f"{ANSWER_WITHIN}s")
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    with _deaf_to_interrupts():  # the worker processes inherit it
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=logging.CRITICAL)
    return Client(cluster)


def quiet() -> None:
    """Dask's own logging off: what goes wrong is said in one line by this module."""
    import distributed  # noqa: F401 - it sets levels of its own loggers when imported: set them after

    families = ("distributed", "tornado", "asyncio")
    for name in [*families, *logging.root.manager.loggerDict]:
        if name.split(".")[0] in families:
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _ask_identity(address: str) -> None:
    """Make sure ``address`` is a Dask scheduler that answers, within a few seconds
    (a client connecting to a port that is not Dask's waits for minutes)."""
    from distributed.comm import connect as open_comm

    async def identity() -> object:
        comm = await open_comm(address, timeout=ANSWER_WITHIN)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            await comm.close()

    try:
        answer = _run_apart(lambda: asyncio.run(asyncio.wait_for(identity(), ANSWER_WITHIN)))
    except TimeoutError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no answer within "
                           f"{ANSWER_WITHIN:.0f} s (is it a Dask scheduler's address?)") from None
    except (OSError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    except Exception as error:  # noqa: BLE001 - an answer Dask's protocol cannot read (a length of 10¹⁸ bytes …)
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: it answers, but not as a Dask "
                           f"scheduler ({type(error).__name__})") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: it answers, but not as a Dask scheduler")


def _run_apart(task: Callable[[], object]) -> object:
    """``task()`` on a thread of its own, its exception re-raised here: ``asyncio.run`` refuses a
    thread whose event loop is running (a notebook's, a browser driver's)."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="patience-scheduler-probe") as pool:
        return pool.submit(task).result()


@contextmanager
def _deaf_to_interrupts():
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: nothing to inherit
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@dataclass
class Pending:
    """The deals of one game still to be computed in a pass, in order, produced as
    they are taken; ``count`` of them."""

    numbers: Iterator[int]
    count: int


def run(client, tasks: Mapping[str, Pending] | Iterable[tuple[str, int]], budget: int | Mapping[str, int],
        on_result: Callable[[str, dict], None], progress=sys.stderr, deadline: float | None = None,
        played: bool = True, label: str = "", solved: bool = True) -> None:
    """Evaluate every deal of ``tasks`` on the cluster at ``budget`` (one for all games, or
    each game's): solving it if ``solved``, playing it if ``played``; ``on_result`` is called once per deal as
    results arrive (in any order). With ``deadline`` (a ``time.monotonic()`` value) no
    deal is started after it and those still running then are cancelled, never reported."""
    from distributed import wait

    queue = Queue(tasks)
    budgets = budget if isinstance(budget, Mapping) else dict.fromkeys(queue.deals, budget)
    expected = {game_id: digests(game_id) for game_id in queue.deals}
    running: dict = {}
    watch = Watch(client)

    def submit() -> None:
        game_id, number = queue.next()
        future = client.submit(evaluate, game_id, number, budgets[game_id], played, solved,
                               key=f"deal-{game_id}-{number}-{budgets[game_id]}-{int(played)}{int(solved)}")
        running[future] = (game_id, number)

    slots = 2 * max(1, watch.workers())  # deals out at once: enough to keep every worker busy
    with Bar(queue.remaining(), progress, label) as bar:
        while queue and len(running) < slots:
            submit()
        while running:
            try:
                done = wait(list(running), timeout=POLL, return_when="FIRST_COMPLETED").done
            except Exception:  # noqa: BLE001 - none finished in time, or the scheduler is lost: see the watch
                done = set()
            watch.check(running)
            for future in done:
                game_id, number = running.pop(future)
                result = _result(future, game_id, number, watch, running)
                _same_code(result, expected[game_id], game_id)
                queue.spent(game_id, result.get("solve_cpu", 0.0) + result.get("play_cpu", 0.0))
                on_result(game_id, result)
                bar.step((game_id, number))
            if deadline is not None and time.monotonic() > deadline:
                client.cancel(list(running))
                return
            while queue and len(running) < slots:
                submit()


def _result(future, game_id: str, number: int, watch: Watch, running: dict) -> dict:
    """A finished deal's result, fetched from the worker that holds it. Should that worker
    die first, the scheduler computes the deal again, and with no worker left it never
    would: so the fetch waits a poll at a time, the cluster watched between. A fetch cut by
    a closed connection is the cluster's loss, not the deal's error: the scheduler lost is
    said as such, a worker lost is waited out like the rest."""
    while True:
        if future.status == "cancelled":
            raise ClusterError("lost the Dask scheduler: the deals being computed were cancelled")
        try:
            return future.result(timeout=POLL)
        except TimeoutError as error:
            if future.status == "error":  # the deal's own TimeoutError, raised on the worker
                raise _failed(game_id, number, error) from None
            watch.check(running)
        except OSError as error:  # the fetch's connection closed (Dask's CommClosedError)
            if future.status == "error":  # the deal's own OSError, raised on the worker
                raise _failed(game_id, number, error) from None
            watch.workers()  # the scheduler gone says so; a worker gone: the deal is computed again
            time.sleep(POLL)
            watch.check(running)
        except Exception as error:  # noqa: BLE001 - an error on a worker, said in one line
            raise _failed(game_id, number, error) from None


def _failed(game_id: str, number: int, error: BaseException) -> ClusterError:
    return ClusterError(f"{game_id} deal {number} failed on a worker: {type(error).__name__}: {error}")


def _same_code(result: dict, expected: Digests, game_id: str) -> None:
    ran = Digests(*result["digests"])
    if ran == expected:
        return
    what, theirs, ours = next((what, theirs, ours) for what, theirs, ours in zip(
        ("code", "player's code", f"spec of {game_id}"), ran, expected) if theirs != ours)
    raise ClusterError(f"a worker ran other {what} than this machine (digest {theirs[:12]} there, "
                       f"{ours[:12]} here): every machine of the cluster must have the same version; stopped")


class Watch:
    """The cluster's health while results are awaited: its scheduler answering, and at
    least one worker (a local cluster's nanny restarts a killed one within seconds)."""

    def __init__(self, client):
        self.client, self.alone_since, self.looked = client, None, 0.0

    def workers(self) -> int:
        if self.client.status not in ("running", "connecting"):
            raise ClusterError("lost the Dask scheduler")
        try:
            return len(self.client.nthreads())
        except Exception:  # noqa: BLE001 - no answer: the scheduler is gone
            raise ClusterError("lost the Dask scheduler") from None

    def check(self, running: dict) -> None:
        """At most once a poll: a scheduler that stops answering, or no worker for long."""
        now = time.monotonic()
        if now - self.looked < POLL:
            return
        self.looked = now
        if any(future.status == "cancelled" for future in running):
            raise ClusterError("lost the Dask scheduler: the deals being computed were cancelled")
        if self.workers():
            self.alone_since = None
            return
        self.alone_since = self.alone_since or now
        if now - self.alone_since > LOST_AFTER:
            raise ClusterError(f"the Dask cluster has had no worker for {LOST_AFTER:.0f} s; stopped")


class Queue:
    """Each game's deals in order; :meth:`next` takes from the game that has spent the
    least time: its finished deals, and for each deal still running the mean of its
    finished ones (of all games' before it has any)."""

    def __init__(self, tasks: Mapping[str, Pending] | Iterable[tuple[str, int]]):
        if not isinstance(tasks, Mapping):
            listed: dict[str, list[int]] = {}
            for game_id, number in tasks:
                listed.setdefault(game_id, []).append(number)
            tasks = {game_id: Pending(iter(numbers), len(numbers)) for game_id, numbers in listed.items()}
        self.deals = {game_id: pending for game_id, pending in tasks.items() if pending.count}
        self.left = {game_id: pending.count for game_id, pending in self.deals.items()}
        self.seconds = dict.fromkeys(self.deals, 0.0)
        self.finished = dict.fromkeys(self.deals, 0)
        self.started = dict.fromkeys(self.deals, 0)

    def remaining(self) -> int:
        """Deals not yet handed out (a number, not ``len()``: it may exceed what an index holds)."""
        return sum(self.left.values())

    def __bool__(self) -> bool:
        return any(self.left.values())

    def next(self) -> tuple[str, int]:
        game_id = min((g for g, left in self.left.items() if left), key=self._load)
        self.started[game_id] += 1
        self.left[game_id] -= 1
        return game_id, next(self.deals[game_id].numbers)

    def spent(self, game_id: str, seconds: float) -> None:
        self.seconds[game_id] += seconds
        self.finished[game_id] += 1

    def _load(self, game_id: str) -> float:
        finished = self.finished[game_id]
        if finished:
            mean = self.seconds[game_id] / finished
        else:
            mean = sum(self.seconds.values()) / max(1, sum(self.finished.values())) or 1.0
        return self.seconds[game_id] + mean * (self.started[game_id] - finished)


class Bar:
    """The deals of a pass as they finish. On a terminal, a bar redrawn in place every second
    with the time taken (:class:`patience.progress.Progress`), from before the first deal is
    done, and left as a lasting line when the pass ends; elsewhere a line per tenth; with no
    stream, nothing."""

    def __init__(self, total: int, stream, label: str = "", width: int = 30):
        self.total, self.width, self.count = total, width, 0
        self.label = f"{label}: " if label else ""
        self.progress = Progress(self._line(None), stream=stream) if stream is not None else None

    def __enter__(self) -> Bar:
        if self.progress is not None:
            self.progress.__enter__()
        return self

    def step(self, task: tuple[str, int]) -> None:
        self.count += 1
        if self.progress is None:
            return
        self.progress.doing = self._line(task)  # redrawn on a terminal
        if not self.progress.drawn and (self.count == self.total or self.count % max(1, self.total // 10) == 0):
            self.progress.say(self.progress.doing)

    def __exit__(self, *exception) -> None:
        if self.progress is None:
            return
        self.progress.__exit__(*exception)
        if self.progress.drawn and self.count:
            self.progress.say(self.progress.line())

    def _line(self, task: tuple[str, int] | None) -> str:
        filled = self.width * self.count // max(1, self.total)
        last = f" ({task[0]} {task[1]})" if task else ""
        return f"{self.label}[{'#' * filled}{'.' * (self.width - filled)}] {self.count:,}/{self.total:,} deals{last}"
