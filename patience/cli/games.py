"""``patience games``: the games and variants, in the book's order, and how much text survives.

The list is read quickly, from the specs' headers (:mod:`patience.rulespec.headers`) and the
order of ``games.yaml``, without validating either whole; where that reading cannot vouch
for a file, the whole reading gives the list, or the file's located error.
"""

from __future__ import annotations

STATUS = {
    "complete": "complete: the text of the rules survives",
    "partial": "partial: part of the text is lost, the gaps are conjecture",
    "fragmentary": "fragmentary: too little survives to play",
}
SUMMARY = "list the games with their ids and whether their text is complete"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "games", help=SUMMARY,
        description="Lists every game and variant with a rule specification.",
    )
    parser.set_defaults(func=run)


def run(arguments) -> int:
    entries, order = _read_quickly() or _read_whole()
    entries.sort(key=lambda entry: order[entry.id.split(":")[0]])
    width = max(len(entry.id) for entry in entries)
    for entry in entries:
        russian = entry.title_ru or "Russian title lost"
        playable = "" if entry.playable else " (not playable)"
        print(f"{entry.id.ljust(width)}  {entry.title} — {russian}  [{STATUS[entry.status]}]{playable}")
    return 0


def _read_quickly() -> tuple[list, dict[str, int]] | None:
    """The specs' headers and the book's order, if both read plainly and agree."""
    from patience.rulespec.headers import game_headers

    entries, order = game_headers(), _book_order()
    if entries is None or order is None:
        return None
    if any(entry.status not in STATUS or entry.id.split(":")[0] not in order for entry in entries):
        return None
    return entries, order


def _book_order() -> dict[str, int] | None:
    """Each game's place in ``games.yaml``, or ``None`` if the file is not plainly a list of ids."""
    import yaml

    from patience import sources

    try:
        text = (sources.source_texts_dir() / "games.yaml").read_text(encoding="utf-8")
        listed = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["games"]
        ids = [game["id"] for game in listed]
    except (OSError, UnicodeDecodeError, yaml.YAMLError, TypeError, KeyError):
        return None
    if not all(isinstance(game_id, str) for game_id in ids) or len(set(ids)) != len(ids):
        return None
    return {game_id: place for place, game_id in enumerate(ids, start=1)}


def _read_whole() -> tuple[list, dict[str, int]]:
    """The specs and the edition read and validated whole: the list, or a located error."""
    from patience.datafile import DataFileError
    from patience.rulespec.compile import games
    from patience.rulespec.loading import game_line
    from patience.text import load_edition

    order = {game.id: game.order for game in load_edition().games}
    entries = games()
    for entry in entries:
        if entry.id not in order and ":" not in entry.id:
            raise DataFileError(entry.path, game_line(entry.path), f"game {entry.id!r} is not in games.yaml")
    return entries, order
