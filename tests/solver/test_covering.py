"""Covering (``patience.solver.covering``) against exhaustive search on small positions.

The positions are Napoleon's Square near its end (:func:`small_position`): three suits home,
the two foundations of the fourth begun to random heights, and the rest of that suit dealt
at random over the square and the pack, so that its kings lie over lower cards of it in
some positions and not in others. Where both kings lie over lower cards, the argument calls
the position lost, and an exhaustive search must agree; where only one does, the argument
says nothing, and the search wins many such positions: an argument content with one
covering king is caught by the same comparison.
"""

from __future__ import annotations

import random

import pytest

from patience.cards import card, rank_of, suit_of
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import State
from patience.rulespec.compile import load_game
from patience.solver import covering, solve
from tests.solver.test_placement import exhaustive

SUIT = 0  # the suit left in play


@pytest.fixture(scope="module")
def napoleon() -> Game:
    return load_game("napoleon")


def small_position(game: Game, seed: int) -> State:
    """Three suits home; of the fourth, one foundation begun with the first pack's cards and
    one with the second's, at random heights, and the rest dealt at random over the square
    and the pack (at most fourteen cards in play)."""
    chooser = random.Random(seed)
    piles: list[list[int]] = [[] for _ in game.rules.pile_area]
    foundations = list(game.rules.foundation)
    for place, suit in enumerate(suit for suit in range(4) if suit != SUIT):
        for pack in range(2):
            piles[foundations[2 * place + pack]] = [card(rank, suit, pack) for rank in range(1, 14)]
    first = chooser.randint(6, 12)
    second = chooser.randint(12 - first, 12)
    left = []
    for pack, height in enumerate((first, second)):
        piles[foundations[6 + pack]] = [card(rank, SUIT, pack) for rank in range(1, height + 1)]
        left += [card(rank, SUIT, pack) for rank in range(height + 1, 14)]
    chooser.shuffle(left)
    places = [STOCK, *game.rules.areas["square"].piles]
    for dealt in left:
        piles[chooser.choice(places)].append(dealt)
    return State(piles, f"small {seed}")


def kings_covering(game: Game, state: State) -> int:
    """How many kings of the suit in play lie over a lower card of it in the square."""
    return sum(1 for pile in game.rules.areas["square"].piles
               for index, upper in enumerate(state.piles[pile]) if rank_of(upper) == 13
               and any(suit_of(lower) == suit_of(upper) for lower in state.piles[pile][:index]))


def compared(game: Game, seeds, covered: int, limit: int = 20_000) -> dict[str, list[int]]:
    """Positions whose kings, ``covered`` of them, lie over lower cards of their suit: which
    exhaustive search wins and loses, which the argument calls lost, and those it calls lost
    that the search wins (``wrong``)."""
    found: dict[str, list[int]] = {"won": [], "lost": [], "called lost": [], "wrong": []}
    for seed in seeds:
        state = small_position(game, seed)
        if kings_covering(game, state) != covered:
            continue
        truth = exhaustive(game, state.copy(), limit=limit)
        if truth is None:
            continue
        found["won" if truth else "lost"].append(seed)
        if covering.proof(game, state) is not None:
            found["wrong" if truth else "called lost"].append(seed)
    return found


def test_the_argument_applies_where_each_suit_has_a_foundation_for_each_pack():
    assert covering.reasons(load_game("napoleon")) == ()
    assert covering.reasons(load_game("nivernaise"))[0] == "cards go back from the foundations"
    assert covering.reasons(load_game("calculation")) == ("the foundations do not all follow one sequence",)
    assert "the foundations are not four for each pack" in covering.reasons(load_game("besieged"))


def test_only_the_kings_of_the_square_are_bound(napoleon):
    assert covering.bound(napoleon, "square", (13, 2))
    assert not covering.bound(napoleon, "square", (12, 2))  # a queen may be married onto a king
    assert not covering.bound(napoleon, "talon", (13, 2))  # the talon's top may fill a space
    assert not covering.bound(napoleon, "stock", (13, 2))


def test_the_argument_never_calls_lost_a_position_the_search_wins(napoleon):
    found = compared(napoleon, range(300), covered=2)
    assert len(found["lost"]) >= 5, found
    assert found["won"] == [] and found["wrong"] == [], found
    assert found["called lost"] == found["lost"]


def test_one_covering_king_is_not_enough_and_the_comparison_sees_it(napoleon, monkeypatch):
    """With one king of a suit over lower cards, the other may go up first and free them:
    many such positions are won, and an argument content with one covering king calls them lost."""
    assert compared(napoleon, range(150), covered=1)["wrong"] == []
    monkeypatch.setattr(covering, "_all_copies", lambda places, copies: bool(places))
    found = compared(napoleon, range(150), covered=1)
    assert found["won"] and found["wrong"], found


def test_the_solver_says_what_proved_the_loss(napoleon):
    solution = solve(napoleon, napoleon.deal(14), budget=1_000)
    assert (solution.outcome, solution.reason, solution.nodes) == ("lost", "covering", 1)
    assert solution.detail.startswith("every K♣ lies over a lower card of its suit (K♣ over 5♣ in square 9;")
