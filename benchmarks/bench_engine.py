"""Engine speed per game, side by side with the engine of a pinned commit.

Run as a script (the table quoted in docs/spec-language.md)::

    python benchmarks/bench_engine.py [--playouts N] [--repeat N] [--base COMMIT] [GAME ...]

or as pytest-benchmark (this engine only; the project's default options skip benchmarks)::

    python -m pytest benchmarks/bench_engine.py -o addopts=""

A *step* is one ``legal_moves`` call, then ``apply`` and ``undo`` of one of the
moves it returned, on 200 positions met along random playouts (the same positions
for both engines: the playouts are driven by the deal's own generator). A *playout*
deals a numbered deal and plays uniformly random legal moves until the game is won,
no move is left, or 2,000 moves have been made (counted as timeouts, since the
random player can wander back and forth in Napoleon's Square).

The base engine is the package as it was at ``--base`` (by default ``efcb5be``, the
engine before its move index), taken from this repository with ``git archive`` into
a temporary directory and run, with its own specs, in a subprocess; this engine runs
in a subprocess too, and the two alternate game by game, so that both meet the same
load on a shared machine. Rates are of processor time (``time.process_time``), which
other processes on a loaded machine disturb far less than the clock on the wall. With
``--repeat N`` each engine is measured N times per game, still in alternation, and the
best rate of each is kept: what other processes disturb is only ever lost time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

import pytest

from patience.engine.rng import SplitMix64, seed
from patience.rulespec.compile import games, load_game

BASE = "efcb5be"
MOVE_CAP = 2000
ROOT = Path(__file__).resolve().parent.parent
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
    for _ in range(MOVE_CAP):
        moves = game.legal_moves(state)
        if not moves:
            return "won" if game.is_won(state) else "blocked"
        game.apply(state, moves[generator.below(len(moves))])
    return "timeout"


def measure(game_id: str, playouts: int, rounds: int = 5) -> dict:
    """Steps and playouts a second for one game, in this process's engine."""
    game = load_game(game_id)
    positions = sample_positions(game)
    steps(game, positions, SplitMix64(1))  # once untimed: every engine meets warm positions
    start = time.process_time()
    for _ in range(rounds):
        steps(game, positions, SplitMix64(1))
    result = {"steps": rounds * len(positions) / (time.process_time() - start)}
    outcomes = {"won": 0, "blocked": 0, "timeout": 0}
    start = time.process_time()
    for number in range(playouts):
        outcomes[playout(game, number)] += 1
    result["playouts"] = playouts / (time.process_time() - start) if playouts else None
    return {**result, **outcomes}


# The code both engines run: it uses only the API the base commit had.
WORKER = """
import json, sys
sys.path.insert(0, {bench!r})
from bench_engine import measure
game_id, playouts = sys.argv[1], int(sys.argv[2])
try:
    print(json.dumps(measure(game_id, playouts)))
except KeyError:
    print("null")  # no such game in this engine
"""


def base_tree(commit: str, folder: Path) -> Path:
    """The ``patience`` package of ``commit``, extracted into ``folder``."""
    archive = subprocess.run(["git", "archive", commit, "patience"], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def run(python_path: Path, game_id: str, playouts: int) -> dict | None:
    """``measure`` in a fresh interpreter whose ``patience`` is the one under ``python_path``."""
    code = WORKER.format(bench=str(ROOT / "benchmarks"))
    done = subprocess.run([sys.executable, "-c", code, game_id, str(playouts)], cwd=python_path,
                          env={"PYTHONPATH": str(python_path), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def best(results: list[dict | None]) -> dict | None:
    """The best rates of repeated measurements (the outcomes of the playouts are the same in each)."""
    if results[0] is None:
        return None
    rates = {key: max(r[key] for r in results) if results[0][key] is not None else None
             for key in ("steps", "playouts")}
    return {**results[0], **rates}


def table(game_ids: list[str], playouts: int, base: str, repeat: int = 1) -> str:
    rows = [f"| game | steps/s, {base} | steps/s, now | speed-up | playouts/s, now | won / blocked / timeout |",
            "|---|---:|---:|---:|---:|---|"]
    with tempfile.TemporaryDirectory() as folder:
        old_tree = base_tree(base, Path(folder))
        for game_id in game_ids:
            olds, news = [], []
            for _ in range(repeat):
                olds.append(run(old_tree, game_id, 0))
                news.append(run(ROOT, game_id, playouts))
            old, new = best(olds), best(news)
            before = f"{old['steps']:,.0f}" if old else "—"
            ratio = f"{new['steps'] / old['steps']:.1f}×" if old else "—"
            playout_rate = f"{new['playouts']:,.1f}" if playouts else "—"
            rows.append(f"| `{game_id}` | {before} | {new['steps']:,.0f} | {ratio} | {playout_rate} | "
                        f"{new['won']} / {new['blocked']} / {new['timeout']} |")
            print(rows[-1], file=sys.stderr, flush=True)
    return "\n".join(rows)


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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAME_IDS)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=1, help="measure each engine N times, keep the best")
    parser.add_argument("--base", default=BASE)
    arguments = parser.parse_args()
    print(table(arguments.games, arguments.playouts, arguments.base, arguments.repeat))
