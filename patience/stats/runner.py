"""Deals spread over a Dask cluster, each gathered exactly once.

Every deal is one task, named by game, deal and budget. If a worker dies, the
scheduler runs its unfinished tasks again elsewhere; a result is taken once per
task name, so none is lost and none is counted twice. By default a local cluster
of one single-threaded worker process per core is started; ``scheduler`` names
an existing one (``tcp://host:8786``).

Deals are handed out a few at a time, each game's in order, the next always to the
game that has used the least computing time so far: a run bounded by a deadline
then gives every game about the same time, so a game whose deals take a second is
not held to the number of deals of one whose deals take a minute.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable

from patience.stats.deal import evaluate


class SchedulerError(RuntimeError):
    """The scheduler named cannot be reached."""


def connect(scheduler: str | None, workers: int | None = None):
    """A Dask client: to ``scheduler``, or to a new local cluster."""
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            return Client(scheduler, timeout="5s")
        except (OSError, TimeoutError, ValueError) as error:
            raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           dashboard_address=":0", silence_logs=logging.ERROR)
    return Client(cluster)


def run(client, tasks: Iterable[tuple[str, int]], budget: int,
        on_result: Callable[[str, dict], None], progress=sys.stderr, deadline: float | None = None) -> None:
    """Evaluate every (game, deal) of ``tasks`` on the cluster; ``on_result`` is called
    once per task as results arrive (in any order). With ``deadline`` (a
    ``time.monotonic()`` value) no deal is started after it and those still running
    then are cancelled, never reported."""
    from distributed import as_completed

    queue = Queue(tasks)
    bar = Bar(len(queue), progress)
    running: dict = {}

    def submit():
        game_id, number = queue.next()
        future = client.submit(evaluate, game_id, number, budget, key=f"deal-{game_id}-{number}-{budget}")
        running[future] = (game_id, number)
        return future

    slots = 2 * max(1, len(client.scheduler_info()["workers"]))  # enough to keep every worker busy
    pending = as_completed([submit() for _ in range(min(len(queue), slots))])
    for future in pending:
        task = running.pop(future, None)
        if task is None:  # already taken: a result counts once
            continue
        result = future.result()
        queue.spent(task[0], result["solve_s"] + result["play_s"])
        on_result(task[0], result)
        bar.step(task)
        if deadline is not None and time.monotonic() > deadline:
            client.cancel(list(running))
            break
        if queue:
            pending.add(submit())
    bar.close()


class Queue:
    """Each game's deals in order; :meth:`next` takes from the game that has spent the
    least time: its finished deals, and for each deal still running the mean of its
    finished ones (of all games' before it has any)."""

    def __init__(self, tasks: Iterable[tuple[str, int]]):
        self.deals: dict[str, deque[int]] = {}
        for game_id, number in tasks:
            self.deals.setdefault(game_id, deque()).append(number)
        self.seconds = dict.fromkeys(self.deals, 0.0)
        self.finished = dict.fromkeys(self.deals, 0)
        self.started = dict.fromkeys(self.deals, 0)

    def __len__(self) -> int:
        return sum(len(numbers) for numbers in self.deals.values())

    def next(self) -> tuple[str, int]:
        game_id = min((g for g, numbers in self.deals.items() if numbers), key=self._load)
        self.started[game_id] += 1
        return game_id, self.deals[game_id].popleft()

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
    """A one-line progress bar on a terminal (a line per tenth elsewhere)."""

    def __init__(self, total: int, stream, width: int = 30):
        self.total, self.stream, self.width, self.count = total, stream, width, 0
        self.tty = stream is not None and stream.isatty()

    def step(self, task: tuple[str, int]) -> None:
        self.count += 1
        if self.stream is None:
            return
        filled = self.width * self.count // max(1, self.total)
        line = f"[{'#' * filled}{'.' * (self.width - filled)}] {self.count}/{self.total} deals ({task[0]} {task[1]})"
        if self.tty:
            self.stream.write("\r" + line.ljust(79))
        elif self.count == self.total or self.count % max(1, self.total // 10) == 0:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None and self.tty:
            self.stream.write("\n")
