"""Spaces filled at once by the player's choice (``spaces`` with ``fill: compulsory``).

The British Constitution's vacancies «must be at once filled by a card from the
division immediately below» (Cadogan's rule V, which the Russian end of the game
presupposes: the pack's cards go to the talon only when «не требуются для пополненія
свободныхъ мѣстъ въ народѣ»). Unlike ``immediately``, where the engine takes the first
card it finds, here the player chooses which card fills the space; but while such a
space can be filled, nothing else may be done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience.engine.game import Game


def pending(game: Game, state) -> set[int]:
    """The empty piles of areas whose spaces are compulsory."""
    return {pile for pile in game.compulsory if not state.piles[pile]}


def restrict(game: Game, state, moves: list) -> list:
    """Only the moves that fill a compulsory space, when there are any; else ``moves``."""
    piles = state.piles
    if all(game.compulsory_piles(piles)):
        return moves  # no space (the usual case, found without a loop in Python)
    empty = pending(game, state)
    filling = [m for m in moves if m.kind == "move" and m.dst in empty]
    return filling or moves


def allows(game: Game, state, move) -> bool:
    """Whether ``move`` may be played as far as compulsory spaces go."""
    empty = pending(game, state)
    if not empty or (move.kind == "move" and move.dst in empty):
        return True
    return not fillable(game, state, empty)


def fillable(game: Game, state, empty: set[int]) -> set[int]:
    """The compulsory spaces among ``empty`` that some card can fill now."""
    return {m.dst for m in game.card_moves(state) if m.dst in empty}


def waiting(game: Game, state, move):
    """Why ``move`` must wait, as a refusal (the spaces clause, one line), or None."""
    if allows(game, state, move):
        return None
    rules = game.rules
    pile = min(fillable(game, state, pending(game, state)))
    spaces = rules.spaces[rules.pile_area[pile]]
    return spaces.id, (f"the space in {rules.pile_name(pile)} must first be filled from the "
                       f"{' or '.join(spaces.source)}")
