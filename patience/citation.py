"""Suggested citations of a passage or a range of passages, in four formats.

One module serves both the ``patience cite`` command and the site's "cite"
control, so a citation copied from a page and one printed in a terminal are the
same text. The book's translator, publisher and year are unknown and are said to
be unknown; nothing is invented to fill a field.

Passages are named by their identifier and by a CTS-style URN,
``urn:cts:cadogan:patience.ru.ocr-edition:PASSAGE`` (see :data:`URN_BASE`); a
range is ``FIRST-LAST`` in both, and in the URL's fragment.

What the edition is (title, editors, base URL, version, release date) comes from
``source_texts/edition.yaml`` (:func:`load_publication`), which ``conf.py`` reads
too; a citation also names the day it was made ("accessed").
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, field_validator

from patience.datafile import load_yaml, validate

#: Namespace ``cadogan``; text group ``patience`` (Cadogan's *Illustrated Games of
#: Patience*, 1874); work ``ru`` (its anonymous Russian translation, whose year is
#: unknown, so no year stands in the name); version ``ocr-edition`` (this edition's
#: reading text, established from OCR witnesses).
URN_BASE = "urn:cts:cadogan:patience.ru.ocr-edition"

TITLE_RU = "Двадцать четыре основные пасьянса съ двадцатью таблицами"
ORIGINAL = "Illustrated Games of Patience (London: Sampson Low, 1874)"
AUTHOR_FAMILY, AUTHOR_GIVEN = "Cadogan", "Adelaide"
EDITION = "Двадцать четыре основные пасьянса — critical edition"
UNKNOWN = "Translator, publisher and year of the Russian edition unknown."

FORMATS = ("text", "bibtex", "csl-json", "ris")

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


class Publication(BaseModel):
    """The edition as a publication (``source_texts/edition.yaml``): what every citation names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = EDITION
    editors: tuple[str, ...]
    base_url: str
    version: str
    released: datetime.date

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str) -> str:
        # A line break would start a new field of the RIS or BibTeX record.
        bad = next((c for c in value if c.isspace() or not c.isprintable()), None)
        if bad is not None:
            raise ValueError(f"contains {bad!r}: a URL has no spaces or control characters")
        if not value.endswith("/"):
            raise ValueError("must end with a slash")
        if not value.startswith(("https://", "http://")):  # a javascript: or file: URL is no place to cite
            raise ValueError("must be an http:// or https:// URL")
        return value

    @property
    def statement(self) -> str:
        """The edition, its editors, version and release, in one phrase."""
        return f"{self.title}, ed. {'; '.join(self.editors)}, version {self.version} ({self.released.isoformat()})"


def load_publication(source: Path | str | None = None) -> Publication:
    """``edition.yaml`` of ``source`` (default: the edition's ``source_texts/``), checked."""
    from patience.text.edition import source_texts_dir

    path = Path(source or source_texts_dir()) / "edition.yaml"
    return validate(Publication, load_yaml(path), path)


@dataclass(frozen=True)
class Citation:
    """What a citation of ``passages`` (one, or a range in book order) says."""

    passages: tuple
    url: str
    publication: Publication
    accessed: datetime.date = field(default_factory=datetime.date.today)

    @property
    def label(self) -> str:
        first, last = self.passages[0].id, self.passages[-1].id
        return first if first == last else f"{first}-{last}"

    @property
    def urn(self) -> str:
        return f"{URN_BASE}:{self.label}"

    @property
    def key(self) -> str:
        return f"cadogan-ru:{self.label}"

    @property
    def status(self) -> str:
        """What the reader must know about the text cited: OCR, corrections, doubt."""
        corrections = [c for p in self.passages for c in p.corrections]
        parts = ["Reading text established from an OCR witness"]
        if corrections:
            kinds = sorted({KIND_NAMES.get(c.kind, c.kind) for c in corrections})
            count = f"{len(corrections)} correction{'s' if len(corrections) > 1 else ''}"
            parts.append(f"the text cited was corrected by the editors ({count}: {', '.join(kinds)})")
        doubtful = [r.text for p in self.passages for r in p.remarks if r.kind == "uncertain"]
        if doubtful:
            parts.append("the reading is uncertain or conjectural: " + " ".join(doubtful))
        return "; ".join(parts) + "."

    @property
    def note(self) -> str:
        return f"Anonymous Russian translation of {ORIGINAL}. {UNKNOWN} Passage {self.label}, {self.urn}. {self.status}"


def resolve(edition, reference: str) -> tuple:
    """The passages a reference names: ``ID`` or ``FIRST-LAST`` (inclusive, book order)."""
    ids = [part.strip() for part in reference.split("-")]  # "a - b" as a reader may type it
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


def citation(edition, reference: str, publication: Publication | None = None,
             accessed: datetime.date | None = None) -> Citation:
    """A citation of ``reference`` in ``publication`` (default: the edition's own), read on ``accessed``.

    The URL is the page of the first passage, its fragment the whole reference: the
    page marks every passage of a range.
    """
    passages = resolve(edition, reference)
    publication = publication or load_publication(edition.source)
    label = Citation(passages, "", publication).label
    url = f"{publication.base_url}{page_of(edition, passages[0])}#{label}"
    return Citation(passages, url, publication, accessed or datetime.date.today())


def as_text(cite: Citation) -> str:
    return (
        f"Cadogan, Lady Adelaide (author of the original). «{TITLE_RU}». {cite.note} "
        f"In: {cite.publication.statement}. {cite.url} (accessed {cite.accessed.isoformat()})."
    )


def _bibtex_escape(value: str) -> str:
    return value.replace("\\", "\\textbackslash{}").replace("{", "\\{").replace("}", "\\}").replace("%", "\\%")


def as_bibtex(cite: Citation) -> str:
    fields = {
        "author": f"{AUTHOR_FAMILY}, {AUTHOR_GIVEN}",
        "title": TITLE_RU,
        "chapter": f"Passage {cite.label}",
        "editor": " and ".join("{" + _bibtex_escape(editor) + "}" for editor in cite.publication.editors),
        "language": "russian",
        "note": cite.note,
        "howpublished": cite.publication.statement,
        "version": cite.publication.version,
        "url": cite.url,
        "urldate": cite.accessed.isoformat(),
    }
    escaped = {name: value if name == "editor" else _bibtex_escape(value) for name, value in fields.items()}
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in escaped.items())
    return f"@inbook{{{cite.key},\n{body}\n}}"


def as_csl_json(cite: Citation) -> str:
    item = {
        "id": cite.key,
        "type": "chapter",
        "title": f"Passage {cite.label}",
        "container-title": TITLE_RU,
        "author": [{"family": AUTHOR_FAMILY, "given": AUTHOR_GIVEN}],
        "original-title": "Illustrated Games of Patience",
        "original-publisher": "Sampson Low",
        "original-publisher-place": "London",
        "original-date": {"date-parts": [[1874]]},
        "language": "ru",
        "editor": [{"literal": editor} for editor in cite.publication.editors],
        "collection-title": cite.publication.statement,
        "version": cite.publication.version,
        "note": cite.note,
        "URL": cite.url,
        "accessed": {"date-parts": [_date_parts(cite.accessed)]},
    }
    return json.dumps([item], ensure_ascii=False, indent=2)


def _date_parts(day: datetime.date) -> list[int]:
    return [day.year, day.month, day.day]


def as_ris(cite: Citation) -> str:
    lines = [
        ("TY", "CHAP"),
        ("ID", cite.key),
        ("AU", f"{AUTHOR_FAMILY}, {AUTHOR_GIVEN}"),
        ("TI", f"Passage {cite.label}"),
        ("T2", TITLE_RU),
        *(("ED", editor) for editor in cite.publication.editors),
        ("T3", cite.publication.statement),
        ("ET", cite.publication.version),
        ("LA", "ru"),
        ("N1", cite.note),
        ("UR", cite.url),
        ("Y2", cite.accessed.strftime("%Y/%m/%d")),
        ("ER", ""),
    ]
    return "\n".join(f"{tag}  - {value}" for tag, value in lines)


_WRITERS = {"text": as_text, "bibtex": as_bibtex, "csl-json": as_csl_json, "ris": as_ris}


def render(cite: Citation, fmt: str) -> str:
    try:
        return _WRITERS[fmt](cite)
    except KeyError:
        raise CitationError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}") from None


def passages_at(edition, where: str) -> list:
    """The passages a page shows, in book order: a game's (see :func:`home`) or ``"notes"``."""
    homes = _homes(edition)
    return [p for p in edition.passages if homes[p.id] == where]
