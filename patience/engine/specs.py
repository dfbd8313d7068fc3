"""Compiling a game's spec (found and read by :mod:`patience.spec.loading`) into the
engine's rules."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from patience.datafile import DataFileError
from patience.engine.compiler import compile_rules
from patience.spec.loading import claims_of, clauses_of, find, games, read_spec


def rules_from_file(path: Path | str, variant: str | None = None):
    """Compile a spec file that need not live in ``patience/specs`` (for checking drafts)."""
    path = Path(path)
    spec, lines = read_spec(path)
    try:
        clauses = clauses_of(spec, variant)
    except KeyError as error:
        raise DataFileError(path, None, str(error.args[0])) from None
    game_id = f"{spec.game}:{variant}" if variant else spec.game
    rules = compile_rules(spec, clauses, path, game_id, lines)
    rules.claims = claims_of(spec, variant)
    return rules


@cache
def load_rules(game_id: str):
    spec, lines, path = find(game_id)
    variant = game_id.split(":", 1)[1] if ":" in game_id else None
    if variant is not None and variant not in {v.id for v in spec.variants}:
        known = ", ".join(entry.id for entry in games())
        raise KeyError(f"no game {game_id!r}; known games: {known}")
    try:
        clauses = clauses_of(spec, variant)
    except KeyError as error:
        raise DataFileError(path, None, str(error.args[0])) from None
    rules = compile_rules(spec, clauses, path, game_id, lines)
    rules.claims = claims_of(spec, variant)
    return rules
