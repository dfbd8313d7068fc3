"""The fault checker, and the proof that every token it flags was corrected or checked and kept."""

import pytest

from patience.text.suspicious import suspicious_tokens


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


# The whole edition: patience.consistency (kind "corrections"), run by tests/checks.
