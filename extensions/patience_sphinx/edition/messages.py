"""Every warning of the extension is typed ``edition.<subtype>``.

Typed warnings can be listed, tested line by line and suppressed one kind at a
time (``suppress_warnings = ["edition.layer"]``). The subtypes:

``dangling``  a role or directive names a game, passage, note, term or clause
              that does not exist;
``source``    the edition's data under ``source_texts/`` cannot be read;
``duplicate`` an object is declared twice;
``argument``  a directive's argument or option is malformed;
``layer``     a layer module exists but fails on a passage.
"""

from __future__ import annotations

from sphinx.util import logging

SUBTYPES = ("dangling", "source", "duplicate", "argument", "layer")

_logger = logging.getLogger("edition")


def warn(subtype: str, message: str, location=None) -> None:
    """Log a located warning of type ``edition.<subtype>``."""
    if subtype not in SUBTYPES:
        raise ValueError(f"unknown warning subtype {subtype!r}")
    _logger.warning(message, type="edition", subtype=subtype, location=location)
