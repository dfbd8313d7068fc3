"""Conversion of running text: spans, capitals, what is left alone, invariants."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from patience.orthography import Change, Conversion, modernize


def test_text_and_changes_of_a_sentence():
    source = "Изъ колоды вынимаютъ туза; онѣ подходящія."
    conversion = modernize(source)
    assert conversion.text == "Из колоды вынимают туза; они подходящие."
    assert [(c.start, c.end, c.original, c.regularised, c.rules) for c in conversion.changes] == [
        (0, 3, "Изъ", "Из", ("hard-sign",)),
        (11, 20, "вынимаютъ", "вынимают", ("hard-sign",)),
        (27, 30, "онѣ", "они", ("oni",)),
        (31, 41, "подходящія", "подходящие", ("i", "plural-ija")),
    ]


def test_roman_numerals_note_markers_and_modern_words_are_left_alone():
    source = "II. Талонъ (правило IV^[20]) и т. д.[14]"
    conversion = modernize(source)
    assert conversion.text == "II. Талон (правило IV^[20]) и т. д.[14]"
    assert [c.original for c in conversion.changes] == ["Талонъ"]


def test_letters_outside_russian_pass_through_unchanged():
    assert modernize("İstanbul Ѣ ß").text == "İstanbul Е ß"


def test_json_form_is_plain_data():
    conversion = modernize("карты, которыя годны")
    data = json.loads(json.dumps(conversion.to_json(), ensure_ascii=False))
    assert data["text"] == "карты, которые годны"
    assert data["changes"] == [
        {"start": 7, "end": 14, "original": "которыя", "regularised": "которые", "rules": ["plural-ija"]}
    ]


def test_tei_form_pairs_orig_and_reg():
    import defusedxml.ElementTree as ET

    tei = modernize("всѣ карты & онѣ").to_tei()
    assert tei == (
        '<choice><orig>всѣ</orig><reg type="yat">все</reg></choice> карты &amp; '
        '<choice><orig>онѣ</orig><reg type="oni">они</reg></choice>'
    )
    root = ET.fromstring(f"<p>{tei}</p>")
    assert [reg.text for reg in root.iter("reg")] == ["все", "они"]


def test_segments_alternate_kept_text_and_changes():
    conversion = modernize("всѣ карты")
    assert [(text, change.original if change else None) for text, change in conversion.segments()] == [
        ("все", "всѣ"),
        (" карты", None),
    ]


def test_overlapping_changes_are_refused():
    changes = (Change(0, 3, "abc", "x", ("yat",)), Change(2, 4, "cd", "y", ("yat",)))
    try:
        Conversion("abcd", changes)
    except ValueError as error:
        assert "overlap" in str(error)
    else:
        raise AssertionError("overlapping changes were accepted")


PRE_REFORM = st.text(
    alphabet=st.sampled_from(list("абвгдежзийклмнопрстуфхцчшщъыьэюяѣіѳѵАБВЕЗИКОРСТЪѢІ -.,")),
    max_size=60,
)


@given(PRE_REFORM)
def test_changes_rebuild_the_text_from_the_source(source):
    conversion = modernize(source)
    rebuilt, cursor = [], 0
    for change in conversion.changes:
        assert source[change.start:change.end] == change.original
        assert change.rules
        rebuilt.append(source[cursor:change.start] + change.regularised)
        cursor = change.end
    assert "".join(rebuilt) + source[cursor:] == conversion.text


@given(PRE_REFORM)
def test_modern_text_has_no_pre_reform_letters_and_is_stable(source):
    modern = modernize(source).text
    assert not set(modern) & set("ѣіѳѵѢІѲѴ")
    assert modernize(modern).text == modern
