"""What the player may see of a packet beneath its top card (разсматривать, to look
through), as the ``looking`` of its area says.

La Nivernaise's rule II lets the packets of the line be looked through «если являются
свободныя мѣста по бокамъ», when there are spaces at the sides; Cadogan's English lets
as many cards of each packet be examined as there are vacancies in the flanks. Looking
is not playing: only the top card is available either way (rule I). An area without a
``looking`` is not limited here: every card of a face-up pile is seen, and what lies
face down is the face's business.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience.engine.state import State

if TYPE_CHECKING:
    from patience.engine.game import Game


def seen(game: Game, state: State, pile: int) -> int | None:
    """How many cards of ``pile``, counted from the top, the player may see now; ``None``
    for every card (an area without ``looking``, or one looked through whole)."""
    looking = game.area_of[pile].looking
    if looking is None:
        return None
    spaces = sum(1 for p in game.rules.areas[looking.spaces_in].piles if not state.piles[p])
    if looking.cards == "all":
        return None if spaces else 1
    return 1 + spaces


def hidden_cards(game: Game, state: State, pile: int) -> list[int]:
    """The cards of ``pile`` the player may not see, bottom first (none for most piles)."""
    count = seen(game, state, pile)
    cards = state.piles[pile]
    return [] if count is None else cards[:max(0, len(cards) - count)]
