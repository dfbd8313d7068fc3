"""Cadogan's English against the Russian: ``source_texts/departures.yaml``.

Three lists: which games' English survives (``english``), each point where the
Russian departs from it (``departures``), and the editorial notes that settle a
doubtful reading (``readings``). Every passage named must exist; every departure
and reading belongs to the game its id begins with. Clause references stay
strings here (the text model knows nothing of cards): a test checks them
against the specs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from patience.datafile import DataFileError, line_of, load_yaml, validate
from patience.text.model import Departure, EnglishText, Game, Passage, Reading
from patience.text.schema import DeparturesFile


@dataclass(frozen=True)
class Collation:
    english: tuple[EnglishText, ...]
    departures: tuple[Departure, ...]
    readings: tuple[Reading, ...]

    def of_game(self, game: str) -> tuple[list[Departure], list[Reading]]:
        return ([d for d in self.departures if d.game == game], [r for r in self.readings if r.game == game])


def load_collation(path: Path, games: tuple[Game, ...], passages: list[Passage]) -> Collation:
    data = load_yaml(path)
    parsed = validate(DeparturesFile, data, path)
    game_ids = {g.id for g in games}
    passage_ids = {p.id for p in passages}
    english = []
    for index, entry in enumerate(parsed.english):
        _known_game(entry.game, game_ids, path, line_of(data, ("english", index)))
        english.append(EnglishText(entry.game, entry.edition, entry.extent, entry.note))
    _every_game_once([e.game for e in english], games, path, data)
    departures = tuple(_departure(entry, index, data, path, game_ids, passage_ids)
                       for index, entry in enumerate(parsed.departures))
    readings = tuple(_reading(entry, index, data, path, game_ids, passage_ids, {d.id for d in departures})
                     for index, entry in enumerate(parsed.readings))
    _unique([*departures, *readings], path)
    return Collation(tuple(english), departures, readings)


def _departure(entry, index, data, path, game_ids, passage_ids) -> Departure:
    line = line_of(data, ("departures", index))
    game = _owner(entry.id, entry.passages, game_ids, passage_ids, path, line)
    return Departure(entry.id, game, tuple(entry.passages), entry.topic, entry.russian, entry.english,
                     entry.words_ru, entry.words_en, entry.play, entry.spec, entry.why,
                     tuple(entry.clauses), entry.variant, line or 0,
                     entry.played.model_dump() if entry.played else None, entry.measure,
                     entry.effect.model_dump(exclude_defaults=True) if entry.effect else None)  # as written


def _reading(entry, index, data, path, game_ids, passage_ids, departure_ids) -> Reading:
    line = line_of(data, ("readings", index))
    game = _owner(entry.id, entry.passages, game_ids, passage_ids, path, line)
    unknown = [d for d in entry.departures if d not in departure_ids]
    if unknown:
        raise DataFileError(path, line, f"reading {entry.id}: no departure {unknown[0]!r}")
    return Reading(entry.id, game, entry.title, tuple(entry.passages), entry.decision, tuple(entry.evidence),
                   entry.inference, tuple(entry.clauses), tuple(entry.departures), line or 0)


def _owner(item_id: str, passages, game_ids, passage_ids, path, line) -> str:
    game = item_id.split(".")[0]
    _known_game(game, game_ids, path, line)
    missing = [p for p in passages if p not in passage_ids]
    if missing:
        raise DataFileError(path, line, f"{item_id}: no passage {missing[0]!r} in the edition")
    return game


def _known_game(game: str, game_ids: set[str], path, line) -> None:
    if game not in game_ids:
        raise DataFileError(path, line, f"no game {game!r} in games.yaml")


def _every_game_once(listed: list[str], games, path, data) -> None:
    for game in games:
        if listed.count(game.id) != 1:
            raise DataFileError(path, data.key_lines.get("english"),
                                f"game {game.id} must be listed once under 'english' (found {listed.count(game.id)})")


def _unique(items, path) -> None:
    seen: dict[str, int] = {}
    for item in items:
        if item.id in seen:
            raise DataFileError(path, item.source_line, f"{item.id} is already used at line {seen[item.id]}")
        seen[item.id] = item.source_line
