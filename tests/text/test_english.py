"""The English layer: every passage translated, checked against its Russian; bad data located."""

import json
import re
from pathlib import Path

import pytest

from patience.text.english import english_record, load_english
from tests.editing import edit, expect_error, line_of

ROMAN = re.compile(r"^([IVXL]+)\. ")


@pytest.fixture(scope="module")
def english(corpus):
    return corpus.english


def test_every_passage_has_english_in_book_order(edition, english):
    assert list(english) == [p.id for p in edition.passages]
    assert all(entry.text.strip() for entry in english.values())


def test_every_rule_keeps_its_roman_number(edition, english):
    rules = [p for p in edition.passages if p.kind == "rule"]
    assert rules
    for passage in rules:
        number = ROMAN.match(passage.reading).group(1)
        assert english[passage.id].text.startswith(f"{number}. "), passage.id


def test_rule_references_keep_roman_numbers(edition, english):
    # «(правило II)» → "(rule II)": wherever the Russian cites a rule, the English cites the same numerals.
    for passage in edition.passages:
        cited = re.findall(r"правил\w*\s+([IVX]+)", passage.reading)
        for numeral in cited:
            assert re.search(rf"\brules?\b[^.]*\b{numeral}\b", english[passage.id].text), (passage.id, numeral)


def test_footnote_markers_are_kept(edition, english):
    for passage in edition.passages:
        assert re.findall(r"\[(\d+)\]", english[passage.id].text) == re.findall(r"\[(\d+)\]", passage.reading)


def test_furniture_is_rendered_plainly(edition, english):
    for passage in edition.passages:
        if passage.kind == "note-label":
            assert english[passage.id].text == passage.reading.strip()
        if passage.kind == "backlink":
            assert english[passage.id].text == "(back)"
    assert english["page.19"].text == "19"


def test_card_terms_are_the_chosen_ones(english):
    # валетъ is "knave" and колода "pack" throughout (docs/translation.md): never "jack" or "deck".
    for entry in english.values():
        assert not re.search(r"\b(jacks?|decks?)\b", entry.text, re.IGNORECASE), entry.id
    assert sum("knave" in e.text for e in english.values()) >= 4


def test_translator_notes_quote_their_passage(edition, english):
    quoted = [(pid, n.ru) for pid, e in english.items() for n in e.notes if n.ru]
    assert len(quoted) > 30
    for passage_id, ru in quoted:
        assert ru in edition.passage(passage_id).reading


# --- broken data ---------------------------------------------------------------------------


def expect(source: Path, path: Path, line: int | None, message: str) -> None:
    expect_error(lambda: load_english(source), path, line, message)


def test_unknown_passage_is_an_error(source_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "  - id: sultan.plate\n", "  - id: sultan.plate.9\n")
    expect(source_copy, path, line_of(path, "id: sultan.plate.9"), r"no passage 'sultan.plate.9'")


def test_missing_passage_is_an_error(source_copy):
    path = source_copy / "english" / "zodiac.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: zodiac.plate")
    path.write_text(text[:start], encoding="utf-8")
    expect(source_copy, path, None, r"passage zodiac.plate has no English")


def test_passage_in_the_wrong_file_is_an_error(source_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "  - id: sultan.plate\n", "  - id: zodiac.plate\n")
    expect(source_copy, path, line_of(path, "id: zodiac.plate"), r"belongs in zodiac.yaml")


def test_duplicate_translation_is_an_error(source_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "  - id: sultan.plate\n", "  - id: sultan.end.1\n")
    expect(source_copy, path, line_of(path, "id: sultan.end.1", 2), r"already translated at sultan.yaml:\d+")


def test_unknown_key_is_an_error(source_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "    text: Sultan.\n", "    text: Sultan.\n    gloss: x\n")
    expect(source_copy, path, line_of(path, "gloss: x"), r"passages\.2\.gloss: unknown key")


def test_empty_english_is_an_error(source_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, "    text: Sultan.\n", '    text: "  "\n')
    expect(source_copy, path, line_of(path, 'text: "  "'), r"passages\.2\.text")


def test_file_for_an_unknown_game_is_an_error(source_copy):
    path = source_copy / "english" / "klondike.yaml"
    path.write_text("passages: []\n", encoding="utf-8")
    expect(source_copy, path, None, r"no game 'klondike'")


def test_lost_footnote_marker_is_an_error(source_copy):
    path = source_copy / "english" / "empress.yaml"
    edit(path, "laid out again[17].", "laid out again.")
    expect(source_copy, path, line_of(path, "id: empress.game.10") + 1, r"footnote markers must be those of the Russian \(\[17\]\)")


def test_changed_rule_number_is_an_error(source_copy):
    path = source_copy / "english" / "napoleon.yaml"
    edit(path, "III. The foundations follow suit.", "3. The foundations follow suit.")
    expect(source_copy, path, line_of(path, "id: napoleon.rules.3") + 1, r"keeps its number, 'III\.'")


def test_note_quoting_absent_russian_is_an_error(source_copy):
    path = source_copy / "english" / "sultan.yaml"
    edit(path, '- ru: "играютъ вторично"', '- ru: "играютъ трижды"')
    expect(source_copy, path, line_of(path, "играютъ трижды"), r"quoted Russian 'играютъ трижды' is not in its reading")


def test_english_record_is_plain_data(english):
    record = json.loads(json.dumps(english_record(english["sultan.end.2"])))
    assert record["text"].startswith("The king of hearts in the middle")
    assert record["translator_notes"][1]["ru"] == "начиная съ туза и восходя по порядку до дамы"
    assert record["glossary_exceptions"] == []
