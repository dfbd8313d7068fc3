"""The stored table: every game is in it, it is today's, and its deals re-solve alike."""

from __future__ import annotations

import copy
import random

import pytest

from patience.rulespec.compile import games, load_game
from patience.solver import solve
from patience.stats import table
from patience.stats.digests import player_digest, solver_digest, spec_digest

STORED = table.load()
PLAYABLE = [entry.id for entry in games() if entry.playable]


def test_the_table_covers_every_playable_game_and_variant():
    assert sorted(STORED["games"]) == sorted(PLAYABLE)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_table_is_todays(game_id):
    """Computed with today's code (every module a worker runs) and spec; otherwise say
    how to recompute it."""
    table.check_fresh(STORED, game_id)


def test_a_stale_digest_is_named_with_the_command_that_recomputes():
    stale = copy.deepcopy(STORED)
    game_id = PLAYABLE[0]
    stale["games"][game_id]["solver_code"] = "0" * 64
    with pytest.raises(table.StaleTable, match=r"other engine or solver code .* recompute them with `patience stats "):
        table.check_fresh(stale, game_id)
    stale = copy.deepcopy(STORED)
    stale["games"][game_id].update(solver_code=solver_digest(), player_code="0" * 64,  # only the player's code differs
                                   spec=spec_digest(game_id))
    with pytest.raises(table.StaleTable, match=r"other player code .* play them again with `patience stats .*"
                                               r"\(the solver's are kept\)"):
        table.check_fresh(stale, game_id)
    stale = copy.deepcopy(STORED)
    stale["games"][game_id].update(solver_code=solver_digest(), player_code=player_digest())  # only the spec differs
    stale["games"][game_id]["spec"] = "0" * 64
    with pytest.raises(table.StaleTable, match=rf"the spec of {game_id} has changed"):
        table.check_fresh(stale, game_id)


def test_a_sample_of_stored_deals_solves_alike():
    """Six deals drawn at random (the draw seeded by the table's digests, so it changes
    with the table) among those decided at the first rung, solved again with its budget.
    (Deals decided higher up are re-decided by the table's check, among the quick ones.)"""
    rows = [(game_id, int(number), row, entry["budget"])
            for game_id, entry in sorted(STORED["games"].items())
            for number, row in entry["deals"].items() if row[6] == 1 and row[1] <= 5_000]
    seed = "".join(entry["solver_code"] + entry["spec"] for entry in STORED["games"].values())
    sample = random.Random(seed).sample(rows, min(6, len(rows)))
    assert sample
    for game_id, number, row, budget in sample:
        game = load_game(game_id)
        assert solve(game, game.deal(number), budget).outcome == row[0], f"{game_id} deal {number}"


def test_no_deal_the_solver_found_lost_was_won_by_the_player():
    contradictions = [f"{game_id} {number}" for game_id, entry in STORED["games"].items()
                      for number, row in entry["deals"].items() if row[0] == "lost" and row[2] == "won"]
    assert not contradictions


def test_a_deal_the_solver_left_undecided_is_won_if_the_player_won_it():
    rows = {"1": ["won", 10, "lost", 0.1, 0.1, 1, 1, None], "2": ["unknown", 99, "won", 0.1, 0.1, 1, 2, None],
            "3": ["unknown", 99, "lost", 0.1, 0.1, 1, 2, None], "4": ["lost", 5, "lost", 0.1, 0.1, 1, 1, "exhausted"],
            "5": ["won", 10, "won", 0.1, None, 1, 2, None]}
    assert [table.outcome(row) for row in rows.values()] == ["won", "won", "unknown", "lost", "won"]
    summary = table.summarize("game", {"deals": rows, "budget": 99, "rungs": 2})
    assert (summary.won, summary.won_by_player, summary.lost, summary.unknown, summary.player_won) == (3, 1, 1, 1, 2)
    assert summary.decided_rate[0] == 3 / 4 and summary.decided[0] == 4 / 5
    assert summary.decided_at == [2, 1] and summary.play_cpu == pytest.approx(0.1)
    assert not summary.undecided_small  # one in five undecided: the rate among decided deals does not lead
