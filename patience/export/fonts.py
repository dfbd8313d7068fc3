"""The typeface of the PDF: one that has every letter the PDF prints, found, never assumed.

Looked for in order:

1. ``$PATIENCE_PDF_FONT``, a TrueType file (its bold and italic beside it as
   ``NAME-Bold.ttf`` and ``NAME-Italic.ttf``, if there): when it is set, it must be a
   TrueType file, or the PDF is not made;
2. the edition's own typeface, shipped with the package in ``patience/export/fonts/``
   (TrueType made from the site's subset of Noto Serif, which has the old letters;
   ``fonts/README.md`` says how);
3. DejaVu Serif (Debian's ``fonts-dejavu-core``, italics from ``fonts-dejavu-extra``).

The first that exists is used, and it must have every character the PDF prints: one
missing is a :class:`FontError` that names it, so no letter can print as a blank box.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

SHIPPED = Path(__file__).parent / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
OLD_LETTERS = "ѣѢіІѳѲѵѴ"


class FontError(Exception):
    """No usable font: none found, or one that lacks characters the PDF prints."""


@dataclass(frozen=True)
class Candidate:
    regular: Path
    bold: Path
    italic: Path


@dataclass(frozen=True)
class Family:
    """The registered names of the styles, and the file of the regular one."""

    regular: str
    bold: str
    italic: str
    path: Path


def candidates() -> list[Candidate]:
    found = []
    if os.environ.get("PATIENCE_PDF_FONT"):
        path = Path(os.environ["PATIENCE_PDF_FONT"])
        if not path.is_file():  # asked for by name: another font in its place would be a silent change
            raise FontError(f"PATIENCE_PDF_FONT names {path}, which is not a file")
        found.append(Candidate(path, path.with_name(f"{path.stem}-Bold.ttf"), path.with_name(f"{path.stem}-Italic.ttf")))
    found.append(Candidate(*(SHIPPED / f"edition-serif-{style}.ttf" for style in ("regular", "bold", "italic"))))
    found.append(Candidate(*(DEJAVU / f"DejaVuSerif{style}.ttf" for style in ("", "-Bold", "-Italic"))))
    return found


def register_family(text: str) -> Family:
    """Register the first font found, with its styles; it must have every character of ``text``."""
    chosen = next((c for c in candidates() if c.regular.is_file()), None)
    if chosen is None:
        raise FontError("no font for the PDF: install Debian's fonts-dejavu-core, or set PATIENCE_PDF_FONT")
    names: dict[str, str] = {}
    printed = {c for c in set(text + OLD_LETTERS) if not c.isspace()}
    for style, path in (("regular", chosen.regular), ("bold", chosen.bold), ("italic", chosen.italic)):
        if not path.is_file():
            names[style] = names["regular"]
            continue
        try:
            font = TTFont(f"EditionSerif-{style}", str(path))
        except TTFError as error:
            raise FontError(f"the font {path} cannot be used: {error}") from None
        missing = sorted(c for c in printed if ord(c) not in font.face.charToGlyph)
        if missing:
            raise FontError(f"the font {path} lacks {''.join(missing)!r}, which the PDF prints")
        pdfmetrics.registerFont(font)
        names[style] = font.fontName
    pdfmetrics.registerFontFamily(names["regular"], normal=names["regular"], bold=names["bold"],
                                  italic=names["italic"], boldItalic=names["bold"])
    return Family(names["regular"], names["bold"], names["italic"], chosen.regular)
