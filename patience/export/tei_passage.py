"""One passage as TEI mixed content: the witness and the reading text in one stream.

The reading text is the witness with the code-page rule undone and the explicit
corrections made (:mod:`patience.text.reading`). Here every difference becomes a
``<choice>`` of ``<sic>`` (the witness) and ``<corr>`` (the reading), its ``type``
the kind of correction (``encoding`` for the code-page rule). Where a second
witness repeats the passage (the overlap of fragments 000 and 002), each of their
differences is an ``<app>``: the ``<lem>`` of the first witness, the ``<rdg>`` of
the second. Footnote markers are ``<ref type="noteref">``, pointing to the note
where its text survives. Taking ``corr``
and ``lem`` and leaving out ``<note>`` gives the reading text back exactly;
``sic`` and ``lem`` give the first witness, ``sic`` and ``rdg`` the second.
"""

from __future__ import annotations

import difflib
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from patience.export.xml import add_text, element, sub
from patience.text.model import Passage
from patience.text.reading import undo_encoding


@dataclass(frozen=True)
class Region:
    """A stretch ``[start, end)`` of the witness text that gets markup of its own."""

    start: int
    end: int
    kind: str  # "app" or "ref"
    value: str = ""  # the second witness's reading, or the note's number


def witness_id(fragment: str) -> str:
    return f"wit.{fragment}"


def variant_regions(passage: Passage, second: str) -> list[Region]:
    """Where the second witness's text differs from the first's, in the first's offsets."""
    matcher = difflib.SequenceMatcher(None, passage.ocr, second, autojunk=False)
    return [Region(a1, a2, "app", second[b1:b2]) for op, a1, a2, b1, b2 in matcher.get_opcodes() if op != "equal"]


def passage_content(node: ET.Element, passage: Passage, second: str | None, notes: set[int]) -> None:
    """Fill ``node`` with the passage's text; ``second`` is the text of its second witness,
    ``notes`` the numbers of the notes whose text is in the edition."""
    regions = variant_regions(passage, second) if second is not None else []
    regions += [Region(r.start, r.end, "ref", str(r.number)) for r in passage.note_refs]
    context = _Context(passage, second is not None, notes)
    cursor = 0
    for correction in passage.corrections:
        context.stretch(node, cursor, correction.start, regions)
        choice = sub(node, "choice")
        sic = sub(choice, "sic")
        context.witness(sic, correction.start, correction.end, regions)
        sub(choice, "corr", correction.corr, type=correction.kind)
        if correction.note:
            sub(node, "note", correction.note, type="correction", resp="#editors")
        cursor = correction.end
    context.stretch(node, cursor, len(passage.ocr), regions)


class _Context:
    def __init__(self, passage: Passage, collated: bool, notes: set[int]) -> None:
        self.passage = passage
        self.notes = notes
        self.fragments = [witness_id(f) for f in passage.fragments] if collated else []

    def stretch(self, node: ET.Element, start: int, end: int, regions: list[Region]) -> None:
        """Uncorrected witness text: its reading is the code-page rule's, letter for letter."""
        ocr = self.passage.ocr[start:end]
        reading = undo_encoding(ocr)
        inside = [r for r in regions if start <= r.start and r.end <= end and (r.start < r.end or r.kind == "app")]
        self._check_inside(start, end, regions, inside)
        cursor = start
        for region in sorted(inside, key=lambda r: (r.start, r.kind)):
            if region.start < cursor:
                if region.kind == "app":
                    raise ValueError(f"passage {self.passage.id}: a difference between its witnesses at "
                                     f"{region.start}–{region.end} falls inside a footnote marker")
                continue  # a marker inside a variant: the variant carries its text
            self._letters(node, ocr, reading, cursor - start, region.start - start)
            a, b = region.start - start, region.end - start
            if ocr[a:b] == reading[a:b]:
                node.append(self._region(region))
            else:  # a variant holding a code-page letter: the witnesses are the sic
                choice = sub(node, "choice")
                sub(choice, "sic").append(self._region(region))
                sub(choice, "corr", reading[a:b], type="encoding")
            cursor = region.end
        self._letters(node, ocr, reading, cursor - start, end - start)

    def witness(self, node: ET.Element, start: int, end: int, regions: list[Region]) -> None:
        """The witness text of a correction's ``sic``, with the variants inside it."""
        cursor = start
        for region in sorted(regions, key=lambda r: r.start):
            if region.kind == "app" and _within(region, start, end):
                add_text(node, self.passage.ocr[cursor:region.start])
                node.append(self._region(region))
                cursor = region.end
        add_text(node, self.passage.ocr[cursor:end])

    def _check_inside(self, start: int, end: int, regions: list[Region], inside: list[Region]) -> None:
        for region in regions:
            if region.kind == "app" and region not in inside and region.start < end and region.end > start:
                raise ValueError(
                    f"passage {self.passage.id}: a difference between its witnesses at {region.start}–{region.end} "
                    "straddles the edge of a correction"
                )

    def _region(self, region: Region) -> ET.Element:
        text = self.passage.ocr[region.start:region.end]
        if region.kind == "ref":
            target = f"#notes.{region.value}" if int(region.value) in self.notes else None
            return element("ref", text, type="noteref", n=region.value, target=target)
        app = element("app")
        app.append(element("lem", text or None, wit=f"#{self.fragments[0]}"))
        app.append(element("rdg", region.value or None, wit=" ".join(f"#{f}" for f in self.fragments[1:])))
        return app

    @staticmethod
    def _letters(node: ET.Element, ocr: str, reading: str, a: int, b: int) -> None:
        """Plain witness text; each letter the code-page rule changes is its own choice."""
        cursor = a
        for i in range(a, b):
            if ocr[i] != reading[i]:
                add_text(node, ocr[cursor:i])
                choice = sub(node, "choice")
                sub(choice, "sic", ocr[i])
                sub(choice, "corr", reading[i], type="encoding")
                cursor = i + 1
        add_text(node, ocr[cursor:b])


def _within(region: Region, start: int, end: int) -> bool:
    """Inside a correction; an insertion at its edge belongs to the plain text beside it."""
    if region.start == region.end:
        return start < region.start < end
    return start <= region.start and region.end <= end
