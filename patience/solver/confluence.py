"""Games where no choice matters (Sympathie): one line of play, followed to its end, decides.

In a game whose every move pairs a card with its one twin or turns a packet's next card up
onto its empty open place, no move ever takes another away: a pair's two cards stay open
until they are paired, a packet's next card waits until it is turned up, and whoever's turn
it is, the other partner plays when he cannot. So every line of play, followed until no move
is left, makes the same pairs and ends in the same position (but for which partner put a
pair aside); the deal is won exactly when one such line wins. :func:`reasons` checks the
conditions on the compiled rules; the argument is in ``docs/solver.md``.
"""

from __future__ import annotations

from functools import lru_cache

from patience.engine.game import Game
from patience.engine.state import Move, State


@lru_cache(maxsize=64)
def reasons(game: Game) -> tuple[str, ...]:
    """Why choices may matter in this game (empty: they never do)."""
    rules, why = game.rules, []
    if rules.flows or rules.builds or rules.spaces or rules.redeal or rules.deal_row or rules.by_colour:
        why.append("cards move by flows, marriages, spaces, rows or redeals")
    if not rules.pairs and not rules.turn_ups:
        why.append("no card is paired or turned up")
    for pair in rules.pairs:
        if pair.match != "same_card" or rules.packs != 2:
            why.append("a card may be paired with more than one other")
        if any(rules.areas[name].role == "foundation" for name in pair.to):
            why.append("pairs go to foundations, where their order matters")
    return tuple(why)


def decide(game: Game, state: State, limit: int = 100_000) -> tuple[str, list[Move]] | None:
    """``("won", line)`` or ``("lost", [])`` by playing the first legal move until none is
    left; None where choices may matter."""
    if reasons(game):
        return None
    board = state.copy()
    line: list[Move] = []
    while not game.is_won(board) and len(line) < limit:
        moves = game.legal_moves(board)
        if not moves:
            return "lost", []
        game.apply(board, moves[0])
        line.append(moves[0])
    return ("won", line) if game.is_won(board) else None
