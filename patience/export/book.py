"""The edition as a book to read (EPUB, PDF): what each chapter holds, in order.

A chapter per game, in the book's order: its passages, each in three layers (the
reading text, the modern transcription, the English) with its footnote markers and
translator's notes, the redrawn plate (after the plate's caption, or before the rules
where none survives), then its rules in plain language from the game's specification.
Then the notes, then the glossary. The writers decide only how it looks.

A book prints what the digitiser's file framed the notes with — each note's label, its
«(обратно)» back-link, the page number — as the site does: not at all (they stay in the
TEI and the JSON, and on the site's notes page as furniture). The caret the file puts
before a marker that stood raised (``IV^[20]``) is not printed either: the marker is.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.corpus import Corpus
from patience.datafile import DataFileError
from patience.engine.game import Game
from patience.rulespec.compile import rules_from_file
from patience.rulespec.schema import Spec
from patience.rulespec.terms import Provenance
from patience.text.model import Passage
from patience.text.segmentation import NOTE_MARKER
from patience.views import plate as plates

STATUS = {
    "complete": "The text of the rules survives.",
    "partial": "Part of the text is lost; the gaps are filled by conjecture, marked as such.",
    "fragmentary": "Too little survives to play the game.",
}


@dataclass(frozen=True)
class Piece:
    """One passage as the book shows it."""

    id: str
    kind: str
    reading: str
    modern: str
    english: str
    translator_notes: tuple[str, ...]
    attachment: str | None = None  # for a note of the book: where its marker stands, or why it is placed


def attachment(corpus: Corpus, passage: Passage) -> str | None:
    """Where a note of the book belongs: the passages whose markers cite it, or the inference and its reason."""
    if passage.kind != "note":
        return None
    note = corpus.edition.notes[int(passage.id.split(".")[1])]
    if note.inferred:
        return f"No marker of this note survives; placed by inference: {note.reason}"
    if note.cited_by:
        return "Its marker stands in " + ", ".join(note.cited_by) + "."
    return None


@dataclass(frozen=True)
class Rule:
    """A clause of the rules in plain language, the passages it rests on, and whether it is conjecture."""

    id: str
    kind: str
    says: str
    passages: tuple[str, ...]
    conjecture: str | None


@dataclass(frozen=True)
class Plate:
    """A game's lost plate, redrawn from its spec: where it stands, the drawing and its text alternative."""

    after: str | None  # the passage it follows (the plate's caption); None: before the rules
    game: Game
    svg: str
    description: str


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    title_ru: str | None
    lacunae: tuple[str, ...]
    pieces: tuple[Piece, ...]
    summary: str = ""
    status: str = ""
    rules: tuple[Rule, ...] = ()
    plate: Plate | None = None


#: Passages of the digitiser's framing of the notes section, not of the book's text.
FURNITURE = ("note-label", "backlink", "page-number")


def piece(corpus: Corpus, passage: Passage) -> Piece:
    english = corpus.english[passage.id]
    notes = tuple(f"«{n.ru}»: {n.text}" if n.ru else n.text for n in english.notes)
    return Piece(passage.id, passage.kind, passage.reading, corpus.modern[passage.id].text, english.text, notes,
                 attachment(corpus, passage))


def chapters(corpus: Corpus) -> list[Chapter]:
    """The games in the book's order, then the notes and page furniture."""
    edition = corpus.edition
    _cited_passages_exist(corpus)
    found = []
    for game in edition.games:
        pieces = tuple(piece(corpus, edition.passage(pid)) for pid in game.passage_ids)
        spec = corpus.spec_of(game.id)
        found.append(Chapter(game.id, game.title_en, game.title_ru, game.lacunae, pieces, *_rules(spec),
                             plate=plate_of(corpus, game.id, pieces)))
    rest = [p for p in edition.passages if p.game is None and p.kind not in FURNITURE]
    heading = next((p for p in rest if p.kind == "heading"), None)
    pieces = tuple(piece(corpus, p) for p in rest if p is not heading)
    found.append(Chapter("notes", "Notes", heading.reading if heading else None, (), pieces))
    return found


def _cited_passages_exist(corpus: Corpus) -> None:
    """A rule citing a passage the edition lacks cannot point the reader to it: a located error."""
    known = {p.id for p in corpus.edition.passages}
    for entry in corpus.spec_files:
        for clause in entry.spec.clauses:
            missing = [p for p in clause.passages if p not in known]
            if missing:
                raise DataFileError(entry.path, entry.lines.get(clause.id),
                                    f"clause {clause.id!r} cites passage {missing[0]}, which does not exist")


def plate_of(corpus: Corpus, game_id: str, pieces: tuple[Piece, ...]) -> Plate | None:
    """The game's plate, redrawn from its spec (none for a game without one)."""
    entry = next((e for e in corpus.spec_files if e.spec.game == game_id), None)
    if entry is None or entry.spec.status == "fragmentary":  # too little survives to draw (as on the site)
        return None
    game = Game(rules_from_file(entry.path))
    caption = next((p.id for p in pieces if p.kind == "caption"), None)
    return Plate(caption, game, plates.svg(game, f"plate-{game_id}"), plates.describe(game))


def rules_of(spec: Spec) -> tuple[Rule, ...]:
    """The clauses of a game's spec (its variants' are on its page, not here)."""
    clauses: list[Provenance] = list(spec.clauses)
    return tuple(Rule(c.id, getattr(c, "kind", ""), c.says, tuple(c.passages), c.conjecture) for c in clauses)


def _rules(spec: Spec | None) -> tuple[str, str, tuple[Rule, ...]]:
    if spec is None:
        return "", "", ()
    return spec.summary, STATUS[spec.status], rules_of(spec)


def split_markers(text: str) -> list[tuple[str, int | None]]:
    """``text`` in pieces: plain text (``None``) and footnote markers (the note's number), without
    the digitiser's caret before a raised marker."""
    pieces: list[tuple[str, int | None]] = []
    cursor = 0
    for match in NOTE_MARKER.finditer(text):
        pieces.append((text[cursor:match.start()], None))
        pieces.append((match.group().removeprefix("^"), int(match.group(1))))
        cursor = match.end()
    pieces.append((text[cursor:], None))
    return [(t, n) for t, n in pieces if t]
