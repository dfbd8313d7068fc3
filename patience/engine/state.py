"""Game state (раскладка) and moves, with the journal that makes every move undoable.

Every change to a state in play goes through :func:`transfer`, :func:`replace` and
:func:`set_passes`, which journal it for undo and keep the position's Zobrist hash
(:attr:`State.zobrist`) up to date: the XOR of one 64-bit key per (pile, depth,
card) present and one for the pass, so that equal positions reached by different
move orders hash alike and a move changes the hash by a few XORs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

MASK = (1 << 64) - 1
_KEYS: dict[int, int] = {}  # Zobrist keys, made on first use: the index is (pile, depth, card)
_PASS = 1 << 40  # pass keys are indexed above every (pile, depth, card)


def mix(value: int) -> int:
    """SplitMix64's output function: a fixed, well-spread 64-bit key for ``value``."""
    z = (value * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def zkey(pile: int, depth: int, card: int) -> int:
    """The key of ``card`` lying ``depth`` cards from the bottom of ``pile``."""
    index = (pile << 24) | (depth << 12) | card
    return _KEYS.get(index) or _new_key(index)


def _new_key(index: int) -> int:
    key = _KEYS[index] = mix(index)
    return key


def pass_key(passes: int) -> int:
    return mix(_PASS | passes)


def pile_hash(pile: int, cards: list[int], start: int = 0) -> int:
    """The keys of the cards of ``pile`` from depth ``start`` up (after a move, usually just the top).
    The keys are looked up here rather than by :func:`zkey`: a call per card would cost more than the rest."""
    value, keys, base = 0, _KEYS, pile << 24
    for depth in range(start, len(cards)):
        index = base | (depth << 12) | cards[depth]
        value ^= keys.get(index) or _new_key(index)
    return value


def zobrist_of(piles: list[list[int]], passes: int) -> int:
    """The hash computed from scratch (what the incremental one must always equal)."""
    value = pass_key(passes)
    for pile, cards in enumerate(piles):
        value ^= pile_hash(pile, cards)
    return value


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

    The hash and the engine's indexes are made from the piles when first needed and
    then kept up to date by every move. Code that edits ``piles`` by hand after the
    engine has used the state calls :meth:`edited`.
    """

    piles: list[list[int]]
    key: str
    passes: int = 1
    history: list[tuple[Move, list[tuple]]] = field(default_factory=list)
    _zobrist: int | None = field(default=None, compare=False, repr=False)
    index: object = field(default=None, compare=False, repr=False)  # the Game's move index

    @property
    def zobrist(self) -> int:
        """The Zobrist hash of the position (piles, in order, and the pass)."""
        if self._zobrist is None:
            self._zobrist = zobrist_of(self.piles, self.passes)
        return self._zobrist

    def edited(self) -> None:
        """Forget what was derived from the piles: they were changed by hand."""
        self._zobrist = self.index = None

    def snapshot(self) -> tuple:
        """A hashable picture of the position (piles and pass), without history."""
        return (self.passes, tuple(tuple(pile) for pile in self.piles))

    def cards(self) -> list[int]:
        return [card for pile in self.piles for card in pile]

    def copy(self) -> State:
        """An independent copy (its history too, so the copy can be undone as far back)."""
        return State([list(pile) for pile in self.piles], self.key, self.passes, list(self.history), self._zobrist)


def transfer(state: State, ops: list, src: int, pos: int, dst: int) -> None:
    """Move the card at ``pos`` of ``src`` onto ``dst``, journalled."""
    source, target = state.piles[src], state.piles[dst]
    if state._zobrist is not None:
        state._zobrist ^= _moved_keys(src, source, pos, dst, len(target))
    target.append(source.pop(pos))
    ops.append(("mv", src, pos, dst))


def _moved_keys(src: int, source: list[int], pos: int, dst: int, depth: int) -> int:
    """What the hash changes by between the card at ``pos`` of ``source`` (pile ``src``) and
    the same card at ``depth`` of ``dst``: its two keys, and for each card above it (when a
    card is taken from under others) its keys one place apart. The keys are looked up here,
    as in :func:`pile_hash`, since a move makes this the engine's most frequent hashing."""
    keys, card, base = _KEYS, source[pos], src << 24
    here, there = base | (pos << 12) | card, (dst << 24) | (depth << 12) | card
    change = (keys.get(here) or _new_key(here)) ^ (keys.get(there) or _new_key(there))
    if pos + 1 < len(source):  # rarely: the card is taken from under others
        for above in range(pos + 1, len(source)):
            upper, lower = base | (above << 12) | source[above], base | ((above - 1) << 12) | source[above]
            change ^= (keys.get(upper) or _new_key(upper)) ^ (keys.get(lower) or _new_key(lower))
    return change


def replace(state: State, ops: list, pile: int, cards: list[int]) -> None:
    ops.append(("set", pile, state.piles[pile]))
    if state._zobrist is not None:
        state._zobrist ^= pile_hash(pile, state.piles[pile]) ^ pile_hash(pile, cards)
    state.piles[pile] = cards


def set_passes(state: State, ops: list, passes: int) -> None:
    ops.append(("pass", state.passes))
    if state._zobrist is not None:
        state._zobrist ^= pass_key(state.passes) ^ pass_key(passes)
    state.passes = passes


def reverse(state: State, ops: list) -> None:
    """Undo a journal, newest operation first (the hash is restored with it)."""
    for op in reversed(ops):
        if op[0] == "mv":
            _, src, pos, dst = op
            source, target = state.piles[src], state.piles[dst]
            source.insert(pos, target.pop())
            if state._zobrist is not None:  # the change transfer made, made again
                state._zobrist ^= _moved_keys(src, source, pos, dst, len(target))
        elif op[0] == "set":
            if state._zobrist is not None:
                state._zobrist ^= pile_hash(op[1], state.piles[op[1]]) ^ pile_hash(op[1], op[2])
            state.piles[op[1]] = op[2]
        else:
            if state._zobrist is not None:
                state._zobrist ^= pass_key(state.passes) ^ pass_key(op[1])
            state.passes = op[1]
