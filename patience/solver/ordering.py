"""What the search and the player prefer: the order of moves and the promise of a position.

Moves are ranked as the engine's own player ranks them
(:func:`patience.engine.autoplay.priority`): cards to the foundations first, then
cards brought into play from the pack or talon, then moves within the layout, then
laying off on the talon, dealing and redealing; exchanges between foundations
last. A position is judged by :func:`score`. Neither changes whether a win is
found, only how soon.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from patience.cards import rank_of, suit_of
from patience.engine.autoplay import priority as rank
from patience.engine.game import Game
from patience.engine.state import Move, State

__all__ = ["ordered", "rank", "score"]


def ordered(game: Game, state: State, moves: list[Move]) -> list[Move]:
    return sorted(moves, key=lambda move: rank(game, move))


def score(game: Game, state: State, seen: Callable[[int], bool]) -> float:
    """How promising a position looks from the piles ``seen(pile)`` allows: a hundred for
    each card on a foundation, less a penalty for each card that lies under a card wanted
    later than itself (it cannot go up before that one is moved), plus a little for each
    empty place; less, for the next card each foundation wants, how far the nearest one
    seen is from it (:func:`_reach`)."""
    rules, piles = game.rules, state.piles
    wanted = _wanted(game, state)
    hops = _hops(game)
    nearest = dict.fromkeys([key for key, distance in wanted.items() if distance == 0], 30)
    total = 0.0
    for pile, cards in enumerate(piles):
        role = rules.role(pile)
        if role == "foundation":
            total += 100 * len(cards)
            continue
        if role == "aside" or not seen(pile):
            continue
        if not cards:
            total += 8
            continue
        if role != "stock":
            total -= _blocked(cards, wanted)
        _reach(cards, hops[pile], nearest)
    return total - sum(nearest.values())


def _reach(cards: list[int], hops: int, nearest: dict) -> None:
    """For each card wanted next, the fewest moves that might bring it home from here: the
    cards above it, and the areas it must pass through."""
    top = len(cards) - 1
    for depth, card in enumerate(cards):
        for key in ((rank_of(card), suit_of(card)), (rank_of(card), None)):
            if key in nearest:
                cost = hops + top - depth
                if cost < nearest[key]:
                    nearest[key] = cost


@lru_cache(maxsize=64)
def _hops(game: Game) -> tuple[int, ...]:
    """For each pile, how many moves a card needs at least to reach a foundation from it,
    by the flows and the filling of spaces (30: never)."""
    rules = game.rules
    edges = [(flow.source, to) for flow in rules.flows for to in flow.to]
    edges += [(source, name) for name, spaces in rules.spaces.items() for source in spaces.source]
    distance = {name: 0 for name, area in rules.areas.items() if area.role == "foundation"}
    changed = True
    while changed:
        changed = False
        for source, to in edges:
            if to in distance and distance.get(source, 30) > distance[to] + 1:
                distance[source] = distance[to] + 1
                changed = True
    return tuple(distance.get(name, 30) for name in rules.pile_area)


def _blocked(cards: list[int], wanted: dict) -> float:
    penalty, latest_above = 0.0, -1
    for card in reversed(cards):
        need = wanted.get((rank_of(card), suit_of(card)), wanted.get((rank_of(card), None), 99))
        if latest_above > need:
            penalty += 5 + 20 / (1 + need)
        latest_above = max(latest_above, need)
    return penalty


def _wanted(game: Game, state: State) -> dict[tuple[int, int | None], int]:
    """For each (rank, suit), how many cards some foundation needs before it (suit None:
    any suit will do)."""
    wanted: dict[tuple[int, int | None], int] = {}
    for pile, rule in game.rules.foundation.items():
        cards = state.piles[pile]
        suit = suit_of(cards[0]) if cards and rule.suit != "any" else None
        for distance, needed in enumerate(rule.sequence[len(cards):]):
            key = (needed, suit)
            if distance < wanted.get(key, 99):
                wanted[key] = distance
    return wanted
