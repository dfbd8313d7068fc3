"""The player's wins against the solver's, game by game, and what the player costs.

    python benchmarks/bench_player.py [--solver FILE] [--deals N] [--first K] [--games ID,ID] [--record FILE]
                                      [--worlds W] [--budget B] [--sighted] [--undecided]

``--solver`` names the solver's outcomes, ``{game: {deal: [outcome, positions, seconds]}}``
(as ``patience solve`` decides them; a deal missing from the file counts as not known);
without it, the stored statistics' outcomes are read.
For each game and variant the player (:func:`patience.player.play`, which sees only the
face-up cards) plays deals K..K+N-1; the table gives the deals the solver wins, the deals
the player wins, those both win, the player's share of the solver's wins (the target is at
least half wherever the solver wins at least 5% of the deals) and the player's processor
seconds a deal (``time.process_time``: what other processes on a shared machine take is not
counted), on average and at most. ``--record`` writes the player's outcome of every deal
to a JSON file, ``{game: {deal: [outcome, moves, seconds]}}``.

``--worlds`` and ``--budget`` set the counsel's worlds a round and positions a world
(:mod:`patience.player.counsel`). ``--sighted`` tells the player every face-down card: its
worlds are the real deal itself. That player breaks the rule of the table, and is there only
to measure: the gap between it and the true player is what the hidden cards cost, the gap
between it and the solver what searching again at every choice costs. With ``--undecided``
each game plays, instead of deals K..K+N-1, the first N deals from K on that the stored
statistics leave undecided, neither the solver nor the player having won them (with
``--sighted``: how many of them a search that plays the game forward finds won).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from patience.engine.state import State
from patience.player import counsel, lookahead, play
from patience.rulespec.compile import games, load_game
from patience.stats import table

TARGET, SOLVER_FLOOR = 0.5, 0.05  # the player's share of the solver's wins, where the solver wins this share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solver", help="the solver's outcomes (JSON; default: the stored statistics')")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--games", help="comma-separated ids (default: every playable game and variant)")
    parser.add_argument("--record", help="write the player's outcome of every deal to this JSON file")
    parser.add_argument("--worlds", type=int, default=counsel.WORLDS, help="the counsel's worlds a round")
    parser.add_argument("--budget", type=int, default=counsel.BUDGET, help="the counsel's positions a world")
    parser.add_argument("--sighted", action="store_true", help="the player told every face-down card (a bound)")
    parser.add_argument("--undecided", action="store_true",
                        help="only the deals the stored statistics leave undecided: the first N from K on")
    arguments = parser.parse_args()
    counsel.WORLDS, counsel.BUDGET = arguments.worlds, arguments.budget
    if arguments.sighted:
        counsel.world = lookahead.world = sighted
    solved = json.loads(Path(arguments.solver).read_text(encoding="utf-8")) if arguments.solver else stored()
    ids = arguments.games.split(",") if arguments.games else [e.id for e in games() if e.playable]
    numbers: Sequence[int] = range(arguments.first, arguments.first + arguments.deals)
    chosen = (f"the first {arguments.deals} deals from {arguments.first} on left undecided" if arguments.undecided
              else f"deals {arguments.first}..{arguments.first + arguments.deals - 1}")
    print(f"{chosen}; counsel {counsel.WORLDS} worlds x {counsel.BUDGET} positions"
          + ("; sighted: the worlds are the real deal" if arguments.sighted else ""))
    print("| game | solver won | known | player won | both | player/solver | target | player s/deal (max) |")
    print("|---|---:|---:|---:|---:|---:|---|---:|")
    record: dict[str, dict] = {}
    for ident in ids:
        game, outcomes = load_game(ident), solved.get(ident, {})
        if arguments.undecided:
            numbers = undecided(ident, arguments.first, arguments.deals)
        played = record[ident] = {}
        for number in numbers:
            start = time.process_time()
            playout = play(game, game.deal(number))
            played[str(number)] = [playout.outcome, len(playout.moves), round(time.process_time() - start, 3)]
        print(row(ident, numbers, outcomes, played), flush=True)
    if arguments.record:
        Path(arguments.record).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def sighted(game, state: State, generator, turned: bool = False) -> State:
    """The "world" of a player told every card: the real deal, as it lies."""
    return State([list(cards) for cards in state.piles], state.key, state.passes)


def undecided(ident: str, first: int, deals: int) -> list[int]:
    """The first ``deals`` deals from ``first`` on that the stored table leaves undecided."""
    rows = table.load()["games"].get(ident, {}).get("deals", {})
    left = sorted(int(n) for n, cells in rows.items() if int(n) >= first and cells[0] == "unknown" and cells[2] != "won")
    return left[:deals]


def stored() -> dict:
    """The solver's outcome of every stored deal, in ``--solver``'s form."""
    data = table.load()["games"]
    return {ident: {number: [cells[0]] for number, cells in entry["deals"].items()} for ident, entry in data.items()}


def row(ident: str, numbers: Sequence[int], solver: dict, player: dict) -> str:
    """One line of the table (see the module's docstring)."""
    known = [n for n in map(str, numbers) if n in solver]
    solver_won = {n for n in known if solver[n][0] == "won"}
    player_won = {str(n) for n in numbers if player[str(n)][0] == "won"}
    share = len(player_won) / len(solver_won) if solver_won else None
    if len(solver_won) < SOLVER_FLOOR * len(numbers):
        target = "(solver under 5%)"
    else:
        target = "met" if share is not None and share >= TARGET else "not met"
    seconds = [player[str(n)][2] for n in numbers]
    shown = f"{share:.2f}" if share is not None else "–"
    return (f"| {ident} | {len(solver_won)} | {len(known)} | {len(player_won)} | {len(player_won & solver_won)} "
            f"| {shown} | {target} | {sum(seconds) / len(seconds):.3f} ({max(seconds):.2f}) |")


if __name__ == "__main__":
    main()
