"""What every exported file says about itself: title, version, responsibility, licence."""

from __future__ import annotations

from patience import __version__
from patience.citation import EDITION, ORIGINAL, TITLE_RU, UNKNOWN

VERSION = __version__
#: The date of this version, for the files' "modified" fields (fixed, so builds are reproducible).
RELEASED = "2026-11-30"
TITLE = EDITION
EDITORS = "The editors of the edition"
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

__all__ = ["EDITORS", "LANG_ENGLISH", "LANG_MODERN", "LANG_PREREFORM", "LICENCE", "LICENCE_URL",
           "ORIGINAL", "RELEASED", "TITLE", "TITLE_RU", "UNKNOWN", "VERSION"]
