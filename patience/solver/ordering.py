"""The order in which the search and the player try moves: most promising first.

Cards to the foundations first, then cards brought into play from the pack or
talon, then moves within the layout, then laying off on the talon, dealing and
redealing; exchanges between foundations last. The order changes only how soon a
win is found, never whether it is.
"""

from __future__ import annotations

from patience.engine.game import Game
from patience.engine.state import Move, State

PAIRED = ("pair", "turn_up")


def rank(game: Game, move: Move) -> int:
    if move.kind in PAIRED:
        return 0
    if move.kind == "deal_row":
        return 5
    if move.kind == "redeal":
        return 6
    role = game.rules.role
    target, source = role(move.dst), role(move.src)
    if source == "foundation":
        return 7
    if target == "foundation":
        return 0
    if target == "talon":
        return 4
    if source in ("stock", "talon"):
        return 1
    return 2


def ordered(game: Game, state: State, moves: list[Move]) -> list[Move]:
    return sorted(moves, key=lambda move: rank(game, move))
