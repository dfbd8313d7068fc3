"""Every warning of the extension is typed ``rules.<subtype>``, so it can be listed and suppressed.

``spec``     a spec cannot be found, read or compiled (the warning names its file and line);
``claim``    a claim the spec expects to hold is refuted by the engine (or one marked as a
             contradiction now holds), or its check is malformed;
``example``  an executed example fails or runs out of time;
``argument`` a directive's argument is malformed;
``play``     what Play runs in the browser cannot be made: the browser runtime (Pyodide)
             is not installed, or the engine's runtime needs more than the standard library.
"""

from __future__ import annotations

from sphinx.util import logging

SUBTYPES = ("spec", "claim", "example", "argument", "play")

_logger = logging.getLogger("rules")


def warn(subtype: str, message: str, location=None) -> None:
    if subtype not in SUBTYPES:
        raise ValueError(f"unknown warning subtype {subtype!r}")
    _logger.warning(message, type="rules", subtype=subtype, location=location)


def spec_location(path, line: int | None) -> str:
    """``path:line`` for a warning that points into a spec file rather than a page."""
    return f"{path}:{line}" if line else f"{path}:"  # the colon keeps Sphinx from reading a docname
