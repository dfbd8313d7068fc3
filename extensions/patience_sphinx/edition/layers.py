"""The layers beside the reading text: modern transcription and English translation.

Each comes from the corpus (:mod:`patience.corpus`), which loads it once. A layer whose data
cannot be read, or that fails on a passage, is an ``edition.layer`` warning and a
labelled gap in its column; the rest of the page is still built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from patience.text import glossary as text_glossary

from .._logging import warn_edition as warn
from .._state import memory


@dataclass
class Layer:
    """A column of the parallel view: ``text(passage)`` gives its pieces, or ``None``."""

    key: str
    title: str
    lang: str
    text: Callable | None = None
    missing: str = ""
    notes: Callable | None = None  # passage → [(quoted Russian or None, note)]


def modern_layer(corpus, location=None) -> Layer:
    layer = Layer("modern", "Modern spelling", "ru")
    try:
        conversions = corpus.modern
    except Exception as error:  # a broken overrides file must not stop the build
        warn("layer", f"the modern transcription cannot be built: {error}", _located(error, location))
        layer.missing = "The modern transcription could not be built (see the build log)."
        return layer
    layer.text = _guarded(lambda passage: list(conversions[passage.id].segments()), "modern transcription", location)
    return layer


def _located(error, location):
    path, line = getattr(error, "path", None), getattr(error, "line", None)
    if path is None:
        return location
    return f"{path}:{line or ''}"


def english_layer(corpus, location=None) -> Layer:
    layer = Layer("english", "English", "en")
    try:
        english = corpus.english
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


def glossary_for(env, corpus, location=None):
    """The glossary with its occurrences, or ``None`` after a warning (once per build) that it cannot be read."""
    try:
        return corpus.glossary
    except Exception as error:  # a broken glossary must not stop the build
        where = _located(error, location)
        if memory(env).once(("glossary", str(where), str(error))):
            warn("layer", f"the glossary cannot be read: {error}", where)
        return None


def term_spans(glossary, passage_id: str) -> list[tuple[int, int, str]]:
    """``(start, end, term id)`` of every word of the passage's reading text the glossary found."""
    if glossary is None:
        return []
    return sorted((start, end, term.id) for term in glossary.terms for occurrence in term.occurrences
                  if occurrence.passage_id == passage_id for start, end in occurrence.spans)


def english_term_spans(glossary, passage_id: str, english: str) -> list[tuple[int, int, str]]:
    """``(start, end, term id)`` of the words of the passage's English that render one of its terms."""
    if glossary is None:
        return []
    return sorted((start, end, term.id) for term in glossary.terms_in(passage_id)
                  for start, end in text_glossary.rendering_spans(term, english))
