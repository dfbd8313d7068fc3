"""The plain site the build benchmark measures the edition against holds the same text.

``benchmarks/plain_site.py`` writes the edition's pages as plain MyST; if it dropped or
garbled a layer, the benchmark's ratio would flatter the edition. Its escaping is read
back by MyST's own parser, and the site it writes is built (``-n -W``) and searched for
every passage's four layers, every note and every term.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it.renderer import RendererHTML
from myst_parser.config.main import MdParserConfig
from myst_parser.parsers.mdit import create_md_parser

from benchmarks import plain_site
from patience.citation import home
from patience.corpus import load_corpus

CORPUS = load_corpus()


def layers(passage) -> list[str]:
    """The passage's witness, reading text, modern transcription and English (those it has)."""
    modern, english = CORPUS.modern.get(passage.id), CORPUS.english.get(passage.id)
    return [passage.ocr, passage.reading, *([modern.text] if modern else []), *([english.text] if english else [])]


def plain(text: str) -> str:
    """Text with its spaces, and the quotation marks, dashes and ellipses Sphinx makes typographic, made plain."""
    for typographic, simple in (("“", '"'), ("”", '"'), ("„", '"'), ("‘", "'"), ("’", "'"), ("—", "---"),
                                ("–", "--"), ("…", "...")):
        text = text.replace(typographic, simple)
    return " ".join(text.split())


def shown(page: str) -> str:
    """What a reader sees of HTML: its tags dropped, its entities read, made :func:`plain`."""
    return plain(html.unescape(re.sub(r"<[^>]+>", "", page)))


PARSER = create_md_parser(MdParserConfig(enable_extensions=set(plain_site.MYST_EXTENSIONS)), RendererHTML)
MARKUP = "\\`*_[]<>{}()|~^$&#+-=:.!%\"' \n"


@given(st.text(alphabet=st.sampled_from(MARKUP + "a1ъ"), max_size=40))
def test_escaped_text_reads_back_as_written_whatever_markup_it_looks_like(text):
    assert shown(PARSER.render(plain_site.escape(text))) == plain(text)


def test_every_layer_of_every_passage_reads_back_as_written():
    for passage in CORPUS.edition.passages:
        for text in layers(passage):
            assert shown(PARSER.render(plain_site.escape(text))) == plain(text), passage.id


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plain")
    site = plain_site.write(folder / "site", CORPUS)
    result = subprocess.run([sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", "-b", "html",
                             str(site), str(folder / "html")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return folder / "html"


def test_the_site_holds_every_passage_with_its_four_layers_on_the_page_that_shows_it(built):
    pages: dict[str, str] = {}
    for passage in CORPUS.edition.passages:
        where = home(CORPUS.edition, passage)
        name = "notes.html" if where == "notes" else f"games/{where}.html"
        page = pages.setdefault(name, (built / name).read_text(encoding="utf-8"))
        assert f'id="{passage.id.replace(".", "-")}"' in page, passage.id
        for text in layers(passage):
            assert plain(text) in shown(page), passage.id


def test_the_site_holds_every_note_and_every_term(built):
    notes = (built / "notes.html").read_text(encoding="utf-8")
    for number in CORPUS.edition.notes:
        assert f'id="note-{number}"' in notes
    glossary = (built / "glossary.html").read_text(encoding="utf-8")
    for term in CORPUS.glossary.terms:
        assert f'id="term-{term.id}"' in glossary
        assert plain(term.definition) in shown(glossary)
