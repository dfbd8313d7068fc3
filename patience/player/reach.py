"""How far the cards to come lie from home (далеко ли до основаній): the player's measure
where cards climb to the foundations division by division (the Constitution).

The solver's promise (:func:`patience.solver.ordering.score`) counts, for each card wanted
next, only the nearest copy of it, and only the next card. With two packs two foundations
may want the same card, and a card wanted the move after next may be the one to lift now;
so :func:`reach` counts, for each foundation, its next :data:`AHEAD` cards, each matched
with its own copy in sight (the nearest copies to the foundations that want them first),
as the moves that copy needs at least to reach home.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from patience.cards import suit_of
from patience.engine.game import Game
from patience.engine.state import State
from patience.engine.visibility import hidden
from patience.solver.ordering import FAR
from patience.solver.ordering import _hops as hops_home

AHEAD = (4.0, 2.0, 1.0)  # the weight of a foundation's next card, of the card after, and so on


def reach(game: Game, state: State) -> float:
    """Less the weighted moves home of the cards the foundations want next (0 when every
    wanted card is on its way's last step: no move is needed before it goes home)."""
    away = _away(game, state)
    total = 0.0
    for face, wanted in _wants(game, state).items():
        copies = sorted(away.get(face, ()))
        for index, ahead in enumerate(sorted(wanted)):
            total += AHEAD[ahead] * (copies[index] if index < len(copies) else FAR)
    return -total


def _away(game: Game, state: State) -> dict[int, list[int]]:
    """For each card face in sight, the moves each copy needs at least to reach home: its
    pile's hops, and one for each card above it."""
    away: dict[int, list[int]] = defaultdict(list)
    hops = hops_home(game)
    for pile in _layout(game):
        if hidden(game, state, pile):
            continue
        for depth, card in enumerate(reversed(state.piles[pile])):
            away[card % 52].append(hops[pile] + depth)
    return away


def _wants(game: Game, state: State) -> dict[int, list[int]]:
    """For each card face, how many cards ahead each foundation that wants it soon wants it
    (foundations of a known suit only: which card an empty or any-suit one wants is open)."""
    wants: dict[int, list[int]] = defaultdict(list)
    for pile, rule in game.rules.foundation.items():
        cards = state.piles[pile]
        if not cards or rule.suit == "any":
            continue
        suit = suit_of(cards[0])
        for ahead, rank in enumerate(rule.sequence[len(cards):len(cards) + len(AHEAD)]):
            wants[suit * 13 + rank - 1].append(ahead)
    return wants


@lru_cache(maxsize=64)
def _layout(game: Game) -> tuple[int, ...]:
    """The piles a wanted card may lie in: all but the foundations and the asides."""
    rules = game.rules
    return tuple(pile for pile in range(len(rules.pile_area)) if rules.role(pile) not in ("foundation", "aside"))
