"""Deals spread over a Dask cluster, each gathered exactly once.

Every deal is one task, named by game, deal and budget. If a worker dies, the
scheduler runs its unfinished tasks again elsewhere; a result is taken once per
task name, so none is lost and none is counted twice. By default a local cluster
of one single-threaded worker process per core is started; ``scheduler`` names
an existing one (``tcp://host:8786``).
"""

from __future__ import annotations

import logging
import os
import sys
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
        on_result: Callable[[str, dict], None], progress=sys.stderr) -> None:
    """Evaluate every (game, deal) of ``tasks`` on the cluster; ``on_result`` is called
    once per task as results arrive (in any order)."""
    from distributed import as_completed

    tasks = list(tasks)
    futures = {client.submit(evaluate, game_id, number, budget, key=f"deal-{game_id}-{number}-{budget}"):
               (game_id, number) for game_id, number in tasks}
    done: set[tuple[str, int]] = set()
    bar = Bar(len(tasks), progress)
    for future in as_completed(futures):
        task = futures[future]
        if task in done:
            continue
        result = future.result()
        done.add(task)
        on_result(task[0], result)
        bar.step(task)
    bar.close()


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
