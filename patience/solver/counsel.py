"""Counsel from guessed worlds (совѣтъ по догадкѣ): the solver asked about positions the
player cannot tell from the real one.

At a choice, the player deals the face-down cards at random into their places a few
times (:func:`patience.solver.sight.world`: only their composition is read) and has the
solver's accelerator look for a win in each world within a small budget of positions.
Each world won gives one vote: the first move of its winning line, or *turn the pack*
if that line begins by turning; once the pack's card is turned (the player sees it,
and the worlds keep it on top), the vote is where that line lays it. The move with most
votes is played. A world's line knows that world's pack, which the real pack is not, so a
vote is a guess; what many worlds agree on is played, and where no world is won within
the budget the look-ahead of :mod:`patience.solver.player` decides.
"""

from __future__ import annotations

from collections import Counter

from patience.engine import rng
from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.solver import native
from patience.solver.sight import turns, world

WORLDS, BUDGET = 4, 2000  # worlds dealt at each choice, and the positions the solver may enter in each
TURN = Move("turn")  # the vote of a line that begins by turning the pack


def available(game: Game) -> bool:
    """Whether the accelerator is here to be asked about this game (in the browser it is not)."""
    return native.available() and not native.unsupported(game)


def votes(game: Game, state: State, generator: rng.SplitMix64, turned: bool) -> Counter:
    """The votes of :data:`WORLDS` worlds alike to ``state`` (``turned``: its pack's top card
    has just been turned, and only where it goes is asked)."""
    ballot: Counter = Counter()
    for _ in range(WORLDS):
        line = _won_line(game, world(game, state, generator, turned))
        if turned:
            first = next((move for move in line if turns(game, move)), None)
            if first is not None:
                ballot[first] += 1
        elif line:
            ballot[TURN if turns(game, line[0]) else line[0]] += 1
    return ballot


def _won_line(game: Game, guess: State) -> list[Move]:
    """The solver's winning line in ``guess``, or [] if it finds none within :data:`BUDGET`."""
    try:
        found = native.solve(game, guess, BUDGET)
    except SystemError:  # the accelerator's fault on a redeal whose first gathered pile is empty
        return []
    if found is None or found[0] != "won":
        return []
    return found[2]
