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
    assert list(found) == [p for g in corpus.edition.games for p in g.passage_ids] + [
        p.id for p in corpus.edition.passages if p.game is None]
    for passage in corpus.edition.passages:
        section = found[passage.id]
        assert section["reading"] == passage.reading
        assert section["modern"] == corpus.modern[passage.id].text
        assert section["english"] == corpus.english[passage.id].text


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
