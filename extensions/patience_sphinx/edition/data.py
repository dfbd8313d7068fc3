"""``_static/edition-data.js``: the one data file the page script reads on demand.

It holds what a cite panel, a note or a term opened in place, and a URN in the
address need: every passage's page and the facts its citation states, the
publication (title, editors, base URL, version, release), the notes in Russian
and English, the glossary's definitions. Pages carry none of it, so it is neither
repeated in each page nor in the search index. It is JSON wrapped in one
assignment, so that a page read from ``file://`` can load it too.

Written once all pages are read (``env-updated``), before any page is written,
from the domain (where each passage stands) and the edition's data.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

from patience import citation
from patience.output import write_file

from .domain import edition_domain
from .layers import english_layer, glossary_for
from .source import corpus_for, source_dir

SCRIPT = "edition-data.js"


def payload(app, env) -> dict | None:
    corpus = corpus_for(env)
    if corpus is None:
        return None
    edition = corpus.edition
    domain = edition_domain(env)
    shown = {name: entry for (objtype, name), entry in domain.objects.items() if objtype == "passage"}
    return {
        "urn": citation.URN_BASE + ":",
        "publication": _publication(citation.load_publication(source_dir(env))),
        "book": _book(),
        "passages": [_passage(app, edition, p, shown[p.id]) for p in edition.passages if p.id in shown],
        "notes": _notes(corpus),
        "terms": _terms(app, env, corpus),
    }


def _publication(publication) -> dict:
    return {"title": publication.title, "statement": publication.statement, "editors": publication.editors,
            "base": publication.base_url, "version": publication.version,
            "released": publication.released.isoformat()}


def _book() -> dict:
    return {"title": citation.TITLE_RU, "original": citation.ORIGINAL, "originalTitle": citation.ORIGINAL_TITLE,
            "originalPublisher": citation.ORIGINAL_PUBLISHER, "originalPlace": citation.ORIGINAL_PLACE,
            "originalYear": citation.ORIGINAL_YEAR, "family": citation.AUTHOR_FAMILY, "given": citation.AUTHOR_GIVEN,
            "unknown": citation.UNKNOWN, "noAddress": citation.NO_ADDRESS, "kinds": citation.KIND_NAMES}


def _passage(app, edition, passage, entry) -> list:
    """``[id, page, correction kinds, uncertain remarks, title of its game]``, in book order."""
    uncertain = [r.text for r in passage.remarks if r.kind == "uncertain"]
    return [passage.id, app.builder.get_target_uri(entry.docname), [c.kind for c in passage.corrections], uncertain,
            citation.part_title(edition, passage)]


def _notes(corpus) -> dict:
    edition, english = corpus.edition, english_layer(corpus)
    notes = {}
    for number, note in sorted(edition.notes.items()):
        passage = edition.passage(note.passage_id) if note.passage_id else None
        pieces = english.text(passage) if passage is not None and english.text else None
        notes[str(number)] = {
            "ru": passage.reading if passage is not None else "",
            "en": "".join(text for text, _ in pieces) if pieces else "",
        }
    return notes


def _terms(app, env, corpus) -> dict:
    glossary = glossary_for(env, corpus)
    if glossary is None:
        return {}
    domain = edition_domain(env)
    terms = {}
    for term in glossary.terms:
        entry = domain.lookup("term", term.id)
        page = f"{app.builder.get_target_uri(entry.docname)}#{entry.anchor}" if entry else ""
        terms[term.id] = {"prereform": term.prereform, "modern": term.modern, "english": term.english,
                          "definition": term.definition, "page": page}
    return terms


def write(app, env) -> list[str] | None:
    """Write the file; when it changed, every page is rewritten, since each names its checksum
    (:func:`checksum`, read by the page script as ``?v=``) and a page left alone would load a
    copy a browser had cached."""
    if app.builder.format != "html":
        return None
    data = payload(app, env)
    if data is None:
        return None
    text = f"window.EDITION_DATA = {json.dumps(data, ensure_ascii=False, sort_keys=True)};\n"
    target = Path(app.outdir) / "_static" / SCRIPT
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    write_file(target, text)
    return sorted(env.found_docs)


def checksum(app) -> str:
    """The data file's CRC-32, which every page names (``<meta name="edition-data">``)."""
    target = Path(app.outdir) / "_static" / SCRIPT
    return f"{zlib.crc32(target.read_bytes()):08x}" if target.is_file() else ""


def register(app) -> None:
    app.connect("env-updated", write)
