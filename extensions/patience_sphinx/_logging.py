"""Every warning of the extensions is typed ``<extension>.<subtype>``.

Typed warnings can be listed, tested line by line and suppressed one kind at a
time (``suppress_warnings = ["edition.layer"]``). The types and their subtypes:

``edition``
    ``dangling``  a role or directive names a game, passage, note, term or clause
                  that does not exist;
    ``source``    the edition's data under ``source_texts/`` cannot be read;
    ``duplicate`` an object is declared twice;
    ``argument``  a directive's argument or option is malformed;
    ``layer``     a layer module exists but fails on a passage.

``check``
    one subtype per kind of :mod:`patience.consistency` (``check.quotation``, ``check.glossary`` …):
    the edition's data disagree with themselves (see ``patience check``).

``rules``
    ``spec``      a spec cannot be found, read or compiled (the warning names its file and line);
    ``claim``     a claim the spec expects to hold is refuted by the engine (or one marked as a
                  contradiction now holds), or its check is malformed;
    ``example``   an executed example fails or runs out of time;
    ``argument``  a directive's argument is malformed;
    ``play``      what Play runs in the browser cannot be made: the browser runtime (Pyodide)
                  is not installed, the engine's runtime needs more than the standard library,
                  or the memory snapshot Play starts from cannot be made (no Node, or it failed).

``downloads``
    ``make``      a file of the downloads page cannot be made (no font with the old
                  letters for the PDF, say).

``scripts``
    ``bundle``    the pages' JavaScript modules cannot be bundled (esbuild is not installed,
                  or finds a fault in them): the pages go without their scripts.
"""

from __future__ import annotations

from sphinx.util import logging

from patience.findings import KINDS

SUBTYPES = {
    "edition": ("dangling", "source", "duplicate", "argument", "layer"),
    "rules": ("spec", "claim", "example", "argument", "play"),
    "check": KINDS,  # one subtype per kind of consistency check
    "downloads": ("make",),
    "scripts": ("bundle",),
}


class Channel:
    """The warnings of one extension: ``channel.warn(subtype, message, location)``."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.subtypes = SUBTYPES[kind]
        self._logger = logging.getLogger(kind)

    def warn(self, subtype: str, message: str, location=None) -> None:
        """Log a located warning of type ``<kind>.<subtype>``."""
        if subtype not in self.subtypes:
            raise ValueError(f"unknown warning subtype {self.kind}.{subtype!r}")
        self._logger.warning(message, type=self.kind, subtype=subtype, location=location)


edition = Channel("edition")
rules = Channel("rules")
check = Channel("check")
downloads = Channel("downloads")
scripts = Channel("scripts")
warn_edition = edition.warn
warn_rules = rules.warn
warn_check = check.warn


def file_location(path, line: int | None) -> str:
    """``path:line`` for a warning that points into a data file rather than a page."""
    return f"{path}:{line}" if line else f"{path}:"  # the colon keeps Sphinx from reading a docname
