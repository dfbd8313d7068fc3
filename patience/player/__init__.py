"""A player that sees only what lies face up (игрокъ безъ подглядыванія).

``play(game, state)`` plays on with a bounded look-ahead that never reads a face-down
card, and ``choose(game, state, seen)`` is its one move from a position. It borrows the
solver's move ordering and searches (:mod:`patience.solver`) but the solver never calls
it: what it sees is :mod:`patience.player.sight`, how it weighs the unseen cards
:mod:`patience.player.counsel`, where it lays a card :mod:`patience.player.placing`.
"""

from patience.player.lookahead import choose, play

__all__ = ["choose", "play"]
