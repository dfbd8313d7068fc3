"""The whole edition, loaded once: the text, its layers and the game specs.

:func:`load_corpus` is the one loader the command line, the site and the tests
share. The text (:func:`patience.text.load_edition`) is read and checked at once;
the layers beside it (modern spelling, English, glossary) and the specs are read
on first use, so a command that needs only the text does not pay for pymorphy3.
A corpus is cached until a file under ``source_texts/`` or the specs folder
changes (its size or time), as :func:`~patience.text.load_edition` is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from patience.orthography.conversion import Conversion
from patience.orthography.layer import load_overrides, modern_layers, overrides_path
from patience.rulespec.loading import SPEC_DIR, read_spec
from patience.rulespec.schema import Spec
from patience.text.edition import Edition, fingerprint, load_edition, source_texts_dir
from patience.text.english import EnglishEntry, load_english
from patience.text.glossary import Glossary, load_glossary


@dataclass(frozen=True)
class SpecFile:
    """One spec file: the validated spec, the line of each clause and claim id, the path."""

    spec: Spec
    lines: dict[str, int]
    path: Path


@dataclass(frozen=True, eq=False)
class Corpus:
    """The checked edition with its layers (by passage id) and the specs."""

    edition: Edition
    specs_dir: Path

    @property
    def source(self) -> Path:
        return self.edition.source

    @cached_property
    def modern(self) -> dict[str, Conversion]:
        path = overrides_path(self.source)
        overrides = load_overrides(path) if path.exists() else ()
        return modern_layers(self.edition.passages, overrides)

    @cached_property
    def english(self) -> dict[str, EnglishEntry]:
        return load_english(self.source, self.edition)

    @cached_property
    def glossary(self) -> Glossary:
        return load_glossary(self.source, self.edition)

    @cached_property
    def spec_files(self) -> tuple[SpecFile, ...]:
        """Every spec file of the folder, in file-name order (duplicates kept: the checks name them)."""
        return tuple(SpecFile(*read_spec(path), path) for path in sorted(self.specs_dir.glob("*.yaml")))

    @cached_property
    def specs(self) -> dict[str, Spec]:
        """Spec by game id (the first file of an id; :mod:`patience.consistency` reports the others)."""
        specs: dict[str, Spec] = {}
        for entry in self.spec_files:
            specs.setdefault(entry.spec.game, entry.spec)
        return specs

    def spec_of(self, game_id: str) -> Spec | None:
        return self.specs.get(game_id)

    def reading(self, passage_id: str) -> str:
        """The reading text of a passage (what the spec checks compare against)."""
        return self.edition.passage(passage_id).reading


def load_corpus(source: Path | str | None = None, specs_dir: Path | str | None = None) -> Corpus:
    """The edition under ``source`` (default: this checkout's ``source_texts/``) and the specs under
    ``specs_dir`` (default: ``patience/specs``); errors in the text are a ``DataFileError``."""
    source = Path(source) if source else source_texts_dir()
    specs_dir = Path(specs_dir) if specs_dir else SPEC_DIR
    return _corpus(source, specs_dir, fingerprint(source), fingerprint(specs_dir))


@lru_cache(maxsize=4)
def _corpus(source: Path, specs_dir: Path, *fingerprints: tuple) -> Corpus:
    return Corpus(load_edition(source), specs_dir)
