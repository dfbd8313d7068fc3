"""The solver's accelerator against the pure-Python reference.

Along the recorded playouts of ``tests/engine/test_recorded_moves.py`` (the same deals, the
same random moves, the same undos), the accelerator's engine must list exactly the
reference's legal moves, in order, hold the same piles, score the position exactly as the
search's score does, and find the same safe move; and on deals of every game it hands over,
its searches must decide as the reference's do, position for position. Where the extension is
not built the tests are skipped, unless ``PATIENCE_REQUIRE_NATIVE=1`` (as in CI) makes that a
failure.
"""

from __future__ import annotations

import os

import pytest

from patience.engine import games, load_game
from patience.engine.rng import SplitMix64, seed
from patience.solver import native
from patience.solver.ordering import score
from patience.solver.position import Keys, symmetric_areas
from patience.solver.safe import SafeMoves
from patience.solver.search import reference
from tests.engine.test_recorded_moves import DEALS, STEPS

GAME_IDS = [entry.id for entry in games() if entry.playable]
HANDED_OVER = [game_id for game_id in GAME_IDS if not native.unsupported(load_game(game_id))]


@pytest.fixture(autouse=True)
def built():
    if native._native is None:
        if os.environ.get("PATIENCE_REQUIRE_NATIVE") == "1":
            pytest.fail("the solver's accelerator is not built (patience/solver/_native.c)")
        pytest.skip("the solver's accelerator is not built")


def test_the_accelerator_takes_every_game_whose_rules_do_not_read_the_history():
    assert sorted(set(GAME_IDS) - set(HANDED_OVER)) == ["sympathie", "zodiac"]
    assert native.unsupported(load_game("zodiac")) == (
        "redeals without limit (the history decides whether another is allowed)",)


@pytest.mark.parametrize("game_id", HANDED_OVER)
def test_the_recorded_playouts_are_played_alike(game_id):
    game = load_game(game_id)
    keys, safe = Keys(game), SafeMoves(game, symmetric_areas(game))
    positions: dict[int, bytes] = {}
    for number in range(DEALS):
        state, generator = game.deal(number), SplitMix64(seed(f"record:{game_id}:{number}"))
        fast = native.engine(game, state)
        for _ in range(STEPS):
            moves = game.legal_moves(state)
            assert fast.legal_moves() == [native.values_of(move) for move in moves], (number, len(state.history))
            assert fast.piles() == [bytes(pile) for pile in state.piles]
            assert fast.score() == score(game, state, peek=True)
            expected = safe.find(state, moves)
            assert fast.safe() == (None if expected is None else native.values_of(expected))
            assert fast.won() == game.is_won(state)
            _same_key_same_position(positions, fast.key(), keys.key(state, "root"))
            if not moves:
                break
            move = moves[generator.below(len(moves))]
            game.apply(state, move)
            fast.apply(native.values_of(move))
            if generator.below(5) == 0:
                game.undo(state)
                fast.undo()
                assert fast.piles() == [bytes(pile) for pile in state.piles]
                game.apply(state, move)
                fast.apply(native.values_of(move))


def _same_key_same_position(positions: dict, fast_key: int, reference_key: int) -> None:
    """The two keys must tell positions apart alike: one fast key, one reference key."""
    known = positions.setdefault(fast_key, reference_key)
    assert known == reference_key, "one accelerator key for two positions the reference tells apart"


@pytest.mark.parametrize("game_id", HANDED_OVER)
def test_the_searches_decide_alike(game_id):
    game = load_game(game_id)
    for number in (1, 2, 3):
        expected = reference(game, game.deal(number), 3_000)
        outcome, nodes, line = native.solve(game, game.deal(number), 3_000)
        assert (outcome, nodes, line) == (expected.outcome, expected.nodes, expected.line), number


def test_turned_off_by_the_environment(monkeypatch):
    game = load_game("calculation")
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    assert native.solve(game, game.deal(1), 100) is None
