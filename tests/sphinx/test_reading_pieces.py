"""The reading text is written in pieces; joined, they are the reading text exactly."""

from __future__ import annotations

import pytest
from patience_sphinx.edition.reading import reading_pieces, witness_pieces

from patience.text import load_edition

EDITION = load_edition()


@pytest.mark.parametrize("passage", EDITION.passages, ids=lambda p: p.id)
def test_pieces_join_up_to_the_reading_text_and_the_witness(passage):
    pieces = reading_pieces(passage)
    assert "".join(piece.text for piece in pieces) == passage.reading
    assert "".join(piece.text for piece in witness_pieces(passage)) == passage.ocr
    assert [p.source for p in pieces if p.kind == "correction"] == sorted(passage.corrections, key=lambda c: c.start)
    assert [p.source.number for p in pieces if p.kind == "note"] == [r.number for r in passage.note_refs]
