"""What other extensions use to put their objects into the ``ed`` domain.

The rules directive (issue 7) declares each clause here and names the passages
it formalizes; the passages then show a link back to the clause, the clause is
reachable with ``{ed:clause}``, and incremental builds rewrite the pages
concerned when a clause or its passages change.

    from patience_sphinx.edition.api import declare, cites, reference

    declare(directive, "clause", "sultan.deal.1", anchor, "Deal eight kings…", spec_hash)
    cites(directive, "clause", "sultan.deal.1", "sultan.end.1")
    node = reference(directive, "passage", "sultan.end.1", nodes.literal("", "sultan.end.1"))
"""

from __future__ import annotations

from .._logging import warn_edition as warn
from .departures import concerning
from .domain import OBJECT_TYPES, Entry, edition_domain, fingerprint
from .refs import xref as reference

__all__ = ["declare", "cites", "reference", "concerning"]


def declare(directive, objtype: str, name: str, anchor: str, title: str, *version: object) -> bool:
    """Declare an object at ``anchor`` on the current page; ``version`` parts make its fingerprint."""
    if objtype not in OBJECT_TYPES:
        warn("argument", f"unknown object type {objtype!r}", directive.get_location())
        return False
    entry = Entry(directive.env.docname, anchor, title, fingerprint(title, *version))
    return edition_domain(directive.env).note_object(objtype, name, entry, directive.get_location())


def cites(directive, objtype: str, name: str, passage_id: str) -> None:
    """The object ``(objtype, name)`` cites a passage: the passage shows a link back to it.

    A passage that does not exist is an ``edition.dangling`` warning once all
    pages are read (the domain's ``check_consistency``).
    """
    domain = edition_domain(directive.env)
    domain.note_backlink(directive.env.docname, ("passage", passage_id), (objtype, name))
