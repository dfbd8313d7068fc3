"""The primitives the departures and the misreadings needed: spaces filled in turn, a
pack that waits until no other move, pairs of one rank, pairing ahead, and what the
player may see of a packet. Each is schema-checked (a located error), compiled into
the engine's tables (and through JSON), explained, and played."""

import pytest

from patience.cards import is_red
from patience.datafile import DataFileError
from patience.engine import looking
from patience.engine.actions import PAIR, PAIR_AHEAD
from patience.engine.game import Game, position
from patience.engine.rules import Rules
from patience.engine.state import Move
from patience.rulespec.compile import load_game, rules_from_file
from patience.views.jsonio import move_from_json, move_to_json
from tests.engine.test_spec_schema import GOOD, error_of, line, write


def notations(game, state) -> set[str]:
    return {game.describe(m) for m in game.legal_moves(state)}


# -- the schema ----------------------------------------------------------------------------------
def test_only_the_pack_waits_for_no_other_move(tmp_path):
    text = GOOD.replace("  - id: turn\n    kind: flow\n    from: stock\n",
                        "  - id: turn\n    kind: flow\n    from: talon\n    when: no_other_move\n")
    error = error_of(tmp_path, text)
    assert error.line == line(text, "id: turn") and "needs 'from: stock'" in error.message


SPACES = """\
  - id: talon-spaces
    kind: spaces
    area: talon
    fill: FILL
    from: [stock]
    order: in_turn
    says: Spaces.
    conjecture: A test spec with no text behind it.
"""


@pytest.mark.parametrize("fill, message", [("immediately", "filled at once already takes"),
                                           ("at_will", "needs two sources")])
def test_spaces_in_turn_need_a_choice_and_two_sources(tmp_path, fill, message):
    text = GOOD + SPACES.replace("FILL", fill)
    error = error_of(tmp_path, text)
    assert error.line == line(text, "id: talon-spaces") and message in error.message


def test_looking_is_for_face_up_packets_and_names_an_area(tmp_path):
    text = GOOD.replace("    label_ru: талонъ\n    piles: 1\n",
                        "    label_ru: талонъ\n    piles: 1\n    looking: {spaces_in: talon, cards: all}\n")
    assert "face up" in error_of(tmp_path, text).message
    packets = GOOD + """\
  - id: line
    kind: area
    name: line
    role: tableau
    label_ru: линія
    piles: 2
    looking: {spaces_in: flank, cards: all}
    says: Packets.
    conjecture: A test spec with no text behind it.
"""
    error = error_of(tmp_path, packets)
    assert error.line == line(packets, "id: line") and "no area named 'flank'" in error.message


def test_pairing_ahead_needs_single_cards(tmp_path):
    path = write(tmp_path, open("patience/specs/empress.yaml", encoding="utf-8").read()
                 .replace("    match: any\n    says: >-\n      Cards of the army and the navy are played only",
                          "    match: any\n    ahead: when_no_pair\n    says: >-\n      Cards of the army and the navy are "
                          "played only")
                 .replace("    from: [red talon, stock]\n", "    from: [red talon, stock]\n    cards: 2\n"),
                 "empress.yaml")
    with pytest.raises(DataFileError) as caught:
        rules_from_file(path)
    assert "places of one card each" in caught.value.message and "'army'" in caught.value.message


# -- the tables -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["zodiac", "constitution", "empress:russian-rule-one", "empress:english-pairing",
                                     "nivernaise:english"])
def test_the_new_parameters_survive_json(game_id):
    rules = load_game(game_id).rules
    again = Rules.from_data(rules.to_data())
    assert again.to_data() == rules.to_data()
    game = Game(again)
    assert [m for m in game.legal_moves(game.deal(3))] == load_game(game_id).legal_moves(load_game(game_id).deal(3))


def test_the_compiled_tables_hold_the_new_parameters():
    assert load_game("zodiac").rules.spaces["equator"].order == "in_turn"
    assert next(f for f in load_game("constitution").rules.flows if f.id == "pack-to-talon").when == "no_other_move"
    assert load_game("empress:russian-rule-one").rules.pairs[0].match == "same_rank"
    assert load_game("empress:english-pairing").rules.pairs[0].ahead == "when_no_pair"
    assert load_game("nivernaise").rules.areas["line"].looking.cards == "all"
    assert load_game("nivernaise:english").rules.areas["line"].looking.cards == "per_space"


# -- play ---------------------------------------------------------------------------------------------
def test_a_source_in_turn_is_refused_with_its_reason():
    game = load_game("zodiac")
    state = position(game, {"zodiac 1": ["5♥/1"], "talon": ["9♣/1"]})
    move = Move("move", state.piles[0][-1], 0, game.rules.areas["equator"].piles[0])
    clause, why = game.refusal(state, move)
    assert clause == "equator-spaces" and "only when the talon is empty" in why


def test_the_waiting_pack_is_explained_and_comes_when_nothing_else_can_move():
    game = load_game("constitution")
    state = game.deal(1)
    move = Move("move", state.piles[0][-1], 0, game.rules.areas["talon"].piles[0])
    clause, why = game.refusal(state, move)
    assert clause == "pack-to-talon" and "no other card can be played or placed" in why
    while not any(m.src == 0 for m in game.legal_moves(state)):  # play on until the pack's turn comes
        game.apply(state, game.legal_moves(state)[0])
    assert all(m.src == 0 for m in game.legal_moves(state) if m.kind == "move")
    assert game.reasons(state, game.legal_moves(state)[0])[0] == "pack-to-talon"


def test_pairs_of_one_rank_match_only_one_rank():
    game = load_game("empress:russian-rule-one")
    state = position(game, {"ace foundation 1": ["A♠/1", "2♠/1"], "king foundation 1": ["K♥/1", "Q♥/1", "10♥/1"],
                            "army 1": ["9♥/1"], "navy 1": ["3♠/1"], "navy 2": ["9♠/1"]})
    pairs = [m for m in game.legal_moves(state) if m.kind == PAIR]
    assert pairs == []  # the admiral wants a three, the general a nine: of no one rank
    state = position(game, {"ace foundation 1": ["A♠/1", "2♠/1"], "king foundation 1": ["K♥/1", "Q♥/1", "10♥/1",
                                                                                        "9♥/1", "8♥/1", "7♥/1",
                                                                                        "6♥/1", "5♥/1", "4♥/1"],
                            "army 1": ["3♥/1"], "navy 1": ["3♠/1"]})
    assert [game.describe(m) for m in game.legal_moves(state) if m.kind == PAIR] == [
        "3♥ army 1 + 3♠ navy 1 → king foundation 1, ace foundation 1"]


def test_a_card_paired_ahead_waits_on_its_partner_and_goes_with_it():
    game = load_game("empress:english-pairing")
    states = (game.deal(number) for number in range(40))
    state = next(s for s in states if not [m for m in game.legal_moves(s) if m.kind == PAIR])
    ahead = [m for m in game.legal_moves(state) if m.kind == PAIR_AHEAD]
    assert ahead, "with no pair to play, cards may be paired ahead"
    paired = next(s for s in (game.deal(n) for n in range(40)) if [m for m in game.legal_moves(s) if m.kind == PAIR])
    assert not [m for m in game.legal_moves(paired) if m.kind == PAIR_AHEAD]  # not while a pair can be played
    army, navy = game.rules.areas["army"].piles, game.rules.areas["navy"].piles
    laid = next(m for m in ahead if m.src in army and m.dst in navy)
    assert game.reasons(state, laid) == ["pairs"]
    assert move_from_json(game, move_to_json(game, laid)) == laid
    red = state.piles[game.rules.areas["red talon"].piles[0]] + state.piles[0][-1:]
    refill = any(is_red(card) for card in red[:-1]) or (red and is_red(red[-1]))
    game.apply(state, laid)
    assert state.piles[laid.dst][-2:] == [laid.card2, laid.card]
    assert len(state.piles[laid.src]) == (1 if refill else 0)  # the space is filled at once, if a red card can
    assert not [m for m in game.legal_moves(state) if laid.dst in (m.src, m.dst) and m.kind == PAIR_AHEAD]
    game.undo(state)
    assert state.piles[laid.src] == [laid.card] and state.piles[laid.dst] == [laid.card2]
    assert load_game("empress").refusal(state, laid)[1].startswith("no card is laid on its partner")


def test_a_pair_laid_ahead_is_played_as_one_pair():
    game = load_game("empress:english-pairing")
    state = position(game, {"ace foundation 1": ["A♠/1"], "king foundation 1": ["K♥/1"],
                            "navy 1": ["2♠/1", "Q♥/1"], "army 1": ["Q♥/2"], "navy 2": ["2♠/2"]})
    pairs = {game.describe(m) for m in game.legal_moves(state) if m.kind == PAIR}
    assert "Q♥ navy 1 + 2♠ navy 1 → king foundation 1, ace foundation 1" in pairs
    assert not any("navy 1 +" in p and "army" in p for p in pairs)  # its cards are paired already


@pytest.mark.parametrize("game_id, flank_spaces, seen", [("nivernaise", 0, 1), ("nivernaise", 1, None),
                                                         ("nivernaise:english", 0, 1), ("nivernaise:english", 2, 3)])
def test_what_the_player_may_see_of_the_line(game_id, flank_spaces, seen):
    game = load_game(game_id)
    state = game.deal(0)
    for pile in game.rules.areas["flank"].piles[:flank_spaces]:
        state.piles[0][:0] = state.piles[pile]
        state.piles[pile] = []
    state.edited()
    line = game.rules.areas["line"].piles[0]
    assert looking.seen(game, state, line) == seen
    hidden = looking.hidden_cards(game, state, line)
    assert hidden == ([] if seen is None else state.piles[line][:len(state.piles[line]) - seen])
    assert looking.seen(game, state, game.rules.areas["flank"].piles[-1]) is None  # no looking there
