"""The engine without the spec machinery: compiled tables through JSON, a runtime that
imports neither pydantic nor YAML, the clauses behind each move, and the Zobrist hash."""

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.cards import parse_card
from patience.engine import Move, load_compiled
from patience.engine.game import position
from patience.rulespec.compile import games, load_game

GAME_IDS = [entry.id for entry in games() if entry.playable]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
deals = st.integers(min_value=0, max_value=10**9)
picks = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=80)


def through_json(game):
    return load_compiled(json.loads(json.dumps(game.rules.to_data())))


def walk(game, number, choices):
    """The states met along the moves ``choices`` picks, from deal ``number``."""
    state = game.deal(number)
    for pick in choices:
        yield state
        moves = game.legal_moves(state)
        if not moves:
            return
        game.apply(state, moves[pick % len(moves)])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tables_survive_json_unchanged(game_id):
    rules = load_game(game_id).rules
    data = json.loads(json.dumps(rules.to_data()))
    assert through_json(load_game(game_id)).rules == rules
    assert type(rules).from_data(data).to_data() == data


@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals, choices=picks)
def test_a_game_from_json_deals_and_moves_like_the_spec(game_id, number, choices):
    game = load_game(game_id)
    copy = through_json(game)
    assert copy.deal(number) == game.deal(number)
    state, twin = game.deal(number), copy.deal(number)
    for pick in choices:
        moves = game.legal_moves(state)
        assert copy.legal_moves(twin) == moves
        assert copy.is_won(twin) == game.is_won(state)
        if not moves:
            break
        game.apply(state, moves[pick % len(moves)])
        copy.apply(twin, moves[pick % len(moves)])
        assert twin.snapshot() == state.snapshot()


BLOCKER = """
import importlib.abc, json, sys
class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pydantic", "yaml", "pydantic_core"):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Blocked())
from patience.engine import load_compiled
from patience.engine.autoplay import autoplay
from patience.views.jsonio import state_to_json
game = load_compiled(json.load(sys.stdin))
state = game.deal(5)
move = game.legal_moves(state)[0]
print(json.dumps({"moves": [game.describe(m) for m in game.legal_moves(state)],
                  "reasons": game.reasons(state, move), "position": state.snapshot(),
                  "outcome": autoplay(game, state).outcome, "json": state_to_json(game, state)["game"],
                  "modules": sorted(m for m in sys.modules if m.startswith(("pydantic", "yaml", "patience.engine.schema")))}))
"""


@pytest.mark.parametrize("game_id", ["calculation", "sympathie", "empress"])
def test_the_runtime_plays_with_pydantic_and_yaml_blocked(game_id):
    game = load_game(game_id)
    data = json.dumps(game.rules.to_data())
    done = subprocess.run([sys.executable, "-c", BLOCKER], input=data, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    state = game.deal(5)
    assert result["moves"] == [game.describe(m) for m in game.legal_moves(state)]
    assert result["reasons"] == game.reasons(state, game.legal_moves(state)[0])
    assert result["position"] == [state.passes, state.piles]
    assert result["modules"] == [] and result["json"] == game_id


def test_the_blocker_does_block():
    done = subprocess.run([sys.executable, "-c", BLOCKER.replace("from patience.engine import load_compiled",
                                                                 "import patience.rulespec.compile")],
                          input="{}", capture_output=True, text=True)
    assert done.returncode != 0 and "blocked: " in done.stderr


# -- reasons and refusals ------------------------------------------------------------------------
def candidates(game, state):
    """Legal and illegal moves: every top card to every pile, rows, redeals, nonsense."""
    piles = range(len(state.piles))
    moves = [Move("move", cards[-1], src, dst) for src, cards in enumerate(state.piles) if cards for dst in piles]
    moves += [Move("move", cards[0], src, dst) for src, cards in enumerate(state.piles) if len(cards) > 1
              for dst in piles[:3]]
    return moves + [Move("redeal"), Move("deal_row"), Move("turn_up", 0, 1, 2), Move("pair", 0, 1, 2, 3, 4, 5),
                    Move("move", 9999, 0, 1), Move("shuffle")]


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=deals, choices=picks)
def test_every_legal_move_has_its_clauses_and_every_illegal_one_a_reason(game_id, number, choices):
    game = load_game(game_id)
    ids = game.rules.clause_ids()
    for state in walk(game, number, choices[:30]):
        legal = game.legal_moves(state)
        for move in legal:
            found = game.reasons(state, move)
            assert found and len(set(found)) == len(found) and set(found) <= ids, (game.describe(move), found)
            assert game.refusal(state, move) == (None, "")
        for move in candidates(game, state):
            if move in legal:
                continue
            clause, why = game.refusal(state, move)
            assert why and "\n" not in why, move
            assert clause is None or clause in ids


def test_a_foundation_move_is_allowed_by_its_flow_and_its_foundations():
    game = load_game("calculation")
    state = position(game, {"foundation 1": ["A♠/1"], "talon 1": ["2♥/1"]})
    move = game.parse_move(state, "2♥ talon 1 → foundation 1")
    assert game.reasons(state, move) == ["talon-to-foundations", "foundations"]


def test_refusals_name_the_clause_and_say_why():
    game = load_game("calculation")
    state = position(game, {"foundation 3": ["3♣/1", "6♥/1"], "talon 1": ["8♦/1"], "talon 2": ["9♦/1", "2♥/1"]})
    pile = {game.rules.pile_name(p): p for p in range(len(state.piles))}
    eight = parse_card("8♦/1")
    assert game.refusal(state, Move("move", eight, pile["talon 1"], pile["foundation 3"])) == (
        "foundations", "foundation 3 takes a nine of any suit next")
    assert game.refusal(state, Move("move", eight, pile["talon 1"], pile["talon 2"])) == (
        "talon-to-foundations", "cards go from the talon only to the foundation")
    assert game.refusal(state, Move("move", parse_card("9♦/1"), pile["talon 2"], pile["foundation 3"])) == (
        "talon", "only the top card of talon 2 can be moved")
    assert game.refusal(state, Move("redeal")) == ("no-redeal", "the game allows no redeal")
    duchess = load_game("duchess")
    assert duchess.refusal(duchess.deal(1), Move("redeal")) == (
        "redeal", "the cards are gathered again only once the stock is exhausted")


def test_a_refusal_under_marriage_says_what_the_packet_takes():
    game = load_game("zodiac")
    state = position(game, {"zodiac 1": ["5♣/1", "6♣/1"], "zodiac 2": ["9♦/1"]})
    state.piles[0].append(parse_card("4♣/2"))
    clause, why = game.refusal(state, Move("move", parse_card("4♣/2"), 0, next(
        p for p in range(len(state.piles)) if game.rules.pile_name(p) == "zodiac 1")))
    assert clause == game.rules.builds["zodiac"].id
    assert why.startswith("4♣ does not go on 6♣ in zodiac 1 (marriage")


# -- positions after apply and undo -------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
@SETTINGS
@given(number=deals, choices=picks)
def test_undo_gives_back_the_position_and_undoing_everything_the_deal(game_id, number, choices):
    game = load_game(game_id)
    state = game.deal(number)
    for pick in choices:
        moves = game.legal_moves(state)
        if not moves:
            break
        before = state.snapshot()
        game.apply(state, moves[pick % len(moves)])
        if pick % 3 == 0:
            game.undo(state)
            assert state.snapshot() == before
    while state.history:
        game.undo(state)
    assert state.snapshot() == game.deal(number).snapshot()


def test_equal_positions_by_different_orders_are_equal():
    game = load_game("calculation")
    state = position(game, {"foundation 1": ["A♠/1"], "foundation 2": ["2♣/1"], "talon 1": ["2♥/1"],
                            "talon 2": ["4♦/1"]})
    first = game.parse_move(state, "2♥ talon 1 → foundation 1")
    second = game.parse_move(state, "4♦ talon 2 → foundation 2")
    one, other = state.copy(), state.copy()
    game.apply(one, first), game.apply(one, second)
    game.apply(other, second), game.apply(other, first)
    assert one.snapshot() == other.snapshot() != state.snapshot()
