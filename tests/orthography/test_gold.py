"""The converter against the gold list: words of the book, and the reference's traps."""

from __future__ import annotations

import re

import pytest

from patience.orthography import RULES, convert_word
from tests.orthography.conftest import gold_words


@pytest.mark.parametrize("entry", gold_words(), ids=lambda e: e["original"])
def test_gold_word(entry):
    modern, rules = convert_word(entry["original"])
    assert modern == entry["modern"]
    assert list(rules) == entry["rules"]


def test_gold_words_from_the_book_stand_in_their_passage(gold, edition):
    for entry in gold:
        if "passage" not in entry:
            assert entry["source"] == "reference", entry
            continue
        reading = edition.passage(entry["passage"]).reading
        word = r"(?<![^\W\d_])" + re.escape(entry["original"]) + r"(?![^\W\d_])"
        assert re.search(word, reading), f"{entry['original']!r} is not in {entry['passage']}"


def test_every_rule_is_in_the_gold_list(gold):
    covered = {rule for entry in gold for rule in entry["rules"]}
    expected = {rule.id for rule in RULES if rule.kind != "manual"}
    assert expected <= covered


def test_every_rule_with_an_example_in_the_book_has_book_words(gold):
    from_book = {rule for entry in gold if "passage" in entry for rule in entry["rules"]}
    with_book_examples = {rule.id for rule in RULES if rule.example}
    assert with_book_examples <= from_book


def test_rule_examples_convert_as_stated():
    for rule in RULES:
        if rule.example:
            modern, rules = convert_word(rule.example[0])
            assert modern == rule.example[1]
            assert rule.id in rules
