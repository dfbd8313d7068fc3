"""A move home kept in hand: where a space is refilled at once from a talon, in an area whose
cards go nowhere but home (the Empress's army and navy, the Sultan's divan), the player turns
the pack rather than draw a talon's card that serves nothing into the space a move home leaves.

The positions are the Empress's deal 1 after the pair the solver plays first (the queen of
diamonds of army 2 with the two of spades of navy 3) and some turns of the pack: after five
turns no talon's top would open a new pair, after nineteen the black talon's top is a two of
spades that a queen of the army pairs with.
"""

from __future__ import annotations

from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import State
from patience.player import lookahead
from patience.player.lookahead import choose
from patience.rulespec.compile import games, load_game
from tests.player.test_player import permuted

FIRST_PAIR = "Q♦ army 2 + 2♠ navy 3"


def after_turns(turns: int) -> tuple[Game, State]:
    """The Empress's deal 1 after its first pair and ``turns`` cards of the pack turned."""
    game = load_game("empress")
    state = game.deal(1)
    game.apply(state, next(move for move in game.legal_moves(state) if game.describe(move).startswith(FIRST_PAIR)))
    for _ in range(turns):
        game.apply(state, next(move for move in game.legal_moves(state) if move.src == STOCK))
    return game, state


def layout(game: Game, state: State) -> set[int]:
    """The cards of the army and the navy."""
    return {card for pile, area in enumerate(game.rules.pile_area) if area in ("army", "navy") for card in state.piles[pile]}


def test_only_games_refilling_from_a_talon_an_area_whose_cards_go_only_home_keep_moves_in_hand():
    keeping = {entry.id for entry in games() if entry.playable and lookahead._keys_in_hand(load_game(entry.id))}
    # the Besieged City's reserve and the Constitution's people are refilled from a talon too,
    # but their cards go on into the layout, not only home
    assert keeping == {"sultan", "sultan:english", "empress", "empress:english-pairing", "empress:russian-note-sixteen",
                       "empress:russian-rule-one"}


def test_the_pack_is_turned_while_no_talons_top_would_serve(monkeypatch):
    game, state = after_turns(5)
    pairs = [move for move in game.legal_moves(state) if move.kind == "pair"]
    assert len(pairs) == 3
    assert not any(lookahead._draws_in_a_key(game, state, move) for move in pairs)
    assert choose(game, state, {state.snapshot()}).src == STOCK
    # the same position, the pairs not kept: a pair is played, whatever card it draws in
    monkeypatch.setattr(lookahead, "_keys_in_hand", lambda game: False)
    assert choose(game, state, {state.snapshot()}).kind == "pair"


def test_a_pair_is_played_when_the_card_it_draws_in_opens_another():
    game, state = after_turns(19)
    move = choose(game, state, {state.snapshot()})
    assert move.kind == "pair"
    before = layout(game, state)
    game.apply(state, move)
    drawn = layout(game, state) - before
    assert drawn, "the space is refilled from the black talon's top"
    assert any(after.kind == "pair" and (after.card in drawn or after.card2 in drawn) for after in game.legal_moves(state))


def test_a_space_the_pack_refills_keeps_the_move_whatever_the_pack_holds():
    """With the black talon empty, a pair's space in the navy takes the pack's next black card,
    unseen: the pair is kept however the face-down cards lie."""
    game, state = after_turns(0)
    black_talon = next(pile for pile in range(len(state.piles)) if game.rules.pile_name(pile) == "black talon")
    assert not state.piles[black_talon]
    for key in ("one", "two", "three"):
        other = permuted(game, state, key)
        game.index(other)
        pairs = [move for move in game.legal_moves(other) if move.kind == "pair"]
        assert pairs and not any(lookahead._draws_in_a_key(game, other, move) for move in pairs)
        assert choose(game, other, {other.snapshot()}).src == STOCK
