"""The layout as plain text, for the terminal: one line per pile, top card last."""

from __future__ import annotations

from patience.cards import card_name
from patience.engine.actions import player_to_move
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import State


def hidden(game: Game, state: State, pile: int) -> bool:
    """Face-down piles (the stock; the Duchess's reserve until it may be used)."""
    when = face_down(game, pile)
    return when == "always" or (when == "while_stock" and bool(state.piles[STOCK]))


def face_down(game: Game, pile: int) -> str:
    """When ``pile`` lies face down: ``never``, ``always`` (the stock), or ``while_stock``:
    until the stock is empty (the Duchess's reserve, played only then)."""
    area = game.rules.areas[game.rules.pile_area[pile]]
    if area.face != "down":
        return "never"
    return "always" if area.role == "stock" or area.available_when != "stock_empty" else "while_stock"


def render(game: Game, state: State) -> str:
    lines = [f"{game.rules.title} — deal {state.key.rsplit(':', 1)[-1]}, pass {state.passes}"]
    width = max(len(game.rules.pile_name(p)) for p in range(len(state.piles)))
    for pile, cards in enumerate(state.piles):
        name = game.rules.pile_name(pile).ljust(width)
        if hidden(game, state, pile):
            shown = f"[{len(cards)} face down]" if cards else "—"
        else:
            shown = " ".join(card_name(c) for c in cards) or "—"
        lines.append(f"  {name}  {shown}")
    if game.rules.players is not None and game.legal_moves(state):
        lines.append(f"  To move: the {('first', 'second')[player_to_move(game, state)]} player.")
    if game.is_won(state):
        lines.append("  The game is won.")
    elif game.is_blocked(state):
        lines.append("  No move is left: the game is lost.")
    return "\n".join(lines)
