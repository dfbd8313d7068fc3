"""References into the ``ed`` domain made by directives (not by roles)."""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from .domain import edition_domain


def xref(directive, objtype, target, content, soft=False, explicit=True):
    """A recorded reference to an object of the domain, resolved when the page is written.

    A ``soft`` reference that finds nothing is left as plain text without a warning.
    """
    env = directive.env
    edition_domain(env).note_reference(env.docname, objtype, target)
    ref = addnodes.pending_xref("", content, refdomain="ed", reftype=objtype, reftarget=target, refexplicit=explicit,
                                refdoc=env.docname, ed_soft=soft)
    ref.source, ref.line = directive.get_source_info()
    return nodes.inline("", "", ref)  # a reference must sit in a text element
