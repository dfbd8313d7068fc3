"""What a citation of a passage, or a range of passages, says: its label, URN, title, URL, status.

Passages are named by their identifier and by a CTS-style URN,
``urn:cts:cadogan:patience.ru.ocr-edition:PASSAGE`` (see :data:`URN_BASE`); a range is
``FIRST-LAST`` in both, and in the URL's fragment.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from .publication import NO_ADDRESS, Publication

#: Namespace ``cadogan``; text group ``patience`` (Cadogan's *Illustrated Games of
#: Patience*, 1874); work ``ru`` (its anonymous Russian translation, whose year is
#: unknown, so no year stands in the name); version ``ocr-edition`` (this edition's
#: reading text, established from OCR witnesses).
URN_BASE = "urn:cts:cadogan:patience.ru.ocr-edition"

TITLE_RU = "Двадцать четыре основные пасьянса съ двадцатью таблицами"
ORIGINAL_TITLE, ORIGINAL_PUBLISHER, ORIGINAL_PLACE, ORIGINAL_YEAR = (
    "Illustrated Games of Patience", "Sampson Low", "London", 1874)
ORIGINAL = f"{ORIGINAL_TITLE} ({ORIGINAL_PLACE}: {ORIGINAL_PUBLISHER}, {ORIGINAL_YEAR})"
AUTHOR_FAMILY, AUTHOR_GIVEN = "Cadogan", "Adelaide"
UNKNOWN = "Translator, publisher and year of the Russian edition unknown."
NOTES_TITLE = "Notes"

KIND_NAMES = {
    "misread": "misread letter",
    "script": "Latin letter or digit in a Cyrillic word",
    "split": "split word",
    "joined": "joined words",
    "punctuation": "punctuation",
    "case": "letter case",
    "duplication": "duplicated word",
}


class CitationError(ValueError):
    """A reference that names no passage, or a range that runs backwards."""


@dataclass(frozen=True)
class Citation:
    """What a citation of ``passages`` (one, or a range in book order) says."""

    passages: tuple
    url: str | None
    publication: Publication
    accessed: datetime.date = field(default_factory=datetime.date.today)
    part: str = NOTES_TITLE  # the English title of the game (or section) the passages stand in

    @property
    def label(self) -> str:
        return label_of(self.passages)

    @property
    def urn(self) -> str:
        return f"{URN_BASE}:{self.label}"

    @property
    def key(self) -> str:
        return f"cadogan-ru:{self.label}"

    @property
    def title(self) -> str:
        """The cited item's title: where it stands, and which passages."""
        noun = "passage" if len(self.passages) == 1 else "passages"
        return f"{self.part}, {noun} {self.label.replace('-', '–')}"

    @property
    def status(self) -> str:
        """What the reader must know about the text cited: OCR, corrections, doubt."""
        corrections = [c for p in self.passages for c in p.corrections]
        parts = ["Reading text established from an OCR witness"]
        if corrections:
            kinds = sorted({KIND_NAMES.get(c.kind, c.kind) for c in corrections})
            count = f"{len(corrections)} correction{'s' if len(corrections) > 1 else ''}"
            parts.append(f"the text cited was corrected by the editors ({count}: {', '.join(kinds)})")
        doubtful = [r.text.strip().rstrip(".") for p in self.passages for r in p.remarks if r.kind == "uncertain"]
        if doubtful:
            parts.append("the reading is uncertain or conjectural: " + "; ".join(doubtful))
        return "; ".join(parts) + "."

    def note(self, original: bool = True) -> str:
        """The facts no other field holds: the translation, what is unknown, the URN, the text's status;
        the original (:data:`ORIGINAL`) too, unless the format has fields of its own for it."""
        where = "" if self.url else f" {NO_ADDRESS}"
        of = f" of {ORIGINAL}" if original else ""
        return f"«{TITLE_RU}», anonymous Russian translation{of}. {UNKNOWN} {self.urn}.{where} {self.status}"


def label_of(passages) -> str:
    first, last = passages[0].id, passages[-1].id
    return first if first == last else f"{first}-{last}"


def range_ends(reference: str) -> list[str]:
    """The identifiers of ``FIRST-LAST``, or of ``FIRST–LAST`` as a citation prints a range
    (an en dash: identifiers hold neither), or the one identifier of ``ID``."""
    return [part.strip() for part in reference.strip().replace("–", "-").split("-")]


def resolve(edition, reference: str) -> tuple:
    """The passages a reference names: ``ID`` or ``FIRST-LAST`` (inclusive, book order)."""
    ids = range_ends(reference)
    if len(ids) > 2 or not all(ids):
        raise CitationError(f"{reference!r} is neither a passage identifier nor a range FIRST-LAST")
    order = {p.id: i for i, p in enumerate(edition.passages)}
    for passage_id in ids:
        if passage_id not in order:
            raise CitationError(f"no passage {passage_id!r}")
    start, end = order[ids[0]], order[ids[-1]]
    if end < start:
        raise CitationError(f"range {reference!r} runs backwards: {ids[1]} comes before {ids[0]} in the book")
    return edition.passages[start : end + 1]


def home(edition, passage) -> str:
    """The game whose page shows a passage, or ``"notes"``.

    A passage of no game (the page number 19, the page-bottom note 19) stands on
    the page of the game it interrupts; the notes section has its own page.
    """
    return _homes(edition)[passage.id]


def _homes(edition) -> dict[str, str]:
    last = {p.game: i for i, p in enumerate(edition.passages) if p.game}
    homes: dict[str, str] = {}
    current: str | None = None
    for index, passage in enumerate(edition.passages):
        current = passage.game or current
        inside = current is not None and (passage.game or last[current] > index)
        homes[passage.id] = current if current is not None and inside else "notes"
    return homes


def page_of(edition, passage) -> str:
    """The site page (relative to the site root) where a passage stands."""
    where = home(edition, passage)
    return "docs/notes.html" if where == "notes" else f"docs/games/{where}.html"


def part_title(edition, passage) -> str:
    """The English title of the game whose page shows ``passage``, or "Notes"."""
    where = home(edition, passage)
    return NOTES_TITLE if where == "notes" else edition.game(where).title_en


def citation(edition, reference: str, publication: Publication | None = None,
             accessed: datetime.date | None = None) -> Citation:
    """A citation of ``reference`` in ``publication`` (default: the edition's own), read on ``accessed``.

    The URL is the page of the first passage, its fragment the whole reference: the
    page marks every passage of a range. Before the edition has an address, there is no URL.
    """
    passages = resolve(edition, reference)
    publication = publication or edition.publication
    url = publication.address(f"{page_of(edition, passages[0])}#{label_of(passages)}")
    return Citation(passages, url, publication, accessed or datetime.date.today(), part_title(edition, passages[0]))


def passages_at(edition, where: str) -> list:
    """The passages a page shows, in book order: a game's (see :func:`home`) or ``"notes"``."""
    homes = _homes(edition)
    return [p for p in edition.passages if homes[p.id] == where]
