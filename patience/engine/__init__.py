"""The patience engine: cards, numbered deals, legal moves, apply/undo, outcome.

The public API (documented in ``docs/api.md``)::

    from patience.engine import load_game
    game = load_game("calculation")
    state = game.deal(7)
    moves = game.legal_moves(state)
    game.apply(state, moves[0]); game.undo(state)
    game.is_won(state), game.is_blocked(state)

The engine knows nothing of Sphinx nor of the text model: a game is what its
spec (``patience/specs/<game>.yaml``) says. Playing needs only the standard
library: ``load_compiled`` builds a game from its compiled tables (JSON data), while
``load_game``, ``games`` and ``GameEntry`` read the specs (pydantic, YAML) and are
imported only when first used.
"""

from __future__ import annotations

from functools import cache

from patience.engine.game import Game
from patience.engine.rules import Rules
from patience.engine.state import IllegalMove, Move, State

__all__ = ["Game", "GameEntry", "IllegalMove", "Move", "State", "games", "load_compiled", "load_game"]


def load_compiled(data: dict) -> Game:
    """The game whose compiled tables are ``data`` (from ``load_game(id).rules.to_data()``)."""
    return Game(Rules.from_data(data))


@cache
def load_game(game_id: str) -> Game:
    """The game (``sultan``) or variant (``napoleon:twelve``) with this id.

    Raises ``KeyError`` for an unknown id and ``DataFileError`` for a broken spec.
    A game holds no play state, so one object per id is shared.
    """
    from patience.datafile import DataFileError
    from patience.engine.specs import load_rules
    from patience.spec.loading import find

    rules = load_rules(game_id)
    game = Game(rules)
    try:
        game.deal(0)
    except ValueError as error:
        _, lines, spec_path = find(game_id)
        raise DataFileError(spec_path, lines.get(getattr(error, "clause", "")), str(error)) from None
    return game


def __getattr__(name: str):
    """``games`` and ``GameEntry`` come from the spec loader, imported on first use."""
    if name in ("games", "GameEntry"):
        from patience.spec import loading

        return getattr(loading, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
