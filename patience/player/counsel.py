"""Counsel from guessed worlds (совѣтъ по догадкѣ): the solver asked about positions the
player cannot tell from the real one.

At a choice, the player deals the face-down cards at random into their places a few
times (:func:`patience.player.sight.world`: only their composition is read) and has the
solver's accelerator look for a win in each world within a small budget of positions.
Each world won gives one vote: the first move of its winning line, or *turn the pack*
if that line begins by turning; once the pack's card is turned (the player sees it,
and the worlds keep it on top), the vote is where that line lays it. The move with most
votes is played. A world's line knows that world's pack, which the real pack is not, so a
vote is a guess; what many worlds agree on is played, and where no world is won within
the budget the look-ahead of :mod:`patience.player.lookahead` decides.

The winning lines are kept while the game follows them: until a card is turned up, each
line that begins with the move played goes on voting with its next move, and no world
need be dealt again. Where the worlds are not won (early in a long game, most often),
asking again at once would mostly fail again: after each fruitless round the counsel
rests for twice as many choices as after the last, and is asked again at once after a
round that wins.
"""

from __future__ import annotations

from collections import Counter

from patience.engine import rng
from patience.engine.game import Game
from patience.engine.state import Move, State
from patience.player.sight import reveals, turns, world
from patience.solver import native

WORLDS, BUDGET = 4, 2000  # worlds dealt at each round, and the positions the solver may enter in each
AGREED = 2  # fewer winning lines than this still agreeing with the play: deal a new round
TURN = Move("turn")  # the vote of a line that begins by turning the pack


def available(game: Game) -> bool:
    """Whether the accelerator is here to be asked about this game (in the browser it is not)."""
    return native.available() and not native.unsupported(game)


class Counsel:
    """The worlds' votes over one game: the winning lines the play still follows, and the rest."""

    def __init__(self, game: Game, generator: rng.SplitMix64):
        self.game, self.generator = game, generator
        self.lines: list[list[Move]] = []  # the winning lines that agree with the play so far
        self.turned: list[list[Move]] = []  # the lines of the last round asked where a turned card goes
        self.rest = self.idle = 0  # choices to pass without asking, and passed so far
        self.positions = 0  # positions the solver entered, all rounds together

    def ballot(self, state: State) -> Counter:
        """The votes at ``state``: of the lines kept, or of a new round if too few are."""
        if len(self.lines) < AGREED and self._ask():
            self.lines = self.lines + self._round(state, turned=False)
            self._rested(bool(self.lines))
        return Counter(TURN if turns(self.game, line[0]) else line[0] for line in self.lines)

    def placing(self, state: State) -> Counter:
        """Where the worlds lay the pack's top card, just turned: a new round, its card on top."""
        self.turned = []
        if self._ask():
            self.turned = [line for line in self._round(state, turned=True) if turns(self.game, line[0])]
            self._rested(bool(self.turned))
        return Counter(line[0] for line in self.turned)

    def played(self, state: State, move: Move) -> None:
        """Note ``move``, about to be played in ``state``: the lines that began with it go on;
        the pack's card laid where a world's line lays it goes on with that line (the worlds
        had it on top); any other move that turns cards up ends every line (their worlds
        have been told apart)."""
        if turns(self.game, move):
            kept = self.turned
        elif reveals(self.game, state, move):
            kept = []
        else:
            kept = self.lines
        self.lines = [line[1:] for line in kept if line[0] == move and len(line) > 1]
        self.turned = []

    def _ask(self) -> bool:
        """Whether to deal a round now, or rest for this choice."""
        if self.idle < self.rest:
            self.idle += 1
            return False
        return True

    def _rested(self, won: bool) -> None:
        """After a round: ask again at once if it won, else rest twice as long as last time."""
        self.idle, self.rest = 0, 0 if won else max(1, 2 * self.rest)

    def _round(self, state: State, turned: bool) -> list[list[Move]]:
        """The winning lines of :data:`WORLDS` worlds alike to ``state``."""
        lines = []
        for _ in range(WORLDS):
            line = self._won_line(world(self.game, state, self.generator, turned))
            if line:
                lines.append(line)
        return lines

    def _won_line(self, guess: State) -> list[Move]:
        """The solver's winning line in ``guess``, or [] if it finds none within :data:`BUDGET`."""
        found = native.solve(self.game, guess, BUDGET)
        if found is None:
            return []
        outcome, positions, line = found
        self.positions += positions
        return line if outcome == "won" else []
