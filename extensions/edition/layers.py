"""The layers beside the reading text: modern transcription and English translation.

Each comes from a module of the ``patience`` package written separately. While
such a module does not exist (``ImportError``) its column says "not yet
available" — no warning, since that is the state of the work, not an error.
Once the module lands the column fills by itself; a module that exists but fails
on a passage is an ``edition.layer`` warning.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from .messages import warn


@dataclass
class Layer:
    """A column of the parallel view: ``text(passage)`` gives its pieces, or ``None``."""

    key: str
    title: str
    lang: str
    text: Callable | None = None
    missing: str = ""
    notes: Callable | None = None  # passage → [(quoted Russian or None, note)]


def _module(name: str):
    try:
        return importlib.import_module(name)
    except ImportError as error:
        if error.name and name.startswith(error.name):
            return None  # the module is not written yet
        raise


def modern_layer(edition, source, location=None) -> Layer:
    layer = Layer("modern", "Modern spelling", "ru")
    module = _module("patience.orthography.layer")
    if module is None:
        layer.missing = "The modern transcription is not yet available."
        return layer
    try:
        conversions = _modern_conversions(module, edition, source)
    except Exception as error:  # a broken overrides file must not stop the build
        warn("layer", f"the modern transcription cannot be built: {error}", _located(error, location))
        layer.missing = "The modern transcription could not be built (see the build log)."
        return layer
    layer.text = _guarded(lambda passage: list(conversions[passage.id].segments()), "modern transcription", location)
    return layer


_conversions: dict = {}


def _modern_conversions(module, edition, source):
    """Every passage's modern layer, computed once per state of the edition's files."""
    cached = _conversions.get(source)
    if cached is None or cached[0] is not edition:
        path = module.overrides_path(source)
        overrides = module.load_overrides(path) if path.exists() else ()
        cached = (edition, module.modern_layers(edition.passages, overrides))
        _conversions[source] = cached
    return cached[1]


def _located(error, location):
    path, line = getattr(error, "path", None), getattr(error, "line", None)
    if path is None:
        return location
    return f"{path}:{line or ''}"


def english_layer(edition, source, location=None) -> Layer:
    layer = Layer("english", "English", "en")
    module = _module("patience.text.english")
    if module is None:
        layer.missing = "The English translation is not yet available."
        return layer
    try:
        english = module.load_english(source, edition)
    except Exception as error:  # a broken translation file must not stop the build
        warn("layer", f"the English translation cannot be read: {error}", location)
        layer.missing = "The English translation could not be read (see the build log)."
        return layer
    layer.text = _guarded(lambda passage: _english_pieces(english, passage), "English translation", location)
    layer.notes = lambda passage: [(n.ru, n.text) for n in getattr(english.get(passage.id), "notes", ())]
    return layer


def _english_pieces(english, passage):
    text = english.get(passage.id) if hasattr(english, "get") else None
    if text is None:
        return None
    return [(getattr(text, "text", text), None)]


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
    """The glossary with its occurrences, or ``None`` while its module does not exist."""
    module = _module("patience.text.glossary")
    if module is None:
        return None
    cached = _glossaries.get(source)
    if cached is not None and cached[0] is edition:
        return cached[1]
    try:
        glossary = module.load_glossary(source, edition)
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
