"""Finding, reading and validating the specs in ``patience/specs/`` (one YAML file per game).

A game id is the spec's ``game`` (``napoleon``); a variant is ``game:variant``
(``napoleon:twelve``). A variant's clauses replace the base clauses with the same
id and add the others, so each fact still lives in one place.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from patience.datafile import DataFileError, LineDict, LineList, load_yaml, validate
from patience.rulespec.schema import Spec

SPEC_DIR = Path(__file__).resolve().parent.parent / "specs"


@dataclass(frozen=True)
class GameEntry:
    """One playable (or listed) game or variant, as ``patience games`` shows it."""

    id: str
    title: str
    title_ru: str | None
    status: str
    playable: bool
    path: Path


def digest(path: Path) -> str:
    """SHA-256 of a spec file (as it lies, valid or not): a cache key for anything computed from the spec."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def spec_paths() -> list[Path]:
    return sorted(SPEC_DIR.glob("*.yaml"))


def read_spec(path: Path) -> tuple[Spec, dict[str, int]]:
    """The validated spec and the line of every clause and claim id (re-read when the file changes)."""
    stat = path.stat()
    return _read_spec(path, stat.st_mtime_ns, stat.st_size)


@cache
def _read_spec(path: Path, mtime_ns: int, size: int) -> tuple[Spec, dict[str, int]]:
    data = load_yaml(path)
    _ids_used_once(data, path)
    spec, lines = validate(Spec, data, path), _clause_lines(data)
    for variant in [None, *(v.id for v in spec.variants)]:
        _given_once(spec, variant, lines, path)
    return spec, lines


#: Kinds of clause a game has at most one of (of a build or spaces clause: one per area), since the
#: engine keeps one: a second, such as a variant's redeal under a mistyped id, would silently replace it.
ONCE_A_GAME = ("packs", "deal_row", "last_pass", "redeal", "arrangement", "deal_by_colour", "players")


def _given_once(spec: Spec, variant: str | None, lines: dict[str, int], path: Path) -> None:
    try:
        clauses = clauses_of(spec, variant)
    except KeyError:  # a variant dropping an unknown clause: the error of compiling it
        return
    given: dict[tuple[str, ...], str] = {}
    for clause in clauses:
        key = _once_key(clause)
        if key in given:
            raise DataFileError(path, lines.get(clause.id), f"clause {clause.id!r}: the {' of '.join(key)} is already "
                                f"given by clause {given[key]!r} (a variant replaces a clause by using its id)")
        if key:
            given[key] = clause.id


def _once_key(clause) -> tuple[str, ...]:
    """What a clause gives that a game has once (``()`` for a kind a game may have many of)."""
    if clause.kind in ONCE_A_GAME:
        return (clause.kind.replace("_", " "),)
    if clause.kind in ("build", "spaces"):
        return (clause.kind, clause.area)
    return ()


def _ids_used_once(data, path: Path) -> None:
    """A clause or claim id used twice is an error at its second use (the schema, which sees
    the spec whole, could only place it at the top of the file)."""
    first: dict[str, int] = {}
    for key in ("clauses", "claims"):
        items = data.get(key) if isinstance(data, LineDict) else None
        for item in items if isinstance(items, LineList) else ():
            if isinstance(item, LineDict) and isinstance(item.get("id"), str):
                line = item.key_lines["id"]
                if item["id"] in first:
                    raise DataFileError(path, line, f"clause or claim id {item['id']!r} is used twice "
                                                    f"(first at line {first[item['id']]})")
                first[item["id"]] = line


def _clause_lines(data) -> dict[str, int]:
    lines: dict[str, int] = {}
    def visit(node) -> None:
        if isinstance(node, LineDict):
            clause = node.get("id")
            if isinstance(clause, str) and ("kind" in node or "check" in node):
                lines.setdefault(clause, node.line)
            for value in node.values():
                visit(value)
        elif isinstance(node, LineList):
            for item in node:
                visit(item)
    visit(data)
    return lines


def game_line(path: Path) -> int | None:
    """The line of a spec file's ``game:`` key."""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text.startswith("game:"):
            return number
    return None


def spec_index(folder: Path | None = None) -> dict[str, Path]:
    """Game id → its spec file (in ``folder``, default ``patience/specs``); two files of one id are
    a located error, so that no command plays whichever happens to sort first."""
    found: dict[str, Path] = {}
    for path in sorted((folder or SPEC_DIR).glob("*.yaml")):
        spec, _ = read_spec(path)
        if spec.game in found:
            raise DataFileError(path, game_line(path), f"game {spec.game!r} is already defined in {found[spec.game].name}")
        found[spec.game] = path
    return found


def games() -> list[GameEntry]:
    """Every game and variant the specs define, in file order."""
    entries = []
    for path in spec_index().values():
        spec, _ = read_spec(path)
        entries.append(GameEntry(spec.game, spec.title, spec.title_ru, spec.status, spec.playable, path))
        for variant in spec.variants:
            entries.append(GameEntry(f"{spec.game}:{variant.id}", variant.title, spec.title_ru,
                                     spec.status, spec.playable, path))
    return entries


def find(game_id: str) -> tuple[Spec, dict[str, int], Path]:
    """The spec of a game or variant, the line of each id in it, and its file."""
    path = spec_path(game_id)
    spec, lines = read_spec(path)
    return spec, lines, path


def variant_of(game_id: str) -> str | None:
    """The variant a game id names (``twelve`` of ``napoleon:twelve``), ``None`` for a game's own."""
    return game_id.split(":", 1)[1] if ":" in game_id else None


def spec_path(game_id: str) -> Path:
    """The spec file of a game or variant; ``KeyError`` for an unknown game."""
    path = spec_index().get(game_id.split(":", 1)[0])
    if path is None:
        known = ", ".join(entry.id for entry in games())
        raise KeyError(f"no game {game_id!r}; known games: {known}")
    return path


def spec_state(game_id: str) -> tuple[Path, int, int]:
    """A game's spec file with its modification time and size: what its compiled rules are
    kept by, so that a spec edited while a process runs is compiled again."""
    path = spec_path(game_id)
    stat = path.stat()
    return path, stat.st_mtime_ns, stat.st_size


def clauses_of(spec: Spec, variant_id: str | None) -> list:
    """The base clauses, with a variant's clauses replacing those of the same id."""
    if variant_id is None:
        return list(spec.clauses)
    variant = next((v for v in spec.variants if v.id == variant_id), None)
    if variant is None:
        raise KeyError(f"{spec.game} has no variant {variant_id!r}")
    replacing = {clause.id: clause for clause in variant.clauses}
    unknown = set(variant.drop) - {clause.id for clause in spec.clauses}
    if unknown:
        raise KeyError(f"variant {variant_id!r} drops unknown clauses {sorted(unknown)}")
    result = [replacing.pop(clause.id, clause) for clause in spec.clauses if clause.id not in variant.drop]
    return result + list(replacing.values())


def claims_of(spec: Spec, variant_id: str | None) -> list:
    """The base claims, less those a variant drops, plus the variant's own."""
    if variant_id is None:
        return list(spec.claims)
    variant = next(v for v in spec.variants if v.id == variant_id)
    return [c for c in spec.claims if c.id not in variant.drop_claims] + list(variant.claims)
