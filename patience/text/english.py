"""The English layer: a translation of every passage, with translator's notes.

``source_texts/english/<game>.yaml`` holds the English of one game's passages,
``notes.yaml`` that of the notes section and the page furniture. Each entry
gives a passage's English, the translator's notes on its Russian (``ru`` quotes
the words a note is about) and the glossary terms whose rendering is
deliberately absent from it, each with its reason. :func:`load_english` checks
the layer against the edition: every passage has its English, no entry names an
unknown passage or sits in the wrong file, footnote markers and rule numbers
are those of the Russian.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

from patience.datafile import DataFileError, line_of, load_yaml, validate
from patience.text.edition import Edition, load_edition, source_texts_dir
from patience.text.model import Passage
from patience.text.segmentation import NOTE_MARKER

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]

NOTES_FILE = "notes"
"""The file of passages that belong to no game: the notes and the page number."""

_RULE_NUMBER = re.compile(r"^([IVXL]+)\.")


class _Note(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ru: Text | None = None
    text: Text


class _Exception(BaseModel):
    model_config = ConfigDict(extra="forbid")
    term: Text
    reason: Text


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Text
    text: Text
    notes: list[_Note] = []
    exceptions: list[_Exception] = []


class _EnglishFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    passages: list[_Entry]


@dataclass(frozen=True)
class TranslatorNote:
    """A note on the Russian of one passage (примѣчаніе переводчика)."""

    text: str
    ru: str | None = None


@dataclass(frozen=True)
class GlossaryException:
    """A glossary term whose English rendering this passage's English lacks, and why."""

    term: str
    reason: str


@dataclass(frozen=True)
class EnglishEntry:
    """The English of one passage."""

    id: str
    text: str
    notes: tuple[TranslatorNote, ...]
    exceptions: tuple[GlossaryException, ...]
    source_file: str
    source_line: int


def english_dir(source: Path) -> Path:
    return source / "english"


def home_file(passage: Passage) -> str:
    """The stem of the English file that must hold ``passage``."""
    return passage.game or NOTES_FILE


def load_english(source: Path | str | None = None, edition: Edition | None = None) -> dict[str, EnglishEntry]:
    """Read ``source_texts/english/`` and check it against the edition.

    Returns the entries by passage id, in book order. Any fault is a
    :class:`DataFileError` naming the file and line.
    """
    source = Path(source) if source else (edition.source if edition else source_texts_dir())
    edition = edition or load_edition(source)
    stems = {game.id for game in edition.games} | {NOTES_FILE}
    entries: dict[str, EnglishEntry] = {}
    for path in sorted(english_dir(source).glob("*.yaml")):
        if path.stem not in stems:
            raise DataFileError(path, None, f"no game {path.stem!r}: files are named after games, or {NOTES_FILE}.yaml")
        for entry in _read_file(path, edition):
            if entry.id in entries:
                first = entries[entry.id]
                raise DataFileError(
                    path, entry.source_line, f"passage {entry.id} is already translated at {Path(first.source_file).name}:{first.source_line}"
                )
            entries[entry.id] = entry
    _check_complete(edition, entries, english_dir(source))
    return {p.id: entries[p.id] for p in edition.passages}


def _read_file(path: Path, edition: Edition) -> list[EnglishEntry]:
    data = load_yaml(path)
    parsed = validate(_EnglishFile, data, path)
    entries = []
    for index, raw in enumerate(parsed.passages):
        line = data["passages"].item_lines[index]
        try:
            passage = edition.passage(raw.id)
        except KeyError:
            raise DataFileError(path, line, f"no passage {raw.id!r} in the edition") from None
        if home_file(passage) != path.stem:
            raise DataFileError(path, line, f"passage {raw.id} belongs in {home_file(passage)}.yaml")
        _check_against_russian(raw, passage, data, index, path)
        notes = tuple(TranslatorNote(n.text, n.ru) for n in raw.notes)
        exceptions = tuple(GlossaryException(e.term, e.reason) for e in raw.exceptions)
        entries.append(EnglishEntry(raw.id, raw.text, notes, exceptions, str(path), line))
    return entries


def _check_against_russian(raw: _Entry, passage: Passage, data, index: int, path: Path) -> None:
    """The English keeps the passage's footnote markers and rule number; notes quote its Russian."""
    where = line_of(data, ("passages", index, "text"))
    if sorted(NOTE_MARKER.findall(raw.text)) != sorted(NOTE_MARKER.findall(passage.reading)):
        wanted = ", ".join(f"[{n}]" for n in NOTE_MARKER.findall(passage.reading)) or "none"
        raise DataFileError(path, where, f"passage {raw.id}: footnote markers must be those of the Russian ({wanted})")
    number = _RULE_NUMBER.match(passage.reading)
    if passage.kind == "rule" and number and not raw.text.startswith(number.group(0)):
        raise DataFileError(path, where, f"passage {raw.id}: a rule keeps its number, {number.group(0)!r}")
    for note_index, note in enumerate(raw.notes):
        if note.ru and note.ru not in passage.reading:
            line = line_of(data, ("passages", index, "notes", note_index, "ru"))
            raise DataFileError(path, line, f"passage {raw.id}: the quoted Russian {note.ru!r} is not in its reading text")


def _check_complete(edition: Edition, entries: dict[str, EnglishEntry], folder: Path) -> None:
    for passage in edition.passages:
        if passage.id not in entries:
            raise DataFileError(folder / f"{home_file(passage)}.yaml", None, f"passage {passage.id} has no English")


def english_record(entry: EnglishEntry) -> dict:
    """One passage's English layer as JSON-ready data (for ``patience text --json``)."""
    return {
        "text": entry.text,
        "translator_notes": [{"text": n.text, "ru": n.ru} for n in entry.notes],
        "glossary_exceptions": [{"term": e.term, "reason": e.reason} for e in entry.exceptions],
    }
