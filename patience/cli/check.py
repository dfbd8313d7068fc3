"""``patience check``: holding the edition to its own tests.

``--mutations`` runs mutation testing of the specs (:mod:`patience.claims.scoring`):
every parameter of every clause of every playable spec and variant is changed, one
at a time, and each mutant must be killed by a text test or a claim, play the same
as the spec, or change only what the clause records as conjecture. A surviving
mutant is a rule the text states that nothing defends; it makes the exit status 1.
"""

from __future__ import annotations

import json
import os

from patience.cli import UsageError


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "check", help="check the specs against the text and the engine",
        description="Checks the rule specifications. With --mutations, changes each "
                    "parameter of each clause in turn and reports the changes that no "
                    "text test or claim catches (exit status 1 if there are any).",
    )
    parser.add_argument("--mutations", action="store_true",
                        help="mutation testing of the specs (every playable game and variant, or GAME's)")
    parser.add_argument("game", nargs="?", metavar="GAME", help="one game (its variants included), e.g. sultan")
    parser.add_argument("--json", action="store_true", help="print the score as JSON")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="worker processes (default: one per CPU)")
    parser.add_argument("--sample", type=int, default=1, metavar="N",
                        help="judge only every N-th mutant of each game: a quick, deterministic sample")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    if not arguments.mutations:
        raise UsageError("check: say what to check: --mutations")
    return run_mutations(arguments)


def run_mutations(arguments) -> int:
    from patience.claims.scoring import playable, score_games, summary

    try:
        game_ids = playable(arguments.game)
    except KeyError as error:
        raise UsageError(str(error.args[0])) from None
    if arguments.sample < 1:
        raise UsageError("check: --sample must be 1 or more")
    scores = score_games(game_ids, edition_reading, jobs=max(1, arguments.jobs), every=arguments.sample)
    result = summary(scores)
    if arguments.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        _print_table(result)
    return 1 if result["survived"] else 0


def edition_reading(passage_id: str) -> str:
    """The reading text of a passage (top level, so that worker processes can call it)."""
    from patience.text import load_edition

    return load_edition().passage(passage_id).reading


def _print_table(result: dict) -> None:
    columns = ("mutants", "killed", "equivalent", "silent", "survived", "refused")
    width = max(len(game) for game in result["games"])
    print(f"{'game'.ljust(width)}  " + "  ".join(f"{c:>10}" for c in columns))
    for game, counts in result["games"].items():
        print(f"{game.ljust(width)}  " + "  ".join(f"{counts[c]:>10}" for c in columns))
    for survivor in result["survived"]:
        print(f"survived: {survivor['game']} {survivor['clause']}.{survivor['parameter']}: "
              f"{survivor['mutation']} ({survivor['detail']})")
    for claim in result["claims_never_killing"]:
        print(f"no mutant makes this claim fail: {claim}")
