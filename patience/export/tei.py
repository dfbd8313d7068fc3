"""The whole edition as one TEI P5 document (``patience tei``).

Layout of ``<text>``:

- ``<div type="edition" xml:lang="ru-petr1708">``: one ``<div type="game">`` per game in
  the book's order, then ``<div type="notes">`` for the notes and the page furniture;
  each passage is an ``<ab>`` (a note of the book a ``<note>``) whose ``xml:id`` is the
  passage's identifier and whose ``source`` names its witnesses. Its content is the
  witness and the reading text in one (:mod:`.tei_passage`); an editor's remark on it
  is a ``<note resp="#editors">`` inside it.
- ``<div type="modern" xml:lang="ru">``: the same divisions, each passage an ``<ab
  corresp="#ID">`` of the modern transcription, each change ``<choice><orig/><reg/>``
  with the rules that made it in ``reg/@ana``.
- ``<div type="translation" xml:lang="en">``: likewise, the English; translator's
  notes are ``<note type="translator">`` inside the passage.

``<standOff>`` holds each game's rules as its specification states them: an
``<interpGrp>`` per game, each clause an ``<interp>`` in plain English whose ``inst``
points to the passages it formalises; a conjecture has ``cert="low"`` and its reason.
Its ``<linkGrp type="alignment">`` joins each passage's three layers (their ``xml:id``:
the passage's, ``mod.`` and ``en.`` before it), for a parallel view. ``<back>`` holds
the glossary, the departures from Cadogan's English and the settled readings
(:mod:`.tei_back`).

A note of the book points (``target``) to the passages whose markers cite it, or, when
no marker survives, to the game(s) the book's order places it in, with ``subtype="inferred"``
and the reason as a ``<note type="attachment">``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from patience.corpus import Corpus
from patience.export import about
from patience.export.book import rules_of
from patience.export.tei_back import alignment, back, english_id, modern_id
from patience.export.tei_header import header, rule_id
from patience.export.tei_passage import passage_content, witness_id
from patience.export.xml import XML_NS, add_text, element, indent, sub, tei, xml_id
from patience.orthography.conversion import Conversion
from patience.text.model import Passage

NOTES_DIV = "notes"


def tei_document(corpus: Corpus) -> ET.Element:
    root = element("TEI", lang=about.LANG_ENGLISH)
    root.append(header(corpus))
    stand_off = _rules(corpus)
    stand_off.append(alignment(corpus))
    root.append(stand_off)
    text = sub(root, "text")
    body = sub(text, "body")
    body.append(_layer(corpus, "edition", about.LANG_PREREFORM, lambda p: _passage(corpus, p)))
    body.append(_layer(corpus, "modern", about.LANG_MODERN, lambda p: _modern(p, corpus.modern[p.id])))
    body.append(_layer(corpus, "translation", about.LANG_ENGLISH, lambda p: _english(corpus, p)))
    rule_ids = {i.get(f"{{{XML_NS}}}id", "") for i in stand_off.iter(tei("interp"))}
    text.append(back(corpus, rule_ids))
    return root


def tei_bytes(corpus: Corpus) -> bytes:
    root = tei_document(corpus)
    indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8", xml_declaration=False) + b"\n"


def _layer(corpus: Corpus, kind: str, lang: str, make: Callable[[Passage], ET.Element]) -> ET.Element:
    """One layer: a division per game in book order, then the notes and page furniture."""
    edition = corpus.edition
    primary = kind == "edition"
    layer = element("div", type=kind, lang=lang, id=kind if primary else None, corresp=None if primary else "#edition")
    for game in edition.games:
        div = sub(layer, "div", type="game", n=str(game.order),
                  id=xml_id(game.id) if primary else None, corresp=None if primary else f"#{game.id}")
        sub(div, "head", game.title_en, type="editorial", resp="#editors", lang=about.LANG_ENGLISH)
        for passage_id in game.passage_ids:
            div.append(make(edition.passage(passage_id)))
    rest = sub(layer, "div", type=NOTES_DIV, id=NOTES_DIV if primary else None,
               corresp=None if primary else f"#{NOTES_DIV}")
    sub(rest, "head", "Notes and page furniture", type="editorial", resp="#editors", lang=about.LANG_ENGLISH)
    for passage in edition.passages:
        if passage.game is None:
            rest.append(make(passage))
    return layer


def _passage(corpus: Corpus, passage: Passage) -> ET.Element:
    sources = " ".join(f"#{witness_id(f)}" for f in passage.fragments)
    if passage.kind == "note":
        node = element("note", id=xml_id(passage.id), type="book", source=sources, **_note_links(corpus, passage))
    else:
        node = element("ab", id=xml_id(passage.id), type=passage.kind, source=sources)
    second = None
    if len(passage.spans) > 1:
        span = passage.spans[1]
        second = corpus.edition.witnesses[span.fragment].text[span.start:span.end]
    notes = {n.number for n in corpus.edition.notes.values() if n.passage_id}
    passage_content(node, passage, second, notes)
    for remark in passage.remarks:
        sub(node, "note", remark.text, type=f"remark-{remark.kind}", resp="#editors", lang=about.LANG_ENGLISH)
    for variant in passage.variants:
        if variant.note:
            sub(node, "note", variant.note, type="variant", resp="#editors", lang=about.LANG_ENGLISH)
    if passage.kind == "note":
        _attachment(corpus, passage, node)
    return node


def _note_links(corpus: Corpus, passage: Passage) -> dict:
    note = corpus.edition.notes[int(passage.id.split(".")[1])]
    if note.inferred:
        targets = " ".join(f"#{g}" for g in note.games) or None
        return {"n": str(note.number), "target": targets, "subtype": "inferred"}
    targets = " ".join(f"#{p}" for p in dict.fromkeys(note.cited_by)) or None
    return {"n": str(note.number), "target": targets, "subtype": "attested" if targets else "unattached"}


def _attachment(corpus: Corpus, passage: Passage, node: ET.Element) -> None:
    note = corpus.edition.notes[int(passage.id.split(".")[1])]
    if note.inferred:
        sub(node, "note", note.reason, type="attachment", resp="#editors", lang=about.LANG_ENGLISH)


def _modern(passage: Passage, conversion: Conversion) -> ET.Element:
    node = element("ab", id=modern_id(passage.id), corresp=f"#{passage.id}", type=passage.kind)
    for text, change in conversion.segments():
        if change is None:
            add_text(node, text)
            continue
        choice = sub(node, "choice")
        sub(choice, "orig", change.original or None)
        sub(choice, "reg", change.regularised or None, ana=" ".join(f"#{rule_id(r)}" for r in change.rules))
        if change.reason:
            sub(node, "note", change.reason, type="override", resp="#editors", lang=about.LANG_ENGLISH)
    return node


def _english(corpus: Corpus, passage: Passage) -> ET.Element:
    entry = corpus.english[passage.id]
    node = element("ab", entry.text, id=english_id(passage.id), corresp=f"#{passage.id}", type=passage.kind)
    for note in entry.notes:
        text = f"«{note.ru}»: {note.text}" if note.ru else note.text
        sub(node, "note", text, type="translator", resp="#editors")
    return node


def _rules(corpus: Corpus) -> ET.Element:
    stand_off = element("standOff", type="rules")
    for game in corpus.edition.games:
        spec = corpus.spec_of(game.id)
        if spec is None:
            continue
        group = sub(stand_off, "interpGrp", corresp=f"#{game.id}", lang=about.LANG_ENGLISH)
        sub(group, "desc", spec.summary)
        for rule in rules_of(spec):
            targets = " ".join(f"#{p}" for p in rule.passages) or None
            interp = sub(group, "interp", rule.says, id=xml_id(f"rule.{game.id}.{rule.id}"), subtype=rule.kind,
                         inst=targets, cert="low" if rule.conjecture else None)
            if rule.conjecture:
                sub(interp, "desc", rule.conjecture, type="conjecture")
    return stand_off
