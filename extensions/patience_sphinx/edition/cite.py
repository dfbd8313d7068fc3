"""The "cite" panel of a passage: the suggested citation in every format.

The texts come from :mod:`patience.citation`, the module behind ``patience
cite``, so the panel and the command agree word for word. When the site has no
``html_baseurl`` the URL is relative to the site's root; the page's script makes
it absolute from the address the reader is at.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from patience import citation

from .._logging import warn_edition as warn
from .._html import make

FORMAT_TITLES = {"text": "Suggested citation", "bibtex": "BibTeX", "csl-json": "CSL-JSON", "ris": "RIS"}


def base_url(config) -> str:
    base = config.html_baseurl or ""
    return base if not base or base.endswith("/") else base + "/"


def panel(edition, reference: str, env, config, page: str | None = None, prefix: str = "cite"):
    """``<details>`` holding the citation of ``reference`` (a passage or a range).

    ``page``: the passage's page relative to the site root (default: this page).
    """
    page = page or env.docname + ".html"
    cite = citation.citation(edition, reference, base_url(config), page=page)
    box = make("details", classes=["ed-cite", "no-search"], data_url=cite.url,
               data_absolute="yes" if base_url(config) else "no")
    box += make("summary", nodes.Text("cite"), title=f"Cite passage {cite.label}")
    body = make("div", classes=["ed-cite-body", "language-en"])
    facts = make("dl", classes=["ed-cite-facts"])
    for term, value in (("Passage", cite.label), ("URN", cite.urn), ("URL", cite.url)):
        facts += make("dt", nodes.Text(term))
        facts += make("dd", make("code", nodes.Text(value), classes=[f"ed-cite-{term.lower()}"]))
    body += facts
    for fmt in citation.FORMATS:
        block_id = f"{prefix}.{cite.label}.{fmt}"
        body += make("div", nodes.Text(FORMAT_TITLES[fmt]), classes=["ed-cite-format"])
        # focusable, so that a keyboard user can scroll a long citation
        body += make("pre", nodes.Text(citation.render(cite, fmt)), ids=[block_id], classes=["ed-cite-text"],
                     data_format=fmt, tabindex="0", aria_label=f"{FORMAT_TITLES[fmt]} citation")
        body += make("button", nodes.Text(f"Copy {FORMAT_TITLES[fmt]}"), classes=["ed-copy"], type="button",
                     data_copy=block_id)
    box += body
    return box


class CitationPanel(SphinxDirective):
    """``ed:citation REF``: the cite panel of a passage or a range, open, anywhere.

    The URL points to the page where the (first) passage stands.
    """

    required_arguments = 1

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
        self.env.domains["ed"].note_reference(self.env.docname, "passage", passages[0].id)
        self.env.domains["ed"].note_reference(self.env.docname, "passage", passages[-1].id)
        box = panel(edition, self.arguments[0], self.env, self.config, page=citation.page_of(edition, passages[0]),
                    prefix="citation")
        box["attrs"]["open"] = "open"
        return [box]
