"""Search keys do not depend on the spelling: a text and its modern transcription fold alike."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from patience.orthography import modernize
from patience.orthography.folding import fold

PRE_REFORM = st.text(
    alphabet=st.sampled_from(list("абвгдежзийклмнопрстуфхцчшщъыьэюяѣіѳѵАБВЕЗИКОРСТЪѢІ -.,")),
    max_size=80,
)


def _keys(text: str) -> list[str]:
    """The search keys of a text, split as Sphinx splits it (a key may fold away: «ъ»)."""
    return [key for key in map(fold, re.findall(r"\w+", text)) if key]


@given(PRE_REFORM)
def test_a_text_and_its_modern_transcription_have_the_same_keys(text):
    assert _keys(text) == _keys(modernize(text).text)


def test_the_edition_and_its_modern_layer_have_the_same_keys(edition):
    for passage in edition.passages:
        assert _keys(passage.reading) == _keys(modernize(passage.reading).text), passage.id


def test_different_words_keep_different_keys():
    assert len({fold(w) for w in ["карта", "карты", "место", "масть", "туз", "король"]}) == 6
