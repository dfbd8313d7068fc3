"""Notes and their markers: which passage cites which note, and where lost markers belong.

A note is *attested* where a surviving marker cites it, and then belongs to that
passage's game. A note whose marker is lost is attached by the book's order
(``notes.yaml``), and such an attachment is flagged as inferred. A marker whose
note is not in the fragments is reported as such.
"""

from __future__ import annotations

from pathlib import Path

from patience.datafile import DataFileError, load_yaml, validate
from patience.text.model import Note, Passage
from patience.text.schema import NotesFile


def link_notes(passages: list[Passage], path: Path, game_ids: set[str]) -> dict[int, Note]:
    data = load_yaml(path)
    inferred = validate(NotesFile, data, path).inferred
    texts = {int(p.id.split(".")[1]): p.id for p in passages if p.kind == "note"}
    citing: dict[int, list[Passage]] = {}
    for passage in passages:
        for ref in passage.note_refs:
            citing.setdefault(ref.number, []).append(passage)
    notes = {}
    for number in sorted(set(texts) | set(citing)):
        cited_by = tuple(p.id for p in citing.get(number, []))
        games = tuple(dict.fromkeys(p.game for p in citing.get(number, []) if p.game))
        notes[number] = Note(number, texts.get(number), cited_by, games, inferred=False)
    for index, entry in enumerate(inferred):
        line = data["inferred"].item_lines[index]
        notes[entry.number] = _inferred(notes.get(entry.number), entry, path, line, game_ids)
    return notes


def _inferred(note: Note | None, entry, path: Path, line: int, game_ids: set[str]) -> Note:
    if note is None or note.passage_id is None:
        raise DataFileError(path, line, f"note {entry.number} is not in the notes of the fragments")
    if note.cited_by:
        raise DataFileError(
            path, line, f"note {entry.number} is cited by {', '.join(note.cited_by)}; its attachment is not inferred"
        )
    unknown = [g for g in entry.games if g not in game_ids]
    if unknown:
        raise DataFileError(path, line, f"note {entry.number}: unknown game(s) {', '.join(unknown)}")
    return Note(entry.number, note.passage_id, (), tuple(entry.games), inferred=True, reason=entry.reason)
