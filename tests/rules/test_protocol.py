"""The data the page's JavaScript reads has one shape on both sides: the TypedDicts of the
Python that makes it (the session, Play's page data, the board, the replay) and the JSDoc
typedefs of ``rules/js/protocol.js``, read here from the file; and what the session hands
the page has the shapes it declares, in every game."""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path

import pytest
from patience_sphinx.rules import example, play

from patience import session
from patience.rulespec.compile import games, load_game
from patience.session import Session
from patience.views import plate, replay

PROTOCOL = Path(play.__file__).with_name("js") / "protocol.js"
PLAYABLE = [entry.id for entry in games() if entry.playable]

SHAPES = {shape.__name__: shape for shape in (
    session.View, session.OfferedMove, session.Played, session.Refusal, session.Hint,
    play.PlayPage, play.PlayGame, play.ClauseLink, plate.Board, plate.Place, plate.Label,
    example.Replay, replay.Step)}
PAGES_OWN = {"Problem"}  # the worker's answer when a call fails: made and read by the JavaScript alone


def braced(text: str) -> tuple[str, str]:
    """``{type} rest`` → (type, rest), the type's own braces balanced."""
    depth = 0
    for at, letter in enumerate(text):
        depth += {"{": 1, "}": -1}.get(letter, 0)
        if depth == 0:
            return text[1:at], text[at + 1:].strip()
    raise ValueError(f"unbalanced braces in {text!r}")


def typedefs(text: str) -> tuple[dict[str, dict[str, tuple[str, bool]]], dict[str, str]]:
    """The ``@typedef {Object}`` shapes of the JSDoc comments (each key: its type, whether it
    may be missing), and the other typedefs (name: type)."""
    shapes: dict[str, dict[str, tuple[str, bool]]] = {}
    others: dict[str, str] = {}
    for comment in re.findall(r"/\*\*(.*?)\*/", text, re.S):
        current = None
        for tag, rest in re.findall(r"@(typedef|property)\s+(\{.*)", comment):
            kind, name = braced(rest)
            name = name.split()[0]
            if tag == "typedef":
                current = shapes.setdefault(name, {}) if kind == "Object" else None
                if kind != "Object":
                    others[name] = kind
            elif current is not None:
                current[name.strip("[]")] = (kind, name.startswith("["))
    return shapes, others


JS_SHAPES, JS_OTHERS = typedefs(PROTOCOL.read_text(encoding="utf-8"))


def nullable(hint) -> bool:
    return type(None) in typing.get_args(hint) or hint is type(None)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_each_shape_has_the_same_keys_on_both_sides_and_the_same_ones_may_be_missing(name):
    shape = SHAPES[name]
    python = {key: key in shape.__optional_keys__ for key in typing.get_type_hints(shape)}
    assert name in JS_SHAPES, f"protocol.js declares no @typedef {{Object}} {name}"
    assert {key: optional for key, (_, optional) in JS_SHAPES[name].items()} == python


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_same_keys_may_be_null_on_both_sides(name):
    hints = typing.get_type_hints(SHAPES[name])
    javascript = {key: kind.startswith("?") for key, (kind, _) in JS_SHAPES[name].items()}
    assert javascript == {key: nullable(hint) for key, hint in hints.items()}


def test_an_attempt_is_played_or_refused_on_both_sides():
    assert JS_OTHERS["Attempt"].replace(" ", "").split("|") == [s.__name__ for s in typing.get_args(session.Attempt)]


def test_every_object_the_javascript_declares_is_made_by_the_python_or_the_pages_own():
    assert set(JS_SHAPES) == set(SHAPES) | PAGES_OWN


def test_the_reading_of_the_typedefs_sees_keys_that_may_be_missing_or_null():
    """The reader itself: a typedef it misread would make the comparisons above pass for nothing."""
    shapes, others = typedefs("""/** @typedef {Object} T
        * @property {?string} a  said
        * @property {Object<string, {x: number}>} [b]
        * @typedef {T | U} V */""")
    assert shapes == {"T": {"a": ("?string", False), "b": ("Object<string, {x: number}>", True)}}
    assert others == {"V": "T | U"}
    assert set(JS_SHAPES["View"]) >= {"pass", "piles", "moves"} and JS_SHAPES["Hint"]["turn"] == ("boolean", True)


# -- what the session hands the page has the shapes it declares ----------------------------------
def problem(value, hint, where: str = "value") -> str | None:
    """Why ``value`` does not have the type ``hint`` (a TypedDict: exactly its keys), or None."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return f"{where} is not a dict"
        hints = typing.get_type_hints(hint)
        if not hint.__required_keys__ <= value.keys() <= hints.keys():
            return f"{where} has the keys {sorted(value)}, not those of {hint.__name__}"
        return next(filter(None, (problem(item, hints[key], f"{where}.{key}") for key, item in value.items())), None)
    if origin in (typing.Union, types.UnionType):
        return None if any(problem(value, arg) is None for arg in args) else f"{where}: {value!r} is not {hint}"
    if origin is typing.Literal:
        return None if value in args else f"{where}: {value!r} is not one of {args}"
    if origin is list:
        if not isinstance(value, list):
            return f"{where} is not a list"
        return next(filter(None, (problem(item, args[0], f"{where}[{i}]") for i, item in enumerate(value))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where} is not a dict"
        return next(filter(None, (problem(item, args[1], f"{where}[{key!r}]") for key, item in value.items())), None)
    wanted = (int, float) if hint is float else hint
    if isinstance(value, bool) and hint is not bool or not isinstance(value, wanted):
        return f"{where}: {value!r} is not {hint}"
    return None


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_type():
    move = {"n": 1, "kind": "move", "text": "t", "src": 0, "dst": 1, "reasons": ["a"]}
    assert problem(move, session.OfferedMove) is None
    assert problem({**move, "card": 3}, session.OfferedMove) is None
    assert "keys" in problem({k: v for k, v in move.items() if k != "n"}, session.OfferedMove)
    assert "keys" in problem({**move, "extra": 1}, session.OfferedMove)
    assert "reasons[0]" in problem({**move, "reasons": [1]}, session.OfferedMove)
    assert "is not" in problem({**move, "n": True}, session.OfferedMove)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_what_the_session_hands_the_page_has_the_declared_shapes(game_id):
    """Along the first moves of deal 2: each view, hint and refused or played attempt, the pack's card turned."""
    game = load_game(game_id)
    seen = Session(game, 2)
    for _ in range(12):
        view = seen.view()
        assert problem(view, session.View) is None
        assert problem(seen.hint(budget=50), session.Hint) is None
        for src, dst in ((0, 1), (1, 0), (len(view["piles"]) - 1, 1)):
            attempt = seen.attempt(src, dst)
            assert problem(attempt, session.Attempt) is None
            if attempt["played"]:
                seen.undo()
        seen.turn()
        moves = seen.view()["moves"]
        if not moves:
            break
        seen.play(moves[0]["n"])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_board_and_the_replay_have_the_declared_shapes(game_id):
    game = load_game(game_id)
    assert problem(plate.board(game), plate.Board) is None
    assert problem({**replay.record(game, 1), "board": plate.board(game)}, example.Replay) is None
