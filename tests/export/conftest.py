"""The loaded corpus and the exported files, built once for the export tests."""

from __future__ import annotations

import pytest

from patience.corpus import load_corpus
from tests.conftest import SOURCE_TEXTS


@pytest.fixture(scope="session")
def corpus():
    return load_corpus(SOURCE_TEXTS)


#: What the books (EPUB, PDF) leave out: the digitiser's framing of the notes, and the notes'
#: heading, which becomes the chapter's title.
NOT_PRINTED = ("note-label", "backlink", "page-number")


def printed(corpus) -> list:
    """The passages a book prints, in book order."""
    return [p for p in corpus.edition.passages
            if p.kind not in NOT_PRINTED and not (p.game is None and p.kind == "heading")]


def as_printed(text: str) -> str:
    """A layer's text as a book prints it: the digitiser's caret before a raised marker dropped."""
    import re

    return re.sub(r"\^(?=\[\d+\])", "", text)
