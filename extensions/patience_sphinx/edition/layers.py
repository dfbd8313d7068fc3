"""The layers beside the reading text: modern transcription and English translation.

Each comes from the ``patience`` package (:mod:`patience.orthography.layer`,
:mod:`patience.text.english`, :mod:`patience.text.glossary`). A layer whose data
cannot be read, or that fails on a passage, is an ``edition.layer`` warning and a
labelled gap in its column; the rest of the page is still built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from patience.orthography import layer as orthography_layer
from patience.text import english as text_english
from patience.text import glossary as text_glossary

from .._logging import warn_edition as warn


@dataclass
class Layer:
    """A column of the parallel view: ``text(passage)`` gives its pieces, or ``None``."""

    key: str
    title: str
    lang: str
    text: Callable | None = None
    missing: str = ""
    notes: Callable | None = None  # passage → [(quoted Russian or None, note)]


def modern_layer(edition, source, location=None) -> Layer:
    layer = Layer("modern", "Modern spelling", "ru")
    try:
        conversions = _modern_conversions(edition, source)
    except Exception as error:  # a broken overrides file must not stop the build
        warn("layer", f"the modern transcription cannot be built: {error}", _located(error, location))
        layer.missing = "The modern transcription could not be built (see the build log)."
        return layer
    layer.text = _guarded(lambda passage: list(conversions[passage.id].segments()), "modern transcription", location)
    return layer


_conversions: dict = {}


def _modern_conversions(edition, source):
    """Every passage's modern layer, computed once per state of the edition's files."""
    cached = _conversions.get(source)
    if cached is None or cached[0] is not edition:
        path = orthography_layer.overrides_path(source)
        overrides = orthography_layer.load_overrides(path) if path.exists() else ()
        cached = (edition, orthography_layer.modern_layers(edition.passages, overrides))
        _conversions[source] = cached
    return cached[1]


def _located(error, location):
    path, line = getattr(error, "path", None), getattr(error, "line", None)
    if path is None:
        return location
    return f"{path}:{line or ''}"


def english_layer(edition, source, location=None) -> Layer:
    layer = Layer("english", "English", "en")
    try:
        english = text_english.load_english(source, edition)
    except Exception as error:  # a broken translation file must not stop the build
        warn("layer", f"the English translation cannot be read: {error}", location)
        layer.missing = "The English translation could not be read (see the build log)."
        return layer
    layer.text = _guarded(lambda passage: _english_pieces(english, passage), "English translation", location)
    layer.notes = lambda passage: [(n.ru, n.text) for n in getattr(english.get(passage.id), "notes", ())]
    return layer


def _english_pieces(english, passage):
    entry = english.get(passage.id)
    return None if entry is None else [(entry.text, None)]


def _guarded(function, what, location):
    def call(passage):
        try:
            return function(passage)
        except Exception as error:  # report, show the gap, keep building
            warn("layer", f"{what} of {passage.id} failed: {error}", location)
            return None

    return call


_glossaries: dict = {}


def glossary_for(edition, source, location=None):
    """The glossary with its occurrences, or ``None`` after a warning that it cannot be read."""
    cached = _glossaries.get(source)
    if cached is not None and cached[0] is edition:
        return cached[1]
    try:
        glossary = text_glossary.load_glossary(source, edition)
    except Exception as error:  # a broken glossary must not stop the build
        warn("layer", f"the glossary cannot be read: {error}", _located(error, location))
        glossary = None
    _glossaries[source] = (edition, glossary)
    return glossary


def term_words(glossary, passage_id: str) -> dict[str, str]:
    """Surface word of the passage's reading text → the id of the term it belongs to."""
    if glossary is None:
        return {}
    words: dict[str, str] = {}
    for term in glossary.terms:
        for occurrence in term.occurrences:
            if occurrence.passage_id == passage_id:
                for word in occurrence.words:
                    words.setdefault(word, term.id)
    return words


def english_term_words(glossary, passage_id: str, english: str) -> dict[str, str]:
    """Words of the passage's English that render one of its glossary terms → the term's id."""
    if glossary is None:
        return {}
    words: dict[str, str] = {}
    for term in glossary.terms_in(passage_id):
        for start, end in text_glossary.rendering_spans(term, english):
            words.setdefault(english[start:end], term.id)
    return words
