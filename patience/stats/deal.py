"""One deal decided by the solver and played by the player: what a worker computes.

The two halves of a row are computed apart (:mod:`~patience.stats.solving`,
:mod:`~patience.stats.playing`), each keyed on the digest of its own code, so that a
row whose player's code has changed is played again without being solved again.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from patience.rulespec.compile import load_game
from patience.stats.digests import Digests, digests

if TYPE_CHECKING:
    from patience.engine.game import Game


def evaluate(game_id: str, number: int, budget: int, played: bool = True, solved: bool = True) -> dict:
    """The solver's half of the deal's row at ``budget`` positions if ``solved``, the
    player's if ``played``, and the digests of the code and spec this worker ran."""
    game, ran = loaded(game_id)
    result: dict = {"deal": number, "budget": budget, "digests": ran}
    if solved:  # each half imported only when asked for: a worker loads only the code its digest covers
        from patience.stats.solving import decide

        result.update(decide(game, number, budget))
    if played:
        from patience.stats.playing import play_out

        result.update(play_out(game, number))
    return result


@cache
def loaded(game_id: str) -> tuple[Game, Digests]:
    """The game, and the digests of the code and of the spec as this process loaded them
    (both once: a spec changed on disk later is not what this process plays)."""
    return load_game(game_id), digests(game_id)
