"""One deal decided by the solver and played by the player: what a worker computes."""

from __future__ import annotations

import time

from patience.engine import load_game
from patience.solver import play, solve


def evaluate(game_id: str, number: int, budget: int) -> dict:
    """The solver's outcome (won/lost/unknown), the positions it entered, the player's
    outcome, the seconds each took, and whether a free space opened in the player's
    game before the first row was dealt."""
    game = load_game(game_id)
    start = time.perf_counter()
    solution = solve(game, game.deal(number), budget)
    solved = time.perf_counter()
    playout = play(game, game.deal(number))
    return {"deal": number, "solver": solution.outcome, "positions": solution.nodes,
            "player": "won" if playout.outcome == "won" else "lost",
            "solve_s": round(solved - start, 3), "play_s": round(time.perf_counter() - solved, 3),
            "space": space_before_first_row(game, number, playout.moves)}


def space_before_first_row(game, number: int, moves) -> bool:
    """Whether, in the player's game, a free space (an empty pile of an area filled at
    will) opened before the first row was dealt after the deal: La Nivernaise's note 15
    («если послѣ перваго расклада … не откроется ни одного свободнаго мѣста»)."""
    areas = [game.rules.areas[name].piles for name, spaces in game.rules.spaces.items() if spaces.fill == "at_will"]
    state = game.deal(number)
    for move in moves:
        if any(not state.piles[pile] for piles in areas for pile in piles):
            return True
        if move.kind == "deal_row":
            return False
        game.apply(state, move)
    return any(not state.piles[pile] for piles in areas for pile in piles)
