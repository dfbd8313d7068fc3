"""Nothing the player cannot see: over random positions of every game, what Play and
``patience play`` show names no face-down card, and does not change when the face-down
cards are shuffled among their places (so it cannot betray them in any other way either:
not by which moves are offered, nor by where the pack's next card could go)."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.cards import card_name
from patience.cli import main as patience_main
from patience.engine.rules import STOCK
from patience.engine.visibility import hidden, in_order
from patience.rulespec.compile import games, load_game
from patience.session import Session
from patience.views.render import render

PLAYABLE = [entry.id for entry in games() if entry.playable]
CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(game_id: str, deal: int, steps: int, seed: int, turn: bool) -> Session:
    """Deal ``deal`` played on by ``steps`` random legal moves (in the player's order)."""
    session = Session(load_game(game_id), deal)
    chooser = random.Random(seed)
    for _ in range(steps):
        moves = in_order(session.game, session.state)
        if not moves:
            break
        session.play(chooser.randrange(len(moves)) + 1)
    if turn:
        session.turn()
    return session


def seen(session: Session) -> set[str]:
    """The names of the cards the player sees: the face-up piles, the pack's card once turned."""
    game, state = session.game, session.state
    names = {card_name(c) for p, cards in enumerate(state.piles) if not hidden(game, state, p) for c in cards}
    if session.turned:
        names.add(card_name(state.piles[STOCK][-1]))
    return names


def shown(session: Session, seed: int) -> list:
    """Everything a view of the position shows: the view, the layout, and the refusals of
    attempts from and to random piles (made on the session, then taken back; not from the
    pack while its card is face down, as that turns the card up)."""
    outputs = [session.view(), render(session.game, session.state, session.turned)]
    chooser = random.Random(seed)
    piles = len(session.state.piles)
    for _ in range(12):
        src, dst = chooser.randrange(piles), chooser.randrange(piles)
        if src == STOCK and not session.turned:
            continue
        turned, before = session._turned, len(session.played)
        result = session.attempt(src, dst)
        outputs.append(result)
        if len(session.played) > before:
            session.undo()
        session._turned = turned  # the pack's card is put back as it was if the move took it
    return outputs


def shuffled_twin(session: Session, seed: int) -> Session:
    """The same position with its face-down cards shuffled among their places (the pack's
    card kept if it lies turned up): a player could not tell the two apart."""
    twin = Session(session.game, session.number)
    twin.replay(session.played)
    twin._turned = session._turned
    game, state = twin.game, twin.state
    places = [(p, depth) for p, cards in enumerate(state.piles) if hidden(game, state, p)
              for depth in range(len(cards)) if not (p == STOCK and twin.turned and depth == len(cards) - 1)]
    cards = [state.piles[p][depth] for p, depth in places]
    random.Random(seed).shuffle(cards)
    for (p, depth), card in zip(places, cards):
        state.piles[p][depth] = card
    state.edited()
    return twin


@pytest.mark.parametrize("game_id", PLAYABLE)
@SETTINGS
@given(deal=st.integers(0, 10**6), steps=st.integers(0, 120), seed=st.integers(0, 2**32), turn=st.booleans())
def test_no_view_names_a_face_down_card(game_id, deal, steps, seed, turn):
    session = position(game_id, deal, steps, seed, turn)
    visible = seen(session)
    outputs = shown(session, seed)
    outputs.append(session.hint(budget=50))
    named = set(CARD.findall(json.dumps(outputs, ensure_ascii=False)))
    assert named <= visible, named - visible
    view = outputs[0]
    if not session.turned:
        assert all(move["src"] != STOCK or move["kind"] != "move" for move in view["moves"])
    ids = {c for p, cards in enumerate(session.state.piles) if not hidden(session.game, session.state, p) for c in cards}
    if session.turned:
        ids.add(session.state.piles[STOCK][-1])
    for move in view["moves"]:
        assert {move.get("card", -1), move.get("card2", -1)} - {-1} <= ids, move


@pytest.mark.parametrize("game_id", PLAYABLE)
@SETTINGS
@given(deal=st.integers(0, 10**6), steps=st.integers(0, 120), seed=st.integers(0, 2**32), turn=st.booleans())
def test_what_is_shown_does_not_change_when_the_face_down_cards_are_shuffled(game_id, deal, steps, seed, turn):
    session = position(game_id, deal, steps, seed, turn)
    twin = shuffled_twin(session, seed)
    assert shown(twin, seed) == shown(session, seed)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_patience_play_names_no_face_down_card(game_id, monkeypatch, capsys):
    """A transcript of ``patience play``: forty moves typed from what it offers, turning
    the pack's card up whenever it is offered, then undone; every card it names was in
    sight when it named it (the layout printed just before)."""
    game = load_game(game_id)
    session = Session(game, 5)
    typed, chooser = [], random.Random(5)
    for _ in range(40):
        view = session.view()
        if view["turn"] and chooser.random() < 0.5:
            typed.append("t")
            session.turn()
        elif view["moves"]:
            number = chooser.choice(view["moves"])["n"]
            typed.append(str(number))
            session.play(number)
        else:
            break
    typed += ["u", "u", "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    assert patience_main(["play", game_id, "5"]) == 0
    transcript = capsys.readouterr().out
    for block in transcript.split("Move? ")[1:]:
        lines = block.splitlines()[1:]  # the answer typed, then what it printed
        layout = {name for line in lines if not line.lstrip()[:3].rstrip(")").isdigit() for name in CARD.findall(line)}
        for line in lines:
            if line.lstrip()[:3].rstrip(")").isdigit():  # an offered move: "  12) 7♣ talon 2 → foundation 3"
                assert set(CARD.findall(line)) <= layout, (line, block)
    assert "face down]" in transcript


def test_a_card_dragged_from_the_pack_is_turned_up_on_the_way():
    session = Session(load_game("calculation"), 3)
    talon = session.game.rules.piles_of("talon")[0]
    assert session.view()["moves"] == [] and session.view()["turn"]
    assert session.attempt(STOCK, talon) == {"played": True}
    foundation = session.game.rules.piles_of("foundation")[0]
    refused = session.attempt(STOCK, foundation)
    assert refused["played"] is False and session.turned
    assert refused["move"].startswith(card_name(session.state.piles[STOCK][-1]) + " stock → ")
    assert refused["clause"] == "foundations"
