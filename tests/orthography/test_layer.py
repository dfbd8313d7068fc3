"""The modern layer: converter output plus overrides, and located errors in overrides.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience.datafile import DataFileError
from patience.orthography.layer import load_overrides, modern_layer, modern_layers, overrides_path
from patience.text import source_texts_dir


def _overrides(tmp_path: Path, body: str):
    path = tmp_path / "overrides.yaml"
    path.write_text(body, encoding="utf-8")
    return load_overrides(path)


def test_every_passage_has_a_modern_layer_in_modern_spelling(edition):
    layers = modern_layers(edition.passages, load_overrides(overrides_path(source_texts_dir())))
    assert list(layers) == [p.id for p in edition.passages]
    for passage in edition.passages:
        assert layers[passage.id].source == passage.reading
        assert not set(layers[passage.id].text) & set("ѣіѳѵѢІѲѴ"), passage.id


def test_an_override_replaces_the_converters_form_and_keeps_its_reason(tmp_path):
    overrides = _overrides(tmp_path, (
        "overrides:\n"
        "  - passage: napoleon.title\n"
        "    original: КАРРЕ\n"
        "    replacement: КАРЕ\n"
        "    reason: a test\n"
    ))
    layer = modern_layer("napoleon.title", "НАПОЛЕОНОВСКІЙ КАРРЕ.", overrides)
    assert layer.text == "НАПОЛЕОНОВСКИЙ КАРЕ."
    assert [(c.original, c.regularised, c.rules, c.reason) for c in layer.changes] == [
        ("НАПОЛЕОНОВСКІЙ", "НАПОЛЕОНОВСКИЙ", ("i",), None),
        ("КАРРЕ", "КАРЕ", ("override",), "a test"),
    ]
    assert modern_layer("duchess.title", "КАРРЕ", overrides).text == "КАРРЕ"
    assert layer.to_tei().endswith(
        '<choice><orig>КАРРЕ</orig><reg type="override">КАРЕ</reg></choice>'
        '<note type="override">a test</note>.'
    )


def test_an_override_takes_precedence_over_a_rule(tmp_path):
    overrides = _overrides(tmp_path, (
        "overrides:\n"
        "  - {passage: p.1, original: чрезъ, replacement: чрез, reason: kept archaic here}\n"
    ))
    layer = modern_layer("p.1", "прошли чрезъ армію", overrides)
    assert layer.text == "прошли чрез армию"
    assert layer.changes[0].rules == ("override",)


def test_a_stale_override_is_an_error_naming_its_line(tmp_path):
    overrides = _overrides(tmp_path, (
        "overrides:\n"
        "  - {passage: p.1, original: a, replacement: b, reason: r}\n"
        "  - {passage: p.1, original: картъ, replacement: карт, reason: r}\n"
    ))
    with pytest.raises(DataFileError) as error:
        modern_layer("p.1", "колода", overrides[1:])
    assert error.value.line == 3
    assert "no word 'картъ'" in str(error.value)


def test_an_override_must_cover_whole_words(tmp_path):
    overrides = _overrides(tmp_path, "overrides:\n  - {passage: p.1, original: той, replacement: т, reason: r}\n")
    with pytest.raises(DataFileError, match="cover whole words"):
        modern_layer("p.1", "той-же масти", overrides)


def test_an_override_of_an_unknown_passage_is_an_error(tmp_path, edition):
    overrides = _overrides(tmp_path, "overrides:\n  - {passage: nowhere.1, original: a, replacement: b, reason: r}\n")
    with pytest.raises(DataFileError, match="no passage 'nowhere.1'"):
        modern_layers(edition.passages, overrides)


def test_an_override_without_a_reason_is_refused(tmp_path):
    with pytest.raises(DataFileError) as error:
        _overrides(tmp_path, "overrides:\n  - passage: p.1\n    original: a\n    replacement: b\n")
    assert error.value.line == 2
    assert "reason" in str(error.value)
