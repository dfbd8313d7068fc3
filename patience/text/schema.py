"""Schemas of the files under ``source_texts/``: what each key means and may hold.

Unknown keys are errors (``extra="forbid"``), so a misspelt key cannot silently
drop content. The checked, loaded objects are in :mod:`patience.text.model`.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

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
    file: str  # a file of source_texts/witnesses/: a name, never a path that leads elsewhere
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    description: str

    @field_validator("file")
    @classmethod
    def _inside_witnesses(cls, value: str) -> str:
        if not value or "/" in value or "\\" in value or value in (".", ".."):
            raise ValueError(f"{value!r} is not a file name: a witness is a file of witnesses/, named without a path")
        return value


class WitnessesFile(Strict):
    witnesses: list[WitnessEntry]


class GameEntry(Strict):
    id: str = Field(pattern=r"^[a-z]+$")
    title_en: str
    title_ru: str | None = None
    title_source: str | None = None
    identification: str
    lacunae: list[str] = []

    @model_validator(mode="after")
    def _title_with_its_source(self):
        if (self.title_ru is None) != (self.title_source is None):
            raise ValueError("a Russian title names the passage it comes from (title_source), and only a title has one")
        return self


class GamesFile(Strict):
    games: list[GameEntry]


class NoteAttachmentEntry(Strict):
    """Where a note whose marker is lost belongs, as far as the book's order tells."""

    number: int = Field(ge=1)
    games: list[str] = []
    reason: str


class NotesFile(Strict):
    inferred: list[NoteAttachmentEntry]


# -- Cadogan's English against the Russian (departures.yaml) -------------------

COLLATION_ID = r"^[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*$"
CLAUSE_REF = r"^[a-z]+(:[a-z0-9-]+)?\.[a-z][a-z0-9-]*$"
VARIANT_ID = r"^[a-z]+:[a-z0-9-]+$"  # game[:variant].clause, checked against the specs by a test


class EnglishTextEntry(Strict):
    """What survives of Cadogan's English for one game of ours, and from which edition."""

    game: str = Field(pattern=r"^[a-z]+$")
    edition: Literal["1874", "1914"] | None
    extent: Literal["complete", "partial", "none"]
    note: str = Field(min_length=10)

    @model_validator(mode="after")
    def _edition_when_extant(self):
        if (self.extent == "none") != (self.edition is None):
            raise ValueError("an English text that survives names its edition; a lost one names none")
        return self


class DepartureEntry(Strict):
    """One point where the Russian says something other than Cadogan's English."""

    id: str = Field(pattern=COLLATION_ID)
    passages: list[str] = Field(min_length=1)
    topic: str = Field(min_length=3)
    russian: str = Field(min_length=5)
    english: str = Field(min_length=5)
    words_ru: str | None = None
    words_en: str | None = Field(None, max_length=60)
    play: Literal["changes", "same", "uncertain"]
    spec: Literal["russian", "english", "neither"]
    why: str = Field(min_length=10)
    clauses: list[str] = []
    variant: str | None = Field(None, pattern=VARIANT_ID)
    # Optional, for more than one playable reading and for what the statistics measure of it:
    # ``variants`` lists further readings (``game:variant``, checked against the specs by
    # ``patience check``); ``effect`` is the measured effect on play, carried through unread.
    variants: list[Annotated[str, StringConstraints(pattern=VARIANT_ID)]] = []
    effect: dict[str, Any] | None = None

    @field_validator("clauses")
    @classmethod
    def _clause_refs(cls, value: list[str]) -> list[str]:
        bad = [ref for ref in value if not re.match(CLAUSE_REF, ref)]
        if bad:
            raise ValueError(f"{bad[0]!r} is not a clause reference (game.clause or game:variant.clause)")
        return value

    @model_validator(mode="after")
    def _variant_where_play_changes(self):
        if self.play == "changes" and self.spec == "russian" and not self.variant:
            raise ValueError("a departure that changes play, where the spec follows the Russian, "
                             "needs the English reading as a 'variant'")
        return self


class ReadingEntry(Strict):
    """An editorial note settling a doubtful reading of the rules, with its evidence."""

    id: str = Field(pattern=COLLATION_ID)
    title: str = Field(min_length=3)
    passages: list[str] = Field(min_length=1)
    decision: str = Field(min_length=10)
    evidence: list[str] = Field(min_length=1)
    inference: str | None = Field(None, min_length=10)
    clauses: list[str] = []
    departures: list[str] = []

    _clause_refs = field_validator("clauses")(DepartureEntry._clause_refs.__func__)  # type: ignore[attr-defined]


class DeparturesFile(Strict):
    english: list[EnglishTextEntry] = Field(min_length=1)
    departures: list[DepartureEntry] = []
    readings: list[ReadingEntry] = []
