"""What a stored result depends on: the engine's and solver's code, and the game's spec."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from patience.spec.loading import digest as spec_digest

PACKAGE = Path(__file__).resolve().parent.parent
CODE = ["cards.py", "engine", "solver"]


@lru_cache(maxsize=1)
def engine_digest() -> str:
    """SHA-256 over the source of the cards, the engine and the solver (and player)."""
    hasher = hashlib.sha256()
    for name in CODE:
        path = PACKAGE / name
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            hasher.update(str(source.relative_to(PACKAGE)).encode())
            hasher.update(source.read_bytes())
    return hasher.hexdigest()


__all__ = ["engine_digest", "spec_digest"]
