"""patience stats on a local Dask cluster: results, faults, interruption, a killed worker."""

from __future__ import annotations

import json
import os
import signal

import pytest

from patience.cli import main
from patience.stats import runner, table
from patience.stats.deal import evaluate
from patience.stats.intervals import wilson

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
    (["stats", GAME, "--deals", "3", "--budget", "1.5"], "the budget must be a positive whole number, not '1.5'"),
    (["stats", GAME, "--deals", "3", "--minutes", "0"], "the number of minutes must be a positive whole number, not '0'"),
    (["solve", GAME, "1", "--budget", "none"], "the budget must be a positive whole number, not 'none'"),
    (["solve", "nosuchgame", "1"], "unknown game or variant 'nosuchgame'"),
    (["stats", GAME, "--deals", "2", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
])
def test_bad_input_is_one_line_and_a_nonzero_status(arguments, message, capsys):
    assert main(arguments) != 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error, error


def test_stats_on_a_local_cluster_writes_the_table(tmp_path, capsys):
    path = tmp_path / "table.json"
    assert main(["stats", GAME, "--deals", "3", "--budget", str(BUDGET), "--workers", "2", "--table", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{GAME}: deals 1–3" in out and "player: won" in out
    stored = json.loads(path.read_text())["games"][GAME]
    assert sorted(stored["deals"]) == ["1", "2", "3"]
    for number, row in stored["deals"].items():
        assert row[0] == evaluate(GAME, int(number), BUDGET)["solver"]
    assert not table.partial_path(path).exists()


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


def test_an_interrupted_run_leaves_no_table_and_resumes(tmp_path, monkeypatch, capsys):
    path = tmp_path / "table.json"
    calls = []

    def interrupted(client, tasks, budget, on_result, progress=None, deadline=None):
        tasks = list(tasks)
        calls.append(tasks)
        for game, number in tasks[:2]:
            on_result(game, evaluate(game, number, budget))
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run", interrupted)
    arguments = ["stats", GAME, "--deals", "4", "--budget", str(BUDGET), "--workers", "1", "--table", str(path)]
    assert main(arguments) == 2
    assert "interrupted" in capsys.readouterr().err
    assert not path.exists()
    partial = json.loads(table.partial_path(path).read_text())
    assert partial["partial"] is True and sorted(partial["games"][GAME]["deals"]) == ["1", "2"]

    def resumed(client, tasks, budget, on_result, progress=None, deadline=None):
        calls.append(list(tasks))
        for game, number in calls[-1]:
            on_result(game, evaluate(game, number, budget))

    monkeypatch.setattr(runner, "run", resumed)
    assert main(arguments) == 0
    assert sorted(json.loads(path.read_text())["games"][GAME]["deals"]) == ["1", "2", "3", "4"]
    assert not table.partial_path(path).exists()
    assert calls == [[(GAME, n) for n in range(1, 5)], [(GAME, 3), (GAME, 4)]]


def test_the_queue_gives_the_next_deal_to_the_game_that_has_spent_least():
    queue = runner.Queue([("slow", 1), ("slow", 2), ("slow", 3), ("fast", 1), ("fast", 2), ("fast", 3)])
    assert [queue.next(), queue.next()] == [("slow", 1), ("fast", 1)]  # nothing spent: in turn
    queue.spent("slow", 60.0)
    queue.spent("fast", 1.0)
    assert queue.next() == ("fast", 2)
    queue.spent("fast", 1.0)
    assert [queue.next(), len(queue)] == [("fast", 3), 2]
    assert queue.next() == ("slow", 2)  # the only game left with deals
    assert len(queue) == 1


def test_a_deadline_stops_new_deals_and_reports_none_of_the_cancelled(tmp_path):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        seen: list[tuple[str, int]] = []
        runner.run(client, [(GAME, n) for n in range(1, 30)], BUDGET,
                   lambda game, result: seen.append((game, result["deal"])), progress=None, deadline=0.0)
    assert len(seen) == 1  # the first result arrives after the deadline: nothing more is started or counted


def test_a_bounded_run_keeps_each_games_deals_without_a_gap(tmp_path, monkeypatch, capsys):
    def out_of_order(client, tasks, budget, on_result, progress=None, deadline=None):
        assert deadline is not None
        for game, number in [(GAME, 1), (GAME, 2), (GAME, 4)]:  # deal 3 was still running at the deadline
            on_result(game, evaluate(game, number, budget))

    monkeypatch.setattr(runner, "run", out_of_order)
    path = tmp_path / "table.json"
    arguments = ["stats", GAME, "--deals", "5", "--budget", str(BUDGET), "--minutes", "1", "--workers", "1",
                 "--table", str(path)]
    assert main(arguments) == 0
    assert sorted(json.loads(path.read_text())["games"][GAME]["deals"]) == ["1", "2"]
    assert f"{GAME}: deals 1–2" in capsys.readouterr().out
