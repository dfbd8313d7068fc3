"""The solver side by side with the solver of a pinned commit: deals decided, and their cost.

    python benchmarks/bench_solver.py [--deals N] [--first K] [--cap SECONDS] [--base COMMIT]
                                      [--record FILE] [GAME ...]

Each solver decides deals K..K+N-1 of every game and variant (or of those named) on an
escalation ladder: a budget of 10,000 positions, then, if the deal is still undecided,
ten times as many, and so on, until it is decided or the next rung would take it past
``--cap`` processor-seconds (60 by default): a rung is foreseen to cost ten times the one
before it, and one that would end beyond the cap is not started. Per game it reports, for each solver, the share of deals decided, the median and the
mean processor-seconds of a decided deal, and the deals decided per processor-hour spent
(undecided deals' time included), with the ratio of the two; and the win rate of this
player beside the solver's wins. ``--record`` writes every decision of this solver (outcome,
positions, rung, seconds, winning line) to a JSON file, so that two versions of the code
can be compared byte for byte.

The base solver is the package as it was at ``--base`` (by default ``47c25cd``, the
solver before the placement plan, confluence and the accelerator), taken from this
repository with ``git archive`` into a temporary directory and run, with its own specs, in
a subprocess; this solver runs in a subprocess too, and the two alternate game by game so
that both meet the same load on a shared machine. Times are processor time
(``time.process_time``), which other processes disturb far less than the clock on the wall.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

BASE = "47c25cd"
ROOT = Path(__file__).resolve().parent.parent
FIRST_BUDGET = 10_000

# What both solvers run: only the API the base commit had (load_game, from where each tree keeps it; solve).
WORKER = """
import json, os, sys, time
# Chosen by the tree's files, not by trying the import: an editable install would find the
# newer module for the base tree too, and mix the two.
if os.path.isdir("patience/rulespec"):
    from patience.rulespec.compile import load_game
else:  # the base commit, before the compiler moved beside the spec language
    from patience.engine import load_game
from patience.solver import solve
# The base's player is patience.solver.player; only this tree's is asked to play (below).
game_id, first, deals, cap, budget, player = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), \\
    int(sys.argv[5]), sys.argv[6] == "1"
try:
    game = load_game(game_id)
except KeyError:
    print("null"); sys.exit()
rows = []
for number in range(first, first + deals):
    spent, rung, budget_now = 0.0, 0, budget
    while True:
        rung += 1
        start = time.process_time()
        solution = solve(game, game.deal(number), budget_now)
        took = time.process_time() - start
        spent += took
        if solution.outcome != "unknown" or spent + 10 * took > cap:  # the next rung would pass the cap
            break
        budget_now *= 10
    row = {"deal": number, "outcome": solution.outcome, "positions": solution.nodes, "rung": rung,
           "seconds": round(spent, 3), "line": [list(move) for move in solution.line]}
    if player:
        from patience.player import play
        row["player"] = play(game, game.deal(number)).outcome
    rows.append(row)
print(json.dumps(rows))
"""


def base_tree(commit: str, folder: Path) -> Path:
    """The ``patience`` package of ``commit``, extracted into ``folder``."""
    archive = subprocess.run(["git", "archive", commit, "patience"], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def decide(python_path: Path, game_id: str, first: int, deals: int, cap: float, player: bool) -> list[dict] | None:
    """The worker in a fresh interpreter whose ``patience`` is the one under ``python_path``."""
    done = subprocess.run([sys.executable, "-c", WORKER, game_id, str(first), str(deals), str(cap),
                           str(FIRST_BUDGET), "1" if player else "0"], cwd=python_path,
                          env={"PYTHONPATH": str(python_path), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def summary(rows: list[dict] | None) -> dict | None:
    if rows is None:
        return None
    decided = [row for row in rows if row["outcome"] != "unknown"]
    seconds = [row["seconds"] for row in decided]
    spent = sum(row["seconds"] for row in rows)
    return {"decided": len(decided), "deals": len(rows), "won": sum(row["outcome"] == "won" for row in rows),
            "median": statistics.median(seconds) if seconds else None,
            "mean": statistics.mean(seconds) if seconds else None,
            "per_hour": 3600 * len(decided) / spent if spent else None,
            "player": sum(row.get("player") == "won" for row in rows)}


def _share(s: dict | None) -> str:
    return "—" if s is None else f"{100 * s['decided'] / s['deals']:.1f}%"


def _rate(s: dict | None) -> str:
    return "—" if s is None or s["per_hour"] is None else f"{s['per_hour']:,.0f}"


def _seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def table(game_ids: list[str], first: int, deals: int, cap: float, base: str, record: str | None) -> str:
    rows = [f"| game | decided, {base} | decided, now | median s, {base} | median s, now | mean s, now | "
            f"decided per hour, {base} | now | ratio | won by the solver | won by the player |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    decisions = {}
    with tempfile.TemporaryDirectory() as folder:
        old_tree = base_tree(base, Path(folder))
        for game_id in game_ids:
            old = summary(decide(old_tree, game_id, first, deals, cap, False))
            found = decide(ROOT, game_id, first, deals, cap, True)
            decisions[game_id] = found
            new = summary(found)
            ratio = (f"{new['per_hour'] / old['per_hour']:.1f}×" if old and old["per_hour"] and new["per_hour"]
                     else "∞" if old and new["per_hour"] else "—")
            rows.append(f"| `{game_id}` | {_share(old)} | {_share(new)} | {_seconds(old and old['median'])} | "
                        f"{_seconds(new['median'])} | {_seconds(new['mean'])} | "
                        f"{_rate(old)} | {_rate(new)} | {ratio} | {new['won']} | {new['player']} |")
            print(rows[-1], file=sys.stderr, flush=True)
    if record:
        Path(record).write_text(json.dumps(decisions) + "\n", encoding="utf-8")
    return "\n".join(rows)


def main() -> None:
    from patience.rulespec.compile import games

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[entry.id for entry in games() if entry.playable])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--cap", type=float, default=60.0, help="processor-seconds a deal may take (default 60)")
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--record", help="write every decision of this solver to this JSON file")
    arguments = parser.parse_args()
    print(f"deals {arguments.first}..{arguments.first + arguments.deals - 1}, ladder from "
          f"{FIRST_BUDGET:,} positions ×10 a rung, cap {arguments.cap:g} processor-seconds a deal")
    print(table(arguments.games, arguments.first, arguments.deals, arguments.cap, arguments.base, arguments.record))


if __name__ == "__main__":
    main()
