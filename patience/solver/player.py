"""A player that sees only what a person at the table sees (игрокъ безъ подглядыванія).

It sees the face-up cards and the card just turned from the pack (the stock's top
card, which the engine plays in one step); it never reads a face-down pile, and
after a move that turns up new cards (a row dealt, a redeal, a packet turned) it
judges by the position before that move; so too after a move whose space the
rules refill at once from the pack. For each legal move it looks ahead over
the moves that reveal nothing, up to ``DEPTH`` moves deep and ``WIDTH`` positions a
turn shared among the legal moves (so a crowded layout costs no more per turn), and
plays the move whose best continuation scores highest (:func:`score`). It never
returns to a position it has been in, so it always stops: won, blocked, or out of
new positions. Ties are broken by the deal's own PRNG (key ``"<deal>:player"``).
"""

from __future__ import annotations

from functools import lru_cache

from patience.engine import rng
from patience.engine.autoplay import Playout, playout
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import Move, State
from patience.solver.ordering import rank as move_rank
from patience.solver.ordering import score as promise

DEPTH, WIDTH = 2, 48
REVEALING = ("deal_row", "redeal", "turn_up")


def play(game: Game, state: State, max_moves: int = 5000) -> Playout:
    """Play ``state`` on to its end; ``state`` is left at the final position."""
    generator = rng.SplitMix64(rng.seed(f"{state.key}:player"))

    def choose(state: State, moves: list[Move], seen: set) -> Move | None:
        return _choose(game, state, moves, seen, generator)

    return playout(game, state, choose, max_moves)


def choose(game: Game, state: State, seen: set, moves: list[Move] | None = None) -> Move | None:
    """The player's move from ``state`` (None when every move leads back into ``seen``, the
    positions already played), chosen among ``moves`` (by default every legal move): what
    a hint at the table asks of it. Ties are broken as in :func:`play` from this position."""
    generator = rng.SplitMix64(rng.seed(f"{state.key}:player"))
    return _choose(game, state, game.legal_moves(state) if moves is None else moves, seen, generator)


def _choose(game: Game, state: State, moves: list[Move], seen: set, generator) -> Move | None:
    best, best_value = None, None
    before = score(game, state)
    for move in moves:
        value = _value(game, state, move, seen, before, max(2, WIDTH // len(moves)))
        if value is None:
            continue
        value = (value, -move_rank(game, move), generator.below(1 << 16))
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def _value(game: Game, state: State, move: Move, seen: set, before: float, width: int) -> float | None:
    """The best score reachable by ``move`` and up to DEPTH - 1 unrevealing moves (``before``:
    the score before it); None when ``move`` leads back to a position already played."""
    pack = len(state.piles[STOCK])
    game.apply(state, move)
    try:
        if state.snapshot() in seen:
            return None
        if game.is_won(state):
            return float("inf")
        if _reveals(game, move) or (move.src != STOCK and len(state.piles[STOCK]) < pack):
            return before - 1  # the move turns up cards (or the pack refills a space): judged by the position before it
        return _look(game, state, DEPTH - 1, [width])
    finally:
        game.undo(state)


def _look(game: Game, state: State, depth: int, budget: list[int]) -> float:
    best = score(game, state)
    if depth == 0 or budget[0] <= 0:
        return best
    stock, pack = _stock(game), len(state.piles[STOCK])
    for move in game.legal_moves(state):
        if move.kind in REVEALING or move.src in stock or budget[0] <= 0:
            continue
        budget[0] -= 1
        game.apply(state, move)
        if len(state.piles[STOCK]) == pack:  # else a space refilled from the pack turned up cards
            best = max(best, float("inf") if game.is_won(state) else _look(game, state, depth - 1, budget))
        game.undo(state)
    return best


def _reveals(game: Game, move: Move) -> bool:
    return move.kind in REVEALING


@lru_cache(maxsize=64)
def _stock(game: Game) -> frozenset[int]:
    """The piles whose cards no look-ahead moves: the pack's next card is face down."""
    return frozenset(game.rules.piles_of("stock"))


def score(game: Game, state: State) -> float:
    """How promising the position looks from its face-up cards (:func:`patience.solver.ordering.score`)."""
    return promise(game, state)
