"""The TEI's ``<back>`` and its alignment: what the edition decided, beside the text.

- ``<div type="glossary">``: every term as a ``<label>`` (the book's word and its modern
  spelling) and an ``<item>`` (the English, its variants, the definition, which gives
  Cadogan's own words, the games and every passage it occurs in).
- ``<div type="departures">``: each point where the Russian departs from Cadogan's
  English: what each says, the words, whether it changes play, which the specification
  follows and why.
- ``<div type="readings">``: each settled reading of a doubtful rule: the decision, its
  evidence, what the evidence suggests, and the departures and rule clauses it concerns.

``alignment`` is a ``<linkGrp>`` of one ``<link>`` per passage joining its three layers
(the reading text, the modern transcription, the English), so a generic viewer can set
them side by side.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from patience.corpus import Corpus
from patience.export import about
from patience.export.xml import element, sub, xml_id

MODERN_PREFIX, ENGLISH_PREFIX = "mod.", "en."


def modern_id(passage_id: str) -> str:
    return xml_id(MODERN_PREFIX + passage_id)


def english_id(passage_id: str) -> str:
    return xml_id(ENGLISH_PREFIX + passage_id)


def term_id(term) -> str:
    return xml_id(f"term.{term.id}")


def alignment(corpus: Corpus) -> ET.Element:
    group = element("linkGrp", type="alignment")
    sub(group, "desc", "Each passage's reading text, modern transcription and English, in that order.",
        lang=about.LANG_ENGLISH)
    for passage in corpus.edition.passages:
        sub(group, "link", target=f"#{passage.id} #{modern_id(passage.id)} #{english_id(passage.id)}")
    return group


def back(corpus: Corpus, rule_ids: set[str]) -> ET.Element:
    """``rule_ids``: the ``xml:id`` of every rule clause in the document, which the readings point to."""
    node = element("back", lang=about.LANG_ENGLISH)
    node.append(_glossary(corpus))
    node.append(_departures(corpus, rule_ids))
    node.append(_readings(corpus, rule_ids))
    return node


def _glossary(corpus: Corpus) -> ET.Element:
    div = element("div", type="glossary", id="glossary")
    sub(div, "head", "Glossary")
    terms = sub(div, "list", type="gloss")
    for term in sorted(corpus.glossary.terms, key=lambda t: t.modern.casefold()):
        label = sub(terms, "label", id=term_id(term))
        sub(label, "term", term.prereform, lang=about.LANG_PREREFORM).tail = " · "
        sub(label, "term", term.modern, type="modern", lang=about.LANG_MODERN)
        item = sub(terms, "item")
        sub(item, "gloss", term.english)
        for variant in term.english_variants:
            sub(item, "gloss", variant, type="variant")
        sub(item, "note", term.definition, type="definition")
        if term.games:
            sub(item, "ptr", type="games", target=" ".join(f"#{g}" for g in term.games))
        occurs = list(dict.fromkeys(o.passage_id for o in term.occurrences))
        if occurs:
            sub(item, "ptr", type="occurrences", target=" ".join(f"#{p}" for p in occurs))
    return div


def _paragraph(parent: ET.Element, kind: str, text: str | None, lang: str | None = None) -> None:
    if text:
        sub(parent, "ab", text, type=kind, lang=lang)


def _pointer(parent: ET.Element, kind: str, targets: list[str]) -> None:
    """An ``<ab>`` of one ``<ptr>`` to ``targets``, if there are any."""
    if targets:
        sub(sub(parent, "ab", type=kind), "ptr", target=" ".join(targets))


def _departures(corpus: Corpus, rule_ids: set[str]) -> ET.Element:
    div = element("div", type="departures", id="departures")
    sub(div, "head", "Where the Russian departs from Cadogan's English")
    for item in corpus.edition.collation.departures:
        entry = sub(div, "div", type="departure", id=xml_id(f"departure.{item.id}"),
                    corresp=" ".join(f"#{p}" for p in item.passages))
        sub(entry, "head", item.topic)
        _paragraph(entry, "russian", item.russian)
        _paragraph(entry, "english", item.english)
        _paragraph(entry, "words-russian", item.words_ru, about.LANG_PREREFORM)
        _paragraph(entry, "words-english", item.words_en)
        _paragraph(entry, "play", item.play)
        _paragraph(entry, "specification", item.spec)
        _paragraph(entry, "why", item.why)
        _clauses(entry, item.clauses, rule_ids)
    return div


def _readings(corpus: Corpus, rule_ids: set[str]) -> ET.Element:
    div = element("div", type="readings", id="readings")
    sub(div, "head", "Settled readings")
    for item in corpus.edition.collation.readings:
        entry = sub(div, "div", type="reading", id=xml_id(f"reading.{item.id}"),
                    corresp=" ".join(f"#{p}" for p in item.passages))
        sub(entry, "head", item.title)
        _paragraph(entry, "decision", item.decision)
        if item.evidence:
            evidence = sub(entry, "list", type="evidence")
            for line in item.evidence:
                sub(evidence, "item", line)
        _paragraph(entry, "inference", item.inference)
        _pointer(entry, "departures", [f"#departure.{d}" for d in item.departures])
        _clauses(entry, item.clauses, rule_ids)
    return div


def _clauses(entry: ET.Element, clauses: tuple[str, ...], rule_ids: set[str]) -> None:
    """A pointer to the rule clauses (``game.clause``) the entry concerns, those the document holds."""
    _pointer(entry, "clauses", [f"#rule.{c}" for c in clauses if f"rule.{c}" in rule_ids])
