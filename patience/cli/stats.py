"""``patience stats GAME --deals N``: how often a game comes out, over deals 1..N, on Dask.

Each deal is decided by the solver (full knowledge) and played by the player (no
peeking), on an escalation ladder (:mod:`patience.stats.ladder`): every deal at the
first budget, then the undecided ones again at ten and a hundred times it. The report
gives won/lost/undecided counts, bounds on the win rate that count the undecided
either way, the share decided, the rate among decided deals, and the player's rate,
each with its 95% Wilson interval. ``GAME`` may be ``all``: every playable game and
variant. ``--save`` keeps the results in the stored table, merged deal by deal and
saved as they finish, so a run stopped for any reason resumes where it stopped.
``--minutes M`` bounds the run: the games share the time equally, and each keeps
the deals 1..k it finished without a gap (decided, or tried at the last rung); where
only the last rung is left part-climbed, every deal is kept, with how far it got.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from patience.cli import UsageError
from patience.cli.solve import add_game_options, game_id, positive

STATS_BUDGET = 10_000
RUNGS = 3
SUMMARY = "solve and play deals 1..N on Dask and report how often the game comes out"


def register(subparsers) -> None:
    from patience.stats.ladder import MAX_RUNGS

    parser = subparsers.add_parser(
        "stats", help=SUMMARY,
        description="Solves and plays deals 1..N of GAME (or of every game, with `all`) on a Dask cluster, "
                    "on a ladder of budgets: every deal at the first, the undecided ones again at ten times it, "
                    "and so on.",
    )
    parser.add_argument("game", metavar="GAME", help="a game id (see `patience games`), or all")
    parser.add_argument("--deals", metavar="N", required=True, help="how many deals: 1..N")
    add_game_options(parser, budget_help="positions a deal's search may enter at the first rung before it says "
                                         f"unknown (default: the stored table's, else {STATS_BUDGET:,})")
    parser.add_argument("--rungs", metavar="R", default=str(RUNGS),
                        help=f"rungs of the ladder, each with ten times the budget of the last (1–{MAX_RUNGS}; "
                             f"default {RUNGS}); deals added to a stored ladder of more rungs climb all of them")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="an existing Dask scheduler (tcp://host:8786); default: a local cluster")
    parser.add_argument("--workers", metavar="K", help="workers of the local cluster (default: one per core)")
    parser.add_argument("--minutes", metavar="M",
                        help="stop starting deals after M minutes; each game keeps its deals 1..k done by then "
                             "(every deal, where only its last rung is left part-climbed)")
    parser.add_argument("--save", action="store_true", help="store the results in the package's table (resumable)")
    parser.add_argument("--table", metavar="PATH", help="store the results in this table instead (resumable)")
    parser.add_argument("--replace", action="store_true",
                        help="let the save replace stored results it would otherwise refuse to drop or downgrade")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.stats import table
    from patience.stats.ladder import Climb, Refused

    ids, deals, rungs, budget, workers, minutes = _checked(arguments)
    path = Path(arguments.table) if arguments.table else table.TABLE if arguments.save else None
    try:
        climb = Climb.prepare(ids, deals, rungs, path, budget, STATS_BUDGET, arguments.replace)
    except Refused as error:
        raise UsageError(str(error)) from None
    if climb.needs_cluster():
        _climb(climb, arguments.scheduler, workers, minutes)
    try:
        entries = climb.save(arguments.replace, _command(arguments))
    except Refused as error:
        raise UsageError(str(error)) from None
    for game in ids:
        stored = entries[game]
        shown = {number: row for number, row in stored["deals"].items() if int(number) <= deals}
        print(report(table.summarize(game, {**stored, "deals": shown})))
    return 0


def _climb(climb, scheduler: str | None, workers: int | None, minutes: int | None) -> None:
    from patience.progress import Progress
    from patience.stats import runner

    where = f"connecting to the Dask scheduler at {scheduler}" if scheduler else "starting a local Dask cluster"
    try:
        with Progress(where):
            client = runner.connect(scheduler, workers)
    except runner.ClusterError as error:
        raise UsageError(str(error)) from None
    deadline = time.monotonic() + 60 * minutes if minutes else None
    try:
        climb.climb(client, deadline, progress=sys.stderr)
    except KeyboardInterrupt:
        raise UsageError(f"interrupted; {_kept(climb)}nothing was added to the table") from None
    except runner.ClusterError as error:
        raise UsageError(f"{error}; {_kept(climb)}nothing was added to the table") from None
    finally:
        _disconnect(client, local=not scheduler)


def _checked(arguments) -> tuple:
    from patience.stats.ladder import MAX_RUNGS

    if arguments.replace and not (arguments.save or arguments.table):
        raise UsageError("--replace goes with --save or --table")
    if arguments.workers and arguments.scheduler:
        raise UsageError("--workers sizes the local cluster; an existing one (--scheduler) has its own workers")
    ids = _game_ids(arguments)
    deals = positive(arguments.deals, "the number of deals")
    rungs = positive(arguments.rungs, "the number of rungs")
    if rungs > MAX_RUNGS:
        raise UsageError(f"the number of rungs must be at most {MAX_RUNGS} (the last has "
                         f"{10 ** (MAX_RUNGS - 1):,} times the first budget), not {arguments.rungs!r}")
    budget = positive(arguments.budget, "the budget") if arguments.budget is not None else None
    workers = positive(arguments.workers, "the number of workers") if arguments.workers else None
    minutes = positive(arguments.minutes, "the number of minutes") if arguments.minutes else None
    return ids, deals, rungs, budget, workers, minutes


def _kept(climb) -> str:
    if climb.journal is None:
        return ""
    return (f"the {climb.kept()} deals finished in this run are kept in {climb.journal.path} "
            f"(the same command resumes from them); ")


def _disconnect(client, local: bool) -> None:
    """Close the client (and the local cluster) whatever state the cluster is in."""
    try:
        client.close(timeout=5)
        if local and client.cluster is not None:
            client.cluster.close(timeout=5)
    except Exception:  # noqa: BLE001 - a cluster already lost has nothing left to close
        pass


def _command(arguments) -> str | None:
    """The command line of a run of every game, which the table records (a run of one
    game is recorded in its own row)."""
    if arguments.game != "all":
        return None
    minutes = f" --minutes {arguments.minutes}" if arguments.minutes else ""
    budget = f" --budget {arguments.budget}" if arguments.budget else ""
    return f"patience stats all --deals {arguments.deals}{budget} --rungs {arguments.rungs}{minutes} --save"


def _game_ids(arguments) -> list[str]:
    from patience.rulespec.compile import games

    if arguments.game != "all":
        return [game_id(arguments)]
    if arguments.variant:
        raise UsageError("--variant names a variant of one game, not of all")
    return [entry.id for entry in games() if entry.playable]


def report(summary) -> str:
    lowest, highest = summary.bounds
    decided, decided_low, decided_high = summary.decided
    player, player_low, player_high = summary.player_rate
    lines = [
        f"{summary.game}: deals 1–{summary.deals}, a ladder of {summary.rungs} rung{'s' * (summary.rungs > 1)} "
        f"from {summary.budget:,} positions a deal (the solver decided {summary.ladder})",
        f"  won {summary.won} ({summary.won_by_player} of them only by the player, {summary.won_found} only by "
        f"a line found), lost {summary.lost}, "
        f"undecided {summary.unknown}",
        f"  win rate with the undecided counted lost or won: {_pc(summary.won / max(1, summary.deals))}–"
        f"{_pc((summary.won + summary.unknown) / max(1, summary.deals))} (with 95% intervals "
        f"{_pc(lowest)}–{_pc(highest)})",
        f"  decided: {summary.won + summary.lost} of {summary.deals}, {_pc(decided)} "
        f"(95% Wilson {_pc(decided_low)}–{_pc(decided_high)})",
        f"  {_decided_rate(summary)}",
        f"  player: won {summary.player_won}, {_pc(player)} (95% Wilson {_pc(player_low)}–{_pc(player_high)})",
        f"  processor seconds a deal: solving {_seconds(summary.solve_cpu)}, playing {_seconds(summary.play_cpu)}",
    ]
    return "\n".join(lines)


def _decided_rate(summary) -> str:
    rate, low, high = summary.decided_rate
    shown = f"{_pc(rate)} (95% Wilson {_pc(low)}–{_pc(high)})" if summary.won + summary.lost else "none decided"
    if summary.undecided_small:
        return f"win rate of the decided deals: {shown}"
    return (f"win rate of the decided deals: {shown}, not an estimate of the game's while "
            f"{_pc(summary.unknown / max(1, summary.deals))} are undecided")


def _seconds(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "not recorded"


def _pc(value: float) -> str:
    return f"{100 * value:.1f}%"
