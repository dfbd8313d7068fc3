"""The reading text is the witness with the encoding rule and the recorded corrections, nothing else."""

import re

from patience.text.reading import apply_corrections, encoding_substitutions, undo_encoding


def test_every_reading_is_its_witness_with_its_corrections(edition):
    for passage in edition.passages:
        assert apply_corrections(passage.ocr, passage.corrections) == passage.reading, passage.id


def test_no_difference_outside_a_correction_is_unrecorded(edition):
    """Outside corrected spans the reading differs from the witness only by ђ→ѣ (and є, џ)."""
    for passage in edition.passages:
        cursor_ocr = cursor_reading = 0
        for correction in passage.corrections:
            stretch = passage.ocr[cursor_ocr : correction.start]
            assert passage.reading[cursor_reading : cursor_reading + len(stretch)] == undo_encoding(stretch)
            cursor_reading += len(stretch) + len(correction.corr)
            cursor_ocr = correction.end
        assert passage.reading[cursor_reading:] == undo_encoding(passage.ocr[cursor_ocr:]), passage.id


def test_encoding_rule_maps_dje_to_yat_keeping_case():
    assert undo_encoding("вмђстђ") == "вмѣстѣ"
    assert undo_encoding("ДВђ ПОЛНЫХЪ") == "ДВѢ ПОЛНЫХЪ"
    assert undo_encoding("Ђ") == "Ђ"  # never produced by the OCR's code page: left for a reviewer
    assert undo_encoding("єеодоръ џпостась") == "ѳеодоръ ѵпостась"
    assert encoding_substitutions("мђстђ") == [(1, "ђ", "ѣ"), (4, "ђ", "ѣ")]


def test_no_encoding_character_survives_in_the_reading_text(edition):
    for passage in edition.passages:
        assert not re.search("[ђєџ]", passage.reading), passage.id


def test_every_correction_is_recorded_with_its_witness_reading_and_kind(edition):
    kinds = {"misread", "script", "split", "joined", "punctuation", "case", "duplication"}
    for passage in edition.passages:
        for correction in passage.corrections:
            assert passage.ocr[correction.start : correction.end] == correction.sic
            assert correction.kind in kinds
            assert correction.sic != correction.corr


def test_known_corrections_of_fragment_000(edition):
    fixes = {(p.id, c.sic, c.corr, c.kind) for p in edition.passages for c in p.corrections}
    assert ("calculation.game.4", "неболыпой", "небольшой", "misread") in fixes
    assert ("sultan.end.2", "на кладываются", "накладываются", "split") in fixes
    assert ("nivernaise.game.8", "такъже", "такъ же", "joined") in fixes
    assert "небольшой практикѣ" in edition.passage("calculation.game.4").reading


def test_removing_a_recorded_correction_breaks_the_check(edition):
    passage = edition.passage("calculation.game.4")
    assert apply_corrections(passage.ocr, passage.corrections[1:]) != passage.reading or len(passage.corrections) == 0
    assert apply_corrections(passage.ocr, ()) != passage.reading
