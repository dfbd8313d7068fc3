"""The witnesses: the four OCR fragments, kept byte for byte and checked by hash."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from patience.datafile import DataFileError, decoded, load_yaml, validate
from patience.text.schema import WitnessesFile


@dataclass(frozen=True)
class Witness:
    fragment: str
    path: Path
    sha256: str
    description: str
    text: str


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_witnesses(source: Path) -> dict[str, Witness]:
    """The witnesses listed in ``witnesses.yaml``, each verified against its recorded hash."""
    listing = source / "witnesses.yaml"
    data = load_yaml(listing)
    entries = validate(WitnessesFile, data, listing).witnesses
    witnesses = {}
    for index, entry in enumerate(entries):
        path = source / "witnesses" / entry.file
        line = data["witnesses"].item_lines[index]
        if not path.is_file():
            raise DataFileError(listing, line, f"witness file {entry.file} does not exist")
        digest = sha256_of(path)
        if digest != entry.sha256:
            raise DataFileError(
                listing, line, f"witness {entry.file} has SHA-256 {digest}, recorded {entry.sha256}: it has been altered"
            )
        text = decoded(path, path.read_bytes())
        witnesses[entry.fragment] = Witness(entry.fragment, path, entry.sha256, entry.description, text)
    return witnesses
