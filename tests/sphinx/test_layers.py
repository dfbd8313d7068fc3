"""The modern and English columns: absent modules degrade quietly, broken ones warn."""

from __future__ import annotations

import sys

import pytest

from edition import layers

from .helpers import page, warnings_of


def test_a_module_not_yet_written_is_none(tmp_path, monkeypatch):
    assert layers._module("patience.no_such_layer") is None


def test_a_module_that_fails_to_import_something_else_is_an_error(tmp_path, monkeypatch):
    (tmp_path / "edition_layer_with_missing_dependency.py").write_text("import no_such_dependency_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ImportError):
        layers._module("edition_layer_with_missing_dependency")
    sys.modules.pop("edition_layer_with_missing_dependency", None)


def test_missing_layer_modules_give_labelled_cells_and_no_warning(make_app, site_copy, source_copy, monkeypatch):
    real = layers._module
    monkeypatch.setattr(layers, "_module", lambda name: None if name != "patience.text.glossary" else real(name))
    app = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    app.build()
    assert warnings_of(app) == []
    games = page(app, "games")
    rows = games.count('class="ed-row ed-kind-')
    assert games.count("The modern transcription is not yet available.") == rows
    assert games.count("The English translation is not yet available.") == rows


def test_a_layer_module_that_fails_is_a_typed_warning(make_app, site_copy, source_copy, monkeypatch):
    from patience.orthography import layer as orthography_layer

    def broken(passages, overrides=()):
        raise ValueError("the converter broke")

    monkeypatch.setattr(orthography_layer, "modern_layers", broken)
    app = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    app.build()
    warnings = warnings_of(app)
    assert warnings
    assert all(w.endswith("WARNING: the modern transcription cannot be built: the converter broke [edition.layer]")
               for w in warnings)
    assert "The modern transcription could not be built (see the build log)." in page(app, "games")
