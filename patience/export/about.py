"""What every exported file says about itself: title, licence, languages; and, from
``source_texts/edition.yaml`` (:func:`publication`), its editors, version and release date,
the same that every citation names. The release date stands in the files' "modified"
fields, so the same edition gives the same bytes.
"""

from __future__ import annotations

from patience.citation import EDITION, ORIGINAL, TITLE_RU, UNKNOWN, Publication, load_publication
from patience.corpus import Corpus

TITLE = EDITION
LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"
LICENCE = (
    "The reading text, the modern transcription, the English translation, the notes, the "
    "glossary and the rule specifications are licensed under Creative Commons Attribution "
    "4.0 International (CC BY 4.0). The witnesses transcribe a book printed in the "
    "nineteenth century, which is in the public domain. The code is under the MIT licence."
)
#: BCP 47 tags: the witnesses and the reading text are Russian in the Petrine (pre-1918)
#: orthography, ``petr1708``; the modern transcription is plain ``ru``.
LANG_PREREFORM, LANG_MODERN, LANG_ENGLISH = "ru-petr1708", "ru", "en"



def publication(corpus: Corpus) -> Publication:
    """The edition as a publication: ``edition.yaml`` beside the corpus's text, checked."""
    return load_publication(corpus.source)


__all__ = ["LANG_ENGLISH", "LANG_MODERN", "LANG_PREREFORM", "LICENCE", "LICENCE_URL", "ORIGINAL", "TITLE",
           "TITLE_RU", "UNKNOWN", "publication"]
