"""The ``ed`` domain and the parallel view on a small site with every game."""

from __future__ import annotations

import re

import pytest
from sphinx import addnodes

from patience import citation
from patience.text import load_edition

from .helpers import cells, page, text_without, warnings_of

EDITION = load_edition()


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_site_builds_without_a_warning(app):
    app.build()
    assert warnings_of(app) == []


@pytest.mark.sphinx("html", testroot="edition", freshenv=True, parallel=2, srcdir="edition-parallel")
def test_parallel_build_has_the_same_objects_as_a_serial_one(app, make_app, tmp_path):
    app.build()
    assert warnings_of(app) == []
    parallel_objects = dict(app.env.domains["ed"].objects)
    serial = make_app("html", srcdir=app.srcdir, builddir=tmp_path / "serial", freshenv=True)
    serial.build()
    assert parallel_objects == dict(serial.env.domains["ed"].objects)
    assert {name for kind, name in parallel_objects if kind == "passage"} == {p.id for p in EDITION.passages}


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_every_passage_has_its_anchor_once(app):
    app.build()
    games, notes = page(app, "games"), page(app, "notes")
    for passage in EDITION.passages:
        found = games.count(f'id="{passage.id}"') + notes.count(f'id="{passage.id}"')
        assert found == 1, passage.id


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_reading_column_is_the_reading_text_and_witness_column_the_ocr(app):
    app.build()
    doctree = app.env.get_doctree("games")
    reading, witness = cells(doctree, "reading"), cells(doctree, "witness")
    shown = [p for p in EDITION.passages if p.id in reading]
    assert len(shown) == len([p for p in EDITION.passages if citation.home(EDITION, p) != "notes"])
    for passage in shown:
        assert text_without(reading[passage.id], "ed-tip") == passage.reading
        assert text_without(witness[passage.id], "ed-tip") == passage.ocr


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_corrections_are_focusable_and_described_by_their_ocr_reading(app):
    app.build()
    html = page(app, "games")
    correction = EDITION.passage("napoleon.rules.1").corrections[0]
    assert correction.sic == "разсматрнвать"
    mark = f'aria-describedby="napoleon.rules.1.c1" class="ed-corr ed-corr-misread" data-kind="misread" data-sic="{correction.sic}" tabindex="0">{correction.corr}</span>'
    assert mark in html
    # the tip is English; the OCR reading in it is declared Russian
    plain = re.sub(r'<span lang="ru[-a-z0-9]*">([^<]*)</span>', r"\1", html)
    assert f'id="napoleon.rules.1.c1" lang="en" role="tooltip">OCR: «{correction.sic}» — misread letter. {correction.note}</span>' in plain
    assert re.search(rf'OCR: «<span lang="ru[-a-z0-9]*">{correction.sic}</span>»', html)
    corrected = sum(len(p.corrections) for p in EDITION.passages if citation.home(EDITION, p) != "notes")
    assert html.count('class="ed-corr ') == corrected


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_layers_carry_their_languages(app):
    app.build()
    html = page(app, "games")
    assert 'class="ed-text" lang="ru-petr1708"' in html
    assert html.count('class="ed-text" lang="ru-petr1708"') >= 2 * 100  # witness and reading of every passage
    modern = html.count('class="ed-text" lang="ru"')
    assert modern == 0 or modern == html.count('class="ed-text" lang="ru-petr1708"') // 2


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_roles_resolve_to_their_objects(app):
    app.build()
    refs = page(app, "refs")
    assert 'href="games.html#sultan.end.2"' in refs
    # a range on one page: its address names the whole range, which the page marks
    assert "sultan.end.1–sultan.end.3" in refs and 'href="games.html#sultan.end.1-sultan.end.3"' in refs
    # written with the en dash a citation prints, a range has the address and panel of FIRST-LAST
    assert 'href="games.html#sultan.end.1-sultan.end.2"' in refs
    assert 'data-ref="sultan.end.1-sultan.end.2"' in refs and "patience cite sultan.end.1-sultan.end.2" in refs
    assert 'href="notes.html#note-14"' in refs
    assert "Napoleon’s Square" in refs or "Napoleon's Square" in refs
    assert 'href="games.html#game-napoleon"' in refs
    assert ">the divan<" in refs


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_note_markers_link_to_notes_and_notes_link_back(app):
    app.build()
    games, notes = page(app, "games"), page(app, "notes")
    for number, note in EDITION.notes.items():
        for passage_id in note.cited_by:
            if citation.home(EDITION, EDITION.passage(passage_id)) == "notes":
                continue
            assert f'id="noteref-{number}-{passage_id}"' in games
            assert f'href="notes.html#note-{number}"' in games
            assert f'href="games.html#{passage_id}"' in notes
    inferred = [n for n in EDITION.notes.values() if n.inferred]
    assert notes.count("Attachment inferred") == len(inferred) > 0
    lost = [n for n in EDITION.notes.values() if n.passage_id is None]
    assert notes.count("The text of this note is not in the fragments.") == len(lost)


def edition_data(app) -> dict:
    import json

    script = (app.outdir / "_static" / "edition-data.js").read_text(encoding="utf-8")
    return json.loads(script.removeprefix("window.EDITION_DATA = ").removesuffix(";\n"))


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_cite_panels_are_built_from_one_data_file_not_repeated_in_pages(app):
    app.build()
    games = page(app, "games")
    assert 'data-ref="sultan.end.2"' in games
    assert "anonymous Russian translation" not in games and "@misc" not in games and "@incollection" not in games
    data = edition_data(app)
    publication = citation.load_publication()
    assert data["publication"] == {"title": publication.title, "statement": publication.statement,
                                   "editors": publication.editors, "base": publication.base_url,
                                   "version": publication.version, "released": publication.released.isoformat()}
    rows = {row[0]: row for row in data["passages"]}
    for passage_id in ("sultan.end.2", "napoleon.game.2", "notes.19"):
        passage = EDITION.passage(passage_id)
        assert rows[passage_id][2] == [c.kind for c in passage.corrections]
        assert rows[passage_id][3] == [r.text for r in passage.remarks if r.kind == "uncertain"]
        assert rows[passage_id][4] == citation.part_title(EDITION, passage)
    assert [row[0] for row in data["passages"]] == [p.id for p in EDITION.passages]


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_glossary_terms_in_the_text_link_to_their_entries_and_back(app):
    from patience.text.glossary import load_glossary

    app.build()
    glossary, games = load_glossary(), page(app, "games")
    talon = glossary.term("talon")
    assert "sultan.end.2" in talon.passage_ids
    reading = cells(app.env.get_doctree("games"), "reading")
    for passage_id in talon.passage_ids:
        if citation.home(EDITION, EDITION.passage(passage_id)) == "notes":
            continue
        links = [x for x in reading[passage_id].findall(addnodes.pending_xref) if x["reftype"] == "term"]
        words = {x.astext() for x in links if x["reftarget"] == "talon"}
        expected = {w for o in talon.occurrences if o.passage_id == passage_id for w in o.words}
        assert words == expected, passage_id
    assert 'href="glossary.html#term-talon"' in games
    entries = page(app, "glossary")
    start = entries.index('id="term-talon"')
    entry = entries[start : entries.index("</dd>", start)]
    for passage_id in talon.passage_ids:
        where = "notes" if passage_id.startswith("notes.") and passage_id != "notes.19" else "games"
        assert f'href="{where}.html#{passage_id}"' in entry
    assert 'href="glossary.html#term-talon"' in page(app, "refs")


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_the_page_links_exactly_the_words_the_glossary_found(app):
    """Occurrences keep their offsets: a word spelled like a term's word elsewhere is not linked
    («ея мѣсто» in nivernaise.game.6 is no "free space"; «свободное мѣсто» is). A corrected word
    is a correction mark, not a link."""
    from patience_sphinx.edition.reading import reading_pieces

    from patience.corpus import load_corpus

    app.build()
    corpus = load_corpus()
    reading = cells(app.env.get_doctree("games"), "reading")
    for passage_id, cell in reading.items():
        links = [(x["reftarget"], x.astext()) for x in cell.findall(addnodes.pending_xref) if x["reftype"] == "term"]
        plain, offset = [], 0
        for piece in reading_pieces(corpus.edition.passage(passage_id)):
            if piece.kind == "text":
                plain.append((offset, offset + len(piece.text)))
            offset += len(piece.text)
        found = sorted({(span, term.id, word) for term in corpus.glossary.terms for o in term.occurrences
                       if o.passage_id == passage_id for span, word in zip(o.spans, o.words)
                       if any(start <= span[0] and span[1] <= end for start, end in plain)})  # a word once
        assert links == [(term, word) for _, term, word in found], passage_id
    sixth = [x.astext() for x in reading["nivernaise.game.6"].findall(addnodes.pending_xref)
             if x["reftarget"] == "free-space"]
    assert sixth == ["свободное", "мѣсто"]


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_the_english_renderings_of_a_passages_terms_link_to_their_entries(app):
    app.build()
    english = cells(app.env.get_doctree("games"), "english")["sultan.end.2"]
    links = {(x.astext(), x["reftarget"]) for x in english.findall(addnodes.pending_xref) if x["reftype"] == "term"}
    assert {("talon", "talon"), ("Divan", "divan"), ("Sultan", "sultan")} <= links  # named parts capitalised
    from patience.text.glossary import load_glossary

    in_the_russian = {term.id for term in load_glossary().terms_in("sultan.end.2")}
    assert {target for _, target in links} <= in_the_russian  # no link to a term the Russian lacks


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_passages_link_back_to_the_clauses_that_cite_them(app):
    app.build()
    assert warnings_of(app) == []
    games = page(app, "games")
    for passage_id in ("sultan.end.1", "sultan.end.2"):
        start = games.index(f'id="{passage_id}"')
        row = games[start : games.index('class="ed-cell ed-witness"', start)]
        assert "Cited by rule clause:" in row
        assert 'href="clauses.html#clause-sultan.kings"' in row
    start = games.index('id="sultan.plate"')
    assert "Cited by" not in games[start : games.index('class="ed-cell ed-witness"', start)]
    assert 'href="#clause-sultan.kings"' in page(app, "clauses")


@pytest.mark.sphinx("text", testroot="edition", freshenv=True, srcdir="edition-text")
def test_plain_text_output_keeps_the_layers_and_drops_the_interface(app):
    app.build()
    assert warnings_of(app) == []
    text = " ".join((app.outdir / "games.txt").read_text(encoding="utf-8").split())  # undo the wrapping
    first = EDITION.passage("sultan.end.1")
    assert f" {first.ocr} {first.reading} " in text
    assert "urn:cts" not in text and "Copy BibTeX" not in text


@pytest.mark.sphinx("html", testroot="edition", freshenv=True)
def test_the_data_file_names_every_passage_page_notes_and_terms(app):
    app.build()
    data = edition_data(app)
    assert data["urn"] == "urn:cts:cadogan:patience.ru.ocr-edition:"
    pages = {row[0]: row[1] for row in data["passages"]}
    assert pages["sultan.end.2"] == "games.html" and pages["notes.3"] == "notes.html"
    assert set(pages) == {p.id for p in EDITION.passages}
    assert data["notes"]["14"]["ru"] == EDITION.passage(EDITION.notes[14].passage_id).reading
    assert data["notes"]["14"]["en"].startswith("Some players")
    assert data["terms"]["talon"]["page"] == "glossary.html#term-talon"
    import zlib

    refs = page(app, "refs")
    assert "edition-data.js" not in refs  # loaded on demand, by the page script, with the checksum
    crc = zlib.crc32((app.outdir / "_static" / "edition-data.js").read_bytes())
    assert f'<meta name="edition-data" content="{crc:08x}"' in refs
