"""The edition's objects in ``objects.inv`` as standard labels and terms, for other projects.

The inventory lists every passage, note, clause, game and term under its ``ed:`` type,
which only a project with this domain can use. So that another project links to them
with nothing but intersphinx (``:external+patience:ref:`sultan.end.2```, ``:term:``,
MyST's ``inv:``), each object is listed again as a ``std:label`` named by its anchor
(``sultan.end.2``, ``note-14``, ``clause-sultan.divan``, ``game-sultan``,
``term-marriage``), and each term as a ``std:term``. They are added to the file only,
after Sphinx writes it: as labels of this site they would make every ``any``
reference to an object ambiguous.
"""

from __future__ import annotations

import os
import re
import zlib
from pathlib import Path

from .domain import edition_domain

INVENTORY = "objects.inv"
HEADER_LINES = 4  # "# Sphinx inventory version 2", project, version, "compressed using zlib"


def _shown(objtype: str, name: str, title: str) -> str:
    return re.sub(r"\s+", " ", {"term": title, "game": title, "note": f"note {name}"}.get(objtype, name))


def standard_entries(app) -> list[str]:
    """Inventory lines for every object of the ``ed`` domain as a label, and for every term as a term."""
    lines = []
    for (objtype, name), entry in sorted(edition_domain(app.env).objects.items()):
        uri = f"{app.builder.get_target_uri(entry.docname)}#{entry.anchor}"
        lines.append(f"{entry.anchor} std:label -1 {uri} {_shown(objtype, name, entry.title)}\n")
        if objtype == "term":
            lines.append(f"{name} std:term -1 {uri} {_shown(objtype, name, entry.title)}\n")
    return lines


def add_standard_entries(app, exception) -> None:
    path = Path(app.outdir) / INVENTORY
    if exception is not None or app.builder.format != "html" or not path.is_file():
        return
    lines = path.read_bytes().split(b"\n", HEADER_LINES)
    head, body = b"\n".join(lines[:HEADER_LINES]) + b"\n", lines[HEADER_LINES]
    known = zlib.decompress(body).decode()
    ours = "".join(line for line in standard_entries(app) if line not in known)
    temporary = path.with_name(path.name + ".partial")
    temporary.write_bytes(head + zlib.compress((known + ours).encode(), 9))
    os.replace(temporary, path)


def register(app) -> None:
    app.connect("build-finished", add_standard_entries)
