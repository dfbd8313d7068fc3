"""Game state (раскладка) and moves, with the journal that makes every move undoable.

Every change to a state in play goes through :func:`transfer`, :func:`replace` and
:func:`set_passes`, which journal it so that :func:`reverse` can undo it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from patience.engine.index import MoveIndex


class Move(NamedTuple):
    """One legal action (a named tuple: cheap to make and to compare).

    ``kind`` is ``move`` (one card from pile ``src`` to pile ``dst``), ``deal_row``
    (deal the next row from the stock, as in the Duchess de Luynes) or ``redeal``
    (gather the piles the spec names into a new stock), ``pair`` (two cards at once:
    ``card`` from ``src`` to ``dst`` and ``card2`` from ``src2`` to ``dst2``) or
    ``turn_up`` (a packet's top card turned up onto its open place ``dst``).
    """

    kind: str
    card: int = -1
    src: int = -1
    dst: int = -1
    card2: int = -1
    src2: int = -1
    dst2: int = -1


_new_tuple = tuple.__new__


def card_move(card: int, src: int, dst: int) -> Move:
    """``Move("move", card, src, dst)``, made without the named tuple's handling of
    defaults (a third of the cost, and move generation makes many)."""
    return _new_tuple(Move, ("move", card, src, dst, -1, -1, -1))


class IllegalMove(ValueError):
    """A move the rules do not allow in this state; the state is left unchanged."""


@dataclass
class State:
    """The piles of a deal in play (each a list of card ids, bottom first) and its history.

    ``passes`` counts the deals through the pack (1 before any redeal); ``key`` is
    the deal's name (``"sultan:7"``) from which redeal shuffles are seeded.
    ``history`` holds, for every applied move, the elementary operations it made,
    so that :meth:`Game.undo` can reverse them exactly.

    The engine's index is made from the piles when first needed and then kept up to
    date by every move. Code that edits ``piles`` by hand after the
    engine has used the state calls :meth:`edited`.
    """

    piles: list[list[int]]
    key: str
    passes: int = 1
    history: list[tuple[Move, list[tuple]]] = field(default_factory=list)
    index: MoveIndex | None = field(default=None, compare=False, repr=False)  # the Game's move index

    def edited(self) -> None:
        """Forget what was derived from the piles: they were changed by hand."""
        self.index = None

    def snapshot(self) -> tuple:
        """A hashable picture of the position (piles and pass), without history."""
        return (self.passes, tuple(tuple(pile) for pile in self.piles))

    def cards(self) -> list[int]:
        return [card for pile in self.piles for card in pile]

    def copy(self) -> State:
        """An independent copy (its history too, so the copy can be undone as far back)."""
        return State([list(pile) for pile in self.piles], self.key, self.passes, list(self.history))


def transfer(state: State, ops: list, src: int, pos: int, dst: int) -> None:
    """Move the card at ``pos`` of ``src`` onto ``dst``, journalled."""
    source, target = state.piles[src], state.piles[dst]
    target.append(source.pop(pos))
    ops.append(("mv", src, pos, dst))


def replace(state: State, ops: list, pile: int, cards: list[int]) -> None:
    ops.append(("set", pile, state.piles[pile]))
    state.piles[pile] = cards


def set_passes(state: State, ops: list, passes: int) -> None:
    ops.append(("pass", state.passes))
    state.passes = passes


def reverse(state: State, ops: list) -> None:
    """Undo a journal, newest operation first."""
    for op in reversed(ops):
        if op[0] == "mv":
            _, src, pos, dst = op
            source, target = state.piles[src], state.piles[dst]
            source.insert(pos, target.pop())
        elif op[0] == "set":
            state.piles[op[1]] = op[2]
        else:
            state.passes = op[1]
