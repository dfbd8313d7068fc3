"""The dictionary check over the whole edition's modern layer, and the allow-list."""

from __future__ import annotations

import pytest

from patience.datafile import DataFileError
from patience.orthography.dictionary import allowlist_path, load_allowlist, unknown_words
from patience.orthography.layer import load_overrides, modern_layers, overrides_path
from patience.text import source_texts_dir


@pytest.fixture(scope="module")
def layers(edition):
    return modern_layers(edition.passages, load_overrides(overrides_path(source_texts_dir())))


@pytest.fixture(scope="module")
def allowed():
    return load_allowlist(allowlist_path(source_texts_dir()))


def _unknown(layers):
    return [(pid, m.group()) for pid, layer in layers.items() for m in unknown_words(layer.text)]


def test_every_modern_word_is_known_or_allowed_with_a_reason(layers, allowed):
    missing = [(pid, word) for pid, word in _unknown(layers) if word.lower() not in allowed]
    assert missing == []


def test_every_allowed_word_is_still_needed(layers, allowed):
    used = {word.lower() for _, word in _unknown(layers)}
    assert sorted(set(allowed) - used) == []


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
