"""Incremental builds: a page that refers to a changed passage is rewritten, never stale."""

from __future__ import annotations

import os
import re

from .helpers import page, warnings_of


def _written(app) -> set[str]:
    """The documents the last build wrote, read from its status output."""
    return set(re.findall(r"writing output\.\.\. \[\s*\d+%\] (\S+)", _plain(app.status.getvalue())))


def _read(app) -> set[str]:
    """The documents the last build read, from its status output."""
    return set(re.findall(r"reading sources\.\.\. \[\s*\d+%\] (\S+)", _plain(app.status.getvalue())))


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _touch_later(path) -> None:
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000_000))


def _build(make_app, srcdir, builddir, source):
    app = make_app("html", srcdir=srcdir, builddir=builddir, confoverrides={"edition_source_texts": str(source)})
    app.build()
    return app


def test_renamed_passage_leaves_no_stale_link(make_app, site_copy, source_copy, tmp_path):
    site, out = site_copy("edition"), tmp_path / "out"
    first = _build(make_app, site, out, source_copy)
    assert warnings_of(first) == []
    assert 'href="games.html#sultan.end.3"' in page(first, "refs")

    unchanged = _build(make_app, site, out, source_copy)
    assert "refs" not in _written(unchanged)  # nothing changed, nothing rewritten

    segmentation = source_copy / "segmentation" / "000.yaml"
    text = segmentation.read_text(encoding="utf-8")
    assert text.count("id: sultan.end.3\n") == 1
    segmentation.write_text(text.replace("id: sultan.end.3\n", "id: sultan.end.9\n"), encoding="utf-8")
    for path in (source_copy / "english").glob("sultan.yaml"):  # the English layer names passages too
        path.write_text(path.read_text(encoding="utf-8").replace("id: sultan.end.3\n", "id: sultan.end.9\n"),
                        encoding="utf-8")
        _touch_later(path)
    departures = source_copy / "departures.yaml"  # and the collation with Cadogan's English
    departures.write_text(re.sub(r"\bsultan\.end\.3\b", "sultan.end.9", departures.read_text(encoding="utf-8")),
                          encoding="utf-8")
    _touch_later(departures)
    _touch_later(segmentation)

    renamed = _build(make_app, site, out, source_copy)
    assert "refs" in _written(renamed)
    refs = page(renamed, "refs")
    assert 'href="games.html#sultan.end.3"' not in refs
    assert 'id="sultan.end.9"' in page(renamed, "games")
    assert f"{site / 'refs.md'}:15: WARNING: no passage 'sultan.end.3' in the edition [edition.dangling]" in warnings_of(renamed)
    # the data file the pages read on demand names the passage by its new identifier
    data = (renamed.outdir / "_static" / "edition-data.js").read_text(encoding="utf-8")
    assert '"sultan.end.9"' in data and '"sultan.end.3"' not in data


def test_changed_passage_text_rewrites_the_pages_that_cite_it(make_app, site_copy, source_copy, tmp_path):
    site, out = site_copy("edition"), tmp_path / "out"
    _build(make_app, site, out, source_copy)
    segmentation = source_copy / "segmentation" / "000.yaml"
    text = segmentation.read_text(encoding="utf-8")
    # the editors change their mind about a correction of sultan.end.2: its reading text changes
    assert text.count('corr: "накладываются"') == 1
    text = text.replace('corr: "накладываются"', 'corr: "накладываютъ-ся"').replace(
        "червей карты накладываются въ", "червей карты накладываютъ-ся въ")
    segmentation.write_text(text, encoding="utf-8")
    _touch_later(segmentation)
    changed = _build(make_app, site, out, source_copy)
    assert "refs" in _written(changed)
    assert "накладываютъ-ся" in page(changed, "games")


def test_a_clause_that_stops_citing_a_passage_loses_its_back_link(make_app, site_copy, source_copy, tmp_path):
    site, out = site_copy("edition"), tmp_path / "out"
    first = _build(make_app, site, out, source_copy)
    assert games_row(first, "sultan.end.2").count("clause-sultan.kings") == 1
    clauses = site / "clauses.md"
    clauses.write_text(clauses.read_text(encoding="utf-8").replace(":cites: sultan.end.1 sultan.end.2", ":cites: sultan.end.1"),
                       encoding="utf-8")
    _touch_later(clauses)
    second = _build(make_app, site, out, source_copy)
    assert "games" in _written(second)
    assert "clause-sultan.kings" not in games_row(second, "sultan.end.2")
    assert games_row(second, "sultan.end.1").count("clause-sultan.kings") == 1


def test_a_clause_citing_a_missing_passage_is_a_dangling_warning(make_app, site_copy, source_copy, tmp_path):
    site = site_copy("edition")
    clauses = site / "clauses.md"
    clauses.write_text(clauses.read_text(encoding="utf-8").replace("sultan.end.2", "sultan.end.42"), encoding="utf-8")
    app = _build(make_app, site, tmp_path / "out", source_copy)
    assert warnings_of(app) == [
        f"{site / 'clauses.md'}: WARNING: rule clause 'sultan.kings' cites passage 'sultan.end.42', "
        "which is not in the edition [edition.dangling]"
    ]


def games_row(app, passage_id):
    games = page(app, "games")
    start = games.index(f'id="{passage_id}"')
    return games[start : games.index('class="ed-cell ed-witness"', start)]


def test_one_app_building_again_reads_the_data_edited_in_between(make_app, site_copy, source_copy, tmp_path):
    """A long-lived process (an autobuild) keeps its environment between builds; the data
    loaded for one build must not stand in for files edited before the next."""
    app = _build(make_app, site_copy("edition"), tmp_path / "out", source_copy)
    assert "накладываются" in page(app, "games")
    segmentation = source_copy / "segmentation" / "000.yaml"
    text = segmentation.read_text(encoding="utf-8")
    segmentation.write_text(text.replace('corr: "накладываются"', 'corr: "накладываютъ-ся"').replace(
        "червей карты накладываются въ", "червей карты накладываютъ-ся въ"), encoding="utf-8")
    _touch_later(segmentation)
    app.build()
    assert "накладываютъ-ся" in page(app, "games")


def test_an_edited_translation_rereads_only_the_pages_that_show_it(make_app, site_copy, source_copy, tmp_path):
    site, out = site_copy("edition"), tmp_path / "out"
    first = _build(make_app, site, out, source_copy)
    assert {"games", "notes", "refs", "glossary"} <= _read(first)
    english = source_copy / "english" / "sultan.yaml"
    text = english.read_text(encoding="utf-8")
    assert text.count("one ace of hearts") == 1
    english.write_text(text.replace("one ace of hearts", "one single ace of hearts"), encoding="utf-8")
    _touch_later(english)
    edited = _build(make_app, site, out, source_copy)
    assert _read(edited) == {"games"}  # the page whose parallel text shows the Sultan's English
    assert "one single ace of hearts" in re.sub(r"<[^>]+>", "", page(edited, "games"))  # its terms are links

    notes = source_copy / "english" / "notes.yaml"  # the notes' English: the notes, and each game's endnotes
    notes.write_text(notes.read_text(encoding="utf-8").replace("text: >-\n", "text: >-\n      Indeed,\n", 1),
                     encoding="utf-8")
    _touch_later(notes)
    assert _read(_build(make_app, site, out, source_copy)) == {"games", "notes"}
