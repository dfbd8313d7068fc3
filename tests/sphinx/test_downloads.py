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
