"""The spec-language page's generated parts: the list of claim kinds, a file generated from
the check models and included by the page, and the mutation score read from its record."""

from __future__ import annotations

import json
import re

from sphinx.testing.util import SphinxTestApp

from patience.cli import main
from patience.rulespec.claim_kinds import CHECK_MODELS, kind_of
from tests.conftest import ROOT

KINDS_FILE = ROOT / "docs" / "claim-kinds.md"


def test_the_list_of_claim_kinds_is_the_one_the_models_generate(capsys):
    assert main(["claim-kinds"]) == 0
    generated = capsys.readouterr().out
    assert KINDS_FILE.read_text(encoding="utf-8") == generated, (
        "docs/claim-kinds.md is out of date: `patience claim-kinds > docs/claim-kinds.md` writes it again")


def test_the_list_names_every_kind_the_schema_accepts_once_and_the_page_includes_it():
    rows = re.findall(r"^\| `([a-z_]+)` \|", KINDS_FILE.read_text(encoding="utf-8"), re.M)
    assert sorted(rows) == sorted(kind_of(model) for model in CHECK_MODELS)
    page = (ROOT / "docs" / "spec-language.md").read_text(encoding="utf-8")
    assert "```{include} claim-kinds.md\n```" in page


def build(tmp_path, score: dict) -> str:
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "patience_sphinx.spec_page"]\n')
    (tmp_path / "index.md").write_text("# Spec\n\n```{spec-mutation-score} score.json\n```\n")
    (tmp_path / "score.json").write_text(json.dumps(score))
    app = SphinxTestApp("html", srcdir=tmp_path, freshenv=True, warningiserror=True)
    try:  # cleanup unregisters the nodes the build added, which later apps of this process add again
        app.build()
        return (app.outdir / "index.html").read_text(encoding="utf-8")
    finally:
        app.cleanup()


def test_the_score_per_game_is_shown_with_the_totals(tmp_path):
    counts = {"mutants": 5, "killed": 3, "equivalent": 1, "silent": 1, "survived": 0, "refused": 2}
    html = build(tmp_path, {"games": {"sultan": counts, "napoleon": {**counts, "killed": 4}}})
    assert "sultan" in html and "napoleon" in html and ">7<" in html  # killed, 3 + 4, in the last row
