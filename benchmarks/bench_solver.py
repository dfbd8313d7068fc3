"""The solver's verdicts and the player's wins over deals 1..N of every game, with their cost.

    python benchmarks/bench_solver.py [--deals N] [--budget B] [--games ID,ID] [--no-player] [--no-solver]
                                      [--record FILE]

For each game and variant: how many deals the solver finds won, lost and unknown within
the budget (positions), the seconds a deal it took on average and at most, and how many
deals the player (no peeking) wins and its seconds a deal. One core, deals in order; the
figures guide the budget of ``patience stats all`` (see docs/statistics.md). ``--record``
writes every decision (the solver's outcome, positions and winning line, the player's
outcome and moves) to a JSON file: two versions of the code decide alike exactly when
their files are the same.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from patience.engine import games, load_game
from patience.solver import play, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--budget", type=int, default=1000)
    parser.add_argument("--games", help="comma-separated ids (default: every playable game and variant)")
    parser.add_argument("--no-player", action="store_true")
    parser.add_argument("--no-solver", action="store_true")
    parser.add_argument("--record", help="write every decision to this JSON file")
    arguments = parser.parse_args()
    ids = arguments.games.split(",") if arguments.games else [e.id for e in games() if e.playable]
    print(f"deals 1..{arguments.deals}, budget {arguments.budget:,}")
    print("| game | won | lost | unknown | solver s/deal (max) | player won | player s/deal (max) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    decisions: dict[str, list] = {}
    for ident in ids:
        game = load_game(ident)
        outcomes, solve_s, player_won, play_s = Counter(), [], 0, []
        decided = decisions[ident] = []
        for number in range(1, arguments.deals + 1):
            if not arguments.no_solver:
                start = time.perf_counter()
                solution = solve(game, game.deal(number), arguments.budget)
                solve_s.append(time.perf_counter() - start)
                outcomes[solution.outcome] += 1
                decided.append([solution.outcome, solution.nodes, solution.line])
            if not arguments.no_player:
                start = time.perf_counter()
                playout = play(game, game.deal(number))
                play_s.append(time.perf_counter() - start)
                player_won += playout.outcome == "won"
                decided.append([playout.outcome, playout.moves])
        print(f"| {ident} | {outcomes['won']} | {outcomes['lost']} | {outcomes['unknown']} | {_seconds(solve_s)} "
              f"| {player_won if play_s else '–'} | {_seconds(play_s)} |", flush=True)
    if arguments.record:
        with open(arguments.record, "w", encoding="utf-8") as out:
            json.dump(decisions, out)


def _seconds(values: list[float]) -> str:
    return f"{sum(values) / len(values):.2f} ({max(values):.2f})" if values else "–"


if __name__ == "__main__":
    main()
