"""One deal decided by the solver and played by the player: what a worker computes."""

from __future__ import annotations

import time
from functools import cache
from typing import TYPE_CHECKING

from patience.player import play
from patience.rulespec.compile import load_game
from patience.solver import solve
from patience.stats.digests import engine_digest, spec_digest

if TYPE_CHECKING:
    from patience.engine.game import Game


def evaluate(game_id: str, number: int, budget: int, played: bool = True) -> dict:
    """The solver's outcome (won/lost/unknown) within ``budget`` positions, the positions
    it entered and what proved a loss; with ``played``, the player's outcome and whether
    a free space opened in its game before the first row was dealt. Each part's
    processor seconds, and the digests of the code and spec this worker ran."""
    game, digests = loaded(game_id)
    start = time.process_time()
    solution = solve(game, game.deal(number), budget)
    result = {"deal": number, "budget": budget, "solver": solution.outcome, "positions": solution.nodes,
              "reason": solution.reason, "solve_cpu": round(time.process_time() - start, 3), "digests": digests}
    if played:
        start = time.process_time()
        playout = play(game, game.deal(number))
        result.update(player="won" if playout.outcome == "won" else "lost",
                      play_cpu=round(time.process_time() - start, 3),
                      space=space_before_first_row(game, number, playout.moves))
    return result


@cache
def loaded(game_id: str) -> tuple:
    """The game, and the digests of the code and of the spec as this process loaded them
    (both once: a spec changed on disk later is not what this process plays)."""
    game = load_game(game_id)
    return game, (engine_digest(), spec_digest(game_id))


def space_before_first_row(game: Game, number: int, moves) -> bool:
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
