"""One deal decided by the solver and played by the player: what a worker computes."""

from __future__ import annotations

import time

from patience.engine import load_game
from patience.solver import play, solve


def evaluate(game_id: str, number: int, budget: int) -> dict:
    """The solver's outcome (won/lost/unknown), the positions it entered, the player's
    outcome, and the seconds each took."""
    game = load_game(game_id)
    start = time.perf_counter()
    solution = solve(game, game.deal(number), budget)
    solved = time.perf_counter()
    playout = play(game, game.deal(number))
    return {"deal": number, "solver": solution.outcome, "positions": solution.nodes,
            "player": "won" if playout.outcome == "won" else "lost",
            "solve_s": round(solved - start, 3), "play_s": round(time.perf_counter() - solved, 3)}
