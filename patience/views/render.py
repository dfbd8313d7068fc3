"""The layout as plain text, for the terminal: one line per pile, top card last.

What lies face down is shown as its number of cards only (:mod:`patience.engine.visibility`)."""

from __future__ import annotations

from patience.cards import card_name
from patience.engine.actions import player_to_move
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import State
from patience.engine.visibility import hidden

__all__ = ["render"]


def render(game: Game, state: State, turned: bool = False) -> str:
    """The layout; ``turned``: the pack's next card lies turned up, and is shown."""
    lines = [f"{game.rules.title} — deal {state.key.rsplit(':', 1)[-1]}, pass {state.passes}"]
    width = max(len(game.rules.pile_name(p)) for p in range(len(state.piles)))
    for pile, cards in enumerate(state.piles):
        name = game.rules.pile_name(pile).ljust(width)
        if hidden(game, state, pile):
            shown = f"[{len(cards)} face down]" if cards else "—"
            if pile == STOCK and turned and cards:
                shown += f", turned up: {card_name(cards[-1])}"
        else:
            shown = " ".join(card_name(c) for c in cards) or "—"
        lines.append(f"  {name}  {shown}")
    if game.rules.players is not None and game.legal_moves(state):
        lines.append(f"  To move: the {('first', 'second')[player_to_move(game, state) or 0]} player.")
    if game.is_won(state):
        lines.append("  The game is won.")
    elif game.is_blocked(state):
        lines.append("  No move is left: the game is lost.")
    return "\n".join(lines)
