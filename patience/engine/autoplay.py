"""The engine's own player: simple, legal, and always reaching an end.

It prefers moves to the foundations, then cards brought into play from the pack
or talon, then marriages and spaces, then turning the pack, dealing and
redealing; ties are broken by the deal's own PRNG (key ``"<deal>:autoplay"``),
so a game's autoplay is reproducible. It never returns to a position it has
seen, which guarantees that it stops: won, blocked (no legal move), or out of
new positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine import rng
from patience.engine.game import Game
from patience.engine.state import Move, State


@dataclass
class Playout:
    moves: list[Move]
    outcome: str  # won | blocked | no new position | move limit


def _priority(game: Game, move: Move) -> int:
    if move.kind == "deal_row":
        return 5
    if move.kind == "redeal":
        return 6
    target, source = game.rules.role(move.dst), game.rules.role(move.src)
    if target == "foundation":
        return 0
    if target == "talon":
        return 4
    if source in ("stock", "talon"):
        return 1
    return 2


def autoplay(game: Game, state: State, max_moves: int = 20000) -> Playout:
    """Play ``state`` on to its end; ``state`` is left at the final position."""
    generator = rng.SplitMix64(rng.seed(f"{state.key}:autoplay"))
    seen = {state.snapshot()}
    played: list[Move] = []
    while len(played) < max_moves:
        if game.is_won(state):
            return Playout(played, "won")
        moves = game.legal_moves(state)
        if not moves:
            return Playout(played, "blocked")
        ranked = sorted(moves, key=lambda m: (_priority(game, m), generator.below(1 << 16)))
        for move in ranked:
            game.apply(state, move)
            snapshot = state.snapshot()
            if snapshot not in seen:
                seen.add(snapshot)
                played.append(move)
                break
            game.undo(state)
        else:
            return Playout(played, "no new position")
    return Playout(played, "move limit")
