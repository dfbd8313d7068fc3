"""The player's half of a deal's row: how the player that sees only face-up cards fares."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from patience.player import play
from patience.player.lookahead import at_will_piles

if TYPE_CHECKING:
    from patience.engine.game import Game


def play_out(game: Game, number: int) -> dict:
    """The player's outcome, its processor seconds, and whether a free space opened in its
    game before the first row was dealt."""
    start = time.process_time()
    playout = play(game, game.deal(number))
    return {"player": "won" if playout.outcome == "won" else "lost",
            "play_cpu": round(time.process_time() - start, 3),
            "space": space_before_first_row(game, number, playout.moves)}


def space_before_first_row(game: Game, number: int, moves) -> bool:
    """Whether, in the player's game, a free space (an empty pile of an area filled at
    will) opened before the first row was dealt after the deal: La Nivernaise's note 15
    («если послѣ перваго расклада … не откроется ни одного свободнаго мѣста»)."""
    piles = at_will_piles(game)
    state = game.deal(number)
    for move in moves:
        if any(not state.piles[pile] for pile in piles):
            return True
        if move.kind == "deal_row":
            return False
        game.apply(state, move)
    return any(not state.piles[pile] for pile in piles)
