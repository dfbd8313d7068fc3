"""A quick line of play that sees every card, tried before the search: a dive (нырокъ).

The searches spread their positions over the whole tree; a single greedy line often goes
straight to a win they would reach late or not at all (the Besieged City's long wins). The
dive plays, from the position, the move whose best continuation within ``DEPTH`` moves
(at most ``WIDTH`` positions a turn, shared among the moves) scores highest by the search's
own score with every card in view (:func:`patience.solver.ordering.score`, ``peek``), never
returning to a position it has been in. It decides nothing by itself: a line that wins is
replayed by the engine like every winning line; one that does not is forgotten, and the
search runs as if it had not been tried.
"""

from __future__ import annotations

from patience.engine.autoplay import playout
from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.solver.ordering import rank, score

DEPTH, WIDTH, MOVES = 2, 48, 3000


def dive(game: Game, state: State) -> list[Move] | None:
    """The dive's line if it wins, else None; ``state`` is left unchanged."""
    board = state.copy()

    def choose(position: State, moves: list[Move], seen: set) -> Move | None:
        best, best_value = None, None
        width = max(2, WIDTH // len(moves))
        for move in moves:
            game.apply_listed(position, move)
            if position.snapshot() not in seen:
                value = (_look(game, position, DEPTH - 1, [width]), -rank(game, move))
                if best_value is None or value > best_value:
                    best, best_value = move, value
            game.undo(position)
        return best

    played = playout(game, board, choose, MOVES)
    return played.moves if played.outcome == "won" else None


def _look(game: Game, state: State, depth: int, budget: list[int]) -> float:
    if game.is_won(state):
        return float("inf")
    best = score(game, state, peek=True)
    if depth == 0:
        return best
    for move in game.legal_moves(state):
        if budget[0] <= 0:
            break
        budget[0] -= 1
        game.apply_listed(state, move)
        best = max(best, _look(game, state, depth - 1, budget))
        game.undo(state)
    return best
