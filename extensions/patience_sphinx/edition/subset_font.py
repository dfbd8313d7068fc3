"""Subset Noto Serif to the letters the edition uses: the site's shipped font.

The fonts in ``static/fonts/`` are made by this command and committed, so the site
build needs neither the network nor fontTools::

    apt-get download fonts-noto-core && dpkg-deb -x fonts-noto-core_*.deb noto
    python -m patience_sphinx.edition.subset_font noto/usr/share/fonts/truetype/noto

(``fonts-noto-core`` 20201225-1, Debian; ``pip install fonttools==4.68.0
brotli==1.2.1``, the ``font`` extra). The letters are Latin and Cyrillic with the
pre-reform letters (ѣ і ѳ ѵ), the punctuation and signs of the pages, and every
character of ``source_texts/`` and ``docs/``; ``tests/browser/test_font.py``
fails when the text gains a letter the font lacks, and then this is run again.
Noto Serif is under the SIL Open Font License 1.1 (``static/fonts/OFL.txt``),
which allows subsetting and serving it with the site.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FONTS = Path(__file__).parent / "static" / "fonts"
STYLES = {"Regular": "regular", "Bold": "bold", "Italic": "italic", "BoldItalic": "bolditalic"}
#: Printable Latin-1, Cyrillic with the pre-reform letters, typographic punctuation, arrows.
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x400, 0x45F), (0x460, 0x475), (0x2010, 0x2027), (0x2030, 0x203A),
          (0x2190, 0x2193), (0x21A9, 0x21A9), (0x2212, 0x2212), (0x2116, 0x2116)]


def letters() -> set[int]:
    """Every code point the pages may show in the edition's serif."""
    points = {point for low, high in RANGES for point in range(low, high + 1)}
    for folder, pattern in ((ROOT / "source_texts", "**/*"), (ROOT / "docs", "**/*.md")):
        for path in folder.glob(pattern):
            if path.is_file() and path.suffix in (".yaml", ".txt", ".md"):
                points |= {ord(c) for c in path.read_text(encoding="utf-8") if c.isprintable()}
    return points


def subset(source: Path, target: Path, points: set[int]) -> None:
    from fontTools import subset as ft_subset

    options = ft_subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "liga", "locl", "ccmp", "mark", "mkmk"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.hinting = False
    font = ft_subset.load_font(str(source), options)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(p for p in points if p in font.getBestCmap()))
    subsetter.subset(font)
    ft_subset.save_font(font, str(target), options)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the folder holding NotoSerif-Regular.ttf and its styles")
    arguments = parser.parse_args(argv)
    points = letters()
    for style, name in STYLES.items():
        source = arguments.folder / f"NotoSerif-{style}.ttf"
        if not source.is_file():
            print(f"subset_font: {source}: no such font", file=sys.stderr)
            return 1
        subset(source, FONTS / f"edition-serif-{name}.woff2", points)
    return 0


if __name__ == "__main__":
    sys.exit(main())
