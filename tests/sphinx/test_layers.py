"""The modern and English columns: a layer that breaks is a typed warning and a labelled gap."""

from __future__ import annotations

from .helpers import page, warnings_of


def test_a_layer_module_that_fails_is_a_typed_warning(make_app, site_copy, source_copy, monkeypatch):
    from patience import corpus

    def broken(passages, overrides=()):
        raise ValueError("the converter broke")

    monkeypatch.setattr(corpus, "modern_layers", broken)  # what the corpus builds its modern layer with
    app = make_app("html", srcdir=site_copy("edition"), confoverrides={"edition_source_texts": str(source_copy)})
    app.build()
    warnings = warnings_of(app)
    stopped = "WARNING: the modern check could not run: ValueError: the converter broke [check.source]"
    assert [w for w in warnings if w.endswith(stopped)] == [stopped]  # the check says it did not run
    layer = [w for w in warnings if not w.endswith(stopped)]
    assert layer and all(w.endswith("WARNING: the modern transcription cannot be built: the converter broke "
                                    "[edition.layer]") for w in layer)
    assert "The modern transcription could not be built (see the build log)." in page(app, "games")
