"""The stored losses re-decided with every pruning rule switched off.

A deal the statistics table stores as lost by exhaustive search was searched with safe
moves, interchangeable piles and card classes (``docs/solver.md``). Each rule is checked
against an independent exhaustive search on small positions (``test_search.py``); here
the smallest stored losses of every game are searched again without any of them, by the
accelerator (which holds to the reference, ``test_native.py``), and must come out lost.
Losses proved by counting places, by covering, by the placement plan and by confluence
cannot be searched whole without them; their arguments are checked on reduced deals
(``test_capacity.py``, ``test_covering.py``, ``test_placement.py``, ``test_confluence.py``).
"""

from __future__ import annotations

import pytest

from patience.rulespec.compile import load_game
from patience.solver import native
from patience.stats import table

SAMPLE, LARGEST, BUDGET = 2, 20_000, 40_000_000


def smallest_losses() -> list[tuple[str, int]]:
    """Per game, the ``SAMPLE`` stored losses by exhaustive search that entered fewest positions."""
    found = []
    for game_id, stored in table.load().get("games", {}).items():
        rows = [(row[1], int(number)) for number, row in stored["deals"].items()
                if row[0] == "lost" and (len(row) < 8 or row[7] == "exhausted") and row[1] <= LARGEST]
        found += [(game_id, number) for _, number in sorted(rows)[:SAMPLE]]
    return found


@pytest.mark.skipif(native._native is None, reason="the solver's accelerator is not built")
@pytest.mark.parametrize(("game_id", "number"), smallest_losses())
def test_a_stored_loss_stands_without_pruning(game_id, number):
    game = load_game(game_id)
    outcome, nodes, _ = native.solve(game, game.deal(number), BUDGET, pruning=False)
    assert outcome == "lost", f"{game_id} {number}: {outcome} after {nodes:,} positions without pruning"


def test_there_are_stored_losses_to_check():
    assert len({game_id for game_id, _ in smallest_losses()}) >= 3
