"""The spec-language page's generated tables: every kind of claim check the schema
accepts, and the mutation score read from its file."""

from __future__ import annotations

import json

from sphinx.testing.util import SphinxTestApp

from patience.spec.checks import CHECK_MODELS, kind_of


def build(tmp_path, score: dict) -> str:
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "patience_sphinx.spec_page"]\n')
    (tmp_path / "index.md").write_text("# Spec\n\n```{spec-check-kinds}\n```\n\n"
                                       "```{spec-mutation-score} score.json\n```\n")
    (tmp_path / "score.json").write_text(json.dumps(score))
    app = SphinxTestApp("html", srcdir=tmp_path, freshenv=True, warningiserror=True)
    try:  # cleanup unregisters the nodes the build added, which later apps of this process add again
        app.build()
        return (app.outdir / "index.html").read_text(encoding="utf-8")
    finally:
        app.cleanup()


def test_every_check_kind_and_the_score_per_game_are_shown(tmp_path):
    counts = {"mutants": 5, "killed": 3, "equivalent": 1, "silent": 1, "survived": 0, "refused": 2}
    html = build(tmp_path, {"games": {"sultan": counts, "napoleon": {**counts, "killed": 4}}})
    for model in CHECK_MODELS:
        assert f"<code class=\"docutils literal notranslate\"><span class=\"pre\">{kind_of(model)}</span></code>" in html
    assert "sultan" in html and "napoleon" in html and ">7<" in html  # killed, 3 + 4, in the last row
