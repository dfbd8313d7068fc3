"""The EPUB: epubcheck accepts it, and every passage's three layers are in it."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from html import escape
from pathlib import Path

import pytest
from defusedxml.ElementTree import fromstring

from patience.export.epub import epub_bytes
from patience.export.fonts import SHIPPED
from tests.export.conftest import as_printed, printed

H = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def epub(corpus, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("epub") / "edition.epub"
    path.write_bytes(epub_bytes(corpus))
    return path


def epubcheck(path: Path) -> subprocess.CompletedProcess:
    tool = shutil.which("epubcheck")
    if tool is None:
        pytest.fail("Debian's epubcheck is not installed (bash .ci/setup installs it)")
    # Debian installs epubcheck as an executable jar, which needs java to run it.
    return subprocess.run(["java", "-jar", str(Path(tool).resolve()), str(path)], capture_output=True, text=True)


@pytest.mark.tools
def test_epubcheck_accepts_it(epub):
    result = epubcheck(epub)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert "0 fatals / 0 errors / 0 warnings" in result.stdout


@pytest.mark.tools
def test_epubcheck_rejects_a_broken_book(epub, tmp_path):
    """The check can fail: a chapter that is not well-formed is reported."""
    broken = tmp_path / "broken.epub"
    with zipfile.ZipFile(epub) as source, zipfile.ZipFile(broken, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "OEBPS/calculation.xhtml":
                data = data.replace(b"</body>", b"<p></body>")
            target.writestr(info, data)
    assert epubcheck(broken).returncode != 0


def sections(epub: Path) -> dict[str, dict[str, str]]:
    """Each passage's section: its paragraphs' text by class."""
    found = {}
    with zipfile.ZipFile(epub) as archive:
        for name in archive.namelist():
            if not name.endswith(".xhtml"):
                continue
            for section in fromstring(archive.read(name)).iter(H + "section"):
                found[section.get("id")] = {p.get("class"): "".join(p.itertext()) for p in section.iter(H + "p")}
    return found


def test_every_passage_in_three_layers(epub, corpus):
    found = sections(epub)
    shown = {p.id for p in printed(corpus)}
    assert list(found) == [p for g in corpus.edition.games for p in g.passage_ids if p in shown] + [
        p.id for p in corpus.edition.passages if p.game is None and p.id in shown]
    for passage in printed(corpus):
        section = found[passage.id]
        assert section["reading"] == as_printed(passage.reading)
        assert section["modern"] == as_printed(corpus.modern[passage.id].text)
        assert section["english"] == as_printed(corpus.english[passage.id].text)


def test_no_furniture_of_the_digitiser_and_no_caret(epub):
    with zipfile.ZipFile(epub) as archive:
        text = "".join(archive.read(n).decode("utf-8") for n in archive.namelist() if n.endswith(".xhtml"))
    assert "(обратно)" not in text and "^" not in text and "page.19" not in text
    assert '<sup><a href="notes.xhtml#notes.14" epub:type="noteref">[14]</a></sup>' in text


def test_the_typeface_is_embedded_and_declared(epub):
    with zipfile.ZipFile(epub) as archive:
        opf = archive.read("OEBPS/content.opf").decode("utf-8")
        style = archive.read("OEBPS/style.css").decode("utf-8")
        for name in ("regular", "bold", "italic"):
            data = archive.read(f"OEBPS/fonts/edition-serif-{name}.ttf")
            assert data == (SHIPPED / f"edition-serif-{name}.ttf").read_bytes()
            assert f'href="fonts/edition-serif-{name}.ttf" media-type="font/ttf"' in opf
            assert f'url("fonts/edition-serif-{name}.ttf")' in style
    assert 'body { font-family: "Edition Serif", serif;' in style


def test_every_plate_the_site_draws_is_in_its_chapter(epub, corpus):
    drawn = [e.spec.game for e in corpus.spec_files if e.spec.status != "fragmentary"]
    assert len(drawn) >= 10
    with zipfile.ZipFile(epub) as archive:
        opf = archive.read("OEBPS/content.opf").decode("utf-8")
        for game in drawn:
            svg = archive.read(f"OEBPS/plates/{game}.svg").decode("utf-8")
            assert svg.startswith("<svg") and "<title" in svg
            assert f'href="plates/{game}.svg" media-type="image/svg+xml"' in opf
            assert f'<img src="plates/{game}.svg"' in archive.read(f"OEBPS/{game}.xhtml").decode("utf-8")


def test_rules_in_plain_language_and_glossary(epub, corpus):
    with zipfile.ZipFile(epub) as archive:
        calculation = archive.read("OEBPS/calculation.xhtml").decode("utf-8")
        glossary = archive.read("OEBPS/glossary.xhtml").decode("utf-8")
    assert "The rules in plain language" in calculation
    assert "The game is played with one pack." in calculation
    assert all(f'id="term.{t.id}"' in glossary for t in corpus.glossary.terms)


def test_the_same_edition_gives_the_same_bytes(corpus, epub):
    assert epub_bytes(corpus) == epub.read_bytes()


def test_notes_say_where_they_belong(epub, corpus):
    with zipfile.ZipFile(epub) as archive:
        notes = archive.read("OEBPS/notes.xhtml").decode("utf-8")
    for note in corpus.edition.notes.values():
        if note.passage_id and note.inferred:
            assert "placed by inference" in notes and escape(note.reason) in notes
        elif note.passage_id and note.cited_by:
            assert "Its marker stands in " + ", ".join(note.cited_by) in notes
