"""Suggested citations: what they say, in which formats, for passages and ranges."""

from __future__ import annotations

import datetime
import json
import re
import runpy
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from patience import citation
from patience.cli import main
from patience.datafile import DataFileError
from patience.text import load_edition

ROOT = Path(__file__).resolve().parents[2]
EDITION = load_edition()
IDS = [p.id for p in EDITION.passages]


PUBLICATION = citation.load_publication()
#: The edition as it would be once published (model_copy does not validate: a test address).
ELSEWHERE = PUBLICATION.model_copy(update={"base_url": "https://example.org/ed/"})
DAY = datetime.date(2027, 3, 4)


def test_urn_names_the_passage_in_the_documented_namespace():
    cite = citation.citation(EDITION, "sultan.end.2")
    assert cite.urn == "urn:cts:cadogan:patience.ru.ocr-edition:sultan.end.2"
    assert citation.citation(EDITION, "sultan.end.2", ELSEWHERE).url == (
        "https://example.org/ed/docs/games/sultan.html#sultan.end.2"
    )


def test_the_publication_comes_from_one_file_that_conf_py_reads_too():
    data = yaml.safe_load((ROOT / "source_texts" / "edition.yaml").read_text(encoding="utf-8"))
    assert PUBLICATION.base_url == data.get("base_url") and PUBLICATION.version == str(data["version"])
    conf = runpy.run_path(str(ROOT / "conf.py"))
    assert conf["html_baseurl"] == (PUBLICATION.base_url or "")
    assert conf["version"] == conf["release"] == PUBLICATION.version
    assert conf["today_fmt"] == PUBLICATION.released.isoformat()


def test_a_range_cites_the_whole_range_and_its_url_names_it():
    cite = citation.citation(EDITION, "sultan.end.1-sultan.end.3", ELSEWHERE)
    assert [p.id for p in cite.passages] == ["sultan.end.1", "sultan.end.2", "sultan.plate", "sultan.end.3"]
    assert cite.url.endswith("docs/games/sultan.html#sultan.end.1-sultan.end.3")


@pytest.mark.parametrize("fmt", citation.FORMATS)
def test_every_format_names_the_editors_version_release_and_accessed_date_once(fmt):
    text = citation.render(citation.citation(EDITION, "napoleon.game.2", ELSEWHERE, accessed=DAY), fmt)
    version = f'"version": "{PUBLICATION.version}"' if fmt == "csl-json" else f"ersion {PUBLICATION.version}"
    assert text.count(PUBLICATION.editors) == 1 and text.count(version) == 1
    released = {"text": "released 2026-11-30", "bibtex": "year = {2026},\n  month = nov",
                "biblatex": "date = {2026-11-30}", "ris": "DA  - 2026/11/30"}
    accessed = {"text": "(accessed 2027-03-04)", "bibtex": "urldate = {2027-03-04}",
                "biblatex": "urldate = {2027-03-04}", "ris": "Y2  - 2027/03/04"}
    url = "https://example.org/ed/docs/games/napoleon.html#napoleon.game.2"
    if fmt == "csl-json":
        item = json.loads(text)[0]
        assert item["accessed"] == {"date-parts": [[2027, 3, 4]]}
        assert item["issued"] == {"date-parts": [[2026, 11, 30]]} and item["URL"] == url
    else:
        assert text.count(released[fmt]) == text.count(accessed[fmt]) == text.count(url) == 1


def test_a_broken_publication_file_is_a_located_error(tmp_path):
    (tmp_path / "edition.yaml").write_text("title: t\neditors: e\nbase_url: https://x.org\nversion: '1'\n"
                                           "released: 2026-01-01\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"edition.yaml:3: base_url: .*slash"):
        citation.load_publication(tmp_path)


@given(st.integers(0, len(IDS) - 1), st.integers(0, len(IDS) - 1))
def test_a_range_is_every_passage_between_its_ends_in_book_order(i, j):
    first, last = sorted((i, j))
    reference = f"{IDS[first]}-{IDS[last]}"
    passages = citation.resolve(EDITION, reference)
    assert [p.id for p in passages] == IDS[first : last + 1]
    assert citation.resolve(EDITION, f" {IDS[first]} – {IDS[last]} ") == passages  # as a citation prints it
    cite = citation.citation(EDITION, reference)
    assert cite.label == (IDS[first] if first == last else reference)
    assert cite.urn.endswith(":" + cite.label)
    if first != last:
        with pytest.raises(citation.CitationError, match="runs backwards"):
            citation.resolve(EDITION, f"{IDS[last]}-{IDS[first]}")


@pytest.mark.parametrize("reference", ["sultan.end.99", "sultan.end.1-nowhere", "a-b-c", "sultan.end.1-", ""])
def test_a_reference_to_nothing_is_an_error(reference):
    with pytest.raises(citation.CitationError):
        citation.resolve(EDITION, reference)


def test_a_corrected_passage_says_so_and_an_uncorrected_one_does_not():
    corrected = next(p for p in EDITION.passages if len(p.corrections) == 1)
    plain = next(p for p in EDITION.passages if not p.corrections and not p.remarks)
    kind = citation.KIND_NAMES[corrected.corrections[0].kind]
    assert f"corrected by the editors (1 correction: {kind})" in citation.citation(EDITION, corrected.id).status
    assert "corrected" not in citation.citation(EDITION, plain.id).status
    assert "OCR witness" in citation.citation(EDITION, plain.id).status


def test_an_uncertain_reading_is_called_uncertain_or_conjectural():
    doubtful = [p for p in EDITION.passages if any(r.kind == "uncertain" for r in p.remarks)]
    assert doubtful
    for passage in doubtful:
        status = citation.citation(EDITION, passage.id).status
        assert "uncertain or conjectural" in status
        for remark in passage.remarks:
            if remark.kind == "uncertain":
                assert remark.text in status


def test_a_range_counts_the_corrections_of_all_its_passages():
    passages = citation.resolve(EDITION, "napoleon.rules.1-napoleon.game.2")
    total = sum(len(p.corrections) for p in passages)
    assert total > 1
    assert f"({total} corrections:" in citation.citation(EDITION, "napoleon.rules.1-napoleon.game.2").status


def test_nothing_unknown_is_invented():
    cite = citation.citation(EDITION, "sultan.end.2")
    for bibtex in (citation.as_bibtex(cite), citation.as_biblatex(cite)):
        for field in ("publisher", "translator", "address", "location"):
            assert not re.search(rf"^\s*{field}\s*=", bibtex, flags=re.M)
        assert "Translator, publisher and year of the Russian edition unknown." in bibtex
    item = json.loads(citation.as_csl_json(cite))[0]
    assert not {"publisher", "translator", "publisher-place"} & set(item)
    for text in (citation.as_text(cite), citation.as_ris(cite), item["note"]):
        assert "Translator, publisher and year of the Russian edition unknown." in text


@pytest.mark.parametrize("fmt", citation.FORMATS)
def test_without_an_address_a_citation_says_so_and_invents_none(fmt):
    assert PUBLICATION.base_url is None, "edition.yaml now names an address: this test needs a copy without one"
    text = citation.render(citation.citation(EDITION, "sultan.end.2", accessed=DAY), fmt)
    assert citation.NO_ADDRESS in text and "http" not in text.replace(citation.ORIGINAL, "")
    assert "urn:cts:cadogan:patience.ru.ocr-edition:sultan.end.2" in text


def test_no_citation_ends_a_sentence_twice():
    remarked = [p.id for p in EDITION.passages if p.remarks]
    assert remarked
    for passage_id in remarked:
        for fmt in citation.FORMATS:
            text = citation.render(citation.citation(EDITION, passage_id, ELSEWHERE, DAY), fmt)
            assert ".." not in text.replace("...", ""), (passage_id, fmt)


def test_each_format_is_well_formed():
    cite = citation.citation(EDITION, "notes.19", ELSEWHERE.model_copy(update={"base_url": "https://example.org/"}))
    for kind, bibtex in (("misc", citation.as_bibtex(cite)), ("incollection", citation.as_biblatex(cite))):
        assert bibtex.startswith(f"@{kind}{{{cite.key},\n") and bibtex.endswith("\n}")
        assert bibtex.count("{") == bibtex.count("}")
    item = json.loads(citation.as_csl_json(cite))[0]
    assert item["URL"] == "https://example.org/docs/games/constitution.html#notes.19"
    assert item["author"] == [{"family": "Cadogan", "given": "Adelaide"}]
    ris = citation.as_ris(cite).splitlines()
    assert ris[0] == "TY  - CHAP" and ris[-1] == "ER  - "
    assert all(re.match(r"^[A-Z][A-Z0-9]  - ", line) for line in ris)


def test_every_passage_has_one_page_and_the_notes_section_its_own():
    pages = {p.id: citation.page_of(EDITION, p) for p in EDITION.passages}
    assert pages["notes.19"] == pages["page.19"] == "docs/games/constitution.html"
    assert pages["notes.1"] == pages["notes.heading"] == "docs/notes.html"
    for passage in EDITION.passages:
        if passage.game:
            assert pages[passage.id] == f"docs/games/{passage.game}.html"
    shown = [p.id for where in [g.id for g in EDITION.games] + ["notes"] for p in citation.passages_at(EDITION, where)]
    assert sorted(shown) == sorted(IDS)


@pytest.mark.parametrize("fmt", citation.FORMATS)
def test_the_command_prints_the_same_citation(fmt, capsys):
    assert main(["cite", "sultan.end.1-sultan.end.3", "--format", fmt, "--accessed", "2027-03-04"]) == 0
    expected = citation.render(citation.citation(EDITION, "sultan.end.1-sultan.end.3", accessed=DAY), fmt)
    assert capsys.readouterr().out == expected + "\n"


def test_the_command_reads_a_range_as_a_citation_prints_it(capsys):
    printed = citation.citation(EDITION, "sultan.end.1-sultan.end.3", accessed=DAY).title
    copied = printed.split("passages ")[1].rstrip("”\"")
    assert copied == "sultan.end.1–sultan.end.3"
    assert main(["cite", copied, "--accessed", "2027-03-04"]) == 0
    assert capsys.readouterr().out == citation.render(citation.citation(EDITION, "sultan.end.1-sultan.end.3",
                                                                        accessed=DAY), "text") + "\n"


def test_the_command_reports_a_bad_reference_in_one_line(capsys):
    assert main(["cite", "sultan.end.3-sultan.end.1"]) == 2
    err = capsys.readouterr().err
    assert err == "patience: range 'sultan.end.3-sultan.end.1' runs backwards: sultan.end.1 comes before sultan.end.3 in the book\n"


def test_a_line_break_in_the_base_url_cannot_inject_a_ris_line(tmp_path):
    (tmp_path / "edition.yaml").write_text('editors: e\nbase_url: "https://patience.github.io/\\nTY  - EVIL/"\n'
                                           "version: '1'\nreleased: 2026-01-01\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"edition.yaml:2: base_url: .*'\\n'"):
        citation.load_publication(tmp_path)


@pytest.mark.parametrize("url", ["https://patience-edition.example.org/", "https://example.com/ed/", "http://site.test/",
                                 "https://edition.example/", "http://localhost/", "https://a.example.net./"])
def test_a_placeholder_address_is_a_located_error(tmp_path, url):
    (tmp_path / "edition.yaml").write_text(f"editors: e\nversion: '1'\nreleased: 2026-01-01\nbase_url: {url}\n",
                                           encoding="utf-8")
    with pytest.raises(DataFileError, match=r"edition.yaml:4: base_url: .*is a placeholder"):
        citation.load_publication(tmp_path)


@pytest.mark.parametrize("url", ["javascript:alert(1)/", "ftp://patience.github.io/", "https:///"])
def test_an_address_is_a_web_address(tmp_path, url):
    (tmp_path / "edition.yaml").write_text(f"editors: e\nversion: '1'\nreleased: 2026-01-01\nbase_url: '{url}'\n",
                                           encoding="utf-8")
    with pytest.raises(DataFileError, match=r"edition.yaml:4: base_url: .*not an http\(s\) address"):
        citation.load_publication(tmp_path)


def test_a_real_address_is_taken(tmp_path):
    (tmp_path / "edition.yaml").write_text("editors: e\nversion: '1'\nreleased: 2026-01-01\n"
                                           "base_url: https://patience.github.io/edition/\n", encoding="utf-8")
    assert citation.load_publication(tmp_path).address("docs/x.html") == "https://patience.github.io/edition/docs/x.html"



def test_patience_check_reports_a_placeholder_address_at_its_line(source_copy, monkeypatch, capsys):
    from patience.consistency import check_source

    path = source_copy / "edition.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "base_url: https://patience-edition.example.org/\n",
                    encoding="utf-8")
    line = len(path.read_text(encoding="utf-8").splitlines())
    findings = check_source(source_copy)
    assert [(f.path, f.line, f.kind) for f in findings] == [(str(path), line, "publication")]
    assert "'patience-edition.example.org' is a placeholder" in findings[0].message
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    assert main(["cite", "sultan.end.2"]) == 2
    assert "is a placeholder" in capsys.readouterr().err
