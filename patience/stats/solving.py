"""The solver's half of a deal's row: what the search decides, seeing every card."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from patience.solver import solve

if TYPE_CHECKING:
    from patience.engine.game import Game


def decide(game: Game, number: int, budget: int) -> dict:
    """The solver's outcome (won/lost/unknown) within ``budget`` positions, the positions it
    entered, what proved a loss, and its processor seconds."""
    start = time.process_time()
    solution = solve(game, game.deal(number), budget)
    return {"solver": solution.outcome, "positions": solution.nodes, "reason": solution.reason,
            "solve_cpu": round(time.process_time() - start, 3)}
