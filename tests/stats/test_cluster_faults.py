"""``patience stats --scheduler`` against a real cluster of separate processes, and what
goes wrong with one: an address that is not a Dask scheduler, the last worker lost, the
scheduler lost, a worker running another version. Each is one line and a nonzero
status within seconds, never a silent wait or a traceback."""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from patience.stats import runner
from tests.stats import cluster

GAME = "calculation"
SOON = 60  # seconds: far more than a few, for a loaded machine; a hang is what is caught


def one_line(process: subprocess.Popen) -> str:
    """The error of a process that must end by itself, soon, with one line and status 2."""
    try:
        out, err = process.communicate(timeout=SOON)
    except subprocess.TimeoutExpired:
        cluster.stop(process)
        pytest.fail(f"still running after {SOON} s")
    assert process.returncode == 2 and err.count("\n") == 1 and err.startswith("patience: "), (out, err)
    return err


def listener(answer: bytes) -> tuple[int, socket.socket]:
    """A TCP port that accepts connections and sends ``answer`` (nothing, or not Dask's)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def serve():
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            connection.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1], server


@pytest.mark.parametrize("answer", [b"", b"HTTP/1.0 400 Bad Request\r\n\r\n"], ids=["silent", "http"])
def test_a_port_that_is_not_a_dask_scheduler_is_one_line_within_seconds(answer):
    port, server = listener(answer)
    try:
        started = time.monotonic()
        error = one_line(cluster.patience("stats", GAME, "--deals", "2", "--scheduler", f"tcp://127.0.0.1:{port}"))
        assert time.monotonic() - started < SOON
        assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: " in error
        assert "no answer within 5 s (is it a Dask scheduler's address?)" in error or "not as a Dask scheduler" in error
    finally:
        server.close()


def test_losing_the_last_worker_stops_the_run_with_one_line(tmp_path):
    with cluster.scheduler() as (address, _):
        worker = cluster.worker(address)
        cluster.wait_for_workers(address, 1)
        run = cluster.patience("stats", GAME, "--deals", "400", "--budget", "3000",
                               "--scheduler", address, "--table", str(tmp_path / "t.json"))
        try:
            cluster.wait_for_tasks(address, run)
            time.sleep(3)  # a deal or two finished
            cluster.stop(worker)
            assert "the Dask cluster has had no worker" in one_line(run)
        finally:
            cluster.stop(run)


def test_losing_the_scheduler_stops_the_run_with_one_line(tmp_path):
    with cluster.scheduler() as (address, scheduler):
        worker = cluster.worker(address)
        try:
            cluster.wait_for_workers(address, 1)
            run = cluster.patience("stats", GAME, "--deals", "400", "--budget", "3000",
                                   "--scheduler", address, "--table", str(tmp_path / "t.json"))
            cluster.wait_for_tasks(address, run)
            time.sleep(3)
            cluster.stop(scheduler)
            assert "lost the Dask scheduler" in one_line(run)
        finally:
            cluster.stop(worker)
            cluster.stop(run)


def copy_with_another_spec(tmp_path: Path) -> Path:
    """The package copied, its Calculation spec changed (the title: a change of the
    spec's data outside its claims, which the spec's digest covers)."""
    package = Path(runner.__file__).resolve().parents[1]
    copy = tmp_path / "other"
    shutil.copytree(package, copy / "patience", ignore=shutil.ignore_patterns("__pycache__"))
    spec = copy / "patience" / "specs" / "calculation.yaml"
    text = spec.read_text(encoding="utf-8")
    assert "\ntitle: Calculation\n" in text
    spec.write_text(text.replace("\ntitle: Calculation\n", "\ntitle: Calculation, another\n"), encoding="utf-8")
    return copy


def test_a_worker_running_another_spec_stops_the_run(tmp_path):
    copy = copy_with_another_spec(tmp_path)
    with cluster.scheduler() as (address, _):
        worker = cluster.worker(address, pythonpath=copy)
        try:
            cluster.wait_for_workers(address, 1)
            path = tmp_path / "t.json"
            error = one_line(cluster.patience("stats", GAME, "--deals", "3", "--budget", "100",
                                              "--scheduler", address, "--table", str(path)))
            assert "a worker ran other spec of calculation than this machine" in error
            assert not path.exists()
        finally:
            cluster.stop(worker)
