"""Deals lost by covering (закрываетъ нижнія карты той-же масти): every copy of a card that
can leave its packet only for a foundation lies over a lower card of its own suit.

Napoleon's Square says it of its kings (game.4 and note 19): «если въ обоихъ случаяхъ
какая-нибудь масть ... закрываетъ нижнія карты той-же масти, то успѣхъ пасьянса будетъ
невозможенъ». A king of the square goes nowhere but to its foundation, so the card under it
waits until that foundation has reached the queen; with both kings of a suit so placed, the
foundation that takes the second king has had to take, before it, the card that king covers.

The argument, for any game whose rules allow it (:func:`reasons`), where the ``k`` copies of
a card *y* each lie over a card *x* of *y*'s suit that comes before *y* in the foundations'
sequence, and can leave their piles only for a foundation:

- no card leaves a foundation or play, every foundation follows suit along one sequence of
  distinct ranks, and there are ``k`` copies of every card of the sequence and four times
  ``k`` foundations; so in a won position each suit lies on exactly ``k`` foundations, each
  holding one copy of every card of the sequence, in its order;
- a card under *y* cannot move before *y* has gone to its foundation;
- take the copy of *y* that reaches a foundation last, and the card *x* it covers: by then
  each of the ``k`` foundations of the suit has taken a card of *x*'s rank and suit (each has
  taken its copy of *y*, which comes after it), and none of them is *x*, still covered; but
  there are only ``k`` such cards, *x* among them. So no line of play wins.

The check is made on the position the solver is given (the deal), not along the search;
``docs/solver.md`` gives it with the others, and ``tests/solver/test_covering.py`` holds it to
exhaustive search on small positions.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from patience.cards import card_name, rank_of, suit_of
from patience.engine.game import Game, builds_on
from patience.engine.state import State
from patience.solver import capacity


@lru_cache(maxsize=64)
def reasons(game: Game) -> tuple[str, ...]:
    """Why the argument proves nothing in this game (empty: it may)."""
    rules, why = game.rules, list(capacity.reasons(game))  # no card leaves a foundation, none leaves play
    sequences = {(rule.sequence, rule.suit) for rule in rules.foundation.values()}
    if len(sequences) != 1:
        why.append("the foundations do not all follow one sequence")
    else:
        sequence, suit = sequences.pop()
        if suit != "follow" or len(set(sequence)) != len(sequence):
            why.append("a foundation does not follow suit along distinct ranks")
        if len(rules.foundation) != 4 * rules.packs:
            why.append("the foundations are not four for each pack")
    return tuple(why)


def proof(game: Game, state: State) -> str | None:
    """The covered card that proves ``state`` lost, in a sentence; None if there is none (or
    the argument does not apply to this game)."""
    if reasons(game):
        return None
    sequence = next(iter(game.rules.foundation.values())).sequence
    order = {rank: place for place, rank in enumerate(sequence)}
    copies = _in_play(game, state)
    if any(copies[rank, suit] != game.rules.packs for rank in sequence for suit in range(4)):
        return None  # not every card of the sequence is there in full: the count below fails
    for key, places in sorted(_covering(game, state, order).items()):
        if _all_copies(places, copies[key]):
            return (f"every {card_name(_first_copy(*key))} lies over a lower card of its suit "
                    f"({'; '.join(places)}) and can leave only for its foundation, so the last of them to go "
                    f"up covers a card its foundation needed before it")
    return None


def _covering(game: Game, state: State, order: dict[int, int]) -> dict[tuple[int, int], list[str]]:
    """For each (rank, suit), the copies bound for a foundation that lie over a card of their
    suit coming before them in the sequence, each said as "K♦ over 4♦ in square 3"."""
    found: dict[tuple[int, int], list[str]] = {}
    for pile, cards in enumerate(state.piles):
        area = game.rules.pile_area[pile]
        for height, card in enumerate(cards):
            key = (rank_of(card), suit_of(card))
            if key[0] not in order or not bound(game, area, key):
                continue
            lower = [c for c in cards[:height] if suit_of(c) == key[1] and order.get(rank_of(c), len(order)) < order[key[0]]]
            if lower:
                found.setdefault(key, []).append(f"{card_name(card)} over {card_name(lower[-1])} in {game.rules.pile_name(pile)}")
    return found


def _all_copies(places: list[str], copies: int) -> bool:
    """Whether every copy covers: with one free, it may go up first and free the others."""
    return len(places) == copies


def _first_copy(rank: int, suit: int) -> int:
    """The first pack's card of ``rank`` and ``suit`` (to name it, or to try a rule on it)."""
    return suit * 13 + rank - 1


def _in_play(game: Game, state: State) -> Counter:
    aside = set(game.rules.piles_of("aside"))
    return Counter((rank_of(c), suit_of(c)) for pile, cards in enumerate(state.piles) if pile not in aside
                   for c in cards)


@lru_cache(maxsize=4096)
def bound(game: Game, area_name: str, key: tuple[int, int]) -> bool:
    """Whether a card of ``key`` (rank, suit) lying in a pile of ``area_name`` can leave it only
    from the top and only for a foundation: no rule moves the area's piles by itself, and
    every flow from the area goes to foundations or to packets that would never take it
    (no card it could be built on, by any direction of the build; no space it may fill)."""
    rules = game.rules
    area = rules.areas[area_name]
    if area.role not in ("tableau", "reserve") or area.available != "top" or _moved_by_the_rules(game, area_name):
        return False
    card = _first_copy(*key)
    for flow in rules.flows:
        if flow.source != area_name:
            continue
        for target in flow.to:
            if rules.areas[target].role == "foundation":
                continue
            if _may_take(game, target, area_name, card):
                return False
    return True


def _moved_by_the_rules(game: Game, name: str) -> bool:
    """Whether the engine itself moves cards of the area: gathered on a redeal, a donor or
    a target of spaces filled at once, turned up or dealt from in pairs."""
    rules = game.rules
    if rules.redeal and rules.redeal.redeals != 0 and name in rules.redeal.gather:
        return True
    if any(spaces.fill == "immediately" and name in (area, *spaces.source) for area, spaces in rules.spaces.items()):
        return True
    return any(name in turn_up.source for turn_up in rules.turn_ups)


def _may_take(game: Game, target: str, source: str, card: int) -> bool:
    """Whether a pile of ``target`` might ever take ``card`` from ``source``: a talon, a space
    filled from there, or a packet whose build lays it on some card (tried on a packet of one
    card, which a kept direction only narrows)."""
    rules = game.rules
    area = rules.areas[target]
    if area.role == "talon":
        return True
    spaces = rules.spaces.get(target)
    if spaces is not None and source in spaces.source:
        return True
    build = rules.builds.get(target)
    return build is not None and any(builds_on(build, card, [top]) for top in range(52))
