"""``patience stats GAME --deals N``: how often a game comes out, over deals 1..N, on Dask.

Each deal is decided by the solver (full knowledge) and played by the player (no
peeking). The report gives won/lost/unknown counts, the win rate with its 95%
Wilson interval, bounds that count the unknowns either way, and the player's rate.
``GAME`` may be ``all``: every playable game and variant. ``--save`` keeps the
results in the stored table, resuming from what it (or an interrupted run) holds.
``--minutes M`` bounds the run: the games share the time equally, and each keeps
the deals 1..k it finished without a gap.
"""

from __future__ import annotations

import time
from pathlib import Path

from patience.cli import UsageError
from patience.cli.solve import add_game_options, game_id, positive

STATS_BUDGET = 5_000


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "stats", help="solve and play deals 1..N on Dask and report how often the game comes out",
        description="Solves and plays deals 1..N of GAME (or of every game, with `all`) on a Dask cluster.",
    )
    parser.add_argument("game", metavar="GAME", help="a game id (see `patience games`), or all")
    parser.add_argument("--deals", metavar="N", required=True, help="how many deals: 1..N")
    add_game_options(parser)
    parser.set_defaults(budget=str(STATS_BUDGET))
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="an existing Dask scheduler (tcp://host:8786); default: a local cluster")
    parser.add_argument("--workers", metavar="K", help="workers of the local cluster (default: one per core)")
    parser.add_argument("--minutes", metavar="M",
                        help="stop starting deals after M minutes; each game keeps its deals 1..k done by then")
    parser.add_argument("--save", action="store_true", help="store the results in the package's table (resumable)")
    parser.add_argument("--table", metavar="PATH", help="store the results in this table instead (resumable)")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.stats import runner, table

    ids = _game_ids(arguments)
    deals = positive(arguments.deals, "the number of deals")
    budget = positive(arguments.budget, "the budget")
    workers = positive(arguments.workers, "the number of workers") if arguments.workers else None
    minutes = positive(arguments.minutes, "the number of minutes") if arguments.minutes else None
    path = Path(arguments.table) if arguments.table else table.TABLE if arguments.save else None
    rows = {g: {n: r for n, r in table.reusable(path, g, budget).items() if n <= deals} if path else {}
            for g in ids}
    tasks = [(g, n) for g in ids for n in range(1, deals + 1) if n not in rows[g]]
    saver = Saver(path, budget, rows, _command(arguments))
    try:
        client = runner.connect(arguments.scheduler, workers)
    except runner.SchedulerError as error:
        raise UsageError(str(error)) from None
    deadline = time.monotonic() + 60 * minutes if minutes else None
    try:
        runner.run(client, tasks, budget, saver.add, deadline=deadline)
    except KeyboardInterrupt:
        kept = saver.keep()
        raise UsageError(f"interrupted; {kept}nothing was added to the table") from None
    finally:
        client.close()
        if client.cluster is not None and not arguments.scheduler:
            client.cluster.close()
    if minutes:
        for g in ids:
            rows[g] = _without_gaps(rows[g])
    saver.finish()
    for g in ids:
        print(report(table.summarize(g, table.entry(g, budget, rows[g]))))
    return 0


def _without_gaps(rows: dict[int, dict]) -> dict[int, dict]:
    """Deals 1..k, where k + 1 is the first deal not finished (a bounded run ends mid-way)."""
    kept, number = {}, 1
    while number in rows:
        kept[number] = rows[number]
        number += 1
    return kept


def _command(arguments) -> str | None:
    """The command line of a run of every game, which the table records (a run of one
    game is recorded in its own row)."""
    if arguments.game != "all":
        return None
    minutes = f" --minutes {arguments.minutes}" if arguments.minutes else ""
    return f"patience stats all --deals {arguments.deals} --budget {arguments.budget}{minutes} --save"


def _game_ids(arguments) -> list[str]:
    from patience.engine import games

    if arguments.game != "all":
        return [game_id(arguments)]
    if arguments.variant:
        raise UsageError("--variant names a variant of one game, not of all")
    return [entry.id for entry in games() if entry.playable]


class Saver:
    """Collects results; keeps them in the partial file every few seconds (when a
    table is named) and writes the table when the run is complete."""

    def __init__(self, path: Path | None, budget: int, rows: dict[str, dict], command: str | None):
        self.path, self.budget, self.rows, self.written = path, budget, rows, time.monotonic()
        self.command = command

    def add(self, game: str, result: dict) -> None:
        self.rows[game][result["deal"]] = result
        if self.path is not None and time.monotonic() - self.written > 5:
            self.keep()

    def keep(self) -> str:
        """Write what is gathered to the partial file; say where, for the message."""
        from patience.stats import table

        if self.path is None:
            return ""
        data = {"partial": True, "note": "an interrupted run's results; not the table",
                "games": {g: table.entry(g, self.budget, rows) for g, rows in self.rows.items()}}
        table.write(data, table.partial_path(self.path))
        self.written = time.monotonic()
        done = sum(len(rows) for rows in self.rows.values())
        return f"{done} deals kept in {table.partial_path(self.path)} (marked partial; the same command resumes); "

    def finish(self) -> None:
        from patience.stats import table

        if self.path is None:
            return
        data = table.load(self.path)
        data.pop("partial", None)
        if self.command:
            data["command"] = self.command
        for game, rows in self.rows.items():
            data["games"][game] = table.entry(game, self.budget, rows)
        table.write(data, self.path)
        table.partial_path(self.path).unlink(missing_ok=True)


def report(summary) -> str:
    rate, low, high = summary.decided_rate
    lowest, highest = summary.bounds
    player, player_low, player_high = summary.player_rate
    decided = summary.won + summary.lost
    return "\n".join([
        f"{summary.game}: deals 1–{summary.deals}, budget {summary.budget:,} positions a deal",
        f"  won {summary.won} ({summary.won_by_player} of them only by the player, the solver's budget having run out), "
        f"lost {summary.lost}, unknown {summary.unknown}",
        f"  win rate of the {decided} decided deals: {_pc(rate)} (95% Wilson {_pc(low)}–{_pc(high)})",
        f"  win rate with the unknowns lost or won: {_pc(summary.won / summary.deals)}–"
        f"{_pc((summary.won + summary.unknown) / summary.deals)} (with intervals {_pc(lowest)}–{_pc(highest)})",
        f"  player: won {summary.player_won}, {_pc(player)} (95% Wilson {_pc(player_low)}–{_pc(player_high)})",
        f"  seconds a deal: solving {summary.solve_s:.2f}, playing {summary.play_s:.2f}",
    ])


def _pc(value: float) -> str:
    return f"{100 * value:.1f}%"
