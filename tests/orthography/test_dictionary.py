"""The dictionary check and the allow-list."""

from __future__ import annotations

import pytest

from patience.datafile import DataFileError
from patience.orthography.dictionary import load_allowlist, unknown_words

# The whole edition's modern layer against the dictionary: patience.consistency (kind "modern"),
# run by tests/checks.


def test_the_check_finds_ocr_faults():
    text = "кладутъ на евободныя мѣста"  # е for с: an OCR fault of the witness
    from patience.orthography import modernize

    assert [m.group() for m in unknown_words(modernize(text).text)] == ["евободные"]


def test_hyphenated_words_and_latin_numerals_pass():
    assert list(unknown_words("какая-нибудь карта, правило IV, из-за")) == []


def test_an_allowlist_entry_without_a_reason_is_refused(tmp_path):
    path = tmp_path / "allowlist.yaml"
    path.write_text("words:\n  - word: Люинь\n", encoding="utf-8")
    with pytest.raises(DataFileError) as error:
        load_allowlist(path)
    assert error.value.line == 2
