"""`benchmarks/bench_solver.py` runs both of its trees: the base commit's solver, taken
from the repository's history, and this one, each in its own interpreter.

The base tree is run with this checkout installed (editable), so a module the base
lacks is found in this tree instead: the worker must ask each tree only for what it had.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from benchmarks import bench_solver

ROOT = Path(__file__).resolve().parents[2]
DEAL = 1  # the Duchess's deal 1 is decided by both solvers at the first rung


def _has_base() -> bool:
    found = subprocess.run(["git", "cat-file", "-e", f"{bench_solver.BASE}^{{commit}}"], cwd=ROOT,
                           capture_output=True)
    return found.returncode == 0


@pytest.mark.skipif(not _has_base(), reason=f"commit {bench_solver.BASE} is not in this clone's history")
def test_both_trees_decide_a_deal(tmp_path):
    base = bench_solver.decide(bench_solver.base_tree(bench_solver.BASE, tmp_path), "duchess", DEAL, 1, 10.0, False)
    now = bench_solver.decide(ROOT, "duchess", DEAL, 1, 10.0, True)
    assert [row["deal"] for row in base] == [row["deal"] for row in now] == [DEAL]
    assert base[0]["outcome"] == now[0]["outcome"] == "won"
    assert "player" not in base[0] and now[0]["player"] in ("won", "lost", "blocked")
    summary = bench_solver.summary(now)
    assert summary["decided"] == summary["deals"] == 1
