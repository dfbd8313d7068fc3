"""Invariants of every game, under hypothesis: deals and random legal move sequences."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.engine import IllegalMove, Move
from patience.rulespec.compile import games, load_game

GAME_IDS = [entry.id for entry in games() if entry.playable]
deals = st.integers(min_value=0, max_value=10**9)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=80)
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_card_once(game, state):
    return sorted(state.cards()) == list(range(game.total_cards))


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals)
def test_initial_deal_places_every_card_exactly_once(game_id, number):
    game = load_game(game_id)
    assert every_card_once(game, game.deal(number))


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals, picks=choices)
def test_moves_keep_every_card_and_undo_restores_exactly(game_id, number, picks):
    game = load_game(game_id)
    state = game.deal(number)
    start = state.snapshot()
    for pick in picks:
        moves = game.legal_moves(state)
        if not moves:
            break
        before = state.snapshot()
        move = moves[pick % len(moves)]
        game.apply(state, move)
        assert every_card_once(game, state)
        assert game.undo(state) == move
        assert state.snapshot() == before
        game.apply(state, move)
    while state.history:
        game.undo(state)
    assert state.snapshot() == start


def illegal_moves(game, state):
    """Moves that are not legal here: wrong cards, wrong piles, spent actions."""
    legal = set(game.legal_moves(state))
    piles = range(len(state.piles))
    candidates = [Move("move", cards[0], src, dst) for src, cards in enumerate(state.piles) if cards
                  for dst in piles]
    candidates += [Move("redeal"), Move("deal_row"), Move("move", 9999, 0, 1), Move("shuffle")]
    return [move for move in candidates if move not in legal]


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals, picks=choices, which=st.integers(min_value=0, max_value=10**6))
def test_an_illegal_move_is_refused_and_changes_nothing(game_id, number, picks, which):
    game = load_game(game_id)
    state = game.deal(number)
    for pick in picks:
        moves = game.legal_moves(state)
        if not moves:
            break
        game.apply(state, moves[pick % len(moves)])
    before, history = state.snapshot(), len(state.history)
    wrong = illegal_moves(game, state)
    move = wrong[which % len(wrong)]
    with pytest.raises(IllegalMove, match="illegal move"):
        game.apply(state, move)
    assert state.snapshot() == before and len(state.history) == history


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_at_the_start_is_refused(game_id):
    game = load_game(game_id)
    state = game.deal(0)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals, picks=choices)
def test_is_legal_agrees_with_the_list_of_legal_moves(game_id, number, picks):
    game = load_game(game_id)
    state = game.deal(number)
    for pick in picks:
        moves = game.legal_moves(state)
        if not moves:
            break
        assert all(game.is_legal(state, move) for move in moves)
        assert not any(game.is_legal(state, move) for move in illegal_moves(game, state))
        game.apply(state, moves[pick % len(moves)])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_autoplayer_plays_legally_to_an_end(game_id):
    from patience.engine.autoplay import autoplay

    game = load_game(game_id)
    for number in range(6):
        state = game.deal(number)
        playout = autoplay(game, state)
        replay = game.deal(number)
        for move in playout.moves:
            game.apply(replay, move)  # raises IllegalMove if the player cheated
        assert replay.snapshot() == state.snapshot()
        assert playout.outcome in ("won", "blocked", "no new position")
        assert (playout.outcome == "won") == game.is_won(state)
        assert (playout.outcome == "blocked") == game.is_blocked(state)
