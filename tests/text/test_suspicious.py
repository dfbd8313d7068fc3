"""The fault checker, and the proof that every token it flags was corrected or checked and kept."""

import pytest

from patience.text.reading import undo_encoding
from patience.text.suspicious import load_checked_tokens, suspicious_tokens
from tests.conftest import SOURCE_TEXTS


@pytest.mark.parametrize(
    "token, reason",
    [
        ("3одіакъ", "mixed-script"),
        ("КОНСТИТУЦIЯ", "mixed-script"),
        ("Еслн", "bare-consonant"),
        ("кругь", "soft-sign-final"),
        ("вь", "soft-sign-final"),
        ("каждыіі", "i-before-consonant"),
        ("треФъ", "inner-capital"),
        ("Разло/кнвши", "odd-sign"),
    ],
)
def test_flags_known_kinds_of_fault(token, reason):
    assert [s.reason for s in suspicious_tokens(token)] == [reason]


@pytest.mark.parametrize("token", ["вновь", "Султанъ", "IV", "т", "Грація", "основаніе", "ДВѢ", "19", "іюль"])
def test_leaves_sound_words_alone(token):
    assert suspicious_tokens(token) == []


def overlaps(suspicion, correction):
    return correction.start < suspicion.start + len(suspicion.token) and suspicion.start < correction.end


def test_every_token_flagged_in_a_witness_was_corrected_or_checked(edition):
    checked = {(c.passage, c.token) for c in load_checked_tokens(SOURCE_TEXTS / "checked_tokens.yaml")}
    for passage in edition.passages:
        for suspicion in suspicious_tokens(undo_encoding(passage.ocr)):
            corrected = any(overlaps(suspicion, c) for c in passage.corrections)
            assert corrected or (passage.id, suspicion.token) in checked, (passage.id, suspicion)


def test_nothing_is_flagged_in_the_reading_text_unless_checked(edition):
    checked = {(c.passage, c.token) for c in load_checked_tokens(SOURCE_TEXTS / "checked_tokens.yaml")}
    flagged = [(p.id, s.token) for p in edition.passages for s in suspicious_tokens(p.reading)]
    assert [f for f in flagged if f not in checked] == []


def test_checked_tokens_name_real_passages_and_occur_in_them(edition):
    entries = load_checked_tokens(SOURCE_TEXTS / "checked_tokens.yaml")
    assert len(entries) >= 60
    for entry in entries:
        assert entry.token in edition.passage(entry.passage).reading, entry
