"""What the dictionary knows: pymorphy3 with the OpenCorpora dictionary, cached.

The converter asks questions of modern forms only ("is «подходящие» a plural
participle?", "is «большого» the genitive of an adjective in -ой?"), so every
decision rests on the dictionary rather than on the shape of an ending.
Analyses the dictionary merely predicts for unknown words are used only where
a question says so.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import pymorphy3

# Parts of speech that take the adjectival endings the reform respelled.
ADJECTIVAL = frozenset({"ADJF", "PRTF"})


@lru_cache(maxsize=1)
def analyzer() -> pymorphy3.MorphAnalyzer:
    # pymorphy3 announces every dictionary load at INFO level; builds and commands need not.
    logging.getLogger("pymorphy3").setLevel(logging.WARNING)
    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=65536)
def is_known(word: str) -> bool:
    """Whether the dictionary has ``word`` (lower case, е and ё interchangeable)."""
    return analyzer().word_is_known(word)


@lru_cache(maxsize=65536)
def parses(word: str, *, predicted: bool = False) -> tuple:
    """The dictionary's analyses of ``word``; with ``predicted``, also guesses for unknown words."""
    found = analyzer().parse(word)
    if predicted:
        return tuple(found)
    return tuple(p for p in found if p.is_known)


def is_adjectival_genitive(word: str, *, predicted: bool = False) -> bool:
    """A genitive/accusative singular of an adjective, participle or pronoun (каждого, его)."""
    return any(
        (p.tag.POS in ADJECTIVAL or p.tag.POS == "NPRO")
        and p.tag.number == "sing"
        and p.tag.case in ("gent", "accs")
        for p in _candidates(word, predicted)
    )


def is_end_stressed_adjective(word: str) -> bool:
    """An adjective whose dictionary form ends in stressed -ой (большой, чужой)."""
    return any(p.tag.POS in ADJECTIVAL and p.normal_form.endswith("ой") for p in parses(word))


def is_adjectival_plural(word: str, *, predicted: bool = False) -> bool:
    """A nominative/accusative plural of an adjective or participle (основные, подходящие)."""
    return any(
        p.tag.POS in ADJECTIVAL and p.tag.number == "plur" and p.tag.case in ("nomn", "accs")
        for p in _candidates(word, predicted)
    )


def _candidates(word: str, predicted: bool) -> tuple:
    if predicted and not is_known(word):
        # Only the best guess: lower-scored guesses cover almost any ending.
        return parses(word, predicted=True)[:1]
    return parses(word)
