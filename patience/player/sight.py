"""What a player at the table knows (что видитъ игрокъ): every face-up card, and which
cards lie face down, but not in what order.

The face-down piles are those :func:`patience.engine.visibility.hidden` names: the pack, and
the Duchess's reserve until the pack is out. Counting the cards that are not in sight
is fair (the packs are known, and so is every card that is), so the player knows the
*composition* of the face-down cards; their order is what it must not know. A
:func:`world` is a position the player cannot tell from the real one: the face-down
cards dealt again at random into their places. Whatever the player computes from
worlds alone cannot depend on the order of the real face-down cards.
"""

from __future__ import annotations

from patience.engine import rng
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import Move, State
from patience.engine.visibility import hidden


def hidden_places(game: Game, state: State, turned: bool = False) -> list[tuple[int, int]]:
    """The (pile, depth) of every face-down card; ``turned``: but the pack's top card,
    which the player has just turned and so sees."""
    places: list[tuple[int, int]] = []
    for pile, cards in enumerate(state.piles):
        if hidden(game, state, pile):
            depth = len(cards) - 1 if turned and pile == STOCK and cards else len(cards)
            places.extend((pile, index) for index in range(depth))
    return places


def hidden_count(game: Game, state: State) -> int:
    """How many cards lie face down (a move that changes it turns cards up)."""
    return sum(len(cards) for pile, cards in enumerate(state.piles) if hidden(game, state, pile))


def world(game: Game, state: State, generator: rng.SplitMix64, turned: bool = False) -> State:
    """A position alike to ``state`` in every card the player sees, its face-down cards
    (but the pack's top card, if ``turned``) dealt into their places in an order drawn
    from ``generator``. Only their composition is read (sorted before the draw), so the
    world does not depend on their real order. Its key is a new one, so a shuffled redeal
    in it is drawn afresh too."""
    piles = [list(cards) for cards in state.piles]
    places = hidden_places(game, state, turned)
    unseen = sorted(piles[pile][depth] for pile, depth in places)
    for i in range(len(unseen) - 1, 0, -1):
        j = generator.below(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    for (pile, depth), card in zip(places, unseen):
        piles[pile][depth] = card
    return State(piles, f"{state.key}:world:{generator.next()}", state.passes)


def turns(game: Game, move: Move) -> bool:
    """Whether ``move`` turns the pack's next card (it is laid down in the same move)."""
    return move.src == STOCK and move.kind == "move"


def reveals(game: Game, state: State, move: Move) -> bool:
    """Whether playing ``move`` turns up a card the player has not seen (the pack's next
    card, a row dealt, a redeal, a packet turned up, a space filled at once from the pack,
    the Duchess's reserve once the pack is out)."""
    if move.kind in ("deal_row", "redeal", "turn_up") or turns(game, move):
        return True
    before = hidden_count(game, state)
    game.apply_listed(state, move)
    try:
        return hidden_count(game, state) != before
    finally:
        game.undo(state)
