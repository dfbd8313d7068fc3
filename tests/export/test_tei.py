"""The TEI document: valid against tei_all, and every layer of every passage read back exactly."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from defusedxml.ElementTree import fromstring

from patience.export.tei import tei_bytes
from patience.export.tei_passage import passage_content
from patience.export.xml import element, xml_id
from patience.text.model import Correction, NoteRef, Passage, Span
from patience.text.reading import apply_corrections
from tests.conftest import ROOT

SCHEMA = ROOT / "tests" / "data" / "tei_all.rng"
T = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


# --- an independent reader of the document ---------------------------------------------------

def text_of(node: ET.Element, keep: dict[str, str]) -> str:
    """The text of ``node``: in a choice or app only the child ``keep`` names; notes left out."""
    pieces = [node.text or ""]
    for child in node:
        tag = child.tag.removeprefix(T)
        if tag in keep:
            chosen = [c for c in child if c.tag == T + keep[tag]]
            assert len(chosen) == 1, f"{tag} without one {keep[tag]}"
            pieces.append(text_of(chosen[0], keep))
        elif tag != "note":
            pieces.append(text_of(child, keep))
        pieces.append(child.tail or "")
    return "".join(pieces)


READING = {"choice": "corr", "app": "lem"}
FIRST_WITNESS = {"choice": "sic", "app": "lem"}
SECOND_WITNESS = {"choice": "sic", "app": "rdg"}
MODERN = {"choice": "reg"}
PREREFORM = {"choice": "orig"}


@pytest.fixture(scope="module")
def document(corpus, tmp_path_factory) -> tuple[Path, ET.Element]:
    path = tmp_path_factory.mktemp("tei") / "edition.xml"
    path.write_bytes(tei_bytes(corpus))
    return path, fromstring(path.read_bytes())


def layer(root: ET.Element, kind: str) -> ET.Element:
    [div] = [d for d in root.iter(T + "div") if d.get("type") == kind]
    return div


def by_corresp(div: ET.Element) -> dict[str, ET.Element]:
    found = {}
    for node in div.iter(T + "ab"):
        key = node.get("corresp").removeprefix("#")
        assert key not in found, f"two passages correspond to {key}"
        found[key] = node
    return found


# --- validity -----------------------------------------------------------------------------------

@pytest.mark.tools
def test_valid_against_tei_all(document):
    jing = shutil.which("jing")
    if jing is None:
        pytest.fail("Debian's jing is not installed (bash .ci/setup installs it)")
    result = subprocess.run([jing, str(SCHEMA), str(document[0])], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout[:3000]


def test_the_validator_rejects_an_invalid_document(document, tmp_path):
    """The validity test can fail: a stray element is reported."""
    broken = tmp_path / "broken.xml"
    broken.write_text(document[0].read_text(encoding="utf-8").replace("<ab ", "<paragraph ", 1)
                      .replace("</ab>", "</paragraph>", 1), encoding="utf-8")
    result = subprocess.run(["jing", str(SCHEMA), str(broken)], capture_output=True, text=True)
    assert result.returncode != 0 and "paragraph" in result.stdout


# --- round trip ---------------------------------------------------------------------------------

def test_every_passage_once_with_its_identifier_in_book_order(document, corpus):
    edition = layer(document[1], "edition")
    ids = [n.get(XML_ID) for n in edition.iter() if n.tag in (T + "ab", T + "note") and n.get(XML_ID)]
    by_game = [pid for g in corpus.edition.games for pid in g.passage_ids]
    rest = [p.id for p in corpus.edition.passages if p.game is None]
    assert ids == by_game + rest


def test_reading_text_and_witnesses_read_back_exactly(document, corpus):
    nodes = {n.get(XML_ID): n for n in layer(document[1], "edition").iter() if n.get(XML_ID)}
    for passage in corpus.edition.passages:
        node = nodes[passage.id]
        assert text_of(node, READING) == passage.reading, passage.id
        assert text_of(node, FIRST_WITNESS) == passage.ocr, passage.id
        if len(passage.spans) > 1:
            span = passage.spans[1]
            second = corpus.edition.witnesses[span.fragment].text[span.start:span.end]
            assert text_of(node, SECOND_WITNESS) == second, passage.id


def test_modern_text_reads_back_exactly(document, corpus):
    modern = by_corresp(layer(document[1], "modern"))
    assert set(modern) == {p.id for p in corpus.edition.passages}
    for passage in corpus.edition.passages:
        assert text_of(modern[passage.id], MODERN) == corpus.modern[passage.id].text, passage.id
        assert text_of(modern[passage.id], PREREFORM) == passage.reading, passage.id


def test_every_modern_change_names_its_rules(document, corpus):
    modern = by_corresp(layer(document[1], "modern"))
    categories = {c.get(XML_ID) for c in document[1].iter(T + "category")}
    for passage in corpus.edition.passages:
        regs = list(modern[passage.id].iter(T + "reg"))
        changes = corpus.modern[passage.id].changes
        assert [r.get("ana").split() for r in regs] == [[f"#modern.{rule}" for rule in c.rules] for c in changes]
        assert all(a.removeprefix("#") in categories for r in regs for a in r.get("ana").split())


def test_english_reads_back_exactly(document, corpus):
    english = by_corresp(layer(document[1], "translation"))
    assert set(english) == {p.id for p in corpus.edition.passages}
    for passage in corpus.edition.passages:
        assert text_of(english[passage.id], {}) == corpus.english[passage.id].text, passage.id


def test_every_layer_says_its_language(document):
    root = document[1]
    assert {kind: layer(root, kind).get(XML_LANG) for kind in ("edition", "modern", "translation")} == {
        "edition": "ru-petr1708", "modern": "ru", "translation": "en"}
    assert root.get(XML_LANG) == "en"


def test_corrections_carry_their_kind(document, corpus):
    nodes = {n.get(XML_ID): n for n in layer(document[1], "edition").iter() if n.get(XML_ID)}
    for passage in corpus.edition.passages:
        kinds = [c.get("type") for c in nodes[passage.id].iter(T + "corr") if c.get("type") != "encoding"]
        assert kinds == [c.kind for c in passage.corrections], passage.id


def test_notes_link_to_markers_and_flag_inferred_attachments(document, corpus):
    root = document[1]
    ids = {n.get(XML_ID) for n in root.iter() if n.get(XML_ID)}
    for ref in root.iter(T + "ref"):
        if ref.get("target"):
            assert ref.get("target").removeprefix("#") in ids
    notes = {n.get(XML_ID): n for n in root.iter(T + "note") if n.get("type") == "book"}
    for note in corpus.edition.notes.values():
        if note.passage_id is None:
            continue
        node = notes[note.passage_id]
        if note.inferred:
            assert node.get("subtype") == "inferred"
            [reason] = [n for n in node if n.get("type") == "attachment"]
            assert reason.text == note.reason
        else:
            assert node.get("subtype") == "attested"
            assert node.get("target").split() == [f"#{p}" for p in dict.fromkeys(note.cited_by)]


def test_the_overlap_names_both_witnesses(document, corpus):
    nodes = {n.get(XML_ID): n for n in layer(document[1], "edition").iter() if n.get(XML_ID)}
    overlap = [p for p in corpus.edition.passages if len(p.spans) > 1]
    assert overlap, "fragments 000 and 002 overlap"
    for passage in overlap:
        assert nodes[passage.id].get("source") == "#wit.000 #wit.002"


# --- the parts, on made-up passages -------------------------------------------------------------

def _passage(ocr: str, corrections=()) -> Passage:
    reading = apply_corrections(ocr, tuple(corrections))
    spans = (Span("000", 0, len(ocr), len(ocr)), Span("002", 0, len(ocr), len(ocr)))
    return Passage("game.game.1", "paragraph", ocr, reading, tuple(corrections), spans)


@pytest.mark.parametrize(("ocr", "second", "corrections"), [
    ("мђсто и время", "мђсто и вромя", ()),           # a variant in plain text
    ("мђсто и время", "мѣсто и время", ()),            # a variant on a code-page letter
    ("въ мђстахъ", "въ мђстах", ()),                    # a deletion at the end
    ("мђсто", "Амђсто", ()),                            # an insertion at the start
    ("Koлода картъ", "Kолода картъ", [Correction("Koлода", "Колода", "script", 0)]),  # inside a correction
    ("картъ[14] и", "карть[14] и", ()),                 # a variant next to a marker
])
def test_variants_between_two_witnesses_round_trip(ocr, second, corrections):
    passage = _passage(ocr, corrections)
    node = element("ab")
    passage_content(node, passage, second, {14})
    assert text_of(node, READING) == passage.reading
    assert text_of(node, FIRST_WITNESS) == ocr
    assert text_of(node, SECOND_WITNESS) == second
    assert all((a[0].get("wit"), a[1].get("wit")) == ("#wit.000", "#wit.002") for a in node.iter("{http://www.tei-c.org/ns/1.0}app"))
    assert any(True for _ in node.iter("{http://www.tei-c.org/ns/1.0}app"))


def test_an_identifier_that_is_no_xml_name_is_refused():
    assert xml_id("calculation.game.3") == "calculation.game.3"
    with pytest.raises(ValueError, match="not an XML name"):
        xml_id("3.game")


def test_rule_clauses_in_stand_off_point_to_their_passages(document, corpus):
    root = document[1]
    passages = {p.id for p in corpus.edition.passages}
    interps = {i.get(XML_ID): i for i in root.iter(T + "interp")}
    for game in corpus.edition.games:
        spec = corpus.spec_of(game.id)
        for clause in spec.clauses:
            interp = interps[f"rule.{game.id}.{clause.id}"]
            assert interp.text == clause.says
            targets = [t.removeprefix("#") for t in (interp.get("inst") or "").split()]
            assert targets == list(clause.passages) and set(targets) <= passages
            assert (interp.get("cert") == "low") == bool(clause.conjecture)


def test_the_header_says_which_passages_the_overlap_repeats(document, corpus):
    [witness] = [w for w in document[1].iter(T + "witness") if w.get(XML_ID) == "wit.002"]
    [note] = [n for n in witness if n.get("type") == "overlap"]
    overlap = [p.id for p in corpus.edition.passages if len(p.spans) > 1]
    assert f"{overlap[0]} to {overlap[-1]} ({len(overlap)})" in note.text


def test_a_variant_inside_a_footnote_marker_is_refused():
    passage = replace(_passage("картъ[14] и"), note_refs=(NoteRef(14, 5, 9),))
    with pytest.raises(ValueError, match="inside a footnote marker"):
        passage_content(element("ab"), passage, "картъ[15] и", {14})


# --- the edition's decisions, and the layers aligned ------------------------------------------

POINTERS = ("corresp", "target", "inst", "ana", "source", "resp")


def test_every_pointer_names_an_element_of_the_document(document):
    root = document[1]
    ids = {node.get(XML_ID) for node in root.iter() if node.get(XML_ID)}
    pointers = [(node.tag, name, value) for node in root.iter() for name in POINTERS
                for value in (node.get(name) or "").split() if value.startswith("#")]
    assert len(pointers) > 3000
    assert [p for p in pointers if p[2][1:] not in ids] == []


def test_the_glossary_gives_every_term_with_its_english_definition_and_occurrences(document, corpus):
    [glossary] = [d for d in document[1].iter(T + "div") if d.get("type") == "glossary"]
    labels = {label.get(XML_ID): label for label in glossary.iter(T + "label")}
    items = list(glossary.iter(T + "item"))
    assert len(labels) == len(items) == len(corpus.glossary.terms)
    for term, item in zip(sorted(corpus.glossary.terms, key=lambda t: t.modern.casefold()), items):
        label = labels[f"term.{term.id}"]
        assert [(t.text, t.get(XML_LANG)) for t in label.iter(T + "term")] == [
            (term.prereform, "ru-petr1708"), (term.modern, "ru")]
        assert item.find(T + "gloss").text == term.english
        assert item.find(T + "note").text == term.definition
        occurs = [p.get("target") for p in item.iter(T + "ptr") if p.get("type") == "occurrences"]
        assert occurs == ([" ".join(f"#{p}" for p in dict.fromkeys(o.passage_id for o in term.occurrences))]
                          if term.occurrences else [])


def test_the_departures_and_readings_are_there_with_their_passages(document, corpus):
    root = document[1]
    collation = corpus.edition.collation
    for kind, items in (("departure", collation.departures), ("reading", collation.readings)):
        found = {d.get(XML_ID): d for d in root.iter(T + "div") if d.get("type") == kind}
        assert set(found) == {f"{kind}.{item.id}" for item in items}
        for item in items:
            assert found[f"{kind}.{item.id}"].get("corresp").split() == [f"#{p}" for p in item.passages]
    layout = next(d for d in root.iter(T + "div") if d.get(XML_ID) == "reading.besieged.layout")
    decision = next(ab for ab in layout.iter(T + "ab") if ab.get("type") == "decision")
    assert decision.text == next(r.decision for r in collation.readings if r.id == "besieged.layout")


def test_each_passage_links_its_three_layers_in_book_order(document, corpus):
    root = document[1]
    [group] = [g for g in root.iter(T + "linkGrp") if g.get("type") == "alignment"]
    by_id = {node.get(XML_ID): node for node in root.iter() if node.get(XML_ID)}
    links = [link.get("target").split() for link in group.iter(T + "link")]
    assert [targets[0][1:] for targets in links] == [p.id for p in corpus.edition.passages]
    for targets in links:
        layers = [by_id[t[1:]] for t in targets]
        assert [layers[1].get("corresp"), layers[2].get("corresp")] == [targets[0]] * 2
        assert [layer_of(root, node) for node in layers] == ["edition", "modern", "translation"]


def layer_of(root: ET.Element, node: ET.Element) -> str:
    for div in root.iter(T + "div"):
        if div.get("type") in ("edition", "modern", "translation") and any(n is node for n in div.iter()):
            return div.get("type")
    return ""
