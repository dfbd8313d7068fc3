"""``patience find GAME``: look for won lines of the deals the stored statistics leave undecided.

Each deal of 1..N that neither the solver nor the player decided is played by the player's
look-ahead, and from its positions the solver searches again, seeing every card
(:mod:`patience.stats.finding`). A line found is replayed through the engine before it is
reported or kept. ``--save`` keeps the lines in ``patience/stats/found.json``
(:mod:`patience.stats.found`), and the deals looked at in vain with the seconds each took,
each saved once looked at, so a run stopped resumes where it stopped; the statistics then
count the deals won. A deal with a line kept is not looked at again, nor one looked at in
vain at the same or a larger budget, so a second pass at a larger ``--budget`` looks only at
the deals the first left. ``--from M`` begins at deal M, so that two finders may share one
game's deals, each on a range of its own: each save keeps what the other saved.
"""

from __future__ import annotations

import time

from patience.cli import UsageError
from patience.cli.solve import add_game_options, game_id, positive

SUMMARY = "look for won lines of the deals the statistics leave undecided, and keep them"


def register(subparsers) -> None:
    from patience.stats.finding import BUDGET

    parser = subparsers.add_parser(
        "find", help=SUMMARY,
        description="Plays each deal of GAME that the stored statistics leave undecided with a guide (one that "
                    "sees every card and goes back from positions proved lost, then the player's look-ahead), "
                    "searching again from its positions with every card seen, and reports the won lines it finds "
                    "(each replayed by the engine).",
    )
    parser.add_argument("game", metavar="GAME", help="a game id (see `patience games`)")
    parser.add_argument("--deals", metavar="N", help="deals 1..N (default: every deal the statistics hold)")
    parser.add_argument("--from", dest="first", metavar="M",
                        help="begin at deal M (default 1): two finders of one game, each on its range, keep "
                             "each other's lines")
    add_game_options(parser, budget_help=f"positions each search may enter (default {BUDGET:,})")
    parser.add_argument("--save", action="store_true", help="keep the lines found in patience/stats/found.json")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.progress import Progress
    from patience.stats import found, table
    from patience.stats.finding import BUDGET

    ident = game_id(arguments)
    budget = positive(arguments.budget, "the budget") if arguments.budget is not None else BUDGET
    results = table.load()["games"].get(ident)
    if results is None:
        raise UsageError(f"the statistics hold no deals of {ident}: compute them first with "
                         f"`{table.computing(table.load(), ident)}`")
    held = len(results["deals"])
    deals = positive(arguments.deals, "the number of deals") if arguments.deals else held
    if deals > held:
        raise UsageError(f"the statistics hold deals 1..{held} of {ident}, not 1..{deals}")
    first = positive(arguments.first, "the first deal") if arguments.first else 1
    if first > deals:
        raise UsageError(f"the first deal, {first}, is past the last, {deals}")
    stored = found.load()
    kept, searched = found.kept_lines(stored, ident), found.searched(stored, ident)
    commands = stored["games"][ident]["commands"] if kept or searched else []
    command = found.COMMAND.format(game=ident, deals=deals, budget=budget)
    commands = commands if command in commands else [*commands, command]
    tried = set().union(*(numbers for at, numbers in searched.items() if at >= budget))
    undecided = [n for n in range(first, deals + 1) if _undecided(results["deals"][str(n)]) and n not in kept]
    waiting = [n for n in undecided if n not in tried]
    print(f"{ident}: {len(waiting)} deals of {first}..{deals} left undecided to look at ({len(kept)} lines already kept, "
          f"{len(undecided) - len(waiting)} looked at in vain at this budget or more), {budget:,} positions a search")
    won = 0
    with Progress(f"finding {ident}") as progress:
        for index, number in enumerate(waiting, 1):
            progress.doing = f"finding {ident}: deal {number} ({index} of {len(waiting)}, {won} found)"
            line, seconds = _found(ident, number, budget)
            progress.say(f"deal {number}: " + (f"won in {len(line)} moves" if line else "no won line found")
                         + f" ({seconds:.1f} processor s)")
            if line:
                won += 1
                kept[number] = {"moves": line, "budget": budget, "cpu": round(seconds, 3),
                                "finder_code": found.finder_digest()}
            else:
                searched.setdefault(budget, {})[number] = round(seconds, 3)
            if arguments.save:
                found.save(ident, found.entry(ident, commands, kept, searched))
    print(f"{ident}: won lines found for {won} of {len(waiting)} deals" + (", saved" if arguments.save and waiting else ""))
    return 0


def _undecided(row: list) -> bool:
    return row[0] == "unknown" and row[2] != "won"


def _found(ident: str, number: int, budget: int) -> tuple[list[dict], float]:
    """The deal's won line (as JSON moves, replayed) or [], and the processor seconds spent."""
    from patience.rulespec.compile import load_game
    from patience.stats import found
    from patience.stats.finding import find
    from patience.views.jsonio import move_to_json

    game = load_game(ident)
    start = time.process_time()
    line = find(game, number, budget)
    seconds = time.process_time() - start
    if line is None:
        return [], seconds
    fault = found.replays(game, number, line)
    if fault:  # the engine replays what it found: a fault here is a fault of the code
        raise RuntimeError(f"{ident} deal {number}: the line found does not replay: {fault}")
    return [move_to_json(game, move) for move in line], seconds
