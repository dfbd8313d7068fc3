"""Deciding numbered deals with full knowledge of the cards (решеніе пасьянса).

``solve(game, state, budget)`` searches every line of play from ``state`` and says
``won`` (with a winning line the engine has replayed), ``lost`` (no line wins) or
``unknown`` (the budget of positions ran out). The pruning rules and why each is sound
are explained in ``docs/solver.md``. The player that sees only what lies face up is
:mod:`patience.player`, a layer above: nothing here imports it, so the statistics key
the solver's results and the player's on separate digests.
"""

from patience.solver.search import Solution, solve

__all__ = ["Solution", "solve"]
