"""D7–D10, D12, D13: faults that crashed the command or the build with a traceback, and now give
a located finding, warning or one-line error instead (N07, P3, P3b, X1, N15, D10, O17, O18, N60)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from patience.cli import main
from patience.consistency import check_source
from patience.corpus import load_corpus
from patience.export.epub import epub_bytes
from tests.editing import edit, expect_error, line_of
from tests.sphinx.helpers import warnings_of

ROOT = Path(__file__).resolve().parents[2]
SITE_CONF = """extensions = ["myst_parser", "patience_sphinx.downloads", "patience_sphinx.rules"]
rules_specs_dir = "specs"
edition_checks = []
"""


def cite_a_missing_passage(spec: Path) -> int:
    """N07: the Sultan's redeal clause cites sultan.end.9; the clause's line."""
    text = spec.read_text(encoding="utf-8")
    at = text.index("passages: [sultan.end.3]", text.index("  - id: redeal\n"))
    spec.write_text(text[:at] + "passages: [sultan.end.9]" + text[at + len("passages: [sultan.end.3]"):], encoding="utf-8")
    return line_of(spec, "  - id: redeal")


def one_pack_for_napoleon(spec: Path) -> None:
    """P3b: Napoleon's Square with one pack, so its claims' positions name cards the packs lack."""
    edit(spec, "  - id: packs\n    kind: packs\n    count: 2\n", "  - id: packs\n    kind: packs\n    count: 1\n")


@pytest.fixture
def small_site(tmp_path, specs_copy, make_app):
    """``small_site(page)``: a site of one page (MyST text) with every spec copied, built."""
    def build(page: str):
        root = tmp_path / "site"
        root.mkdir()
        (root / "conf.py").write_text(SITE_CONF, encoding="utf-8")
        (root / "index.md").write_text(page, encoding="utf-8")
        shutil.copytree(specs_copy, root / "specs")
        (root / "node_modules").symlink_to(ROOT / "node_modules")  # the TEI viewer's script
        app = make_app("html", srcdir=root, builddir=tmp_path / "out")
        app.build()
        return app
    return build


def test_d7_n07_the_book_locates_a_clause_citing_a_missing_passage(source_copy, specs_copy):
    spec = specs_copy / "sultan.yaml"
    line = cite_a_missing_passage(spec)
    expect_error(lambda: epub_bytes(load_corpus(source_copy, specs_copy)), spec, line,
                 r"^clause 'redeal' cites passage sultan\.end\.9, which does not exist$")


def test_d7_n07_p4b_the_downloads_page_warns_instead_of_crashing(small_site, specs_copy):
    spec = specs_copy / "sultan.yaml"
    line = cite_a_missing_passage(spec)
    app = small_site("# Downloads\n\n```{patience-downloads}\n```\n")
    spec = Path(app.srcdir) / "specs" / "sultan.yaml"
    assert [w for w in warnings_of(app) if "[downloads.make]" in w] == [
        f"{app.srcdir / 'index.md'}:3: WARNING: the downloads could not be made: {spec}:{line}: clause 'redeal' cites "
        "passage sultan.end.9, which does not exist [downloads.make]"]


def test_d7_p3b_a_claim_the_packs_cannot_hold_is_a_warning_not_a_crash(small_site, specs_copy):
    spec = specs_copy / "napoleon.yaml"
    one_pack_for_napoleon(spec)
    app = small_site("# Napoleon\n\n```{rules} napoleon\n```\n")
    spec = Path(app.srcdir) / "specs" / "napoleon.yaml"
    # (a chance claim whose condition no stored deal of the one-pack game meets cannot be run either)
    failing = [w for w in warnings_of(app) if "cannot be run" in w and "stored deals" not in w]
    assert failing and all(w.startswith(f"{spec}:") and "not in the packs" in w and w.endswith("[rules.claim]")
                           for w in failing), failing


def test_d8_p3b_check_reports_claims_the_packs_cannot_hold(source_copy, specs_copy):
    spec = specs_copy / "napoleon.yaml"
    one_pack_for_napoleon(spec)
    findings = [f for f in check_source(source_copy, specs_copy, ["claim"]) if "repeated or not in the packs" in f.message]
    assert findings and all(f.path == str(spec) and f.line and f.kind == "claim" for f in findings)


def test_d8_p3_check_reports_a_deal_the_packs_cannot_make_once(source_copy, specs_copy):
    spec = specs_copy / "napoleon.yaml"
    edit(spec, "    to: square\n    cards_each: 4\n", "    to: square\n    cards_each: 9\n")
    findings = [(f.path, f.line, f.message) for f in check_source(source_copy, specs_copy, ["claim"])
                if f.path == str(spec)]
    assert findings == [(str(spec), line_of(spec, "  - id: square-deal"),
                         "napoleon: deal 'square-deal' needs more cards than 2 packs hold")]


def test_d8_x1_check_locates_an_excuse_naming_a_missing_passage(source_copy, specs_copy):
    spec = specs_copy / "calculation.yaml"
    edit(spec, "  - passage: calculation.game.2\n    value: 11\n", "  - passage: calculation.game.99\n    value: 11\n")
    findings = [(f.path, f.line, f.message) for f in check_source(source_copy, specs_copy, ["number"])]
    assert findings == [(str(spec), line_of(spec, "calculation.game.99"), "calculation: numbers: the excuse of 11 "
                                                                           "names passage calculation.game.99, which does not exist")]


def test_d9_n15_games_names_a_spec_whose_game_is_not_in_games_yaml(specs_copy, monkeypatch, capsys):
    from patience import sources
    from patience.rulespec import loading

    spec = specs_copy / "sultan.yaml"
    edit(spec, "game: sultan\n", "game: sultanx\n")
    for module in (sources, loading):  # the headers' quick reading, and the whole reading it falls back to
        monkeypatch.setattr(module, "SPEC_DIR", specs_copy)
    assert main(["games"]) == 2
    assert capsys.readouterr().err == f"patience: {spec}:{line_of(spec, 'game: sultanx')}: game 'sultanx' is not in games.yaml\n"


def test_d10_a_deal_number_of_4401_digits_is_one_line(capsys):
    assert main(["solve", "sultan", "1" + "0" * 4400, "--budget", "10"]) == 2
    assert capsys.readouterr().err == "patience: the deal number must be 0 or more, not a number of 4,401 digits\n"


def test_d12_o18_a_font_that_is_not_truetype_is_one_line(tmp_path, monkeypatch, capsys):
    font = tmp_path / "font.ttf"
    font.write_text("root:x:0:0:root:/root:/bin/sh\n", encoding="utf-8")  # /etc/passwd, say
    monkeypatch.setenv("PATIENCE_PDF_FONT", str(font))
    assert main(["pdf", "-o", str(tmp_path / "edition.pdf")]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"patience: the font {font} cannot be used: Not a recognized TrueType font") \
        and error.count("\n") == 1
    assert not (tmp_path / "edition.pdf").exists()


def test_d12_o17_a_missing_font_is_not_silently_replaced(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATIENCE_PDF_FONT", str(tmp_path / "nonexistent.ttf"))
    assert main(["pdf", "-o", str(tmp_path / "edition.pdf")]) == 2
    assert capsys.readouterr().err == f"patience: PATIENCE_PDF_FONT names {tmp_path / 'nonexistent.ttf'}, which is not a file\n"
    assert not (tmp_path / "edition.pdf").exists()


def release_soon(source: Path) -> int:
    edit(source / "edition.yaml", "released: 2026-11-30", "released: soon")
    return line_of(source / "edition.yaml", "released: soon")


def test_d13_n60_check_finds_a_bad_release_date(source_copy, specs_copy):
    line = release_soon(source_copy)
    findings = [(f.path, f.line, f.kind) for f in check_source(source_copy, specs_copy, ["publication"])]
    assert findings == [(str(source_copy / "edition.yaml"), line, "publication")]


def test_d13_n60_the_build_says_where_the_release_date_is_wrong(tmp_path, source_copy):
    line = release_soon(source_copy)
    (tmp_path / "conf.py").write_bytes((ROOT / "conf.py").read_bytes())  # beside the broken source_texts/
    result = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(tmp_path), str(tmp_path / "out")],
                            capture_output=True, text=True)
    assert result.returncode == 2
    # Sphinx 9 frames every error in its report; what it reports is the located message alone, raised by
    # conf.py, not "a programmable error" with the loader's and pydantic's traceback.
    assert f"ConfigError: {source_copy / 'edition.yaml'}:{line}: released: Input should be a valid date" in result.stderr
    assert "programmable error" not in result.stderr and "pydantic" not in result.stderr
