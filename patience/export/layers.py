"""Every layer of the edition, loaded once for an export: text, modern, English, glossary, rules."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from patience.spec.schema import Spec
from patience.engine.specs import read_spec, spec_paths
from patience.orthography.conversion import Conversion
from patience.orthography.layer import load_overrides, modern_layers, overrides_path
from patience.text.edition import Edition, load_edition
from patience.text.english import EnglishEntry, load_english
from patience.text.glossary import Glossary, load_glossary


@dataclass(frozen=True)
class Layers:
    """The checked edition and, by passage id, its modern and English layers."""

    edition: Edition
    modern: dict[str, Conversion]
    english: dict[str, EnglishEntry]
    glossary: Glossary
    specs: dict[str, Spec]

    def spec_of(self, game_id: str) -> Spec | None:
        return self.specs.get(game_id)


def load_layers(source: Path | str | None = None) -> Layers:
    edition = load_edition(source)
    modern = modern_layers(edition.passages, load_overrides(overrides_path(edition.source)))
    english = load_english(edition.source, edition)
    glossary = load_glossary(edition.source, edition)
    specs = {spec.game: spec for spec in (read_spec(path)[0] for path in spec_paths())}
    return Layers(edition, modern, english, glossary, specs)
