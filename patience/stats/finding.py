"""Won lines found where the solver's budget ran out (найденные выигрыши): the player's
look-ahead carries the game forward, and the solver searches again from its positions.

The ladder's searches all start at the deal; a deal they leave undecided may be won by a
line that a search started nearer its end finds within a small budget. So the deal is
played by the look-ahead of :mod:`patience.player.lookahead` (its judgement of the face-up
cards), and from its positions the solver, seeing every card, searches :data:`BUDGET`
positions deep. The first won line ends the search: the moves played, then the solver's
line. A search that fails is tried again only after twice as many moves as the last rest
(as the player's counsel does), and a position the solver proves lost ends the attempt:
every line the look-ahead may still play from it loses.

Nothing here proves a loss, and a line found is no player's: it was chosen with every card
seen. What it is, is a line of play that wins, which anyone can replay through the engine
(:func:`patience.stats.found.replays`); the statistics count its deal won (:mod:`patience.stats.found`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience.player.lookahead import choose
from patience.solver import solve

if TYPE_CHECKING:
    from patience.engine.game import Game
    from patience.engine.state import Move

BUDGET = 200_000  # positions of each search from a position of the look-ahead's game
MAX_MOVES = 5000  # as the player's playout: a game longer than this is not followed further


def find(game: Game, number: int, budget: int = BUDGET) -> list[Move] | None:
    """A winning line of deal ``number`` found so, or None."""
    state = game.deal(number)
    seen = {state.snapshot()}
    played: list[Move] = []
    rest = idle = 0
    while len(played) < MAX_MOVES:
        if idle >= rest:
            solution = solve(game, state, budget)
            if solution.outcome == "won":
                return played + solution.line
            if solution.outcome == "lost":
                return None
            idle, rest = 0, max(1, 2 * rest)
        else:
            idle += 1
        move = choose(game, state, seen)
        if move is None:
            return None
        game.apply(state, move)
        seen.add(state.snapshot())
        played.append(move)
    return None

