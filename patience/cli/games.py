"""``patience games``: the games and variants, in the book's order, and how much text survives."""

from __future__ import annotations

STATUS = {
    "complete": "complete: the text of the rules survives",
    "partial": "partial: part of the text is lost, the gaps are conjecture",
    "fragmentary": "fragmentary: too little survives to play",
}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "games", help="list the games with their ids and whether their text is complete",
        description="Lists every game and variant with a rule specification.",
    )
    parser.set_defaults(func=run)


def run(arguments) -> int:
    from patience.datafile import DataFileError
    from patience.engine import games
    from patience.spec.loading import game_line
    from patience.text import load_edition

    order = {game.id: game.order for game in load_edition().games}
    entries = games()
    for entry in entries:
        if entry.id not in order and ":" not in entry.id:
            raise DataFileError(entry.path, game_line(entry.path), f"game {entry.id!r} is not in games.yaml")
    entries.sort(key=lambda entry: order[entry.id.split(":")[0]])
    width = max(len(entry.id) for entry in entries)
    for entry in entries:
        russian = entry.title_ru or "Russian title lost"
        playable = "" if entry.playable else " (not playable)"
        print(f"{entry.id.ljust(width)}  {entry.title} — {russian}  [{STATUS[entry.status]}]{playable}")
    return 0
