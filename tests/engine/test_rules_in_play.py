"""The four games' rules as the engine applies them, in hand-built positions."""

import pytest

from patience.cards import card_code, parse_card
from patience.engine import IllegalMove
from patience.engine.game import DEAL_ROW, REDEAL, position
from patience.rulespec.compile import load_game
from patience.views.jsonio import move_from_json, move_to_json, state_from_json, state_to_json

SULTAN_BASES = {"sultan": ["K♥/1"], "king foundation 1": ["K♠/1"], "king foundation 2": ["K♠/2"],
                "king foundation 3": ["K♣/1"], "king foundation 4": ["K♣/2"], "king foundation 5": ["K♦/1"],
                "king foundation 6": ["K♦/2"], "king foundation 7": ["K♥/2"], "ace foundation": ["A♥/1"]}


def notations(game, state):
    return {game.describe(move) for move in game.legal_moves(state)}


def codes(state, game, name):
    pile = next(p for p in range(len(state.piles)) if game.rules.pile_name(p) == name)
    return [card_code(c) for c in state.piles[pile]]


FULL_DIVAN = {f"divan {n}": [f"{n}♣/2"] for n in range(2, 9)}


def test_sultan_divan_space_is_filled_at_once_from_the_talon_then_the_pack():
    game = load_game("sultan")
    state = position(game, {**SULTAN_BASES, **FULL_DIVAN, "divan 1": ["A♠/1"], "talon": ["9♣/1", "5♦/1"]})
    game.apply(state, game.parse_move(state, "A♠ divan 1 → king foundation 1"))
    assert codes(state, game, "divan 1") == ["5♦/1"] and codes(state, game, "talon") == ["9♣/1"]
    state = position(game, {**SULTAN_BASES, **FULL_DIVAN, "divan 1": ["A♠/1"]})
    stock_top = card_code(state.piles[0][-1])
    game.apply(state, game.parse_move(state, "A♠ divan 1 → king foundation 1"))
    assert codes(state, game, "divan 1") == [stock_top]


def test_sultan_kings_take_the_ace_and_the_heart_ace_takes_the_two():
    game = load_game("sultan")
    state = position(game, {**SULTAN_BASES, "divan 1": ["A♣/1"], "divan 2": ["2♥/1"], "divan 3": ["A♥/2"]})
    legal = notations(game, state)
    assert "A♣ divan 1 → king foundation 3" in legal and "2♥ divan 2 → ace foundation" in legal
    assert "A♥ divan 3 → king foundation 7" in legal and "A♥ divan 3 → ace foundation" not in legal
    assert not any(n.startswith("A♣ divan 1 → king foundation 1") for n in legal)  # suit is followed


def turn_the_pack(game, state):
    """Turn every card of the pack, onto the talon when allowed, else where it must go;
    where the pack waits for other play (the Sultan's divan first), play that first; then
    play on until nothing but a redeal is left."""
    while True:
        moves = [m for m in game.legal_moves(state) if m != REDEAL]
        if not moves:
            return
        turned = [m for m in moves if m.src == 0]
        game.apply(state, next((m for m in turned if game.rules.role(m.dst) == "talon"), (turned or moves)[0]))


def test_sultan_redeals_the_shuffled_talon_once_and_undo_restores_it():
    game = load_game("sultan")
    state = game.deal(5)
    turn_the_pack(game, state)
    talon = list(state.piles[game.rules.areas["talon"].piles[0]])
    assert REDEAL in game.legal_moves(state)
    before = state.snapshot()
    game.apply(state, REDEAL)
    assert state.passes == 2 and sorted(state.piles[0]) == sorted(talon) and state.piles[0] != talon[::-1]
    again = game.deal(5)
    turn_the_pack(game, again)
    game.apply(again, REDEAL)
    assert again.piles[0] == state.piles[0]  # the redeal shuffle is part of the numbered deal
    turn_the_pack(game, state)
    assert REDEAL not in game.legal_moves(state)  # only one redeal
    while state.history and state.passes == 2:
        game.undo(state)
    assert state.snapshot() == before


def test_calculation_second_foundation_counts_by_two_past_the_king():
    game = load_game("calculation")
    state = position(game, {"foundation 1": ["A♠/1"], "foundation 2": ["2♠/1", "4♥/1", "6♣/1", "8♦/1", "10♠/1", "Q♥/1"],
                            "foundation 3": ["3♠/1"], "foundation 4": ["4♠/1"], "talon 1": ["3♦/1", "A♦/1"]})
    assert "A♦ talon 1 → foundation 2" in notations(game, state)
    game.apply(state, game.parse_move(state, "A♦ talon 1 → foundation 2"))
    assert "3♦ talon 1 → foundation 2" in notations(game, state)


def test_calculation_only_the_top_of_a_talon_packet_plays_and_never_to_another_packet():
    game = load_game("calculation")
    state = position(game, {"foundation 1": ["A♠/1", "2♠/1"], "foundation 2": ["2♣/1"], "foundation 3": ["3♣/1"],
                            "foundation 4": ["4♣/1"], "talon 1": ["3♦/1", "K♦/1"]})
    legal = notations(game, state)
    assert not any(n.startswith("3♦ talon 1") for n in legal)
    assert not any(n.startswith("K♦ talon 1 → talon") for n in legal)


def test_napoleon_marriage_is_downwards_in_suit_and_spaces_take_talon_or_pack_only():
    game = load_game("napoleon")
    state = position(game, {"square 1": ["9♠/1", "8♥/1"], "square 2": ["7♥/1"], "square 3": ["7♣/1"], "talon": ["5♦/1"]})
    legal = notations(game, state)
    assert "7♥ square 2 → square 1" in legal and "7♣ square 3 → square 1" not in legal
    assert "8♥ square 1 → square 4" not in legal  # square 4 is empty: only talon or pack fill it
    assert "5♦ talon → square 4" in legal


def test_duchess_rows_reserve_and_the_last_deal():
    game = load_game("duchess")
    state = game.deal(3)
    reserve = game.rules.areas["reserve"].piles[0]
    assert not any(m.src == reserve for m in game.legal_moves(state))
    game.apply(state, DEAL_ROW)
    assert [len(state.piles[p]) for p in game.rules.areas["packet"].piles] == [2, 2, 2, 2]
    assert len(state.piles[reserve]) == 4
    last = position(game, {"packet 1": ["5♣/1"]}, passes=4)
    game.apply(last, DEAL_ROW)
    assert len(last.piles[reserve]) == 0 and len(last.piles[game.rules.areas["packet"].piles[0]]) == 2


def test_duchess_redeal_comes_when_nothing_else_plays_and_gathers_packets_then_reserve():
    game = load_game("duchess")
    state = game.deal(8)
    while REDEAL not in game.legal_moves(state):
        game.apply(state, game.legal_moves(state)[0])
    assert game.legal_moves(state) == [REDEAL] and not state.piles[0]
    areas = game.rules.areas
    expected = [c for p in [*areas["packet"].piles, *areas["reserve"].piles] for c in state.piles[p]]
    game.apply(state, REDEAL)
    assert state.piles[0][::-1] == expected and state.passes == 2


def test_notation_and_json_round_trip():
    for game_id in ("sultan", "calculation", "napoleon", "duchess"):
        game = load_game(game_id)
        state = game.deal(11)
        for move in game.legal_moves(state):
            assert game.parse_move(state, game.describe(move)) == move
            assert move_from_json(game, move_to_json(game, move)) == move
        assert state_from_json(game, state_to_json(game, state)).snapshot() == state.snapshot()


def test_parse_move_refuses_what_is_not_legal():
    game = load_game("calculation")
    with pytest.raises(IllegalMove, match="no legal move"):
        game.parse_move(game.deal(1), "K♠ talon 1 → foundation 1")


def test_a_position_must_not_repeat_a_card():
    with pytest.raises(ValueError, match="repeated"):
        position(load_game("napoleon"), {"square 1": ["5♦/1"], "square 2": ["5♦/1"]})


def test_won_and_blocked():
    game = load_game("calculation")
    foundations = [[f"{r}♠/1" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]]
    won = position(game, {"foundation 1": foundations[0], "foundation 2": ["2♣/1"], "foundation 3": ["3♣/1"],
                          "foundation 4": ["4♣/1"]})
    assert not game.is_won(won)  # the pack still holds cards
    state = position(game, {"foundation 1": ["A♠/1"], "foundation 2": ["2♣/1"], "foundation 3": ["3♣/1"],
                            "foundation 4": ["4♣/1"]})
    rest = state.piles[0]
    state.piles[0] = []
    talon = game.rules.areas["talon"].piles
    state.piles[talon[0]] = sorted(rest, key=lambda c: c % 13)  # kings on top: nothing plays
    assert game.is_blocked(state) and not game.is_won(state)
    assert parse_card("K♠/1") in state.cards()


def test_a_card_from_the_pack_that_fits_is_played_not_laid_on_the_talon():
    game = load_game("calculation")
    state = position(game, {"foundation 1": ["A♠/1"], "foundation 2": ["2♣/1"], "foundation 3": ["3♣/1"],
                            "foundation 4": ["4♣/1"]})
    two = parse_card("2♥/1")
    state.piles[0].remove(two)
    state.piles[0].append(two)  # the 2♥ is turned next
    assert notations(game, state) == {"2♥ stock → foundation 1"}
    seven = parse_card("7♥/1")
    state.piles[0].remove(seven)
    state.piles[0].append(seven)
    state.edited()  # the piles were changed by hand after the engine saw them
    assert notations(game, state) == {"7♥ stock → talon 1"}  # fits nowhere: any packet (the first empty)
