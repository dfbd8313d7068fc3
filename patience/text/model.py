"""The checked objects of the text model: games, passages, corrections, notes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    """Where a passage stands in a witness: ``[start, end)`` covers its text,
    ``[end, tail)`` the line breaks that follow it (they belong to it too)."""

    fragment: str
    start: int
    end: int
    tail: int


@dataclass(frozen=True)
class Correction:
    """An explicit correction of the OCR: ``sic`` at ``start`` in the witness text."""

    sic: str
    corr: str
    kind: str
    start: int
    note: str | None = None

    @property
    def end(self) -> int:
        return self.start + len(self.sic)


@dataclass(frozen=True)
class Remark:
    kind: str
    text: str


@dataclass(frozen=True)
class Variant:
    primary: str
    secondary: str
    note: str | None = None


@dataclass(frozen=True)
class NoteRef:
    """A footnote marker: ``[14]`` (or ``^[20]``) at ``start`` in the passage's witness text."""

    number: int
    start: int
    end: int


@dataclass(frozen=True)
class Passage:
    """One passage of the book: a title, heading, rule, paragraph, caption or note.

    ``ocr`` is the witness exactly as it is; ``reading`` the corrected pre-reform text.
    """

    id: str
    kind: str
    ocr: str
    reading: str
    corrections: tuple[Correction, ...]
    spans: tuple[Span, ...]
    remarks: tuple[Remark, ...] = ()
    variants: tuple[Variant, ...] = ()
    note_refs: tuple[NoteRef, ...] = ()
    source_file: str = ""
    source_line: int = 0

    @property
    def game(self) -> str | None:
        """The game the passage belongs to (``None`` for notes and page numbers)."""
        head = self.id.split(".")[0]
        return None if head in ("notes", "page") else head

    @property
    def part(self) -> str:
        """The part of its game or section: ``rules``, ``game``, ``end``, ``plate`` …"""
        parts = self.id.split(".")
        return parts[1] if len(parts) > 1 else ""

    @property
    def fragments(self) -> tuple[str, ...]:
        return tuple(span.fragment for span in self.spans)


@dataclass(frozen=True)
class Game:
    id: str
    order: int
    title_en: str
    title_ru: str | None
    title_source: str | None
    identification: str
    lacunae: tuple[str, ...]
    passage_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Note:
    """A note of the book and every place that cites it.

    ``passage_id`` is ``None`` when the note's text is not in the fragments;
    ``games`` lists the game(s) it belongs to, ``inferred`` when no surviving
    marker shows it and the book's order was used instead.
    """

    number: int
    passage_id: str | None
    cited_by: tuple[str, ...]
    games: tuple[str, ...]
    inferred: bool
    reason: str = ""


@dataclass(frozen=True)
class EnglishText:
    """What survives of Cadogan's English for a game: ``extent`` none, partial or complete."""

    game: str
    edition: str | None
    extent: str
    note: str


@dataclass(frozen=True)
class Departure:
    """A point where the Russian departs from Cadogan's English.

    ``play`` says whether the difference changes how the game plays; ``spec`` which
    reading the rule specification follows, and ``why``. ``clauses`` are clause
    references (``game.clause``), and ``played`` game ids, which the text model does
    not resolve (a test holds them to the specs).
    """

    id: str
    game: str
    passages: tuple[str, ...]
    topic: str
    russian: str
    english: str
    words_ru: str | None
    words_en: str | None
    play: str
    spec: str
    why: str
    clauses: tuple[str, ...]
    variant: str | None
    source_line: int = 0
    played: dict[str, str] | None = field(default=None, hash=False)  # reading (russian, english) → the game that plays it
    measure: str = "solver"  # whose win rate measures the effect: the solver's, or the player's
    effect: dict | None = field(default=None, hash=False)  # the rates measured under each reading (see docs/departures.md)


@dataclass(frozen=True)
class Reading:
    """An editorial note that settles a doubtful reading of the rules, with its evidence;
    ``inference``, when given, is what the evidence suggests but does not show."""

    id: str
    game: str
    title: str
    passages: tuple[str, ...]
    decision: str
    evidence: tuple[str, ...]
    inference: str | None
    clauses: tuple[str, ...]
    departures: tuple[str, ...]
    source_line: int = 0
