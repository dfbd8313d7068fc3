"""Games where no choice matters (Sympathie): one line decides, against exhaustive search."""

from __future__ import annotations

import random

import pytest

from patience.engine.game import Game
from patience.engine.state import State
from patience.rulespec.compile import load_game
from patience.solver import confluence, solve
from tests.solver.endgames import endgame, exhaustive


def small_position(game: Game, number: int, seed: int, left: int) -> State:
    """Deal ``number`` with all but ``left`` cards of each partner and their twins put aside,
    as if paired; each partner's ``left`` cards shuffled into his first packets, three to a
    packet, face down, so that twins often lie under each other's partners' cards."""
    state, chooser = game.deal(number), random.Random(seed)
    piles: list[list[int]] = [[] for _ in state.piles]
    kept = set(chooser.sample(range(52), left))
    aside = game.rules.areas["pairs"].piles.start
    piles[aside] = [card for card in state.cards() if card % 52 not in kept]
    for player, area in enumerate(("first packet", "second packet")):
        cards = [card + 52 * player for card in sorted(kept)]
        chooser.shuffle(cards)
        packets = game.rules.areas[area].piles
        for i, card in enumerate(cards):
            piles[packets[i // 3]].append(card)
    return State(piles, state.key)


def test_choices_never_matter_in_sympathie_only():
    assert confluence.reasons(load_game("sympathie")) == ()
    for game_id in ("empress", "zodiac", "calculation", "duchess", "nivernaise"):
        assert confluence.reasons(load_game(game_id)), game_id


def test_one_line_decides_as_exhaustive_search_does():
    game, compared = load_game("sympathie"), {True: 0, False: 0}
    for seed in range(60):
        state = small_position(game, 1 + seed, seed, left=7)
        truth = exhaustive(game, state.copy(), limit=50_000)
        if truth is None:
            continue
        outcome, line = confluence.decide(game, state)
        assert (outcome == "won") == truth, seed
        compared[truth] += 1
    assert compared[True] >= 5 and compared[False] >= 5, compared


def test_the_comparison_catches_a_game_where_choices_matter(monkeypatch):
    """Taken for a game where they do (Calculation's endgames), one line does not decide:
    the same comparison finds positions where it is wrong."""
    monkeypatch.setattr(confluence, "reasons", lambda game: ())
    game, wrong = load_game("calculation"), 0
    for seed in range(40):
        state = endgame(game, 1 + seed, left=8, seed=seed)
        truth = exhaustive(game, state.copy(), limit=5_000)
        decided = confluence.decide(game, state)
        if truth is not None and decided is not None and (decided[0] == "won") != truth:
            wrong += 1
    assert wrong


@pytest.mark.parametrize("number", [1, 11])
def test_sympathie_deals_are_decided_at_once(number):
    game = load_game("sympathie")
    solution = solve(game, game.deal(number), budget=10)
    assert solution.outcome in ("won", "lost")
    if solution.outcome == "lost":
        assert solution.reason == "confluent"
