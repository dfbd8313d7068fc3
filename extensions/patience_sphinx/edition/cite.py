"""The "cite" panel of a passage or a range: a disclosure the page script fills.

The page carries only the reference; opening the panel builds the citation in
every format from ``_static/edition-data.js`` (see :mod:`.data`), with the same
words as :mod:`patience.citation` and ``patience cite``. Without the script the
panel gives the command that prints the citation.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from patience import citation

from .._html import make
from .._logging import warn_edition as warn
from .domain import edition_domain


def panel(reference: str, label: str | None = None):
    """``<details>`` that cites ``reference`` (a passage or a range) when opened."""
    box = make("details", classes=["ed-cite", "no-search"], data_ref=reference)
    box += make("summary", nodes.Text("cite"), title=f"Cite passage {label or reference}")
    body = make("div", classes=["ed-cite-body", "language-en"])
    body += make("p", nodes.Text("The citation: "), make("code", nodes.Text(f"patience cite {reference}")))
    box += body
    return box


class CitationPanel(SphinxDirective):
    """``ed:citation REF``: the cite panel of a passage or a range, open, anywhere."""

    required_arguments = 1
    final_argument_whitespace = True  # a range may be written with spaces round its dash

    def run(self):
        from .source import edition_for

        edition = edition_for(self.env, self.get_location())
        if edition is None:
            return []
        try:
            passages = citation.resolve(edition, self.arguments[0])
        except citation.CitationError as error:
            warn("dangling" if "no passage" in str(error) else "argument", str(error), self.get_location())
            return []
        domain = edition_domain(self.env)
        domain.note_reference(self.env.docname, "passage", passages[0].id)
        domain.note_reference(self.env.docname, "passage", passages[-1].id)
        box = panel(citation.label_of(passages))  # the page's script reads FIRST-LAST, not an en dash
        box["attrs"]["open"] = "open"
        return [box]
