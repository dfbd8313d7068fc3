"""What a stored result depends on: the code that computed each half of its row, and the
game's rules.

A row has the solver's columns (its verdict, positions, rung, proof) and the player's
(its outcome, the free space). Each half is keyed on its own digest: every module of the
package its computation imports, directly or through the modules it imports (found by
reading their ``import`` statements, so a module added to that chain is covered without
anyone listing it), with :mod:`patience.stats.deal`, which puts the halves together, and
this module. The solver never imports the player (the layers forbid it), so a change to
the player leaves the solver's results valid and only the player's are computed again.
"""

from __future__ import annotations

import ast
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from patience.datafile import load_yaml
from patience.rulespec.loading import find

PACKAGE = Path(__file__).resolve().parent.parent
ROOT_MODULE = "patience.stats.deal"  # what a worker runs: both halves
JOINT = (PACKAGE / "stats" / "deal.py", Path(__file__).resolve())  # run for both halves: each digest covers them
COMPILER = "patience.rulespec.compile"  # the game both halves play, which the worker loads
SOLVER_ROOTS = ("patience.stats.solving", COMPILER)
PLAYER_ROOTS = ("patience.stats.playing", COMPILER)


class Digests(NamedTuple):
    """What a game's results were computed with: the code of the solver's half of a row,
    of the player's half, and the game's spec."""

    solver: str
    player: str
    spec: str


def digests(game_id: str) -> Digests:
    return Digests(solver_digest(), player_digest(), spec_digest(game_id))


@lru_cache(maxsize=1)
def solver_digest() -> str:
    """SHA-256 over the source of every module the solver's half of a row imports."""
    return _digest(code_files(*SOLVER_ROOTS))


@lru_cache(maxsize=1)
def player_digest() -> str:
    """SHA-256 over the source of every module the player's half of a row imports."""
    return _digest(code_files(*PLAYER_ROOTS))


def _digest(files: list[Path]) -> str:
    hasher = hashlib.sha256()
    for source in sorted({*files, *JOINT}):
        hasher.update(str(source.relative_to(PACKAGE)).encode())
        hasher.update(source.read_bytes())
    return hasher.hexdigest()


def code_files(*roots: str) -> list[Path]:
    """The files of the ``roots`` (by default, what a worker runs) and of every module of
    the package they import, transitively, with the ``__init__`` of each package on the way
    (importing ``a.b`` runs ``a``): one walk, each file read once."""
    found: set[Path] = set()
    waiting = list(roots or (ROOT_MODULE,))
    while waiting:
        name = waiting.pop()
        for module in _with_parents(name):
            path = _file_of(module)
            if path is not None and path not in found:
                found.add(path)
                waiting += _imported(path, module) if path.suffix == ".py" else []
    return sorted(found)


def _with_parents(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:index]) for index in range(1, len(parts) + 1)]


def _file_of(module: str) -> Path | None:
    """The source file of a module of the package, or ``None`` (another package, or a
    name imported from a module rather than a module). A compiled module's file is its C
    source (the solver's accelerator), which decides as much as any Python module."""
    parts = module.split(".")
    if parts[0] != PACKAGE.name:
        return None
    base = PACKAGE.joinpath(*parts[1:])
    for path in (base / "__init__.py", base.with_suffix(".py"), base.with_suffix(".c")):
        if path.is_file():
            return path
    return None


def _imported(path: Path, module: str) -> list[str]:
    """Every module name an ``import`` anywhere in the file may load (in a function too:
    a deferred import runs when the function does). ``from a import b`` counts ``a.b``
    as well, which is kept only if it is a module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return names


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = ".".join(parts[:len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


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
