"""Won lines found where the solver's budget ran out (найденные выигрыши): a guide carries the
game forward, and the solver searches again from its positions.

The ladder's searches all start at the deal; a deal they leave undecided may be won by a
line that a search started nearer its end finds within a small budget. So the deal is
played by a guide, and from its positions the solver, seeing every card, searches
:data:`BUDGET` positions deep. The first won line ends the search: the moves played, then
the solver's line. A search that fails is tried again only after twice as many moves as the
last rest (as the player's counsel does). Two guides are tried in turn, and each finds lines
the other misses:

- ``sighted``: the move whose best continuation within two moves scores highest by the
  solver's score, every card in view (:func:`patience.solver.ordering.score`, ``peek``).
  Where a search proves its position lost, or the guide has no move to a position it has
  not played, it goes back to the position of the last search that decided nothing and
  plays on from there by another move (it never plays a position twice); it gives up when
  :data:`SEARCHES` searches are made, or when no search is left to go back to.
- ``look-ahead``: the player's look-ahead (:mod:`patience.player.lookahead`), its judgement
  of the face-up cards; a position the solver proves lost ends its attempt.

Nothing here proves a loss, and a line found is no player's: it was chosen with every card
seen. What it is, is a line of play that wins, which anyone can replay through the engine
(:func:`patience.stats.found.replays`); the statistics count its deal won (:mod:`patience.stats.found`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from patience.player.lookahead import choose as look_ahead
from patience.solver import solve
from patience.solver.ordering import rank, score

if TYPE_CHECKING:
    from patience.engine.game import Game
    from patience.engine.state import Move, State

    Guide = Callable[[Game, State, set], Move | None]

BUDGET = 200_000  # positions of each search from a position of the guide's game
MAX_MOVES = 5000  # as the player's playout: a game longer than this is not followed further
SEARCHES = 100  # searches after which the sighted guide no longer goes back
WIDTH = 48  # positions the sighted guide looks at, at most, beyond the position it is in


def find(game: Game, number: int, budget: int = BUDGET) -> list[Move] | None:
    """A winning line of deal ``number`` found so, or None."""
    return guided(game, number, budget, sighted, SEARCHES) or guided(game, number, budget, look_ahead, 0)


def sighted(game: Game, state: State, seen: set) -> Move | None:
    """The move, of those that lead to a position not in ``seen``, after which the best
    position within one more move scores highest with every card seen (ties: the engine's
    order of moves); None if every move leads back into ``seen``."""
    moves = game.legal_moves(state)
    width = max(2, WIDTH // max(1, len(moves)))
    best, best_value = None, None
    for move in moves:
        game.apply_listed(state, move)
        if state.snapshot() not in seen:
            value = (_best_after(game, state, width), -rank(game, move))
            if best_value is None or value > best_value:
                best, best_value = move, value
        game.undo(state)
    return best


def _best_after(game: Game, state: State, width: int) -> float:
    """The best score of ``state`` and of the first ``width`` positions one move on."""
    if game.is_won(state):
        return float("inf")
    best = score(game, state, peek=True)
    for move in game.legal_moves(state)[:width]:
        game.apply_listed(state, move)
        best = max(best, float("inf") if game.is_won(state) else score(game, state, peek=True))
        game.undo(state)
    return best


def guided(game: Game, number: int, budget: int, guide: Guide, searches: int) -> list[Move] | None:
    """The line found along ``guide``'s game of deal ``number``, going back from a position
    proved lost, or one the guide has no new move from, until ``searches`` searches are made
    (0: never going back)."""
    state = game.deal(number)
    seen = {state.snapshot()}
    played: list[Move] = []
    undecided: list[int] = []  # the moves played when each search that decided nothing was made
    rest = idle = made = 0
    while len(played) < MAX_MOVES:
        lost = False
        if idle >= rest:
            solution = solve(game, state, budget)
            made += 1
            if solution.outcome == "won":
                return played + solution.line
            lost = solution.outcome == "lost"
            if not lost:
                undecided.append(len(played))
                idle, rest = 0, max(1, 2 * rest)
        else:
            idle += 1
        move = None if lost else guide(game, state, seen)
        if move is None:
            if made >= searches or not _back(game, state, played, undecided):
                return None
            idle, rest = 0, 1
            continue
        game.apply(state, move)
        seen.add(state.snapshot())
        played.append(move)
    return None


def _back(game: Game, state: State, played: list[Move], undecided: list[int]) -> bool:
    """Take back the moves played since the last search that decided nothing, or since the
    one before if the game is already there; False if there is none to go back to."""
    while undecided and undecided[-1] >= len(played):
        undecided.pop()
    if not undecided:
        return False
    while len(played) > undecided[-1]:
        game.undo(state)
        played.pop()
    return True
