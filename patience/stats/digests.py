"""What a stored result depends on: the engine's and solver's code, and the game's rules."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from patience.datafile import load_yaml
from patience.spec.loading import find

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


def spec_digest(game_id: str) -> str:
    """SHA-256 of the game's spec without its claims: what decides how the game plays.
    A claim added or changed (the claims about chance read these very results) leaves
    the results valid."""
    data = _without_claims(load_yaml(find(game_id)[2]))
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _without_claims(node):
    if isinstance(node, dict):
        return {key: _without_claims(value) for key, value in node.items() if key not in ("claims", "drop_claims")}
    if isinstance(node, list):
        return [_without_claims(item) for item in node]
    return node
