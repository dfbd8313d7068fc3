"""The play session the page runs (patience.session), in CPython: numbered moves as
``patience play`` numbers them, the pack's card turned up, undo and redo, a bad move list,
the hint (the solver's or the player's, and which), safe moves, the view."""

from __future__ import annotations

import io
import json

import pytest

from patience.cli import main as patience_main
from patience.engine import load_compiled
from patience.engine.autoplay import autoplay
from patience.engine.rules import STOCK
from patience.engine.visibility import in_order
from patience.player import choose
from patience.rulespec.compile import games, load_game
from patience.session import Session, open_session
from patience.views.render import render

PLAYABLE = [entry.id for entry in games() if entry.playable]


def numbers_of(game, number: int, count: int | None = None) -> list[int]:
    """The engine's own player's moves on deal ``number``, as their numbers in the player's order."""
    state = game.deal(number)
    line = autoplay(game, state).moves[:count]
    state = game.deal(number)
    numbers = []
    for move in line:
        numbers.append(in_order(game, state).index(move) + 1)
        game.apply(state, move)
    return numbers


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_session_plays_the_numbered_moves_and_the_compiled_game_agrees(game_id):
    game = load_game(game_id)
    numbers = numbers_of(game, 3, 25)
    session = Session(game, 3)
    compiled = open_session(json.dumps(game.rules.to_data()), 3)
    assert session.replay(numbers) is None and compiled.replay(numbers) is None
    assert session.state.snapshot() == compiled.state.snapshot()
    view, other = session.view(), compiled.view()
    assert view == other
    assert view["played"] == numbers and view["deal"] == 3 and view["game"] == game_id
    clause_ids = {clause.id for clause in game.rules.clauses}
    for move in view["moves"]:
        assert move["reasons"] and set(move["reasons"]) <= clause_ids, move


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_face_down_pile_is_only_its_number_of_cards(game_id):
    game = load_game(game_id)
    view = Session(game, 0).view()
    state = game.deal(0)
    for pile, shown in enumerate(view["piles"]):
        if isinstance(shown, int):
            assert shown == len(state.piles[pile])
        else:
            assert len(shown) == len(state.piles[pile])


def test_undo_and_redo_go_back_and_forth_and_a_new_move_forgets_the_redo():
    game = load_game("sultan")
    line = numbers_of(game, 5)
    session = Session(game, 5)
    session.replay(line)
    while len(session.view()["moves"]) < 2 or len(session.played) < 2:  # a choice to make at the end
        session.undo()
    numbers = session.played + [1 if line[len(session.played)] != 1 else 2]
    session.play(numbers[-1])
    end = session.state.snapshot()
    assert session.undo() and session.undo()
    assert session.view()["redo"] == 2 and session.view()["played"] == numbers[:-2]
    assert session.redo() and session.redo() and not session.redo()
    assert session.state.snapshot() == end and session.view()["played"] == numbers
    session.undo()
    session.play(line[len(session.played)])  # another move than the one taken back
    assert session.view()["redo"] == 0
    session.restart()
    assert session.state.snapshot() == game.deal(5).snapshot() and not session.undo()


def test_a_bad_move_list_is_played_up_to_its_last_legal_move_and_says_where():
    game = load_game("napoleon")
    numbers = numbers_of(game, 1, 3)
    session = Session(game, 1)
    problem = session.replay(numbers + [999, 1])
    assert problem.startswith("move 4 of the list (999) cannot be played: there is no move 999 here")
    assert problem.endswith("played up to move 3")
    assert session.view()["played"] == numbers


def test_the_command_line_reaches_the_same_position(monkeypatch, capsys):
    game = load_game("calculation")
    session = Session(game, 4)
    session.replay(numbers_of(game, 4, 5))
    command = session.command()
    assert command.startswith("printf '") and command.endswith("\\nq\\n' | patience play calculation 4")
    typed = command[len("printf '"):command.index("' |")].replace("\\n", "\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert patience_main(["play", "calculation", "4"]) == 0
    shown = capsys.readouterr().out
    assert render(game, session.state) in shown
    assert Session(game, 4).command() == "patience play calculation 4"


def test_an_illegal_attempt_names_the_clause_that_forbids_it():
    game = load_game("calculation")
    session = Session(game, 4)
    first, second = game.rules.piles_of("foundation")[:2]  # a foundation's card never goes to another
    result = session.attempt(first, second)
    assert result == {"played": False, "clause": "foundations", "reason": "a card laid on foundation 1 stays there",
                      "move": result["move"]}
    assert session.view()["played"] == []


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_refusal_of_a_readers_attempt_names_a_clause_of_the_game(game_id):
    """From every pile holding a card to every other, at each position of the engine's
    player's line on deal 1 (every fourth move)."""
    game = load_game(game_id)
    session = Session(game, 1)
    clause_ids = {c.id for c in game.rules.clauses}
    numbers = numbers_of(game, 1, 80)
    for stop in range(0, len(numbers), 4):
        session.replay(numbers[:stop])
        piles = range(len(session.state.piles))
        for src in piles:
            for dst in piles:
                if src == dst or not session.state.piles[src] or src == STOCK:
                    continue
                result = session.attempt(src, dst)
                if result["played"]:
                    session.undo()
                else:
                    assert result["clause"] in clause_ids and result["reason"], (stop, src, dst, result)


def test_in_a_small_position_the_hint_is_the_solvers_first_move_of_a_win_and_says_so():
    game = load_game("calculation")
    numbers = numbers_of(game, 4)
    session = Session(game, 4)
    session.replay(numbers[:-5])
    hint = session.hint()
    assert hint["source"] == "solver" and hint["outcome"] == "won" and hint["length"] <= 5
    for _ in range(hint["length"]):
        hint = session.hint()
        if hint.get("turn"):
            assert session.turn()
            hint = session.hint()
        session.play(hint["n"])
    assert session.view()["won"]


def test_in_a_large_position_the_hint_is_the_players_move_among_the_cards_in_sight():
    game = load_game("zodiac")
    session = Session(game, 0)
    hint = session.hint(budget=20)
    assert hint["source"] == "player" and hint["outcome"] is None and hint["visited"] == 0  # no solver asked
    offered = [move for move in in_order(game, session.state) if move.src != STOCK]
    expected = choose(game, session.state, {session.state.snapshot()}, offered)
    assert hint["text"] == game.describe(expected)
    assert session.view()["moves"][hint["n"] - 1]["text"] == hint["text"]


def test_the_hint_turns_the_packs_card_up_when_nothing_in_sight_can_move():
    game = load_game("calculation")
    session = Session(game, 4)
    assert session.view()["moves"] == []
    hint = session.hint()
    assert hint == {"n": None, "turn": True, "text": "turn up the next card of the stock", "source": "player",
                    "outcome": None, "visited": 0}
    session.turn()
    hint = session.hint()
    assert hint["n"] is not None and session.view()["moves"][hint["n"] - 1]["text"] == hint["text"]


def test_a_small_position_the_solver_proves_lost_gets_the_players_move_and_says_so():
    game = load_game("calculation")
    line = numbers_of(game, 0)
    session = Session(game, 0)
    session.replay(line)
    while session.view()["blocked"] or not (session.view()["moves"] or session.view()["turn"]):
        session.undo()  # the last position with a move, in a deal the engine's player loses
    hint = session.hint()
    assert hint["source"] == "player" and hint["outcome"] == "lost"


def test_the_packs_card_is_offered_only_once_turned_up_and_again_after_an_undo():
    game = load_game("sultan")
    session = Session(game, 2)
    view = session.view()
    assert view["turn"] and view["next"] is None and all(m["src"] != STOCK for m in view["moves"])
    assert session.turn() and not session.turn()
    view = session.view()
    top = session.state.piles[STOCK][-1]
    assert view["next"] == view_code(top) and not view["turn"]
    pack = [m for m in view["moves"] if m["src"] == STOCK]
    assert pack and all(m["card"] == top for m in pack) and view["moves"][-len(pack):] == pack  # last
    session.play(pack[0]["n"])
    assert not session.turned and session.view()["next"] is None
    session.undo()
    assert session.turned and session.view()["next"] == view_code(top)  # seen already: it lies turned up


def view_code(card: int) -> str:
    from patience.cards import card_code

    return card_code(card)


def test_safe_moves_are_the_solvers_and_only_among_the_cards_in_sight():
    from patience.solver.position import symmetric_areas
    from patience.solver.safe import SafeMoves, unsafe_reasons

    for game_id in PLAYABLE:
        game = load_game(game_id)
        session = Session(game, 1)
        assert session.autoplay_unsafe() == unsafe_reasons(game)
        rule = SafeMoves(game, symmetric_areas(game))
        for number in numbers_of(game, 1, 60):
            found = session.safe()
            offered = [m for m in in_order(game, session.state) if m.src != STOCK]
            expected = rule.find(session.state, offered)
            assert found == (None if expected is None else in_order(game, session.state).index(expected) + 1)
            session.play(number)


def test_a_negative_deal_is_refused():
    with pytest.raises(ValueError, match="0 or more"):
        Session(load_game("sultan"), -1)


def test_load_compiled_is_what_open_session_uses():
    data = load_game("sympathie").rules.to_data()
    assert load_compiled(data).legal_moves(load_compiled(data).deal(2)) == load_game("sympathie").legal_moves(
        load_game("sympathie").deal(2))
