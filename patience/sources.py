"""Where the edition's files are: the source texts and the game specs.

A module of the standard library alone, so that a command can find the files without
importing the text model or the spec schema (``patience games`` reads only the specs'
headers and the order of ``games.yaml``).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: The game specs, one YAML file per game (:mod:`patience.rulespec.loading` reads them).
SPEC_DIR = PACKAGE / "specs"


def source_texts_dir() -> Path:
    """The edition's data: ``$PATIENCE_SOURCE_TEXTS`` if set; else, in an installed wheel,
    the package ``patience/source_texts``; else ``source_texts/`` of this checkout."""
    override = os.environ.get("PATIENCE_SOURCE_TEXTS")
    if override:
        return Path(override)
    installed = PACKAGE / "source_texts"
    return installed if installed.is_dir() else PACKAGE.parent / "source_texts"
