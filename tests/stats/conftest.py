"""The ``local`` fixture: ``patience stats`` with its cluster replaced by the same
evaluation run in this process, deal by deal, for tests of what it does with results."""

from __future__ import annotations

import pytest

from patience.stats import runner
from patience.stats.deal import evaluate


class NoCluster:
    def close(self, timeout=None):
        pass

    cluster = None


def in_process(client, tasks, budget, on_result, progress=None, deadline=None, played=True, label="", solved=True):
    queue = runner.Queue(tasks)
    budgets = budget if isinstance(budget, dict) else dict.fromkeys(queue.deals, budget)
    while queue:
        game_id, number = queue.next()
        on_result(game_id, evaluate(game_id, number, budgets[game_id], played, solved))


@pytest.fixture
def local(monkeypatch):
    monkeypatch.setattr(runner, "connect", lambda scheduler, workers=None: NoCluster())
    monkeypatch.setattr(runner, "run", in_process)
