"""The whole edition, loaded and checked: games, passages in book order, notes, and what the
edition is as a publication (``edition.yaml``: editors, version, release, address)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from patience.citation.publication import Publication, load_publication
from patience.datafile import DataFileError, load_yaml, validate
from patience.sources import source_texts_dir
from patience.text.departures import Collation, load_collation
from patience.text.model import Game, Note, Passage
from patience.text.notes import link_notes
from patience.text.schema import GamesFile
from patience.text.segmentation import Located, build_passage, collate, read_segmentation, tile
from patience.text.witnesses import Witness, load_witnesses


@dataclass(frozen=True)
class Edition:
    source: Path
    witnesses: dict[str, Witness]
    games: tuple[Game, ...]
    passages: tuple[Passage, ...]
    notes: dict[int, Note]
    collation: Collation
    publication: Publication
    _by_id: dict[str, Passage] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {p.id: p for p in self.passages})

    def passage(self, passage_id: str) -> Passage:
        try:
            return self._by_id[passage_id]
        except KeyError:
            raise KeyError(f"no passage {passage_id!r}") from None

    def game(self, game_id: str) -> Game:
        for game in self.games:
            if game.id == game_id:
                return game
        raise KeyError(f"no game {game_id!r}")


def load_edition(source: Path | str | None = None) -> Edition:
    """Read and check ``source_texts/``; any inconsistency is a :class:`DataFileError`.

    The result is cached until a file under ``source`` changes (its size or time).
    """
    source = Path(source) if source else source_texts_dir()
    return _load(source, fingerprint(source))


def fingerprint(source: Path) -> tuple:
    """Every file under ``source`` with its time and size: what a cache of its contents is keyed on."""
    files = sorted(p for p in source.rglob("*") if p.is_file())
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


@lru_cache(maxsize=4)
def _load(source: Path, fingerprint: tuple) -> Edition:
    witnesses = load_witnesses(source)
    passages = _read_passages(source, witnesses)
    games = _read_games(source / "games.yaml", passages)
    notes = link_notes(passages, source / "notes.yaml", {g.id for g in games})
    _check_notes(notes, source / "notes.yaml")
    collation = load_collation(source / "departures.yaml", games, passages)
    return Edition(source, witnesses, games, tuple(passages), notes, collation, load_publication(source))


def _read_passages(source: Path, witnesses: dict[str, Witness]) -> list[Passage]:
    """Passages in book order: the fragments in order, each passage where it first stands."""
    passages: dict[str, Passage] = {}
    where: dict[str, Located] = {}
    for path in sorted((source / "segmentation").glob("*.yaml")):
        fragment, located = read_segmentation(path)
        if fragment not in witnesses:
            raise DataFileError(path, 1, f"no witness {fragment} is listed in witnesses.yaml")
        for item, span in zip(located, tile(witnesses[fragment], located)):
            passage_id = item.entry.id
            if item.entry.collates is not None:
                primary = passages.get(passage_id)
                if primary is None or item.entry.collates not in primary.fragments:
                    raise DataFileError(
                        item.path, item.line, f"passage {passage_id} collates fragment {item.entry.collates}, which has no such passage"
                    )
                passages[passage_id] = collate(primary, item, span)
                continue
            if passage_id in passages:
                first = where[passage_id]
                raise DataFileError(
                    item.path, item.line, f"passage {passage_id} is already defined at {first.path.name}:{first.line}"
                )
            passages[passage_id] = build_passage(item, span)
            where[passage_id] = item
    covered = {span.fragment for p in passages.values() for span in p.spans}
    for fragment, witness in witnesses.items():
        if fragment not in covered:
            raise DataFileError(witness.path, None, f"fragment {fragment} has no segmentation file")
    return list(passages.values())


def _read_games(path: Path, passages: list[Passage]) -> tuple[Game, ...]:
    data = load_yaml(path)
    entries = validate(GamesFile, data, path).games
    known = {e.id for e in entries}
    for passage in passages:
        if passage.game and passage.game not in known:
            raise DataFileError(
                passage.source_file, passage.source_line, f"passage {passage.id}: no game {passage.game!r} in games.yaml"
            )
    games = []
    for order, entry in enumerate(entries, start=1):
        ids = tuple(p.id for p in passages if p.game == entry.id)
        if not ids:
            raise DataFileError(path, data["games"].item_lines[order - 1], f"game {entry.id} has no passage")
        games.append(
            Game(entry.id, order, entry.title_en, entry.title_ru, entry.title_source, entry.identification,
                 tuple(entry.lacunae), ids)
        )
    return tuple(games)


def _check_notes(notes: dict[int, Note], path: Path) -> None:
    for note in notes.values():
        if note.passage_id and not note.cited_by and not note.inferred:
            raise DataFileError(
                path, None, f"note {note.number} has no marker in the fragments and no recorded attachment"
            )
