"""``patience check``: every consistency check of the edition, each finding located.

``--mutations`` runs mutation testing of the specs instead (:mod:`patience.claims.scoring`):
every parameter of every clause of every playable spec and variant is changed, one
at a time, and each mutant must be killed by a text test or a claim, play the same
as the spec, or change only what the clause records as conjecture. A surviving
mutant is a rule the text states that nothing defends; it makes the exit status 1.
``--record FILE`` merges the run into the mutation record (``docs/mutation-score.json``):
the games run replace their entries, the others are kept (:mod:`patience.claims.record`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from patience.cli import UsageError

if TYPE_CHECKING:
    from patience.findings import Finding

SUMMARY = "run every consistency check of the edition (exit 1 on any finding)"


def register(subparsers) -> None:
    from patience.findings import KINDS

    parser = subparsers.add_parser(
        "check", help=SUMMARY,
        description="Checks the text, its layers and the game specs against each other: "
        "quotations, stated numbers, claims, coverage, corrections, the modern layer, the glossary, "
        "duplicate ids. Each finding is printed as FILE:LINE: what is wrong.",
    )
    parser.add_argument("--kind", action="append", choices=KINDS, metavar="KIND",
                        help=f"only this kind of check (repeatable): {', '.join(KINDS)}")
    parser.add_argument("--json", action="store_true", help="the findings (or the mutation score) as JSON")
    mutations = parser.add_argument_group("mutation testing")
    mutations.add_argument("--mutations", action="store_true",
                           help="mutation testing of the specs: every playable game and variant, or GAME's "
                                "(exit 1 if a mutant survives)")
    mutations.add_argument("game", nargs="?", metavar="GAME", help="with --mutations: one game and its variants")
    mutations.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                           help="with --mutations: worker processes (default: one per CPU)")
    mutations.add_argument("--sample", type=int, default=1, metavar="N",
                           help="with --mutations: judge only every N-th mutant of each game (a quick sample; "
                                "claims are matched with its killed mutants only)")
    mutations.add_argument("--record", metavar="FILE",
                           help="with --mutations: merge the run into the mutation record FILE "
                                "(docs/mutation-score.json): the games run replace their entries, the others are kept")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    if arguments.mutations:
        return run_mutations(arguments)
    if arguments.game or arguments.record:
        raise UsageError(f"check: {'GAME' if arguments.game else '--record'} goes with --mutations")
    from patience.consistency import KINDS, check_source
    from patience.progress import Progress

    kinds = arguments.kind or KINDS
    with Progress("checking the edition: reading it", shown=not arguments.json) as progress:
        def started(kind: str) -> None:
            progress.doing = f"checking the edition: {kind} ({kinds.index(kind) + 1} of {len(kinds)})"

        findings = check_source(kinds=kinds, started=started)
    if arguments.json:
        print(json.dumps({"findings": [f.to_json() for f in findings]}, ensure_ascii=False, indent=2))
    else:
        for finding in findings:
            print(_shown(finding))
        print(f"{len(findings)} finding{'' if len(findings) == 1 else 's'}", file=sys.stderr)
    return 1 if findings else 0


def _shown(finding: Finding) -> str:
    """The finding with its path relative to the working directory when it lies below it."""
    from dataclasses import replace

    path = Path(finding.path)
    try:
        path = path.relative_to(Path.cwd())
    except ValueError:
        pass
    return str(replace(finding, path=str(path)))


def run_mutations(arguments) -> int:
    from patience.claims.record import merged
    from patience.claims.scoring import playable, score_games, summary

    try:
        game_ids = playable(arguments.game)
    except KeyError as error:
        raise UsageError(str(error.args[0])) from None
    if arguments.sample < 1:
        raise UsageError("check: --sample must be 1 or more")
    if arguments.jobs < 1:
        raise UsageError("check: --jobs must be 1 or more")
    if arguments.record and arguments.sample > 1:
        raise UsageError("check: --record keeps a whole run; a sample (--sample) is not recorded")
    record = _record(arguments.record) if arguments.record else None
    scored = Scored(len(game_ids), shown=not arguments.json)
    with scored.progress:
        scores = score_games(game_ids, edition_reading, jobs=arguments.jobs, every=arguments.sample, done=scored)
    result = summary(scores)
    if record is not None:
        _write_record(arguments.record, merged(record, result, playable()))
    if arguments.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        _print_table(result)
    return 1 if result["survived"] else 0


class Scored:
    """A line per game as it is finished, and its survivors, below the count of games scored so
    far and the time taken: a long run shows its way."""

    def __init__(self, games: int, shown: bool):
        from patience.progress import Progress

        self.games, self.done = games, 0
        self.progress = Progress(self._doing(), shown=shown)

    def __call__(self, score) -> None:
        counts = score.counts()
        self.progress.say(f"{score.game}: " + ", ".join(f"{value} {key}" for key, value in counts.items()))
        for verdict in score.survivors:
            self.progress.say(f"  survived: {verdict.mutant.label} ({verdict.detail})")
        self.done += 1
        self.progress.doing = self._doing()

    def _doing(self) -> str:
        return f"mutation testing: {self.done} of {self.games} games scored"


RECORD_SHAPE = {"games": dict, "kills": dict, "survived": list, "claims_never_killing": list, "claims_exempt": dict}


def _record(path: str) -> dict:
    """The mutation record at ``path``, read before the run so that a wrong path costs no run;
    none yet is an empty one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read the mutation record {path}: {getattr(error, 'strerror', None) or error}") from None
    except json.JSONDecodeError as error:
        raise UsageError(f"{path}:{error.lineno}: the mutation record is not valid JSON: {error.msg}") from None
    if not isinstance(data, dict) or not all(isinstance(data.get(key), kind) for key, kind in RECORD_SHAPE.items()):
        raise UsageError(f"{path}: is not a mutation record (`patience check --mutations --json` writes one)")
    return data


def _write_record(path: str, record: dict) -> None:
    from patience.output import write_file

    try:
        write_file(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
    except OSError as error:
        raise UsageError(f"cannot write the mutation record {path}: {error.strerror}") from None



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
        print(f"no one-parameter mutant or probe makes this claim fail: {claim}")
    for claim, reason in result["claims_exempt"].items():
        print(f"exempt: {claim} ({reason})")
