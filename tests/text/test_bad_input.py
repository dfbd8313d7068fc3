"""Broken data is a clear error naming the file and line; nothing is silently dropped."""

import hashlib
from pathlib import Path

import pytest

from patience.datafile import DataFileError
from patience.text import load_edition
from tests.editing import edit, expect_error, line_of


def expect(source: Path, path: Path, line: int | None, message: str):
    expect_error(lambda: load_edition(source), path, line, message)


def test_malformed_yaml(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, "  - id: sultan.plate\n", "  - id: [sultan.plate\n")
    with pytest.raises(DataFileError) as caught:
        load_edition(source_copy)
    assert caught.value.path == path and caught.value.line is not None
    assert "YAML syntax" in str(caught.value)


def test_unknown_key(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, "    kind: caption\n", "    kind: caption\n    colour: red\n")
    expect(source_copy, path, line_of(path, "colour: red"), r"passages\.2\.colour: unknown key")


def test_wrong_kind(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, "    kind: caption\n", "    kind: picture\n")
    expect(source_copy, path, line_of(path, "kind: picture"), r"passages\.2\.kind: Input should be")


def test_duplicated_identifier(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, "  - id: sultan.end.3\n", "  - id: sultan.end.1\n")
    expect(source_copy, path, line_of(path, "id: sultan.end.1", 2), r"passage sultan.end.1 is already defined at 000.yaml:4")


def test_dropped_character_of_the_witness(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, 'ocr: "Султанъ."', 'ocr: "Султанъ"')
    expect(source_copy, path, line_of(path, "id: sultan.end.3"), r"does not match fragment 000 at character \d+")


def test_dropped_passage(source_copy):
    path = source_copy / "segmentation" / "004.yaml"
    text = path.read_text(encoding="utf-8")
    last = text.rindex("  - id: notes.18.back")
    path.write_text(text[:last], encoding="utf-8")
    expect(source_copy, path, _last_id_line(path), r"characters \d+–\d+ .* belong to no passage")


def _last_id_line(path: Path) -> int:
    return [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith("  - id:")][-1]


def test_correction_whose_sic_is_not_in_the_witness(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, 'sic: "неболыпой"', 'sic: "небольшою"')
    expect(source_copy, path, line_of(path, "id: calculation.game.4"), r"sic 'небольшою' does not occur")


def test_unrecorded_difference_in_the_reading(source_copy):
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, "reading: \"Талонъ берутъ, тасуютъ", "reading: \"Талонъ беретъ, тасуютъ")
    expect(source_copy, path, line_of(path, "id: sultan.end.3"), r"reading text differs .* record the correction")


def test_dangling_collation(source_copy):
    path = source_copy / "segmentation" / "002.yaml"
    edit(path, "  - id: empress.game.3\n", "  - id: empress.game.33\n")
    expect(source_copy, path, line_of(path, "id: empress.game.33"), r"collates fragment 000, which has no such passage")


def test_unrecorded_variant_between_witnesses(source_copy):
    # the same edit in the witness and its segmentation: a variant that nobody recorded
    witness = next((source_copy / "witnesses").glob("002_*"))
    witness.write_text(witness.read_text(encoding="utf-8").replace("Четвертая дама", "Четвертая дана", 1), encoding="utf-8")
    listing = source_copy / "witnesses.yaml"
    edit(listing, "6f40df7745e957f6afd8806c3177377c5d23c9095dfdd219fe9f40a3035fe7ae",
         hashlib.sha256(witness.read_bytes()).hexdigest())
    path = source_copy / "segmentation" / "002.yaml"
    edit(path, "Четвертая дама", "Четвертая дана")
    expect(source_copy, path, line_of(path, "id: empress.game.3"), r"witnesses differ by \[\('м', 'н'\)\]")


def test_altered_witness(source_copy):
    witness = next((source_copy / "witnesses").glob("003_*"))
    witness.write_bytes(witness.read_bytes() + b" ")
    expect(source_copy, source_copy / "witnesses.yaml", line_of(source_copy / "witnesses.yaml", 'fragment: "003"'),
           r"has SHA-256 .* it has been altered")


def test_note_attached_by_inference_while_its_marker_survives(source_copy):
    path = source_copy / "notes.yaml"
    edit(path, "  - number: 18\n", "  - number: 14\n")
    expect(source_copy, path, line_of(path, "number: 14"), r"note 14 is cited by calculation.game.4")


def test_an_edited_file_is_read_again(source_copy):
    assert load_edition(source_copy) is load_edition(source_copy)  # cached while nothing changes
    path = source_copy / "segmentation" / "000.yaml"
    edit(path, 'ocr: "Султанъ."', 'ocr: "Султанъ"')
    expect(source_copy, path, line_of(path, "id: sultan.end.3"), r"does not match fragment 000")


def test_a_witness_that_is_not_utf8_is_located_in_the_loader_and_the_command(source_copy, monkeypatch, capsys):
    from patience.cli import main

    witness = next((source_copy / "witnesses").glob("003_*"))
    text = witness.read_text(encoding="utf-8")
    witness.write_bytes(text.encode("cp1251", errors="replace"))  # as a careless re-save would
    listing = source_copy / "witnesses.yaml"
    edit(listing, next(line.split()[-1] for line in listing.read_text(encoding="utf-8").splitlines()
                       if line.strip().startswith("sha256:") and line_of(listing, line.strip()) > line_of(listing, 'fragment: "003"')),
         hashlib.sha256(witness.read_bytes()).hexdigest())
    error = expect_error(lambda: load_edition(source_copy), witness, 1, r"is not UTF-8 \(byte 0: invalid")
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    assert main(["text"]) == 2
    assert capsys.readouterr().err == f"patience: {error}\n"


# -- departures.yaml ---------------------------------------------------------------------------
def test_a_departure_citing_a_passage_that_does_not_exist(source_copy):
    path = source_copy / "departures.yaml"
    edit(path, "    passages: [sultan.end.3]\n", "    passages: [sultan.end.9]\n")
    expect(source_copy, path, line_of(path, "  - id: sultan.redeals"), r"sultan.redeals: no passage 'sultan.end.9'")


def test_a_departure_that_changes_play_needs_the_english_as_a_variant(source_copy):
    path = source_copy / "departures.yaml"
    edit(path, "    variant: sultan:english\n", "")
    expect(source_copy, path, line_of(path, "  - id: sultan.redeals"), r"needs the English reading as a 'variant'")


def test_a_malformed_clause_reference(source_copy):
    path = source_copy / "departures.yaml"
    edit(path, "    clauses: [sultan.redeal]\n", "    clauses: [Sultan redeal]\n")
    expect(source_copy, path, line_of(path, "clauses: [Sultan redeal]"), r"is not a clause reference")


def test_a_game_missing_from_the_english_list(source_copy):
    path = source_copy / "departures.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - game: sympathie")
    end = text.index("\ndepartures:")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines().index("english:") + 1
    expect(source_copy, path, line, r"game sympathie must be listed once under 'english'")


def test_a_reading_naming_an_unknown_departure(source_copy):
    path = source_copy / "departures.yaml"
    edit(path, "    departures: [zodiac.equator-source]\n", "    departures: [zodiac.no-such]\n")
    expect(source_copy, path, line_of(path, "  - id: zodiac.marriages"), r"no departure 'zodiac.no-such'")
