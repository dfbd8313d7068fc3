"""The engine's own player: simple, legal, and always reaching an end.

It prefers moves to the foundations, then cards brought into play from the pack
or talon, then marriages and spaces, then turning the pack, dealing and
redealing, and exchanges between foundations last (:func:`priority`, which the
solver's move ordering shares). A card turned onto the talon goes, if it can, on
a packet whose top card the foundations want later than this one, so that it
buries nothing wanted sooner. Remaining ties are broken by the deal's own PRNG
(key ``"<deal>:autoplay"``), so a game's autoplay is reproducible.

:func:`playout` is the loop every player shares (this one and the look-ahead
player of :mod:`patience.player.lookahead`): it never returns to a position it has
seen, which guarantees that it stops: won, blocked (no legal move), or out of new
positions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from patience.cards import rank_of, suit_of
from patience.engine import rng
from patience.engine.game import Game
from patience.engine.state import Move, State

PAIRED = ("pair", "turn_up")


@dataclass
class Playout:
    moves: list[Move]
    outcome: str  # won | blocked | no new position | move limit


Chooser = Callable[[State, list[Move], set], "Move | None"]


def playout(game: Game, state: State, choose: Chooser, max_moves: int) -> Playout:
    """Play ``state`` on to its end with ``choose(state, moves, seen)``, which returns
    a legal move leading to no position in ``seen``, or None; ``state`` is left at the
    final position."""
    seen = {state.snapshot()}
    played: list[Move] = []
    while len(played) < max_moves:
        if game.is_won(state):
            return Playout(played, "won")
        moves = game.legal_moves(state)
        if not moves:
            return Playout(played, "blocked")
        choice = choose(state, moves, seen)
        if choice is None:
            return Playout(played, "no new position")
        game.apply(state, choice)
        seen.add(state.snapshot())
        played.append(choice)
    return Playout(played, "move limit")


def priority(game: Game, move: Move) -> int:
    """How soon a move is tried, lowest first (see the module's docstring)."""
    if move.kind in PAIRED:
        return 0
    if move.kind == "deal_row":
        return 5
    if move.kind == "redeal":
        return 6
    role = game.rules.role
    target, source = role(move.dst), role(move.src)
    if source == "foundation":  # an exchange between foundations only when nothing else helps
        return 7
    if target == "foundation":
        return 0
    if target == "talon":
        return 4
    if source in ("stock", "talon"):
        return 1
    return 2


def need(game: Game, state: State, card: int) -> int:
    """How many cards some foundation still needs before it can take ``card`` (99: none)."""
    best = 99
    for pile, rule in game.rules.foundation.items():
        cards = state.piles[pile]
        if cards and rule.suit == "follow" and suit_of(cards[0]) != suit_of(card):
            continue
        remaining = rule.sequence[len(cards):]
        if rank_of(card) in remaining:
            best = min(best, remaining.index(rank_of(card)))
    return best


def _talon_cost(game: Game, state: State, move: Move) -> int:
    """Lay a card on a packet whose top is wanted later (it will not bury it), else a space."""
    if move.kind != "move" or game.rules.role(move.dst) != "talon":
        return 0
    pile = state.piles[move.dst]
    if not pile:
        return 50
    gap = need(game, state, pile[-1]) - need(game, state, move.card)
    return gap if gap >= 0 else 100 - gap


def autoplay(game: Game, state: State, max_moves: int = 20000) -> Playout:
    """Play ``state`` on to its end; ``state`` is left at the final position."""
    generator = rng.SplitMix64(rng.seed(f"{state.key}:autoplay"))

    def choose(state: State, moves: list[Move], seen: set) -> Move | None:
        ranked = sorted(moves, key=lambda m: (priority(game, m), _talon_cost(game, state, m),
                                              generator.below(1 << 16)))
        for move in ranked:
            game.apply(state, move)
            new = state.snapshot() not in seen
            game.undo(state)
            if new:
                return move
        return None

    return playout(game, state, choose, max_moves)
