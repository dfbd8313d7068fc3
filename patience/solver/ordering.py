"""What the search and the player prefer: the promise of a position, and the order of moves.

A position is judged by :func:`score`. Moves are ranked as the engine's own player
ranks them (:func:`patience.engine.autoplay.priority`): cards to the foundations
first, then cards brought into play from the pack or talon, then moves within the
layout, then laying off on the talon, dealing and redealing; exchanges between
foundations last. Neither changes whether the solver finds a win, only how soon.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from patience.cards import suit_of
from patience.engine.autoplay import priority as rank
from patience.engine.game import Game
from patience.engine.state import State

__all__ = ["rank", "score"]

FAR = 30  # the distance of a card wanted next that is nowhere in sight


def score(game: Game, state: State, seen: Callable[[int], bool]) -> float:
    """How promising a position looks from the piles ``seen(pile)`` allows: a hundred for
    each card on a foundation, less a penalty for each card that lies under a card wanted
    later than itself (it cannot go up before that one is moved), plus a little for each
    empty place; less, for each card wanted next (by one foundation or two alike), how
    far the nearest one is from home (the cards above it and the areas it must pass
    through, :func:`_hops`; ``FAR`` if none is seen)."""
    rules, piles = game.rules, state.piles
    need, nearest = _wanted(game, state)
    hops = _hops(game)
    total = 0.0
    for pile, cards in enumerate(piles):
        role = rules.role(pile)
        if role == "foundation":
            total += 100 * len(cards)
        elif role == "aside" or not seen(pile):
            continue
        elif not cards:
            total += 8
        else:
            total -= _pile_cost(cards, need, hops[pile], nearest, role != "stock")
    return total - sum(nearest.values())


def _pile_cost(cards: list[int], need: list[int], hops: int, nearest: dict, blocking: bool) -> float:
    """The penalty for cards lying on cards wanted sooner (if the pile is ``blocking``: the
    pack's order is no one's doing); and, in ``nearest``, the fewest moves home from here
    of each card wanted next."""
    penalty, latest_above, above = 0.0, -1, 0
    for card in reversed(cards):
        key = card % 52
        wanted = need[key]
        if blocking and latest_above > wanted:
            penalty += 5 + 20 / (1 + wanted)
        if wanted > latest_above:
            latest_above = wanted
        for wish in (key, 52 + key % 13):
            if wish in nearest and hops + above < nearest[wish]:
                nearest[wish] = hops + above
        above += 1
    return penalty


def _wanted(game: Game, state: State) -> tuple[list[int], dict[int, int]]:
    """For each card (``suit * 13 + rank - 1``), how many cards some foundation needs
    before it (99: none); and the cards wanted next, each as its number, or as
    ``52 + rank - 1`` where any suit will do, with the distance ``FAR``."""
    need, wishes = [99] * 52, {}
    foundations, piles = game.rules.foundation, state.piles
    for pile, rule in foundations.items():
        cards = piles[pile]
        known = cards and rule.suit != "any"
        suits = (suit_of(cards[0]),) if known else range(4)
        if not cards and rule.distinct_suits:  # a suit another foundation of the area has is not wanted here
            taken = {suit_of(piles[p][0]) for p, other in foundations.items() if other.area == rule.area and piles[p]}
            suits = [suit for suit in suits if suit not in taken]
        for distance, rank in enumerate(rule.sequence[len(cards):]):
            for suit in suits:
                key = suit * 13 + rank - 1
                if distance < need[key]:
                    need[key] = distance
            if not distance and suits:
                wishes[suits[0] * 13 + rank - 1 if known else 52 + rank - 1] = FAR
    return need, wishes


@lru_cache(maxsize=64)
def _hops(game: Game) -> tuple[int, ...]:
    """For each pile, how many moves a card needs at least to reach a foundation from it,
    by the flows and the filling of spaces (FAR: never)."""
    rules = game.rules
    edges = [(flow.source, to) for flow in rules.flows for to in flow.to]
    edges += [(source, name) for name, spaces in rules.spaces.items() for source in spaces.source]
    distance = {name: 0 for name, area in rules.areas.items() if area.role == "foundation"}
    changed = True
    while changed:
        changed = False
        for source, to in edges:
            if to in distance and distance.get(source, FAR) > distance[to] + 1:
                distance[source] = distance[to] + 1
                changed = True
    return tuple(distance.get(name, FAR) for name in rules.pile_area)
