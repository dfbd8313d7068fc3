"""The edition as a PDF for print (``patience pdf``), made with ReportLab.

A4 pages; each game begins a page, and the page header names the game. Each passage
is printed as its reading text in the old spelling, then the modern transcription and
the English, with its identifier in the left margin beside it; the game's rules in
plain language follow its text, with the redrawn plate (:mod:`.pdf_plate`); then the
notes, and the glossary. Footnote markers are raised.
The body text stands in :data:`FRAME` alone (headers, footers and identifiers outside
it), so a reader of the file can take the text without them. The file is made with
ReportLab's invariant mode: the same edition gives the same bytes.
"""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate, Paragraph, Spacer

from patience.citation import Publication
from patience.corpus import Corpus
from patience.export import about
from patience.export.book import Chapter, Piece, Plate, chapters, split_markers
from patience.export.fonts import Family, register_family
from patience.export.pdf_plate import drawing, printed_text

PAGE_WIDTH, PAGE_HEIGHT = A4
#: The body text's frame: x, y, width, height in points (identifiers stand left of it).
FRAME = (45 * mm, 20 * mm, PAGE_WIDTH - 45 * mm - 20 * mm, PAGE_HEIGHT - 20 * mm - 22 * mm)
GREY = HexColor("#444444")


class LabelledParagraph(Paragraph):
    """A paragraph with a passage identifier in the margin, level with its first line.

    Where the paragraph breaks across pages, only its first part carries the label."""

    def __init__(self, text, style=None, *args, label: str | None = None, **kwargs) -> None:
        super().__init__(text, style, *args, **kwargs)  # ReportLab's split calls it with its own arguments
        self.label = label

    def split(self, available_width, available_height):
        parts = super().split(available_width, available_height)
        if parts:
            parts[0].label = self.label
        return parts

    def draw(self) -> None:
        super().draw()
        if self.label:
            self.canv.saveState()
            self.canv.setFont(self.style.fontName, 7)
            self.canv.setFillColor(GREY)
            self.canv.drawRightString(-4 * mm, self.height - self.style.fontSize, self.label)
            self.canv.restoreState()


class ChapterStart(Flowable):
    """Marks where a game begins: its title for the page headers, and a bookmark."""

    def __init__(self, chapter: Chapter) -> None:
        super().__init__()
        self.chapter = chapter

    def wrap(self, available_width, available_height):
        return 0, 0

    def draw(self) -> None:
        self.canv._edition_header = self.chapter.title
        self.canv.bookmarkPage(self.chapter.id)
        self.canv.addOutlineEntry(self.chapter.title, self.chapter.id, level=0)


def _styles(family: Family) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("base", fontName=family.regular, fontSize=10.5, leading=14)
    return {
        "title": ParagraphStyle("title", base, fontName=family.bold, fontSize=16, leading=20, spaceAfter=8, keepWithNext=1),
        "heading": ParagraphStyle("heading", base, fontName=family.bold, fontSize=12, leading=16, spaceBefore=10,
                                  spaceAfter=4, keepWithNext=1),
        "reading": ParagraphStyle("reading", base, spaceBefore=6),
        "modern": ParagraphStyle("modern", base, fontSize=9.5, leading=12.5, textColor=GREY),
        "english": ParagraphStyle("english", base, fontName=family.italic, fontSize=9.5, leading=12.5),
        "small": ParagraphStyle("small", base, fontSize=8.5, leading=11, textColor=GREY),
        "body": base,
    }


def _linked(text: str, notes: set[int]) -> str:
    """Paragraph markup of ``text``: escaped, footnote markers linked to their notes."""
    return "".join(
        f'<super><a href="#note-{n}">{escape(t)}</a></super>' if n in notes
        else f"<super>{escape(t)}</super>" if n is not None else escape(t)
        for t, n in split_markers(text)
    )


def _passage(piece: Piece, styles, notes: set[int]) -> list[Flowable]:
    anchor = f'<a name="note-{piece.id.split(".")[1]}"/>' if piece.kind == "note" else ""
    return [
        LabelledParagraph(anchor + _linked(piece.reading, notes), styles["reading"], label=piece.id),
        Paragraph(_linked(piece.modern, notes), styles["modern"]),
        Paragraph(_linked(piece.english, notes), styles["english"]),
        *(Paragraph("Translator’s note: " + escape(n), styles["small"]) for n in piece.translator_notes),
        *([Paragraph(escape(piece.attachment), styles["small"])] if piece.attachment else []),
    ]


def _chapter(chapter: Chapter, styles, notes: set[int]) -> list[Flowable]:
    title = escape(chapter.title) + (f" — {escape(chapter.title_ru)}" if chapter.title_ru else "")
    story: list[Flowable] = [ChapterStart(chapter), Paragraph(title, styles["title"])]
    story += [Paragraph("Lost: " + escape(lacuna), styles["small"]) for lacuna in chapter.lacunae]
    for piece in chapter.pieces:
        story += _passage(piece, styles, notes)
        if chapter.plate and chapter.plate.after == piece.id:
            story += _figure(chapter.plate, styles)
    if chapter.plate and chapter.plate.after is None:
        story += _figure(chapter.plate, styles)
    if chapter.rules:
        story += [Paragraph("The rules in plain language", styles["heading"]),
                  Paragraph(escape(chapter.summary), styles["body"]), Paragraph(escape(chapter.status), styles["small"])]
        for number, rule in enumerate(chapter.rules, start=1):
            where = f" ({', '.join(rule.passages)})" if rule.passages else ""
            guess = f" <i>Conjecture: {escape(rule.conjecture)}</i>" if rule.conjecture else ""
            story.append(Paragraph(f"{number}. {escape(rule.says)}{escape(where)}{guess}", styles["body"]))
    story.append(PageBreak())
    return story


PLATE_CAPTION = "The plate, lost with the book’s, redrawn from the game’s rule specification: "


def _figure(plate: Plate, styles) -> list[Flowable]:
    family = styles["body"].fontName, styles["english"].fontName
    return [Spacer(1, 6), drawing(plate.game, FRAME[2], FRAME[3] * 0.8, *family),
            Paragraph(escape(PLATE_CAPTION + plate.description), styles["small"]), Spacer(1, 6)]


def _front(styles, release: Publication) -> list[Flowable]:
    return [
        Paragraph(escape(about.TITLE_RU), styles["title"]),
        Paragraph(escape(release.statement), styles["heading"]),
        Paragraph(f"An anonymous Russian translation of Lady Adelaide Cadogan’s {escape(about.ORIGINAL)}. "
                  f"{escape(about.UNKNOWN)}", styles["body"]),
        Spacer(1, 6),
        Paragraph("Each passage is printed as its reading text (the witness with its OCR faults corrected, in the "
                  "spelling before 1918), then the modern transcription (grey), then the English translation "
                  "(italic); its identifier stands in the margin.", styles["body"]),
        Spacer(1, 6),
        Paragraph(escape(about.LICENCE), styles["small"]),
        PageBreak(),
    ]


def _glossary(corpus: Corpus, styles) -> list[Flowable]:
    story: list[Flowable] = [ChapterStart(Chapter("glossary", "Glossary", None, (), ())), Paragraph("Glossary", styles["title"])]
    for term in corpus.glossary.terms:
        story.append(Paragraph(f"<b>{escape(term.prereform)}</b> ({escape(term.modern)}) — {escape(term.english)}. "
                               f"{escape(term.definition)}", styles["body"]))
    return story


def _decorate(canvas, document) -> None:
    """The page header (the game) and the page number, outside the text's frame."""
    canvas.saveState()
    canvas.setFont(document.family.regular, 8)
    canvas.setFillColor(GREY)
    header = getattr(canvas, "_edition_header", about.TITLE)
    canvas.drawString(FRAME[0], PAGE_HEIGHT - 14 * mm, header)
    canvas.drawRightString(FRAME[0] + FRAME[2], 12 * mm, str(document.page))
    canvas.restoreState()


def _printed(book: list[Chapter], corpus: Corpus) -> str:
    """Every string the PDF prints, for the check that the font has each of its characters."""
    release = about.publication(corpus)
    strings = [release.statement, about.TITLE_RU, about.ORIGINAL, about.UNKNOWN, about.LICENCE, "Translator’s note: ",
               PLATE_CAPTION]
    for chapter in book:
        if chapter.plate:
            strings += [chapter.plate.description, printed_text(chapter.plate.game)]
        strings += [chapter.title, chapter.title_ru or "", *chapter.lacunae, chapter.summary, chapter.status]
        strings += [f"{r.says} {r.conjecture or ''} {' '.join(r.passages)}" for r in chapter.rules]
        strings += [f"{p.id} {p.reading} {p.modern} {p.english} {' '.join(p.translator_notes)} {p.attachment or ''}"
                    for p in chapter.pieces]
    strings += [f"{t.prereform} {t.modern} {t.english} {t.definition}" for t in corpus.glossary.terms]
    return " ".join(strings)


def pdf_bytes(corpus: Corpus) -> bytes:
    book = chapters(corpus)
    family = register_family(_printed(book, corpus))
    styles = _styles(family)
    notes = {n.number for n in corpus.edition.notes.values() if n.passage_id}
    release = about.publication(corpus)
    story = _front(styles, release)
    for chapter in book:
        story += _chapter(chapter, styles, notes)
    story += _glossary(corpus, styles)
    buffer = io.BytesIO()
    document = BaseDocTemplate(buffer, pagesize=A4, invariant=1, initialFontName=family.regular, lang=about.LANG_ENGLISH,
                               title=f"{about.TITLE_RU} — critical edition",
                               author="Adelaide Cadogan; edited by " + release.editors, creator="patience pdf",
                               subject=about.TITLE)
    document.family = family
    frame = Frame(*FRAME, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="text")
    document.addPageTemplates([PageTemplate("page", [frame], onPageEnd=_decorate)])
    document.build(story)
    return buffer.getvalue()
