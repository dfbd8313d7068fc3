"""The ``teiHeader``: the book, its four witnesses, this edition, and the categories the text uses."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from patience.citation import KIND_NAMES, Publication
from patience.corpus import Corpus
from patience.export import about
from patience.export.tei_passage import witness_id
from patience.export.xml import element, sub
from patience.orthography.rules import RULES

#: Correction kinds beyond the listed ones: the code-page rule.
ENCODING_KIND = {"encoding": "the OCR's code page: ђ for ѣ, є for ѳ, џ for ѵ, undone by rule"}


def rule_id(rule: str) -> str:
    """The ``xml:id`` of a modern-spelling rule's category."""
    return f"modern.{rule}"


def header(corpus: Corpus) -> ET.Element:
    node = element("teiHeader")
    node.append(_file_desc(corpus, about.publication(corpus)))
    node.append(_encoding_desc())
    node.append(_profile_desc())
    return node


def _file_desc(corpus: Corpus, release: Publication) -> ET.Element:
    desc = element("fileDesc")
    titles = sub(desc, "titleStmt")
    sub(titles, "title", about.TITLE_RU, type="main", lang=about.LANG_PREREFORM)
    sub(titles, "title", "A critical edition, with an executable rulebook", type="sub")
    sub(titles, "author", "Adelaide Cadogan")
    resp = sub(titles, "respStmt", id="editors")
    sub(resp, "resp", "established the reading text, the modern transcription, the English "
                      "translation, the notes, the glossary and the rule specifications")
    sub(resp, "orgName", release.editors)
    edition = sub(desc, "editionStmt")
    sub(edition, "edition", f"Version {release.version}", n=release.version)
    publication = sub(desc, "publicationStmt")
    sub(publication, "authority", release.editors)
    sub(publication, "idno", release.version, type="version")
    if release.base_url:
        sub(publication, "idno", release.base_url, type="URI")
    sub(publication, "date", release.released.isoformat(), when=release.released.isoformat())
    availability = sub(publication, "availability", status="free")
    sub(sub(availability, "licence", target=about.LICENCE_URL), "p", about.LICENCE)
    desc.append(_source_desc(corpus))
    return desc


def _source_desc(corpus: Corpus) -> ET.Element:
    source = element("sourceDesc")
    book = sub(source, "bibl", type="translation")
    sub(book, "title", about.TITLE_RU, lang=about.LANG_PREREFORM)
    sub(book, "note", about.UNKNOWN)
    original = sub(book, "relatedItem", type="original")
    cadogan = sub(original, "bibl")
    sub(cadogan, "author", "Adelaide Cadogan")
    sub(cadogan, "title", "Illustrated Games of Patience")
    sub(cadogan, "pubPlace", "London")
    sub(cadogan, "publisher", "Sampson Low")
    sub(cadogan, "date", "1874", when="1874")
    witnesses = sub(source, "listWit")
    for fragment, witness in corpus.edition.witnesses.items():
        item = sub(witnesses, "witness", id=witness_id(fragment), n=fragment)
        sub(item, "label", f"Fragment {fragment}")
        sub(item, "idno", witness.path.name, type="file")
        sub(item, "idno", witness.sha256, type="sha256")
        sub(item, "note", witness.description)
        overlap = _overlap(corpus, fragment)
        if overlap:
            sub(item, "note", overlap, type="overlap")
    return source


def _overlap(corpus: Corpus, fragment: str) -> str | None:
    """How a fragment's passages repeat another's, if they do: one passage sequence, two witnesses."""
    shared = [p for p in corpus.edition.passages if len(p.spans) > 1 and p.spans[1].fragment == fragment]
    if not shared:
        return None
    first = shared[0].spans[0].fragment
    return (f"Its passages {shared[0].id} to {shared[-1].id} ({len(shared)}) repeat fragment {first}: each is one "
            f"passage with two witnesses, whose source names both; a difference between them is an app, the "
            f"reading of fragment {first} its lem.")


def _encoding_desc() -> ET.Element:
    encoding = element("encodingDesc")
    decl = sub(encoding, "editorialDecl")
    sub(sub(decl, "correction"), "p",
        "Each difference between a witness and the reading text is a choice of sic and corr; "
        "corr's type is the kind of correction (see the taxonomy corrections).")
    sub(sub(decl, "normalization"), "p",
        "The modern transcription follows the spelling reform of 1917–18: each change is a choice "
        "of orig and reg, reg's ana pointing to the rules that made it (the taxonomy modern-rules).")
    classes = sub(encoding, "classDecl")
    kinds = sub(classes, "taxonomy", id="corrections")
    for kind, name in {**ENCODING_KIND, **KIND_NAMES}.items():
        sub(sub(kinds, "category", id=f"correction.{kind}"), "catDesc", name)
    rules = sub(classes, "taxonomy", id="modern-rules")
    for rule in RULES:
        sub(sub(rules, "category", id=rule_id(rule.id), n=rule.kind), "catDesc", rule.change)
    return encoding


def _profile_desc() -> ET.Element:
    profile = element("profileDesc")
    usage = sub(profile, "langUsage")
    sub(usage, "language", "Russian in the spelling before 1918: the witnesses and the reading text",
        ident=about.LANG_PREREFORM)
    sub(usage, "language", "Russian in the modern spelling: the modern transcription", ident=about.LANG_MODERN)
    sub(usage, "language", "English: the headings and the translation", ident=about.LANG_ENGLISH)
    return profile
