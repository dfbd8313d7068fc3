"""Laying the passage files over the witnesses, character by character.

A segmentation file lists a fragment's passages in witness order, each with its
exact OCR text. The passages must tile the witness: each one's text stands where
the previous one (and the line breaks after it) ended, and the last one reaches
the end of the file. A passage that repeats another fragment's (``collates``) is
a second witness of the same passage; its differences are collated as variants.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from pathlib import Path

from patience.datafile import DataFileError, load_yaml, validate
from patience.text.model import Correction, NoteRef, Passage, Remark, Span, Variant
from patience.text.reading import apply_corrections, first_difference
from patience.text.schema import CorrectionEntry, PassageEntry, SegmentationFile
from patience.text.witnesses import Witness

#: Footnote markers: ``[14]``, and ``^[20]`` where the digitiser raised one.
NOTE_MARKER = re.compile(r"\^?\[(\d+)\]")
SEPARATOR = re.compile(r"\n*")


@dataclass(frozen=True)
class Located:
    """A passage entry with the place it was read from."""

    entry: PassageEntry
    path: Path
    line: int


def read_segmentation(path: Path) -> tuple[str, list[Located]]:
    data = load_yaml(path)
    parsed = validate(SegmentationFile, data, path)
    lines = data["passages"].item_lines
    return parsed.witness, [Located(entry, path, line) for entry, line in zip(parsed.passages, lines)]


def tile(witness: Witness, located: list[Located]) -> list[Span]:
    """The span of each entry in the witness; an error where the text does not line up."""
    spans, cursor, text = [], 0, witness.text
    for item in located:
        ocr = item.entry.ocr
        if text[cursor : cursor + len(ocr)] != ocr:
            found = text[cursor : cursor + min(len(ocr), 40)]
            raise DataFileError(
                item.path,
                item.line,
                f"passage {item.entry.id}: its ocr text does not match fragment {witness.fragment} "
                f"at character {cursor}, where the witness reads {found!r}",
            )
        end = cursor + len(ocr)
        separator = SEPARATOR.match(text, end)
        tail = separator.end() if separator else end
        spans.append(Span(witness.fragment, cursor, end, tail))
        cursor = tail
    if cursor != len(text):
        last = located[-1]
        raise DataFileError(
            last.path,
            last.line,
            f"fragment {witness.fragment}: characters {cursor}–{len(text)} "
            f"({text[cursor:cursor + 40]!r}…) belong to no passage",
        )
    return spans


def locate_corrections(item: Located) -> tuple[Correction, ...]:
    """Each correction at its place in the passage's OCR text; ambiguity is an error."""
    placed: list[Correction] = []
    for entry in item.entry.corrections:
        starts = [m.start() for m in re.finditer(re.escape(entry.sic), item.entry.ocr)]
        start = _choose_occurrence(item, entry, starts)
        placed.append(Correction(entry.sic, entry.corr, entry.kind, start, entry.note))
    placed.sort(key=lambda c: c.start)
    for before, after in zip(placed, placed[1:]):
        if after.start < before.end:
            raise DataFileError(
                item.path, item.line, f"passage {item.entry.id}: corrections {before.sic!r} and {after.sic!r} overlap"
            )
    return tuple(placed)


def _choose_occurrence(item: Located, entry: CorrectionEntry, starts: list[int]) -> int:
    where = f"passage {item.entry.id}: correction sic {entry.sic!r}"
    if not starts:
        raise DataFileError(item.path, item.line, f"{where} does not occur in the passage's witness text")
    if entry.occurrence is None:
        if len(starts) > 1:
            raise DataFileError(
                item.path, item.line, f"{where} occurs {len(starts)} times; say which with 'occurrence'"
            )
        return starts[0]
    if entry.occurrence > len(starts):
        raise DataFileError(
            item.path, item.line, f"{where} occurs {len(starts)} times, not {entry.occurrence}"
        )
    return starts[entry.occurrence - 1]


def build_passage(item: Located, span: Span) -> Passage:
    entry = item.entry
    if entry.reading is None:
        raise DataFileError(item.path, item.line, f"passage {entry.id}: it has no reading text")
    corrections = locate_corrections(item)
    expected = apply_corrections(entry.ocr, corrections)
    if expected != entry.reading:
        raise DataFileError(
            item.path,
            item.line,
            f"passage {entry.id}: the reading text differs from the witness with its recorded corrections "
            f"{first_difference(expected, entry.reading)}; record the correction or fix the reading",
        )
    return Passage(
        id=entry.id,
        kind=entry.kind,
        ocr=entry.ocr,
        reading=entry.reading,
        corrections=corrections,
        spans=(span,),
        remarks=tuple(Remark(r.kind, r.text) for r in entry.remarks),
        note_refs=tuple(NoteRef(int(m.group(1)), m.start(), m.end()) for m in NOTE_MARKER.finditer(entry.ocr)),
        source_file=str(item.path),
        source_line=item.line,
    )


def collate(primary: Passage, item: Located, span: Span) -> Passage:
    """Add a second witness to ``primary``; every difference must be recorded as a variant."""
    entry = item.entry
    if entry.reading is not None or entry.corrections:
        raise DataFileError(
            item.path, item.line, f"passage {entry.id}: a collated witness carries no reading text or corrections"
        )
    found = tuple(Variant(primary.ocr[a1:a2], entry.ocr[b1:b2]) for _, a1, a2, b1, b2 in _opcodes(primary.ocr, entry.ocr))
    recorded = tuple(Variant(v.primary, v.secondary) for v in entry.variants)
    if found != recorded:
        raise DataFileError(
            item.path,
            item.line,
            f"passage {entry.id}: the witnesses differ by {[(v.primary, v.secondary) for v in found]}, "
            f"but the recorded variants are {[(v.primary, v.secondary) for v in recorded]}",
        )
    variants = tuple(Variant(v.primary, v.secondary, v.note) for v in entry.variants)
    return replace(primary, spans=primary.spans + (span,), variants=primary.variants + variants)


def _opcodes(a: str, b: str):
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]
