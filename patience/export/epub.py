"""The edition as an EPUB 3 book (``patience epub``), checked by ``epubcheck``.

One XHTML document per chapter of :mod:`.book`: each passage with its reading text,
modern transcription and English, its footnote markers raised and linked to the notes,
the redrawn plate (an SVG of its own), then the game's rules in plain language; then the
notes, the glossary and a page on the edition and its licence. The edition's typeface
(the PDF's, with the old letters) is embedded, so a reading system without ѣ or і shows
them all the same. The archive is written with fixed dates, so the same edition gives
the same bytes.
"""

from __future__ import annotations

import io
import zipfile
from html import escape

from patience.citation import Publication
from patience.corpus import Corpus
from patience.export import about
from patience.export.book import Chapter, Piece, Plate, chapters, split_markers
from patience.export.fonts import SHIPPED
from patience.text.glossary import Glossary

#: The embedded typeface: (file, weight, style).
FONTS = (("edition-serif-regular.ttf", "normal", "normal"), ("edition-serif-bold.ttf", "bold", "normal"),
         ("edition-serif-italic.ttf", "normal", "italic"))
FACES = "".join(f'@font-face {{ font-family: "Edition Serif"; src: url("fonts/{name}"); font-weight: {weight}; '
                f"font-style: {style}; }}\n" for name, weight, style in FONTS)

STYLE = FACES + """
body { font-family: "Edition Serif", serif; line-height: 1.4; }
sup { line-height: 0; }
figure.plate { margin: 1em 0; text-align: center; }
figure.plate img { max-width: 100%; }
figure.plate figcaption { font-size: 0.85em; color: #444; text-align: left; }
.passage { margin: 0 0 1.2em 0; }
.pid { font-family: monospace; font-size: 0.75em; color: #555; }
.reading { margin: 0.2em 0; }
.modern { margin: 0.2em 0; color: #333; }
.english { margin: 0.2em 0; font-style: italic; }
.tnote, .conjecture, .lacuna { font-size: 0.85em; color: #444; }
h1 .ru { font-weight: normal; }
dt { font-weight: bold; }
"""
_EPOCH = (1980, 1, 1, 0, 0, 0)


def _tag(name: str, content: str = "", **attrs) -> str:
    """An element; ``class_`` is ``class``, ``epub_type`` ``epub:type``, ``lang`` also ``xml:lang``."""
    if "lang" in attrs:
        attrs["xml:lang"] = attrs["lang"]
    names = {"class_": "class", "epub_type": "epub:type"}
    rendered = "".join(f' {names.get(k, k)}="{escape(str(v))}"' for k, v in attrs.items() if v is not None)
    return f"<{name}{rendered}>{content}</{name}>"


def _page(title: str, body: str, lang: str = about.LANG_ENGLISH) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
        f'<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" '
        f'lang="{lang}" xml:lang="{lang}">\n<head><meta charset="UTF-8"/><title>{escape(title)}</title>'
        '<link rel="stylesheet" type="text/css" href="style.css"/></head>\n'
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _linked(text: str, notes: set[int]) -> str:
    """Text with its footnote markers linked to the notes that survive."""
    out = []
    for piece, number in split_markers(text):
        if number in notes:
            out.append(_tag("sup", _tag("a", escape(piece), href=f"notes.xhtml#notes.{number}", epub_type="noteref")))
        elif number is not None:
            out.append(_tag("sup", escape(piece)))
        else:
            out.append(escape(piece))
    return "".join(out)


def _passage(piece: Piece, notes: set[int]) -> str:
    lines = [
        _tag("p", escape(piece.id), class_="pid"),
        _tag("p", _linked(piece.reading, notes), class_="reading", lang=about.LANG_PREREFORM),
        _tag("p", _linked(piece.modern, notes), class_="modern", lang=about.LANG_MODERN),
        _tag("p", _linked(piece.english, notes), class_="english"),
        *(_tag("p", "Translator’s note: " + escape(n), class_="tnote") for n in piece.translator_notes),
        *([_tag("p", escape(piece.attachment), class_="tnote")] if piece.attachment else []),
    ]
    return _tag("section", "\n".join(lines), id=piece.id, class_="passage")


def _chapter(chapter: Chapter, notes: set[int], home: dict[str, str]) -> str:
    ru = " — " + _tag("span", escape(chapter.title_ru), class_="ru", lang=about.LANG_PREREFORM) if chapter.title_ru else ""
    parts = [f"<h1>{escape(chapter.title)}{ru}</h1>"]
    parts += [_tag("p", "Lost: " + escape(lacuna), class_="lacuna") for lacuna in chapter.lacunae]
    for piece in chapter.pieces:
        parts.append(_passage(piece, notes))
        if chapter.plate and chapter.plate.after == piece.id:
            parts.append(_figure(chapter.id, chapter.plate))
    if chapter.plate and chapter.plate.after is None:
        parts.append(_figure(chapter.id, chapter.plate))
    if chapter.rules:
        parts.append("<h2>The rules in plain language</h2>")
        parts.append(_tag("p", escape(chapter.summary)) + _tag("p", escape(chapter.status), class_="conjecture"))
        items = []
        for rule in chapter.rules:
            where = ", ".join(_tag("a", escape(p), href=f"{home[p]}#{p}") for p in rule.passages)
            guess = _tag("span", " Conjecture: " + escape(rule.conjecture), class_="conjecture") if rule.conjecture else ""
            items.append(_tag("li", escape(rule.says) + (f" ({where})" if where else "") + guess))
        parts.append(_tag("ol", "\n".join(items)))
    return _page(chapter.title, "\n".join(parts))


def _figure(game_id: str, plate: Plate) -> str:
    caption = "The plate, lost with the book’s, redrawn from the game’s rule specification: " + plate.description
    return _tag("figure", f'<img src="plates/{game_id}.svg" alt="{escape(plate.description)}"/>'
                + _tag("figcaption", escape(caption)), class_="plate")


def _glossary(glossary: Glossary) -> str:
    entries = []
    for term in glossary.terms:
        head = _tag("span", escape(term.prereform), lang=about.LANG_PREREFORM) + f" ({escape(term.modern)}) — {escape(term.english)}"
        entries.append(_tag("dt", head, id=f"term.{term.id}") + _tag("dd", escape(term.definition)))
    return _page("Glossary", "<h1>Glossary</h1>\n" + _tag("dl", "\n".join(entries)))


def _about(release: Publication) -> str:
    body = _tag("h1", escape(about.TITLE_RU), lang=about.LANG_PREREFORM) + (
        f"<p>{escape(release.statement)}.</p>"
        f"<p>An anonymous Russian translation of Lady Adelaide Cadogan’s {escape(about.ORIGINAL)}. {escape(about.UNKNOWN)}</p>"
        "<p>Each passage is given as the reading text (the witness with its OCR faults corrected, in the "
        "spelling before 1918), the modern transcription and the English translation, under its identifier.</p>"
        f"<p>{escape(about.LICENCE)}</p>"
    )
    return _page("About this edition", body)


def _nav(documents: list[tuple[str, str, str]]) -> str:
    items = "\n".join(_tag("li", _tag("a", escape(title), href=name)) for name, title, _ in documents)
    return _page("Contents", f'<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>\n{items}\n</ol></nav>')


def _opf(documents: list[tuple[str, str, str]], release: Publication, plates: list[str]) -> str:
    manifest = "\n".join(
        f'<item id="d{i}" href="{name}" media-type="application/xhtml+xml"/>' for i, (name, _, _) in enumerate(documents)
    )
    manifest += "".join(f'\n<item id="font{i}" href="fonts/{name}" media-type="font/ttf"/>'
                        for i, (name, _, _) in enumerate(FONTS))
    manifest += "".join(f'\n<item id="plate-{game}" href="plates/{game}.svg" media-type="image/svg+xml"/>'
                        for game in plates)
    spine = "\n".join(f'<itemref idref="d{i}"/>' for i in range(len(documents)))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:cts:cadogan:patience.ru.ocr-edition:v{escape(release.version)}</dc:identifier>
<dc:title>{escape(about.TITLE_RU)} — critical edition</dc:title>
<dc:language>en</dc:language>
<dc:language>{about.LANG_PREREFORM}</dc:language>
<dc:creator>Adelaide Cadogan</dc:creator>
<dc:contributor>{escape(release.editors)}</dc:contributor>
<dc:rights>{escape(about.LICENCE)}</dc:rights>
<dc:date>{release.released.isoformat()}</dc:date>
<meta property="dcterms:modified">{release.released.isoformat()}T00:00:00Z</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style.css" media-type="text/css"/>
{manifest}
</manifest>
<spine>
{spine}
</spine>
</package>
"""


CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
"""


def epub_bytes(corpus: Corpus) -> bytes:
    notes = {n.number for n in corpus.edition.notes.values() if n.passage_id}
    release = about.publication(corpus)
    documents = [("about.xhtml", "About this edition", _about(release))]
    book = chapters(corpus)
    home = {piece.id: f"{chapter.id}.xhtml" for chapter in book for piece in chapter.pieces}
    for chapter in book:
        documents.append((f"{chapter.id}.xhtml", chapter.title, _chapter(chapter, notes, home)))
    documents.append(("glossary.xhtml", "Glossary", _glossary(corpus.glossary)))
    files: list[tuple[str, str | bytes]] = [("mimetype", "application/epub+zip"), ("META-INF/container.xml", CONTAINER),
             ("OEBPS/content.opf", _opf(documents, release, [c.id for c in book if c.plate])),
             ("OEBPS/nav.xhtml", _nav(documents)), ("OEBPS/style.css", STYLE)]
    files += [(f"OEBPS/{name}", text) for name, _, text in documents]
    files += [(f"OEBPS/plates/{c.id}.svg", c.plate.svg) for c in book if c.plate]
    files += [(f"OEBPS/fonts/{name}", (SHIPPED / name).read_bytes()) for name, _, _ in FONTS]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files:
            info = zipfile.ZipInfo(name, _EPOCH)
            info.compress_type = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(info, text if isinstance(text, bytes) else text.encode("utf-8"))
    return buffer.getvalue()
