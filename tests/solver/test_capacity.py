"""Counting places (``patience.solver.capacity``) against exhaustive search on small positions.

The positions are the Empress's deals with most cards already home (:func:`nearly_home`):
cards the foundations take are moved onto them, one at a time and at random, until only a
few are left in play where they were dealt. As note 16 prints it, the black kings are
among those left, since no foundation takes them; as the English has it, every card has a
place, and many such positions are won.
"""

from __future__ import annotations

import random

import pytest

from patience.cards import rank_of
from patience.engine.game import Game
from patience.engine.state import State
from patience.rulespec.compile import load_game
from patience.solver import capacity, solve
from tests.solver.test_placement import exhaustive

NOTE_16, ENGLISH = "empress:russian-note-sixteen", "empress"


def nearly_home(game: Game, number: int, left: int) -> State:
    """Deal ``number`` with cards moved to the foundations that take them, chosen at random,
    until ``left`` cards remain in play off the foundations (or no foundation takes one)."""
    state, chooser = game.deal(number), random.Random(number)
    rules, home = game.rules, set(game.rules.piles_of("foundation")) | set(game.rules.piles_of("aside"))
    while sum(len(state.piles[p]) for p in range(len(state.piles)) if p not in home) > left:
        offers = [(source, index, pile) for source, cards in enumerate(state.piles) if source not in home
                  for index, card in enumerate(cards) for pile in rules.foundation
                  if game.accepts(state, pile, card, rules.pile_area[source])]
        if not offers:
            break
        source, index, pile = chooser.choice(offers)
        state.piles[pile].append(state.piles[source].pop(index))
    return State(state.piles, "nearly home")


def compared(game: Game, numbers: range, left: int) -> dict[str, list[int]]:
    """Which positions exhaustive search finds won and lost, and those the count calls lost
    though the search wins them (``wrong``)."""
    found: dict[str, list[int]] = {"won": [], "lost": [], "counted lost": [], "wrong": []}
    for number in numbers:
        state = nearly_home(game, number, left)
        truth = exhaustive(game, state.copy(), limit=20_000)
        if truth is None:
            continue
        found["won" if truth else "lost"].append(number)
        if capacity.shortfall(game, state) is not None:
            found["wrong" if truth else "counted lost"].append(number)
    return found


def test_the_count_applies_where_no_card_leaves_the_foundations_or_play():
    assert capacity.reasons(load_game(NOTE_16)) == ()
    assert capacity.reasons(load_game("sympathie")) == ("cards leave play for an aside area",)
    assert capacity.reasons(load_game("nivernaise")) == ("cards go back from the foundations",)


def test_the_count_never_calls_a_position_lost_that_the_search_wins():
    found = compared(load_game(ENGLISH), range(1, 61), left=10)
    assert len(found["won"]) >= 10, found
    assert found["wrong"] == [], found


def test_the_count_calls_lost_every_position_with_a_black_king_in_play():
    game = load_game(NOTE_16)
    found = compared(game, range(1, 21), left=12)
    assert found["won"] == [] and len(found["lost"]) >= 10, found
    assert found["counted lost"] == found["lost"]
    for number in found["lost"]:
        in_play = [card for pile, cards in enumerate(nearly_home(game, number, 12).piles)
                   if game.rules.role(pile) not in ("foundation", "aside") for card in cards]
        assert sum(rank_of(card) == 13 for card in in_play) == 8  # the black kings, which have no place


def test_the_comparison_catches_a_count_that_forgets_what_begun_foundations_take(monkeypatch):
    real = capacity._suits
    monkeypatch.setattr(capacity, "_suits", lambda rule, cards, depth: () if cards else real(rule, cards, depth))
    assert compared(load_game(ENGLISH), range(1, 31), left=10)["wrong"]


def test_a_deal_of_note_16_is_lost_at_once_and_says_why():
    game = load_game(NOTE_16)
    solution = solve(game, game.deal(7), budget=10)
    assert (solution.outcome, solution.reason, solution.nodes) == ("lost", "capacity", 1)
    assert "K♣ in play and no place on the foundations for one" in solution.detail
    assert "K♠" in solution.detail and "K♥" not in solution.detail


@pytest.mark.parametrize("game_id", ["empress", "napoleon", "duchess", "calculation", "constitution"])
def test_won_deals_have_room_for_every_card(game_id):
    game = load_game(game_id)
    assert capacity.shortfall(game, game.deal(1)) is None
