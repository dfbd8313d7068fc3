"""``patience text``: the edition's passages, in book order, with every layer."""

from __future__ import annotations

import json

from patience.cli import UsageError

SUMMARY = "print the passages of the edition in book order"


def register(subparsers) -> None:
    parser = subparsers.add_parser("text", help=SUMMARY)
    parser.add_argument("--json", action="store_true", help="everything, as JSON")
    parser.add_argument("--game", metavar="GAME", help="only this game's passages")
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.corpus import load_corpus
    from patience.progress import Progress
    from patience.text.export import edition_record

    with Progress("reading the edition", shown=not arguments.json):
        corpus = load_corpus()
        edition = corpus.edition
        if arguments.game is not None and arguments.game not in {g.id for g in edition.games}:
            known = ", ".join(g.id for g in edition.games)
            raise UsageError(f"no game {arguments.game!r}; the games are {known}")
        record = edition_record(edition, corpus.modern, corpus.english, arguments.game)
    if arguments.json:
        print(json.dumps(record, ensure_ascii=False, indent=2))
        return 0
    for passage in record["passages"]:
        print(f"[{passage['id']}] {passage['reading']}")
    return 0
