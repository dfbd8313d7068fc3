"""Deciding numbered deals with full knowledge of the cards (решеніе пасьянса), and a
player that sees only what lies face up.

``solve(game, state, budget)`` searches every line of play from ``state`` and says
``won`` (with a winning line the engine has replayed), ``lost`` (no line wins) or
``unknown`` (the budget of positions ran out). ``play(game, state)`` plays on with
a bounded look-ahead that never reads a face-down card, and ``choose(game, state, seen)``
is its one move from a position. The pruning rules and why
each is sound are explained in ``docs/solver.md``.
"""

from patience.solver.player import choose, play
from patience.solver.search import Solution, solve

__all__ = ["Solution", "choose", "play", "solve"]
