"""Results computed from a spec (claims run, examples played), kept between builds.

The key is the spec file's SHA-256 and the engine's version — ``patience.__version__``
and a digest of the source of the engine, the spec language and the claims, since
they change between releases too — with what was asked; a changed spec or engine is a new key, so
nothing stale is ever served. A result marked ``transient`` (out of time) is not
kept. Entries are JSON files under the doctree directory, written atomically so
that parallel readers never see half a file; beside them, the list of the engine's files,
which is walked again only when a source file of the package changes.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

import patience
from patience.stats.digests import code_files

_PACKAGE = Path(patience.__file__).parent
# Every module whose code changes how a game plays or what its claims find: what the
# layers the rules pages run import (the engine, the compiler and the spec language, the
# claims, the solver whose player plays the examples, the session and the views), found
# by following their imports (:func:`patience.stats.digests.code_files`), and the stored
# statistics, which the claims about chance read.
ROOTS = ("patience.rulespec.compile", "patience.session", "patience.claims", "patience.engine",
         "patience.solver", "patience.views")


def walked_engine_files() -> list[Path]:
    """The modules of :data:`ROOTS` and every module they import, and the stored statistics."""
    modules = []
    for root in ROOTS:
        base = _PACKAGE.joinpath(*root.split(".")[1:])
        if base.is_dir():
            modules += [".".join(["patience", *path.relative_to(_PACKAGE).with_suffix("").parts])
                        for path in base.rglob("*.py") if path.name != "__init__.py"]
        modules.append(root)
    found = code_files(*modules)
    return sorted([*(path for path in found if path.suffix == ".py"), *(_PACKAGE / "stats").glob("table.json")])


@lru_cache(maxsize=1)
def _package_state() -> str:
    """SHA-256 of every source file of the package, read once per process (the code that
    runs is the code that was imported)."""
    sources = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*")):
        if path.suffix in (".py", ".c"):
            sources.update(str(path.relative_to(_PACKAGE)).encode())
            sources.update(path.read_bytes())
    return sources.hexdigest()


def engine_files(env) -> tuple[Path, ...]:
    """:func:`walked_engine_files`, kept under the doctrees for the state of the package's
    source: following the imports parses every module (half a second), which a build after
    an edit to the text or a spec need not do again."""
    return _engine(env.doctreedir)[0]


def engine_version(env) -> str:
    """The package's version with a digest of :func:`engine_files`' contents."""
    return _engine(env.doctreedir)[1]


@cache
def _engine(doctreedir: str) -> tuple[tuple[Path, ...], str]:
    path = Path(doctreedir) / "rules-cache" / "engine-files.json"
    state = _package_state()
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        valid = stored["package"] == state and stored["root"] == str(_PACKAGE)
        files = tuple(Path(name) for name in stored["files"]) if valid else None
    except (OSError, ValueError, KeyError, TypeError):
        files = None  # not kept yet, or written by another version of this module
    if files is None:
        files = tuple(walked_engine_files())
        _write_json(path, {"package": state, "root": str(_PACKAGE), "files": [str(name) for name in files]})
    sources = hashlib.sha256()
    for source in files:
        sources.update(source.read_bytes())
    return files, f"{patience.__version__}+{sources.hexdigest()[:16]}"


def cached(env, what: str, digest: str, compute: Callable[[], object], *key: object):
    """``compute()`` once per (``what``, spec digest, engine version, ``key``)."""
    folder = Path(env.doctreedir) / "rules-cache"
    name = hashlib.sha256(json.dumps([what, digest, engine_version(env), *map(str, key)]).encode()).hexdigest()
    path = folder / f"{what}-{name[:32]}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    value = compute()
    if isinstance(value, dict) and value.get("transient"):
        return value  # ran out of time: a faster run may succeed, so it is not kept
    _write_json(path, value)
    return value


def _write_json(path: Path, value: object) -> None:
    """Written whole or not at all, so that parallel readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(value, stream, ensure_ascii=False)
    os.replace(temporary, path)
