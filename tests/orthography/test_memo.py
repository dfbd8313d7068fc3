"""The dictionary's answers remembered, and carried to another process only while they hold."""

from __future__ import annotations

import pickle
import subprocess
import sys

from patience.corpus import load_corpus
from patience.numerals import read_word
from patience.orthography import memo
from patience.text.glossary import lemmas
from tests.conftest import ROOT

WORDS = ["двѣнадцать", "четырехъ", "тринадцатой", "картъ", "пасьянсъ", "обоихъ"]


def test_a_remembered_answer_is_the_dictionarys():
    for word in [w for p in load_corpus().edition.passages[:20] for w in p.reading.split()] + WORDS:
        assert read_word(word) == read_word.__wrapped__(word)
        assert lemmas(word) == lemmas.__wrapped__(word)


def test_answers_carried_to_another_process_are_given_without_the_dictionary(tmp_path):
    for word in WORDS:
        read_word(word), lemmas(word)
    saved = tmp_path / "answers.pickle"
    saved.write_bytes(pickle.dumps(memo.answers()))
    script = f"""
import pickle
from patience.orthography import memo, morphology
from patience.numerals import read_word
from patience.text import glossary
from patience.text.glossary import lemmas

def no_dictionary():
    raise AssertionError("the dictionary was asked")

morphology.analyzer = glossary.analyzer = no_dictionary
assert memo.recall(pickle.loads(open({str(saved)!r}, "rb").read()))
print(repr([(read_word(w), sorted(lemmas(w))) for w in {WORDS!r}]))
"""
    shown = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == repr([(read_word(w), sorted(lemmas(w))) for w in WORDS])


def test_answers_of_other_code_or_another_dictionary_are_not_taken():
    read_word("двѣнадцать")
    saved = memo.answers()
    saved["answers"]["patience.numerals.read_word"]["небывалое"] = (7, "cardinal")
    stale = dict(saved, key="0" * 64)
    assert not memo.recall(stale)
    assert read_word("небывалое") is None
    assert memo.recall(saved)  # the same key: taken as given
    assert read_word("небывалое") == (7, "cardinal")
    memo.forget()
    assert read_word("небывалое") is None
