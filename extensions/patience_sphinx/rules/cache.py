"""Results computed from a spec (claims run, examples played), kept between builds.

The key is the spec file's SHA-256 and the engine's version — ``patience.__version__``
and a digest of the source of the engine, the spec language and the claims, since
they change between releases too — with what was asked; a changed spec or engine is a new key, so
nothing stale is ever served. A result marked ``transient`` (out of time) is not
kept. Entries are JSON files under the doctree directory, written atomically so
that parallel readers never see half a file.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from functools import lru_cache
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


def _engine_files() -> list[Path]:
    modules = []
    for root in ROOTS:
        base = _PACKAGE.joinpath(*root.split(".")[1:])
        if base.is_dir():
            modules += [".".join(["patience", *path.relative_to(_PACKAGE).with_suffix("").parts])
                        for path in base.rglob("*.py") if path.name != "__init__.py"]
        modules.append(root)
    found = code_files(*modules)
    return sorted([*(path for path in found if path.suffix == ".py"), *(_PACKAGE / "stats").glob("table.json")])


ENGINE_FILES = _engine_files()


@lru_cache(maxsize=1)
def engine_version() -> str:
    """Read once per process: the engine code that runs is the code that was imported."""
    sources = hashlib.sha256()
    for path in ENGINE_FILES:
        sources.update(path.read_bytes())
    return f"{patience.__version__}+{sources.hexdigest()[:16]}"


def cached(env, what: str, digest: str, compute: Callable[[], object], *key: object):
    """``compute()`` once per (``what``, spec digest, engine version, ``key``)."""
    folder = Path(env.doctreedir) / "rules-cache"
    name = hashlib.sha256(json.dumps([what, digest, engine_version(), *map(str, key)]).encode()).hexdigest()
    path = folder / f"{what}-{name[:32]}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    value = compute()
    if isinstance(value, dict) and value.get("transient"):
        return value  # ran out of time: a faster run may succeed, so it is not kept
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(value, stream, ensure_ascii=False)
    os.replace(temporary, path)
    return value
