"""Whether a mutant plays like its spec: the evidence behind an *equivalent* verdict.

Both games are played in lockstep from the same numbered deals, along three lines of
play: uniformly random moves (:data:`RANDOM_MOVES` at most), the look-ahead player's
moves (:func:`patience.player.play`) and the solver's winning line
(:func:`patience.solver.solve`, :data:`SOLVER_BUDGET` positions), the last two found once
on the spec and replayed in the mutant. At every position the two must offer the same
legal moves, agree whether the game is won and whether it is blocked, and show the
player the same cards (:mod:`patience.engine.looking`); after every move their piles
and pass must agree. Then come end positions: every card on the foundations, and every
card but one, left in a pile of each area in play; the two must agree whether each is
won. Last, the end of a won game as the spec's foundations build it, and the position
one move before, the last card of a foundation back in an area that sends it there:
there the two must play alike, as at every position of a line (the Constitution's
foundations ending with the tens instead of the knaves show only there). It is sampled
evidence, not a proof.

Two readings that cannot change play are compared as the same: a pair's two cards in
either order, and the cards of a set-aside pile in any order (no move takes them; a
move that did would show in the legal moves).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from patience.claims.support import built_end_positions, end_positions
from patience.engine import looking, rng
from patience.engine.actions import PAIR
from patience.engine.game import Game
from patience.engine.state import Move, State

DEALS = range(40)
RANDOM_MOVES = 250
SOLVER_BUDGET = 1500


@dataclass
class Lines:
    """The spec's own lines of play on each sampled deal: the player's moves, and the
    solver's winning line where it found one within its budget."""

    player: dict[int, list[Move]] = field(default_factory=dict)
    solver: dict[int, list[Move]] = field(default_factory=dict)


def lines_of(game: Game, deals=DEALS) -> Lines:
    from patience.player import play
    from patience.solver import solve

    found = Lines()
    for number in deals:
        found.player[number] = play(game, game.deal(number), max_moves=RANDOM_MOVES * 2).moves
        solution = solve(game, game.deal(number), SOLVER_BUDGET)
        found.solver[number] = solution.line if solution.outcome == "won" else []
    return found


def plays_differently(original: Game, mutant: Game, lines: Lines | None = None, deals=DEALS) -> str | None:
    """The first difference in play between the two games, or ``None``; ``lines`` are the
    original's player and solver lines (found here when not given)."""
    if len(original.rules.pile_area) != len(mutant.rules.pile_area):
        return "the piles differ"
    for number in deals:
        difference = _random_line(original, mutant, number)
        if difference:
            return difference
    lines = lines or lines_of(original, deals)
    for kind, by_deal in (("player", lines.player), ("solver", lines.solver)):
        for number, line in by_deal.items():
            difference = _line(original, mutant, number, kind, line)
            if difference:
                return difference
    return _end_positions(original, mutant)


def _random_line(original: Game, mutant: Game, number: int) -> str | None:
    generator = rng.SplitMix64(rng.seed(f"{original.id}:{number}:equivalence"))
    return _lockstep(original, mutant, number, "random line",
                     lambda step, moves: moves[generator.below(len(moves))] if step < RANDOM_MOVES else None)


def _line(original: Game, mutant: Game, number: int, kind: str, line: list[Move]) -> str | None:
    return _lockstep(original, mutant, number, f"{kind}'s line",
                     lambda step, moves: line[step] if step < len(line) else None)


def _lockstep(original: Game, mutant: Game, number: int, kind: str, choose) -> str | None:
    """Deal ``number`` in both games and play ``choose(step, legal moves)`` in both until it
    gives None or no move is left, comparing every position and the piles after every move."""
    first, second = original.deal(number), mutant.deal(number)
    if not _same_piles(original, first, second):
        return f"deal {number} lays out differently"
    step = 0
    while True:
        moves, others = original.legal_moves(first), mutant.legal_moves(second)
        difference = _position_differs(original, mutant, first, second, moves, others)
        if difference:
            return f"deal {number}, {kind}, move {step}: {difference}"
        chosen = choose(step, moves) if moves else None
        if chosen is None:
            return None
        twin = chosen if moves == others else next(m for m in others if _as_played(m) == _as_played(chosen))
        original.apply(first, chosen)
        mutant.apply(second, twin)
        if not _same_piles(original, first, second):
            return f"deal {number}, {kind}, after {original.describe(chosen)}: the piles differ"
        step += 1


def _position_differs(original: Game, mutant: Game, first: State, second: State, moves: list[Move],
                      others: list[Move]) -> str | None:
    """How one position plays differently in the two games (its legal moves, won or
    blocked, what the player sees), or None."""
    if moves != others:  # the same moves listed in another order are the same play
        played, playing = {_as_played(m): m for m in moves}, {_as_played(m): m for m in others}
        if set(played) != set(playing):
            extra = next(iter(set(played) ^ set(playing)))
            return f"only one game allows {original.describe((played | playing)[extra])}"
    won = original.is_won(first)
    if won != mutant.is_won(second):
        return "won in one game only"
    if (not moves and not won) != mutant.is_blocked(second):
        return "blocked in one game only"
    if (original.looking_piles or mutant.looking_piles) and _seen(original, first) != _seen(mutant, second):
        return "the player sees different cards"
    return None


def _same_piles(game: Game, first: State, second: State) -> bool:
    if first.passes != second.passes:
        return False
    return first.piles == second.piles or _laid(game, first.piles) == _laid(game, second.piles)


def _end_positions(original: Game, mutant: Game) -> str | None:
    """The two games must agree whether each end position (:func:`end_positions`) is won,
    and play alike in the last positions of a won game (:func:`built_end_positions`)."""
    for label, state in end_positions(original):
        if original.is_won(state) != mutant.is_won(_copy(state)):
            return f"end position, {label}: won in one game only"
    for label, state in built_end_positions(original):
        twin = _copy(state)
        difference = _position_differs(original, mutant, state, twin, original.legal_moves(state),
                                       mutant.legal_moves(twin))
        if difference:
            return f"end position, {label}: {difference}"
    return None


def _copy(state: State) -> State:
    return State([list(cards) for cards in state.piles], state.key)


def _seen(game: Game, state: State) -> list[int | None]:
    return [looking.seen(game, state, pile) for pile in game.looking_piles]


def _as_played(move: Move) -> Move:
    """A pair's two cards in one order, whichever group the clause names first."""
    if move.kind != PAIR:
        return move
    swapped = move._replace(card=move.card2, src=move.src2, dst=move.dst2,
                            card2=move.card, src2=move.src, dst2=move.dst)
    return min(move, swapped)


def _laid(game: Game, piles: list[list[int]]) -> list[list[int]]:
    """The piles, each set-aside pile's cards in a fixed order."""
    rules = game.rules
    return [sorted(cards) if rules.role(pile) == "aside" else cards
            for pile, cards in enumerate(piles)]
