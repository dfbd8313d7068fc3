"""patience stats on a local Dask cluster: results, bad input, a killed worker, the queue."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from distributed.comm.core import CommClosedError

from patience.cli import main
from patience.stats import runner
from patience.stats.deal import evaluate
from patience.stats.intervals import wilson
from patience.stats.journal import journal_path

GAME, BUDGET = "calculation", 300


def test_wilson_against_published_values():
    """Newcombe (1998), table I: 0/10 → 0–0.2775; 5/10 → 0.2366–0.7634."""
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in wilson(5, 10)] == [0.2366, 0.7634]
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("arguments, message", [
    (["stats", "nosuchgame", "--deals", "3"], "unknown game or variant 'nosuchgame'"),
    (["stats", "napoleon", "--variant", "nosuch", "--deals", "3"], "unknown game or variant 'napoleon:nosuch'"),
    (["stats", GAME, "--deals", "0"], "the number of deals must be a positive whole number, not '0'"),
    (["stats", GAME, "--deals", "-4"], "the number of deals must be a positive whole number, not '-4'"),
    (["stats", GAME, "--deals", "many"], "the number of deals must be a positive whole number, not 'many'"),
    (["stats", GAME, "--deals", "1" + "0" * 5000], "the number of deals must be a positive whole number"),
    (["stats", GAME, "--deals", "3", "--budget", "1.5"], "the budget must be a positive whole number, not '1.5'"),
    (["stats", GAME, "--deals", "3", "--budget", "0"], "the budget must be a positive whole number, not '0'"),
    (["stats", GAME, "--deals", "3", "--rungs", "0"], "the number of rungs must be a positive whole number, not '0'"),
    (["stats", GAME, "--deals", "3", "--rungs", "two"], "the number of rungs must be a positive whole number, not 'two'"),
    (["stats", GAME, "--deals", "3", "--rungs", "9"], "the number of rungs must be at most 5"),
    (["stats", GAME, "--deals", "3", "--minutes", "0"], "the number of minutes must be a positive whole number, not '0'"),
    (["stats", GAME, "--deals", "3", "--workers", "0"], "the number of workers must be a positive whole number, not '0'"),
    (["stats", GAME, "--deals", "3", "--replace"], "--replace goes with --save or --table"),
    (["stats", GAME, "--deals", "3", "--workers", "2", "--scheduler", "tcp://127.0.0.1:9"], "--workers sizes the local"),
    (["stats", GAME, "--deals", "2", "--scheduler", "not a url"], "cannot reach the Dask scheduler at not a url"),
    (["stats", GAME, "--deals", "2", "--scheduler", "http://127.0.0.1:1"], "unknown address scheme 'http'"),
    (["stats", GAME, "--deals", "2", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
    (["solve", GAME, "1", "--budget", "none"], "the budget must be a positive whole number, not 'none'"),
    (["solve", "nosuchgame", "1"], "unknown game or variant 'nosuchgame'"),
])
def test_bad_input_is_one_line_and_a_nonzero_status(arguments, message, capsys):
    assert main(arguments) != 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error, error


def test_a_scheduler_is_probed_even_from_a_running_event_loop(capsys):
    """A notebook, or the browser tests' driver, runs an event loop in the caller's thread.

    The loop runs on a thread of the test's own: in the whole suite the browser tests' driver may
    already hold the main thread's loop, where a second ``asyncio.run`` is refused.
    """
    async def from_a_loop():
        return main(["stats", GAME, "--deals", "2", "--scheduler", "http://127.0.0.1:1"])

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, from_a_loop()).result() != 0
    assert "unknown address scheme 'http'" in capsys.readouterr().err


def test_stats_on_a_local_cluster_writes_the_table(tmp_path, capsys):
    path = tmp_path / "table.json"
    assert main(["stats", GAME, "--deals", "3", "--budget", str(BUDGET), "--rungs", "2", "--workers", "2",
                 "--table", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{GAME}: deals 1–3, a ladder of 2 rungs from 300 positions" in out and "player: won" in out
    stored = json.loads(path.read_text())["games"][GAME]
    assert sorted(stored["deals"]) == ["1", "2", "3"] and (stored["budget"], stored["rungs"]) == (BUDGET, 2)
    for number, row in stored["deals"].items():
        budget = BUDGET * 10 ** (row[6] - 1)
        again = evaluate(GAME, int(number), budget)
        assert [row[0], row[1], row[2], row[7]] == [again["solver"], again["positions"], again["player"],
                                                    again["reason"]]
        assert row[3] >= 0 and row[4] >= 0  # processor seconds, the solver's and the player's
    assert not journal_path(path).exists()

    data = json.loads(path.read_text())  # as if another player had played them: played again on the cluster
    data["games"][GAME]["player_code"] = "0" * 64
    path.write_text(json.dumps(data))
    assert main(["stats", GAME, "--deals", "3", "--rungs", "2", "--workers", "2", "--table", str(path)]) == 0
    again = json.loads(path.read_text())["games"][GAME]
    assert again["player_code"] == stored["player_code"]
    assert {n: [row[i] for i in (0, 1, 2, 5, 6, 7)] for n, row in again["deals"].items()} == {
        n: [row[i] for i in (0, 1, 2, 5, 6, 7)] for n, row in stored["deals"].items()}
    assert "the player again" in capsys.readouterr().err


def test_a_killed_worker_loses_no_deal_and_counts_none_twice():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        pids = client.run(os.getpid)
        seen: list[tuple[str, int]] = []
        killed = []

        def on_result(game, result):
            seen.append((game, result["deal"]))
            if not killed:  # the first result: kill a worker while the others run
                victim = next(iter(pids.values()))
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        runner.run(client, [(GAME, n) for n in range(1, 9)], BUDGET, on_result, progress=None)
        assert killed
        assert sorted(seen) == [(GAME, n) for n in range(1, 9)]


def test_the_queue_gives_the_next_deal_to_the_game_that_has_spent_least():
    queue = runner.Queue([("slow", 1), ("slow", 2), ("slow", 3), ("fast", 1), ("fast", 2), ("fast", 3)])
    assert [queue.next(), queue.next()] == [("slow", 1), ("fast", 1)]  # nothing spent: in turn
    queue.spent("slow", 60.0)
    queue.spent("fast", 1.0)
    assert queue.next() == ("fast", 2)
    queue.spent("fast", 1.0)
    assert [queue.next(), queue.remaining()] == [("fast", 3), 2]
    assert queue.next() == ("slow", 2)  # the only game left with deals
    assert queue.remaining() == 1


def test_the_queue_takes_deals_as_it_hands_them_out():
    handed = []

    def numbers():
        for number in range(1, 10 ** 20):
            handed.append(number)
            yield number

    queue = runner.Queue({GAME: runner.Pending(numbers(), 10 ** 20)})
    assert queue.remaining() == 10 ** 20
    assert [queue.next(), queue.next()] == [(GAME, 1), (GAME, 2)] and handed == [1, 2]


def test_a_deadline_stops_new_deals_and_reports_none_of_the_cancelled():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        seen: list[int] = []
        client.submit(evaluate, GAME, 1, 10).result()  # the worker warmed up: the deadline measures deals
        started = time.monotonic()
        runner.run(client, [(GAME, n) for n in range(1, 1000)], BUDGET,
                   lambda game, result: seen.append(result["deal"]), progress=None, deadline=started + 8)
        stopped = time.monotonic()
    assert seen and len(seen) < 999 and stopped - started < 8 + 2 * runner.POLL + 5
    assert len(seen) == len(set(seen))


def test_a_worker_that_reports_other_digests_stops_the_run():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        client.run(_pretend_another_spec)
        seen = []
        with pytest.raises(runner.ClusterError, match=r"a worker ran other spec of calculation than this machine"):
            runner.run(client, [(GAME, n) for n in range(1, 5)], BUDGET,
                       lambda game, result: seen.append(result), progress=None)
        assert seen == []  # nothing computed with the other spec is taken


def _pretend_another_spec() -> None:
    """In a worker: its loaded game now carries another spec's digest (as if the spec
    file of that machine said something else)."""
    from patience.stats import deal

    game, ran = deal.loaded(GAME)
    deal.loaded.cache_clear()
    original = deal.loaded
    deal.loaded = lambda game_id: (game, ran._replace(spec="0" * 64)) if game_id == GAME else original(game_id)


def test_the_help_gives_the_first_rungs_budget_not_the_solvers(capsys):
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "at the first rung before it says unknown (default: the stored table's, else 10,000)" in said
    assert "200,000" not in said


class _Unfetchable:
    """A deal reported finished whose result lived on a worker killed since: the scheduler
    would compute it again, and with no worker left the fetch never returns."""

    status = "finished"

    def result(self, timeout=None):
        if timeout is None:
            raise AssertionError("a fetch with no timeout would wait forever here")
        time.sleep(min(timeout, 0.05))
        raise TimeoutError


class _NoWorkers:
    status = "running"

    def nthreads(self) -> dict:
        return {}


def test_a_result_lost_with_the_last_worker_stops_the_run(monkeypatch):
    monkeypatch.setattr(runner, "POLL", 0.01)
    monkeypatch.setattr(runner, "LOST_AFTER", 0.2)
    future = _Unfetchable()
    started = time.monotonic()
    with pytest.raises(runner.ClusterError, match="the Dask cluster has had no worker"):
        runner._result(future, GAME, 7, runner.Watch(_NoWorkers()), {})
    assert time.monotonic() - started < 5


class _TimedOutOnTheWorker:
    """A deal whose own code raised TimeoutError on the worker: an error, not a result still on its way."""

    status = "error"

    def result(self, timeout=None):
        raise TimeoutError("the deal's own")


def test_a_deal_that_raised_timeout_on_its_worker_is_its_error_not_a_wait():
    watch = runner.Watch(_NoWorkers())
    with pytest.raises(runner.ClusterError, match=r"calculation deal 7 failed on a worker: TimeoutError: the deal's own"):
        runner._result(_TimedOutOnTheWorker(), GAME, 7, watch, {})


class _ConnectionClosed:
    """A finished deal whose fetch met a closed connection (Dask's CommClosedError is an
    OSError): the scheduler or the worker holding the result went away meanwhile."""

    status = "finished"

    def result(self, timeout=None):
        raise CommClosedError("in <TCP (closed) ConnectionPool.gather>")


class _SchedulerGone:
    status = "running"

    def nthreads(self) -> dict:
        raise CommClosedError("the scheduler's connection")


def test_a_fetch_cut_by_the_lost_scheduler_says_the_scheduler_not_the_deal():
    with pytest.raises(runner.ClusterError, match=r"^lost the Dask scheduler$"):
        runner._result(_ConnectionClosed(), GAME, 18, runner.Watch(_SchedulerGone()), {})


def test_a_fetch_cut_by_the_last_worker_lost_waits_for_the_cluster_not_the_deal(monkeypatch):
    monkeypatch.setattr(runner, "POLL", 0.01)
    monkeypatch.setattr(runner, "LOST_AFTER", 0.2)
    with pytest.raises(runner.ClusterError, match="the Dask cluster has had no worker"):
        runner._result(_ConnectionClosed(), GAME, 18, runner.Watch(_NoWorkers()), {})


class _RaisedOSErrorOnTheWorker:
    status = "error"

    def result(self, timeout=None):
        raise FileNotFoundError("the deal's own")


def test_a_deal_that_raised_oserror_on_its_worker_is_its_error():
    with pytest.raises(runner.ClusterError, match=r"deal 7 failed on a worker: FileNotFoundError: the deal's own"):
        runner._result(_RaisedOSErrorOnTheWorker(), GAME, 7, runner.Watch(_NoWorkers()), {})
