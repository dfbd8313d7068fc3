"""The apparatus inside a row: corrections, note markers, glossary terms, remarks.

The reading text is written piece by piece (see :mod:`.reading`), so the words
on the page join up to the reading text exactly; the marks around them carry
what the reader needs: the OCR reading and kind of each correction (shown on
hover and keyboard focus), the note a marker refers to, the glossary entry of a
term.
"""

from __future__ import annotations

from docutils import nodes

from patience import citation
from patience.text.segmentation import NOTE_MARKER

from .._html import make
from .reading import reading_pieces, witness_pieces
from .refs import xref

KIND_LABELS = citation.KIND_NAMES


def reading_nodes(directive, passage, terms=(), scope=""):
    """The reading text with corrections marked, note markers and glossary terms linked.

    ``terms`` are ``(start, end, term id)`` in the reading text: the words the glossary found.
    ``scope`` prefixes the ids this writes, for a second rendering on the same page.
    """
    result: list[nodes.Node] = []
    seen: set[str] = set()
    offset = 0
    for index, piece in enumerate(reading_pieces(passage)):
        if piece.kind == "text":
            result.extend(term_links(directive, piece.text, terms, offset, seen))
        elif piece.kind == "correction":
            result.extend(correction_mark(passage, index, piece, scope))
        else:
            result.append(note_marker(directive, passage, piece, scope))
        offset += len(piece.text)  # the pieces joined are the reading text
    return result


def term_links(directive, text, terms, offset=0, seen=None):
    """``text``, which starts at ``offset`` of its passage's text, with the spans of ``terms``
    (``(start, end, term id)`` in the passage's text) that fall inside it linked to their entries.

    A term's first occurrence (its id not yet in ``seen``, which this fills) is a plain
    link; the others are marks (``ed-term-more``) that the page shows, and makes
    reachable by keyboard, only when the reader turns term marks on. Without ``seen``
    (the English column) every occurrence is such a mark.
    """
    result, cursor = [], 0
    for start, end, term in sorted(terms, key=lambda span: (span[0], -span[1])):
        start, end = start - offset, end - offset
        if start < cursor or end > len(text):
            continue
        if start > cursor:
            result.append(nodes.Text(text[cursor:start]))
        link = xref(directive, "term", term, nodes.inline("", text[start:end], classes=["ed-term"]), soft=True)
        if seen is None or term in seen:
            link["classes"].append("ed-term-more")
        else:
            seen.add(term)
        result.append(link)
        cursor = end
    if cursor < len(text):
        result.append(nodes.Text(text[cursor:]))
    return result


def marker_label(text: str) -> nodes.inline:
    """A marker's words; the digitiser's caret (``IV^[20]``) kept in the text but not shown:
    the marker is a superscript, the caret its notation for one."""
    if not text.startswith("^"):
        return nodes.inline("", text)
    return nodes.inline("", "", nodes.inline("", "^", classes=["ed-caret"]), nodes.Text(text[1:]))


def note_marker(directive, passage, piece, scope=""):
    number = str(piece.source.number)
    link = xref(directive, "note", number, marker_label(piece.text))
    return make("sup", link, classes=["ed-noteref"], ids=[f"{scope}noteref-{number}-{passage.id}"])


def witness_nodes(passage):
    result = []
    for piece in witness_pieces(passage):
        if piece.kind == "text":
            result.append(nodes.Text(piece.text))
        else:
            result.append(make("span", nodes.Text(piece.text), classes=["ed-sic"]))
    return result


def provenance(passage):
    """Where the witness text stands: fragment and character offsets, and variants between witnesses."""
    where = "; ".join(f"fragment {span.fragment}, characters {span.start}–{span.end}" for span in passage.spans)
    extra = [make("p", nodes.Text(where), classes=["ed-provenance", "no-search", "language-en"])]
    for variant in passage.variants:
        text = f"Variant: {variant.primary} | {variant.secondary}" + (f" ({variant.note})" if variant.note else "")
        extra.append(make("p", nodes.Text(text), classes=["ed-variant", "language-en"]))
    return extra


def correction_mark(passage, index, piece, scope=""):
    correction = piece.source
    tip_id = f"{scope}{passage.id}.c{index}"
    kind = KIND_LABELS.get(correction.kind, correction.kind)
    explanation = f"OCR: «{correction.sic}» — {kind}." + (f" {correction.note}" if correction.note else "")
    mark = make(
        "span", nodes.Text(piece.text), classes=["ed-corr", f"ed-corr-{correction.kind}"], tabindex="0",
        aria_describedby=tip_id, data_sic=correction.sic, data_kind=correction.kind,
    )
    tip = make("span", nodes.Text(explanation), classes=["ed-tip", "no-search", "language-en"], ids=[tip_id],
               role="tooltip")
    return [mark, tip]


def remarks(passage):
    if not passage.remarks:
        return []
    items = make("ul", classes=["ed-remarks", "language-en"])
    for remark in passage.remarks:
        items += make("li", nodes.Text(f"{remark.kind.capitalize()}: {remark.text}"), classes=[f"ed-remark-{remark.kind}"])
    return [items]


def marker_links(directive, passage, text, terms=(), offset=0):
    """A layer's text with its footnote markers (``[14]``) linked to their notes, and the spans of
    ``terms`` (see :func:`term_links`; ``offset`` is where ``text`` starts) to their glossary entries."""
    result, cursor = [], 0
    for match in NOTE_MARKER.finditer(text):
        if match.start() > cursor:
            result.extend(term_links(directive, text[cursor : match.start()], terms, offset + cursor))
        link = xref(directive, "note", match.group(1), marker_label(match.group()))
        result.append(make("sup", link, classes=["ed-noteref"]))
        cursor = match.end()
    if cursor < len(text):
        result.extend(term_links(directive, text[cursor:], terms, offset + cursor))
    return result


def translator_notes(notes):
    if not notes:
        return []
    items = make("ul", classes=["ed-translator-notes", "language-en"])
    for ru, text in notes:
        item = make("li", make("em", nodes.Text("Translator’s note")), nodes.Text(": "))
        if ru:
            item += make("span", nodes.Text(f"«{ru}»"), classes=["language-ru-petr1708"])
            item += nodes.Text(" — ")
        item += nodes.Text(text)
        items += item
    return [items]
