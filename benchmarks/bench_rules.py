"""What the rules extension costs a build from cold, per game: running every claim,
recording the page's example, drawing the plate. The cache (spec digest, engine
version) makes every later build free of these.

    python -m pytest benchmarks/bench_rules.py -o addopts=""     # pytest-benchmark
    python benchmarks/bench_rules.py                             # the table for docs/rules-in-the-pages.md
"""

from __future__ import annotations

import time
from functools import partial

import pytest

from patience.claims import run_claim
from patience.rulespec.compile import games, load_game
from patience.views.plate import svg
from patience.views.replay import record

GAME_IDS = [entry.id for entry in games() if entry.playable]


def claims(game) -> None:
    for claim in game.rules.claims:
        run_claim(game, claim)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_claims(benchmark, game_id):
    benchmark.pedantic(claims, args=(load_game(game_id),), rounds=3)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_example_and_plate(benchmark, game_id):
    game = load_game(game_id)
    benchmark.pedantic(lambda: (record(game, 1), svg(game)), rounds=3)


def seconds(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


if __name__ == "__main__":
    print("| game | claims | run (s) | example deal 1 (s) | plate (s) |")
    print("|---|---:|---:|---:|---:|")
    for game_id in GAME_IDS:
        game = load_game(game_id)
        print(f"| `{game_id}` | {len(game.rules.claims)} | {seconds(partial(claims, game)):.2f} "
              f"| {seconds(partial(record, game, 1)):.3f} | {seconds(partial(svg, game)):.3f} |")
