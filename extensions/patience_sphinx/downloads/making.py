"""The downloads made beside the build, in a forked process, while Sphinx reads and checks.

Making every file takes about a second (most of it the PDF's layout), and the page lists
each file with its size and SHA-256, so its table waits for the files. :func:`start`
makes them and returns a :class:`downloads_table` node; the package's ``settle``, when
the page is resolved for writing, puts the table (or the warning) in its place. Where the
page is read in Sphinx's own process (a serial read, as every build after an edit is),
:func:`start` forks a process to make them, and Sphinx reads the other pages and runs its
checks meanwhile. A reader process of a parallel read (a clean build with ``-j``), or a
system without ``fork``, makes them at once. Either way the files, and a record of them
(each file's size and SHA-256, or why they could not be made), are kept beside the
doctrees (:func:`record_of`), and the table is rendered from that record, so both ways
give the same page; a later build that writes the page without reading it again renders
the same record.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path

from docutils import nodes

from patience.corpus import Corpus, load_corpus
from patience.datafile import DataFileError
from patience.export.downloads import Download, write_downloads
from patience.export.fonts import FontError
from patience.output import write_file

from .._state import memory


class downloads_table(nodes.General, nodes.Element):
    """Where the table of the files goes once they are made (``staging``: their folder)."""


def start(env, corpus: Corpus, staging: Path, ceteicean: Path) -> downloads_table:
    """Make the files into ``staging``: in a forked process where that helps, else now."""
    node = downloads_table(staging=str(staging))
    wait(env, staging)  # a second page making them into the same folder: one after the other
    record_of(staging).unlink(missing_ok=True)  # a record from an earlier build says nothing of this one
    known = memory(env)
    if not (known.in_builder_process() and _can_fork()):
        make(staging, corpus.source, corpus.specs_dir, ceteicean)
        return node
    try:  # the layers the checks read too, made once, before the fork
        _ = corpus.glossary, corpus.modern
    except (DataFileError, OSError):
        pass  # the forked process meets the error again, and records it
    executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    jobs = known.for_this_build("downloads", dict)
    jobs[staging] = executor, executor.submit(make, staging, corpus.source, corpus.specs_dir, ceteicean)
    return node


def make(staging: Path, source: Path, specs: Path, ceteicean: Path) -> None:
    """Make every file into ``staging`` and record them, or the error (:func:`record_of`). In the
    forked process the corpus is the build's own: :func:`load_corpus` keeps it per state of its files."""
    try:
        record: dict = {"made": [asdict(item) for item in write_downloads(staging, load_corpus(source, specs),
                                                                          ceteicean)]}
    except (DataFileError, FontError, OSError) as error:
        record = {"error": str(error)}
    write_file(record_of(staging), json.dumps(record, ensure_ascii=False, indent=1) + "\n")


def wait(env, staging: Path | None = None) -> None:
    """Wait for the files being made into ``staging`` in this build (into any folder, by default)."""
    jobs = memory(env).for_this_build("downloads", dict)
    for folder in [folder for folder in jobs if staging in (None, folder)]:
        executor, future = jobs.pop(folder)
        try:
            future.result()  # an unexpected error of the forked process is raised here, as it would be at once
        finally:
            executor.shutdown()


def made(staging: Path) -> list[Download] | str:
    """The files made into ``staging``, as recorded, or the message of the error that stopped them."""
    path = record_of(staging)
    if not path.is_file():
        return f"no record of them in {staging} (was the build stopped while they were made?)"
    record = json.loads(path.read_text(encoding="utf-8"))
    if "error" in record:
        return record["error"]
    return [Download(**item) for item in record["made"]]


def record_of(staging: Path) -> Path:
    """Where the record of the files made into ``staging`` is kept: beside it, not in it (what
    is in it is published)."""
    return staging.with_name(staging.name + ".json")


def _can_fork() -> bool:
    """Fork where it is the platform's way (Linux): macOS's system libraries are not safe to fork."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
