"""Deals lost for want of places: more cards of some kind in play than the foundations can
ever hold (the Empress as note 16 prints it, whose black kings no foundation takes).

A game is won when every card in play lies on a foundation (:meth:`Game.is_won`). A card
reaches a foundation only as the foundation accepts it: as the next rank of its sequence,
of the foundation's suit once begun where it follows suit, and, on an empty foundation laid
as the cards appear, as a card its base allows (an empty foundation laid at the start takes
nothing). Where no card ever leaves a foundation and none leaves play for an aside area, a
won position therefore holds, on each foundation, a beginning of its sequence, and every
card in play now. Each place of a sequence can hold cards of its rank and of the suits the
foundation may have there; so if more cards of one rank and suit, or of one rank, are in
play than there are places that could hold them, no line of play wins. :func:`shortfall`
counts them on the compiled rules and the position; ``docs/solver.md`` gives the argument.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from patience.cards import RANK_NAMES_EN, card, card_name, rank_of, suit_of
from patience.engine.game import Game
from patience.engine.rules import FoundationRule, matches
from patience.engine.state import State

SUITS = tuple(range(4))


@lru_cache(maxsize=64)
def reasons(game: Game) -> tuple[str, ...]:
    """Why counting places proves nothing in this game (empty: it does)."""
    rules, why = game.rules, []
    role = {name: area.role for name, area in rules.areas.items()}
    if any(role[flow.source] == "foundation" for flow in rules.flows):
        why.append("cards go back from the foundations")
    targets = [name for flow in rules.flows for name in flow.to] + [name for pair in rules.pairs for name in pair.to]
    if any(role[name] == "aside" for name in targets):
        why.append("cards leave play for an aside area")
    return tuple(why)


def shortfall(game: Game, state: State) -> str | None:
    """Why the cards in play cannot all reach the foundations from ``state``, in a
    sentence; None if the places suffice, or the rules let cards leave them or play."""
    if reasons(game):
        return None
    places, in_play = _places(game, state), _in_play(game, state)
    short = [f"{count} {card_name(card(rank, suit))} in play and {_room(places[rank, suit])}"
             for (rank, suit), count in sorted(in_play.items()) if count > places[rank, suit]]
    if not short:  # each kind has room enough: the ranks may still not
        by_rank, room = Counter[int](), Counter[int]()
        for counted, kinds in ((by_rank, in_play), (room, places)):
            for (rank, _), count in kinds.items():
                counted[rank] += count
        short = [f"{count} {RANK_NAMES_EN[rank - 1]}s in play and {_room(room[rank])}"
                 for rank, count in sorted(by_rank.items()) if count > room[rank]]
    return "; ".join(short) or None


def _room(count: int) -> str:
    return "no place on the foundations for one" if not count else f"places for {count} on the foundations"


def _in_play(game: Game, state: State) -> Counter:
    """The cards not set aside, counted by rank and suit."""
    aside = set(game.rules.piles_of("aside"))
    return Counter((rank_of(c), suit_of(c)) for pile, cards in enumerate(state.piles) if pile not in aside
                   for c in cards)


def _places(game: Game, state: State) -> Counter:
    """For each rank and suit, the places of the foundations that may ever hold such a card:
    those a card already holds, and each place to come for every suit it may take (so a
    place is counted for several suits: a bound, not an assignment)."""
    places: Counter = Counter()
    for pile, rule in game.rules.foundation.items():
        cards = state.piles[pile]
        places.update((rank_of(c), suit_of(c)) for c in cards)
        for depth in range(len(cards), len(rule.sequence)):
            places.update((rule.sequence[depth], suit) for suit in _suits(rule, cards, depth))
    return places


def _suits(rule: FoundationRule, cards: list[int], depth: int) -> tuple[int, ...]:
    """The suits the foundation's place at ``depth`` may take: its own suit where it follows
    suit and is begun, and any where it does not; on an empty foundation laid as the cards
    appear, the base's suits at the bottom and above it (or any, not following suit); none
    on an empty foundation laid at the start, which takes no card."""
    if cards:
        return (suit_of(cards[0]),) if rule.suit == "follow" else SUITS
    if rule.placed != "as_they_appear":
        return ()
    based = tuple(suit for suit in SUITS if matches(rule.base, card(rule.sequence[0], suit)))
    return based if depth == 0 or rule.suit == "follow" else SUITS if based else ()
