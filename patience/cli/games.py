"""``patience games``: the games and variants that have specs, and how much text survives."""

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
    from patience.engine import games

    entries = games()
    width = max(len(entry.id) for entry in entries)
    for entry in entries:
        playable = "" if entry.playable else " (not playable)"
        print(f"{entry.id.ljust(width)}  {entry.title} — {entry.title_ru}  [{STATUS[entry.status]}]{playable}")
    return 0
