"""A Dask cluster of separate processes for the tests: a scheduler, workers (each may
run another copy of the package), and ``patience`` itself run as a command."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(pythonpath: Path | None = None) -> dict:
    """The package these tests import (or ``pythonpath``'s copy of it) ahead of any other."""
    import patience

    here = Path(patience.__file__).resolve().parents[1]
    paths = [str(pythonpath or here), os.environ.get("PYTHONPATH")]
    return {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": os.pathsep.join(filter(None, paths))}


def start(arguments: list[str], pythonpath: Path | None = None, **options) -> subprocess.Popen:
    """A process of its own group (so that a signal can reach it and its children alone),
    answering Ctrl-C as from a terminal, in a directory of no package (``python -m``
    imports from its working directory first)."""
    return subprocess.Popen(arguments, env=environment(pythonpath), start_new_session=True, cwd=tempfile.gettempdir(),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **options)


def patience(*arguments: str, pythonpath: Path | None = None, **options) -> subprocess.Popen:
    return start([sys.executable, "-m", "patience", *arguments], pythonpath, text=True,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, **options)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@contextmanager
def scheduler():
    """A Dask scheduler on a free port of this machine: its address, and its process."""
    address = f"tcp://127.0.0.1:{free_port()}"
    port = address.rsplit(":", 1)[1]
    process = start([sys.executable, "-m", "distributed.cli.dask_scheduler", "--port", port,
                     "--dashboard-address", ":0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _answers(address)
        yield address, process
    finally:
        stop(process)


def _answers(address: str, seconds: float = 60) -> None:
    from distributed import Client

    end = time.monotonic() + seconds
    while True:
        try:
            Client(address, timeout="3s").close()
            return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.5)


def worker(address: str, pythonpath: Path | None = None) -> subprocess.Popen:
    """One single-threaded worker process with no nanny (killed, it stays dead)."""
    return start([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny",
                  "--dashboard-address", ":0"], pythonpath, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for_workers(address: str, count: int, seconds: float = 90) -> None:
    from distributed import Client

    with Client(address, timeout="10s") as client:
        client.wait_for_workers(count, timeout=seconds)


def wait_for_lines(path: Path, count: int, process: subprocess.Popen, seconds: float = 120) -> None:
    """Until the file has ``count`` lines (a journal: its heading and count - 1 deals)."""
    end = time.monotonic() + seconds
    while not (path.exists() and len(path.read_text().splitlines()) >= count):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < end, f"{path} did not reach {count} lines"
        time.sleep(0.2)


def wait_for_tasks(address: str, process: subprocess.Popen, seconds: float = 120) -> None:
    """Until the scheduler has been given a deal to compute."""
    from distributed import Client

    end = time.monotonic() + seconds
    with Client(address, timeout="10s") as client:
        while not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < end, "no deal was sent to the scheduler"
            time.sleep(0.2)
