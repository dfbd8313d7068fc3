"""Engine speed per game: legal-move generation with apply/undo, and random playouts.

Run as pytest-benchmark::

    python -m pytest benchmarks/bench_engine.py -o addopts=""

(the project's default options skip benchmarks)

or as a script printing the table quoted in docs/spec-language.md::

    python benchmarks/bench_engine.py

A *step* is one ``legal_moves`` call, then ``apply`` and ``undo`` of one of the
moves it returned, on positions met along random playouts. A *playout* deals a
numbered deal and plays uniformly random legal moves until the game is won, no
move is left, or 2,000 moves have been made (counted separately as timeouts,
since the random player can wander back and forth in Napoleon's Square).
"""

from __future__ import annotations

import sys
import time

import pytest

from patience.engine import games, load_game
from patience.engine.rng import SplitMix64, seed

MOVE_CAP = 2000
GAME_IDS = [entry.id for entry in games() if entry.playable]


def sample_positions(game, count=200):
    """Positions met along random playouts of deals 1, 2, …"""
    positions, number = [], 1
    while len(positions) < count:
        state, generator = game.deal(number), SplitMix64(seed(f"bench:{number}"))
        for _ in range(60):
            moves = game.legal_moves(state)
            if not moves:
                break
            positions.append(state.copy())
            game.apply(state, moves[generator.below(len(moves))])
        number += 1
    return positions[:count]


def steps(game, positions, generator):
    for state in positions:
        moves = game.legal_moves(state)
        game.apply(state, moves[generator.below(len(moves))])
        game.undo(state)


def playout(game, number):
    state, generator = game.deal(number), SplitMix64(seed(f"bench:playout:{number}"))
    for made in range(MOVE_CAP):
        moves = game.legal_moves(state)
        if not moves:
            return "won" if game.is_won(state) else "blocked"
        game.apply(state, moves[generator.below(len(moves))])
    return "timeout"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_steps(benchmark, game_id):
    game = load_game(game_id)
    positions = sample_positions(game)
    benchmark(steps, game, positions, SplitMix64(1))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_playouts(benchmark, game_id):
    game = load_game(game_id)
    numbers = iter(range(10**9))
    benchmark(lambda: playout(game, next(numbers)))


def table(playouts: int = 100) -> str:
    rows = ["| game | steps/s (legal moves + apply + undo) | playouts/s | won / blocked / timeout |",
            "|---|---:|---:|---|"]
    for game_id in GAME_IDS:
        game = load_game(game_id)
        positions = sample_positions(game)
        start = time.perf_counter()
        for _ in range(5):
            steps(game, positions, SplitMix64(1))
        step_rate = 5 * len(positions) / (time.perf_counter() - start)
        outcomes = {"won": 0, "blocked": 0, "timeout": 0}
        start = time.perf_counter()
        for number in range(playouts):
            outcomes[playout(game, number)] += 1
        playout_rate = playouts / (time.perf_counter() - start)
        rows.append(f"| `{game_id}` | {step_rate:,.0f} | {playout_rate:,.1f} | "
                    f"{outcomes['won']} / {outcomes['blocked']} / {outcomes['timeout']} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table(int(sys.argv[1]) if len(sys.argv) > 1 else 100))
