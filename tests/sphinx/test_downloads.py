"""The downloads page: every file made into the output, listed with its true size and SHA-256,
each the bytes of its command; a file that cannot be made fails a -W build."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab
from patience_sphinx.downloads import making, staging
from patience_sphinx.downloads.making import record_of

from patience.export.downloads import FORMATS, VIEWER
from tests.conftest import ROOT

NAMES = [f.name for f in FORMATS]
NAMES.insert(NAMES.index("edition.xml") + 1, VIEWER.name)


def build(make_app, site: Path, parallel: int = 0):
    app = make_app("html", srcdir=site, parallel=parallel)
    app.build()
    return app


@pytest.mark.parametrize("parallel", [0, 2])
def test_every_file_made_and_listed_with_its_size_and_hash(make_app, site_copy, parallel):
    app = build(make_app, site_copy("downloads"), parallel)
    assert not app.warning.getvalue(), app.warning.getvalue()
    out = Path(app.outdir)
    html = (out / "docs" / "downloads.html").read_text(encoding="utf-8")
    sums = (out / "downloads" / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    assert [line.split()[1] for line in sums] == NAMES
    for name in NAMES:
        data = (out / "downloads" / name).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        assert f"{digest}  {name}" in sums
        assert re.search(rf'href="\.\./downloads/{re.escape(name)}".*?{digest}', html, re.S), name
    assert html.count("KiB") >= len(NAMES)


def test_each_file_is_what_its_command_writes(make_app, site_copy, tmp_path):
    out = Path(build(make_app, site_copy("downloads")).outdir) / "downloads"
    for command, name in ((["tei", "-o", tmp_path / "edition.xml"], "edition.xml"),
                          (["epub", "-o", tmp_path / "edition.epub"], "edition.epub"),
                          (["pdf", "-o", tmp_path / "edition.pdf"], "edition.pdf")):
        subprocess.run([sys.executable, "-m", "patience", *map(str, command)], check=True, cwd=ROOT)
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name
    printed = subprocess.run([sys.executable, "-m", "patience", "text", "--json"], check=True, cwd=ROOT,
                             capture_output=True).stdout
    assert printed == (out / "edition.json").read_bytes()


def test_a_file_that_cannot_be_made_is_a_warning(make_app, site_copy, monkeypatch):
    monkeypatch.setenv("PATIENCE_PDF_FONT", str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"))
    app = build(make_app, site_copy("downloads"))
    assert "the downloads could not be made" in app.warning.getvalue() and "[downloads.make]" in app.warning.getvalue()
    assert "lacks" in app.warning.getvalue()


def test_made_beside_the_build_or_at_once_the_page_is_the_same(make_app, site_copy, monkeypatch):
    """The files made in a forked process while Sphinx goes on, and made at once (as in a reader
    process of a parallel read), give the same page and the same files."""
    site = site_copy("downloads")
    first = build(make_app, site)
    first.cleanup()  # the next app registers Sphinx's nodes anew
    out = Path(first.outdir)
    page = out / "docs" / "downloads.html"
    forked = [page.read_bytes()] + [(out / "downloads" / name).read_bytes() for name in NAMES]
    monkeypatch.setattr(making, "_can_fork", lambda: False)
    again = make_app("html", srcdir=site, freshenv=True)
    again.build()
    assert not again.warning.getvalue(), again.warning.getvalue()
    assert [page.read_bytes()] + [(out / "downloads" / name).read_bytes() for name in NAMES] == forked


def test_a_page_written_again_without_reading_lists_the_files_recorded(make_app, site_copy):
    site = site_copy("downloads")
    first = build(make_app, site)
    page = Path(first.outdir) / "docs" / "downloads.html"
    before = page.read_text(encoding="utf-8")
    page.unlink()
    first.cleanup()
    again = make_app("html", srcdir=site)
    again.build(force_all=True)  # every page written, none read
    assert not again.warning.getvalue(), again.warning.getvalue()
    assert page.read_text(encoding="utf-8") == before


def test_without_a_record_of_the_files_the_page_says_so(make_app, site_copy):
    site = site_copy("downloads")
    first = build(make_app, site)
    record_of(staging(first.doctreedir)).unlink()
    first.cleanup()
    again = make_app("html", srcdir=site)
    again.build(force_all=True)
    assert "[downloads.make]" in again.warning.getvalue() and "no record of them" in again.warning.getvalue()
    assert "The downloads could not be made" in (Path(again.outdir) / "docs" / "downloads.html").read_text("utf-8")
