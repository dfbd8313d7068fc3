"""Playing the Zodiac by its placement plan, as a player who counts the cards may.

In a game :mod:`patience.solver.placement` decides, the order of the pack does not matter,
only which cards it holds: the plan is made from a :func:`~patience.player.sight.world`
(the face-down cards in an order of its own), so it reads nothing the player cannot know.
What the player takes from it is *where each card is to end*: the cards each packet of
the zodiac is married, in order, and the cards the holding places (the equator) keep.
It then plays the cards as they come: a card a packet wants next is married there; one
the plan keeps goes on a free holding place; any other goes to the talon; the pack is
turned only when no card in sight can be placed so. Once every card is placed nothing
is face down any more, and the peel is the plan's, made from the position itself.
"""

from __future__ import annotations

from collections import Counter

from patience.cards import rank_of, suit_of
from patience.engine.game import Game
from patience.engine.rules import STOCK
from patience.engine.state import Move, State
from patience.player.sight import turns
from patience.solver import placement


def _identity(card: int) -> tuple[int, int]:
    return suit_of(card), rank_of(card)


class PlacementPolicy:
    """Where the plan made from a world puts each card, and the moves that follow it."""

    def __init__(self, game: Game, world: State, line: list[Move]):
        self.game = game
        form = placement.shape(game)
        assert form is not None, "a placement policy is made only for a game of placement"
        self.form: placement.Shape = form
        packets, holders = set(self.form.packets), set(self.form.holders)
        self.base = {pile: len(world.piles[pile]) for pile in packets}  # cards before the plan's marriages
        self.marriages: dict[int, list[tuple[int, int]]] = {pile: [] for pile in packets}
        held = {pile: world.piles[pile][-1] for pile in holders if world.piles[pile]}
        for move in line:
            if move.kind == "move" and self.game.rules.role(move.dst) == "foundation":
                break  # the layout is complete: the peel begins
            if move.dst in packets:
                self.marriages[move.dst].append(_identity(move.card))
            if move.src in held:
                del held[move.src]
            if move.dst in holders:
                held[move.dst] = move.card
        self.kept = Counter(_identity(card) for card in held.values())
        self.peel: list[Move] = []

    @classmethod
    def planned(cls, game: Game, world: State) -> PlacementPolicy | None:
        """The policy of the plan for ``world``, or None where there is no winning plan."""
        plan = placement.decide(game, world)
        if plan is None or not plan.line:
            return None
        return cls(game, world, plan.line)

    def choose(self, state: State, moves: list[Move]) -> Move | None:
        """The move the plan calls for in ``state`` (None: the plan has nothing to say)."""
        if self.peel or self._placed(state):
            return self._peeled(state, moves)
        for move in moves:
            if not turns(self.game, move) and move.kind == "move" and self._endorses(state, move):
                return move
        turning = [move for move in moves if turns(self.game, move)]
        if turning:  # the pack's next card is turned: it goes where the plan wants it
            return next((move for move in turning if self._endorses(state, move)), None)
        return next((move for move in moves if move.kind == "redeal"), None)

    def _placed(self, state: State) -> bool:
        return not any(state.piles[pile] for pile in self.form.reservoir)

    def _peeled(self, state: State, moves: list[Move]) -> Move | None:
        """Nothing is face down any more: the peel of the plan made from the position."""
        if not self.peel:
            plan = placement.decide(self.game, state)
            if plan is None or not plan.line:
                return None
            self.peel = list(reversed(plan.line))
        move = self.peel.pop()
        return move if move in moves else None

    def _endorses(self, state: State, move: Move) -> bool:
        """Whether the plan lays ``move.card`` where ``move`` does: married on a packet that
        wants it next (from a holding place only if more are held than kept), on a free
        holding place if the plan keeps more of it, or, from the pack, on the talon (the pack's
        moves are listed with the holding places first, so a card kept goes there when it may)."""
        identity, holders = _identity(move.card), self.form.holders
        wanted = self._wanted(state)
        if move.dst in self.marriages:
            return wanted.get(move.dst) == identity and (move.src not in holders or self._held(state, identity) >
                                                          self.kept[identity])
        if move.src in holders:
            return False
        keeps = self._held(state, identity) < self.kept[identity]
        if move.dst in holders:
            return identity not in wanted.values() and keeps
        # To the talon: a card placed nowhere now, or one to keep while the talon bars the pack
        # from the holding places (a space takes the pack's card only with no talon): from the
        # talon's top it then goes to its place.
        return move.src == STOCK and identity not in wanted.values()

    def _wanted(self, state: State) -> dict[int, tuple[int, int]]:
        """The card each packet is to be married next."""
        wanted = {}
        for pile, identities in self.marriages.items():
            married = len(state.piles[pile]) - self.base[pile]
            if married < len(identities):
                wanted[pile] = identities[married]
        return wanted

    def _held(self, state: State, identity: tuple[int, int]) -> int:
        return sum(1 for pile in self.form.holders if state.piles[pile] and _identity(state.piles[pile][-1]) == identity)
