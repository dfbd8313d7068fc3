"""Depth-first search over every line of play, with a transposition table.

Each position (by :class:`~patience.solver.position.Keys`) is entered once: a
position met again by another order of moves is not searched again, since its
futures are the same. Where a safe move exists (:mod:`patience.solver.safe`) it
is the only move tried; otherwise moves are tried in the order of
:func:`patience.solver.ordering.ordered`. The search ends when a won position is
reached, when every reachable position has been entered (lost), or when the
budget of positions is spent (unknown). A winning line is replayed by the engine
from the starting position before it is returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.solver.ordering import ordered
from patience.solver.position import Keys
from patience.solver.safe import SafeMoves

DEFAULT_BUDGET = 200_000
OUTCOMES = ("won", "lost", "unknown")


@dataclass
class Solution:
    outcome: str  # won | lost | unknown
    nodes: int  # positions entered
    line: list[Move] = field(default_factory=list)  # the winning moves, if won


class Search:
    """One search; ``run`` may be called once."""

    def __init__(self, game: Game, state: State, budget: int):
        self.game, self.budget = game, budget
        self.state = state.copy()
        self.keys = Keys(game)
        self.safe = SafeMoves(game, self.keys.symmetric)
        self.seen: set[int] = set()
        self.redeal_unlimited = bool(game.rules.redeal and game.rules.redeal.redeals == "unlimited")
        self.extras: list = ["root"]  # the history's part of each position on the path

    def run(self) -> Solution:
        game, state = self.game, self.state
        self.seen.add(self.keys.key(state, self.extras[-1]))
        if game.is_won(state):
            return Solution("won", 1)
        path: list[Move] = []
        stack = [iter(self.children())]
        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if path:
                    game.undo(state)
                    path.pop()
                    self.extras.pop()
                continue
            extra = self.extra_after(move)
            game.apply(state, move)
            key = self.keys.key(state, extra)
            if key in self.seen:
                game.undo(state)
                continue
            self.seen.add(key)
            path.append(move)
            self.extras.append(extra)
            if game.is_won(state):
                return Solution("won", len(self.seen), list(path))
            if len(self.seen) >= self.budget:
                return Solution("unknown", len(self.seen))
            stack.append(iter(self.children()))
        return Solution("lost", len(self.seen))

    def children(self) -> list[Move]:
        moves = self.game.legal_moves(self.state)
        safe = self.safe.find(self.state, moves)
        return [safe] if safe is not None else ordered(self.game, self.state, moves)

    def extra_after(self, move: Move):
        """The history's part of the position ``move`` leads to (before it is applied)."""
        if self.keys.owners is not None:
            return self.keys.owners.get(move.src)
        if self.redeal_unlimited and move.kind == "redeal":
            rules = self.game.rules
            return sum(len(self.state.piles[p]) for name in rules.redeal.gather for p in rules.areas[name].piles)
        return self.extras[-1]


def solve(game: Game, state: State, budget: int = DEFAULT_BUDGET) -> Solution:
    """Decide ``state`` (left unchanged) with full knowledge, entering at most ``budget`` positions."""
    if budget < 1:
        raise ValueError("the budget must be a positive number of positions")
    solution = Search(game, state, budget).run()
    if solution.outcome == "won":
        verify(game, state, solution.line)
    return solution


def verify(game: Game, state: State, line: list[Move]) -> None:
    """Replay ``line`` from ``state`` with the engine; it must be legal and end won."""
    replay = state.copy()
    for move in line:
        game.apply(replay, move)  # raises IllegalMove if the line is not legal
    if not game.is_won(replay):
        raise AssertionError(f"{game.id}: the winning line does not end won")
