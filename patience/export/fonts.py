"""The typeface of the PDF: one that has the old letters (ѣ, і, ѳ, ѵ), found, never assumed.

Looked for in order: ``$PATIENCE_PDF_FONT`` (a TrueType file; its bold and italic are
looked for beside it as ``NAME-Bold.ttf`` and ``NAME-Italic.ttf``); the edition's own
font, a ``.ttf`` among the static files of the site's edition extension; DejaVu Serif
(Debian's ``fonts-dejavu-core``, italics from ``fonts-dejavu-extra``). A font that lacks
a character the text uses is an error that names the characters, so no letter can
silently print as a blank box.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
OLD_LETTERS = "ѣѢіІѳѲѵѴ"


class FontError(Exception):
    """No usable font: none found, or one that lacks characters the edition uses."""


@dataclass(frozen=True)
class Family:
    regular: str
    bold: str
    italic: str
    path: Path


def candidates() -> list[Path]:
    found = []
    if os.environ.get("PATIENCE_PDF_FONT"):
        found.append(Path(os.environ["PATIENCE_PDF_FONT"]))
    spec = importlib.util.find_spec("patience_sphinx")
    if spec and spec.submodule_search_locations:
        static = Path(next(iter(spec.submodule_search_locations))) / "edition" / "static"
        found += sorted(p for p in static.rglob("*.ttf") if "-" not in p.stem)
    found.append(DEJAVU)
    return found


def register_family(text: str) -> Family:
    """Register the first font found that has every character of ``text``, with its styles."""
    for path in candidates():
        if path.is_file():
            break
    else:
        raise FontError("no font with the old letters: install Debian's fonts-dejavu-core, or set PATIENCE_PDF_FONT")
    regular = _register(path, "EditionSerif")
    missing = sorted({c for c in text + OLD_LETTERS if not c.isspace() and ord(c) not in regular.face.charToGlyph})
    if missing:
        raise FontError(f"the font {path} lacks {''.join(missing)!r}, which the edition uses")
    styles = {}
    for style in ("Bold", "Italic"):
        variant = path.with_name(f"{path.stem}-{style}{path.suffix}")
        styles[style] = _register(variant, f"EditionSerif-{style}").fontName if variant.is_file() else "EditionSerif"
    pdfmetrics.registerFontFamily("EditionSerif", normal="EditionSerif", bold=styles["Bold"],
                                  italic=styles["Italic"], boldItalic=styles["Bold"])
    return Family("EditionSerif", styles["Bold"], styles["Italic"], path)


def _register(path: Path, name: str) -> TTFont:
    font = TTFont(name, str(path))
    pdfmetrics.registerFont(font)
    return font
