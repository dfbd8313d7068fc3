"""Every character of every witness belongs to exactly one passage, and the overlap is collated."""

from collections import Counter

import pytest


def owners(edition, fragment):
    """For each character of a witness, the passages whose span covers it."""
    count = Counter()
    text = edition.witnesses[fragment].text
    cover = [[] for _ in text]
    for passage in edition.passages:
        for span in passage.spans:
            if span.fragment == fragment:
                for i in range(span.start, span.tail):
                    cover[i].append(passage.id)
                count[passage.id] += 1
    return text, cover, count


@pytest.mark.parametrize("fragment", ["000", "002", "003", "004"])
def test_every_character_belongs_to_exactly_one_passage(edition, fragment):
    text, cover, count = owners(edition, fragment)
    orphans = [i for i, ids in enumerate(cover) if not ids]
    doubles = [i for i, ids in enumerate(cover) if len(ids) > 1]
    assert not orphans, f"characters {orphans[:5]} of {fragment} belong to no passage"
    assert not doubles, f"characters {doubles[:5]} of {fragment} belong to several passages"
    assert all(n == 1 for n in count.values()), "a passage has two spans in one witness"


@pytest.mark.parametrize("fragment", ["000", "002", "003", "004"])
def test_spans_hold_the_passage_text_and_only_line_breaks_between(edition, fragment):
    text = edition.witnesses[fragment].text
    spans = sorted(((s, p) for p in edition.passages for s in p.spans if s.fragment == fragment), key=lambda sp: sp[0].start)
    assert spans[0][0].start == 0 and spans[-1][0].tail == len(text)
    for (span, passage), (following, _) in zip(spans, spans[1:]):
        assert text[span.start : span.end] == passage.ocr
        assert set(text[span.end : span.tail]) <= {"\n"}
        assert span.tail == following.start


def test_overlap_of_000_and_002_is_one_passage_sequence_with_two_witnesses(edition):
    w000, w002 = edition.witnesses["000"].text, edition.witnesses["002"].text
    assert w000[-1353:] == w002[:1353]
    shared = [p for p in edition.passages if p.fragments == ("000", "002")]
    assert [p.id for p in shared] == [
        "empress.game.3", "empress.game.4", "empress.plate", "empress.game.5", "empress.game.6", "empress.game.7",
    ]
    second = [next(s for s in p.spans if s.fragment == "002") for p in shared]
    assert second[0].start == 0 and second[-1].tail == 1353
    assert all(p.variants == () for p in shared), "the overlap is identical; no variant is recorded"


def test_book_order_runs_sultan_to_sympathie_then_the_notes(edition):
    games = [p.game for p in edition.passages if p.game]
    order = list(dict.fromkeys(games))
    assert order == [g.id for g in edition.games] == [
        "sultan", "calculation", "nivernaise", "empress", "besieged", "paquets",
        "napoleon", "duchess", "constitution", "zodiac", "sympathie",
    ]
    assert edition.passages[-1].id == "notes.18.back"


def test_identifiers_are_unique_and_hierarchical(edition):
    ids = [p.id for p in edition.passages]
    assert len(ids) == len(set(ids))
    for passage in edition.passages:
        head = passage.id.split(".")[0]
        assert head in {g.id for g in edition.games} | {"notes", "page"}


def test_kinds_of_the_book_structure(edition):
    kind = {p.id: p.kind for p in edition.passages}
    assert kind["calculation.packs"] == "heading"
    assert edition.passage("calculation.packs").ocr == "ОДНА ПОЛНАЯ КОЛОДА КАРТЪ."
    assert edition.passage("calculation.rules").ocr == "Правила."
    assert edition.passage("calculation.game").ocr == "Игра."
    assert edition.passage("nivernaise.rules.4").ocr.startswith("IV. ")
    assert [p.id for p in edition.passages if p.kind == "caption"] == [
        "sultan.plate", "nivernaise.plate", "empress.plate", "besieged.plate",
        "duchess.plate", "zodiac.plate",
    ]
    assert kind["page.19"] == "page-number" and edition.passage("page.19").ocr == "19"
    assert kind["notes.19"] == "note"
    assert len([p for p in edition.passages if p.kind == "note"]) == 19
