"""The patience engine: numbered deals, legal moves, apply/undo, outcome — the code the
page's Play runs in the browser.

The public API (documented in ``docs/api.md``)::

    from patience.rulespec.compile import load_game
    game = load_game("calculation")
    state = game.deal(7)
    moves = game.legal_moves(state)
    game.apply(state, moves[0]); game.undo(state)
    game.is_won(state), game.is_blocked(state)

The engine knows nothing of Sphinx, of the text model, nor of the spec language: it
imports only the standard library, :mod:`patience.cards` and itself (``tests/test_layers.py``
holds it to that). ``load_compiled`` builds a game from its compiled tables (JSON data);
reading and compiling a spec (pydantic, YAML) is :mod:`patience.rulespec.compile`'s.
"""

from __future__ import annotations

from patience.engine.game import Game
from patience.engine.rules import Rules
from patience.engine.state import IllegalMove, Move, State

__all__ = ["Game", "IllegalMove", "Move", "State", "load_compiled"]


def load_compiled(data: dict) -> Game:
    """The game whose compiled tables are ``data`` (from ``load_game(id).rules.to_data()``)."""
    return Game(Rules.from_data(data))
