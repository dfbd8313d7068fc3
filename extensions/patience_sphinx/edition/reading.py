"""The reading text of a passage in pieces: plain text, corrections, note markers.

The pieces are cut in the witness's coordinates, the way the text model builds
the reading text (the code-page rule between corrections, each correction's
``corr`` in its place), so joined together they are the reading text exactly.
"""

from __future__ import annotations

from typing import NamedTuple

from patience.text.reading import undo_encoding


class Piece(NamedTuple):
    kind: str  # "text", "correction" or "note"
    text: str
    source: object = None  # the Correction or NoteRef


def reading_pieces(passage) -> list[Piece]:
    marks = sorted(
        [(c.start, c.end, "correction", c) for c in passage.corrections]
        + [(r.start, r.end, "note", r) for r in passage.note_refs],
        key=lambda mark: (mark[0], mark[2] != "correction"),
    )
    pieces, cursor = [], 0
    for start, end, kind, source in marks:
        if start < cursor:
            continue  # a marker inside a correction: the correction carries it
        if start > cursor:
            pieces.append(Piece("text", undo_encoding(passage.ocr[cursor:start])))
        text = source.corr if kind == "correction" else undo_encoding(passage.ocr[start:end])
        pieces.append(Piece(kind, text, source))
        cursor = end
    if cursor < len(passage.ocr):
        pieces.append(Piece("text", undo_encoding(passage.ocr[cursor:])))
    return pieces


def witness_pieces(passage) -> list[Piece]:
    """The witness as it is, with the places the reading text corrects marked."""
    pieces, cursor = [], 0
    for correction in sorted(passage.corrections, key=lambda c: c.start):
        if correction.start > cursor:
            pieces.append(Piece("text", passage.ocr[cursor : correction.start]))
        pieces.append(Piece("correction", correction.sic, correction))
        cursor = correction.end
    if cursor < len(passage.ocr):
        pieces.append(Piece("text", passage.ocr[cursor:]))
    return pieces
