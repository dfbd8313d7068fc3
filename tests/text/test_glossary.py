"""The glossary: terms defined, occurrences computed from inflected forms, and the consistency test."""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.cli import main
from patience.datafile import DataFileError
from patience.orthography.convert import modernize
from patience.orthography.folding import fold_letters
from patience.text import load_edition
from patience.text.english import GlossaryException, load_english
from patience.text.glossary import (
    Token,
    check_consistency,
    find,
    lemmas,
    load_glossary,
    occurrences_in,
    renders,
    tokens,
)
from tests.editing import edit, expect_error, line_of

REQUIRED = {  # the list: pre-reform forms every glossary must define
    "основаніе", "основныя карты", "талонъ", "колода", "пачка", "марьяжъ", "годная карта",
    "свободное мѣсто", "раскладывать вторично", "масть", "достоинство", "диванъ", "султанъ",
    "флангъ", "линія", "армія", "флотъ", "окопы", "резервъ", "четыреугольникъ", "отставныя",
    "Тайный Совѣтъ", "народъ", "экваторъ", "зодіакъ", "Грація",
    "тузъ", "король", "дама", "валетъ", "черви", "бубны", "трефы", "пики",
}


@pytest.fixture(scope="module")
def glossary(corpus):
    return corpus.glossary


@pytest.fixture(scope="module")
def english(corpus):
    return corpus.english


def occurring(glossary, term_id):
    return set(glossary.term(term_id).passage_ids)


# --- terms and occurrences ------------------------------------------------------------------


def test_the_required_terms_are_defined(glossary):
    assert REQUIRED <= {t.prereform for t in glossary.terms}
    for term in glossary.terms:
        assert term.definition and term.english and term.modern
        assert term.occurrences, term.id


def test_modern_forms_are_the_modern_layers(glossary):
    for term in glossary.terms:
        assert modernize(term.prereform).text == term.modern


def test_occurrences_name_real_passages_in_book_order(edition, glossary):
    order = [p.id for p in edition.passages]
    for term in glossary.terms:
        positions = [order.index(o.passage_id) for o in term.occurrences]
        assert positions == sorted(positions), term.id


#: Every form of a term as the book spells it, by a pattern written independently of the
#: glossary's lemmas: the term must be found in exactly the passages whose reading text has one.
FORMS = {
    "cover": r"\bзакры",
    "pair": r"\bспар|\bпопарно",
    "move": r"\bперекла|\bперелож",
    "turn-over": r"\bперевор|\bперевер",
    "in-sequence": r"\bпо порядку",
    "round": r"\bтур(ъ|а|у|омъ|ѣ|ы|овъ)\b",
    "trenches": r"\bокоп",
    "line": r"\bлині",
    "retired": r"\bотставн",
    "exchange": r"\bобмѣн",
    "flank": r"\bфланг",
}


@pytest.mark.parametrize("term_id", sorted(FORMS))
def test_an_occurrence_list_catches_every_form_of_its_term(edition, glossary, term_id):
    pattern = re.compile(FORMS[term_id], re.IGNORECASE)
    expected = {p.id for p in edition.passages if pattern.search(p.reading)}
    assert expected and occurring(glossary, term_id) == expected


def test_the_free_and_fit_senses_are_found_where_the_review_missed_them(glossary):
    assert "calculation.rules.2" in occurring(glossary, "free")  # «пока не сдѣлается свободной»
    assert {"sultan.end.2", "napoleon.game.5"} <= occurring(glossary, "go-on")
    assert "empress.rules.1" in occurring(glossary, "pair")  # «попарно»


def test_inflected_forms_are_found(glossary):
    # Expectations read off the text by hand: each game's terms where the book uses them.
    assert occurring(glossary, "divan") == {"sultan.end.2"}
    assert len(glossary.term("divan").occurrences) == 3  # диванъ, дивана, диванѣ
    assert occurring(glossary, "privy-council") == {"constitution.rules.1"}  # Тайнаго Совѣта
    assert occurring(glossary, "people") == {"constitution.end.2"}  # народѣ
    assert occurring(glossary, "grace") == {"sympathie.game.1"}  # «Граціи»
    assert occurring(glossary, "spades") == {"empress.game.2"}  # пиковыхъ
    assert occurring(glossary, "hearts") == {"sultan.end.1", "sultan.end.2"}  # червоннаго, червей
    assert {"duchess.game.1", "duchess.game.3", "duchess.game.5", "duchess.game.6"} == occurring(glossary, "retired")
    assert "notes.19" in occurring(glossary, "quadrangle")
    assert "besieged.rules.3" in occurring(glossary, "line")


def test_terms_in_a_passage(glossary):
    ids = [t.id for t in glossary.terms_in("sultan.end.3")]
    assert ids == ["talon", "second-deal"]  # «Талонъ … играютъ вторично»
    assert glossary.terms_in("page.19") == ()


def test_a_second_deal_is_found_in_its_phrasings(glossary):
    assert occurring(glossary, "second-deal") == {
        "sultan.end.3",  # играютъ вторично
        "calculation.game.5",  # вторично не раскладывается
        "nivernaise.rules.4",  # при вторичномъ раскладываніи
        "nivernaise.game.8",  # вновь раскладывается
        "empress.game.10",
        "paquets.end.1",  # раскладываютъ, если необходимо, вторично
        "napoleon.game.6",
        "notes.19",  # разложить ихъ вторично
    }


def test_a_phrase_needs_its_words_together(glossary):
    # «свободной нижележащая карта» is free, but not a free space; «одно мѣсто» is a space, not free.
    free = occurring(glossary, "free-space")
    assert "calculation.rules.2" not in free
    assert "nivernaise.game.5" in free and "nivernaise.game.6" in free


def test_folding_and_lemmas():
    assert fold_letters("Мѣстъ") == "мест" and fold_letters("Ѳита") == "фита" and fold_letters("мѵро") == "миро" and fold_letters("Совѣтъ") == "совет"
    assert "основной" in lemmas("основныя")
    assert "червонный" in lemmas("червоннаго")
    assert "подходящий" in lemmas("подходящія")
    assert "талон" in lemmas("Талонъ")
    assert [t.surface for t in tokens("Карты, т.-е. масти.")] == ["Карты", "т", "е", "масти"]


def test_modern_spelling_finds_the_same_occurrences(edition, glossary):
    # Folding stands in for the reform: the modern transcription of a passage holds the same terms.
    for term in glossary.terms:
        for passage_id in term.passage_ids:
            modern = modernize(edition.passage(passage_id).reading).text
            assert occurrences_in(tokens(modern), term.match, term.gap), (term.id, passage_id)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_case_does_not_change_occurrences(edition, glossary, data):
    passage = data.draw(st.sampled_from([p for p in edition.passages if len(p.reading) > 40]))
    upper = data.draw(st.booleans())
    shouted = passage.reading.upper() if upper else passage.reading.lower()
    for term in glossary.terms:
        before = occurrences_in(tokens(passage.reading), term.match, term.gap)
        after = occurrences_in(tokens(shouted), term.match, term.gap)
        assert len(before) == len(after), (term.id, passage.id)


# --- the consistency test -------------------------------------------------------------------


def test_the_translation_is_consistent_with_the_glossary(edition, english, glossary):
    findings = check_consistency(edition, english, glossary)
    assert findings == [], "\n".join(map(str, findings))


def test_renders_matches_whole_words_only(glossary):
    pack = glossary.term("pack")
    assert renders(pack, "the rest of the pack.") and renders(pack, "TWO FULL PACKS")
    assert not renders(pack, "a packet of three")
    assert renders(glossary.term("free-space"), "the free\nspaces opened")


def pairs(english, glossary):
    """Every (passage, term) where the term occurs and the English renders it without exception."""
    return sorted(
        (pid, term.id) for term in glossary.terms for pid in term.passage_ids
        if term.id not in {e.term for e in english[pid].exceptions}
    )


def drop(term, text: str) -> str:
    for form in sorted(term.renderings, key=len, reverse=True):
        text = re.sub(re.escape(form), "∅", text, flags=re.IGNORECASE)
    return text


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_dropping_a_rendering_is_caught(edition, english, glossary, data):
    passage_id, term_id = data.draw(st.sampled_from(pairs(english, glossary)))
    term = glossary.term(term_id)
    broken = dict(english)
    broken[passage_id] = replace(english[passage_id], text=drop(term, english[passage_id].text))
    findings = check_consistency(edition, broken, glossary)
    assert (passage_id, term_id) in {(f.passage_id, f.term_id) for f in findings}
    assert all(f.passage_id == passage_id for f in findings)


def test_a_reasoned_exception_excuses_and_a_needless_one_is_reported(edition, english, glossary):
    entry = english["sultan.end.3"]
    excused = replace(
        entry, text=entry.text.replace("talon", "heap"), exceptions=(GlossaryException("talon", "the heap is the talon"),)
    )
    assert check_consistency(edition, {**english, entry.id: excused}, glossary) == []
    needless = replace(entry, exceptions=(GlossaryException("talon", "no reason"), GlossaryException("divan", "none")))
    messages = [f.message for f in check_consistency(edition, {**english, entry.id: needless}, glossary)]
    assert any("needless exception: 'talon' is in the English" in m for m in messages)
    assert any("needless exception: divan does not occur" in m for m in messages)
    unknown = replace(entry, exceptions=(GlossaryException("dragon", "?"),))
    assert [f.term_id for f in check_consistency(edition, {**english, entry.id: unknown}, glossary)] == ["dragon"]


def test_the_check_fails_on_a_modified_copy_of_the_files(source_copy):
    edit(source_copy / "english" / "sultan.yaml", "Divan", "council", -1)  # capitalised: a named part  # the notes may mention it: only text counts
    english = load_english(source_copy)
    glossary = load_glossary(source_copy)
    findings = check_consistency(load_edition(source_copy), english, glossary)
    assert [(f.passage_id, f.term_id) for f in findings] == [("sultan.end.2", "divan")]
    assert findings[0].path.endswith("sultan.yaml") and "«диванъ» (divan)" in findings[0].message, findings


def test_the_cli_check_reports_and_fails(source_copy, monkeypatch, capsys):
    assert main(["glossary", "--check"]) == 0
    edit(source_copy / "english" / "zodiac.yaml", "      Equator among themselves.", "      belt among themselves.")
    monkeypatch.setenv("PATIENCE_SOURCE_TEXTS", str(source_copy))
    capsys.readouterr()
    assert main(["glossary", "--check"]) == 1
    assert "zodiac.rules.1" in capsys.readouterr().err


def test_the_cli_json_lists_terms_with_occurrences(capsys, glossary):
    assert main(["glossary", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    divan = next(t for t in record["terms"] if t["id"] == "divan")
    assert divan["passages"] == ["sultan.end.2"] and len(divan["occurrences"]) == 3
    assert len(record["terms"]) == len(glossary.terms)


# --- broken glossary data -------------------------------------------------------------------


def expect(source: Path, line_needle: str | None, message: str) -> None:
    path = source / "glossary.yaml"
    line = line_of(path, line_needle) if line_needle else None
    expect_error(lambda: load_glossary(source), path, line, message)


def test_unknown_key(source_copy):
    edit(source_copy / "glossary.yaml", "    english: divan\n", "    english: divan\n    colour: red\n")
    expect(source_copy, "colour: red", r"colour: unknown key")


def test_duplicate_term(source_copy):
    edit(source_copy / "glossary.yaml", "  - id: flank\n", "  - id: divan\n")
    path = source_copy / "glossary.yaml"
    with pytest.raises(DataFileError) as caught:
        load_glossary(source_copy)
    assert caught.value.line == [i for i, line in enumerate(path.read_text().splitlines(), 1) if "id: divan" in line][1]
    assert "term divan is defined twice" in caught.value.message


def test_a_match_must_be_a_dictionary_form(source_copy):
    edit(source_copy / "glossary.yaml", "    match: [диван]\n", "    match: [дивана]\n")
    expect(source_copy, "match: [дивана]", r"«дивана» is not a dictionary form")


def test_a_match_must_find_the_terms_own_form(source_copy):
    path = source_copy / "glossary.yaml"
    edit(path, "    match: [диван]\n", "    match: [султан]\n")
    with pytest.raises(DataFileError) as caught:
        load_glossary(source_copy)
    assert caught.value.line == [i for i, line in enumerate(path.read_text().splitlines(), 1) if "match: [султан]" in line][1]
    assert "term divan: its match does not find its own form «диванъ»" in caught.value.message


def test_a_wrong_modern_form(source_copy):
    edit(source_copy / "glossary.yaml", "    modern: диван\n", "    modern: диванъ\n")
    expect(source_copy, "modern: диванъ", r"the modern layer spells «диванъ» as «диван»")


def test_an_unknown_game(source_copy):
    edit(source_copy / "glossary.yaml", "    games: [sultan]\n", "    games: [klondike]\n")
    expect(source_copy, "games: [klondike]", r"no game 'klondike'")


def test_a_term_that_occurs_nowhere(source_copy):
    path = source_copy / "glossary.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "  - id: joker\n    prereform: джокеръ\n    modern: джокер\n    english: joker\n"
        "    definition: Not in the book.\n    match: [джокер]\n",
        encoding="utf-8",
    )
    expect(source_copy, "id: joker", r"term joker occurs nowhere")


# --- the matcher, as an invariant -------------------------------------------------------------

VOCABULARY = ["свободный", "место", "карта", "талон", "вторично", "раскладывать"]


@st.composite
def sentences(draw):
    words = draw(st.lists(st.sampled_from(VOCABULARY + ["."]), max_size=30))
    result, sentence = [], 0
    for word in words:
        if word == ".":
            sentence += 1
        else:
            result.append(Token(word, frozenset({word}), sentence))
    return result


@settings(max_examples=200, deadline=None)
@given(words=sentences(), pattern=st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=2, unique=True), gap=st.integers(0, 2))
def test_every_hit_holds_the_pattern_within_one_sentence_and_the_gap(words, pattern, gap):
    hits = find(words, tuple(pattern), gap)
    for hit in hits:
        assert sorted(words[i].surface for i in hit) == sorted(pattern)
        assert len({words[i].sentence for i in hit}) == 1
        assert max(hit) - min(hit) <= len(pattern) - 1 + gap
    # hits never share a word
    flat = [i for hit in hits for i in hit]
    assert len(flat) == len(set(flat))
    # and adjacent words of the pattern in one sentence are always found
    for i in range(len(words) - len(pattern) + 1):
        run = words[i : i + len(pattern)]
        if sorted(t.surface for t in run) == sorted(pattern) and len({t.sentence for t in run}) == 1:
            assert any(set(hit) & set(range(i, i + len(pattern))) for hit in hits)


def test_fold_drops_only_a_final_hard_sign():
    assert fold_letters("подъ") == "под" and fold_letters("объявленіе") == "объявление"
