"""The modern layer of a passage: the converter's output plus that passage's overrides.

This is the one module of :mod:`patience.orthography` that knows of passages.
Overrides live in ``source_texts/modern/overrides.yaml``; each names a passage,
a word (or words) of its reading text, the modern form to use instead of the
converter's, and why. An override that no longer matches its passage is an
error, so a changed reading text cannot leave a stale override behind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from patience.datafile import DataFileError, load_yaml, validate
from patience.orthography.conversion import Change, Conversion
from patience.orthography.convert import modernize


class _OverrideEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    passage: str = Field(min_length=1)
    original: str = Field(min_length=1)
    replacement: str
    reason: str = Field(min_length=1)


class _OverridesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    overrides: list[_OverrideEntry] = []


@dataclass(frozen=True)
class Override:
    """Every whole-word occurrence of ``original`` in ``passage`` becomes ``replacement``."""

    passage: str
    original: str
    replacement: str
    reason: str
    path: Path
    line: int | None


def overrides_path(source_texts: Path) -> Path:
    return source_texts / "modern" / "overrides.yaml"


def load_overrides(path: Path) -> tuple[Override, ...]:
    data = load_yaml(path)
    entries = validate(_OverridesFile, data or {}, path).overrides
    lines = data["overrides"].item_lines if entries else []
    return tuple(
        Override(e.passage, e.original, e.replacement, e.reason, path, line)
        for e, line in zip(entries, lines)
    )


def modern_layer(passage_id: str, reading: str, overrides: Iterable[Override] = ()) -> Conversion:
    """The modern text of one passage: the converter's changes, then its overrides."""
    changes = list(modernize(reading).changes)
    for override in overrides:
        if override.passage == passage_id:
            changes = _apply(override, reading, changes)
    return Conversion(reading, tuple(sorted(changes, key=lambda c: c.start)))


def modern_layers(passages: Iterable, overrides: Iterable[Override] = ()) -> dict[str, Conversion]:
    """The modern layer of every passage (objects with ``.id`` and ``.reading``), by id."""
    passages = list(passages)
    overrides = tuple(overrides)
    known = {p.id for p in passages}
    for override in overrides:
        if override.passage not in known:
            raise DataFileError(override.path, override.line, f"no passage {override.passage!r}")
    return {p.id: modern_layer(p.id, p.reading, overrides) for p in passages}


def _apply(override: Override, reading: str, changes: list[Change]) -> list[Change]:
    pattern = r"(?<![^\W\d_])" + re.escape(override.original) + r"(?![^\W\d_])"
    spans = [m.span() for m in re.finditer(pattern, reading)]
    if not spans:
        raise DataFileError(
            override.path, override.line,
            f"passage {override.passage} has no word {override.original!r} in its reading text",
        )
    for start, end in spans:
        kept = []
        for change in changes:
            if change.end <= start or change.start >= end:
                kept.append(change)
            elif change.start < start or change.end > end:
                raise DataFileError(
                    override.path, override.line,
                    f"override {override.original!r} cuts the word {change.original!r}: cover whole words",
                )
        kept.append(Change(start, end, override.original, override.replacement, ("override",), override.reason))
        changes = kept
    return changes
