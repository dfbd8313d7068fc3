"""The placement plan (the Zodiac) against exhaustive search on small positions, and on deals.

The Zodiac's own positions are too big to search exhaustively, so the plan is checked on a
Zodiac with fewer places (:func:`shrunk`: four packets and two on the equator, the same
clauses otherwise) in positions with most cards already up (:func:`small_position`): each
packet a chain married in suit from its first card, a few cards held, a few in the pack.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from patience.cards import rank_of, suit_of
from patience.engine.game import Game
from patience.engine.state import IllegalMove, State
from patience.rulespec.compile import load_game
from patience.solver import placement, solve
from patience.solver.search import verify


def shrunk(game: Game, sizes: dict[str, int]) -> Game:
    """The game with the areas of ``sizes`` cut to that many piles, piles numbered anew."""
    rules, areas, pile_area, renumber, start = game.rules, {}, [], {}, 0
    for name, area in rules.areas.items():
        count = sizes.get(name, len(area.piles))
        for offset in range(count):
            renumber[area.piles.start + offset] = start + offset
        areas[name] = dataclasses.replace(area, piles=range(start, start + count))
        pile_area += [name] * count
        start += count
    foundation = {renumber[pile]: rule for pile, rule in rules.foundation.items()}
    return Game(dataclasses.replace(rules, areas=areas, pile_area=pile_area, foundation=foundation))


def small_position(game: Game, seed: int, left: int) -> State:
    """Every foundation full, then ``left`` cards of two suits taken back off them at random, each laid
    at random as the first card of an empty packet, married onto a packet in suit, on an
    empty holding place, or (for odd seeds) into the pack. Cards laid out so come off in an
    order some peel could follow. For even seeds a few cards are then taken from the tops
    of the packets and the holding places into the pack, which could put them back: such
    positions are won unless the pack's order forbids it; those of odd seeds mostly lost."""
    chooser, rules = random.Random(seed), game.rules
    form = placement.shape(game)
    piles: list[list[int]] = [[] for _ in rules.pile_area]
    copies = {(suit, rank): [c for c in range(game.total_cards) if suit_of(c) == suit and rank_of(c) == rank]
              for suit in range(4) for rank in range(1, 14)}
    foundations = [pile for piles_of_area, _ in form.areas for pile in piles_of_area]
    for piles_of_area, sequence in form.areas:
        for suit, pile in enumerate(piles_of_area):
            piles[pile] = [copies[(suit, rank)].pop() for rank in sequence]
    pack, suits = [], chooser.sample(range(4), 2)  # two suits, so that chains form
    for _ in range(left):
        card = piles[chooser.choice([p for p in foundations if piles[p] and suit_of(piles[p][0]) in suits])].pop()
        empty = [p for p in form.packets if not piles[p]]
        fits = [p for p in form.packets if piles[p] and suit_of(piles[p][-1]) == suit_of(card)
                and rank_of(card) - rank_of(piles[p][-1]) in form.steps]
        holders = [p for p in form.holders if not piles[p]]
        choice = chooser.random()
        if empty and choice < 0.4:
            piles[chooser.choice(empty)].append(card)
        elif fits and (choice < 0.8 or not seed % 2):
            piles[chooser.choice(fits)].append(card)
        elif holders and (choice < 0.9 or not seed % 2):
            piles[chooser.choice(holders)].append(card)
        elif empty and not seed % 2:
            piles[chooser.choice(empty)].append(card)
        else:
            pack.append(card)
    for _ in range(0 if seed % 2 else chooser.randrange(1, 5)):
        tops = [p for p in (*form.packets, *form.holders) if len(piles[p]) > (p in form.packets)]
        if tops:
            pack.append(piles[chooser.choice(tops)].pop())
    chooser.shuffle(pack)
    piles[0] = pack
    return State(piles, "small")


def exhaustive(game: Game, state: State, limit: int) -> bool | None:
    """Whether some line wins, trying every legal move; a position (with the cards the last
    redeal gathered, which decide whether another is allowed) is entered once. None past
    ``limit`` positions."""
    seen: set = set()

    def wins() -> bool | None:
        if game.is_won(state):
            return True
        key = (state.snapshot(), tuple(game.index(state).gathered[-1:]))
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > limit:
            return None
        for move in game.legal_moves(state):
            game.apply(state, move)
            result = wins()
            game.undo(state)
            if result is None or result:
                return result
        return False

    return wins()


@pytest.fixture(scope="module")
def small_zodiac() -> Game:
    return shrunk(load_game("zodiac"), {"zodiac": 4, "equator": 2})


def test_the_plan_applies_to_the_zodiac_only():
    assert placement.reasons(load_game("zodiac")) == []
    for game_id in ("calculation", "sultan", "duchess", "napoleon", "nivernaise", "besieged"):
        assert placement.reasons(load_game(game_id)), game_id


def agreements(game: Game, samples: int = 60, until_wrong: bool = False) -> tuple[dict, list[int]]:
    """How many small positions exhaustive search finds won and lost, and those where the
    plan says otherwise (or gives a line the engine does not play to a win)."""
    compared, wrong = {True: 0, False: 0}, []
    for seed in range(samples):
        state = small_position(game, seed, left=10)
        truth = exhaustive(game, state.copy(), limit=50_000)
        if truth is None:
            continue
        try:
            plan = placement.decide(game, state)
            if plan is None:
                continue
            if plan.line:
                verify(game, state, plan.line)
            verdict = bool(plan.line)
        except (IllegalMove, AssertionError):
            verdict = None
        if verdict != truth:
            wrong.append(seed)
            if until_wrong:
                break
        compared[truth] += 1
    return compared, wrong


def test_the_plan_agrees_with_exhaustive_search(small_zodiac):
    compared, wrong = agreements(small_zodiac)
    assert not wrong, f"the plan disagrees on samples {wrong}"
    assert compared[True] >= 10 and compared[False] >= 10, compared


def test_the_comparison_catches_a_plan_that_ignores_the_holding_places(small_zodiac, monkeypatch):
    """A plan that let the equator hold any number of cards would call lost positions won;
    the comparison must see it."""
    original = placement.SuitPlanner.moves

    def free_holding(self, taken, packets, free, fixed):
        for _, *rest in original(self, taken, packets, free, fixed):
            yield 0, *rest

    monkeypatch.setattr(placement.SuitPlanner, "moves", free_holding)
    assert agreements(small_zodiac, until_wrong=True)[1]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_zodiac_deals_are_won_by_a_replayed_line(number):
    game = load_game("zodiac")
    solution = solve(game, game.deal(number), budget=10_000)
    assert solution.outcome == "won"
    state = game.deal(number)
    for move in solution.line:
        game.apply(state, move)
    assert game.is_won(state)


def test_a_deal_whose_suits_need_more_holding_places_than_the_equator_has_is_lost():
    game = load_game("zodiac")
    plan = placement.decide(game, game.deal(25))
    assert (plan.need, plan.capacity, plan.line) == (9, 8, [])
    assert solve(game, game.deal(25), budget=10_000).outcome == "lost"
