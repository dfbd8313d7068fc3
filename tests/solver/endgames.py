"""Small positions for checking the solver: a real deal with most of its cards put up.

Cards that some foundation takes are moved onto it, at random, from wherever they
lie, until only ``left`` cards remain in play. The foundations stay as the rules
build them; the cards left are dealt anew over the piles in play at random, so
that some block one another and some positions are lost (a position need not be
reachable from a deal for two searches to agree on it). The tree of play is small
enough to search exhaustively.
"""

from __future__ import annotations

import random

from patience.engine.game import Game
from patience.engine.state import State


def endgame(game: Game, number: int, left: int, seed: int) -> State:
    state = game.deal(number)
    piles = [list(pile) for pile in state.piles]
    board = State(piles, f"{game.id}:{number}")
    chooser = random.Random(seed)
    in_play = [p for p in range(len(piles)) if game.rules.role(p) not in ("foundation", "aside")]
    while sum(len(piles[p]) for p in in_play) > left:
        offers = [(p, i, f) for p in in_play for i, card in enumerate(piles[p])
                  for f in game.rules.foundation
                  if game.accepts(board, f, card, game.rules.pile_area[p])]
        if not offers:
            break
        pile, index, foundation = chooser.choice(offers)
        piles[foundation].append(piles[pile].pop(index))
    cards = [card for p in in_play for card in piles[p]]
    for p in in_play:
        piles[p].clear()
    for card in cards:  # dealt anew at random, so that cards block one another
        piles[chooser.choice(in_play)].append(card)
    return State([list(pile) for pile in piles], board.key)


def exhaustive(game: Game, state: State, limit: int) -> bool | None:
    """Whether some line of play wins, trying every legal move (no table, no pruning;
    only a position repeated on the current line is cut, which never loses a win).
    None if more than ``limit`` positions were entered."""
    count = [0]
    path = {state.snapshot()}

    def wins() -> bool | None:
        if game.is_won(state):
            return True
        count[0] += 1
        if count[0] > limit:
            return None
        for move in game.legal_moves(state):
            game.apply(state, move)
            snapshot = state.snapshot()
            result = False
            if snapshot not in path:
                path.add(snapshot)
                result = wins()
                path.discard(snapshot)
            game.undo(state)
            if result is None or result:
                return result
        return False

    return wins()
