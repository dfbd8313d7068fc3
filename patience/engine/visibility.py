"""What a player at the table sees (что видно игроку): the rule every view of a deal in
play goes through — the page's Play, ``patience play``, a hint, a refusal.

A pile lies face down as its area says (:func:`face_down`): the stock always, the
Duchess de Luynes's reserve until the pack is out, Sympathie's packets until a card
is turned up. The pack's next card is played in one step by the engine (``stock →
talon``), but at the table it is first *turned up* and only then placed: until the
player has turned it, its moves are not offered, and nothing names it — neither the
card, nor where it could go, nor how many places would take it. So that the list of
moves never betrays the pack, its moves come last in the player's order of the legal
moves (:func:`in_order`), which is how ``patience play`` and the page number them.

A card is named once it lies face up: a move just played names its card (it lies face
up where it went); a move offered names only cards in sight (:func:`describe`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience.engine.rules import STOCK
from patience.engine.state import Move, State

if TYPE_CHECKING:
    from patience.engine.game import Game

TURN_UP_NEXT = "turn up the next card of the stock"


def face_down(game: Game, pile: int) -> str:
    """When ``pile`` lies face down: ``never``, ``always`` (the stock), or ``while_stock``:
    until the stock is empty (the Duchess's reserve, played only then)."""
    area = game.rules.areas[game.rules.pile_area[pile]]
    if area.face != "down":
        return "never"
    return "always" if area.role == "stock" or area.available_when != "stock_empty" else "while_stock"


def hidden(game: Game, state: State, pile: int) -> bool:
    """Whether ``pile`` lies face down now (its cards are shown only as their number)."""
    when = face_down(game, pile)
    return when == "always" or (when == "while_stock" and bool(state.piles[STOCK]))


def from_pack(move: Move) -> bool:
    """A move of the pack's next card (which the player turns up before placing it)."""
    return move.kind == "move" and move.src == STOCK


def in_order(game: Game, state: State) -> list[Move]:
    """The legal moves as the player numbers them: the engine's order, the moves of the
    pack's next card last (so that, the card unturned, the list shows no gap)."""
    moves = game.legal_moves(state)
    return [m for m in moves if not from_pack(m)] + [m for m in moves if from_pack(m)]


def offered(game: Game, state: State, turned: bool) -> list[Move]:
    """The moves the player can see to make: all of them once the pack's card is turned up,
    else those of the cards in sight (the first of :func:`in_order`)."""
    moves = in_order(game, state)
    return moves if turned else [m for m in moves if not from_pack(m)]


def may_turn(game: Game, state: State, turned: bool) -> bool:
    """Whether the pack's next card can be turned up: there is one, not yet turned, and
    the rules let it go somewhere (else turning it would be a move the game has not)."""
    return not turned and any(from_pack(m) for m in game.legal_moves(state))


def in_sight(game: Game, state: State, pile: int, turned: bool) -> bool:
    """Whether the top card of ``pile`` is in sight: a face-up pile, or the pack once its
    next card is turned up."""
    return not hidden(game, state, pile) or (pile == STOCK and turned and bool(state.piles[STOCK]))


def describe(game: Game, state: State, move: Move, turned: bool = False) -> str:
    """The move in the notation of :meth:`Game.describe` where its cards are in sight;
    else without them: ``turn up first packet 3``, ``stock → talon`` (never offered: the
    pack's card is turned up first)."""
    if move.kind not in ("move", "turn_up", "pair") or all(
            in_sight(game, state, pile, turned) for pile in _sources(move)):
        return game.describe(move)
    if move.kind == "turn_up":
        return f"turn up {game.rules.pile_name(move.src)}"
    return f"{game.rules.pile_name(move.src)} → {game.rules.pile_name(move.dst)}"


def _sources(move: Move) -> tuple[int, ...]:
    return (move.src, move.src2) if move.kind == "pair" else (move.src,)
