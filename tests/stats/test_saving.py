"""A save merges into the table: it never drops nor downgrades a stored deal (issue 28)."""

from __future__ import annotations

import json

from patience.cli import main

GAME, BUDGET = "calculation", 60


def stored(path) -> dict:
    return json.loads(path.read_text())["games"][GAME]


def test_a_save_of_fewer_deals_or_a_lower_budget_keeps_the_stored_ones(tmp_path, local):
    """Issue 28: `--deals 40 --save` cut the stored 779 deals to 40, and `--deals 3 --save`
    replaced them with 3 deals at a lower budget."""
    path = tmp_path / "t.json"
    assert main(["stats", GAME, "--deals", "6", "--budget", str(BUDGET), "--table", str(path)]) == 0
    before = stored(path)
    main(["stats", GAME, "--deals", "3", "--budget", str(BUDGET // 2), "--table", str(path)])
    assert len(stored(path)["deals"]) == 6 and stored(path)["budget"] == BUDGET
    main(["stats", GAME, "--deals", "3", "--table", str(path)])
    assert stored(path)["deals"] == before["deals"] and stored(path)["budget"] == BUDGET
