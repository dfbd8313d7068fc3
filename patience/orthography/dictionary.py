"""The dictionary check of modern text: words pymorphy3 does not know, and the allow-list.

Every word of the modern layer must be known to the OpenCorpora dictionary or
stand on ``source_texts/modern/allowlist.yaml`` with a reason (a proper name,
a period card term, an archaism). An unknown word in converted reading text is
usually an OCR fault the reading text still carries.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from patience.datafile import load_yaml, validate
from patience.orthography import morphology

WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")


class _AllowEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    word: str = Field(min_length=1)
    reason: str = Field(min_length=1)


class _AllowFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    words: list[_AllowEntry] = []


@dataclass(frozen=True)
class Allowed:
    word: str
    reason: str
    line: int | None


def allowlist_path(source_texts: Path) -> Path:
    return source_texts / "modern" / "allowlist.yaml"


def load_allowlist(path: Path) -> dict[str, Allowed]:
    """The reviewed words, by lower-case form."""
    data = load_yaml(path)
    entries = validate(_AllowFile, data or {}, path).words
    lines = data["words"].item_lines if entries else []
    return {e.word.lower(): Allowed(e.word, e.reason, line) for e, line in zip(entries, lines)}


def is_known(word: str) -> bool:
    """Known to the dictionary; a hyphenated word also when each of its parts is."""
    lower = word.lower()
    return morphology.is_known(lower) or ("-" in lower and all(map(morphology.is_known, lower.split("-"))))


def unknown_words(text: str) -> Iterator[re.Match]:
    """The Russian words of modern ``text`` that the dictionary does not know."""
    for match in WORD.finditer(text):
        if CYRILLIC.search(match.group()) and not is_known(match.group()):
            yield match
