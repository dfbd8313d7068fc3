"""``patience departures``: what the translation did to the games.

For every departure from Cadogan's English that changes play, the games that play its
two readings and their win rates, read from the statistics table; ``--write`` copies
the rates into ``departures.yaml`` (its ``effect`` fields), the only way they get there.
"""

from __future__ import annotations

import json

SUMMARY = "the departures from Cadogan's English that change play, and their measured effect"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "departures", help=SUMMARY,
        description="Lists every departure whose two readings are played by a game and its variant, with "
                    "each reading's win rate from the statistics table (with its 95%% interval, widened to "
                    "the deals the solver left undecided), or 'not yet measured'.",
    )
    parser.add_argument("--json", action="store_true", help="the effects as JSON")
    parser.add_argument("--write", action="store_true",
                        help="write the measured effects into departures.yaml (its 'effect' fields)")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.progress import Progress
    from patience.readings import READINGS, effects
    from patience.readings.chart import describe
    from patience.readings.record import write_effects
    from patience.sources import source_texts_dir
    from patience.text import load_edition

    with Progress("reading the edition and the statistics", shown=not arguments.json):
        found = effects(load_edition().collation.departures)
    if arguments.write:
        path = source_texts_dir() / "departures.yaml"
        changed = write_effects(path, found)
        load_edition()  # the file still reads, or this is a located error
        print(f"{path}: {changed} departure{'s' * (changed != 1)} changed")
        return 0
    if arguments.json:
        print(json.dumps([{"departure": item.departure, "played": item.played, "measure": item.measure,
                           "effect": item.as_record(), "not_measured": item.missing or None}
                          for item in found], ensure_ascii=False, indent=1))
        return 0
    for item in found:
        print(f"{item.departure}: the Russian is {item.played['russian']}, the English {item.played['english']}")
        if not item.measured:
            print(f"  not yet measured: {item.missing}")
            continue
        for reading in READINGS:
            print(f"  {describe(reading, item.rate_of(reading))}")
        print(f"  the intervals are {'apart' if item.separate else 'not apart'}")
    return 0
