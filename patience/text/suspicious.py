"""Flagging tokens that are probably OCR faults, so that no line escapes a second look.

The checks are about pre-reform Russian as printed, not about any dictionary:

* ``mixed-script`` — Latin letters or digits inside a Cyrillic word;
* ``bare-consonant`` — a word ending in a consonant: pre-reform spelling writes ъ or ь
  after every final consonant (``Еслн`` for ``Если``);
* ``soft-sign-final`` — ``кругь``, and ``вь`` for ``въ``: a soft sign where none can stand;
* ``i-before-consonant`` — і before a consonant or at a word's end (it stands only before a
  vowel and й), and ``іі`` for й;
* ``inner-capital`` — a capital after a small letter inside a word (``треФъ``);
* ``odd-sign`` — a character that does not belong in a word (``/``, ``ђ`` left over).

Tokens that are flagged but correct are listed, with a reason, in
``source_texts/checked_tokens.yaml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

CYRILLIC = "а-яёѣіѳѵА-ЯЁѢІѲѴ"
CONSONANTS = set("бвгджзклмнпрстфхцчшщѳБВГДЖЗКЛМНПРСТФХЦЧШЩѲ")
#: Consonants after which a final ь never stands in Russian (``вновь`` is sound).
NEVER_SOFT = set("гкхцГКХЦ")
#: Short words that end in a consonant without ъ in the book's spelling (abbreviations, «т. д.»).
ABBREVIATIONS = {"т", "д", "е", "см"}

TOKEN = re.compile(rf"[{CYRILLIC}A-Za-z0-9/ђєџ]+")
ROMAN = re.compile(r"^[IVXL]+$")


@dataclass(frozen=True)
class Suspicion:
    token: str
    start: int
    reason: str


def suspicious_tokens(text: str) -> list[Suspicion]:
    """Every token of ``text`` that a check flags, with the first reason found."""
    found = []
    for match in TOKEN.finditer(text):
        reason = _reason(match.group())
        if reason:
            found.append(Suspicion(match.group(), match.start(), reason))
    return found


def _reason(token: str) -> str | None:
    if ROMAN.match(token) or token.isdigit():
        return None
    has_cyrillic = re.search(rf"[{CYRILLIC}ђєџ]", token)
    if has_cyrillic and re.search(r"[A-Za-z0-9]", token):
        return "mixed-script"
    if not has_cyrillic:
        return "mixed-script" if re.search(r"[A-Za-z]", token) else None
    if re.search(r"[/ђєџ]", token):
        return "odd-sign"
    if re.search(r"[а-яёѣіѳѵ][А-ЯЁѢІѲѴ]", token):
        return "inner-capital"
    if "іі" in token.lower() or re.search(r"і(?=[бвгджзклмнпрстфхцчшщѳъь])|і$", token.lower()):
        return "i-before-consonant"
    if token[-1] in CONSONANTS and token.lower() not in ABBREVIATIONS:
        return "bare-consonant"
    if token.lower() == "вь" or len(token) >= 2 and token[-1] == "ь" and token[-2] in NEVER_SOFT:
        return "soft-sign-final"
    return None


class CheckedToken(BaseModel):
    """A flagged or doubtful token that was checked and kept, with the reason."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    passage: str
    token: str = Field(min_length=1)
    reason: str = Field(min_length=1)


class CheckedTokensFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    checked: list[CheckedToken]
