"""What the executed examples of the game pages cost the build: each ``rules-example``
deal played by the look-ahead player and recorded (:func:`patience.views.replay.record`).

    python benchmarks/bench_examples.py [--repeat N]

The examples are read from the pages (``docs/**/*.md``). Times are of processor time
(``time.process_time``), the best of ``N`` runs (default 3): what other processes on a
shared machine disturb is only ever lost time.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

from patience.player import play
from patience.rulespec.compile import load_game
from patience.views.replay import record

DIRECTIVE = re.compile(r"^```\{rules-example\} (\S+) ([0-9]+)$", re.MULTILINE)


def examples(docs: Path) -> list[tuple[str, int]]:
    found = {(game, int(number)) for page in sorted(docs.glob("**/*.md"))
             for game, number in DIRECTIVE.findall(page.read_text(encoding="utf-8"))}
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print("| example | outcome | moves | s (best) |\n|---|---|---:|---:|")
    total = 0.0
    for game_id, number in examples(Path(__file__).resolve().parent.parent / "docs"):
        game, best = load_game(game_id), float("inf")
        for _ in range(arguments.repeat):
            start = time.process_time()
            replay = record(game, number, 600, player=play, option=" --look-ahead")
            best = min(best, time.process_time() - start)
        total += best
        print(f"| {game_id} {number} | {replay['outcome']} | {len(replay['steps'])} | {best:.3f} |")
    print(f"| **total** | | | **{total:.3f}** |")


if __name__ == "__main__":
    main()
