"""The edition's data as the extension sees it: :func:`corpus_for` is the one place that loads it.

:func:`patience.corpus.load_corpus` keeps one loaded corpus per state of its files,
so a long-lived process (a test session, an autobuild) sees edited files; every
page built from the data declares those files as dependencies, so Sphinx re-reads
it when they change. The English is the exception: one file a game
(``english/GAME.yaml``), on which only the pages that show that game's English depend
(:func:`note_english`), so that a translator's edit re-reads those pages alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from patience.corpus import Corpus, load_corpus
from patience.datafile import DataFileError
from patience.rulespec.loading import SPEC_DIR
from patience.text import edition as text_edition
from patience.text.edition import fingerprint, load_edition
from patience.text.english import english_dir, home_file
from patience.text.model import Passage

from .._logging import file_location
from .._logging import warn_edition as warn
from .._state import memory


def source_dir(env) -> Path:
    configured = env.config.edition_source_texts
    path = Path(configured) if configured else text_edition.source_texts_dir()
    return path if path.is_absolute() else Path(env.srcdir, path)


def specs_dir(env) -> Path:
    """``rules_specs_dir`` when the rules extension is loaded, else the engine's ``patience/specs``."""
    configured = env.config.rules_specs_dir if "rules_specs_dir" in env.config else ""
    path = Path(configured) if configured else SPEC_DIR
    return path if path.is_absolute() else Path(env.srcdir, path)


def data_files(source: Path) -> list[Path]:
    """Every data file a page built from the edition depends on: all of them but the English."""
    english = english_dir(source)
    return sorted(p for p in source.rglob("*")
                  if p.is_file() and p.suffix in (".yaml", ".txt", ".toml") and english not in p.parents)


def note_english(env, passages: Iterable[Passage]) -> None:
    """The page under way shows the English of ``passages``: it depends on the files that hold it."""
    folder = english_dir(source_dir(env))
    for stem in sorted({home_file(passage) for passage in passages}):
        if (folder / f"{stem}.yaml").is_file():
            env.note_dependency(str(folder / f"{stem}.yaml"))


def corpus_for(env, location=None) -> Corpus | None:
    """The loaded corpus, or ``None`` after a located ``edition.source`` warning (once per build)."""
    source = source_dir(env)
    if not source.is_dir():
        warn("source", f"edition_source_texts {source} is not a directory", location)
        return None
    known = memory(env)
    noted = known.for_this_build("dependencies", set)
    if (env.docname, source) not in noted:  # once a page and a build is enough for Sphinx
        noted.add((env.docname, source))
        for path in known.for_this_build(("files", source), lambda: data_files(source)):
            env.note_dependency(str(path))
    specs = specs_dir(env)
    try:
        return known.for_this_build(("corpus", source, specs), lambda: load_corpus(source, specs))
    except (DataFileError, OSError) as raised:
        error = as_data_error(raised, source)
        where = file_location(error.path, error.line)
        if memory(env).once(("source", where, error.message)):
            warn("source", f"the edition's data cannot be read: {error.message}", where)
        return None


def data_unreadable(env) -> bool:
    """Whether the edition's data fail to load: then an unresolved reference is a consequence of
    the one ``edition.source`` warning, not news (one YAML error must not bury itself in hundreds)."""
    source = source_dir(env)
    if not source.is_dir():
        return True
    key = ("unreadable", fingerprint(source))
    known = memory(env).facts
    if key not in known:
        try:
            load_edition(source)
            known[key] = False
        except (DataFileError, OSError):
            known[key] = True
    return known[key]


def edition_for(env, location=None):
    """The loaded edition (the text without its layers), or ``None`` after a warning."""
    corpus = corpus_for(env, location)
    return corpus.edition if corpus else None


def as_data_error(error: DataFileError | OSError, source: Path) -> DataFileError:
    """An unreadable file (permissions, a directory where a file should be) as a located error."""
    if isinstance(error, OSError):
        return DataFileError(error.filename or source, None, error.strerror or str(error))
    return error
