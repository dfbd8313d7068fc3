"""From witness to reading text: the systematic substitution, then the explicit corrections.

The OCR's code page put ђ for ѣ, є for ѳ and џ for ѵ throughout. That is undone by
rule (:func:`undo_encoding`), never listed word by word. Every other change is an
explicit :class:`~patience.text.model.Correction`; :func:`apply_corrections`
composes the two, and :func:`check_reading` proves the stored reading text is
exactly that composition, so no difference can go unrecorded.
"""

from __future__ import annotations

import re

from patience.text.model import Correction

#: The code-page substitution, OCR character → pre-reform letter (lower case).
ENCODING = {"ђ": "ѣ", "є": "ѳ", "џ": "ѵ"}
_UPPER = {"ђ": "Ѣ", "є": "Ѳ", "џ": "Ѵ"}
_SUBSTITUTED = re.compile("[" + "".join(ENCODING) + "]")
_WORD = re.compile(r"\w+")


def undo_encoding(text: str) -> str:
    """Replace ђ/є/џ by ѣ/ѳ/ѵ; in a word of capitals (``ДВђ``) by the capital letter.

    The code page has only the small letters, so case is taken from the word's
    other letters.
    """

    def word(match: re.Match[str]) -> str:
        token = match.group()
        if not _SUBSTITUTED.search(token):
            return token
        others = [c for c in token if c.isalpha() and c not in ENCODING]
        capitals = len(others) >= 2 and all(c.isupper() for c in others)
        table = _UPPER if capitals else ENCODING
        return _SUBSTITUTED.sub(lambda m: table[m.group()], token)

    return _WORD.sub(word, text)


def encoding_substitutions(text: str) -> list[tuple[int, str, str]]:
    """Every place the systematic rule changes: ``(offset, ocr character, letter)``."""
    undone = undo_encoding(text)
    return [(i, a, b) for i, (a, b) in enumerate(zip(text, undone)) if a != b]


def apply_corrections(ocr: str, corrections: tuple[Correction, ...]) -> str:
    """The reading text: corrections at their places, the encoding rule everywhere else."""
    pieces, cursor = [], 0
    for correction in sorted(corrections, key=lambda c: c.start):
        pieces.append(undo_encoding(ocr[cursor : correction.start]))
        pieces.append(correction.corr)
        cursor = correction.end
    pieces.append(undo_encoding(ocr[cursor:]))
    return "".join(pieces)


def first_difference(expected: str, actual: str) -> str:
    """A short description of where two strings first differ."""
    at = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))
    return (
        f"at character {at}: the witness with its corrections has "
        f"{expected[max(0, at - 15) : at + 15]!r}, the reading text has {actual[max(0, at - 15) : at + 15]!r}"
    )
