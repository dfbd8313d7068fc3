"""What the search and the player prefer: the promise of a position, and the order of moves.

A position is judged by :func:`score`. Moves are ranked as the engine's own player
ranks them (:func:`patience.engine.autoplay.priority`): cards to the foundations
first, then cards brought into play from the pack or talon, then moves within the
layout, then laying off on the talon, dealing and redealing; exchanges between
foundations last. Neither changes whether the solver finds a win, only how soon.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from patience.cards import suit_of
from patience.engine.autoplay import priority as rank
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import State
from patience.engine.visibility import face_down

__all__ = ["rank", "score"]

FAR = 30  # the distance of a card wanted next that is nowhere in sight
PENALTY = [5 + 20 / (1 + wanted) for wanted in range(100)]  # a card wanted ``wanted`` cards from now, buried
FOUNDATION, OPEN, WHILE_STOCK = range(3)  # how :func:`score` looks at a pile (see _piles)


def score(game: Game, state: State, peek: bool = False) -> float:
    """How promising a position looks from its face-up piles (:func:`patience.engine.visibility.hidden`;
    every pile if ``peek``): a hundred for each card on a foundation, less a penalty for each
    card that lies under a card wanted later than itself (it cannot go up before that one is
    moved), plus a little for each empty place; less, for each card wanted next (by one
    foundation or two alike), how far the nearest one is from home (the cards above it and
    the areas it must pass through, :func:`_hops`; ``FAR`` if none is seen)."""
    piles = state.piles
    need, aims, nearest = _wanted(game, state)
    stock_empty = not piles[STOCK]
    total = 0.0
    for pile, look, hops, blocking in _piles(game, peek):
        cards = piles[pile]
        if look == FOUNDATION:
            total += 100 * len(cards)
        elif look == WHILE_STOCK and not stock_empty:
            continue
        elif not cards:
            total += 8
        else:
            total -= _pile_cost(cards, need, aims, hops, nearest, blocking)
    return total - sum(nearest.values())


def _pile_cost(cards: list[int], need: list[int], aims: list[tuple[int, ...]], hops: int, nearest: dict,
               blocking: bool) -> float:
    """The penalty for cards lying on cards wanted sooner (if the pile is ``blocking``: the
    pack's order is no one's doing); and, in ``nearest``, the fewest moves home from here
    of each card wanted next (``aims[card]``: the wishes ``card`` answers)."""
    penalty, latest_above, away = 0.0, -1, hops
    for card in reversed(cards):
        wanted = need[card]
        if wanted > latest_above:
            latest_above = wanted
        elif blocking and wanted < latest_above:
            penalty += PENALTY[wanted]
        for wish in aims[card]:
            if away < nearest[wish]:
                nearest[wish] = away
        away += 1
    return penalty


@lru_cache(maxsize=128)
def _piles(game: Game, peek: bool) -> tuple[tuple[int, int, int, bool], ...]:
    """The piles :func:`score` looks at, in order, each with how (``FOUNDATION``, ``OPEN``,
    or ``WHILE_STOCK``: unseen while the stock has cards), its :func:`_hops`, and whether
    it is blocking (not the stock). Asides, and piles always face down unless ``peek``, are left out."""
    rules, hops, looked = game.rules, _hops(game), []
    for pile in range(len(rules.pile_area)):
        role, when = rules.role(pile), "never" if peek else face_down(game, pile)
        if role == "foundation":
            looked.append((pile, FOUNDATION, hops[pile], False))
        elif role != "aside" and when != "always":
            looked.append((pile, OPEN if when == "never" else WHILE_STOCK, hops[pile], role != "stock"))
    return tuple(looked)


def _wanted(game: Game, state: State) -> tuple[list[int], list[tuple[int, ...]], dict[int, int]]:
    """:func:`_wishes` of the position's foundations (the length and suit of each, the cards
    wanted depend on nothing else), kept for each game; the distances are a new dict."""
    known = _known(game)
    piles = state.piles
    key = tuple([cards[0] % 52 // 13 + 4 * len(cards) if cards else -1 for cards in
                 [piles[pile] for pile in game.rules.foundation]])
    found = known.get(key)
    if found is None:
        if len(known) >= 4096:  # a long run of deals: forget the foundations of deals past
            known.clear()
        found = known[key] = _wishes(game, state)
    need, aims, wishes = found
    return need, aims, dict(wishes)


@lru_cache(maxsize=16)
def _known(game: Game) -> dict:
    """The wants of each state of the foundations met so far (see :func:`_wanted`)."""
    return {}


def _wishes(game: Game, state: State) -> tuple[list[int], list[tuple[int, ...]], dict[int, int]]:
    """For each card (``suit * 13 + rank - 1`` in each pack), how many cards some foundation
    needs before it (99: none); the cards wanted next, each as its number, or as
    ``52 + rank - 1`` where any suit will do, with the distance ``FAR``; and for each card,
    the wishes it answers."""
    need, wishes = [99] * 52, {}
    foundations, piles = game.rules.foundation, state.piles
    for pile, rule in foundations.items():
        cards = piles[pile]
        known = cards and rule.suit != "any"
        suits: Sequence[int] = (suit_of(cards[0]),) if known else range(4)
        if not cards and rule.distinct_suits:  # a suit another foundation of the area has is not wanted here
            taken = {suit_of(piles[p][0]) for p, other in foundations.items() if other.area == rule.area and piles[p]}
            suits = [suit for suit in suits if suit not in taken]
        for distance, wanted_rank in enumerate(rule.sequence[len(cards):]):
            for suit in suits:
                key = suit * 13 + wanted_rank - 1
                if distance < need[key]:
                    need[key] = distance
            if not distance and suits:
                wishes[suits[0] * 13 + wanted_rank - 1 if known else 52 + wanted_rank - 1] = FAR
    aims: list[tuple[int, ...]] = [()] * 52
    for wish in sorted(wishes):  # a card's own wish before its rank's
        for key in ((wish,) if wish < 52 else range(wish - 52, 52, 13)):
            aims[key] += (wish,)
    packs = game.rules.packs
    return need * packs, aims * packs, wishes


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
