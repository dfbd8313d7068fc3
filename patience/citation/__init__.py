"""Suggested citations of a passage or a range of passages, in the formats reference managers read.

One package serves both the ``patience cite`` command and the site's "cite"
control, so a citation copied from a page and one printed in a terminal are the
same text. The book's translator, publisher and year are unknown and are said to
be unknown; nothing is invented to fill a field. What the edition is (title,
editors, address, version, release date) comes from ``source_texts/edition.yaml``
(:func:`load_publication`), which ``conf.py`` reads too; a citation also names the
day it was made ("accessed").
"""

from .formats import FORMATS, as_biblatex, as_bibtex, as_csl_json, as_ris, as_text, render
from .passages import (
    AUTHOR_FAMILY,
    AUTHOR_GIVEN,
    KIND_NAMES,
    NOTES_TITLE,
    ORIGINAL,
    ORIGINAL_PLACE,
    ORIGINAL_PUBLISHER,
    ORIGINAL_TITLE,
    ORIGINAL_YEAR,
    TITLE_RU,
    UNKNOWN,
    URN_BASE,
    Citation,
    CitationError,
    citation,
    home,
    label_of,
    page_of,
    part_title,
    passages_at,
    range_ends,
    resolve,
)
from .publication import EDITION, NO_ADDRESS, Publication, load_publication, placeholder_host

__all__ = [
    "AUTHOR_FAMILY", "AUTHOR_GIVEN", "EDITION", "FORMATS", "KIND_NAMES", "NO_ADDRESS", "NOTES_TITLE",
    "ORIGINAL", "ORIGINAL_PLACE", "ORIGINAL_PUBLISHER", "ORIGINAL_TITLE", "ORIGINAL_YEAR", "TITLE_RU", "UNKNOWN",
    "URN_BASE", "Citation", "CitationError", "Publication", "as_biblatex", "as_bibtex", "as_csl_json", "as_ris",
    "as_text", "citation", "home", "label_of", "load_publication", "page_of", "part_title", "passages_at",
    "placeholder_host", "range_ends", "render", "resolve",
]
