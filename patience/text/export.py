"""The edition as plain data, for ``patience text --json`` and any other consumer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from patience.orthography.conversion import Conversion
from patience.text.edition import Edition
from patience.text.english import EnglishEntry, english_record
from patience.text.model import Passage


def passage_record(passage: Passage) -> dict:
    """One passage's witness and reading text, with its apparatus, as JSON-ready data."""
    return {
        "id": passage.id,
        "game": passage.game,
        "kind": passage.kind,
        "witness": passage.ocr,
        "fragments": [asdict(span) for span in passage.spans],
        "reading": passage.reading,
        "corrections": [asdict(c) | {"end": c.end} for c in passage.corrections],
        "variants": [asdict(v) for v in passage.variants],
        "remarks": [asdict(r) for r in passage.remarks],
        "notes_cited": [r.number for r in passage.note_refs],
    }


def edition_record(edition: Edition, modern: Mapping[str, Conversion], english: Mapping[str, EnglishEntry],
                   game: str | None = None) -> dict:
    """The games, the passages in book order with every layer (by passage id), and the notes."""
    passages = [p for p in edition.passages if game is None or p.game == game]
    return {
        "games": [
            {
                "id": g.id,
                "order": g.order,
                "title_en": g.title_en,
                "title_ru": g.title_ru,
                "title_source": g.title_source,
                "identification": g.identification,
                "lacunae": list(g.lacunae),
            }
            for g in edition.games
            if game is None or g.id == game
        ],
        "passages": [
            passage_record(p) | {"modern": modern[p.id].to_json(), "english": english_record(english[p.id])}
            for p in passages
        ],
        "notes": [
            {
                "number": n.number,
                "passage": n.passage_id,
                "cited_by": list(n.cited_by),
                "games": list(n.games),
                "inferred": n.inferred,
                "reason": n.reason,
            }
            for n in edition.notes.values()
            if game is None or game in n.games
        ],
        **collation_record(edition, game),
    }


def collation_record(edition: Edition, game: str | None = None) -> dict:
    """Cadogan's English against the Russian: what survives, the departures, the settled readings."""
    collation = edition.collation
    def wanted(item) -> bool:
        return game is None or item.game == game
    def plain(item) -> dict:
        record = asdict(item)
        record.pop("source_line", None)
        return record
    return {
        "english_texts": [plain(e) for e in collation.english if wanted(e)],
        "departures": [plain(d) for d in collation.departures if wanted(d)],
        "readings": [plain(r) for r in collation.readings if wanted(r)],
    }
