"""Schemas of the files under ``source_texts/``: what each key means and may hold.

Unknown keys are errors (``extra="forbid"``), so a misspelt key cannot silently
drop content. The checked, loaded objects are in :mod:`patience.text.model`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

PASSAGE_ID = re.compile(r"^[a-z]+(\.(?:[a-z]+|[1-9][0-9]*))*$")
FRAGMENT_ID = r"^[0-9]{3}$"

PassageKind = Literal[
    "title",  # a game's title, «НАПОЛЕОНОВСКІЙ КАРРЕ.»
    "heading",  # a section heading: «Правила.», «Игра.», the packs line
    "rule",  # a numbered rule, «I. …»
    "paragraph",
    "caption",  # the caption of a lost plate, «Султанъ.»
    "note",
    "note-label",  # the number printed above a note in the notes section
    "backlink",  # the digitiser's «(обратно)» after each note
    "page-number",
]

CorrectionKind = Literal[
    "misread",  # a letter read as another (н/и/п, е/с, г/і, «іі» for й …)
    "script",  # a Latin letter or a digit standing inside a Cyrillic word
    "split",  # one word split in two
    "joined",  # two words run together
    "punctuation",
    "case",
    "duplication",  # a word or letter printed twice
]

RemarkKind = Literal["lacuna", "uncertain", "furniture", "editorial"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CorrectionEntry(Strict):
    """One explicit OCR correction: ``sic`` as it stands in the witness, ``corr`` as read."""

    sic: str = Field(min_length=1)
    corr: str
    kind: CorrectionKind
    occurrence: int | None = Field(default=None, ge=1)
    note: str | None = None


class RemarkEntry(Strict):
    kind: RemarkKind
    text: str = Field(min_length=1)


class VariantEntry(Strict):
    """A difference between two witnesses of one passage."""

    primary: str
    secondary: str
    note: str | None = None


class PassageEntry(Strict):
    id: str
    kind: PassageKind
    ocr: str = Field(min_length=1)
    reading: str | None = None
    corrections: list[CorrectionEntry] = []
    remarks: list[RemarkEntry] = []
    collates: str | None = Field(default=None, pattern=FRAGMENT_ID)
    variants: list[VariantEntry] = []

    @field_validator("id")
    @classmethod
    def _well_formed_id(cls, value: str) -> str:
        if not PASSAGE_ID.match(value):
            raise ValueError(
                f"identifier {value!r} is not of the form game.part.number (lower-case words and numbers joined by dots)"
            )
        return value

    @field_validator("ocr")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value or value.strip() != value:
            raise ValueError("the ocr text of a passage is one line with no space at either end")
        return value


class SegmentationFile(Strict):
    witness: str = Field(pattern=FRAGMENT_ID)
    passages: list[PassageEntry] = Field(min_length=1)


class WitnessEntry(Strict):
    fragment: str = Field(pattern=FRAGMENT_ID)
    file: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    description: str


class WitnessesFile(Strict):
    witnesses: list[WitnessEntry]


class GameEntry(Strict):
    id: str = Field(pattern=r"^[a-z]+$")
    title_en: str
    title_ru: str | None = None
    title_source: str | None = None
    identification: str
    lacunae: list[str] = []


class GamesFile(Strict):
    games: list[GameEntry]


class NoteAttachmentEntry(Strict):
    """Where a note whose marker is lost belongs, as far as the book's order tells."""

    number: int = Field(ge=1)
    games: list[str] = []
    reason: str


class NotesFile(Strict):
    inferred: list[NoteAttachmentEntry]
