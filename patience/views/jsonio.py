"""JSON for states and moves: piles by their readable names, cards by their codes.

A state: ``{"game": "sultan", "key": "sultan:7", "pass": 1, "piles": {"stock":
["7♣/2", …], "talon": […], …}}`` with every pile listed bottom card first. A move:
``{"kind": "move", "card": "7♣/2", "from": "talon", "to": "king foundation 3"}``,
or ``{"kind": "deal_row"}`` / ``{"kind": "redeal"}``.
"""

from __future__ import annotations

from patience.cards import card_code, parse_card
from patience.engine.game import Game, position
from patience.engine.state import Move, State


def state_to_json(game: Game, state: State) -> dict:
    return {
        "game": game.id,
        "key": state.key,
        "pass": state.passes,
        "piles": {game.rules.pile_name(p): [card_code(c) for c in cards] for p, cards in enumerate(state.piles)},
        "won": game.is_won(state),
    }


def state_from_json(game: Game, data: dict) -> State:
    """The state ``data`` describes; every card of the packs must appear exactly once."""
    if data.get("game") != game.id:
        raise ValueError(f"this state is of game {data.get('game')!r}, not {game.id!r}")
    piles = dict(data["piles"])
    stock = piles.pop("stock", [])
    state = position(game, piles, data.get("key", "position"), data.get("pass", 1))
    listed = [parse_card(code) for code in stock]
    if sorted(listed) != sorted(state.piles[0]):
        raise ValueError("the stock does not hold exactly the cards missing from the other piles")
    state.piles[0] = listed
    return state


CARD_MOVES = ("move", "pair", "pair_ahead", "turn_up")


def move_to_json(game: Game, move: Move) -> dict:
    """A pair adds ``card2``, ``from2``, ``to2``; a pair laid ahead adds ``card2``, the card
    it is laid on (at ``to``); ``turn_up`` is written like a move."""
    if move.kind not in CARD_MOVES:
        return {"kind": move.kind}
    data = {"kind": move.kind, "card": card_code(move.card),
            "from": game.rules.pile_name(move.src), "to": game.rules.pile_name(move.dst)}
    if move.kind == "pair":
        data.update({"card2": card_code(move.card2), "from2": game.rules.pile_name(move.src2),
                     "to2": game.rules.pile_name(move.dst2)})
    if move.kind == "pair_ahead":
        data["card2"] = card_code(move.card2)
    return data


def move_from_json(game: Game, data: dict) -> Move:
    kind = data.get("kind")
    if kind not in CARD_MOVES:
        return Move(data.get("kind", "?"))
    names = {game.rules.pile_name(p): p for p in range(len(game.rules.pile_area))}
    try:
        second: tuple = ()
        if kind == "pair":
            second = (parse_card(data["card2"]), names[data["from2"]], names[data["to2"]])
        elif kind == "pair_ahead":
            second = (parse_card(data["card2"]),)
        return Move(kind, parse_card(data["card"]), names[data["from"]], names[data["to"]], *second)
    except KeyError as error:
        raise ValueError(f"move names no pile or card {error}") from None
