"""The edition's data as the extension sees it.

The text model keeps one loaded edition per state of its files, so a long-lived
process (a test session, an autobuild) sees edited files; every page built from
the data declares those files as dependencies, so Sphinx re-reads it when they
change.
"""

from __future__ import annotations

import weakref
from pathlib import Path

from patience.datafile import DataFileError
from patience.text import edition as text_edition
from patience.text import load_edition

from .._logging import warn_edition as warn

_reported: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # env -> errors already warned


def source_dir(env) -> Path:
    configured = env.config.edition_source_texts
    path = Path(configured) if configured else text_edition.source_texts_dir()
    return path if path.is_absolute() else Path(env.srcdir, path)


def data_files(source: Path) -> list[Path]:
    return sorted(p for p in source.rglob("*") if p.is_file() and p.suffix in (".yaml", ".txt", ".toml"))


def edition_for(env, location=None):
    """The loaded edition, or ``None`` after a located ``edition.source`` warning."""
    source = source_dir(env)
    if not source.is_dir():
        warn("source", f"edition_source_texts {source} is not a directory", location)
        return None
    files = data_files(source)
    for path in files:
        env.note_dependency(str(path))
    try:
        edition = load_edition(source)
    except (DataFileError, OSError) as error:
        if isinstance(error, OSError):  # unreadable: permissions, a directory where a file should be
            error = DataFileError(error.filename or source, None, error.strerror or str(error))
        where = f"{error.path}:{error.line}" if error.line else f"{error.path}:"
        seen = _reported.setdefault(env, set())
        if (where, error.message) not in seen:  # once per build, not once per directive
            seen.add((where, error.message))
            warn("source", f"the edition's data cannot be read: {error.message}", where)
        return None
    return edition
