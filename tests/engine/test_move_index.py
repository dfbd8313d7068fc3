"""The move index against the straightforward generation (tests/engine/reference.py):
the same legal moves, in the same order, along random playouts of every game and
variant, with moves undone on the way; and the index equal to one made afresh."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.engine.index import MoveIndex
from patience.rulespec.compile import games, load_game
from tests.engine import reference

GAME_IDS = [entry.id for entry in games() if entry.playable]
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
deals = st.integers(min_value=0, max_value=10**9)
picks = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120)


def same_index(game, state) -> bool:
    fresh = MoveIndex(game, state)
    index = game.index(state)
    return ((index.wants, index.wanted, index.by_route, index.opened, index.tops, index.lying,
             index.hits, index.gathered)
            == (fresh.wants, fresh.wanted, fresh.by_route, fresh.opened, fresh.tops, fresh.lying,
                fresh.hits, fresh.gathered))


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals, choices=picks)
def test_the_index_lists_the_moves_of_the_straightforward_generation(game_id, number, choices):
    game = load_game(game_id)
    state = game.deal(number)
    for pick in choices:
        moves = game.legal_moves(state)
        assert moves == reference.legal_moves(game, state)
        assert same_index(game, state)
        if not moves:
            break
        game.apply(state, moves[pick % len(moves)])
        if pick % 4 == 0:  # now and then back and forth, so that undo is checked too
            game.undo(state)
            assert same_index(game, state) and game.legal_moves(state) == reference.legal_moves(game, state)
            game.apply(state, moves[pick % len(moves)])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_long_playouts_agree_to_the_end(game_id):
    """Redeals and the end of the pack come late: play deals through with the first move."""
    game = load_game(game_id)
    for number in range(3):
        state = game.deal(number)
        for step in range(400):
            moves = game.legal_moves(state)
            assert moves == reference.legal_moves(game, state), (number, step)
            if not moves:
                break
            game.apply(state, moves[(step * 7919) % len(moves)])
